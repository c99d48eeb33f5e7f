/**
 * UCT on several cores by tree parallelism: the main thread and N-1 worker threads search one tree, whose pools
 * live in shared memory (bots/tree.ts). The main thread prepares the root (tree reuse included), then every thread
 * runs simulations on it until the playouts, counted across threads on a shared word, or the time run out. Threads
 * claim leaves to expand them, count each visit on the way down so that a path being searched looks like a loss
 * to the others (virtual loss), and add rewards with Atomics (bots/uct.ts simulate). The move is the most visited
 * root child of the one tree. The main thread waits for the workers with Atomics.wait, so genmove stays
 * synchronous.
 *
 * With one thread a seed reproduces the search; with more, which thread runs which simulation depends on the
 * operating system's scheduling, so the tree, and sometimes the move, differ from run to run.
 */
import type { Game } from '../src/game.js';
import type { Graph } from '../src/graph.js';
import type { BackgroundSearch, Bot, SearchInfo } from './bot.js';
import {
  CONTROL_DONE,
  CONTROL_SIMULATIONS,
  CONTROL_WORDS,
  workerGraphLine,
  type SharedSearchRequest,
  type SharedWorkerInit,
} from './parallel-protocol.js';
import { SearchThreads, WORKER_GRACE_MS, waitForCount } from './search-threads.js';
import { SHARED_STOP, UctBot, earlyMove, type UctSettings } from './uct.js';

export class SharedTreeUctBot implements Bot {
  readonly name = 'uct';
  private readonly local: UctBot;
  private readonly workers = new SearchThreads<SharedWorkerInit>(new URL('./shared-tree-worker.js', import.meta.url));
  private readonly control = new SharedArrayBuffer(CONTROL_WORDS * 4);
  lastSearch: SearchInfo | null = null;
  /** Workers searching in the background (pondering) now, or 0. */
  private backgroundAsked = 0;

  /** `settings.maxTreeMegabytes` is the budget of the one tree all threads share. */
  constructor(
    private readonly settings: UctSettings,
    readonly threads: number,
  ) {
    this.local = new UctBot(settings);
  }

  set notify(notify: ((message: string) => void) | null) {
    this.local.notify = notify;
  }

  setTimeBudget(seconds: number | null, extraSeconds = 0): void {
    this.local.setTimeBudget(seconds, extraSeconds);
  }

  /**
   * Analysis searches the shared tree on the main thread only: a stream answers the next command at once, between
   * slices, while the workers wait for a genmove. The tree it grows is the one genmove goes on with.
   */
  get analyzer(): UctBot {
    return this.local;
  }

  /** Nodes in the shared tree now. */
  get nodeCount(): number {
    return this.local.nodeCount;
  }

  /** Stops the worker threads. */
  dispose(): void {
    this.stopBackground();
    this.workers.stop();
  }

  /** At least `count` workers for `graph` (genmove needs threads - 1; pondering one even with one thread). */
  private ensureWorkers(graph: Graph, count = this.threads - 1): void {
    if (this.workers.graph === graph && this.workers.count >= count) return;
    this.dispose();
    const graphLine = workerGraphLine(graph);
    this.workers.start(graph, Math.max(count, this.threads - 1), (i) => ({
      graphLine,
      settings: { ...this.settings, seed: `${this.settings.seed}/${i + 1}` },
      index: i,
    }));
  }

  genmove(game: Game, color: number): number {
    this.stopBackground();
    const start = performance.now();
    const early = earlyMove(game, color);
    if (early !== null) return early;
    this.ensureWorkers(game.graph);
    const { buffers, root } = this.local.prepareShared(game, color);
    const control = new Int32Array(this.control);
    control.fill(0);
    const seconds = this.local.timeLimit();
    const extra = this.local.doubtSeconds();
    const playouts = this.settings.playouts;
    if (playouts === null && seconds === null) Atomics.store(control, SHARED_STOP, 1);
    // The workers' own deadline includes the time a move in doubt may add; the main thread stops them earlier.
    const request = this.request(game, color, playouts, seconds === null ? null : seconds + extra, buffers, root);
    // Only threads - 1 of them: a worker made for pondering alone stays out of the move's search.
    const asked = this.workers.post(request, this.threads - 1);
    let simulations = this.local.runShared(control, playouts, seconds, start);
    if (seconds !== null && extra > 0 && this.local.inDoubt()) simulations += this.local.runShared(control, playouts, seconds + extra, start);
    simulations += this.stopWorkers(asked);
    const move = this.local.finishShared(game, color, simulations, start);
    this.lastSearch = this.local.lastSearch;
    return move;
  }

  /**
   * Pondering on the worker threads (at least one, made for it when the bot has one thread): the main thread
   * prepares the root and returns, so that it may block (the terminal game's read) while the workers search.
   */
  readonly background: BackgroundSearch = {
    start: (game, color, seconds) => this.startBackground(game, color, seconds),
    stop: () => this.stopBackground(),
  };

  private startBackground(game: Game, color: number, seconds: number): boolean {
    this.stopBackground();
    if (game.over || earlyMove(game, color) !== null || !(seconds > 0)) return false;
    this.ensureWorkers(game.graph, Math.max(1, this.threads - 1));
    const { buffers, root } = this.local.prepareShared(game, color);
    new Int32Array(this.control).fill(0);
    this.backgroundAsked = this.workers.post(this.request(game, color, null, seconds, buffers, root));
    return this.backgroundAsked > 0;
  }

  private stopBackground(): number {
    if (this.backgroundAsked === 0) return 0;
    const simulations = this.stopWorkers(this.backgroundAsked);
    this.backgroundAsked = 0;
    return simulations;
  }

  private request(game: Game, color: number, playouts: number | null, seconds: number | null, buffers: SharedSearchRequest['buffers'], root: number): SharedSearchRequest {
    return {
      rules: game.rules,
      setup: game.initialStones,
      firstColor: game.firstColor,
      history: game.moves(),
      color,
      playouts,
      seconds,
      marginKomi: this.local.marginKomi,
      buffers,
      root,
      control: this.control,
    };
  }

  /** Raises the stop word and waits (one grace period at most) for the `asked` workers: their simulations. */
  private stopWorkers(asked: number): number {
    const control = new Int32Array(this.control);
    // The workers stop within one simulation; the tree is read only after all of them have.
    Atomics.store(control, SHARED_STOP, 1);
    waitForCount(control, CONTROL_DONE, asked, performance.now() + WORKER_GRACE_MS);
    return Atomics.load(control, CONTROL_SIMULATIONS);
  }
}
