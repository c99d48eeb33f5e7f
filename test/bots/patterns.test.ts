/**
 * MoGo's 3x3 patterns: which graphs get them, single shapes matched in every orientation and colour, shapes that
 * must not match, and the playout playing the one pattern move next to the last move before any random move.
 */
import { describe, expect, it } from 'vitest';
import { SquarePatterns } from '../../bots/patterns.js';
import { LightPlayout } from '../../bots/playout.js';
import { parseGraphSpec } from '../../src/families.js';
import type { Graph } from '../../src/graph.js';
import { Position } from '../../src/position.js';
import { Rng } from '../../src/rng.js';
import { parseDiagram } from '../helpers/diagram.js';

function graph(spec: string): Graph {
  const built = parseGraphSpec(spec);
  if (!built.ok) throw built.error;
  return built.value;
}

/** A position on `grid W H` from a diagram (top row first), and the vertex of the cell marked `*` (empty). */
function board(text: string): { p: Position; star: number } {
  const rows = text.trim().split('\n').map((r) => r.trim());
  const h = rows.length;
  const w = rows[0].length;
  let star = -1;
  const clean = rows.map((r, y) => {
    const x = r.indexOf('*');
    if (x >= 0) star = (h - 1 - y) * w + x;
    return r.replace('*', '.');
  });
  const p = new Position(graph(`grid ${w} ${h}`));
  parseDiagram(clean.join('\n')).forEach((row, y) =>
    row.forEach((c, x) => {
      if (c !== 0) p.play((h - 1 - y) * w + x, c, true);
    }),
  );
  return { p, star };
}

function swapColours(text: string): string {
  return text.replace(/X/g, 'x').replace(/O/g, 'X').replace(/x/g, 'O');
}

/** The diagram turned a quarter (rows become columns), to check orientation independence. */
function rotate(text: string): string {
  const rows = text.trim().split('\n').map((r) => r.trim());
  return Array.from(rows[0], (_, x) => rows.map((r) => r[x]).reverse().join('')).join('\n');
}

function matches(text: string): boolean {
  const { p, star } = board(text);
  const patterns = SquarePatterns.forGraph(p.graph)!;
  return patterns.matches(p, star);
}

describe('which graphs have square patterns', () => {
  it('grids and tori do; king, triangular, hex boards and cycles do not', () => {
    for (const spec of ['grid 9 9', 'grid 5 3', 'torus 9 9']) expect(SquarePatterns.forGraph(graph(spec)), spec).not.toBeNull();
    for (const spec of ['king 9 9', 'tri 5 5', 'hex 4', 'cycle 12', 'petersen']) {
      expect(SquarePatterns.forGraph(graph(spec)), spec).toBeNull();
    }
  });
});

describe('pattern shapes', () => {
  const shapes: Record<string, string> = {
    'enclosing hane': `
      .....
      .XOX.
      ..*..
      .....
      .....`,
    'unprotected cut': `
      .....
      .XO..
      .O*..
      .....
      .....`,
    'edge chase': `
      .....
      .....
      .....
      .X...
      .O*..`,
  };
  for (const [name, text] of Object.entries(shapes)) {
    it(`${name}: in all four orientations and both colourings`, () => {
      let t = text;
      for (let r = 0; r < 4; r++) {
        expect(matches(t), `${name} rotated ${r}`).toBe(true);
        expect(matches(swapColours(t)), `${name} rotated ${r}, colours swapped`).toBe(true);
        t = rotate(t);
      }
    });
  }

  it('no match on an empty board, next to a lone stone, or for a protected cut', () => {
    expect(matches(`
      .....
      .....
      ..*..
      .....
      .....`)).toBe(false);
    expect(matches(`
      .....
      .X...
      ..*..
      .....
      .....`)).toBe(false);
    // The cut shape XO/O. with the far corner X: still a cut (peeped), but with both corners O it is protected.
    expect(matches(`
      .....
      .XO..
      .O*O.
      ..O..
      .....`)).toBe(false);
  });
});

describe('pattern moves in playouts', () => {
  it('answer the last move with a pattern move next to it, before any random move', () => {
    // White just played the O between the two X; the point below it (*) makes black's enclosing hane, and the two
    // points diagonally below the O make hane shapes too. Every first playout move must be one of those.
    const { p, star } = board(`
      .......
      .......
      ..XOX..
      ...*...
      .......
      .......
      .......`);
    const patterns = SquarePatterns.forGraph(p.graph)!;
    const last = star + 7; // the O just above the star
    let patternPoints = 0;
    for (let k = 0; k < 8; k++) {
      const v = patterns.ring[8 * last + k];
      if (v >= 0 && p.color[v] === 0 && patterns.matches(p, v)) patternPoints++;
    }
    expect(patternPoints).toBeGreaterThanOrEqual(1);
    const work = new Position(p.graph);
    const playout = new LightPlayout(work);
    playout.tactics = true;
    playout.patterns = patterns;
    const firstMoves = new Set<number>();
    for (let seed = 0; seed < 40; seed++) {
      work.copyFrom(p);
      playout.run(new Rng(seed), [1, 2], 0, -1, last);
      const first = playout.playedVertex[0];
      expect(patterns.matches(p, first), `seed ${seed}: first move ${first} is not a pattern move`).toBe(true);
      firstMoves.add(first);
    }
    expect(firstMoves.has(star)).toBe(true);
    // Without patterns the first move is random: it lands elsewhere for most seeds.
    playout.patterns = null;
    let elsewhere = 0;
    for (let seed = 0; seed < 40; seed++) {
      work.copyFrom(p);
      playout.run(new Rng(seed), [1, 2], 0, -1, last);
      if (!patterns.matches(p, playout.playedVertex[0])) elsewhere++;
    }
    expect(elsewhere).toBeGreaterThan(30);
  });
});
