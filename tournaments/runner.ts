/**
 * A tournament run: the output folder, the engines, the workers, resuming, stopping.
 *
 * - The folder is locked (lock.ts). Its tournament.json must describe the same tournament (config.ts's identity)
 *   or the run is refused; a partial last line of results.jsonl is cut off; finished games are read back, and only
 *   the missing ones are played, so re-running the same command resumes exactly.
 * - Start-up: one process per engine is started and checked, then asked to set up every graph x rules it would
 *   play (a pre-flight); a group with an engine that cannot play a graph or rule set is skipped, with a message.
 * - Concurrency: N workers, each with its own process of every engine it needs, so an engine process serves one
 *   game at a time and each engine's thinking time is its own. A worker takes the next game in index order.
 * - A finished game is written at once (SGF first, then its results line: the line is the commit point). A void
 *   game is logged in void.jsonl and replayed later; a game voided three times halts the run with its reason.
 * - A crashed or hung engine has forfeited its game (referee.ts); its process is started again before the next game
 *   that needs it. An engine that cannot be (re)started halts the run.
 * - `stop()` lets the games in progress finish; `abort()` kills every engine's process group now and drops the
 *   games in progress (they are played again on resume). The lock is released either way.
 * - Engines do not outlive a run: each watches for the harness's end (engine-watchdog.ts), and the running ones are
 *   noted in OUT/engines.json, so a run that finds the notes of a killed one ends those engines first (engine-pids.ts).
 * - With an SPRT, the run stops starting games once the LLR crosses a bound.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { UnreadableFileError, readBoundedText } from './bounded-read.js';
import { moveLimitFor, tournamentIdentity, type GraphEntry, type Tournament } from './config.js';
import { endLeftoverEngines } from './engine-pids.js';
import { EngineProcess, EngineStartError } from './engine-process.js';
import type { EngineDef, EngineHost } from './engine-spec.js';
import { handicapPlacement, type HandicapPlacement } from './handicap.js';
import { acquireLock, type FolderLock } from './lock.js';
import {
  CONFIG_FILE,
  LOG_DIR,
  RESULTS_FILE,
  VOID_FILE,
  appendRecord,
  appendVoid,
  ensureOutDir,
  gameSgf,
  readResults,
  repairTail,
  sgfWidthHeight,
  writeFileAtomic,
  writeGameSgf,
  type GameRecord,
} from './records.js';
import { playGame, type GameContext } from './referee.js';
import { buildBlocks, scheduleGames, type Block, type ScheduledGame } from './schedule.js';
import { RunningScore } from './standings.js';
import { sequentialSprt, type SprtState } from './stats.js';

export interface RunHost extends EngineHost {
  /** This process's pid (for the lock). */
  readonly pid: number;
  /** Whether a pid is alive (stale-lock detection). */
  readonly isAlive: (pid: number) => boolean;
  /** Environment for engine processes. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** SIGKILL to a process group, for engines a killed run left behind (engine-pids.ts); without it they stay. */
  readonly killGroup?: (pid: number) => void;
}

export type RunEvent =
  | { readonly type: 'message'; readonly level: 'info' | 'warning'; readonly text: string }
  | { readonly type: 'game'; readonly record: GameRecord; readonly progress: Progress }
  | { readonly type: 'void'; readonly game: number; readonly reason: string };

export interface Progress {
  readonly done: number;
  readonly total: number;
  readonly playedThisRun: number;
  readonly running: number;
  readonly elapsedMs: number;
  readonly etaMs: number | null;
  readonly score: RunningScore;
}

export type RunStatus = 'complete' | 'stopped' | 'aborted' | 'sprt' | 'halted';

export interface RunSummary {
  readonly status: RunStatus;
  readonly total: number;
  readonly done: number;
  readonly playedThisRun: number;
  readonly voided: number;
  readonly skipped: readonly string[];
  readonly elapsedMs: number;
  readonly sprt: SprtState | null;
  /** Why the run halted (status 'halted'). */
  readonly error?: string;
}

