/**
 * The local harness's three defects of issue 16, reproduced and shown fixed:
 *
 * - the stale-lock race: contenders started in the same millisecond on a folder whose lock names a dead pid; before
 *   the fix two of them could both take the folder (5 of 15 trials). Each contender is its own process
 *   (fixtures/lock-contender.mjs), as two runs are;
 * - resumed runs repeating games: a run interrupted and resumed plays, game number for game number, exactly the
 *   moves an uninterrupted run plays (built-in bots, whose randomness comes from the seeds of seeds.ts), and no game
 *   repeats another;
 * - engines outliving a SIGKILLed harness: an engine that ignores its input's end and SIGTERM and hangs in genmove
 *   (fixtures/stubborn-engine.mjs) is killed by its watcher within a few seconds of the harness's death
 *   (engine-watchdog.ts); with the watchers killed too, the next run of the folder kills it (engine-pids.ts);
 * - a run that cannot start says why, never "0 of 0 games recorded".
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../cli/main.js';
import { ENGINE_PIDS_FILE, readEnginePids } from '../../tournaments/engine-pids.js';
import { LOCK_FILE } from '../../tournaments/lock.js';
import { ensureDist } from '../gtp/build-dist.js';
import { GRAPHGO_MAIN, REPO_ROOT, isAlive, play, tempDir, tournament } from './helpers.js';

const FIXTURES = join(REPO_ROOT, 'test', 'tournaments', 'fixtures');
const CONTENDER = join(FIXTURES, 'lock-contender.mjs');
const STUBBORN = join(FIXTURES, 'stubborn-engine.mjs');

beforeAll(async () => {
  await ensureDist();
}, 120_000);

async function waitFor(condition: () => boolean, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The pid of a process that has just ended. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  const pid = Number(child.stdout);
  expect(isAlive(pid)).toBe(false);
  return pid;
}

function contender(dir: string, start: number, holdMs: number): Promise<{ won: boolean; message?: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CONTENDER, dir, String(start), String(holdMs)], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('close', (code) => {
      if (code !== 0) reject(new Error(`contender exited with ${String(code)}: ${err}`));
      else resolve(JSON.parse(out) as { won: boolean; message?: string });
    });
  });
}

describe('the stale-lock race', () => {
  it('of three runs started together on a folder with a dead pid\'s lock, exactly one takes it (8 trials)', async () => {
    for (let trial = 0; trial < 8; trial++) {
      const dir = tempDir('graphgo-lock-race-');
      const pid = deadPid();
      writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ pid, host: hostname(), started: new Date(0).toISOString(), token: `old-${trial}` }) + '\n');
      // Far enough ahead that every contender has started and is spinning; each holds the lock long after that.
      const start = Date.now() + 1200;
      const results = await Promise.all([0, 1, 2].map(() => contender(dir, start, 1000)));
      const winners = results.filter((r) => r.won);
      expect(winners, `trial ${trial}: ${JSON.stringify(results)}`).toHaveLength(1);
      for (const r of results.filter((x) => !x.won)) expect(r.message).toMatch(/is in use by another run \(pid \d+|another run is taking it/);
      // The winner released it; no claim or temporary file is left.
      expect(readdirSync(dir)).toEqual([]);
    }
  }, 60_000);
});

describe('resumed runs', () => {
  it('play exactly the games an uninterrupted run plays, and no game repeats another', async () => {
    const raw = {
      engines: [
        { name: 'random', builtin: 'random' },
        { name: 'uct', builtin: 'uct', options: '--playouts 20' },
      ],
      graphs: ['grid 4 4'],
      rules: ['area'],
      games: 6,
      seed: 'resume',
    };
    const wholeOut = tempDir();
    const whole = await play(tournament({ ...raw, concurrency: 2 }, wholeOut));
    expect(whole.summary.status).toBe('complete');

    // The same tournament, stopped after two games and resumed, on one worker instead of two.
    const out = tempDir();
    const first = await play(tournament({ ...raw, concurrency: 1 }, out), (runner, events) => {
      const seen = (): void => {
        if (events.filter((e) => e.type === 'game').length >= 2) runner.abort();
      };
      const push = events.push.bind(events);
      events.push = (...items) => {
        const n = push(...items);
        seen();
        return n;
      };
    });
    expect(first.summary.status).toBe('aborted');
    expect(first.records.length).toBeGreaterThanOrEqual(2);
    expect(first.records.length).toBeLessThan(6);
    const resumed = await play(tournament({ ...raw, concurrency: 1 }, out));
    expect(resumed.summary.status).toBe('complete');

    const movesOf = (records: typeof whole.records): Map<number, string> =>
      new Map(records.map((r) => [r.game, r.moves.map((m) => m.move).join(' ')]));
    const a = movesOf(whole.records);
    const b = movesOf(resumed.records);
    expect([...b.keys()].sort()).toEqual([0, 1, 2, 3, 4, 5]);
    for (const [game, moves] of a) expect(b.get(game), `game ${game}`).toBe(moves);
    expect(new Set(a.values()).size).toBe(6);
    // The SGF files agree too, apart from their dates.
    const sgf = (dir: string, g: number): string =>
      readFileSync(join(dir, 'sgf', `game-${String(g).padStart(5, '0')}.sgf`), 'utf8').replace(/DT\[[^\]]*\]/, '');
    for (let g = 0; g < 6; g++) expect(sgf(out, g), `game ${g}`).toBe(sgf(wholeOut, g));
  }, 90_000);

  it("reuse one built-in bot's process for every game of a worker, and its own --seed changes its games", async () => {
    const raw = (options: string) => ({
      engines: [
        { name: 'random', builtin: 'random' },
        { name: 'uct', builtin: 'uct', options },
      ],
      graphs: ['grid 4 4'],
      rules: ['area'],
      games: 4,
      seed: 'own',
    });
    const plain = await play(tournament(raw('--playouts 20'), tempDir()));
    const seeded = await play(tournament(raw('--playouts 20 --seed 7'), tempDir()));
    for (const { records } of [plain, seeded]) {
      expect(records).toHaveLength(4);
      // Each game's set_random_seed builds the bot afresh, so no game needs a process of its own.
      expect(new Set(records.map((r) => r.engines.uct.pid)).size).toBe(1);
      expect(new Set(records.map((r) => r.engines.random.pid)).size).toBe(1);
    }
    // The bot's own seed goes into every game's seed, so its games differ from the same bot's without it.
    const movesOf = (records: typeof plain.records): string[] => records.map((r) => r.moves.map((m) => m.move).join(' '));
    expect(movesOf(seeded.records)).not.toEqual(movesOf(plain.records));
  }, 60_000);
});

/** The processes of a process group other than its leader (the engine's watcher, and its sleep). */
function othersInGroup(leader: number): number[] {
  const out: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name) || Number(name) === leader) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) === leader) out.push(Number(name));
    } catch {
      // gone
    }
  }
  return out;
}

