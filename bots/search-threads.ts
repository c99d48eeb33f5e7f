/**
 * The worker threads of a parallel UCT bot (parallel-uct.ts, shared-tree-uct.ts), started for one graph. A thread
 * that exits (it crashed or ran out of memory) is marked dead: it is then neither asked nor waited for, so a dead
 * thread costs a search at most one grace period.
 */
import { Worker } from 'node:worker_threads';
import type { Graph } from '../src/graph.js';

/** How long past its time budget the main thread waits for a worker before going on without it. */
export const WORKER_GRACE_MS = 30_000;

export class SearchThreads<Init> {
  private workers: Worker[] = [];
  private alive: boolean[] = [];
  /** The graph the threads were started for (null: none running). */
  graph: Graph | null = null;

  /** `script`: the worker's module; each thread gets its init record as workerData. */
  constructor(private readonly script: URL) {}

  get count(): number {
    return this.workers.length;
  }

  isAlive(i: number): boolean {
    return this.alive[i];
  }

  /** Stops the threads running, then starts `count` for the graph, thread i with init(i). */
  start(graph: Graph, count: number, init: (i: number) => Init): void {
    this.stop();
    for (let i = 0; i < count; i++) {
      const worker = new Worker(this.script, { workerData: init(i) });
      // Workers never keep the process alive on their own.
      worker.unref();
      // Heard between commands (genmove blocks the event loop while it waits), so a dead worker costs at most one
      // grace period.
      const alive = this.alive;
      worker.on('error', () => {
        alive[i] = false;
      });
      worker.on('exit', () => {
        alive[i] = false;
      });
      this.workers.push(worker);
      this.alive.push(true);
    }
    this.graph = graph;
  }

  /** Sends the request to the first `count` threads still alive; returns how many were asked. */
  post(request: unknown, count = this.workers.length): number {
    let asked = 0;
    for (let i = 0; i < Math.min(count, this.workers.length); i++) {
      if (!this.alive[i]) continue;
      this.workers[i].postMessage(request);
      asked++;
    }
    return asked;
  }

  stop(): void {
    this.alive.fill(false);
    for (const w of this.workers) void w.terminate();
    this.workers = [];
    this.alive = [];
    this.graph = null;
  }
}

/**
 * Blocks (Atomics.wait) until words[index], a count the workers raise as they finish, reaches `target`, or until
 * `deadline` (performance.now() time) has passed.
 */
export function waitForCount(words: Int32Array, index: number, target: number, deadline: number): void {
  for (;;) {
    const finished = Atomics.load(words, index);
    if (finished >= target) return;
    const left = deadline - performance.now();
    if (left <= 0) return;
    Atomics.wait(words, index, finished, left);
  }
}
