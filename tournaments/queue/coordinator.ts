/**
 * A tournament run spread over many machines: this coordinator puts the games on a BullMQ queue in Redis, workers
 * on any machine play them (worker.ts), and the coordinator writes each result into the same output folder the local
 * harness writes, the moment it arrives.
 *
 * - The folder is the local harness's: locked, its identity checked, results.jsonl the commit point, SGF files and
 *   void.jsonl alike (runner.ts's openRunFolder, writePlan, commitGame). `status` and `report` read it unchanged.
 * - The coordinator starts no engine. Where the local harness finds in a pre-flight that an engine cannot play a
 *   graph or rule set, here the first worker given such a game says so, and the whole group is skipped then.
 * - Games go on the queue in game-number order, at most `window` of them ahead of the results, so a decided SPRT
 *   leaves little to take back and several runs on one Redis share the workers in turn. Job ids are the run's id
 *   and the game number (jobs.ts): adding a game again is a no-op while its job exists.
 * - Results arrive by BullMQ's event stream; besides, every `sweepMs` the coordinator looks up each queued game
 *   itself, which finds results that arrived while it was not listening (a killed coordinator, a Redis restart),
 *   failed jobs, and jobs that Redis lost (restarted without its data), which are queued again. A game is recorded
 *   once: a result for a game already in results.jsonl is dropped.
 * - A worker killed mid-game leaves its job locked until the lock expires; BullMQ then gives it to another worker.
 * - A void game is logged and queued again under the same id; voided `maxVoids` times in one run, it halts the run.
 *   A failed job (a worker that cannot start an engine, a job stalled too often) halts the run with the worker's
 *   reason; on the next run, jobs that had failed before it started are retried.
 * - Ctrl-C (`abort`) or a halt leaves the queued games where they are: workers go on playing them, and the next run
 *   records their results. With an SPRT decided, the games not started are taken off the queue and the games in
 *   progress are awaited and recorded.
 * - Redis going away is reported once; ioredis reconnects, and the run goes on when Redis is back.
 */
