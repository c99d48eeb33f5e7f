/**
 * protocol/client.ts against scripted engines (test/gtp/fixtures/fake-engine.mjs) and against our own engine:
 * response parsing and preprocessing, the queue, ids, every GtpEngineError kind, process-group kills, stderr capture
 * and logging, close(), and that a program that forgets close() still exits.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { GtpClient, GtpEngineError, type GtpClientOptions } from '../../protocol/client.js';
import { ensureDist, ENGINE_MAIN } from './build-dist.js';
import { REPO_ROOT } from './tst-runner.js';

const FAKE = join(REPO_ROOT, 'test', 'gtp', 'fixtures', 'fake-engine.mjs');
const fake = (mode: string, options: GtpClientOptions = {}) => new GtpClient('node', [FAKE, mode], { timeoutMs: 10_000, ...options });

async function rejection(promise: Promise<unknown>): Promise<GtpEngineError> {
  try {
    await promise;
  } catch (e) {
    if (e instanceof GtpEngineError) return e;
    throw e;
  }
  throw new Error('expected a rejection');
}

/** Whether a process runs (a zombie does not count: in a container nobody may reap an orphan killed with its group). */
function processRuns(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/^\d+ \(.*\) Z/.test(stat);
  } catch {
    return false;
  }
}

beforeAll(async () => {
  await ensureDist();
}, 120_000);

describe('GtpClient: responses', () => {
  it('parses =/? answers, ids, multi-line results, and drops CR and control characters', async () => {
    const c = fake('echo');
    expect(await c.send('hello world')).toEqual({ ok: true, text: 'world' });
    expect(await c.send('12 hello there')).toEqual({ ok: true, text: 'there', id: '12' });
    expect(await c.send('3 fail')).toEqual({ ok: false, text: 'no such thing', id: '3' });
    expect(await c.send('multi')).toEqual({ ok: true, text: 'line one\nline two' });
    // "=1 a\tb\r\n\r\n": HT becomes a space, CRs are dropped, so the blank line is found.
    expect(await c.send('1 tab')).toEqual({ ok: true, text: 'a b', id: '1' });
    expect(await c.send('bare')).toEqual({ ok: true, text: '' });
    expect(await c.close()).toEqual({ code: 0, signal: null });
  });

  it('queues commands: one in flight, answers in order', async () => {
    const c = fake('echo');
    const answers = await Promise.all([c.send('1 slow 80'), c.send('2 x a'), c.send('3 slow 10'), c.send('4 x b')]);
    expect(answers.map((a) => `${a.id}:${a.text}`)).toEqual(['1:slept', '2:a', '3:slept', '4:b']);
    await c.close();
  });

  it('refuses lines that would get no answer, or two', async () => {
    const c = fake('echo');
    await expect(c.send('# just a comment')).rejects.toThrow(RangeError);
    await expect(c.send('   ')).rejects.toThrow(RangeError);
    await expect(c.send('a\nb')).rejects.toThrow(RangeError);
    c.writeRaw('# a comment the engine ignores\n');
    expect(await c.send('x ok')).toEqual({ ok: true, text: 'ok' });
    await c.close();
  });

  it('reports what it sends and reads, raw', async () => {
    const traffic: string[] = [];
    const c = fake('echo', { onTraffic: (d, t) => traffic.push(`${d}:${t}`) });
    await c.send('7 tab');
    await c.close();
    expect(traffic.slice(0, 2)).toEqual(['sent:7 tab\n', 'received:=7 a\tb\r\n\r\n']);
  });
});

