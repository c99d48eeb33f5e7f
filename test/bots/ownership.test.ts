/**
 * Ownership and the status of chains at the end (bots/ownership.ts) on small diagrams whose answer is not in doubt:
 * a lone stone inside the other colour's area is dead, a group with two eyes lives even inside that area, a pair of
 * eyeless chains sharing two liberties is in seki; on a square grid, on a torus (no edges) and on a graph given by
 * its links. Also: the estimate is a function of the position and its seed, each vertex's shares add up to one, and
 * graphs with arcs and more than two colours work.
 */
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_OWNERSHIP_PLAYOUTS,
  MIN_OWNERSHIP_PLAYOUTS,
  defaultOwnershipPlayouts,
  estimateOwnership,
  judgeDeadStones,
  type ChainStatus,
} from '../../bots/ownership.js';
import type { Game } from '../../src/game.js';
import { vertexName } from '../../src/notation.js';
import { gameFromDiagram, gameFromPosition } from '../helpers/diagram.js';

/** Each chain as `status: names` (names in index order), so a failure shows the whole judgement. */
function statuses(game: Game): string[] {
  return judgeDeadStones(game).chains.map((c) => `${c.status}: ${c.vertices.map((v) => vertexName(game.graph, v)).join(' ')}`);
}

function withStatus(game: Game, status: ChainStatus): string[] {
  return judgeDeadStones(game)
    .chains.filter((c) => c.status === status)
    .map((c) => c.vertices.map((v) => vertexName(game.graph, v)).join(' '));
}

/** A lattice position from text rows, top row first (as a board is drawn), in index order. */
function latticePosition(rows: string): string {
  return rows
    .trim()
    .split('\n')
    .map((r) => r.replace(/\s+/g, ''))
    .reverse()
    .join('');
}

describe('dead, alive and seki on a square grid', () => {
  it('lists a lone stone in the opponent area as dead and a group with two eyes inside that area as alive', () => {
    // Black owns the top behind row 7. Inside White's area below row 6, Black's corner group has two eyes (A1, C1)
    // and Black's stone at G4 is alone.
    const game = gameFromDiagram(`
      . . . . . . . . .
      . . . . . . . . .
      X X X X X X X X X
      O O O O O O O O O
      . . . . . . . . .
      . . . . . . X . .
      O O O O O O O O O
      X X X X O . . . .
      . X . X O . . . .`);
    expect(statuses(game)).toEqual([
      'alive: B1 D1 A2 B2 C2 D2',
      'alive: E1 E2 A3 B3 C3 D3 E3 F3 G3 H3 J3',
      'dead: G4',
      'alive: A6 B6 C6 D6 E6 F6 G6 H6 J6',
      'alive: A7 B7 C7 D7 E7 F7 G7 H7 J7',
    ]);
    const judged = judgeDeadStones(game).chains.find((c) => c.status === 'dead')!;
    expect(judged.owner).toBe(2);
  });

  it('finds the seki of two eyeless chains, with the walls around them alive and a dead stone dead', () => {
    // Black B9 B8 A8 (eye A9) and White C8..F8 D9 F9 (eye E9) share C9, which neither may fill: seki. Black's outer
    // wall has two eyes (H9-J9, H7-J7); White owns the bottom, where Black's E4 is dead.
    const game = gameFromDiagram(`
      . X . O . O X . .
      X X O O O O X X X
      O O X X X X X . .
      O O X X X X X X X
      O O O O O O O O O
      . . . . X . . . .
      O O O O O O O O O
      . . . . . . . . .
      . . . . . . . . .`);
    expect(withStatus(game, 'seki')).toEqual(['A8 B8 B9', 'C8 D8 E8 F8 D9 F9']);
    expect(withStatus(game, 'dead')).toEqual(['E4']);
    expect(withStatus(game, 'alive')).toHaveLength(3);
    // The shared liberty stays empty and nobody's under the tactical policy; the eyes belong to their groups.
    const { tactical } = judgeDeadStones(game);
    const c9 = 8 * 9 + 2;
    expect(tactical.share(c9, 0)).toBeGreaterThan(0.5);
    expect(tactical.share(8 * 9 + 0, 1)).toBeGreaterThan(0.5);
  });

  it('is a function of the position and the seed, and the shares of a vertex add up to one', () => {
    const game = gameFromDiagram(`
      . . X O .
      . . X O .
      . X X O O
      . X O . .
      . X O . X`);
    const a = estimateOwnership(game, { playouts: 200 });
    const b = estimateOwnership(game, { playouts: 200 });
    expect(Array.from(a.shares)).toEqual(Array.from(b.shares));
    const c = estimateOwnership(game, { playouts: 200, seed: 'another' });
    expect(Array.from(c.shares)).not.toEqual(Array.from(a.shares));
    for (let v = 0; v < game.graph.n; v++) expect(a.share(v, 0) + a.share(v, 1) + a.share(v, 2)).toBeCloseTo(1, 12);
  });

  it('spends at most a 19x19 estimate on larger boards: fewer playouts, never below the floor', () => {
    expect(defaultOwnershipPlayouts(81)).toBe(DEFAULT_OWNERSHIP_PLAYOUTS);
    expect(defaultOwnershipPlayouts(361)).toBe(DEFAULT_OWNERSHIP_PLAYOUTS);
    expect(defaultOwnershipPlayouts(722)).toBe(DEFAULT_OWNERSHIP_PLAYOUTS / 2);
    expect(defaultOwnershipPlayouts(40_000)).toBe(MIN_OWNERSHIP_PLAYOUTS);
    expect(estimateOwnership(gameFromDiagram('. X\nO .')).playouts).toBe(DEFAULT_OWNERSHIP_PLAYOUTS);
    // 20x20 is past 19x19: floor(1000 x 361 / 400) playouts when none are asked for.
    expect(estimateOwnership(gameFromPosition('grid 20 20', '.'.repeat(400))).playouts).toBe(902);
  });
});

