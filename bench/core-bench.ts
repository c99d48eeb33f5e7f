/**
 * The core benchmark suite (docs/benchmarks.md): on each fixed graph (bench/fixtures.ts),
 * - `legal-moves`: `Game.legalMoves` for the side to move in the mid-game position;
 * - `game-play-undo`: `Game.play` of a legal move then `Game.undo` (the rules layer: superko hash, history);
 * - `position-play-undo`: `Position.play` then `Position.undo` (the fast board alone);
 * - `random-game`: a whole game from the empty board to its end between two seeded RandomBots, under `area`
 *   (and `famine` on graphs up to FAMINE_MAX_VERTICES vertices), with the average game length;
 * and, on 19x19, an allocation check: heap bytes per Game play+undo, per Position play+undo and per random-game
 * move (bot's genmove plus play).
 *
 * Why batches: one play+undo costs a few hundred nanoseconds, about as much as reading the clock, so tinybench
 * times a batch of operations per sample (the batch is sized once, to about SAMPLE_TARGET_MS) and the figures are
 * divided back to one operation. Whole games are one per sample.
 *
 * Nothing here touches `process`: the CLI passes `gc` in when node runs with --expose-gc.
 */
import { availableParallelism, cpus } from 'node:os';
import { getHeapStatistics } from 'node:v8';
import { Bench } from 'tinybench';
import { Game } from '../src/game.js';
import type { Graph } from '../src/graph.js';
import { presetRules } from '../src/rules.js';
import type { Rules } from '../src/rules.js';
import { ALLOCATION_GRAPH, CORE_GRAPHS, FIXTURE_SEED, botsFor, buildFixture, suiteGraph } from './fixtures.js';
import type { Fixture } from './fixtures.js';
import type { RandomBot } from '../bots/random.js';

export const BENCHMARK_IDS = ['legal-moves', 'game-play-undo', 'position-play-undo', 'random-game'] as const;
export type BenchmarkId = (typeof BENCHMARK_IDS)[number];

export const ALLOCATION_IDS = ['game-play-undo', 'position-play-undo', 'random-game-move'] as const;
export type AllocationId = (typeof ALLOCATION_IDS)[number];

/** Default time budget of each benchmark, in milliseconds (tinybench's `time`). */
export const DEFAULT_TIME_MS = 1000;
/** Default number of play+undo pairs (and random-game moves) the allocation check measures. */
export const DEFAULT_ALLOCATION_PAIRS = 200_000;
/** Famine games (long eye-filling endgames) are played only on graphs up to this size: 9x9 and 19x19 by default. */
export const FAMINE_MAX_VERTICES = 1000;
/** Target duration of one timed batch: long enough that reading the clock (about 2 µs for CPU time) is noise. */
export const SAMPLE_TARGET_MS = 1;
/** Warm-up of a batched benchmark before its batch is sized, so the batch is sized on optimised code. */
export const CALIBRATION_WARMUP_MS = 50;
/** Fewest samples of a batched benchmark, and fewest games of a random-game benchmark. */
export const MIN_SAMPLES = 10;
export const MIN_GAMES = 3;
/** A random game longer than this many turns per vertex is cut off (and counted in `cutOff`): a safety net. */
export const MAX_TURNS_PER_VERTEX = 50;
/** Operations per allocation-measurement chunk. */
export const ALLOCATION_CHUNK = 10_000;

/** The rule sets of the random-game benchmark. */
export const GAME_RULES = ['area', 'famine'] as const;

