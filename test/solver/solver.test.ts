/**
 * The exact solver against references that share none of its tricks:
 * - a naive full minimax (./naive-minimax.ts) over the naive rules of test/perft/naive-go.ts, memoised on the whole
 *   state including the set of earlier colourings: exact, and affordable on tiny graphs from the start, or on
 *   small graphs from random positions in mid-game (with their history);
 * - the solver itself with every pruning switched off (plain alpha-beta to the end of the game, exact by
 *   construction), and with each pruning switched off in turn;
 * - superko soundness: a transposition table keyed by the colouring alone (the unsound `historyBlindTable`) gets
 *   positions wrong that the sound table gets right.
 */
import { describe, expect, it } from 'vitest';
import { Solver } from '../../src/solver/search.js';
import type { SolverSettings } from '../../src/solver/search.js';
import { rootFromGame, solveWithVariation, startRoot } from '../../src/solver/solve.js';
import { NaiveGame, naiveBoardOf, naiveRulesOf } from '../perft/naive-go.js';
import { naiveSolve } from './naive-minimax.js';
import { graphOf, randomGame, rulesOf } from './helpers.js';

const PLAIN: Partial<SolverSettings> = {
  method: 'alphabeta',
  tt: false,
  symmetry: false,
  benson: false,
  ordering: false,
  iterativeDeepening: false,
};
/** Alpha-beta by iterative deepening without table, symmetry or Benson: exact, and fast enough for references. */
const REFERENCE: Partial<SolverSettings> = { method: 'alphabeta', tt: false, symmetry: false, benson: false };
/** The colouring-keyed table is alpha-beta's (df-pn, the default for famine, has no such switch). */
const BLIND: Partial<SolverSettings> = { method: 'alphabeta', historyBlindTable: true };

function solveValue(spec: string, rulesText: string, settings: Partial<SolverSettings> = {}): number | null {
  const graph = graphOf(spec);
  const rules = rulesOf(rulesText);
  const solver = new Solver(graph, rules, settings);
  return solver.solve(startRoot(rules)).value;
}

function naiveValue(spec: string, rulesText: string): number {
  const graph = graphOf(spec);
  return naiveSolve(NaiveGame.start(naiveBoardOf(graph), naiveRulesOf(rulesOf(rulesText)))).value;
}

const RULE_SETS = [
  'area komi=0',
  'area komi=0 suicide=forbidden',
  'area komi=0 ko=situational',
  'famine komi=0',
  'famine komi=1',
  'famine komi=-1',
  'famine komi=0.5',
  'conway',
];

describe('solver = naive full minimax from the empty board', () => {
  const tiny = ['path 1', 'path 2', 'path 3', 'cycle 3', 'edges 3 1>2 2-3', 'edges 3 1>2 2>3 3>1', 'edges 3 1-2', 'edges 2'];
  for (const spec of tiny) {
    it(spec, () => {
      for (const rulesText of RULE_SETS) {
        expect({ rulesText, value: solveValue(spec, rulesText) }).toEqual({ rulesText, value: naiveValue(spec, rulesText) });
      }
    });
  }

  it('famine with situational superko (costly for the naive search: small graphs only)', () => {
    for (const spec of ['path 2', 'path 3', 'edges 3 1-2', 'edges 3 1>2 2-3']) {
      const rulesText = 'famine komi=0 ko=situational';
      expect({ spec, value: solveValue(spec, rulesText) }).toEqual({ spec, value: naiveValue(spec, rulesText) });
    }
  });

  it('no-pass games on 4-vertex graphs (Conway rules keep the naive search small)', () => {
    for (const spec of ['path 4', 'cycle 4', 'star 4', 'complete 4', 'grid 2 2', 'edges 4 1>2 2>3 3>4 4>1', 'edges 4 1-2 2-3 3-1 3>4']) {
      expect({ spec, value: solveValue(spec, 'conway') }).toEqual({ spec, value: naiveValue(spec, 'conway') });
    }
  });
});