describe('dead, alive and seki on other graphs', () => {
  it('on a torus: walls that close around it live, a stone in the other band is dead', () => {
    // torus 7 8: Black's walls on rows 1 and 6 enclose rows 7-8 (row 8 wraps to row 1); White's on rows 2 and 5
    // enclose rows 3-4, where Black's D3 is dead.
    const game = gameFromPosition(
      'torus 7 8',
      latticePosition(`
        .......
        .......
        1111111
        2222222
        .......
        ...1...
        2222222
        1111111`),
    );
    expect(statuses(game)).toEqual([
      'alive: A1 B1 C1 D1 E1 F1 G1',
      'alive: A2 B2 C2 D2 E2 F2 G2',
      'dead: D3',
      'alive: A5 B5 C5 D5 E5 F5 G5',
      'alive: A6 B6 C6 D6 E6 F6 G6',
    ]);
  });

  it('on a graph given by its links: a seki of single stones, between two groups with two eyes each', () => {
    // Black 1-2-3 with eyes 4 and 5, White 6-7-8 with eyes 9 and 10. White 11 touches Black's 2, Black 12 touches
    // White's 7, and 11 and 12 share their only liberties 13 and 14.
    const graph = 'edges 14 1-2 2-3 4-1 5-3 6-7 7-8 9-6 10-8 11-2 11-13 11-14 12-7 12-13 12-14';
    const game = gameFromPosition(graph, '111..222..21..');
    expect(statuses(game)).toEqual(['alive: 1 2 3', 'alive: 6 7 8', 'seki: 11', 'seki: 12']);
    // The light policy alone reads the pair as a coin flip: whoever fills 13 or 14 first is taken.
    const light = estimateOwnership(game);
    expect(light.share(10, 2)).toBeGreaterThan(0.2);
    expect(light.share(10, 2)).toBeLessThan(0.8);
  });

  it('with arcs (regions in the underlying graph) and with three colours', () => {
    const arcs = gameFromPosition('edges 6 1-2 2-3 3-4 4-5 5-6 6>1 2>5', '.1..2.');
    const estimate = estimateOwnership(arcs, { playouts: 100 });
    for (let v = 0; v < 6; v++) expect(estimate.share(v, 0) + estimate.share(v, 1) + estimate.share(v, 2)).toBeCloseTo(1, 12);

    // Colours 1 and 2 have two eyes each (4 and 5, 9 and 10); colour 3's stone 11 has one liberty, 12, which only
    // colour 2 may fill (for colour 1 it would be suicide), capturing it.
    const three = gameFromPosition('edges 12 1-2 2-3 4-1 5-3 6-7 7-8 9-6 10-8 11-7 11-12 12-7', '111..222..3.', 'netgo colors=3');
    const judged = judgeDeadStones(three).chains;
    expect(judged.map((c) => `${c.status} ${c.color}>${c.owner}`)).toEqual(['alive 1>1', 'alive 2>2', 'dead 3>2']);
  });
});
