import { describe, expect, it } from 'vitest';
import { diagramOf, gameFromDiagram, gameFromPosition, normalizeDiagram, vx } from '../helpers/diagram.js';

describe('the diagram helper', () => {
  it('reads the top text row as the highest board row, X as colour 1 and O as colour 2', () => {
    const game = gameFromDiagram(`
      X .
      . O
    `);
    // Index order starts at A1 (bottom left): A1 empty, B1 white, A2 black, B2 empty.
    expect(game.state().position).toBe('.21.');
    expect(game.position.color[vx(game, 'A2')]).toBe(1);
    expect(game.position.color[vx(game, 'B1')]).toBe(2);
  });

  it('prints the board back in the same layout, digits 1 and 2 normalised to X and O', () => {
    const game = gameFromDiagram(`
      1 . 3
      . 2 .
    `, 'area colors=3');
    // The text round-trips through the board: same rows, same order, canonical characters.
    expect(diagramOf(game)).toBe(normalizeDiagram(`
      X.3
      .O.
    `));
  });

  it('builds any graph from a position string in index order, with the colour to move', () => {
    const game = gameFromPosition('path 3', '1.2', 'area', 2);
    // Vertex 1 is index 0; a non-lattice graph is shown as its position string.
    expect(diagramOf(game)).toBe('1.2');
    expect(game.toMove).toBe(2);
  });
});
