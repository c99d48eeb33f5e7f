/**
 * A queue worker: takes games from the BullMQ queue, plays and referees each exactly as the local harness does, and
 * sends the full record back (with this machine's name in `host`). Any number of workers, on any machines, serve
 * one queue; each serves every run on it.
 *
 * - A job names a run's spec (run-spec.ts), read once from Redis and kept; the game's seats, seed, board and limits
 *   come from it through the local harness's own code (schedule.ts's gameAt, runner.ts's engineProcess and
 *   gameContext, referee.ts's playGame), so a game played here is the game the local harness would have played.
 * - Engines: the run's definitions, or this worker's own command line for an engine it names (`--engine NAME=...`),
 *   keeping the run's start-up commands. Like the local harness's workers, each slot (concurrency) has its own
 *   process of each engine, started at its first game and reused; an engine that died is started again before its
 *   next game. Engine stderr goes to LOGDIR/<run>/ENGINE.wK.log.
 * - An engine that cannot start fails the job (BullMQ's UnrecoverableError), and the coordinator halts the run with
 *   this worker's reason. An engine that cannot play the game's graph or rules answers a skip.
 * - BullMQ keeps a lock on each game being played and renews it; a worker that is killed stops renewing, and after
 *   `lockMs` (and up to as long again, the stall check's period) the game goes back on the queue for another worker.
 * - `abort()` kills every engine and puts the games in progress straight back on the queue; `close()` lets them
 *   finish first.
 */
