/**
 * The learned prior's move features (bots/move-features.ts) on a small diagram, the shape codes' symmetry, and
 * the prior's values (bots/learned-prior.ts): the model rates a capture above every other move and a self-atari
 * below an even move, and gives mirrored moves of mirrored boards the same value.
 */
import { describe, expect, it } from 'vitest';
import { BoardLines } from '../../bots/board-lines.js';
import { LearnedPrior } from '../../bots/learned-prior.js';
import { canonicalShape, FEATURE_GROUP_COUNT, FEATURE_GROUPS, MoveFeatures, transformShape } from '../../bots/move-features.js';
import { LATTICE_MODEL } from '../../bots/prior-model.js';
import { SquarePatterns } from '../../bots/patterns.js';
import { gameFromDiagram, vx } from '../helpers/diagram.js';

const BLACK = 1;
const WHITE = 2;

// Black's B3-C3 is in atari (its one liberty C2); White's A3 has two liberties (A4, A2).
const DIAGRAM = `
  . . . . .
  . O O . .
  O X X O .
  . O . . .
  . . . . .`;

function featuresOf(name: string, color: number, last = '', secondLast = ''): Record<string, number> {
  const game = gameFromDiagram(DIAGRAM, 'area');
  const g = game.graph;
  const features = new MoveFeatures(g.n, SquarePatterns.forGraph(g), BoardLines.forGraph(g));
  features.prepare(game.position, last === '' ? -1 : vx(game, last), secondLast === '' ? -1 : vx(game, secondLast));
  const out = new Int32Array(FEATURE_GROUP_COUNT);
  features.compute(game.position, vx(game, name), color, out);
  return Object.fromEntries(FEATURE_GROUPS.map((group, k) => [group, out[k]]));
}

describe('move features', () => {
  it('a capture of two stones, and the escape of those stones to two liberties', () => {
    expect(featuresOf('C2', WHITE)).toMatchObject({ capture: 2, escape: 0, selfAtari: 0 });
    // Saving a chain of two stones (3 +) with two liberties after: D2 and C1.
    expect(featuresOf('C2', BLACK)).toMatchObject({ capture: 0, escape: 5, selfAtari: 0 });
  });

  it('a single stone put into atari that ataris a single stone; a cut between two chains', () => {
    expect(featuresOf('A2', BLACK)).toMatchObject({ selfAtari: 1, atari: 1, capture: 0 });
    // D4 touches White's B4-C4 chain and White's D3: a cut for Black, nothing to join.
    expect(featuresOf('D4', BLACK)).toMatchObject({ cutConnect: 1 });
    // For White it joins those two chains.
    expect(featuresOf('D4', WHITE)).toMatchObject({ cutConnect: 2 });
  });

  it('distances to the last two moves along the edges, far beyond 3', () => {
    expect(featuresOf('D1', BLACK, 'D3', 'A4')).toMatchObject({ lastDistance: 2, secondDistance: 4 });
    expect(featuresOf('E4', BLACK, 'D3', 'A4')).toMatchObject({ lastDistance: 2, secondDistance: 4 });
    expect(featuresOf('B5', BLACK, 'D3', 'A4')).toMatchObject({ lastDistance: 4, secondDistance: 2 });
    expect(featuresOf('B5', BLACK)).toMatchObject({ lastDistance: 4, secondDistance: 4 });
  });

  it('the line from the edge, with an empty neighbourhood on top', () => {
    // A5: first line, White's A3 two steps away. E1: first line, no stone within two steps (4 + 1).
    expect(featuresOf('A5', BLACK).line).toBe(1);
    expect(featuresOf('E1', BLACK).line).toBe(5);
    expect(featuresOf('C2', BLACK).line).toBe(2);
  });

  it('shape codes fold their eight symmetries into one', () => {
    for (const code of [0b0001_0010_0000_0011, 0b1000_0000_0100_0001, 0x1234, 0xfedc]) {
      // A quarter turn moves every state two places round the ring (four bits).
      const turned = ((code << 4) | (code >>> 12)) & 0xffff;
      expect(canonicalShape(turned)).toBe(canonicalShape(code));
      // A reflection keeps north and south and swaps the sides.
      let mirrored = 0;
      for (let k = 0; k < 8; k++) mirrored |= ((code >> (2 * k)) & 3) << (2 * ((8 - k) & 7));
      expect(canonicalShape(mirrored)).toBe(canonicalShape(code));
    }
    expect(canonicalShape(0b01)).not.toBe(canonicalShape(0b10));
  });

  it('the wide shape adds the four points two steps away along the lines, off the board included', () => {
    // C2 for Black, in the ring's order (its first point is the neighbour towards row 1, then clockwise as the
    // diagram shows it): two steps towards row 1 is off the board (3), E2 empty (0), C4 White's (2), A2 empty (0).
    const black = featuresOf('C2', BLACK);
    expect(black.wideShape & 0xffff).toBe(black.shape);
    expect(black.wideShape >>> 16).toBe(3 | (0 << 2) | (2 << 4) | (0 << 6));
    // For White, C4 is its own stone (1).
    expect(featuresOf('C2', WHITE).wideShape >>> 16).toBe(3 | (1 << 4));
  });

  it('wide shape codes turn and mirror the far points with the ring', () => {
    // North far point own (1), north neighbour enemy (2): a quarter turn clockwise puts both in the east.
    const northward = 2 | (1 << 16);
    expect(transformShape(northward, 0)).toBe(northward);
    const turns = [0, 1, 2, 3].map((index) => transformShape(northward, index));
    expect(new Set(turns).size).toBe(4);
    expect(turns).toContain((2 << 4) | (1 << 18));
    // A reflection keeps north, and swaps east and west.
    expect(transformShape(northward, 4)).toBe(northward);
    const eastward = (2 << 4) | (1 << 18);
    expect(transformShape(eastward, 4)).toBe((2 << 12) | (1 << 22));
    expect(canonicalShape(northward)).toBe(canonicalShape(eastward));
    // The far point stays with its own direction: north neighbour with an east far point is another shape.
    expect(canonicalShape(2 | (1 << 18))).not.toBe(canonicalShape(northward));
  });
});