export interface RunnerOptions {
  readonly host: RunHost;
  readonly onEvent?: (event: RunEvent) => void;
  /** A game voided this many times in one run halts the run (default 3). */
  readonly maxVoids?: number;
  /** Wall clock (tests). */
  readonly now?: () => number;
}

/** The identity and plan kept in OUT/tournament.json. */
export interface StoredTournament {
  readonly version: number;
  readonly name: string;
  readonly created: string;
  readonly identity: Record<string, unknown>;
  readonly engines: readonly string[];
  readonly games: number;
  readonly concurrency: number;
  readonly sprt: Tournament['sprt'];
  readonly plan?: { readonly total: number; readonly skipped: readonly string[]; readonly updated: string };
  /**
   * Each graph's `set_graph` argument by its label, outside the identity (which keeps only a hash): what `replay`
   * rebuilds a graph read from a file with, since the label of a file graph is no spec. Absent in runs made before.
   */
  readonly graphs?: readonly { readonly label: string; readonly setGraph: string }[];
}

export class HarnessError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'HarnessError';
  }
}

/** OUT/tournament.json, or null when it is missing or not JSON; UnreadableFileError when it cannot be read at all. */
export function readStoredTournament(dir: string): StoredTournament | null {
  const path = join(dir, CONFIG_FILE);
  if (!existsSync(path)) return null;
  const text = readBoundedText(path);
  try {
    return JSON.parse(text) as StoredTournament;
  } catch {
    return null;
  }
}

/** The top-level identity keys that differ (for the refusal message). */
export function identityDifferences(a: Record<string, unknown>, b: Record<string, unknown>): string[] {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]));
}

/**
 * Checks that OUT holds this tournament (or nothing), cuts off partial last lines left by a killed run, and returns
 * the finished games. Every runner of a folder (the local one, the queue's coordinator) opens it this way.
 */
export function openRunFolder(t: Tournament, say: (level: 'info' | 'warning', text: string) => void, now: () => number): GameRecord[] {
  try {
    checkIdentity(t, say, now);
    for (const file of [RESULTS_FILE, VOID_FILE]) {
      const cut = repairTail(join(t.out, file));
      if (cut !== null) say('warning', `${file}: cut off a partial last line (${cut.length} characters) left by a killed run`);
    }
    const { records, warnings } = readResults(t.out);
    for (const w of warnings) say('warning', w);
    return records;
  } catch (e) {
    // A folder whose records cannot be read halts the run before any game, like any other folder it cannot run in.
    if (e instanceof UnreadableFileError) throw new HarnessError(e.message);
    throw e;
  }
}

function checkIdentity(t: Tournament, say: (level: 'info' | 'warning', text: string) => void, now: () => number): void {
  const identity = tournamentIdentity(t);
  const stored = readStoredTournament(t.out);
  const path = join(t.out, CONFIG_FILE);
  if (stored !== null) {
    const differences = identityDifferences(stored.identity ?? {}, identity);
    if (differences.length > 0) {
      throw new HarnessError(
        `${t.out} holds a different tournament (${differences.join(', ')} differ); use another output folder, or delete this one to start over`,
      );
    }
  } else if (existsSync(path)) {
    throw new HarnessError(`${path} is unreadable; delete the folder to start over`);
  } else if (existsSync(join(t.out, RESULTS_FILE))) {
    say('warning', `${t.out} has results but no ${CONFIG_FILE}; assuming they belong to this tournament`);
  }
  const record: StoredTournament = {
    version: 1,
    name: t.name,
    created: stored?.created ?? new Date(now()).toISOString(),
    identity,
    engines: t.engines.map((e) => e.name),
    games: t.games,
    concurrency: t.concurrency,
    sprt: t.sprt,
    ...(stored?.plan !== undefined ? { plan: stored.plan } : {}),
    graphs: t.graphs.map((g) => ({ label: g.label, setGraph: g.setGraph })),
  };
  writeFileAtomic(path, JSON.stringify(record, null, 2) + '\n');
}

