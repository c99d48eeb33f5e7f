/**
 * A solve stopped on request (the CLI's Ctrl-C): the solver's `stopRequested`, the komi search, `graphgo solve`'s
 * family loop in-process, and the real command under SIGINT from dist/ (its worker thread).
 */
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSolveCommand } from '../../cli/solve-command.js';
import type { SolveOptions } from '../../cli/solve-command.js';
import { endStoppedSolve, INTERRUPTED_EXIT } from '../../cli/stop-signals.js';
import { komiOfGraph, Solver, startRoot } from '../../src/solver/solve.js';
import { ENGINE_MAIN, ensureDist } from '../gtp/build-dist.js';
import { graphOf, rulesOf } from './helpers.js';

/** A stop that turns true on its n-th question: the solver asks every 1,024 nodes. */
function stopAfter(questions: number): { stop: () => boolean; asked: () => number } {
  let asked = 0;
  return { stop: () => ++asked >= questions, asked: () => asked };
}

describe('stopRequested', () => {
  it('ends a df-pn solve as a limit does, at the first question that says yes', () => {
    const rules = rulesOf('famine komi=0');
    const s = stopAfter(3);
    const solver = new Solver(graphOf('complete 6'), rules, { stopRequested: s.stop });
    const out = solver.solve(startRoot(rules, 0));
    expect(out).toMatchObject({ status: 'unknown', reason: 'interrupted', value: null });
    // Asked once per 1,024 nodes: stopped at the third question.
    expect(s.asked()).toBe(3);
    expect(out.nodes).toBe(3 * 1024);
  });

  it('ends an alpha-beta solve (area scores) the same way', () => {
    const rules = rulesOf('area');
    const s = stopAfter(2);
    const out = new Solver(graphOf('grid 3 3'), rules, { stopRequested: s.stop }).solve(startRoot(rules, 0));
    expect(out).toMatchObject({ status: 'unknown', reason: 'interrupted' });
    expect(s.asked()).toBe(2);
  });

  it('ends a komi search with the interval proved before the stop', () => {
    const rules = rulesOf('famine');
    let stop = false;
    const report = komiOfGraph(graphOf('cycle 7'), rules, { stopRequested: () => stop }, true, {
      // Asked for right after the first komi is settled: nothing more is searched.
      onSolve: (solve) => {
        if (solve.value !== null) stop = true;
      },
    });
    expect(report.status).toBe('unknown');
    expect(report.reason).toBe('interrupted');
    // cycle 7's komi is -1 (docs/solver-komi-table-7.md): the search starts at komi 0, which white wins.
    expect(report.solves.map((s) => [s.komi, s.value])).toEqual([[0, -1]]);
    expect([report.komiLow, report.komiHigh]).toEqual([null, -1]);
  });
});

describe('graphgo solve, stopped', () => {
  const quiet = { json: true, format: 'markdown', pvLength: '60', progress: false };

  it('a family ends after the row of the graph being solved, and its JSON stays whole', () => {
    let out = '';
    const opts = { family: 'cycle 3..6', rules: 'famine', ...quiet } as unknown as SolveOptions;
    const settled = runSolveCommand(opts, { writeOut: (t) => (out += t), writeErr: () => {} }, () => out.includes('"graph"'));
    const rows = JSON.parse(out) as { graph: string; status: string }[];
    expect(rows.map((r) => r.graph)).toEqual(['cycle 3']);
    // cycle 3's row is settled, but the rows after it were never started: not every answer asked for.
    expect(rows[0].status).toBe('solved');
    expect(settled).toBe(false);
  });

  it('says whether the answer was settled: a stop during the proof leaves it unknown', () => {
    const opts = { graph: 'complete 6', rules: 'famine', komi: '0', ...quiet } as unknown as SolveOptions;
    let out = '';
    expect(runSolveCommand(opts, { writeOut: (t) => (out += t), writeErr: () => {} }, () => true)).toBe(false);
    expect(JSON.parse(out)).toMatchObject({ status: 'unknown', reason: 'interrupted' });
  });

  it('a stop that comes after the proof cuts only the line, and the answer counts as settled', () => {
    // path 4 at komi 0: proved in well under 1,024 nodes (the stop is asked every 1,024), so the stop is first read
    // when the line's solves have started... or never: either way the root's answer is settled.
    const opts = { graph: 'path 4', rules: 'famine', komi: '0', ...quiet } as unknown as SolveOptions;
    let out = '';
    expect(runSolveCommand(opts, { writeOut: (t) => (out += t), writeErr: () => {} }, () => true)).toBe(true);
    expect(JSON.parse(out)).toMatchObject({ status: 'solved' });
  });

  it('ends a stopped solve with 130 only when an answer is unsettled', () => {
    let err = '';
    expect(() => endStoppedSolve(false, 'x.tbl', (t) => (err += t))).toThrow(
      expect.objectContaining({ exitCode: INTERRUPTED_EXIT, message: 'interrupted; the table is saved in x.tbl' }),
    );
    expect(err).toBe('');
    endStoppedSolve(true, undefined, (t) => (err += t));
    expect(err).toBe('graphgo: stopped after the answer was proved: it stands, only its winning line (pvTruncated) or --moves was cut\n');
  });
});

describe('graphgo solve under SIGINT (the built command)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'graphgo-interrupt-'));
  beforeAll(async () => {
    await ensureDist();
  }, 120_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('stops the search, prints what it proved, saves the table and exits with 130', async () => {
    const file = join(dir, 'complete7.tbl');
    // White's win at komi 0 on complete 7 takes about 12 million expansions (docs/solver-komi-table-7.md), minutes
    // with this small table: the search is still running when it is stopped.
    const child = spawn(process.execPath, [ENGINE_MAIN, 'solve', '--graph', 'complete 7', '--komi', '0', '--tt-bits', '16', '--table', file, '--json']);
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    const signalled = new Promise<void>((resolve) => {
      child.stderr.on('data', (d: Buffer) => {
        err += d.toString();
        // The first progress line (after 2 s of search): the search is under way.
        if (/ nodes, /.test(err) && !child.killed) {
          child.kill('SIGINT');
          resolve();
        }
      });
    });
    const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
    await signalled;
    expect(code).toBe(130);
    const record = JSON.parse(out);
    expect(record).toMatchObject({ kind: 'winner', status: 'unknown', reason: 'interrupted', winner: null });
    expect(record.nodes).toBeGreaterThan(0);
    expect(err).toContain(`stopping the search and saving the table to ${file}`);
    expect(err).toMatch(/table saved to .* \(\d+ entries\)/);
    expect(err).toContain(`graphgo: interrupted; the table is saved in ${file}`);
    expect(existsSync(file)).toBe(true);
    // The saved table resumes: the same command finds it.
    const resumed = await new Promise<string>((resolve, reject) =>
      execFile(
        process.execPath,
        [ENGINE_MAIN, 'solve', '--graph', 'complete 7', '--komi', '0', '--tt-bits', '16', '--table', file, '--max-nodes', '2000', '--json'],
        (e, _stdout, stderr) => (e ? reject(e) : resolve(stderr)),
      ),
    );
    expect(resumed).toMatch(/resuming from .* \((\d+) entries\)/);
    expect(Number(/\((\d+) entries\)/.exec(resumed)?.[1])).toBeGreaterThan(1000);
  }, 60_000);
});