describe('from random positions, history included', () => {
  // Positions reached by random legal play (passes included), solved from rootFromGame (which rebuilds the superko
  // history from the game). The naive search is affordable on 3 vertices; on larger graphs the reference is
  // alpha-beta by iterative deepening without table, symmetry or Benson bounds.
  const naiveCases: [string, string][] = [
    ['path 3', 'area komi=0'],
    ['cycle 3', 'area komi=0 ko=situational'],
    ['cycle 3', 'famine komi=1'],
    ['edges 3 1>2 2>3 3>1', 'famine komi=0'],
    ['edges 3 1>2 2-3', 'area komi=0 suicide=forbidden'],
  ];
  for (const [spec, rulesText] of naiveCases) {
    it(`naive: ${spec} | ${rulesText}`, () => {
      const graph = graphOf(spec);
      const rules = rulesOf(rulesText);
      let checked = 0;
      for (let seed = 1; checked < 5 && seed < 40; seed++) {
        const g = randomGame(graph, rules, 2 + (seed % 4), seed);
        if (g === null) continue;
        const root = rootFromGame(g.game);
        if (typeof root === 'string') throw new Error(root);
        const value = new Solver(graph, rules).solve(root).value;
        expect({ seed, moves: g.moves, value }).toEqual({ seed, moves: g.moves, value: naiveSolve(g.naive).value });
        checked++;
      }
      expect(checked).toBeGreaterThanOrEqual(3);
    });
  }
  const plainCases: [string, string, number][] = [
    ['grid 2 2', 'area komi=0', 6],
    ['cycle 4', 'famine komi=1', 6],
    ['path 5', 'area komi=0 ko=situational', 6],
    ['grid 2 3', 'area komi=0', 9],
    ['cycle 5', 'famine komi=0', 9],
    ['random 5 0.5 3', 'famine komi=0 suicide=forbidden', 7],
    ['edges 5 1>2 2>3 3>4 4>5 5>1 1-3', 'famine komi=0', 7],
  ];
  for (const [spec, rulesText, plies] of plainCases) {
    it(`reference alpha-beta: ${spec} | ${rulesText}`, () => {
      const graph = graphOf(spec);
      const rules = rulesOf(rulesText);
      let checked = 0;
      for (let seed = 1; checked < 4 && seed < 30; seed++) {
        const g = randomGame(graph, rules, plies, seed);
        if (g === null) continue;
        const root = rootFromGame(g.game);
        if (typeof root === 'string') throw new Error(root);
        const plain = new Solver(graph, rules, { ...REFERENCE, maxNodes: 300_000 }).solve(root).value;
        if (plain === null) continue;
        const value = new Solver(graph, rules).solve(root).value;
        expect({ seed, moves: g.moves, value }).toEqual({ seed, moves: g.moves, value: plain });
        checked++;
      }
      expect(checked).toBeGreaterThanOrEqual(2);
    });
  }
});

describe('each pruning leaves the value unchanged', () => {
  const cases: [string, string][] = [
    ['path 5', 'area komi=0'],
    ['cycle 4', 'area komi=0'],
    ['grid 2 2', 'area komi=0'],
    ['grid 2 2', 'famine komi=0'],
    ['cycle 4', 'famine komi=1'],
    ['star 5', 'famine komi=2'],
    ['edges 4 1-2 2-3 3-4 4>1', 'area komi=0'],
    ['complete 4', 'conway'],
  ];
  const switches: Partial<SolverSettings>[] = [
    { tt: false },
    { symmetry: false },
    { benson: false },
    { ordering: false },
    { counterDominance: false },
    { iterativeDeepening: false },
  ];
  for (const [spec, rulesText] of cases) {
    it(`${spec} | ${rulesText}`, () => {
      const full = solveValue(spec, rulesText);
      expect(full).not.toBeNull();
      for (const s of switches) expect({ s, v: solveValue(spec, rulesText, s) }).toEqual({ s, v: full });
      const plain = solveValue(spec, rulesText, { ...PLAIN, maxNodes: 500_000 });
      if (plain !== null) expect(plain).toBe(full);
    });
  }
});

