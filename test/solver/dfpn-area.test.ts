/**
 * Area scores by proof-number search over thresholds (src/solver/search.ts solveAreaByDfpn, src/solver/dfpn.ts):
 * the same optimal score as alpha-beta and, on tiny graphs, as the naive full minimax that memoises on the whole
 * history; from positions with their history with one table reused (superko soundness); and limits that end with
 * "unknown" and a proven interval holding the true value.
 */
import { describe, expect, it } from 'vitest';
import { connectedGraphs, edgesSpec } from '../../src/solver/graph-enumeration.js';
import { Solver } from '../../src/solver/search.js';
import type { SolverSettings } from '../../src/solver/search.js';
import { rootFromGame, solveWithVariation, startRoot } from '../../src/solver/solve.js';
import { NaiveGame, naiveBoardOf, naiveRulesOf } from '../perft/naive-go.js';
import { naiveSolve } from './naive-minimax.js';
import { graphOf, randomGame, rulesOf } from './helpers.js';

const DFPN: Partial<SolverSettings> = { method: 'dfpn' };
const ALPHABETA: Partial<SolverSettings> = { method: 'alphabeta' };

function score(spec: string, rulesText: string, settings: Partial<SolverSettings>): number | null {
  const rules = rulesOf(rulesText);
  return new Solver(graphOf(spec), rules, settings).solve(startRoot(rules)).value;
}

function same(specs: string[], rulesText: string): void {
  for (const spec of specs) {
    expect({ spec, rulesText, value: score(spec, rulesText, DFPN) }).toEqual({ spec, rulesText, value: score(spec, rulesText, ALPHABETA) });
  }
}

describe('df-pn area scores = alpha-beta', () => {
  it('paths 1..6, cycles 3..6, grid 2 2, grid 3 2, star 5', () => {
    same(['path 1', 'path 2', 'path 3', 'path 4', 'path 5', 'path 6', 'cycle 3', 'cycle 4', 'cycle 5', 'cycle 6'], 'area');
    same(['grid 2 2', 'grid 3 2', 'star 5'], 'area');
  });

  it('every connected graph on 4 vertices, graphs with arcs, suicide forbidden, situational superko', () => {
    same(connectedGraphs(4).map((e) => edgesSpec(4, e)), 'area');
    same(['edges 3 1>2 2-3', 'edges 3 1>2 2>3 3>1', 'edges 4 1>2 2-3 3>4 4-1', 'edges 5 1-2 2>3 3-4 4>5 5-1 2-4'], 'area');
    same(['path 5', 'grid 3 2'], 'area suicide=forbidden');
    same(['cycle 5', 'grid 2 2'], 'area ko=situational');
  });

  it('= naive full minimax on tiny graphs', () => {
    for (const spec of ['path 1', 'path 2', 'path 3', 'cycle 3', 'edges 3 1>2 2-3', 'edges 3 1-2']) {
      for (const rulesText of ['area komi=0', 'area komi=0 ko=situational', 'area komi=0 suicide=forbidden']) {
        const naive = naiveSolve(NaiveGame.start(naiveBoardOf(graphOf(spec)), naiveRulesOf(rulesOf(rulesText)))).value;
        expect({ spec, rulesText, value: score(spec, rulesText, DFPN) }).toEqual({ spec, rulesText, value: naive });
      }
    }
  });

  it('the published 3x3 value, +9, with an optimal line to the end of the game', () => {
    const rules = rulesOf('area');
    const report = solveWithVariation(new Solver(graphOf('grid 3 3'), rules, DFPN), startRoot(rules));
    expect(report.value).toBe(9);
    expect(report.pvTruncated).toBe(false);
    expect(report.pv.length).toBeGreaterThan(2);
  });

  it('positions with their history, one table reused across them (superko decides)', () => {
    for (const [spec, rulesText] of [
      ['path 5', 'area'],
      ['cycle 5', 'area ko=situational'],
      ['grid 3 2', 'area'],
    ] as const) {
      const rules = rulesOf(rulesText);
      const graph = graphOf(spec);
      const shared = new Solver(graph, rules, DFPN);
      let checked = 0;
      for (let seed = 1; seed <= 12; seed++) {
        const g = randomGame(graph, rules, 4 + (seed % 5), seed);
        if (g === null) continue;
        const root = rootFromGame(g.game);
        if (typeof root === 'string') continue;
        const reference = new Solver(graph, rules, ALPHABETA).solve(root).value;
        expect({ spec, seed, reused: shared.solve(root).value }).toEqual({ spec, seed, reused: reference });
        expect({ spec, seed, fresh: new Solver(graph, rules, DFPN).solve(root).value }).toEqual({ spec, seed, fresh: reference });
        checked++;
      }
      expect(checked).toBeGreaterThanOrEqual(6);
    }
  });

  it('with each technique off', () => {
    for (const off of [{ tt: false }, { symmetry: false }, { benson: false }, { ordering: false }]) {
      for (const spec of ['path 5', 'cycle 5', 'grid 2 2']) {
        expect({ spec, off, value: score(spec, 'area', { ...DFPN, ...off }) }).toEqual({ spec, off, value: score(spec, 'area', ALPHABETA) });
      }
    }
  });

  it('a limit ends with "unknown" and a proven interval that holds the value', () => {
    const rules = rulesOf('area');
    let unknowns = 0;
    for (const [spec, value] of [
      ['path 6', 1],
      ['grid 3 3', 9],
      ['cycle 6', 1],
    ] as const) {
      for (const maxNodes of [50, 400, 2000]) {
        const out = new Solver(graphOf(spec), rules, { ...DFPN, maxNodes }).solve(startRoot(rules));
        if (out.status === 'solved') {
          expect(out.value).toBe(value);
          continue;
        }
        expect(out).toMatchObject({ status: 'unknown', value: null, reason: 'max-nodes' });
        expect(out.nodes).toBeLessThanOrEqual(maxNodes);
        expect(out.lower).toBeLessThanOrEqual(value);
        expect(out.upper).toBeGreaterThanOrEqual(value);
        unknowns++;
      }
    }
    expect(unknowns).toBeGreaterThanOrEqual(3);
    // The default for area stays alpha-beta.
    expect(new Solver(graphOf('path 3'), rules).method).toBe('alphabeta');
    expect(new Solver(graphOf('path 3'), rulesOf('famine')).method).toBe('dfpn');
  });
});
