/**
 * UCT over worker threads, through the built engine (worker threads load compiled JavaScript): with the shared tree
 * (the default), legal moves; with root parallelism, also the same move for the same seed and fixed playouts (each
 * thread runs a fixed share); and a thread that fails or dies is neither waited for nor counted.
 */
import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';
import { beforeAll, describe, expect, it } from 'vitest';
import { workerGraphLine } from '../../bots/parallel-protocol.js';
import { SquarePatterns } from '../../bots/patterns.js';
import { parseGraphSpec } from '../../src/families.js';
import { formatEdgesLine, parseGraphFile } from '../../src/graph-formats.js';
import { ENGINE_MAIN, ensureDist } from '../gtp/build-dist.js';
import { REPO_ROOT } from '../gtp/tst-runner.js';

const run = promisify(execFile);

async function session(args: string[], input: string): Promise<string> {
  const child = run(process.execPath, [ENGINE_MAIN, 'gtp', ...args], { timeout: 60_000 });
  child.child.stdin!.end(input);
  return (await child).stdout;
}

describe('uct --threads 2', () => {
  beforeAll(async () => {
    await ensureDist();
  }, 120_000);

  it('searches one shared tree by default and plays legal moves', async () => {
    const script = 'boardsize 7\nset_rules area\ngenmove b\ngenmove w\ngenmove b\nget_state\nquit\n';
    const answers = (await session(['--threads', '2', '--playouts', '2000'], script)).split('\n\n').filter((r) => r.length > 0);
    expect(answers.slice(2, 5).every((r) => /^= [A-HJ]\d$/.test(r.trim()))).toBe(true);
    expect(answers[5]).toContain('"moves":3');
  }, 120_000);

  it('--parallel root plays legal moves and reproduces them from the seed with fixed playouts', async () => {
    const script = 'boardsize 7\nset_rules area\ngenmove b\ngenmove w\ngenmove b\nget_state\nquit\n';
    const args = ['--bot', 'uct', '--threads', '2', '--parallel', 'root', '--playouts', '2000', '--seed', '5'];
    const first = await session(args, script);
    const second = await session(args, script);
    const answers = first.split('\n\n').filter((r) => r.length > 0);
    // Three genmoves answered with vertices (the engine refuses illegal moves from its own bot loudly).
    expect(answers.slice(2, 5).every((r) => /^= [A-HJ]\d$/.test(r.trim()))).toBe(true);
    expect(answers[5]).toContain('"moves":3');
    expect(second).toBe(first);
  }, 120_000);

  it('refuses a bad thread count with a clear message', async () => {
    await expect(run(process.execPath, [ENGINE_MAIN, 'gtp', '--threads', '0'])).rejects.toMatchObject({
      stderr: expect.stringContaining('--threads must be a whole number'),
    });
    await expect(run(process.execPath, [ENGINE_MAIN, 'gtp', '--parallel', 'leaf'])).rejects.toMatchObject({
      stderr: expect.stringContaining('--parallel must be tree or root'),
    });
  });
});

describe('a search thread rebuilds the main thread\'s board', () => {
  for (const spec of ['grid 9 9', 'torus 7 7', 'king 5 5', 'hex 3', 'petersen', 'edges 4 1-2 2>3 3-4']) {
    it(`${spec}: the same vertices, links and lattice, so the same patterns and playout code`, () => {
      const built = parseGraphSpec(spec);
      if (!built.ok) throw new Error(built.error.message);
      const graph = built.value;
      const again = parseGraphSpec(workerGraphLine(graph));
      if (!again.ok) throw new Error(again.error.message);
      expect(again.value.n).toBe(graph.n);
      expect([...again.value.adj]).toEqual([...graph.adj]);
      expect([...again.value.lib]).toEqual([...graph.lib]);
      expect(again.value.meta.lattice).toEqual(graph.meta.lattice);
      // The patterns need the lattice: on a grid the worker finds them as the main thread does.
      expect(SquarePatterns.forGraph(again.value) !== null).toBe(SquarePatterns.forGraph(graph) !== null);
    });
  }

  it('a graph without a family spec (read from a file) goes as its edge list', () => {
    const built = parseGraphFile('p edge 3 2\ne 1 2\ne 2 3\n');
    if (!built.ok) throw new Error(built.error.message);
    expect(built.value.meta.spec).toBeUndefined();
    expect(workerGraphLine(built.value)).toBe(formatEdgesLine(built.value));
  });
});

describe('search threads that fail', () => {
  const dist = (path: string) => pathToFileURL(join(REPO_ROOT, 'dist', path)).href;

  beforeAll(async () => {
    await ensureDist();
  }, 120_000);

  it('a thread that cannot set up still answers each request, with no statistics, and says why on stderr', async () => {
    const { HEADER_BYTES, readStats, slotSizeFor } = await import(dist('bots/parallel-protocol.js'));
    const { parseRules } = await import(dist('src/rules.js'));
    const slotSize = slotSizeFor(9);
    const shared = new SharedArrayBuffer(HEADER_BYTES + slotSize * 8);
    const init = { graphLine: 'not a graph', settings: { seed: 'x' }, shared, index: 0, slotSize };
    const worker = new Worker(new URL(dist('bots/uct-worker.js')), { workerData: init, stderr: true });
    let stderr = '';
    worker.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    try {
      const done = new Int32Array(shared, 0, 1);
      const rules = parseRules('area').value;
      worker.postMessage({ rules, setup: [], firstColor: 1, history: [], color: 1, playouts: 100, seconds: null });
      const until = performance.now() + 20_000;
      while (Atomics.load(done, 0) === 0 && performance.now() < until) await new Promise((r) => setTimeout(r, 10));
      expect(Atomics.load(done, 0)).toBe(1);
      expect(readStats(shared, 0, slotSize).simulations).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(stderr).toContain('search thread 1 stopped searching: cannot read the graph');
    } finally {
      await worker.terminate();
    }
  }, 60_000);

  it('a thread that exited is not waited for: the next move is searched by the threads left', async () => {
    const { ParallelUctBot } = await import(dist('bots/parallel-uct.js'));
    const { Game } = await import(dist('src/game.js'));
    const { parseGraphSpec } = await import(dist('src/families.js'));
    const { parseRules } = await import(dist('src/rules.js'));
    const { DEFAULT_UCT_SETTINGS } = await import(dist('bots/uct.js'));
    const game = new Game(parseGraphSpec('grid 5 5').value, parseRules('area').value);
    const bot = new ParallelUctBot({ ...DEFAULT_UCT_SETTINGS, seed: 'dead', playouts: 400 }, 2);
    try {
      game.play(1, bot.genmove(game, 1));
      // Both threads searched their share of 200.
      expect(bot.lastSearch.simulations).toBeGreaterThanOrEqual(400);
      // The bot's threads (bots/search-threads.ts) keep their workers to themselves: the test reaches in to kill one.
      const worker = (bot as unknown as { workers: { workers: Worker[] } }).workers.workers[0];
      const exited = once(worker, 'exit');
      await worker.terminate();
      await exited;
      const started = performance.now();
      game.play(2, bot.genmove(game, 2));
      // Only the main thread's share, and no grace period (30 s) spent waiting for the dead thread.
      expect(bot.lastSearch.simulations).toBeGreaterThanOrEqual(200);
      expect(bot.lastSearch.simulations).toBeLessThan(400);
      expect(performance.now() - started).toBeLessThan(20_000);
    } finally {
      bot.dispose();
    }
  }, 60_000);
});
