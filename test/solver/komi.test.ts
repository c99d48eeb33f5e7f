/**
 * The komi of a graph (seed 000; docs/solver.md, "What is solved"): the largest integer K such that black, moving
 * first, wins under the famine rules with komi K. Checked against the naive full minimax on tiny graphs, for
 * monotonicity in K, and the enumeration of connected graphs that the komi table runs over.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { connectedGraphs, edgesSpec } from '../../src/solver/graph-enumeration.js';
import { expandFamily } from '../../src/solver/family-range.js';
import { Solver } from '../../src/solver/search.js';
import { komiCandidates, komiOfGraph, startRoot } from '../../src/solver/solve.js';
import { NaiveGame, naiveBoardOf, naiveRulesOf } from '../perft/naive-go.js';
import { naiveSolve } from './naive-minimax.js';
import { graphOf, rulesOf } from './helpers.js';

const FAMINE = rulesOf('famine');

function naiveKomi(spec: string, from: number, to: number): number {
  const graph = graphOf(spec);
  let komi = from - 1;
  for (let k = from; k <= to; k++) {
    const v = naiveSolve(NaiveGame.start(naiveBoardOf(graph), naiveRulesOf({ ...FAMINE, komi: k }))).value;
    if (v > 0) komi = k;
  }
  return komi;
}

describe('komi of a graph', () => {
  it('equals the naive minimax on tiny graphs', () => {
    for (const spec of ['path 1', 'path 2', 'path 3', 'edges 3 1-2', 'edges 3 1>2 2-3', 'edges 3 1>2 2>3 3>1']) {
      const report = komiOfGraph(graphOf(spec), FAMINE);
      expect(report.status).toBe('solved');
      expect({ spec, komi: report.komi }).toEqual({ spec, komi: naiveKomi(spec, -2, 2) });
    }
  });

  it('values of small families', () => {
    const komi = (spec: string) => komiOfGraph(graphOf(spec), FAMINE, {}, false).komi;
    expect(['path 1', 'path 2', 'path 3', 'path 4', 'path 5', 'path 6'].map(komi)).toEqual([-1, -1, 0, 1, -1, 0]);
    expect(['cycle 3', 'cycle 4', 'cycle 5'].map(komi)).toEqual([-1, 0, -1]);
    expect(komi('grid 2 2')).toBe(0);
    expect(komi('star 5')).toBe(2);
  });

  it('the winner is monotone in the komi', () => {
    for (const spec of ['cycle 4', 'star 4', 'grid 2 2', 'edges 4 1-2 2-3 3-4 4>1']) {
      const solver = new Solver(graphOf(spec), FAMINE);
      const winners = [-3, -2, -1, 0, 1, 2, 3].map((k) => solver.solve(startRoot(FAMINE, k)).value);
      const firstWhite = winners.indexOf(-1);
      expect(winners.every((v, i) => (firstWhite < 0 || i < firstWhite ? v === 1 : v === -1))).toBe(true);
    }
  });

  it('limits end with unknown and the bounds known so far', () => {
    const report = komiOfGraph(graphOf('grid 3 3'), FAMINE, { maxNodes: 2000 });
    expect(report.status).toBe('unknown');
    expect(report.komi).toBeNull();
    expect(report.reason).toBe('max-nodes');
  });

  it('the proven interval at a limit: [komiLow, komiHigh] from the black and white wins', () => {
    // Alpha-beta's node counts (df-pn settles komis 0 and 1 within 60 nodes).
    const report = komiOfGraph(graphOf('path 4'), FAMINE, { method: 'alphabeta', maxNodes: 60 }, false);
    expect(report.status).toBe('unknown');
    expect(report.blackWinsAt).toBe(0);
    expect(report.komiLow).toBe(0);
    expect(report.komiHigh).toBeNull();
    const full = komiOfGraph(graphOf('path 4'), FAMINE, {}, false);
    expect(full).toMatchObject({ status: 'solved', komi: 1, komiLow: 1, komiHigh: 1, blackWinsAt: 1, whiteWinsAt: 2 });
  });

  it('the candidates: the plain gallop or bisection point first, then the others of the open interval', () => {
    // No bound yet: 0 and ±1 first, then farther out, where a hard graph often has a cheap first bound.
    expect(komiCandidates(null, null, 1, -1)).toEqual([0, 1, -1, 2, -2, 4, -4, 8, -8]);
    // Galloping up from a black win at 3 towards 7: 7 first, then 4 and 5 below it, and 11, 19 and 35 beyond.
    expect(komiCandidates(3, null, 7, -1)).toEqual([7, 4, 5, 11, 19, 35]);
    expect(komiCandidates(null, 0, 1, -3)).toEqual([-3, -1, -2, -6, -12, -24]);
    // Bisection: the middle first, then every open komi by distance from it.
    expect(komiCandidates(3, 7, 0, 0)).toEqual([5, 4, 6]);
    expect(komiCandidates(0, 2, 0, 0)).toEqual([1]);
    expect(komiCandidates(0, 1, 0, 0)).toEqual([]);
    expect(komiCandidates(0, 100, 0, 0)).toEqual([50, 25, 75, 13, 38, 63, 88]);
  });

  it('a hard komi does not stall the search: komis take turns with slices that double', () => {
    // Path 6 from a cold table, by alpha-beta: komi 1 and komi 2 each need more than 100,000 nodes (df-pn: a few
    // thousand, too few to show the slices). With a first slice of 20,000 nodes, komi 1 (the gallop's next komi)
    // gets 20,000, then the komis beyond it half each: 2 and 4 do not fit, white wins at 8, and in the interval that
    // leaves, 3 does not fit and white wins at 5. The next round bisects 0..4 with twice the slices (2 first, with the
    // whole slice), and so on until one fits; every solve that does not fit stops at exactly its slice.
    const report = komiOfGraph(graphOf('path 6'), FAMINE, { method: 'alphabeta' }, false, { firstSlice: 20000 });
    expect(report.komi).toBe(0);
    const order = report.solves.map((s) => [s.komi, s.value, s.slice]);
    expect(order.slice(0, 9)).toEqual([
      [0, 1, 20000],
      [1, null, 20000],
      [2, null, 10000],
      [4, null, 10000],
      [8, -1, 10000],
      [3, null, 10000],
      [5, -1, 10000],
      [2, null, 40000],
      [1, null, 20000],
    ]);
    for (const s of report.solves) if (s.value === null) expect(s.nodes).toBe(s.slice);
    expect(report.solves.slice(-1).map((s) => [s.komi, s.value])).toEqual([[1, -1]]);
    expect(report.solves.some((s) => s.komi === 2 && s.value === -1)).toBe(true);
  });

  it('no bound near 0: farther komis give the first proved interval', () => {
    // Wheel 5 by df-pn from a cold table with slices of 100 nodes: komis 0, 1 and -1 do not fit, nor do 2, -2, 4,
    // -4 and 8, but black wins at -8 within the first round, and the interval closes in from there.
    const report = komiOfGraph(graphOf('wheel 5'), FAMINE, { maxNodes: 3000 }, false, { firstSlice: 100 });
    expect(report.solves.slice(0, 9).map((s) => s.komi)).toEqual([0, 1, -1, 2, -2, 4, -4, 8, -8]);
    expect(report.solves.slice(0, 8).every((s) => s.value === null)).toBe(true);
    expect(report.solves[8].value).toBe(1);
    const komi = komiOfGraph(graphOf('wheel 5'), FAMINE, {}, false).komi as number;
    expect(report.status).toBe('unknown');
    expect(report.komiLow).not.toBeNull();
    expect(report.komiHigh).not.toBeNull();
    expect(report.komiLow as number).toBeLessThanOrEqual(komi);
    expect(report.komiHigh as number).toBeGreaterThanOrEqual(komi);
  });

  it('exact whatever the slices: tiny slices give the same komi as plain bisection', () => {
    for (const spec of ['path 4', 'path 5', 'cycle 4', 'star 5', 'grid 2 2', 'edges 4 1-2 2-3 3-4 4>1']) {
      const plain = komiOfGraph(graphOf(spec), FAMINE, {}, false).komi;
      const sliced = komiOfGraph(graphOf(spec), FAMINE, {}, false, { firstSlice: 16 });
      expect({ spec, komi: sliced.komi }).toEqual({ spec, komi: plain });
      expect(sliced.komiLow).toBe(plain);
      expect(sliced.komiHigh).toBe(plain);
    }
  });

  it('is defined for famine-like rules only', () => {
    expect(() => komiOfGraph(graphOf('path 3'), rulesOf('area'))).toThrow(/paid passes/);
  });
});

/** The least edge mask over all n! relabellings: a canonical form independent of the enumerator's degree classes. */
function fullCanonicalForm(n: number, edges: readonly (readonly [number, number])[]): number {
  const bit = (u: number, v: number) => (u < v ? u * n + v : v * n + u);
  const perm = Array.from({ length: n }, (_, v) => v);
  let best = Infinity;
  const visit = (k: number): void => {
    if (k === n) {
      let image = 0;
      for (const [u, v] of edges) image += 2 ** bit(perm[u], perm[v]);
      best = Math.min(best, image);
      return;
    }
    for (let i = k; i < n; i++) {
      [perm[k], perm[i]] = [perm[i], perm[k]];
      visit(k + 1);
      [perm[k], perm[i]] = [perm[i], perm[k]];
    }
  };
  visit(0);
  return best;
}