import { Queue, QueueEvents, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import type { Tournament } from '../config.js';
import { acquireLock, type FolderLock } from '../lock.js';
import { appendVoid, ensureOutDir, readVoids, type VoidRecord } from '../records.js';
import { HarnessError, commitGame, openRunFolder, writePlan, type Progress, type RunEvent, type RunHost, type RunStatus, type RunSummary } from '../runner.js';
import { buildBlocks, scheduleGames, type ScheduledGame } from '../schedule.js';
import { RunningScore } from '../standings.js';
import { sprt, type SprtState } from '../stats.js';
import { DEFAULT_CONNECT_TIMEOUT_MS, QUEUE_NAME, dropConnections, reachRedis, redisOptions, type QueueConnection } from './connection.js';
import { JOB_NAME, gameOfJob, jobId, parseJobResult, runId, type GameJob } from './jobs.js';
import { runSpec, specKey, specText } from './run-spec.js';

export interface CoordinatorOptions {
  readonly host: Pick<RunHost, 'pid' | 'isAlive'>;
  readonly connection: QueueConnection;
  /** This machine's name: part of the run's id. */
  readonly hostName: string;
  readonly onEvent?: (event: RunEvent) => void;
  /** Games on the queue ahead of the results (default 100). */
  readonly window?: number;
  /** How often every queued game is looked up (default 1000 ms). */
  readonly sweepMs?: number;
  /** A game voided this many times in one run halts the run (default 3). */
  readonly maxVoids?: number;
  /** How long the coordinator tries to reach Redis when it starts before it halts (default 10 s). */
  readonly connectTimeoutMs?: number;
  /** Wall clock (tests). */
  readonly now?: () => number;
}

export const DEFAULT_WINDOW = 100;

/** A game on the queue: being added, waiting or played, or void and about to be queued again. */
interface Queued {
  readonly game: ScheduledGame;
  readonly id: string;
  state: 'adding' | 'queued' | 'replay';
  active: boolean;
}

const WAITING_STATES = new Set(['waiting', 'prioritized', 'delayed', 'paused']);

function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

function voidKey(r: VoidRecord): string {
  return `${r.game}|${r.started}|${r.host ?? ''}`;
}

export class QueueCoordinator {
  private readonly now: () => number;
  private readonly window: number;
  private readonly sweepMs: number;
  private readonly runId: string;
  private readonly spec: { text: string; hash: string };
  private lock: FolderLock | null = null;
  private queue: Queue | null = null;
  private events: QueueEvents | null = null;
  private redis: Redis | null = null;
  private planned: ScheduledGame[] = [];
  private toQueue: ScheduledGame[] = [];
  private readonly queued = new Map<number, Queued>();
  private readonly recorded = new Set<number>();
  private readonly skipped: string[] = [];
  private readonly skippedBlocks = new Set<number>();
  private readonly voidsSeen = new Set<string>();
  private readonly voids = new Map<number, number>();
  private voided = 0;
  private done = 0;
  private total = 0;
  private playedThisRun = 0;
  private startedAt = 0;
  private readonly score: RunningScore;
  private sprtState: SprtState | null = null;
  private stopping = false;
  private takenBack = false;
  private aborting = false;
  private haltReason: string | null = null;
  private redisTrouble: string | null = null;
  private lastSweep = -Infinity;
  private wake: (() => void) | null = null;
  private readonly ended: Promise<void>;
  private end!: () => void;

  constructor(
    readonly tournament: Tournament,
    private readonly options: CoordinatorOptions,
  ) {
    this.now = options.now ?? Date.now;
    this.window = options.window ?? DEFAULT_WINDOW;
    this.sweepMs = options.sweepMs ?? 1000;
    this.score = new RunningScore(tournament.engines.map((e) => e.name));
    this.runId = runId(tournament, options.hostName);
    this.spec = specText(runSpec(tournament));
    this.ended = new Promise((resolve) => (this.end = resolve));
  }

  private emit(event: RunEvent): void {
    this.options.onEvent?.(event);
  }

  private say(level: 'info' | 'warning', text: string): void {
    this.emit({ type: 'message', level, text });
  }

  /** Records the games in progress, queues no more. */
  stop(): void {
    this.stopping = true;
    this.wakeUp();
  }

  /** Stops now; the queued games stay on the queue for the next run. */
  abort(): void {
    this.aborting = true;
    this.stopping = true;
    this.end();
    this.wakeUp();
  }

  /** The coordinator runs no engine (the workers do); here for the command line's exit handler. */
  killAllNow(): void {}

  releaseLock(): void {
    this.lock?.release();
  }

  private halt(reason: string): void {
    if (this.haltReason === null) this.haltReason = reason;
    this.stopping = true;
    this.end();
    this.wakeUp();
  }

  private wakeUp(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }

  async run(): Promise<RunSummary> {
    const t = this.tournament;
    this.startedAt = this.now();
    ensureOutDir(t.out);
    this.lock = acquireLock(t.out, { pid: this.options.host.pid, isAlive: this.options.host.isAlive, onStale: (m) => this.say('warning', m) });
    try {
      // Redis first: a run that cannot reach it halts before its plan, with the reason (not "0 of 0 games").
      await this.connect();
      if (this.aborting) return this.summary('aborted');
      const records = openRunFolder(t, (level, text) => this.say(level, text), this.now);
      for (const v of readVoids(t.out).records) this.voidsSeen.add(voidKey(v));
      this.planned = scheduleGames(buildBlocks(t), t.rules, t.games);
      const planned = new Set(this.planned.map((g) => g.index));
      for (const r of records) {
        if (!planned.has(r.game)) continue;
        this.recorded.add(r.game);
        this.score.add(r);
      }
      this.total = this.planned.length;
      this.done = this.recorded.size;
      this.toQueue = this.planned.filter((g) => !this.recorded.has(g.index));
      writePlan(t.out, this.total, this.skipped, this.now);
      if (this.done > 0) this.say('info', `resuming: ${this.done} of ${this.total} games already played`);
      if (this.checkSprt()) {
        this.say('info', 'the SPRT has already reached a decision: no more games');
        await this.takeBack();
        return this.summary('sprt');
      }
      if (this.toQueue.length === 0) return this.summary('complete');
      this.say(
        'info',
        `queue ${this.options.connection.label}: run ${this.runId}, ${this.toQueue.length} games to play; ` +
          `workers: graphgo tournament worker --queue ${this.options.connection.label}`,
      );
      await this.loop();
      if (this.aborting) return this.summary('aborted');
      if (this.haltReason !== null) return this.summary('halted');
      if (this.sprtState !== null && this.sprtState.decision !== 'continue') return this.summary('sprt');
      if (this.toQueue.length > 0) return this.summary('stopped');
      return this.summary('complete');
    } catch (e) {
      if (e instanceof HarnessError) {
        this.halt(e.message);
        return this.summary('halted');
      }
      throw e;
    } finally {
      await this.disconnect();
      this.lock.release();
    }
  }

  private summary(wanted: RunStatus): RunSummary {
    const status: RunStatus = this.aborting ? 'aborted' : wanted;
    return {
      status,
      total: this.total,
      done: this.done,
      playedThisRun: this.playedThisRun,
      voided: this.voided,
      skipped: [...this.skipped],
      elapsedMs: this.now() - this.startedAt,
      sprt: this.sprtState,
      ...(status === 'halted' && this.haltReason !== null ? { error: this.haltReason } : {}),
    };
  }

  private async connect(): Promise<void> {
    const connection = redisOptions(this.options.connection);
    const trouble = (e: unknown): void => this.trouble(e);
    const reached = await reachRedis(this.options.connection, this.options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS, this.ended);
    if (!reached.ok) {
      if (reached.error.code === 'cancelled') return;
      throw new HarnessError(reached.error.message);
    }
    this.redis = reached.value;
    this.redis.on('error', trouble);
    this.queue = new Queue(QUEUE_NAME, { connection });
    this.queue.on('error', trouble);
    // Listening starts before the first look-up, so no result falls between the two.
    this.events = new QueueEvents(QUEUE_NAME, { connection });
    this.events.on('error', trouble);
    this.events.on('completed', ({ jobId: id, returnvalue }) => {
      const entry = this.entryOf(id);
      if (entry !== null) this.arrived(entry, returnvalue);
    });
    this.events.on('failed', ({ jobId: id, failedReason }) => {
      const entry = this.entryOf(id);
      if (entry !== null) this.halt(`game ${entry.game.index} failed on a worker: ${failedReason}`);
    });
    this.events.on('active', ({ jobId: id }) => {
      const entry = this.entryOf(id);
      if (entry !== null) entry.active = true;
    });
    const ready = Promise.all([this.queue.waitUntilReady(), this.events.waitUntilReady()]);
    const first = await Promise.race([ready.then(() => true), this.ended.then(() => false)]);
    if (!first) return;
    await this.redis.set(specKey(this.spec.hash), this.spec.text);
  }

  private async disconnect(): Promise<void> {
    const { events, queue, redis } = this;
    this.events = null;
    this.queue = null;
    this.redis = null;
    const drop = (): void => {
      redis?.disconnect();
      if (queue !== null) dropConnections(queue);
      if (events !== null) dropConnections(events);
      // Marks them closing, so their retry loops end (at most BullMQ's 5 s back-off later) instead of going on.
      void events?.close().catch(() => undefined);
      void queue?.close().catch(() => undefined);
    };
    // BullMQ's close waits for Redis: with Redis away (or a Ctrl-C) the connections are dropped at once instead.
    if (this.redisTrouble !== null || this.aborting) {
      drop();
      return;
    }
    const closing = [events?.close(), queue?.close(), redis?.quit()].map((p) => p?.catch(() => undefined));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const settled = await Promise.race([Promise.all(closing).then(() => true), new Promise<boolean>((r) => (timer = setTimeout(() => r(false), 2000)))]);
    clearTimeout(timer);
    if (!settled) drop();
  }

  private trouble(e: unknown): void {
    if (this.redisTrouble !== null || this.aborting) return;
    this.redisTrouble = message(e);
    this.say(
      'warning',
      `the queue's Redis at ${this.options.connection.label}: ${this.redisTrouble}; reconnecting (the run goes on when it is back; ` +
        `Ctrl-C stops it, and the same command resumes)`,
    );
  }

  private troubleOver(): void {
    if (this.redisTrouble === null) return;
    this.redisTrouble = null;
    this.say('info', `the queue's Redis at ${this.options.connection.label} is back`);
  }

  private entryOf(id: string | undefined): Queued | null {
    const game = gameOfJob(this.runId, id);
    if (game === null) return null;
    const entry = this.queued.get(game);
    return entry !== undefined && entry.id === id && entry.state === 'queued' ? entry : null;
  }

  private async loop(): Promise<void> {
    const queue = this.queue!;
    while (!this.aborting && this.haltReason === null) {
      if (this.queued.size === 0 && (this.stopping || this.toQueue.length === 0) && (!this.stopping || this.takenBack)) return;
      try {
        const work = async (): Promise<void> => {
          if (this.stopping && !this.takenBack) await this.takeBack();
          await this.replayVoids(queue);
          await this.fill(queue);
          if (Date.now() - this.lastSweep >= this.sweepMs) {
            await this.sweep(queue);
            this.lastSweep = Date.now();
          }
        };
        await this.untilEnded(work(), undefined);
        if (!this.aborting && this.haltReason === null) this.troubleOver();
      } catch (e) {
        this.trouble(e);
      }
      if (this.aborting || this.haltReason !== null) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.sweepMs);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = null;
    }
  }

  /** A step of the loop, or `fallback` at once when the run is aborted or halted meanwhile (Redis may hang it). */
  private untilEnded<T>(work: Promise<T>, fallback: T): Promise<T> {
    return Promise.race([work, this.ended.then(() => fallback)]);
  }

  private async add(queue: Queue, entry: Queued): Promise<void> {
    const data: GameJob = { run: this.runId, spec: this.spec.hash, game: entry.game.index };
    entry.state = 'adding';
    await queue.add(JOB_NAME, data, { jobId: entry.id });
    entry.state = 'queued';
  }

  private async fill(queue: Queue): Promise<void> {
    while (!this.stopping && this.queued.size < this.window && this.toQueue.length > 0) {
      const game = this.toQueue[0];
      if (this.skippedBlocks.has(game.block)) {
        this.toQueue.shift();
        continue;
      }
      const entry: Queued = { game, id: jobId(this.runId, game.index), state: 'adding', active: false };
      this.queued.set(game.index, entry);
      try {
        await this.add(queue, entry);
      } catch (e) {
        this.queued.delete(game.index);
        throw e;
      }
      this.toQueue.shift();
    }
  }

  /** Void games go back on the queue under the same id: the old job is removed first, or adding would be a no-op. */
  private async replayVoids(queue: Queue): Promise<void> {
    for (const entry of [...this.queued.values()]) {
      if (entry.state !== 'replay') continue;
      if (this.stopping) {
        this.queued.delete(entry.game.index);
        this.forget(entry.id);
        continue;
      }
      await queue.remove(entry.id);
      if ((await queue.getJobState(entry.id)) !== 'unknown') continue;
      await this.add(queue, entry);
    }
  }

  private async sweep(queue: Queue): Promise<void> {
    const redis = this.redis!;
    if ((await redis.exists(specKey(this.spec.hash))) === 0) await redis.set(specKey(this.spec.hash), this.spec.text);
    await Promise.all([...this.queued.values()].map((entry) => this.lookUp(queue, entry)));
  }

  private async lookUp(queue: Queue, entry: Queued): Promise<void> {
    if (entry.state !== 'queued') return;
    const state = await queue.getJobState(entry.id);
    const current = (): boolean => this.queued.get(entry.game.index) === entry && entry.state === 'queued';
    if (!current()) return;
    if (state === 'completed' || state === 'failed') {
      const job = await queue.getJob(entry.id);
      if (!current() || job === undefined) return;
      if (state === 'completed') this.arrived(entry, job.returnvalue);
      else await this.failedJob(entry, job);
    } else if (state === 'unknown') {
      this.say('warning', `game ${entry.game.index} is no longer on the queue (Redis restarted without its data?); queued again`);
      await this.add(queue, entry);
    } else {
      entry.active = state === 'active';
    }
  }

  private async failedJob(entry: Queued, job: Job): Promise<void> {
    if ((job.finishedOn ?? 0) < this.startedAt) {
      this.say('warning', `game ${entry.game.index} had failed before this run (${job.failedReason}); queued again`);
      await job.retry('failed');
      return;
    }
    this.halt(`game ${entry.game.index} failed on a worker: ${job.failedReason}`);
  }

  /** A worker's answer: recorded once, logged as void (and replayed), or a group to skip. */
  private arrived(entry: Queued, value: unknown): void {
    const t = this.tournament;
    const index = entry.game.index;
    const parsed = parseJobResult(value, index);
    if (!parsed.ok) {
      this.halt(parsed.error.message);
      return;
    }
    const answer = parsed.value;
    if (answer.kind === 'skip') {
      this.skip(entry.game, answer.reason);
      return;
    }
    if (answer.kind === 'void') {
      entry.state = 'replay';
      entry.active = false;
      const record = answer.record;
      if (this.voidsSeen.has(voidKey(record))) return;
      this.voidsSeen.add(voidKey(record));
      appendVoid(t.out, record);
      this.voided++;
      const n = (this.voids.get(index) ?? 0) + 1;
      this.voids.set(index, n);
      this.emit({ type: 'void', game: index, reason: record.reason });
      if (n >= (this.options.maxVoids ?? 3)) this.halt(`game ${index} was voided ${n} times; the last time: ${record.reason}`);
      this.wakeUp();
      return;
    }
    this.queued.delete(index);
    this.forget(entry.id);
    if (this.recorded.has(index) || this.skippedBlocks.has(entry.game.block)) return;
    commitGame(t, entry.game, answer.record);
    this.recorded.add(index);
    this.done++;
    this.playedThisRun++;
    this.score.add(answer.record);
    this.emit({ type: 'game', record: answer.record, progress: this.progress() });
    if (this.checkSprt()) this.stop();
    this.wakeUp();
  }

  /** Removes a recorded game's job: its record is in results.jsonl now. */
  private forget(id: string): void {
    this.queue?.remove(id).catch(() => undefined);
  }

  /** An engine cannot play this game's graph or rules: its whole group is skipped, as the local pre-flight does. */
  private skip(game: ScheduledGame, reason: string): void {
    if (this.skippedBlocks.has(game.block)) return;
    this.skippedBlocks.add(game.block);
    if (!this.skipped.includes(reason)) {
      this.skipped.push(reason);
      this.say('warning', `skipped: ${reason}`);
    }
    for (const entry of [...this.queued.values()]) {
      if (entry.game.block !== game.block) continue;
      this.queued.delete(entry.game.index);
      this.forget(entry.id);
    }
    this.toQueue = this.toQueue.filter((g) => g.block !== game.block);
    this.total = this.planned.filter((g) => !this.skippedBlocks.has(g.block)).length;
    writePlan(this.tournament.out, this.total, this.skipped, this.now);
    if (this.total === 0) this.say('warning', 'no game can be played: every group of engines was skipped');
    this.wakeUp();
  }

  /** The SPRT has decided: the games not started come off the queue; those in progress are awaited. */
  private async takeBack(): Promise<void> {
    const queue = this.queue!;
    // Jobs beyond the window may be left by an earlier coordinator with a larger window: the next `window` games.
    const ahead = this.toQueue.slice(0, this.window).map((g) => jobId(this.runId, g.index));
    this.toQueue = [];
    for (const entry of [...this.queued.values()]) {
      if (entry.state === 'replay') {
        this.queued.delete(entry.game.index);
        this.forget(entry.id);
        continue;
      }
      const state = await queue.getJobState(entry.id);
      if (state === 'completed') {
        const job = await queue.getJob(entry.id);
        if (job !== undefined && entry.state === 'queued' && this.queued.get(entry.game.index) === entry) this.arrived(entry, job.returnvalue);
      } else if (WAITING_STATES.has(state) || state === 'unknown') {
        if (state === 'unknown' || (await queue.remove(entry.id)) === 1) this.queued.delete(entry.game.index);
      }
    }
    for (const id of ahead) {
      if (WAITING_STATES.has(await queue.getJobState(id))) await queue.remove(id);
    }
    this.takenBack = true;
  }

  private checkSprt(): boolean {
    const s = this.tournament.sprt;
    if (s === null) return false;
    this.sprtState = sprt(this.score.wins, this.score.losses, s);
    return this.sprtState.decision !== 'continue';
  }

  private progress(): Progress {
    const elapsed = this.now() - this.startedAt;
    const remaining = this.total - this.done;
    let running = 0;
    for (const entry of this.queued.values()) if (entry.active) running++;
    return {
      done: this.done,
      total: this.total,
      playedThisRun: this.playedThisRun,
      running,
      elapsedMs: elapsed,
      etaMs: this.playedThisRun > 0 ? (elapsed / this.playedThisRun) * remaining : null,
      score: this.score,
    };
  }
}