export interface CoreBenchOptions {
  /** Time budget per benchmark in ms (default 1000). Each benchmark also runs a minimum number of samples. */
  time?: number;
  /** The graphs (default: the three CORE_GRAPHS). */
  graphs?: readonly Graph[];
  /** Pairs measured by the allocation check (default 200,000); 0 skips the check. */
  allocationPairs?: number;
  /** The allocation check's graph (default `grid 19 19`). */
  allocationGraph?: Graph;
  /** A full garbage collection (node --expose-gc's `gc`), run before each allocation chunk when given. */
  gc?: () => void;
  /**
   * The clock, in milliseconds (default `performance.now`, wall time). The CLI's --cpu-time passes the process's
   * CPU time, which a busy machine disturbs less. The time budget is measured on this clock too.
   */
  now?: () => number;
  /** What `now` measures, for the report (default `wall`). */
  clock?: string;
  /** Called with each result as it is measured (the CLI prints the table row by row). */
  onResult?: (result: CoreBenchResult) => void;
  onAllocation?: (result: AllocationResult) => void;
}

export interface CoreBenchResult {
  /** Normalised spec of the graph, e.g. `grid 9 9`. */
  graph: string;
  vertices: number;
  edges: number;
  benchmark: BenchmarkId;
  /** Human label, e.g. `Game play+undo` or `random game (area)`. */
  label: string;
  /** The rule set (a preset name) for random games and the Game-level benchmarks. */
  rules: string;
  /** Operations per second (1e6 / meanMicros). */
  opsPerSecond: number;
  /** Mean time of one operation in microseconds. */
  meanMicros: number;
  /** Relative margin of error of the mean, in percent (95%). */
  rmePercent: number;
  /** tinybench samples (timed batches or games). */
  samples: number;
  /** Operations per sample. */
  batch: number;
  /** legal-moves: the number of legal moves found. */
  movesFound?: number;
  /** random-game: games played while timing, their average length in turns (moves and passes), games cut off. */
  games?: number;
  avgGameLength?: number;
  cutOff?: number;
}

export interface AllocationResult {
  graph: string;
  what: AllocationId;
  label: string;
  /** Operations in the chunks that count (chunks during which a GC ran are discarded). */
  operations: number;
  /** Heap growth over all counted chunks. */
  bytes: number;
  /** Bytes per operation in the median counted chunk (the lower middle one of an even count). */
  bytesPerOp: number;
  discardedChunks: number;
  method: string;
}

export interface FixtureInfo {
  graph: string;
  vertices: number;
  edges: number;
  /** Turns played to reach the mid-game position, the colour to move and the empty vertices there. */
  midGameTurns: number;
  toMove: number;
  emptyVertices: number;
}

export interface CoreBenchReport {
  /** ISO date and time of the run. */
  date: string;
  runtime: string;
  runtimeVersion: string;
  cpu: string;
  cores: number;
  timeMs: number;
  /** The clock the figures were timed on: `wall` or what the caller named (`cpu`). */
  clock: string;
  fixtureRules: string;
  fixtures: FixtureInfo[];
  results: CoreBenchResult[];
  allocation: AllocationResult[];
}

/** A benchmark body: performs `count` operations. */
type Batch = (count: number) => void;

/**
 * Warms `run` up for CALIBRATION_WARMUP_MS, then doubles the batch until one batch takes at least `targetMs`
 * on the clock `now`.
 */
function calibrateBatch(run: Batch, targetMs: number, now: () => number): number {
  const start = now();
  let count = 1;
  while (now() - start < CALIBRATION_WARMUP_MS && count < 1 << 20) {
    run(count);
    count *= 2;
  }
  let batch = 1;
  for (;;) {
    const t0 = now();
    run(batch);
    if (now() - t0 >= targetMs || batch >= 1 << 24) return batch;
    batch *= 2;
  }
}

interface Measured {
  meanMs: number;
  rmePercent: number;
  samples: number;
}

/** Runs one tinybench task and returns the latency statistics of a sample. */
async function measure(
  now: () => number,
  name: string,
  fn: () => void,
  time: number,
  minSamples: number,
  warmupSamples: number,
  beforeAll?: (mode: 'run' | 'warmup') => void,
): Promise<Measured> {
  const bench = new Bench({
    now,
    time,
    iterations: minSamples,
    warmupTime: Math.min(250, time / 4),
    warmupIterations: warmupSamples,
    throws: true,
  });
  bench.add(name, fn, {
    async: false,
    beforeAll: beforeAll
      ? function (mode) {
          beforeAll(mode ?? 'run');
        }
      : undefined,
  });
  await bench.run();
  const result = bench.tasks[0].result;
  if (result.state !== 'completed') {
    const error = result.state === 'errored' ? `: ${result.error.message}` : '';
    throw new Error(`benchmark ${name} ${result.state}${error}`);
  }
  return { meanMs: result.latency.mean, rmePercent: result.latency.rme, samples: result.latency.samplesCount };
}