/** Writes the plan (games in all, skipped groups) into OUT/tournament.json, for `status`. */
export function writePlan(dir: string, total: number, skipped: readonly string[], now: () => number): void {
  const path = join(dir, CONFIG_FILE);
  const stored = readStoredTournament(dir)!;
  const next: StoredTournament = { ...stored, plan: { total, skipped, updated: new Date(now()).toISOString() } };
  writeFileAtomic(path, JSON.stringify(next, null, 2) + '\n');
}

/** An engine's process for one worker slot, with the tournament's limits, seed and watchdogs. */
export function engineProcess(
  t: Tournament,
  def: EngineDef,
  host: Pick<RunHost, 'node' | 'graphgoMain' | 'env'>,
  worker: number,
  logDir: string,
  runDir?: string,
): EngineProcess {
  return new EngineProcess(def, {
    host,
    ...(host.env !== undefined ? { env: host.env } : {}),
    limits: { playouts: t.playouts, seconds: t.seconds },
    logDir,
    worker,
    seed: t.seed,
    ...(runDir !== undefined ? { runDir } : {}),
    startupTimeoutMs: t.startupTimeoutMs,
    commandTimeoutMs: t.commandTimeoutMs,
    moveTimeoutMs: t.moveTimeoutMs,
  });
}

/** What the referee needs to play one game number on a worker slot: its board, rules, seed and limits. */
export function gameContext(
  t: Tournament,
  game: ScheduledGame,
  worker: number,
  engines: ReadonlyMap<string, EngineProcess>,
  signal: AbortSignal,
  now: () => number,
): GameContext {
  const graph = t.graphs[game.graph];
  return {
    game,
    graph,
    rules: t.rules[game.rules],
    seed: `${t.seed}.${game.index}`,
    moveLimit: moveLimitFor(t, graph.graph),
    handicap: t.handicap === null ? null : placementOrThrow(graph, t.handicap),
    seconds: t.seconds,
    worker,
    engines,
    signal,
    now,
  };
}

/** The placement of a handicap that validation accepted (config.ts checks every graph). */
function placementOrThrow(graph: GraphEntry, count: number): HandicapPlacement {
  const placement = handicapPlacement(graph, count);
  if (typeof placement === 'string') throw new HarnessError(placement);
  return placement;
}

/** Commits a finished game to OUT: its SGF first (on grids), then its results line, the commit point. */
export function commitGame(t: Tournament, game: Pick<ScheduledGame, 'graph' | 'rules'>, record: GameRecord): void {
  const graph = t.graphs[game.graph];
  const rules = t.rules[game.rules];
  const size = sgfWidthHeight(graph.setGraph, rules.rules.colors);
  if (size !== null) writeGameSgf(t.out, record, gameSgf(record, graph.graph, size, rules.rules.komi));
  appendRecord(t.out, record);
}

class Worker {
  readonly engines = new Map<string, EngineProcess>();
  constructor(readonly index: number) {}
}

export class TournamentRunner {
  private readonly workers: Worker[] = [];
  private readonly controller = new AbortController();
  private aborting = false;
  private stopping = false;
  private haltReason: string | null = null;
  private lock: FolderLock | null = null;
  private queue: ScheduledGame[] = [];
  private readonly voids = new Map<number, number>();
  private voided = 0;
  private running = 0;
  private done = 0;
  private total = 0;
  private playedThisRun = 0;
  private startedAt = 0;
  private score: RunningScore;
  private sprtState: SprtState | null = null;
  private readonly now: () => number;

