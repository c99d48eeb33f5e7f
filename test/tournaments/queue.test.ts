/**
 * Tournaments on a BullMQ queue in Redis (tournaments/queue/, docs/harness.md "Several machines"): a coordinator and
 * workers as the `graphgo` commands users run, against a private redis-server on a free loopback port (no persistence,
 * so a restart loses the whole queue). Each test plays the 40-game match of queue-fixtures.ts (UCT against the
 * random bot on 4x4) and checks that results.jsonl holds every game number exactly once, with the worker's host:
 *
 * - two workers and a coordinator; `status` and `report` read the folder unchanged;
 * - a worker SIGKILLed mid-run and a new one started;
 * - the coordinator SIGKILLed mid-run and started again;
 * - Redis killed mid-run and started again on the same port;
 * - an SPRT decision: no game is left on the queue;
 * - a worker mapping an engine name to its own command line (`--engine NAME=COMMAND`), and a run halted by a worker
 *   that cannot start the engine;
 * - an unreachable Redis and a bad URL: a clear error, no hang.
 *
 * When /usr/bin/redis-server is missing the tests are skipped, unless CI is set: then they fail and say how to
 * install it.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { spawn } from 'node:child_process';
import { Queue } from 'bullmq';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { QUEUE_NAME, parseQueueUrl } from '../../tournaments/queue/connection.js';
import { ensureDist } from '../gtp/build-dist.js';
import { REPO_ROOT, tempDir } from './helpers.js';
import {
  HAVE_REDIS,
  IN_CI,
  REDIS_SERVER,
  RedisServer,
  expectEveryGameOnce,
  graphgo,
  matchArgs,
  requireRedis,
  resultLines,
  startWorker,
  stopChild,
  waitFor,
  type Child,
} from './queue-fixtures.js';

const RUN = HAVE_REDIS || IN_CI;
if (!RUN) console.warn(`queue tests skipped: ${REDIS_SERVER} is missing (apt-get install -y redis-server); with CI set they fail instead`);

describe.skipIf(!RUN)('tournaments on a Redis queue', () => {
  let redis: RedisServer | null = null;
  const children: Child[] = [];

  beforeAll(async () => {
    requireRedis();
    await ensureDist();
    redis = await RedisServer.start();
  }, 120_000);

  afterEach(async () => {
    await Promise.all(children.splice(0).map(stopChild));
  });

  afterAll(async () => {
    await redis?.stop();
  });

  const worker = async (name: string, ...extra: string[]): Promise<Child> => {
    const w = await startWorker(redis!.url, name, ...extra);
    children.push(w);
    return w;
  };

  const coordinator = (out: string, ...extra: string[]): Child => {
    const c = graphgo(matchArgs(out, redis!.url, ...extra));
    children.push(c);
    return c;
  };

  const finished = async (c: Child): Promise<string> => {
    const code = await c.exited;
    if (code !== 0) throw new Error(`the coordinator exited with ${String(code)}:\n${c.output()}`);
    return c.output();
  };

  it('two workers and a coordinator play a 40-game match, each game recorded once with its host', async () => {
    await Promise.all([worker('w1'), worker('w2')]);
    const out = join(tempDir('graphgo-queue-'), 'match');
    const text = await finished(coordinator(out));
    expect(text).toContain('done: 40 games played');
    const lines = expectEveryGameOnce(out, 40, ['w1', 'w2']);
    expect(new Set(lines.map((r) => r.host))).toEqual(new Set(['w1', 'w2']));
    // The seeds are the local harness's: run seed "1", game g.
    for (const r of lines) expect(r.seed).toBe(`1.${String(r.game)}`);
    expect(readdirSync(join(out, 'sgf'))).toHaveLength(40);

    const status = graphgo(['tournament', 'status', out]);
    expect(await status.exited).toBe(0);
    expect(status.output()).toContain('40 of 40 played');
    const report = graphgo(['tournament', 'report', out]);
    expect(await report.exited).toBe(0);
    expect(report.output()).toMatch(/total +40 /);
    expect(existsSync(join(out, 'report.csv'))).toBe(true);

    // Run again: nothing left to play, nothing queued.
    const again = await finished(coordinator(out));
    expect(again).toContain('0 games played');
    expectEveryGameOnce(out, 40, ['w1', 'w2']);
  }, 60_000);

  it('a worker SIGKILLed mid-run: its game is played by another worker and every game is recorded once', async () => {
    const [w1] = await Promise.all([worker('w1'), worker('w2')]);
    const out = join(tempDir('graphgo-queue-'), 'match');
    const c = coordinator(out);
    // Killed while BullMQ says it is playing a game: that game must be played again by another worker.
    const queue = new Queue(QUEUE_NAME, { connection: { host: '127.0.0.1', port: redis!.port } });
    let taken: { game: number; id: string } | null = null;
    let stateAfterKill = '';
    try {
      await waitFor(() => resultLines(out).length >= 8);
      const deadline = Date.now() + 20_000;
      while (taken === null && Date.now() < deadline) {
        const mine = (await queue.getActive()).find((j) => j.processedBy === 'w1' && j.id !== undefined);
        if (mine !== undefined) {
          w1.child.kill('SIGKILL');
          taken = { game: (mine.data as { game: number }).game, id: mine.id! };
        }
      }
      await w1.exited;
      if (taken !== null) stateAfterKill = await queue.getJobState(taken.id);
    } finally {
      await queue.close();
    }
    expect(taken).not.toBeNull();
    const atKill = resultLines(out).length;
    await worker('w3');
    await finished(c);
    expect(atKill).toBeLessThan(40);
    const lines = expectEveryGameOnce(out, 40, ['w1', 'w2', 'w3']);
    expect(lines.some((r) => r.host === 'w3')).toBe(true);
    // Unless w1 finished that game in the instant before the kill (then it is recorded as w1's), another worker played it.
    if (stateAfterKill === 'active') expect(['w2', 'w3']).toContain(lines.find((r) => r.game === taken!.game)!.host);
  }, 60_000);

  it('the coordinator SIGKILLed mid-run and started again: no game lost or doubled', async () => {
    await Promise.all([worker('w1'), worker('w2')]);
    const out = join(tempDir('graphgo-queue-'), 'match');
    const first = coordinator(out);
    await waitFor(() => resultLines(out).length >= 10);
    first.child.kill('SIGKILL');
    await first.exited;
    const atKill = resultLines(out).length;
    expect(atKill).toBeLessThan(40);
    // The workers go on with the queued games meanwhile; their results wait in Redis for the next coordinator.
    await new Promise((r) => setTimeout(r, 1500));
    expect(resultLines(out).length).toBe(atKill);
    const second = await finished(coordinator(out));
    expect(second).toContain('removed a stale lock');
    expect(second).toContain(`resuming: ${atKill} of 40 games already played`);
    expectEveryGameOnce(out, 40, ['w1', 'w2']);
  }, 60_000);

  it('Redis restarted mid-run without its data: the run says so, goes on when it is back, and records every game once', async () => {
    const [w1, w2] = await Promise.all([worker('w1'), worker('w2')]);
    const out = join(tempDir('graphgo-queue-'), 'match');
    const c = coordinator(out);
    await waitFor(() => resultLines(out).length >= 10);
    await redis!.down();
    await new Promise((r) => setTimeout(r, 1500));
    await redis!.up();
    const text = await finished(c);
    expect(text).toMatch(/warning: the queue's Redis at redis:\/\/127\.0\.0\.1:\d+: .*reconnecting/);
    expect(text).toMatch(/the queue's Redis at redis:\/\/127\.0\.0\.1:\d+ is back/);
    expectEveryGameOnce(out, 40, ['w1', 'w2']);
    expect(w1.output() + w2.output()).toContain('is back');
  }, 60_000);

  it('an SPRT decision stops the run and takes the games not started back off the queue', async () => {
    await Promise.all([worker('w1'), worker('w2')]);
    const out = join(tempDir('graphgo-queue-'), 'sprt');
    const c = graphgo([
      'tournament', 'match', '--engine', 'builtin:uct --playouts 1000', '--engine', 'builtin:random', '--graph', 'grid 5 5',
      '--games', '100', '--sprt', '0', '100', '0.05', '0.05', '--out', out, '--queue', redis!.url,
    ]);
    children.push(c);
    const text = await finished(c);
    expect(text).toContain('H1 accepted');
    const lines = resultLines(out);
    // H1 is accepted after 13 straight wins; the games in progress then are recorded too.
    expect(lines.length).toBeGreaterThanOrEqual(13);
    expect(lines.length).toBeLessThan(20);
    expect(new Set(lines.map((r) => r.game)).size).toBe(lines.length);
    const queue = new Queue(QUEUE_NAME, { connection: { host: '127.0.0.1', port: redis!.port } });
    try {
      const counts = await queue.getJobCounts('waiting', 'prioritized', 'delayed', 'active');
      expect(counts).toEqual({ waiting: 0, prioritized: 0, delayed: 0, active: 0 });
    } finally {
      await queue.close();
    }
  }, 60_000);

  it('a worker runs its own command line for an engine it maps by name; without the mapping the run halts and resumes later', async () => {
    // The tournament names an engine by a command that exists on no machine: only a worker that maps the name to a
    // command of its own can play it.
    const missing = join(tempDir('graphgo-queue-'), 'no-such-engine');
    const out = join(tempDir('graphgo-queue-'), 'mapped');
    const args = [
      'tournament', 'match', '--engine', 'builtin:random', '--engine', `ext=${missing} --mode gtp`, '--graph', 'grid 3 3',
      '--rules', 'area', '--games', '6', '--out', out, '--queue', redis!.url,
    ];
    const unmapped = await worker('plain');
    const halted = graphgo(args);
    children.push(halted);
    expect(await halted.exited).not.toBe(0);
    expect(halted.output()).toContain(missing);
    await stopChild(unmapped);

    await worker('mapper', '--engine', `ext=${process.execPath} dist/cli/main.js gtp --bot random`);
    const resumed = graphgo(args);
    children.push(resumed);
    const text = await finished(resumed);
    expect(text).toContain('done: 6 games played');
    expectEveryGameOnce(out, 6, ['mapper']);
  }, 60_000);

  it('an unreachable Redis or a bad URL is a clear error, not a hang', async () => {
    const out = join(tempDir('graphgo-queue-'), 'match');
    const port = redis!.port;
    await redis!.down();
    try {
      // Both give up after the --connect-seconds they were given (10 s by default), saying how long they waited.
      const started = Date.now();
      const c = graphgo(matchArgs(out, `redis://127.0.0.1:${port}`, '--connect-seconds', '2'));
      const w = graphgo(['tournament', 'worker', '--queue', `redis://127.0.0.1:${port}`, '--connect-seconds', '1.5']);
      children.push(c, w);
      expect(await c.exited).toBe(1);
      expect(await w.exited).toBe(1);
      expect(Date.now() - started).toBeLessThan(9_000);
      expect(c.output()).toContain(`tournament could not start: cannot reach the queue's Redis at redis://127.0.0.1:${port}: connect ECONNREFUSED`);
      expect(c.output()).toContain('(no answer within 2 s)');
      expect(c.output()).not.toContain('0 of 0');
      expect(w.output()).toContain(`cannot reach the queue's Redis at redis://127.0.0.1:${port}`);
      expect(w.output()).toContain('(no answer within 1.5 s)');
      const bad = graphgo(matchArgs(out, 'http://127.0.0.1:1'));
      expect(await bad.exited).toBe(1);
      expect(bad.output()).toContain('the scheme must be redis: or rediss:');
    } finally {
      await redis!.up();
    }
  }, 60_000);
});

describe('--queue URLs', () => {
  it('reads host, port, database and password, and hides the password in messages', () => {
    const plain = parseQueueUrl('redis://10.0.0.5:6380');
    expect(plain.ok && plain.value).toMatchObject({ host: '10.0.0.5', port: 6380, db: 0, tls: false, label: 'redis://10.0.0.5:6380' });
    const full = parseQueueUrl('rediss://user:s%40cret@q.example/2');
    expect(full.ok && full.value).toMatchObject({ host: 'q.example', port: 6379, db: 2, username: 'user', password: 's@cret', tls: true });
    expect(full.ok && full.value.label).toBe('rediss://user:***@q.example/2');
    expect(parseQueueUrl('redis://[::1]:7000').ok && parseQueueUrl('redis://[::1]:7000')).toMatchObject({ value: { host: '::1', port: 7000 } });
  });

  it('--connect-seconds must be a positive number of seconds, and --window and --connect-seconds go with --queue', async () => {
    await ensureDist();
    const out = join(tempDir('graphgo-queue-'), 'match');
    const url = 'redis://127.0.0.1:1';
    const local = matchArgs(out, url).filter((a) => a !== '--queue' && a !== url);
    for (const [args, message] of [
      [matchArgs(out, url, '--connect-seconds', '0'), '--connect-seconds'],
      [['tournament', 'worker', '--queue', url, '--connect-seconds', 'soon'], '--connect-seconds'],
      [[...local, '--connect-seconds', '3'], '--connect-seconds goes with --queue'],
      [[...local, '--window', '3'], '--window goes with --queue'],
    ] as [string[], string][]) {
      const c = graphgo(args);
      expect(await c.exited, c.output()).toBe(1);
      expect(c.output()).toContain(message);
      expect(c.output()).not.toMatch(/at .*\.js:\d+/);
    }
    expect(existsSync(out)).toBe(false);
  });

  it('a Redis that cannot be reached leaves nothing behind: the process ends as soon as it has said so', async () => {
    await ensureDist();
    // ioredis waited 2 s for the socket of a connection that never came up to close, which kept the process alive.
    const script = [
      `const { reachRedis, parseQueueUrl } = await import(${JSON.stringify(pathToFileURL(join(REPO_ROOT, 'dist', 'tournaments', 'queue', 'connection.js')).href)});`,
      `const r = await reachRedis(parseQueueUrl('redis://127.0.0.1:1').value, 300);`,
      `process.stdout.write(JSON.stringify({ ok: r.ok, at: Date.now() }) + '\\n');`,
    ].join('\n');
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    await new Promise((resolve) => child.on('exit', resolve));
    const ended = Date.now();
    const said = JSON.parse(out) as { ok: boolean; at: number };
    expect(said.ok).toBe(false);
    expect(ended - said.at).toBeLessThan(1000);
  });

  it('refuses what is not a redis URL, saying what is expected', () => {
    for (const [text, why] of [
      ['127.0.0.1:6379', 'no redis:// in front'],
      ['http://q:6379', 'the scheme must be redis: or rediss:, not http:'],
      ['redis://q:6379/queue', 'the path must be a database number'],
      ['redis://', 'no host'],
    ]) {
      const r = parseQueueUrl(text);
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(r.error.message).toContain(why);
        expect(r.error.message).toContain('expected redis://HOST:PORT');
      }
    }
  });
});