import { makeFolder } from '../folders.js';
import { join } from 'node:path';
import { DelayedError, UnrecoverableError, WaitingError, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import type { Tournament } from '../config.js';
import { EngineStartError, type EngineProcess } from '../engine-process.js';
import type { EngineDef } from '../engine-spec.js';
import { playGame } from '../referee.js';
import { engineProcess, gameContext, type RunHost } from '../runner.js';
import { buildBlocks, gameAt, type Block, type ScheduledGame } from '../schedule.js';
import { DEFAULT_CONNECT_TIMEOUT_MS, QUEUE_NAME, QueueError, dropConnections, reachRedis, redisOptions, type QueueConnection } from './connection.js';
import { parseGameJob, type GameJobResult } from './jobs.js';
import { specKey, tournamentFromSpec } from './run-spec.js';

export interface QueueWorkerOptions {
  readonly connection: QueueConnection;
  /** Games at once. */
  readonly concurrency: number;
  /** This worker's own definitions of engines, by name. */
  readonly engines: ReadonlyMap<string, EngineDef>;
  readonly host: Pick<RunHost, 'node' | 'graphgoMain' | 'env'>;
  /** Written into every record as `host`. */
  readonly hostName: string;
  readonly logDir: string;
  /** BullMQ's lock on a game in play (default 30 s, BullMQ's own). */
  readonly lockMs?: number;
  readonly onEvent?: (event: WorkerEvent) => void;
  /** How long the worker tries to reach Redis when it starts before it gives up (default 10 s). */
  readonly connectTimeoutMs?: number;
  /** Wall clock (tests). */
  readonly now?: () => number;
}

export type WorkerEvent =
  | { readonly type: 'message'; readonly level: 'info' | 'warning'; readonly text: string }
  | { readonly type: 'game'; readonly run: string; readonly slot: number; readonly result: GameJobResult };

export const DEFAULT_LOCK_MS = 30_000;

/** One game at a time, with its own engine processes (like the local harness's workers). */
interface Slot {
  readonly index: number;
  /** The spec the processes were started for. */
  spec: string | null;
  readonly engines: Map<string, EngineProcess>;
}

interface RunCopy {
  readonly tournament: Tournament;
  readonly blocks: readonly Block[];
}

function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

export class QueueWorker {
  private worker: Worker | null = null;
  private redis: Redis | null = null;
  private readonly slots: Slot[] = [];
  private readonly free: Slot[] = [];
  private readonly runs = new Map<string, Promise<RunCopy>>();
  private readonly controller = new AbortController();
  private aborting = false;
  private redisTrouble: string | null = null;
  private readonly now: () => number;

  constructor(private readonly options: QueueWorkerOptions) {
    this.now = options.now ?? Date.now;
    for (let i = options.concurrency - 1; i >= 0; i--) {
      const slot: Slot = { index: i, spec: null, engines: new Map() };
      this.slots.push(slot);
      this.free.push(slot);
    }
  }

  private emit(event: WorkerEvent): void {
    this.options.onEvent?.(event);
  }

  private say(level: 'info' | 'warning', text: string): void {
    this.emit({ type: 'message', level, text });
  }

  private trouble(e: unknown): void {
    if (this.redisTrouble !== null || this.aborting) return;
    this.redisTrouble = message(e);
    this.say('warning', `the queue's Redis at ${this.options.connection.label}: ${this.redisTrouble}; reconnecting`);
  }

  /** Serves the queue until close() or abort(); throws QueueError when Redis cannot be reached at the start. */
  async run(): Promise<void> {
    const o = this.options;
    const lockMs = o.lockMs ?? DEFAULT_LOCK_MS;
    const connection = redisOptions(o.connection);
    const aborted = new Promise<void>((resolve) => this.controller.signal.addEventListener('abort', () => resolve(), { once: true }));
    const reached = await reachRedis(o.connection, o.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS, aborted);
    if (!reached.ok) {
      if (reached.error.code === 'cancelled') return;
      throw new QueueError(reached.error.message);
    }
    const redis = reached.value;
    this.redis = redis;
    redis.on('error', (e) => this.trouble(e));
    redis.on('ready', () => {
      if (this.redisTrouble === null) return;
      this.redisTrouble = null;
      this.say('info', `the queue's Redis at ${o.connection.label} is back`);
    });
    const worker = new Worker(QUEUE_NAME, (job: Job, token?: string) => this.process(job, token), {
      connection,
      concurrency: o.concurrency,
      autorun: false,
      name: o.hostName,
      lockDuration: lockMs,
      stalledInterval: lockMs,
      // A game whose worker died is played elsewhere; one that kills three workers in a row fails the job.
      maxStalledCount: 3,
    });
    this.worker = worker;
    worker.on('error', (e) => this.trouble(e));
    this.say('info', `worker ${o.hostName}: queue ${o.connection.label}, ${o.concurrency} game${o.concurrency === 1 ? '' : 's'} at once; waiting for games`);
    try {
      if (!this.aborting) await worker.run();
    } finally {
      const all: Promise<unknown>[] = [];
      for (const slot of this.slots) for (const p of slot.engines.values()) all.push(this.aborting ? p.kill() : p.close());
      await Promise.all(all);
      if (this.aborting || this.redisTrouble !== null) {
        redis.disconnect();
        dropConnections(worker);
      } else {
        await redis.quit().catch(() => redis.disconnect());
      }
    }
  }

  /** Takes no more games; the games in progress finish and are sent back. */
  async close(): Promise<void> {
    await this.worker?.close();
  }

  /** Kills every engine now; the games in progress go back on the queue. */
  abort(): void {
    this.aborting = true;
    this.controller.abort();
    this.killAllNow();
    const worker = this.worker;
    if (worker === null) return;
    // BullMQ's close waits for Redis; a Redis that is away must not keep the worker from stopping. With Redis away the
    // games in progress cannot be put back: their locks expire and other workers take them.
    const timer = setTimeout(() => dropConnections(worker), 2000);
    void worker
      .close(this.redisTrouble !== null)
      .catch(() => undefined)
      .finally(() => clearTimeout(timer));
  }

  /** Sends SIGKILL to every engine's process group at once (usable from an exit handler). */
  killAllNow(): void {
    for (const slot of this.slots) for (const p of slot.engines.values()) void p.kill();
  }

  /** The process ids of every engine now running (for tests and diagnostics). */
  enginePids(): number[] {
    const out: number[] = [];
    for (const slot of this.slots) for (const p of slot.engines.values()) if (p.alive && p.pid !== undefined) out.push(p.pid);
    return out;
  }

  private async process(job: Job, token: string | undefined): Promise<GameJobResult> {
    const o = this.options;
    const parsed = parseGameJob(job.data);
    if (!parsed.ok) throw new UnrecoverableError(`worker ${o.hostName}: ${parsed.error.message}`);
    const { run, spec, game: index } = parsed.value;
    const copy = await this.runCopy(spec).catch((e: unknown) => e as Error);
    if (copy instanceof Error) {
      if (copy instanceof UnrecoverableError) throw copy;
      // The spec is not in Redis (yet, or any more): the coordinator's next look-up writes it again.
      this.runs.delete(spec);
      await job.moveToDelayed(Date.now() + 1000, token);
      throw new DelayedError();
    }
    const t = copy.tournament;
    const game = gameAt(copy.blocks, t.rules, t.games, index);
    if (game === null) throw new UnrecoverableError(`worker ${o.hostName}: run ${run} has no game ${index}`);
    const slot = this.free.pop();
    if (slot === undefined) throw new Error('no free slot: BullMQ ran more games than the concurrency');
    try {
      const result = await this.play(slot, copy.tournament, spec, run, game);
      if (result === null) {
        await job.moveToWait(token);
        throw new WaitingError();
      }
      this.emit({ type: 'game', run, slot: slot.index, result });
      return result;
    } finally {
      this.free.push(slot);
    }
  }

  /** Plays one game on a slot; null when the worker was aborted meanwhile (the game goes back on the queue). */
  private async play(slot: Slot, t: Tournament, spec: string, run: string, game: ScheduledGame): Promise<GameJobResult | null> {
    const o = this.options;
    if (slot.spec !== spec) {
      await Promise.all([...slot.engines.values()].map((p) => p.close()));
      slot.engines.clear();
      slot.spec = spec;
    }
    const logDir = join(o.logDir, run);
    makeFolder(logDir);
    const engines = new Map<string, EngineProcess>();
    for (const name of new Set(game.seats)) {
      let p = slot.engines.get(name);
      if (p === undefined) {
        p = engineProcess(t, t.engines.find((e) => e.name === name)!, o.host, slot.index, logDir);
        slot.engines.set(name, p);
      }
      if (!p.alive) {
        const restart = p.starts > 0;
        try {
          await p.start();
        } catch (e) {
          if (this.aborting) return null;
          if (e instanceof EngineStartError) throw new UnrecoverableError(`worker ${o.hostName}: ${e.message}`);
          throw e;
        }
        if (restart) this.say('warning', `engine ${name} (slot ${slot.index}) restarted (start #${p.starts})${p.lastFailure !== null ? ` after: ${p.lastFailure}` : ''}`);
      }
      engines.set(name, p);
    }
    for (const p of engines.values()) {
      const reason = p.cannotPlay(t.graphs[game.graph], t.rules[game.rules]);
      if (reason !== null) return { kind: 'skip', reason };
    }
    const outcome = await playGame(gameContext(t, game, slot.index, engines, this.controller.signal, this.now));
    if (outcome.kind === 'aborted' || this.aborting) return null;
    if (outcome.kind === 'void') return { kind: 'void', record: { ...outcome.record, host: o.hostName } };
    return { kind: 'finished', record: { ...outcome.record, host: o.hostName } };
  }

  private runCopy(spec: string): Promise<RunCopy> {
    let copy = this.runs.get(spec);
    if (copy === undefined) {
      copy = this.readRun(spec);
      this.runs.set(spec, copy);
    }
    return copy;
  }

  private async readRun(spec: string): Promise<RunCopy> {
    const text = await this.redis!.get(specKey(spec));
    if (text === null) throw new Error(`the spec ${spec} is not in Redis`);
    const read = tournamentFromSpec(text, this.options.engines, this.options.logDir);
    if (!read.ok) throw new UnrecoverableError(`worker ${this.options.hostName}: ${read.error.message}`);
    return { tournament: read.value, blocks: buildBlocks(read.value) };
  }
}