  constructor(
    readonly tournament: Tournament,
    private readonly options: RunnerOptions,
  ) {
    this.now = options.now ?? Date.now;
    this.score = new RunningScore(tournament.engines.map((e) => e.name));
  }

  private emit(event: RunEvent): void {
    this.options.onEvent?.(event);
  }

  private say(level: 'info' | 'warning', text: string): void {
    this.emit({ type: 'message', level, text });
  }

  /** Finish the games in progress, start no more. */
  stop(): void {
    this.stopping = true;
  }

  /** Kill every engine now; games in progress are dropped (and played again on resume). */
  abort(): void {
    this.aborting = true;
    this.stopping = true;
    this.controller.abort();
    this.killAllNow();
  }

  /** Sends SIGKILL to every engine's process group at once (usable from an exit handler). */
  killAllNow(): void {
    for (const w of this.workers) for (const p of w.engines.values()) void p.kill();
  }

  /** Releases the folder lock now (for an exit handler; run() releases it itself). */
  releaseLock(): void {
    this.lock?.release();
  }

  /** The process ids of every engine now running (for tests and diagnostics). */
  enginePids(): number[] {
    const out: number[] = [];
    for (const w of this.workers) for (const p of w.engines.values()) if (p.alive && p.pid !== undefined) out.push(p.pid);
    return out;
  }

  private halt(reason: string): void {
    if (this.haltReason === null) this.haltReason = reason;
    this.stopping = true;
  }

  async run(): Promise<RunSummary> {
    const t = this.tournament;
    const dir = t.out;
    this.startedAt = this.now();
    ensureOutDir(dir);
    this.lock = acquireLock(dir, { pid: this.options.host.pid, isAlive: this.options.host.isAlive, onStale: (m) => this.say('warning', m) });
    let skipped: string[] = [];
    try {
      this.endLeftovers();
      const records = openRunFolder(t, (level, text) => this.say(level, text), this.now);

      const blocks = buildBlocks(t);
      const worker0 = this.worker(0);
      for (const def of t.engines) {
        const info = await this.startEngine(worker0, def.name);
        if (info === null) return this.summary('halted', skipped);
      }
      skipped = await this.preflight(worker0, blocks);
      for (const s of skipped) this.say('warning', `skipped: ${s}`);
      const skippedBlocks = new Set(blocks.filter((b) => this.blockSkipReason(worker0, b) !== null).map((b) => b.index));
      const planned = scheduleGames(blocks, t.rules, t.games).filter((g) => !skippedBlocks.has(g.block));
      const plannedSet = new Set(planned.map((g) => g.index));
      const finished = new Set<number>();
      for (const r of records) {
        if (!plannedSet.has(r.game)) continue;
        finished.add(r.game);
        this.score.add(r);
        this.checkSprt();
      }
      this.total = planned.length;
      this.done = finished.size;
      this.queue = planned.filter((g) => !finished.has(g.index));
      writePlan(t.out, this.total, skipped, this.now);
      if (this.total === 0) {
        this.say('warning', 'no game can be played: every group of engines was skipped');
        return this.summary('complete', skipped);
      }
      if (this.done > 0) this.say('info', `resuming: ${this.done} of ${this.total} games already played`);
      if (this.checkSprt()) {
        this.say('info', 'the SPRT has already reached a decision: no more games');
        return this.summary('sprt', skipped);
      }
      if (this.queue.length === 0) return this.summary('complete', skipped);

      const count = Math.min(t.concurrency, this.queue.length);
      const loops: Promise<void>[] = [];
      for (let w = 0; w < count; w++) {
        // A failure outside a game (a full disk, a bug) halts the run; the other workers finish their games first.
        loops.push(this.workerLoop(this.worker(w)).catch((e: unknown) => this.halt(`harness error: ${e instanceof Error ? e.message : String(e)}`)));
      }
      await Promise.all(loops);
      if (this.aborting) return this.summary('aborted', skipped);
      if (this.haltReason !== null) return this.summary('halted', skipped);
      if (this.sprtState !== null && this.sprtState.decision !== 'continue') return this.summary('sprt', skipped);
      if (this.queue.length > 0) return this.summary('stopped', skipped);
      return this.summary('complete', skipped);
    } catch (e) {
      if (e instanceof HarnessError) {
        this.halt(e.message);
        return this.summary('halted', skipped);
      }
      throw e;
    } finally {
      await this.closeAll();
      this.lock.release();
    }
  }