describe('superko soundness (graph-history interaction)', () => {
  // 1x2, area rules: black's stone is captured and black may not retake (superko), so neither side should play:
  // the value is 0 (naive minimax agrees). A table keyed by the colouring alone reuses, under a history where the
  // retake is forbidden, a result proved where it was allowed, and answers -2.
  it('a colouring-keyed table answers path 2 wrongly; the sound table does not', () => {
    expect(naiveValue('path 2', 'area komi=0')).toBe(0);
    expect(solveValue('path 2', 'area komi=0')).toBe(0);
    expect(solveValue('path 2', 'area komi=0', BLIND)).toBe(-2);
  });

  it('the same on the triangle under area and famine rules, and on a graph with an arc', () => {
    expect(naiveValue('cycle 3', 'area komi=0')).toBe(0);
    expect(solveValue('cycle 3', 'area komi=0')).toBe(0);
    expect(solveValue('cycle 3', 'area komi=0', BLIND)).toBe(-3);
    expect(naiveValue('cycle 3', 'famine komi=-1')).toBe(1);
    expect(solveValue('cycle 3', 'famine komi=-1')).toBe(1);
    expect(solveValue('cycle 3', 'famine komi=-1', { method: 'alphabeta' })).toBe(1);
    expect(solveValue('cycle 3', 'famine komi=-1', BLIND)).toBe(-1);
    expect(naiveValue('edges 3 1>2 2-3', 'famine komi=1')).toBe(-1);
    expect(solveValue('edges 3 1>2 2-3', 'famine komi=1')).toBe(-1);
    expect(solveValue('edges 3 1>2 2-3', 'famine komi=1', { method: 'alphabeta' })).toBe(-1);
    expect(solveValue('edges 3 1>2 2-3', 'famine komi=1', BLIND)).toBe(1);
  });

  it('on 1x6 (area), where the published value is 1, a colouring-keyed table finds 2 (depth-first search)', () => {
    expect(solveValue('path 6', 'area komi=0')).toBe(1);
    expect(solveValue('path 6', 'area komi=0', { ...BLIND, iterativeDeepening: false })).toBe(2);
  });
});

describe('limits', () => {
  it('a node limit ends with unknown, never a guess', () => {
    const graph = graphOf('grid 3 3');
    const rules = rulesOf('area komi=0');
    const out = new Solver(graph, rules, { maxNodes: 500 }).solve(startRoot(rules));
    expect(out.status).toBe('unknown');
    expect(out.value).toBeNull();
    expect(out.reason).toBe('max-nodes');
  });

  it('refuses what it cannot solve', () => {
    expect(() => new Solver(graphOf('grid 6 6'), rulesOf('area'))).toThrow(/at most 32 vertices/);
    expect(() => new Solver(graphOf('path 3'), rulesOf('kim'))).toThrow(/superko/);
    expect(() => new Solver(graphOf('path 3'), rulesOf('netgo colors=3 ko=positional'))).toThrow(/two colours/);
  });
});

describe('lines too long to follow', () => {
  it('end "unknown" with reason max-depth instead of overflowing the stack (Petersen, famine, no deepening)', () => {
    // Without iterative deepening the first line alpha-beta searches is a famine game thousands of plies long.
    const rules = rulesOf('famine komi=0');
    const solver = new Solver(graphOf('petersen'), rules, { method: 'alphabeta', iterativeDeepening: false });
    const outcome = solver.solve(startRoot(rules));
    expect(outcome.status).toBe('unknown');
    expect(outcome.reason).toBe('max-depth');
    expect(outcome.value).toBeNull();
    // Proof-number search (the default) has no ply limit to deepen and goes where the proof is short: the komi of
    // the Petersen graph is -1 (docs/solver.md), so white wins at komi 0.
    expect(new Solver(graphOf('petersen'), rules).solve(startRoot(rules)).value).toBe(-1);
  });
});

describe('limits cover the principal variation too', () => {
  it('cycle 7 under area: the value is found within the node budget, and the line stops where the budget ends', () => {
    // The solve itself takes about 600,000 nodes, the full line about 100 million: with a budget of 1,500,000 the
    // answer is exact and the line is cut short, and the whole call stays within the budget (limits are checked
    // every 1,024 nodes).
    const rules = rulesOf('area komi=0');
    const solver = new Solver(graphOf('cycle 7'), rules);
    const report = solveWithVariation(solver, startRoot(rules), 120, { maxNodes: 1_500_000, maxSeconds: null });
    expect(report.status).toBe('solved');
    expect(report.value).toBe(1);
    expect(report.pvTruncated).toBe(true);
    expect(report.nodes).toBeLessThanOrEqual(1_500_000 + 2048);
  });
});