describe('the learned prior', () => {
  it('rates the capture among the two likeliest moves and the self-atari under an even move', () => {
    const game = gameFromDiagram(DIAGRAM, 'area');
    const g = game.graph;
    const prior = new LearnedPrior(g, SquarePatterns.forGraph(g), BoardLines.forGraph(g), 0.4);
    const empties = Array.from({ length: g.n }, (_, v) => v).filter((v) => game.position.color[v] === 0);
    const probabilities = new Float64Array(g.n);
    prior.probabilities(game.position, empties, empties.length, WHITE, vx(game, 'D3'), -1, probabilities);
    const shares = Array.from(probabilities.subarray(0, empties.length));
    expect(shares.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
    // The capture of two stones at C2, and the point beside it that blocks the same way out, share most of the
    // model's belief (the model learnt Pachi's pattern engine, which rates both highly); every other move far less.
    const capture = shares[empties.indexOf(vx(game, 'C2'))];
    expect(capture).toBeGreaterThan(0.25);
    expect(shares.filter((p) => p > capture).length).toBeLessThanOrEqual(1);
    const values = new Float64Array(g.n);
    prior.values(game.position, empties, empties.length, WHITE, vx(game, 'D3'), -1, values);
    expect(values[empties.indexOf(vx(game, 'C2'))]).toBeGreaterThan(0.7);
    prior.values(game.position, empties, empties.length, BLACK, vx(game, 'D3'), -1, values);
    expect(values[empties.indexOf(vx(game, 'A2'))]).toBeLessThan(0.5);
    for (const v of values.subarray(0, empties.length)) expect(v > 0.1 && v < 0.9).toBe(true);
  });

  it('gives a move on a mirrored board the value of the mirrored move', () => {
    expect(LATTICE_MODEL.wideShapes.length).toBeGreaterThan(0);
    const rows = [
      '. . . . . . .',
      '. . O . . . .',
      '. X X O . . .',
      '. . X O . . .',
      '. . . . X . .',
      '. . . . . . .',
      '. . . . . . .',
    ];
    const mirrored = rows.map((row) => row.split(' ').reverse().join(' '));
    const valuesOf = (diagram: string[]) => {
      const game = gameFromDiagram(diagram.join('\n'), 'area');
      const g = game.graph;
      const prior = new LearnedPrior(g, SquarePatterns.forGraph(g), BoardLines.forGraph(g), 0.4);
      const empties = Array.from({ length: g.n }, (_, v) => v).filter((v) => game.position.color[v] === 0);
      const values = new Float64Array(g.n);
      prior.values(game.position, empties, empties.length, WHITE, -1, -1, values);
      const byVertex = new Float64Array(g.n).fill(-1);
      empties.forEach((v, k) => (byVertex[v] = values[k]));
      return byVertex;
    };
    const straight = valuesOf(rows);
    const flipped = valuesOf(mirrored);
    let differentValues = 0;
    for (let v = 0; v < 49; v++) {
      const x = v % 7;
      const w = v - x + (6 - x);
      expect(flipped[w]).toBeCloseTo(straight[v], 12);
      if (Math.abs(straight[v] - straight[w]) > 1e-9) differentValues++;
    }
    // The board itself is not symmetric, so the test compares moves whose values differ.
    expect(differentValues).toBeGreaterThan(10);
  });
});
