/**
 * The komi of a graph (seed 000; docs/solver.md, "What is solved"): the largest integer K such that black, moving
 * first, wins under the famine rules with komi K. Checked against the naive full minimax on tiny graphs, for
 * monotonicity in K, and the enumeration of connected graphs that the komi table runs over.
 */
import { describe, expect, it } from 'vitest';
import { connectedGraphs, edgesSpec } from '../../src/solver/graph-enumeration.js';
import { expandFamily } from '../../src/solver/family-range.js';
import { Solver } from '../../src/solver/search.js';
import { komiOfGraph, startRoot } from '../../src/solver/solve.js';
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

  it('is defined for famine-like rules only', () => {
    expect(() => komiOfGraph(graphOf('path 3'), rulesOf('area'))).toThrow(/paid passes/);
  });
});

describe('connected graphs up to isomorphism', () => {
  it('1, 1, 2, 6, 21, 112 of them on 1..6 vertices (OEIS A001349)', () => {
    expect([1, 2, 3, 4, 5, 6].map((n) => connectedGraphs(n).length)).toEqual([1, 1, 2, 6, 21, 112]);
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