function isConnected(n: number, edges: readonly (readonly [number, number])[]): boolean {
  const reached = new Set([0]);
  for (let grown = true; grown; ) {
    grown = false;
    for (const [u, v] of edges) {
      if (reached.has(u) !== reached.has(v)) {
        reached.add(u).add(v);
        grown = true;
      }
    }
  }
  return reached.size === n;
}

describe('connected graphs up to isomorphism', () => {
  it('1, 1, 2, 6, 21, 112, 853, 11117 of them on 1..8 vertices (OEIS A001349)', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((n) => connectedGraphs(n).length)).toEqual([1, 1, 2, 6, 21, 112, 853, 11117]);
  });
  it('connected and pairwise non-isomorphic (every relabelling tried), so with those counts one of each class', () => {
    for (const n of [5, 6, 7]) {
      const graphs = connectedGraphs(n);
      expect(graphs.every((edges) => isConnected(n, edges))).toBe(true);
      expect(new Set(graphs.map((edges) => fullCanonicalForm(n, edges))).size).toBe(graphs.length);
    }
  });
  it('the 853 graphs on 7 vertices in the order of docs/solver-komi-table-7.md (listed by an enumeration of every edge set)', () => {
    // The family's table comes before the page's first section; the sections list some rows again.
    const table = readFileSync(new URL('../../docs/solver-komi-table-7.md', import.meta.url), 'utf8').split(/^## /m)[0];
    const rows = [...table.matchAll(/^\| `(edges 7[^`]*)`/gm)].map((m) => m[1]);
    expect(connectedGraphs(7).map((edges) => edgesSpec(7, edges))).toEqual(rows);
  });
  it('listed by edge count, as edges specs', () => {
    expect(connectedGraphs(3).map((e) => edgesSpec(3, e))).toEqual(['edges 3 1-2 1-3', 'edges 3 1-2 1-3 2-3']);
    const four = connectedGraphs(4);
    expect(four.map((e) => e.length)).toEqual([3, 3, 4, 4, 5, 6]);
  });
});

describe('family ranges', () => {
  it('expands ranges in any position', () => {
    expect(expandFamily('cycle 3..5')).toEqual({ ok: true, value: ['cycle 3', 'cycle 4', 'cycle 5'] });
    expect(expandFamily('grid 2..3 1..2')).toEqual({ ok: true, value: ['grid 2 1', 'grid 2 2', 'grid 3 1', 'grid 3 2'] });
    expect(expandFamily('petersen')).toEqual({ ok: true, value: ['petersen'] });
    const connected = expandFamily('connected 1..3');
    expect(connected.ok && connected.value).toEqual(['edges 1', 'edges 2 1-2', 'edges 3 1-2 1-3', 'edges 3 1-2 1-3 2-3']);
  });
  it('refuses what makes no sense', () => {
    expect(expandFamily('cycle 5..3').ok).toBe(false);
    expect(expandFamily('connected 9').ok).toBe(false);
    expect(expandFamily('').ok).toBe(false);
  });
});
