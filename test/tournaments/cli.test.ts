/**
 * `graphgo tournament` as users run it: a run interrupted by Ctrl-C and then killed outright, resumed to the end with
 * no game lost or doubled and no engine left behind; `status` and `report`; a file run and a quick match of our
 * built-in bots in-process.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { joinCommandLine } from '../../tournaments/command-line.js';
import { LOCK_FILE } from '../../tournaments/lock.js';
import { PAIRING_CSV_HEADER } from '../../tournaments/report.js';
import { readResults } from '../../tournaments/records.js';
import { ensureDist } from '../gtp/build-dist.js';
import { runCliCaptured } from '../helpers/cli.js';
import { FAKE_ENGINE, GRAPHGO_MAIN, REPO_ROOT, isAlive, tempDir } from './helpers.js';

beforeAll(async () => {
  await ensureDist();
}, 120_000);

function cli(args: string[]): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  const child = spawn(process.execPath, [GRAPHGO_MAIN, ...args], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let text = '';
  child.stdout!.on('data', (d: Buffer) => (text += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (text += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return { child, output: () => text, exited };
}

function lines(out: string): number {
  const path = join(out, 'results.jsonl');
  return existsSync(path) ? readFileSync(path, 'utf8').split('\n').filter((l) => l.length > 0).length : 0;
}

async function waitFor(condition: () => boolean, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

const inProcess = runCliCaptured;

describe('graphgo tournament', () => {
  it('survives Ctrl-C and kill -9 in the middle: resuming loses and doubles no game', async () => {
    const out = tempDir();
    const engine = (name: string) => `${name}=${joinCommandLine([process.execPath, FAKE_ENGINE, '--name', name, '--delay', '25'])}`;
    const args = ['tournament', 'match', '--engine', engine('p'), '--engine', engine('q'), '--graph', 'grid 5 5', '--rules', 'area', '--games', '30', '--concurrency', '2', '--out', out];

    // 1. Ctrl-C after a few results: engines killed, lock released, exit code 130.
    const first = cli(args);
    await waitFor(() => lines(out) >= 4);
    first.child.kill('SIGINT');
    expect(await first.exited).toBe(130);
    expect(first.output()).toMatch(/SIGINT: stopping; killing the engines/);
    expect(first.output()).toMatch(/interrupted: \d+ of 30 games are recorded in .*; run the same command again to resume/);
    expect(existsSync(join(out, LOCK_FILE))).toBe(false);
    const afterFirst = lines(out);

    // 2. kill -9 later: nothing can clean up; the lock is left behind and the engines see their input close.
    const second = cli(args);
    await waitFor(() => lines(out) >= afterFirst + 4);
    second.child.kill('SIGKILL');
    await second.exited;
    expect(existsSync(join(out, LOCK_FILE))).toBe(true);

    // 3. The same command again: the stale lock is removed and exactly the missing games are played.
    const third = cli(args);
    expect(await third.exited).toBe(0);
    expect(third.output()).toMatch(/removed a stale lock left by pid \d+/);
    expect(third.output()).toMatch(/resuming: \d+ of 30 games already played/);
    const { records, warnings } = readResults(out);
    expect(warnings.filter((w) => !/partial last line/.test(w))).toEqual([]);
    expect(lines(out)).toBe(30);
    expect(records.map((r) => r.game).sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i));
    // Every engine process any run started is gone.
    const pids = new Set(records.flatMap((r) => Object.values(r.engines).map((e) => e.pid!)));
    await waitFor(() => [...pids].every((pid) => !isAlive(pid)), 5000);

    // status and report on the finished folder.
    const status = await inProcess(['tournament', 'status', out]);
    expect(status.code).toBe(0);
    expect(status.out).toMatch(/state: not running/);
    expect(status.out).toMatch(/games: 30 of 30 played/);
    expect(status.out).toMatch(/\[30\/30\] p 15-15 q \(50\.0%\) Elo 0 \[-\d+, \+\d+\]/);
    const csv = join(out, 'table.csv');
    const report = await inProcess(['tournament', 'report', out, '--csv', csv]);
    expect(report.code).toBe(0);
    expect(report.out).toMatch(/p vs q\n/);
    expect(report.out).toMatch(/p as Black +15 +0 +15 +0 +0\.0%/);
    expect(report.out).toMatch(/p as White +15 +15 +0 +0 +100\.0%/);
    expect(report.out).toMatch(/colour-swapped pairs: 15 \(won both 0, split 15, lost both 0\)/);
    expect(report.out).toMatch(/Black won 0\/30 \(0\.0%\)/);
    // Pass-only engines replay the same game: the report says so.
    expect(report.out).toMatch(/Duplicate games: 28 \(e\.g\. game 2 = game 0/);
    const rows = readFileSync(csv, 'utf8').trim().split('\n');
    expect(rows[0]).toBe(PAIRING_CSV_HEADER.join(','));
    expect(rows[1]).toMatch(/^all,all,p,q,30,15,15,0,15,0,15,0,15,15,0,0,0\.5,0,/);
    // A CSV path it cannot write, or none at all: one line naming it, exit 1.
    const unwritable = await inProcess(['tournament', 'report', out, '--csv', join(out, 'no-such-folder', 'x.csv')]);
    expect(unwritable.code).toBe(1);
    expect(unwritable.err).toBe(`graphgo: cannot write the report ${join(out, 'no-such-folder', 'x.csv')} (--csv): ENOENT\n`);
    const empty = await inProcess(['tournament', 'report', out, '--csv', '']);
    expect(empty.code).toBe(1);
    expect(empty.err).toBe('graphgo: --csv needs a file name\n');
    // An output folder that cannot be made (under a file): one line, exit 1, and no game played.
    const blocked = await inProcess(['tournament', 'match', '--engine', 'builtin:random', '--engine', 'builtin:random', '--games', '2', '--graph', 'grid 2 2', '--out', join(csv, 'run')]);
    expect(blocked.code).toBe(1);
    expect(blocked.err).toContain(`graphgo: cannot create the folder ${join(csv, 'run', 'logs')}: part of the path is a file, not a folder\n`);
  }, 60_000);

  it('runs a tournament file of built-in bots, and refuses bad input with clear messages', async () => {
    const dir = tempDir();
    const file = join(dir, 'bots.json');
    writeFileSync(
      file,
      JSON.stringify({ name: 'bots', engines: ['builtin:random', 'builtin:flat --playouts 20'], graphs: ['grid 5 5', 'cycle 9'], rules: ['area'], games: 2, seed: 'cli' }),
    );
    const run = await inProcess(['tournament', 'run', file, '--quiet']);
    expect(run.err).toMatch(/engine random: graphgo [\d.]+, GTP 2, any graph/);
    expect(run.code).toBe(0);
    expect(run.out).toMatch(/^tournament "bots": 4 of 4 games\n/);
    expect(run.out).toMatch(/By graph and rules/);
    expect(readResults(join(dir, 'bots-results')).records).toHaveLength(4);
    expect(existsSync(join(dir, 'bots-results', 'sgf', 'game-00000.sgf'))).toBe(true);
    // cycle 9 is no grid: no SGF for its games (blocks: grid is block 0, cycle block 1; game 1 is on the cycle).
    expect(existsSync(join(dir, 'bots-results', 'sgf', 'game-00001.sgf'))).toBe(false);

    const one = await inProcess(['tournament', 'match', '--engine', 'builtin:random']);
    expect(one).toMatchObject({ code: 1, err: 'graphgo: tournament match needs at least two --engine options\n' });
    const bad = await inProcess(['tournament', 'match', '--engine', 'builtin:random', '--engine', 'builtin:nope', '--graph', 'hex 0', '--sprt', '0', '10']);
    expect(bad.code).toBe(1);
    expect(bad.err).toMatch(/--sprt takes four numbers/);
    const bad2 = await inProcess(['tournament', 'match', '--engine', 'builtin:random', '--engine', 'builtin:nope', '--graph', 'hex 0']);
    expect(bad2.err).toMatch(/^graphgo: invalid tournament match:\n {2}engines\[1\]: unknown built-in bot "nope".*\n {2}graphs\[0\]: invalid graph: hex needs R >= 1/);
    const oneStone = await inProcess(['tournament', 'match', '--engine', 'builtin:random', '--engine', 'builtin:flat', '--handicap', '1']);
    expect(oneStone.err).toMatch(/^graphgo: invalid tournament match:\n {2}handicap: must be a whole number of stones from 2 up, got 1 /);
    const tooMany = await inProcess(['tournament', 'match', '--engine', 'builtin:random', '--engine', 'builtin:flat', '--graph', 'grid 5 5', '--handicap', '30']);
    expect(tooMany.err).toMatch(/handicap: 30 handicap stones do not fit on "grid 5 5" \(25 vertices\)/);
    const missing = await inProcess(['tournament', 'status', join(dir, 'nothing-here')]);
    expect(missing).toMatchObject({ code: 1, err: expect.stringMatching(/no such file or folder/) });
  }, 60_000);
});
