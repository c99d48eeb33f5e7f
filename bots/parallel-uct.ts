/**
 * UCT on several cores by root parallelism (Chaslot et al. 2008 found it the best simple scheme): every thread
 * grows its own tree from the same position with its own seed, and the root statistics are summed before the move
 * is chosen. The main thread searches too, then waits (Atomics.wait) for the workers' statistics in shared memory.
 * With fixed playouts each thread runs its share, so a seed still reproduces the move.
 */
import type { Game } from '../src/game.js';
import type { Graph } from '../src/graph.js';
import { NodePool } from './tree.js';
import type { Bot, SearchInfo } from './bot.js';
import { HEADER_BYTES, readStats, slotSizeFor, workerGraphLine, type SearchRequest, type WorkerInit } from './parallel-protocol.js';
import { SearchThreads, WORKER_GRACE_MS, waitForCount } from './search-threads.js';
import { UctBot, decide, earlyMove, type RootStats, type UctSettings } from './uct.js';

export class ParallelUctBot implements Bot {
  readonly name = 'uct';
  private readonly local: UctBot;
  private readonly workers = new SearchThreads<WorkerInit>(new URL('./uct-worker.js', import.meta.url));
  private shared: SharedArrayBuffer | null = null;
  private slotSize = 0;
  lastSearch: SearchInfo | null = null;

  private readonly settings: UctSettings;

  /** `settings.maxTreeMegabytes` is the budget of all the threads' trees together: each gets its share. */
  constructor(
    settings: UctSettings,
    readonly threads: number,
  ) {
    this.settings = { ...settings, maxTreeMegabytes: settings.maxTreeMegabytes / threads };
    this.local = new UctBot({ ...this.settings, seed: `${settings.seed}/0` });
  }

  /** The main thread's notices (the workers' trees fill alike but have no voice). */
  set notify(notify: ((message: string) => void) | null) {
    this.local.notify = notify;
  }

  setTimeBudget(seconds: number | null, extraSeconds = 0): void {
    this.local.setTimeBudget(seconds, extraSeconds);
  }

  /**
   * Analysis searches on the main thread's tree only: a stream must answer the next command at once, and the
   * workers' trees are merged only at the end of a genmove. genmove itself stays on every thread (no slicedSearch).
   */
  get analyzer(): UctBot {
    return this.local;
  }

  /** Stops the worker threads. */
  dispose(): void {
    this.workers.stop();
  }

  private ensureWorkers(graph: Graph): void {
    if (this.workers.graph === graph) return;
    this.dispose();
    const slotSize = slotSizeFor(graph.n);
    const shared = new SharedArrayBuffer(HEADER_BYTES + (this.threads - 1) * slotSize * 8);
    this.slotSize = slotSize;
    this.shared = shared;
    const graphLine = workerGraphLine(graph);
    this.workers.start(graph, this.threads - 1, (i) => ({
      graphLine,
      settings: { ...this.settings, seed: `${this.settings.seed}/${i + 1}` },
      shared,
      index: i,
      slotSize,
    }));
  }

  genmove(game: Game, color: number): number {
    const start = performance.now();
    const early = earlyMove(game, color);
    if (early !== null) return early;
    this.ensureWorkers(game.graph);
    const shared = this.shared!;
    const done = new Int32Array(shared, 0, 1);
    Atomics.store(done, 0, 0);
    // Empty every slot, so a worker that does not answer in time contributes nothing stale.
    new Float64Array(shared, HEADER_BYTES).fill(0);
    const seconds = this.local.timeLimit();
    const share = this.settings.playouts === null ? null : Math.ceil(this.settings.playouts / this.threads);
    const request: SearchRequest = {
      rules: game.rules,
      setup: game.initialStones,
      firstColor: game.firstColor,
      history: game.moves(),
      color,
      playouts: share,
      seconds,
      marginKomi: this.local.nextMarginKomi(game, color),
    };
    const asked = this.workers.post(request);
    let simulations = this.local.search(game, color, share, seconds, start);
    const merged = new Map<number, { visits: number; rewards: number }>();
    const add = (stats: RootStats) => {
      for (let k = 0; k < stats.moves.length; k++) {
        const entry = merged.get(stats.moves[k]) ?? { visits: 0, rewards: 0 };
        entry.visits += stats.visits[k];
        entry.rewards += stats.rewards[k];
        merged.set(stats.moves[k], entry);
      }
    };
    add(this.local.rootStats());
    waitForCount(done, 0, asked, performance.now() + (seconds ?? 0) * 1000 + WORKER_GRACE_MS);
    for (let i = 0; i < this.workers.count; i++) {
      if (!this.workers.isAlive(i)) continue;
      const { stats, simulations: s } = readStats(shared, i, this.slotSize);
      add(stats);
      simulations += s;
    }
    const stats: RootStats = { moves: [], visits: [], rewards: [] };
    for (const move of merged.keys()) {
      const entry = merged.get(move)!;
      stats.moves.push(move);
      stats.visits.push(entry.visits);
      stats.rewards.push(entry.rewards);
    }
    const { move, winrate } = decide(game, color, stats, simulations, this.local.resignThreshold());
    this.local.noteResult(winrate, simulations);
    this.lastSearch = {
      move,
      simulations,
      seconds: (performance.now() - start) / 1000,
      winrate,
      nodes: this.local.nodeCount,
      bytesPerNode: NodePool.bytesPerNode(game.rules.colors),
    };
    return move;
  }
}
