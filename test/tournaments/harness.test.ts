/**
 * The harness in-process against fake engines (fixtures/fake-engine.mjs): results and resuming, every kind of
 * forfeit, voids, start-up failures, square-board engines, abort, the lock, concurrency, teams and the SPRT.
 */
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCK_FILE } from '../../tournaments/lock.js';
import { CONFIG_FILE, RESULTS_FILE, sgfPath } from '../../tournaments/records.js';
import { fake, isAlive, play, tempDir, tournament } from './helpers.js';

describe('a tournament run', () => {
  it('plays every game, writes results and SGF with the right colours, and resumes exactly', async () => {
    const out = tempDir();
    const t = tournament({ engines: [fake('alpha'), fake('beta')], games: 4 }, out);
    const first = await play(t);
    expect(first.summary).toMatchObject({ status: 'complete', total: 4, done: 4, playedThisRun: 4, voided: 0 });
    expect(first.records.map((r) => [r.game, r.black, r.white, r.result, r.reason])).toEqual([
      [0, 'alpha', 'beta', 'W+7.5', 'passes'],
      [1, 'beta', 'alpha', 'W+7.5', 'passes'],
      [2, 'alpha', 'beta', 'W+7.5', 'passes'],
      [3, 'beta', 'alpha', 'W+7.5', 'passes'],
    ]);
    const r1 = first.records[1];
    expect(r1).toMatchObject({ winners: ['alpha'], losers: ['beta'], seed: '1.1', graph: 'grid 5 5', round: 0, rotation: 1 });
    expect(r1.moves.map((m) => [m.color, m.move, m.engine])).toEqual([
      [1, 'pass', 'beta'],
      [2, 'pass', 'alpha'],
    ]);
    expect(r1.scores).toEqual([0, 0, 7.5]);
    const sgf = readFileSync(sgfPath(out, 1), 'utf8');
    expect(sgf).toMatch(/PB\[beta\]PW\[alpha\]/);
    expect(sgf).toMatch(/RE\[W\+7\.5\]/);
    expect(sgf).toMatch(/;B\[\];W\[\]/);
    expect(existsSync(join(out, LOCK_FILE))).toBe(false);
    expect(first.runner.enginePids()).toEqual([]);
    expect(readFileSync(join(out, 'logs', 'alpha.w0.log'), 'utf8')).toMatch(/start #1: .*fake-engine\.mjs[\s\S]*alpha: genmove 1/);

    // Run again: nothing to do.
    const second = await play(t);
    expect(second.summary).toMatchObject({ status: 'complete', playedThisRun: 0, done: 4 });
    expect(second.records).toHaveLength(4);
    // More games: only the new ones are played, with new numbers.
    const third = await play(tournament({ engines: [fake('alpha'), fake('beta')], games: 6 }, out));
    expect(third.summary).toMatchObject({ status: 'complete', playedThisRun: 2, done: 6, total: 6 });
    expect(third.messages).toContain('resuming: 4 of 6 games already played');
    expect(third.records.map((r) => r.game)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('cuts off a partial last line left by a killed run, and refuses a different tournament in the same folder', async () => {
    const out = tempDir();
    const t = tournament({ engines: [fake('a'), fake('b')], games: 2 }, out);
    await play(t);
    appendFileSync(join(out, RESULTS_FILE), '{"version":1,"game":1,"bl');
    const again = await play(tournament({ engines: [fake('a'), fake('b')], games: 3 }, out));
    expect(again.messages.some((m) => /cut off a partial last line/.test(m))).toBe(true);
    expect(again.records.map((r) => r.game)).toEqual([0, 1, 2]);
    const other = await play(tournament({ engines: [fake('a'), fake('b')], games: 3, seed: 'x' }, out));
    expect(other.summary.status).toBe('halted');
    expect(other.summary.error).toMatch(/holds a different tournament \(seed differ\)/);
    expect(JSON.parse(readFileSync(join(out, CONFIG_FILE), 'utf8')).identity.seed).toBe('1');
  });
});

describe.concurrent('forfeits', () => {
  // Game 0: good is Black, bad is White and misbehaves at its first genmove (once, thanks to --once); game 1 is normal.
  const cases = [
    { mode: 'crash', reason: 'crash', result: 'B+F', detail: /engine exited \(exit code 3\)/, restarts: true },
    { mode: 'hang', reason: 'timeout', result: 'B+F', detail: /no answer to "genmove w" within 1000 ms; engine killed/, restarts: true },
    { mode: 'garbage', reason: 'protocol', result: 'B+F', detail: /protocol error: unexpected output "hello, I am not GTP/, restarts: true },
    { mode: 'error', reason: 'genmove-error', result: 'B+F', detail: /genmove failed: \? cannot generate a move/, restarts: false },
    { mode: 'resign', reason: 'resign', result: 'B+R', detail: null, restarts: false },
  ];
  for (const c of cases) {
    it(`${c.mode}: ${c.reason}`, async () => {
      const out = tempDir();
      const once = join(out, 'once');
      const t = tournament({ engines: [fake('good'), fake('bad', '--mode', c.mode, '--once', once)], games: 2, moveTimeout: 1 }, out);
      const { summary, records, messages } = await play(t);
      expect(summary).toMatchObject({ status: 'complete', done: 2 });
      const [g0, g1] = records;
      expect(g0).toMatchObject({ black: 'good', white: 'bad', result: c.result, reason: c.reason, winners: ['good'], losers: ['bad'] });
      if (c.detail === null) expect(g0.forfeit).toBeUndefined();
      else expect(g0.forfeit).toMatchObject({ engine: 'bad', color: 2, kind: c.reason, detail: expect.stringMatching(c.detail) });
      expect(g0.moves.map((m) => m.move)).toEqual(['pass']);
      expect(g1).toMatchObject({ black: 'bad', white: 'good', result: 'W+7.5', reason: 'passes' });
      expect(g1.engines.bad.starts).toBe(c.restarts ? 2 : 1);
      expect(messages.some((m) => /engine bad \(worker 0\) restarted \(start #2\)/.test(m))).toBe(c.restarts);
    });
  }

  it('illegal move: a forfeit with the move recorded', async () => {
    const out = tempDir();
    const t = tournament({ engines: [fake('good'), fake('bad', '--mode', 'illegal')], games: 1 }, out);
    const { records } = await play(t);
    expect(records[0]).toMatchObject({ result: 'B+F', reason: 'illegal-move' });
    expect(records[0].forfeit).toEqual({ engine: 'bad', color: 2, kind: 'illegal-move', detail: 'illegal move 1 (occupied)', move: '1' });
    expect(records[0].moves.map((m) => m.move)).toEqual(['pass', 'A1', 'pass']);
    expect(readFileSync(sgfPath(out, 0), 'utf8')).toMatch(/RE\[B\+F\][\s\S]*bad forfeits \(illegal-move\): illegal move 1 \(occupied\) \[answer: 1\\\]/);
  });

  it('an engine that refuses a legal move voids the game, and three voids halt the run', async () => {
    const out = tempDir();
    const t = tournament({ engines: [fake('stone', '--mode', 'one-stone'), fake('refuser', '--mode', 'refuse-play')], games: 1 }, out);
    const { summary, records, voids, messages } = await play(t);
    expect(summary.status).toBe('halted');
    expect(summary.error).toMatch(/^game 0 was voided 3 times; the last time: refuser refused "play B A1", which the rules .* allow: \? illegal move/);
    expect(records).toHaveLength(0);
    expect(voids).toHaveLength(3);
    expect(messages.filter((m) => m.startsWith('void 0'))).toHaveLength(3);
  });
});

describe.concurrent('start-up', () => {
  it('halts with a clear message when an engine dies at start', async () => {
    const out = tempDir();
    const { summary } = await play(tournament({ engines: [fake('good'), fake('dead', '--mode', 'crash-at-start')], games: 2 }, out));
    expect(summary.status).toBe('halted');
    expect(summary.error).toMatch(/^engine "dead" \(.*fake-engine\.mjs --name dead --mode crash-at-start\) failed to start: engine exited \(exit code 4\)/);
  });

  it('halts with a clear message when the program does not exist', async () => {
    const out = tempDir();
    const { summary } = await play(tournament({ engines: [fake('good'), { name: 'ghost', command: ['/nonexistent/ghost-engine'] }], games: 2 }, out));
    expect(summary.error).toMatch(/engine "ghost" .* failed to start: cannot start engine "\/nonexistent\/ghost-engine": spawn \/nonexistent\/ghost-engine ENOENT/);
  });

  it('names a missing working folder, which spawning alone would report as a missing program', async () => {
    const out = tempDir();
    const { summary } = await play(tournament({ engines: [fake('good'), { ...fake('lost'), cwd: '/nonexistent/folder' }], games: 2 }, out));
    expect(summary.status).toBe('halted');
    expect(summary.error).toBe('engine "lost" cannot start: its working folder /nonexistent/folder does not exist or is not a folder');
  });

  it('skips a square-only engine on other graphs and rules, with the reason, and plays it on square grids', async () => {
    const out = tempDir();
    const t = tournament(
      { engines: [fake('graphs'), fake('square', '--square')], graphs: ['grid 5 5', 'petersen'], rules: ['area', 'famine'], games: 2 },
      out,
    );
    const { summary, records, messages } = await play(t);
    expect(summary).toMatchObject({ status: 'complete', total: 2, done: 2 });
    expect(summary.skipped).toEqual([
      'square knows only square boards (no set_graph/set_rules): it cannot follow "famine" (passes=paid; it knows free passes only)',
      'square knows only square boards (no set_graph/set_rules): it cannot play on "petersen"',
    ]);
    expect(messages).toContain('engine square: square 0.1, GTP 2, square boards only (boardsize); stderr in ' + join(out, 'logs', 'square.w0.log'));
    expect(records.map((r) => [r.graph, r.rules.split(' ')[0], r.result])).toEqual([
      ['grid 5 5', 'area', 'W+7.5'],
      ['grid 5 5', 'area', 'W+7.5'],
    ]);
  });
});

describe('stopping', () => {
  it('abort kills every engine, drops the game in progress and releases the lock', async () => {
    const out = tempDir();
    const t = tournament({ engines: [fake('slow', '--delay', '5000'), fake('other')], games: 4 }, out);
    let pids: number[] = [];
    let abortedAt = 0;
    const { summary, records } = await play(t, (runner) => {
      const poll = setInterval(() => {
        pids = runner.enginePids();
        if (pids.length === 2 && readFileSync(join(out, 'logs', 'slow.w0.log'), 'utf8').includes('genmove 1')) {
          clearInterval(poll);
          abortedAt = Date.now();
          runner.abort();
        }
      }, 20);
    });
    expect(summary.status).toBe('aborted');
    // The slow engine's genmove would take 5 s: the run ends as soon as its process group is killed.
    expect(Date.now() - abortedAt).toBeLessThan(2500);
    expect(records).toHaveLength(0);
    expect(pids).toHaveLength(2);
    for (const pid of pids) expect(isAlive(pid)).toBe(false);
    expect(existsSync(join(out, LOCK_FILE))).toBe(false);
  });

  it('refuses a folder locked by a live run, and removes a stale lock', async () => {
    const out = tempDir();
    const t = tournament({ engines: [fake('a'), fake('b')], games: 1 }, out);
    const { hostname } = await import('node:os');
    writeFileSync(join(out, LOCK_FILE), JSON.stringify({ pid: process.ppid, host: hostname(), started: 'earlier' }));
    await expect(play(t)).rejects.toThrow(`is in use by another run (pid ${process.ppid}, started earlier)`);
    writeFileSync(join(out, LOCK_FILE), JSON.stringify({ pid: 2 ** 22 + 12345, host: hostname(), started: 'long ago' }));
    const { summary, messages } = await play(t);
    expect(summary.status).toBe('complete');
    expect(messages).toContain(`removed a stale lock left by pid ${2 ** 22 + 12345} (started long ago), which is no longer running`);
  });
});

describe.concurrent('schedules in play', () => {
  it('runs games concurrently, one process per engine per worker', async () => {
    const out = tempDir();
    const t = tournament({ engines: [fake('a', '--delay', '30'), fake('b', '--delay', '30')], games: 8, concurrency: 2 }, out);
    const { summary, records } = await play(t);
    expect(summary.done).toBe(8);
    const workers = new Set(records.map((r) => r.worker));
    expect(workers).toEqual(new Set([0, 1]));
    const pidsOfA = new Map<number, Set<number>>();
    for (const r of records) {
      const set = pidsOfA.get(r.worker) ?? new Set();
      set.add(r.engines.a.pid!);
      pidsOfA.set(r.worker, set);
    }
    expect(pidsOfA.get(0)!.size).toBe(1);
    expect(pidsOfA.get(1)!.size).toBe(1);
    expect([...pidsOfA.get(0)!][0]).not.toBe([...pidsOfA.get(1)!][0]);
    expect(records.map((r) => r.game).sort((x, y) => x - y)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('plays NetGo teams: order 1,2,2,1 with seats ACBC, one engine at both colours', async () => {
    const out = tempDir();
    const t = tournament({ engines: [fake('x'), fake('y'), fake('z')], rules: [{ rules: 'netgo order=1,2,2,1', seats: 'ACBC' }], games: 3 }, out);
    const { records } = await play(t);
    expect(records.map((r) => r.seats.join(' '))).toEqual(['x z y z', 'y x z x', 'z y x y']);
    expect(records[0]).toMatchObject({ colors: [['x', 'z'], ['z', 'y']], result: '0', winner: 0, winners: [], reason: 'passes' });
    expect(records[0].moves.map((m) => `${m.color}${m.engine}`)).toEqual(['1x', '2z', '2y', '1z']);
  });

  it('stops when the SPRT decides, and stays stopped on resume', async () => {
    const out = tempDir();
    const t = tournament(
      { engines: [fake('strong'), fake('weak', '--mode', 'resign', '--always')], games: 200, sprt: { elo0: 0, elo1: 50, alpha: 0.05, beta: 0.05 } },
      out,
    );
    const { summary, records } = await play(t);
    expect(summary.status).toBe('sprt');
    expect(summary.sprt?.decision).toBe('H1');
    // Each win adds ln(p1/p0) = 0.1336: the bound 2.944 is crossed at the 23rd win.
    expect(records).toHaveLength(23);
    const again = await play(t);
    expect(again.summary).toMatchObject({ status: 'sprt', playedThisRun: 0 });
    expect(again.messages).toContain('the SPRT has already reached a decision: no more games');
  });
});
