/**
 * What the queue tests share: a private redis-server on a free loopback port (no persistence, so a restart loses
 * the queue, the hardest case), workers and coordinators as `graphgo` child processes that a test can kill, and a
 * check that results.jsonl holds every game exactly once.
 *
 * Without /usr/bin/redis-server the tests skip, unless CI is set: then they fail and say how to install it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GRAPHGO_MAIN, REPO_ROOT } from './helpers.js';

export const REDIS_SERVER = '/usr/bin/redis-server';
export const HAVE_REDIS = existsSync(REDIS_SERVER);
export const IN_CI = Boolean(process.env.CI);

export function requireRedis(): void {
  if (!HAVE_REDIS) throw new Error(`redis-server is missing: ${REDIS_SERVER} not found (apt-get install -y redis-server); CI is set, so this test must run`);
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export class RedisServer {
  private child: ChildProcess | null = null;
  private readonly dir = mkdtempSync(join(tmpdir(), 'graphgo-redis-'));
  private constructor(readonly port: number) {}

  static async start(): Promise<RedisServer> {
    const server = new RedisServer(await freePort());
    await server.up();
    return server;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async up(): Promise<void> {
    const child = spawn(REDIS_SERVER, ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', this.dir], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    let text = '';
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`redis-server did not start:\n${text}`)), 10_000);
      child.stdout!.on('data', (d: Buffer) => {
        text += d.toString();
        if (text.includes('Ready to accept connections')) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.on('exit', () => reject(new Error(`redis-server exited:\n${text}`)));
    });
  }

  async down(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (child === null || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.on('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }

  async stop(): Promise<void> {
    await this.down();
    rmSync(this.dir, { recursive: true, force: true });
  }
}

export interface Child {
  readonly child: ChildProcess;
  readonly output: () => string;
  readonly exited: Promise<number | null>;
}

export function graphgo(args: readonly string[]): Child {
  const child = spawn(process.execPath, [GRAPHGO_MAIN, ...args], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let text = '';
  child.stdout!.on('data', (d: Buffer) => (text += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (text += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return { child, output: () => text, exited };
}

/** A worker with a short lock, so a killed worker's game is taken by another within about two seconds. */
export async function startWorker(url: string, name: string, ...extra: string[]): Promise<Child> {
  const w = graphgo(['tournament', 'worker', '--queue', url, '--name', name, '--lock-seconds', '1', ...extra]);
  await waitFor(() => w.output().includes('waiting for games') || w.child.exitCode !== null);
  if (w.child.exitCode !== null) throw new Error(`worker ${name} exited:\n${w.output()}`);
  return w;
}

export async function stopChild(c: Child): Promise<void> {
  if (c.child.exitCode !== null || c.child.signalCode !== null) return;
  c.child.kill('SIGKILL');
  await c.exited;
}

/**
 * The 40-game match of these tests: UCT at 1,000 playouts against the random bot on a 4x4 board, a few tenths of a
 * second a game, so that a kill or an outage lands while games are still queued and being played.
 */
export function matchArgs(out: string, url: string, ...extra: string[]): string[] {
  return [
    'tournament', 'match', '--engine', 'builtin:uct --playouts 1000', '--engine', 'other=builtin:random', '--graph', 'grid 4 4', '--rules', 'area',
    '--games', '40', '--out', out, '--queue', url, ...extra,
  ];
}

export function resultLines(out: string): Record<string, unknown>[] {
  const path = join(out, 'results.jsonl');
  if (!existsSync(path)) return [];
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.length > 0)
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

/** Every game 0..n-1 exactly once, each with a host. */
export function expectEveryGameOnce(out: string, n: number, hosts: readonly string[]): Record<string, unknown>[] {
  const lines = resultLines(out);
  const games = lines.map((r) => r.game as number).sort((a, b) => a - b);
  const expected = Array.from({ length: n }, (_, i) => i);
  if (JSON.stringify(games) !== JSON.stringify(expected)) throw new Error(`results.jsonl holds games ${JSON.stringify(games)}, not 0..${n - 1} once each`);
  for (const r of lines) {
    if (!hosts.includes(r.host as string)) throw new Error(`game ${String(r.game)} names host ${String(r.host)}, not one of ${hosts.join(', ')}`);
  }
  return lines;
}

export async function waitFor(condition: () => boolean, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}