describe.skipIf(!existsSync('/proc') || !existsSync('/bin/sh'))('engines left by a SIGKILLed harness', () => {
  const matchArgs = (out: string, hangFile: string): string[] => [
    'tournament',
    'match',
    '--engine',
    `a=${process.execPath} ${STUBBORN} --hang-file ${hangFile}`,
    '--engine',
    `b=${process.execPath} ${STUBBORN} --name b`,
    '--graph',
    'grid 3 3',
    '--games',
    '2',
    '--move-timeout',
    '120',
    '--out',
    out,
  ];

  /** Starts the match, waits for engine `a` to hang in genmove, and returns the harness and the engines' pids. */
  async function hungRun(out: string, hangFile: string): Promise<{ harness: ReturnType<typeof spawn>; pids: number[]; output: () => string }> {
    const harness = spawn(process.execPath, [GRAPHGO_MAIN, ...matchArgs(out, hangFile)], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let text = '';
    harness.stdout!.on('data', (d: Buffer) => (text += d.toString()));
    harness.stderr!.on('data', (d: Buffer) => (text += d.toString()));
    await waitFor(() => existsSync(hangFile) || harness.exitCode !== null);
    expect(harness.exitCode, text).toBeNull();
    const pids = readEnginePids(out).map((e) => e.pid);
    expect(pids).toHaveLength(2);
    for (const pid of pids) expect(isAlive(pid)).toBe(true);
    return { harness, pids, output: () => text };
  }

  async function sigkill(harness: ReturnType<typeof spawn>): Promise<void> {
    const exited = new Promise((r) => harness.on('close', r));
    harness.kill('SIGKILL');
    await exited;
  }

  it('an engine hanging in genmove, deaf to SIGTERM and end of input, dies within a few seconds of the harness', async () => {
    const dir = tempDir();
    const out = join(dir, 'match');
    const { harness, pids } = await hungRun(out, join(dir, 'hung'));
    await sigkill(harness);
    const killedAt = Date.now();
    await waitFor(() => pids.every((pid) => !isAlive(pid)), 10_000);
    expect(Date.now() - killedAt).toBeLessThan(5000);
  }, 40_000);

  it('with its watcher killed as well, the next run of the folder kills it, says so, and plays on', async () => {
    const dir = tempDir();
    const out = join(dir, 'match');
    const hangFile = join(dir, 'hung');
    const { harness, pids } = await hungRun(out, hangFile);
    for (const pid of pids) for (const other of othersInGroup(pid)) process.kill(other, 'SIGKILL');
    await sigkill(harness);
    await new Promise((r) => setTimeout(r, 2500));
    for (const pid of pids) expect(isAlive(pid), `engine ${pid} should still run: its watcher is gone`).toBe(true);
    expect(existsSync(join(out, ENGINE_PIDS_FILE))).toBe(true);

    // The hang file exists now, so engine `a` passes in the next run.
    let err = '';
    const code = await runCli(matchArgs(out, hangFile), { writeOut: () => undefined, writeErr: (t) => void (err += t) });
    expect(code, err).toBe(0);
    expect(err).toMatch(/killed 2 engine process\(es\) left running by an earlier run: a \(worker 0, pid \d+\), b \(worker 0, pid \d+\)|killed 2 engine process\(es\) left running by an earlier run: b \(worker 0, pid \d+\), a \(worker 0, pid \d+\)/);
    expect(err).toContain('removed a stale lock');
    await waitFor(() => pids.every((pid) => !isAlive(pid)), 5000);
    expect(existsSync(join(out, ENGINE_PIDS_FILE))).toBe(false);
  }, 60_000);
});

describe('a run that cannot start', () => {
  it('says why, not "0 of 0 games recorded"', async () => {
    const out = join(tempDir(), 'match');
    let err = '';
    let stdout = '';
    const code = await runCli(['tournament', 'match', '--engine', '/nonexistent/engine --gtp', '--engine', 'builtin:random', '--games', '2', '--out', out], {
      writeOut: (t) => void (stdout += t),
      writeErr: (t) => void (err += t),
    });
    expect(code).toBe(1);
    expect(err).toMatch(/tournament could not start: .*\/nonexistent\/engine.*ENOENT/s);
    expect(err).toContain('no game was played');
    expect(err + stdout).not.toMatch(/0 of 0/);
    expect(stdout).toBe('');
  }, 30_000);
});