function gamePlayUndo(game: Game, color: number, legal: readonly number[]): Batch {
  let i = 0;
  return (count) => {
    for (let k = 0; k < count; k++) {
      if (game.play(color, legal[i]) !== 'ok') throw new Error(`play+undo: move ${legal[i]} refused`);
      game.undo();
      if (++i === legal.length) i = 0;
    }
  };
}

function positionPlayUndo(game: Game, color: number, legal: readonly number[]): Batch {
  const position = game.position;
  const suicideAllowed = game.rules.suicide === 'allowed';
  let i = 0;
  return (count) => {
    for (let k = 0; k < count; k++) {
      position.play(legal[i], color, suicideAllowed);
      position.undo();
      if (++i === legal.length) i = 0;
    }
  };
}

/** Random games, one after another, stepped a turn at a time (the allocation check needs steps, the bench games). */
class RandomGames {
  readonly game: Game;
  private bots: RandomBot[] = [];
  private readonly maxTurns: number;
  games = 0;
  turns = 0;
  cutOff = 0;

  constructor(
    fixture: Fixture,
    rules: Rules,
    private readonly seed: string,
  ) {
    this.game = new Game(fixture.graph, rules);
    this.maxTurns = MAX_TURNS_PER_VERTEX * fixture.graph.n + 1000;
    this.restart();
  }

  /** Fresh bots from the fixed seed and zero counters: the next games are the same on every run. */
  restart(): void {
    this.bots = botsFor(this.seed, this.game.rules.colors);
    this.games = 0;
    this.turns = 0;
    this.cutOff = 0;
    this.game.reset();
  }

  /** Plays one turn; at the end of a game counts it and starts the next. */
  step(): void {
    const game = this.game;
    const color = game.toMove;
    const move = this.bots[color].genmove(game, color);
    const status = game.play(color, move);
    if (status !== 'ok') throw new Error(`random game: the bot chose an illegal move (${status})`);
    if (game.over || game.moveCount >= this.maxTurns) this.finish();
  }

  /** Plays a whole game from the empty board. */
  playGame(): void {
    const game = this.game;
    game.reset();
    const bots = this.bots;
    const maxTurns = this.maxTurns;
    while (!game.over && game.moveCount < maxTurns) {
      const color = game.toMove;
      const move = bots[color].genmove(game, color);
      const status = game.play(color, move);
      if (status !== 'ok') throw new Error(`random game: the bot chose an illegal move (${status})`);
    }
    this.finish();
  }

  private finish(): void {
    if (!this.game.over) this.cutOff++;
    this.games++;
    this.turns += this.game.moveCount;
    this.game.reset();
  }
}

function resultOf(
  fixture: Fixture,
  benchmark: BenchmarkId,
  label: string,
  rules: string,
  measured: Measured,
  batch: number,
): CoreBenchResult {
  const meanMicros = (measured.meanMs * 1000) / batch;
  return {
    graph: fixture.label,
    vertices: fixture.graph.n,
    edges: fixture.graph.linkCount,
    benchmark,
    label,
    rules,
    opsPerSecond: meanMicros > 0 ? 1e6 / meanMicros : Infinity,
    meanMicros,
    rmePercent: measured.rmePercent,
    samples: measured.samples,
    batch,
  };
}

