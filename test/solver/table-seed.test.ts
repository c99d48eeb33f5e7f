/**
 * The table's hash seed (`--table-seed`, SolverSettings.tableSeed): another layout of the same table. It may change
 * how much work a solve takes, never its answer; seed 0 is the layout of tables saved before seeds existed.
 */
import { describe, expect, it } from 'vitest';
import { DfpnTable } from '../../src/solver/dfpn-table.js';
import { connectedGraphs, edgesSpec } from '../../src/solver/graph-enumeration.js';
import { komiOfGraph } from '../../src/solver/solve.js';
import { Solver } from '../../src/solver/search.js';
import { startRoot } from '../../src/solver/solve.js';
import { seedSalt, stateHash } from '../../src/solver/state-hash.js';
import { graphOf, rulesOf } from './helpers.js';
import { runGraphgo } from './run-cli.js';

describe('the table seed', () => {
  it('never changes a komi, and does change the work (the layout matters to the search)', () => {
    const specs = connectedGraphs(5).map((edges) => edgesSpec(5, edges));
    const bySeed = [0, 1, 99].map((tableSeed) =>
      specs.map((spec) => komiOfGraph(graphOf(spec), rulesOf('famine'), { ttBits: 16, tableSeed }, false)),
    );
    for (const reports of bySeed) expect(reports.map((r) => r.komi)).toEqual(bySeed[0].map((r) => r.komi));
    expect(bySeed[0].every((r) => r.status === 'solved')).toBe(true);
    // White's win on 3x3 at komi 7 fills a 2^16-entry table, and the seed changes the work (measured: 58,842,
    // 96,013 and 95,307 expansions under seeds 0, 1 and 99).
    const rules = rulesOf('famine');
    const work = [0, 1, 99].map((tableSeed) => {
      const out = new Solver(graphOf('grid 3 3'), rules, { ttBits: 16, tableSeed }).solve(startRoot(rules, 7));
      expect(out.value).toBe(-1);
      return out.nodes;
    });
    expect(new Set(work).size).toBeGreaterThan(1);
  });

  it('alpha-beta (area scores) gives the same score under any seed', () => {
    const rules = rulesOf('area');
    for (const spec of ['path 5', 'cycle 5', 'grid 2 3']) {
      const scores = [0, 7].map((tableSeed) => new Solver(graphOf(spec), rules, { ttBits: 16, tableSeed }).solve(startRoot(rules)).value);
      expect(scores[1]).toBe(scores[0]);
    }
  });

  it('seed 0 keeps the old layout; another seed moves entries; only 0..2^31-1 are seeds', () => {
    expect(seedSalt(0)).toBe(0);
    const plain = new DfpnTable(16);
    const seeded = new DfpnTable(16, 0, 32, 5);
    const slots = (t: DfpnTable) =>
      Array.from({ length: 64 }, (_, i) => t.store(i, i << 1, 1, 0, 0, false, 1, 1, -1, 0, 0, 0, 0, 0, 1));
    const atZero = slots(plain);
    // Seed 0: the bucket of stateHash with the history key alone, as before seeds.
    expect(atZero).toEqual(Array.from({ length: 64 }, (_, i) => stateHash(i, i << 1, 1, 0, 0) & 0xffff & ~7));
    expect(slots(seeded)).not.toEqual(atZero);
    for (const bad of [-1, 2 ** 31, 1.5]) expect(() => seedSalt(bad)).toThrow(RangeError);
  });

  it('--table-seed on the command line: the same komi, bad seeds refused', async () => {
    const komi = (seed: string) => runGraphgo('solve', '--graph', 'cycle 6', '--table-seed', seed, '--json', '--no-progress');
    expect(JSON.parse((await komi('12345')).out).komi).toBe(JSON.parse((await komi('0')).out).komi);
    expect((await komi('-1')).err).toContain('--table-seed');
    expect((await komi('2147483648')).code).toBe(1);
    expect((await komi('x')).code).toBe(1);
  });
});
