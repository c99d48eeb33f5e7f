/**
 * `graphgo solve --graph ... --race N`: one graph with N table seeds side by side; the first to settle wins, and the
 * bounds of seeds stopped at a limit combine (cli/solve-race.ts).
 */
import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SolveRecord } from '../../cli/solve-command.js';
import { raceRecord, raceText } from '../../cli/solve-race.js';
import { ENGINE_MAIN, ensureDist } from '../gtp/build-dist.js';
import { runGraphgo } from './run-cli.js';

function komiRecord(blackWinsAt: number | null, whiteWinsAt: number | null, nodes: number): SolveRecord {
  const solved = blackWinsAt !== null && whiteWinsAt !== null && whiteWinsAt - blackWinsAt === 1;
  return {
    graph: 'g',
    vertices: 7,
    edges: 9,
    arcs: 0,
    rules: 'famine',
    kind: 'komi',
    status: solved ? 'solved' : 'unknown',
    reason: solved ? null : 'max-nodes',
    komi: solved ? blackWinsAt : null,
    blackWinsAt,
    whiteWinsAt,
    komiLow: blackWinsAt,
    komiHigh: whiteWinsAt === null ? null : whiteWinsAt - 1,
    solves: [],
    pv: solved ? ['B 1'] : [],
    pvTruncated: false,
    nodes,
    seconds: nodes / 1000,
  };
}

describe('the record of a race', () => {
  it('with a winner: its record, the work of every seed', () => {
    const r = raceRecord([4, 5], [komiRecord(0, null, 700), komiRecord(1, 2, 500)], 1);
    expect(r).toMatchObject({ status: 'solved', komi: 1, pv: ['B 1'], nodes: 1200, seconds: 0.7 });
    expect(r.race).toEqual({
      settledBy: 5,
      runs: [
        { seed: 4, status: 'unknown', reason: 'max-nodes', nodes: 700, seconds: 0.7 },
        { seed: 5, status: 'solved', reason: null, nodes: 500, seconds: 0.5 },
      ],
    });
    expect(raceText(r.race!)).toBe(
      'race of 2 seeds side by side: seed 5 settled it first (seed 4 unknown at max-nodes after 700 nodes; seed 5 settled it after 500 nodes)',
    );
  });

  it('without one: the tightest bound of any seed on each side, settled when they meet', () => {
    // One seed proved black wins at 3, another white wins at 4: the komi is 3, though neither settled it alone.
    const met = raceRecord([0, 1, 2], [komiRecord(3, null, 10), komiRecord(null, 4, 10), komiRecord(1, 6, 10)], null);
    expect(met).toMatchObject({ status: 'solved', reason: null, komi: 3, komiLow: 3, komiHigh: 3, pv: [], nodes: 30 });
    const apart = raceRecord([0, 1], [komiRecord(1, null, 10), komiRecord(null, 5, 10)], null);
    expect(apart).toMatchObject({ status: 'unknown', komi: null, komiLow: 1, komiHigh: 4 });
    const none = raceRecord([0, 1], [komiRecord(null, null, 10), komiRecord(null, null, 10)], null);
    expect(none).toMatchObject({ status: 'unknown', komiLow: null, komiHigh: null });
  });

  it('area scores: the largest lower and the least upper bound', () => {
    const score = (lower: number, upper: number): SolveRecord => ({
      ...komiRecord(null, null, 5),
      kind: 'score',
      score: null,
      lower,
      upper,
    });
    expect(raceRecord([0, 1], [score(-3, 5), score(-1, 7)], null)).toMatchObject({ lower: -1, upper: 5, status: 'unknown' });
  });
});

describe('graphgo solve --race (the built command)', () => {
  beforeAll(async () => {
    await ensureDist();
  }, 120_000);

  it('the same winner and komi as one seed, with each seed reported', async () => {
    const solve = async (...args: string[]): Promise<SolveRecord> => {
      const { stdout } = await promisify(execFile)(process.execPath, [ENGINE_MAIN, 'solve', '--json', '--no-progress', ...args]);
      return JSON.parse(stdout) as SolveRecord;
    };
    // cycle 8 has komi 0 (docs/solver.md): white wins at komi 1.
    const fixed = await solve('--graph', 'cycle 8', '--komi', '1', '--race', '3', '--table-seed', '10');
    expect(fixed).toMatchObject({ kind: 'winner', status: 'solved', winner: 'W' });
    expect(fixed.race?.runs.map((r) => r.seed)).toEqual([10, 11, 12]);
    expect([10, 11, 12]).toContain(fixed.race?.settledBy);
    expect(fixed.nodes).toBe(fixed.race?.runs.reduce((sum, r) => sum + r.nodes, 0));
    const komi = await solve('--graph', 'cycle 8', '--race', '2', '--moves');
    expect(komi).toMatchObject({ kind: 'komi', status: 'solved', komi: 0 });
    // --moves: the winning seed lists black's first moves at the komi: on the 8-cycle every one wins.
    expect(komi.moves?.map((m) => `${m.move} ${m.result}`)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8'].map((v) => `${v} B+M`));
    const { stdout } = await promisify(execFile)(process.execPath, [ENGINE_MAIN, 'solve', '--graph', 'cycle 8', '--race', '2', '--no-progress']);
    expect(stdout).toContain('komi of the graph: 0 (black wins at komi 0, white wins at komi 1)');
    expect(stdout).toMatch(/race of 2 seeds side by side: seed [01] settled it first \(seed 0 .*; seed 1 .*\)\n/);
  });

  it('Ctrl-C stops every seed: what they proved, exit 130', async () => {
    const child = spawn(process.execPath, [ENGINE_MAIN, 'solve', '--graph', 'complete 7', '--komi', '0', '--race', '2', '--tt-bits', '16', '--json']);
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => {
      err += d.toString();
      // Both seeds have reported progress (after 2 s of search each), each under its own name.
      if (/solve complete 7 \(seed 0\): \d+ nodes/.test(err) && /solve complete 7 \(seed 1\): \d+ nodes/.test(err) && !child.killed) child.kill('SIGINT');
    });
    const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
    expect(code).toBe(130);
    const record = JSON.parse(out) as SolveRecord;
    expect(record).toMatchObject({ status: 'unknown', reason: 'interrupted', race: { settledBy: null } });
    expect(record.race?.runs.map((r) => [r.seed, r.reason])).toEqual([
      [0, 'interrupted'],
      [1, 'interrupted'],
    ]);
    expect(err).toContain('stopping every seed of the race');
  }, 60_000);

  it('refuses what makes no sense', async () => {
    const run = runGraphgo;
    expect(await run('solve', '--family', 'cycle 3..5', '--race', '2')).toEqual({
      code: 1,
      out: '',
      err: 'graphgo: --race solves one graph with several seeds: use it with --graph (a family: --jobs)\n',
    });
    expect((await run('solve', '--graph', 'cycle 5', '--race', '2', '--table', 'x.tbl')).err).toContain('leave out --table');
    expect((await run('solve', '--graph', 'cycle 5', '--race', '1')).err).toContain('--race');
    expect((await run('solve', '--graph', 'cycle 5', '--race', 'x')).code).toBe(1);
    expect((await run('solve', '--graph', 'cycle 5', '--race', '2', '--table-seed', '2147483647')).err).toContain('seeds above 2147483647');
  });
});