async function benchFixture(
  fixture: Fixture,
  time: number,
  now: () => number,
  emit: (r: CoreBenchResult) => void,
): Promise<void> {
  const color = fixture.toMove;
  const rulesName = fixture.rules.preset;

  // (a) legal-move generation.
  {
    const game = fixture.midGame();
    let found = 0;
    const run: Batch = (count) => {
      for (let k = 0; k < count; k++) found = game.legalMoves(color).length;
    };
    const batch = calibrateBatch(run, SAMPLE_TARGET_MS, now);
    const measured = await measure(now, 'legalMoves', () => run(batch), time, MIN_SAMPLES, MIN_SAMPLES);
    emit({ ...resultOf(fixture, 'legal-moves', 'legalMoves', rulesName, measured, batch), movesFound: found });
  }

  // (b) play+undo, through the Game (rules layer) and the Position (fast board).
  const legal = fixture.midGame().legalMoves(color);
  if (legal.length > 0) {
    for (const [id, label, make] of [
      ['game-play-undo', 'Game play+undo', gamePlayUndo],
      ['position-play-undo', 'Position play+undo', positionPlayUndo],
    ] as const) {
      const run = make(fixture.midGame(), color, legal);
      const batch = calibrateBatch(run, SAMPLE_TARGET_MS, now);
      const measured = await measure(now, label, () => run(batch), time, MIN_SAMPLES, MIN_SAMPLES);
      emit(resultOf(fixture, id, label, rulesName, measured, batch));
    }
  }

  // (c) whole random games.
  for (const preset of GAME_RULES) {
    if (preset === 'famine' && fixture.graph.n > FAMINE_MAX_VERTICES) continue;
    const games = new RandomGames(fixture, presetRules(preset), `${FIXTURE_SEED}-games`);
    const label = `random game (${preset})`;
    const measured = await measure(now, label, () => games.playGame(), time, MIN_GAMES, 1, () => games.restart());
    emit({
      ...resultOf(fixture, 'random-game', label, preset, measured, 1),
      games: games.games,
      avgGameLength: games.games > 0 ? games.turns / games.games : 0,
      cutOff: games.cutOff,
    });
  }
}

function heapUsed(): number {
  return getHeapStatistics().used_heap_size;
}

/**
 * Heap bytes allocated per operation in the median chunk, from V8's used heap size read around chunks of
 * ALLOCATION_CHUNK operations after a warm-up of `operations` (so the JIT has settled). With `gc`, a full collection runs before each chunk;
 * without it, a chunk whose reading went down (a scavenge ran inside it) is discarded. The cost of reading the
 * statistics itself (one small object per reading) is measured on empty chunks and subtracted.
 */
function allocationPerOp(run: Batch, operations: number, gc: (() => void) | undefined): {
  operations: number;
  bytes: number;
  bytesPerOp: number;
  discardedChunks: number;
} {
  // Warm up until the optimised code runs: interpreted code boxes doubles, and on a loaded machine the optimising
  // compiler (a background thread) can lag one warm-up round behind.
  for (let round = 0; round < 5; round++) {
    run(operations);
    const h0 = heapUsed();
    run(ALLOCATION_CHUNK);
    const h1 = heapUsed();
    if (h1 >= h0 && h1 - h0 < ALLOCATION_CHUNK) break;
  }
  const baselines: number[] = [];
  for (let k = 0; k < 9; k++) {
    gc?.();
    const h0 = heapUsed();
    run(0);
    const h1 = heapUsed();
    baselines.push(h1 - h0);
  }
  baselines.sort((a, b) => a - b);
  const baseline = Math.max(0, baselines[4]);
  let counted = 0;
  let bytes = 0;
  let discarded = 0;
  const chunkRates: number[] = [];
  for (let done = 0; done < operations; done += ALLOCATION_CHUNK) {
    const chunk = Math.min(ALLOCATION_CHUNK, operations - done);
    gc?.();
    const h0 = heapUsed();
    run(chunk);
    const h1 = heapUsed();
    const delta = h1 - h0 - baseline;
    if (h1 < h0) {
      discarded++;
      continue;
    }
    counted += chunk;
    bytes += Math.max(0, delta);
    chunkRates.push(Math.max(0, delta) / chunk);
  }
  // A per-operation allocation shows in every chunk; a one-off (optimised code or inline caches installed by the
  // compiler thread mid-chunk on a loaded machine) shows in one. The median chunk keeps the first and drops the second.
  chunkRates.sort((a, b) => a - b);
  const bytesPerOp = chunkRates.length > 0 ? chunkRates[(chunkRates.length - 1) >> 1] : NaN;
  return { operations: counted, bytes, bytesPerOp, discardedChunks: discarded };
}