describe('GtpClient: failures', () => {
  it('times out a hung engine, kills its whole process group and rejects everything pending', async () => {
    const c = fake('silent', { timeoutMs: 300 });
    // The clock starts at the send: wait until the engine has started its grandchild, however slowly node starts
    // on a loaded machine, so the timeout is what kills it, not a start that outlasted 300 ms.
    for (let waited = 0; !/grandchild \d+/.test(c.stderr) && waited < 20_000; waited += 20) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const first = c.send('1 name');
    const queued = c.send('2 name');
    const error = await rejection(first);
    expect(error.kind).toBe('timeout');
    expect(error.message).toMatch(/no answer to "1 name" within 300 ms; engine killed/);
    expect((await rejection(queued)).kind).toBe('timeout');
    expect(await c.exited).toEqual({ code: null, signal: 'SIGKILL' });
    // The grandchild (a `sleep 60` in the engine's group) went with it.
    const pid = Number(/grandchild (\d+)/.exec(c.stderr)?.[1]);
    expect(pid).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(processRuns(pid)).toBe(false);
    expect((await rejection(c.send('3 name'))).kind).toBe('timeout');
  });

  it('reports a crash with the exit code and the tail of stderr', async () => {
    const c = fake('crash');
    const error = await rejection(c.send('name'));
    expect(error.kind).toBe('crashed');
    expect(error.details.exitCode).toBe(3);
    expect(error.details.stderrTail).toContain('fatal: out of cheese');
    expect(error.message).toMatch(/exit code 3.*out of cheese/s);
    const later = await rejection(c.send('name'));
    expect(later.kind).toBe('crashed');
    expect(later.message).toMatch(/^engine is not running/);
  });

  it('reports an engine that cannot start', async () => {
    const c = new GtpClient(join(REPO_ROOT, 'no-such-engine'), []);
    const error = await rejection(c.send('name'));
    expect(error.kind).toBe('crashed');
    expect(error.message).toMatch(/cannot start engine .*ENOENT/);
  });

  it('treats a banner, a wrong id and an extra answer as protocol errors, and kills the engine', async () => {
    const banner = fake('banner');
    const e1 = await rejection(banner.send('name'));
    expect(e1.kind).toBe('protocol');
    expect(e1.message).toMatch(/unexpected output "Welcome/);
    expect((await banner.exited).signal).toBe('SIGKILL');

    const wrongId = fake('wrong-id');
    const e2 = await rejection(wrongId.send('5 name'));
    expect(e2.kind).toBe('protocol');
    expect(e2.message).toMatch(/response id 999 does not match command id 5/);

    const double = fake('double');
    expect(await double.send('6 name')).toEqual({ ok: true, text: 'name', id: '6' });
    // The second answer arrives with nothing asked (or is taken for the next command): protocol error either way.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const e3 = await rejection(double.send('7 name'));
    expect(e3.kind).toBe('protocol');
    await Promise.all([wrongId.exited, double.exited]);
  });

  it('close() kills an engine that ignores quit and the end of input', async () => {
    const c = fake('deaf');
    const start = Date.now();
    expect(await c.close({ graceMs: 300 })).toEqual({ code: null, signal: 'SIGKILL' });
    expect(Date.now() - start).toBeLessThan(5000);
    expect((await rejection(c.send('name'))).kind).toMatch(/timeout|closed/);
  });

  it('close() rejects queued commands and lets the one in flight finish', async () => {
    const c = fake('echo');
    const inFlight = c.send('1 slow 100');
    const queued = c.send('2 x never');
    const closing = c.close();
    expect((await rejection(queued)).kind).toBe('closed');
    expect(await inFlight).toEqual({ ok: true, text: 'slept', id: '1' });
    expect(await closing).toEqual({ code: 0, signal: null });
    expect((await rejection(c.send('name'))).kind).toBe('closed');
  });

  it('an engine that exits after answering quit is closed, not crashed', async () => {
    const c = fake('echo');
    expect(await c.send('quit')).toEqual({ ok: true, text: '' });
    expect(await c.exited).toEqual({ code: 0, signal: null });
    const error = await rejection(c.send('name'));
    expect(error.kind).toBe('closed');
  });
});

describe('GtpClient: stderr', () => {
  it('keeps the last 64 KB of stderr and appends it to a log file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'graphgo-client-'));
    const log = join(dir, 'engine.log');
    const c = fake('echo', { stderrLog: log });
    await c.send(`err first line`);
    await c.send(`err ${'x'.repeat(70_000)}`);
    await c.send(`err last line`);
    await c.close();
    expect(c.stderr.length).toBe(64 * 1024);
    expect(c.stderr.endsWith('last line\n')).toBe(true);
    const logged = readFileSync(log, 'utf8');
    expect(logged.startsWith('first line\n')).toBe(true);
    expect(logged.endsWith('last line\n')).toBe(true);
    expect(logged.length).toBe('first line\n'.length + 70_001 + 'last line\n'.length);
  });
});

describe('GtpClient: our engine', () => {
  it('drives graphgo gtp', async () => {
    const c = new GtpClient('node', [ENGINE_MAIN, 'gtp', '--bot', 'random'], { cwd: REPO_ROOT });
    expect(await c.send('1 protocol_version')).toEqual({ ok: true, text: '2', id: '1' });
    expect(await c.send('boardsize 3')).toEqual({ ok: true, text: '' });
    expect((await c.send('showboard')).text.split('\n')[0]).toBe('');
    expect(await c.send('2 play b z9')).toEqual({ ok: false, text: 'no vertex "z9" on this graph', id: '2' });
    expect(await c.close()).toEqual({ code: 0, signal: null });
    expect(c.pid).toBeGreaterThan(0);
  });

  it('does not keep a program alive that forgets close()', async () => {
    const script = `
      const { GtpClient } = await import(${JSON.stringify(join(REPO_ROOT, 'dist', 'protocol', 'client.js'))});
      const c = new GtpClient('node', [${JSON.stringify(ENGINE_MAIN)}, 'gtp', '--bot', 'random']);
      console.log((await c.send('name')).text);
    `;
    const start = Date.now();
    const { stdout } = await promisify(execFile)('node', ['--input-type=module', '-e', script], { timeout: 15_000 });
    expect(stdout).toBe('graphgo\n');
    expect(Date.now() - start).toBeLessThan(15_000);
  }, 30_000);
});