  /** Ends the engines a killed run of this folder left running (we hold the lock, so that run is gone). */
  private endLeftovers(): void {
    const kill = this.options.host.killGroup;
    if (kill === undefined) return;
    const killed = endLeftoverEngines(this.tournament.out, kill);
    if (killed.length > 0) this.say('warning', `killed ${killed.length} engine process(es) left running by an earlier run: ${killed.join(', ')}`);
  }

  private summary(wanted: RunStatus, skipped: readonly string[]): RunSummary {
    // An abort may surface anywhere (an engine killed while starting looks like a failed start): it wins.
    const status: RunStatus = this.aborting ? 'aborted' : wanted;
    return {
      status,
      total: this.total,
      done: this.done,
      playedThisRun: this.playedThisRun,
      voided: this.voided,
      skipped,
      elapsedMs: this.now() - this.startedAt,
      sprt: this.sprtState,
      ...(status === 'halted' && this.haltReason !== null ? { error: this.haltReason } : {}),
    };
  }

  private worker(index: number): Worker {
    while (this.workers.length <= index) this.workers.push(new Worker(this.workers.length));
    return this.workers[index];
  }

  private process(worker: Worker, name: string): EngineProcess {
    let p = worker.engines.get(name);
    if (p === undefined) {
      const t = this.tournament;
      p = engineProcess(t, t.engines.find((e) => e.name === name)!, this.options.host, worker.index, join(t.out, LOG_DIR), t.out);
      worker.engines.set(name, p);
    }
    return p;
  }

  /** Starts (or restarts) an engine of a worker; on failure halts the run and returns null. */
  private async startEngine(worker: Worker, name: string): Promise<EngineProcess | null> {
    const p = this.process(worker, name);
    const restart = p.starts > 0;
    try {
      const info = await p.start();
      if (this.aborting) return null;
      if (!restart && worker.index === 0) {
        const who = [info.gtpName, info.version].filter((x) => x !== undefined).join(' ');
        const mode = info.mode === 'graph' ? 'any graph (set_graph)' : 'square boards only (boardsize)';
        this.say('info', `engine ${name}: ${who || 'no name'}, GTP ${info.protocolVersion}, ${mode}; stderr in ${p.logPath}`);
        if (info.protocolVersion !== '2') this.say('warning', `engine ${name} answers protocol_version ${info.protocolVersion}, not 2`);
      } else if (restart) {
        this.say('warning', `engine ${name} (worker ${worker.index}) restarted (start #${p.starts})${p.lastFailure !== null ? ` after: ${p.lastFailure}` : ''}`);
      }
      return p;
    } catch (e) {
      if (this.aborting) return null;
      if (e instanceof EngineStartError) {
        this.halt(e.message);
        return null;
      }
      throw e;
    }
  }

  /** Why a block cannot be played (a square-only engine on another graph), from the engines' commands. */
  private blockSkipReason(worker0: Worker, block: Block): string | null {
    const t = this.tournament;
    for (const name of block.group) {
      const reason = this.cannot.get(`${name}\n${block.graph}\n${block.rules}`) ?? worker0.engines.get(name)!.cannotPlay(t.graphs[block.graph], t.rules[block.rules], t.handicap);
      if (reason !== null) return reason;
    }
    return null;
  }

  private readonly cannot = new Map<string, string | null>();

