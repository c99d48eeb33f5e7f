/**
 * Tied proofs in turn (SolverSettings.dfpnTiedProofsInTurn): when every way of a bucket holds a proof of one state,
 * each made under another history, a new proof of that state that cost as much replaces one of them, the ways taken
 * in turn; without the setting it is refused. Which proofs stay changes the work, never an answer.
 */
import { describe, expect, it } from 'vitest';
import { DfpnTable } from '../../src/solver/dfpn-table.js';
import { connectedGraphs, edgesSpec } from '../../src/solver/graph-enumeration.js';
import { komiOfGraph, startRoot } from '../../src/solver/solve.js';
import { Solver } from '../../src/solver/search.js';
import { graphOf, rulesOf } from './helpers.js';

/** Stores a proof (φ = 0) of one fixed state that cost `work` expansions; returns its slot, or -1 when refused. */
function storeProof(table: DfpnTable, work: number): number {
  return table.store(0b101, 0b010, 1, 0, 0, true, 0, 1e12, -1, 0, 0, 0, 0, 0, work);
}

describe('tied proofs in turn', () => {
  it('a full bucket of one state takes an equally cheap proof in turn, each way once in eight stores', () => {
    for (const inTurn of [false, true]) {
      const table = new DfpnTable(16, 0, 32, 0, 4, inTurn);
      const first = Array.from({ length: 8 }, () => storeProof(table, 1));
      // The first eight fill the bucket's eight ways, one each.
      expect(new Set(first).size).toBe(8);
      const bucket = first.reduce((a, b) => Math.min(a, b));
      expect(first.every((slot) => slot >= bucket && slot < bucket + 8)).toBe(true);
      const next = Array.from({ length: 8 }, () => storeProof(table, 1));
      if (inTurn) expect([...next].sort((a, b) => a - b)).toEqual([...first].sort((a, b) => a - b));
      else expect(next).toEqual(Array(8).fill(-1));
      // A costlier proof replaces one either way; a cheaper one never does.
      expect(storeProof(table, 5)).toBeGreaterThanOrEqual(bucket);
      expect(storeProof(table, 0)).toBe(-1);
    }
  });

  it('changes the work, never the komi', () => {
    const specs = connectedGraphs(5).map((edges) => edgesSpec(5, edges));
    const komis = [false, true].map((inTurn) =>
      specs.map((spec) => komiOfGraph(graphOf(spec), rulesOf('famine'), { ttBits: 16, dfpnTiedProofsInTurn: inTurn }, false).komi),
    );
    expect(komis[1]).toEqual(komis[0]);
    // Complete 6 at komi 0 (black wins) fills buckets with proofs of one state: measured 123,306 expansions without
    // the setting and 63,554 with it, at 2^20 entries.
    const rules = rulesOf('famine');
    const work = [false, true].map((inTurn) => {
      const out = new Solver(graphOf('complete 6'), rules, { dfpnTiedProofsInTurn: inTurn }).solve(startRoot(rules, 0));
      expect(out.value).toBe(1);
      return out.nodes;
    });
    expect(work).toEqual([123306, 63554]);
  });
});