function measureAllocation(fixture: Fixture, pairs: number, gc: (() => void) | undefined): AllocationResult[] {
  const color = fixture.toMove;
  const legal = fixture.midGame().legalMoves(color);
  const method = gc
    ? 'v8 used_heap_size around chunks, full gc() before each chunk (node --expose-gc)'
    : 'v8 used_heap_size around chunks, chunks during which a GC ran discarded (no --expose-gc)';
  const out: AllocationResult[] = [];
  const record = (what: AllocationId, label: string, run: Batch): void => {
    const m = allocationPerOp(run, pairs, gc);
    out.push({
      graph: fixture.label,
      what,
      label,
      operations: m.operations,
      bytes: m.bytes,
      bytesPerOp: m.bytesPerOp,
      discardedChunks: m.discardedChunks,
      method,
    });
  };
  if (legal.length > 0) {
    record('game-play-undo', 'Game play+undo (bytes per pair)', gamePlayUndo(fixture.midGame(), color, legal));
    record('position-play-undo', 'Position play+undo (bytes per pair)', positionPlayUndo(fixture.midGame(), color, legal));
  }
  const games = new RandomGames(fixture, fixture.rules, `${FIXTURE_SEED}-alloc`);
  record('random-game-move', 'random game, genmove+play (bytes per turn)', (count) => {
    for (let k = 0; k < count; k++) games.step();
  });
  return out;
}

export async function runCoreBench(options: CoreBenchOptions = {}): Promise<CoreBenchReport> {
  const time = options.time ?? DEFAULT_TIME_MS;
  if (!(time > 0) || !Number.isFinite(time)) throw new Error(`bench time must be a positive number of ms, got ${time}`);
  const graphs = options.graphs && options.graphs.length > 0 ? options.graphs : CORE_GRAPHS.map(suiteGraph);
  const pairs = options.allocationPairs ?? DEFAULT_ALLOCATION_PAIRS;
  const now = options.now ?? (() => performance.now());
  const fixtures = graphs.map(buildFixture);
  const probe = new Bench();
  const cpuList = cpus();
  const report: CoreBenchReport = {
    date: new Date().toISOString(),
    runtime: probe.runtime,
    runtimeVersion: probe.runtimeVersion,
    cpu: cpuList.length > 0 ? cpuList[0].model.trim() : 'unknown',
    cores: availableParallelism(),
    timeMs: time,
    clock: options.now ? (options.clock ?? 'custom') : 'wall',
    fixtureRules: fixtures.length > 0 ? fixtures[0].rules.preset : 'area',
    fixtures: fixtures.map((f) => {
      const game = f.midGame();
      return {
        graph: f.label,
        vertices: f.graph.n,
        edges: f.graph.linkCount,
        midGameTurns: f.moves.length,
        toMove: f.toMove,
        emptyVertices: game.position.emptyCount,
      };
    }),
    results: [],
    allocation: [],
  };
  const emit = (r: CoreBenchResult): void => {
    report.results.push(r);
    options.onResult?.(r);
  };
  for (const fixture of fixtures) await benchFixture(fixture, time, now, emit);
  if (pairs > 0) {
    const fixture = buildFixture(options.allocationGraph ?? suiteGraph(ALLOCATION_GRAPH));
    for (const a of measureAllocation(fixture, pairs, options.gc)) {
      report.allocation.push(a);
      options.onAllocation?.(a);
    }
  }
  return report;
}
