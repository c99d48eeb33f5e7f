/**
 * The winning line read from the table: proofs record the history they were made under (Solver.provenMove), and the
 * line follows them instead of searching each of its states again.
 */
import { describe, expect, it } from 'vitest';
import { solveWithVariation, Solver, startRoot } from '../../src/solver/solve.js';
import type { RootState } from '../../src/solver/solve.js';
import { graphOf, rulesOf } from './helpers.js';

const DFPN = { method: 'dfpn' as const };

/** Plays the line from `root`: every move legal, and at its end the player to move (the loser) has no action. */
function replay(solver: Solver, root: RootState, pv: readonly number[], value: number): RootState[] {
  const states = [root];
  let state = root;
  for (const move of pv) {
    const next = solver.childRoot(state, move);
    expect(next).not.toBeNull();
    expect(next).not.toBe('end');
    state = next as RootState;
    states.push(state);
  }
  expect(solver.noAction(state)).toBe(true);
  // The player left without a move loses under last-move scoring: the line ends in the proven winner's favour.
  expect(state.toMove).toBe(value > 0 ? 2 : 1);
  return states;
}

describe('Solver.provenMove', () => {
  it("reads the root's answer and move from the table after its solve, without a search", () => {
    for (const [spec, komi] of [['cycle 7', 0], ['complete 5', -1], ['path 6', 1]] as const) {
      const rules = rulesOf(`famine komi=${komi}`);
      const solver = new Solver(graphOf(spec), rules, DFPN);
      const root = startRoot(rules);
      expect(solver.provenMove(root)).toBeNull();
      const out = solver.solve(root);
      expect(solver.provenMove(root)).toEqual({ value: out.value, best: out.best });
    }
  });

  it('is null under another history of the same state: a proof serves its own history only', () => {
    const rules = rulesOf('famine komi=0');
    const solver = new Solver(graphOf('cycle 7'), rules, DFPN);
    const root = startRoot(rules);
    solver.solve(root);
    // The same empty board and counters after a (made-up) earlier colouring: under superko another game.
    const other: RootState = { ...root, history: [{ black: 1, white: 0, tag: 0 }, ...root.history] };
    expect(solver.provenMove(other)).toBeNull();
  });
});

describe('the winning line from the table', () => {
  it('is a legal game that the proven winner wins, each state of it holding the value (small graphs, checked afresh)', () => {
    for (const [spec, komi] of [['cycle 6', 0], ['path 6', 0], ['complete 5', -1], ['cycle 7', 0], ['grid 2 4', 1]] as const) {
      const rules = rulesOf(`famine komi=${komi}`);
      const solver = new Solver(graphOf(spec), rules, DFPN);
      const root = startRoot(rules);
      const report = solveWithVariation(solver, root, 200);
      expect(report.status).toBe('solved');
      expect(report.pvTruncated).toBe(false);
      const value = report.value as number;
      for (const state of replay(solver, root, report.pv, value).slice(1, -1)) {
        expect(new Solver(graphOf(spec), rules, DFPN).solve(state).value).toBe(value);
      }
    }
  });

  it("costs a small part of the proof: complete 6 at komi 0 (235,874 more nodes when each state was searched again)", () => {
    const rules = rulesOf('famine komi=0');
    const solver = new Solver(graphOf('complete 6'), rules, { ...DFPN, ttBits: 20 });
    const root = startRoot(rules);
    const proof = solver.solve(root);
    // The root's proof is in the table: the root solve is one expansion, then the line reads its states' proofs.
    const report = solveWithVariation(solver, root, 200);
    expect(report.value).toBe(proof.value);
    replay(solver, root, report.pv, proof.value as number);
    // Measured 2026-12-02: 123,306 expansions for the proof, 2,999 for the line read from the table.
    expect(report.nodes).toBeLessThan(proof.nodes / 10);
  });
});
