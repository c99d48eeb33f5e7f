/**
 * Cutting and connecting in the playouts (bots/playout.ts `cutConnect`, the kernel alike): after the last move,
 * an empty neighbour of it that would touch two different enemy chains or two different own chains is played before
 * any random move; the search turns it on only where there are no 3x3 patterns.
 */
import { describe, expect, it } from 'vitest';
import { LightPlayout } from '../../bots/playout.js';
import { Rng } from '../../src/rng.js';
import { gameFromPosition } from '../helpers/diagram.js';

// A hexagon 1..6 around a centre 7 joined to every corner (no 3x3 pattern fits it); vertex v is index v - 1.
const WHEEL = 'edges 7 1-2 2-3 3-4 4-5 5-6 6-1 1-7 2-7 3-7 4-7 5-7 6-7';
const CENTRE = 6;

/** Black's first playout move for each of 20 seeds, White having just played on 4 (index 3). */
function firstMoves(engine: 'wasm' | 'typescript', cutConnect: boolean, diagram: string): number[] {
  const game = gameFromPosition(WHEEL, diagram, 'area', 1);
  const playout = LightPlayout.forGraph(game.graph, { moveCap: 1, engine });
  playout.tactics = true;
  playout.cutConnect = cutConnect;
  const moves: number[] = [];
  for (let seed = 0; seed < 20; seed++) {
    playout.position.copyFrom(game.position);
    playout.run(new Rng(`cuts ${seed}`), [1, 2], 0, -1, 3);
    moves.push(playout.playedVertex[0]);
  }
  return moves;
}

describe('cutting and connecting in the playouts', () => {
  for (const engine of ['wasm', 'typescript'] as const) {
    it(`${engine}: answers the last move by cutting between two enemy chains, and only with the switch on`, () => {
      // White on 1 and 4: of the empty neighbours of 4 (3, 5 and the centre) only the centre touches both.
      expect(firstMoves(engine, true, 'O..O...')).toEqual(new Array(20).fill(CENTRE));
      // Without it the move is drawn among all five empty vertices.
      expect(new Set(firstMoves(engine, false, 'O..O...')).size).toBeGreaterThan(1);
    });

    it(`${engine}: connects two own chains next to the last move`, () => {
      // Black on 1 and 3, White's last stone on 4: vertex 2 joins Black's two stones but is not next to 4; the
      // centre is (it touches 1, 3 and 4), so the centre is played.
      expect(firstMoves(engine, true, 'X.XO...')).toEqual(new Array(20).fill(CENTRE));
    });

    it(`${engine}: with nothing to cut or connect next to the last move, plays as without`, () => {
      // One white stone: no neighbour of it touches two chains of either colour.
      expect(firstMoves(engine, true, '...O...')).toEqual(firstMoves(engine, false, '...O...'));
    });
  }
});