  /** Asks every engine to set up each graph x rules it would play; returns the skip messages. */
  private async preflight(worker0: Worker, blocks: readonly Block[]): Promise<string[]> {
    const t = this.tournament;
    const messages: string[] = [];
    const needed = new Set<string>();
    for (const b of blocks) for (const name of b.group) needed.add(`${name}\n${b.graph}\n${b.rules}`);
    for (const key of needed) {
      const [name, g, r] = key.split('\n');
      const p = worker0.engines.get(name)!;
      const graph = t.graphs[Number(g)];
      const rules = t.rules[Number(r)];
      let reason = p.cannotPlay(graph, rules, t.handicap);
      if (reason === null) {
        const setup = await p.prepareGame(graph, rules, `${t.seed}.preflight`, t.seconds);
        if (!setup.ok) {
          const { code, message } = setup.error;
          if (code === 'refused') reason = `${message}, so it cannot play "${graph.label}" under "${rules.label}"`;
          else if (this.aborting) return messages;
          else throw new HarnessError(`engine ${name} failed its pre-flight on "${graph.label}" under "${rules.label}": ${message}`);
        }
      }
      this.cannot.set(key, reason);
      if (reason !== null && !messages.includes(reason)) messages.push(reason);
    }
    return messages;
  }

  /** After each game, in the order they finished (a resume replays the records in that order too). */
  private checkSprt(): boolean {
    const s = this.tournament.sprt;
    if (s === null) return false;
    this.sprtState = sequentialSprt(this.sprtState, this.score.wins, this.score.losses, s);
    return this.sprtState.decision !== 'continue';
  }

  private progress(): Progress {
    const elapsed = this.now() - this.startedAt;
    const remaining = this.total - this.done;
    return {
      done: this.done,
      total: this.total,
      playedThisRun: this.playedThisRun,
      running: this.running,
      elapsedMs: elapsed,
      etaMs: this.playedThisRun > 0 ? (elapsed / this.playedThisRun) * remaining : null,
      score: this.score,
    };
  }

  private async workerLoop(worker: Worker): Promise<void> {
    const t = this.tournament;
    const maxVoids = this.options.maxVoids ?? 3;
    while (!this.stopping) {
      const game = this.queue.shift();
      if (game === undefined) return;
      const engines = new Map<string, EngineProcess>();
      let ready = true;
      for (const name of new Set(game.seats)) {
        let p: EngineProcess | null = this.process(worker, name);
        if (!p.alive) p = await this.startEngine(worker, name);
        if (p === null) {
          ready = false;
          break;
        }
        engines.set(name, p);
      }
      if (!ready) {
        this.queue.unshift(game);
        return;
      }
      this.running++;
      const outcome = await playGame(gameContext(t, game, worker.index, engines, this.controller.signal, this.now));
      this.running--;
      if (outcome.kind === 'aborted' || this.aborting) {
        this.queue.unshift(game);
        return;
      }
      if (outcome.kind === 'void') {
        appendVoid(t.out, outcome.record);
        this.voided++;
        const n = (this.voids.get(game.index) ?? 0) + 1;
        this.voids.set(game.index, n);
        this.emit({ type: 'void', game: game.index, reason: outcome.record.reason });
        if (n >= maxVoids) {
          this.queue.unshift(game);
          this.halt(`game ${game.index} was voided ${n} times; the last time: ${outcome.record.reason}`);
          return;
        }
        this.queue.push(game);
        continue;
      }
      const record = outcome.record;
      commitGame(t, game, record);
      this.done++;
      this.playedThisRun++;
      this.score.add(record);
      this.emit({ type: 'game', record, progress: this.progress() });
      if (this.checkSprt()) this.stop();
    }
  }

  private async closeAll(): Promise<void> {
    const all: Promise<unknown>[] = [];
    for (const w of this.workers) for (const p of w.engines.values()) all.push(this.aborting ? p.kill() : p.close());
    await Promise.all(all);
  }
}
