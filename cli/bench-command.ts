/**
 * `graphgo bench`: the benchmark suites. `bench core` (bench/core-bench.ts) times legal-move generation,
 * play+undo and whole random games on the fixed graphs, and checks that playing a move allocates nothing;
 * it prints a table, row by row as the figures come, or one JSON object with --json. `playouts`, `search`,
 * `optimal`, `positions` (moves found and avoided on positions from game records: bench/positions.ts) and `engine`
 * (what a GTP controller waits for: bench/engine-bench.ts) are the other suites. Every flag is read here, so bench/ gets graphs, rules and numbers, and the JSON
 * lines are labelled with the graph and rules as the user typed them.
 *
 * The action is async: the program must be run with `program.parseAsync`.
 */
import type { Command } from 'commander';
import { readFileSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import { availableParallelism } from 'node:os';
import { measureOptimalMoves } from '../bench/optimal-moves.js';
import { readPositionCases, runPositions } from '../bench/positions.js';
import { wilsonInterval } from '../src/wilson-interval.js';
import type { OptimalMovesReport } from '../bench/optimal-moves.js';
import { runPlayoutBench } from '../bench/playouts.js';
import { measureSearchSpeed } from '../bench/search-speed.js';
import { DEFAULT_ENGINE_TIME_MS, DEFAULT_STARTUP_RUNS, ENGINE_BENCH_GRAPHS, formatEngineBench, runEngineBench } from '../bench/engine-bench.js';
import { DEFAULT_ALLOCATION_PAIRS, DEFAULT_TIME_MS, runCoreBench } from '../bench/core-bench.js';
import type { AllocationResult, CoreBenchOptions, CoreBenchResult } from '../bench/core-bench.js';
import { CORE_GRAPHS, graphLabel } from '../bench/fixtures.js';
import {
  addBotOption,
  addGraphListOption,
  addGraphOption,
  addRulesOption,
  addHelpCommand,
  addSeedOption,
  MAX_THREADS,
  orCliError,
  positiveInteger,
  positiveNumber,
  positiveSeconds,
  readBotFlag,
  readGraphSpec,
  readParallelMode,
  readRulesFlag,
  wholeNumber,
} from './options.js';
import { CliError, readBoundedFile, readUserFile } from './io.js';
import { cpuTopology, type CpuTopology } from './cpu-topology.js';
import { addUctSwitches, changedSwitches, readUctSwitches, type UctSwitchFlags } from './uct-switches.js';
import { DEFAULT_PARALLEL } from '../bots/registry.js';

/** What the benchmarks need from the running process, passed in so that bench/ never touches `process`. */
export interface BenchEnvironment {
  /** node --expose-gc's full collection, when available. */
  readonly gc?: () => void;
  /** The process's CPU time (user + system) in milliseconds, for --cpu-time. */
  readonly cpuTimeMs?: () => number;
  /** Logical CPUs and physical cores, reported beside the thread figures of `bench search`. */
  readonly topology?: () => CpuTopology;
  /** The node binary that `bench engine` starts engines with (default: `node` from PATH). */
  readonly node?: string;
}

/**
 * The environment of this node process: `gc` when node runs with --expose-gc, CPU time from process.cpuUsage, the
 * CPUs from os.availableParallelism and their cores from Linux's /sys (cli/cpu-topology.ts).
 */
export function hostEnvironment(): BenchEnvironment {
  const gc = (globalThis as { gc?: () => void }).gc;
  return {
    node: process.execPath,
    gc: typeof gc === 'function' ? () => gc() : undefined,
    cpuTimeMs: () => {
      const usage = process.cpuUsage();
      return (usage.user + usage.system) / 1000;
    },
    topology: () =>
      cpuTopology(availableParallelism(), (path) => {
        try {
          return readFileSync(path, 'utf8');
        } catch {
          return null;
        }
      }),
  };
}

export interface CoreCommandOptions {
  time?: string;
  graph?: string[];
  pairs?: string;
  cpuTime?: boolean;
  json?: boolean;
}

/** Turns the command-line options into runCoreBench options. Throws CliError on a bad option. */
export function coreBenchOptions(opts: CoreCommandOptions, env: BenchEnvironment): CoreBenchOptions {
  const options: CoreBenchOptions = {};
  if (opts.time !== undefined) options.time = positiveNumber('--time', opts.time, undefined, 'milliseconds');
  if (opts.graph && opts.graph.length > 0) options.graphs = opts.graph.map(readGraphSpec);
  if (opts.pairs !== undefined) options.allocationPairs = wholeNumber('--pairs', opts.pairs, 0);
  if (opts.cpuTime) {
    options.now = cpuClock(env);
    options.clock = 'cpu';
  }
  if (env.gc) options.gc = env.gc;
  return options;
}

const COLUMNS = [
  ['graph', 22, 'left'],
  ['vertices', 8, 'right'],
  ['benchmark', 21, 'left'],
  ['ops/s', 12, 'right'],
  ['mean µs', 10, 'right'],
  ['±%', 6, 'right'],
  ['samples', 8, 'right'],
  ['notes', 0, 'left'],
] as const;

function row(cells: readonly string[]): string {
  return COLUMNS.map(([, width, align], i) => (align === 'left' ? cells[i].padEnd(width) : cells[i].padStart(width)))
    .join('  ')
    .trimEnd();
}

/** A duration or rate with three or four significant figures, e.g. 0.412, 36.8, 1,541,439. */
export function formatFigure(x: number): string {
  if (!Number.isFinite(x)) return String(x);
  if (x >= 1000) return Math.round(x).toLocaleString('en-US');
  if (x >= 100) return x.toFixed(0);
  if (x >= 10) return x.toFixed(1);
  if (x >= 1) return x.toFixed(2);
  return x.toFixed(3);
}

export function formatResultRow(r: CoreBenchResult): string {
  let notes = '';
  if (r.benchmark === 'legal-moves') notes = `${r.movesFound} legal moves`;
  else if (r.benchmark === 'random-game') {
    notes = `avg ${r.avgGameLength?.toFixed(1)} turns over ${r.games} games`;
    if (r.cutOff) notes += ` (${r.cutOff} cut off)`;
  } else notes = `batch ${r.batch}`;
  return row([
    r.graph,
    String(r.vertices),
    r.label,
    formatFigure(r.opsPerSecond),
    formatFigure(r.meanMicros),
    r.rmePercent.toFixed(1),
    String(r.samples),
    notes,
  ]);
}

export function formatAllocationRow(a: AllocationResult): string {
  const chunks = a.discardedChunks === 1 ? 'chunk' : 'chunks';
  const discarded = a.discardedChunks > 0 ? `, ${a.discardedChunks} ${chunks} with a GC discarded` : '';
  const total = `${a.bytes.toLocaleString('en-US')} bytes over ${a.operations.toLocaleString('en-US')} in all`;
  return `  ${a.label.padEnd(44)} ${a.bytesPerOp.toFixed(2).padStart(8)} bytes  (median chunk; ${total}${discarded})`;
}

export async function runCoreCommand(
  opts: CoreCommandOptions,
  write: (line: string) => void,
  env: BenchEnvironment,
): Promise<void> {
  const options = coreBenchOptions(opts, env);
  if (opts.json) {
    const report = await runCoreBench(options);
    write(JSON.stringify(report, null, 2));
    return;
  }
  const graphs = options.graphs?.map(graphLabel) ?? [...CORE_GRAPHS];
  write(
    `bench core: ${graphs.join(', ')}; ${options.time ?? DEFAULT_TIME_MS} ms per benchmark on the ` +
      `${options.clock === 'cpu' ? 'CPU-time' : 'wall'} clock`,
  );
  write(row(COLUMNS.map(([name]) => name)));
  let allocationHeader = false;
  const report = await runCoreBench({
    ...options,
    onResult: (r) => write(formatResultRow(r)),
    onAllocation: (a) => {
      if (!allocationHeader) {
        write('');
        write(`allocation on ${a.graph}, heap bytes per operation (${a.method}):`);
        allocationHeader = true;
      }
      write(formatAllocationRow(a));
    },
  });
  write('');
  write(
    `${report.runtime} ${report.runtimeVersion}, ${report.cores} cores (${report.cpu}), ${report.date}; ` +
      `mid-game positions (${report.fixtureRules}): ` +
      report.fixtures.map((f) => `${f.graph} after ${f.midGameTurns} turns, ${f.emptyVertices} empty`).join('; '),
  );
}

/** Registers `bench` and its subcommands `core`, `playouts`, `search`, `optimal` and `engine`. */
export function registerBenchCommand(
  program: Command,
  write: (line: string) => void,
  env: BenchEnvironment = hostEnvironment(),
): void {
  const bench = program.command('bench').description('run a benchmark suite (see docs/benchmarks.md)');

  const core = bench
    .command('core')
    .description('legal moves, play+undo and random games on the fixed graphs; checks that a move allocates nothing')
    .option('--time <ms>', 'time budget of each benchmark in milliseconds', String(DEFAULT_TIME_MS));
  addGraphListOption(core, `a graph to run on (default: ${CORE_GRAPHS.map((g) => `"${g}"`).join(', ')})`);
  core
    .option('--pairs <n>', 'play+undo pairs of the allocation check on 19x19 (0 skips it)', String(DEFAULT_ALLOCATION_PAIRS))
    .option('--cpu-time', 'time on the process CPU time instead of the wall clock (steadier on a busy machine)')
    .option('--json', 'print one JSON object instead of the table')
    .action(async (opts: CoreCommandOptions) => {
      await runCoreCommand(opts, write, env);
    });

  const playouts = bench
    .command('playouts')
    .description('light playouts per second from the empty board, single thread (one JSON line per graph)');
  addGraphListOption(playouts, 'a graph (default "grid 9 9")');
  playouts.option('--seconds <s>', 'measuring time per graph (after a short warm-up)', '5');
  addSeedOption(playouts, 'seed of the playouts');
  playouts
    .option(
      '--engine <engine>',
      'auto (the WebAssembly kernel where it applies), wasm, or typescript: the same moves, different code',
      'auto',
    )
    .option('--cpu-time', 'time on the process CPU time instead of the wall clock (steadier on a busy machine)')
    .option('--json', 'JSON lines (the default; kept for symmetry with bench core)')
    .action((opts: { graph?: string[]; seconds: string; seed: string; engine: string; cpuTime?: boolean }) => {
      const graphs = (opts.graph ?? ['grid 9 9']).map(readGraphSpec);
      const seconds = positiveSeconds('--seconds', opts.seconds);
      const engine = opts.engine;
      if (engine !== 'auto' && engine !== 'wasm' && engine !== 'typescript') {
        throw new CliError(`--engine: expected auto, wasm or typescript, not "${engine}"`);
      }
      const clock = opts.cpuTime ? cpuClock(env) : undefined;
      for (const graph of graphs) write(JSON.stringify(orCliError(runPlayoutBench(graph, seconds, opts.seed, clock, engine))));
    });

  const search = bench
    .command('search')
    .description('UCT simulations per second inside the search, for each number of threads (one JSON line each)');
  addGraphOption(search, { default: 'grid 9 9' });
  addRulesOption(search, 'area');
  search
    .option('--threads <list>', 'thread counts to measure, comma-separated', '1,2')
    .option('--seconds <s>', 'seconds per search', '2')
    .option('--repeats <n>', 'searches per thread count (successive moves of one game); the median is reported', '5')
    .option('--max-tree-mb <n>', 'the UCT tree memory budget in MiB, all threads together (default: the engine\'s)')
    .option('--parallel <mode>', 'tree (one shared tree) or root (a tree per thread)', DEFAULT_PARALLEL);
  // The same switches as `gtp`, so the speed a piece of knowledge costs is timed with the flags its games were played with.
  addUctSwitches(search);
  search.action(
    (opts: { graph: string; rules: string; threads: string; seconds: string; repeats: string; maxTreeMb?: string; parallel: string } & UctSwitchFlags) => {
      const setup = { graph: readGraphSpec(opts.graph), rules: readRulesFlag(opts.rules) };
      const seconds = positiveSeconds('--seconds', opts.seconds);
      const repeats = positiveInteger('--repeats', opts.repeats);
      const threads = opts.threads.split(',').map((t) => wholeNumber('--threads (each count)', t, 1, MAX_THREADS));
      const switches = readUctSwitches(opts);
      const changed = changedSwitches(switches);
      const budget = opts.maxTreeMb === undefined ? undefined : positiveNumber('--max-tree-mb', opts.maxTreeMb);
      const parallel = readParallelMode(opts.parallel);
      const cpuSeconds = (): number => (env.cpuTimeMs?.() ?? NaN) / 1000;
      const machine = env.topology?.() ?? { cpus: null, physicalCores: null };
      for (const t of threads) {
        const result = orCliError(measureSearchSpeed(setup, t, seconds, repeats, budget, parallel, cpuSeconds, switches));
        write(JSON.stringify({ graph: opts.graph, rules: opts.rules, ...(changed === null ? {} : { settings: changed }), ...result, ...machine }));
      }
    },
  );

  const optimal = bench
    .command('optimal')
    .description("how often a bot's move is optimal, on positions of a small graph the solver decides");
  addGraphOption(optimal, { default: 'grid 3 3', help: 'a graph small enough to solve (at most 32 vertices)' });
  addRulesOption(optimal, 'area', 'the rule set (two colours, superko)');
  addBotOption(optimal, 'the bot to test', 'uct');
  optimal
    .option('--playouts <n>', "the bot's playouts per move", '1000')
    .option('--positions <n>', 'informative positions to test (not every move optimal)', '100')
    .option('--max-random-moves <n>', 'random moves from the empty board to reach a position (0..n)', '8')
    .option('--max-nodes <n>', 'solver node limit per action (undecided positions are skipped)', '300000');
  addSeedOption(optimal, 'seed of the positions and of the bot');
  optimal
    .option('--json', 'one JSON object instead of the text')
    .action((opts: OptimalCommandOptions) => {
      const report = orCliError(
        measureOptimalMoves({
          setup: { graph: readGraphSpec(opts.graph), rules: readRulesFlag(opts.rules) },
          bot: readBotFlag(opts.bot),
          playouts: positiveInteger('--playouts', opts.playouts),
          positions: positiveInteger('--positions', opts.positions),
          maxRandomMoves: wholeNumber('--max-random-moves', opts.maxRandomMoves, 0),
          maxNodes: positiveInteger('--max-nodes', opts.maxNodes),
          seed: opts.seed,
        }),
      );
      const labelled = { graph: opts.graph, rules: opts.rules, ...report };
      write(opts.json ? JSON.stringify(labelled) : formatOptimalReport(labelled));
    });

  const positions = bench
    .command('positions <file>')
    .description('how often the bot avoids the move that lost a game and finds the judge\'s move, on positions from game records (bench/positions.ts)');
  positions
    .option('--playouts <n>', "the bot's playouts per search", '20000')
    .option('--seeds <n>', 'searches per position, each with its own seed', '1')
    .option('--json', 'one JSON line per search and one for the summary');
  addRulesOption(positions, 'area', 'the rules the bot plays under where an SGF file names none (its RU; the board and komi come from the file)');
  addSeedOption(positions, 'seed of the searches');
  addUctSwitches(positions);
  positions.action((file: string, opts: { playouts: string; seeds: string; json?: boolean; seed: string; rules: string } & UctSwitchFlags) => {
    const switches = readUctSwitches(opts);
    const playouts = positiveInteger('--playouts', opts.playouts);
    const seeds = positiveInteger('--seeds', opts.seeds);
    const cases = orCliError(readPositionCases(readUserFile(file), file)).map((c) => ({
      ...c,
      sgf: isAbsolute(c.sgf) ? c.sgf : resolve(dirname(file), c.sgf),
    }));
    const changed = changedSwitches(switches);
    const summary = orCliError(
      runPositions(cases, { bot: { bot: 'uct', playouts, ...switches }, seed: opts.seed, rules: opts.rules, seeds, readFile: (path) => readBoundedFile(path) }, (o) => {
        const { position, ...rest } = o;
        if (opts.json) write(JSON.stringify({ line: position.line, sgf: position.sgf, move: position.move, ...rest }));
        else write(`line ${position.line} (move ${position.move}${position.note === null ? '' : `, ${position.note}`}): ${o.colour} ${o.answer} ${o.verdict}`);
      }),
    );
    const share = (k: number): string => {
      const [lo, hi] = wilsonInterval(k / summary.searches, summary.searches);
      return `${k} (${((100 * k) / summary.searches).toFixed(1)}% [${(100 * lo).toFixed(1)}, ${(100 * hi).toFixed(1)}])`;
    };
    if (opts.json) write(JSON.stringify({ file, playouts, seeds, ...(changed === null ? {} : { settings: changed }), ...summary }));
    else write(`${summary.searches} searches at ${playouts} playouts: the judge's move ${share(summary.expected)}, the losing move ${share(summary.avoided)}, another ${share(summary.other)}`);
  });

  const engine = bench
    .command('engine')
    .description('what a GTP controller waits for: engine start-up, and play, legal_moves and get_state in-process and through the pipe');
  addGraphListOption(engine, `a graph whose mid-game position is measured (default: ${ENGINE_BENCH_GRAPHS.map((g) => `"${g}"`).join(', ')})`);
  engine
    .option('--time <ms>', 'time budget of each command in milliseconds (at least 20 samples each)', String(DEFAULT_ENGINE_TIME_MS))
    .option('--startup-runs <n>', 'engines started one after another for the start-up time (the median is reported)', String(DEFAULT_STARTUP_RUNS))
    .option('--json', 'print one JSON object instead of the table')
    .action(async (opts: { graph?: string[]; time: string; startupRuns: string; json?: boolean }) => {
      const graphs = opts.graph?.map(readGraphSpec);
      const time = positiveNumber('--time', opts.time, undefined, 'milliseconds');
      const startupRuns = positiveInteger('--startup-runs', opts.startupRuns);
      let report;
      try {
        report = await runEngineBench({ node: env.node, time, startupRuns, graphs });
      } catch (e) {
        throw new CliError(`bench engine: ${e instanceof Error ? e.message : String(e)}`);
      }
      write(opts.json ? JSON.stringify(report, null, 2) : formatEngineBench(report));
    });
  addHelpCommand(bench);
}

interface OptimalCommandOptions {
  graph: string;
  rules: string;
  bot: string;
  playouts: string;
  positions: string;
  maxRandomMoves: string;
  maxNodes: string;
  seed: string;
  json?: boolean;
}

function cpuClock(env: BenchEnvironment): () => number {
  if (!env.cpuTimeMs) throw new CliError('--cpu-time: no CPU clock is available here');
  return env.cpuTimeMs;
}

/** The report with the graph and rules it was measured on, as the user named them. */
export function formatOptimalReport(r: OptimalMovesReport & { readonly graph: string; readonly rules: string }): string {
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
  return (
    `${r.bot} (${r.playouts} playouts) on ${r.graph}, rules ${r.rules}: optimal in ${r.optimal} of ${r.positions} ` +
    `positions, ${pct(r.rate)} [${pct(r.interval[0])}, ${pct(r.interval[1])}] (95%); a random legal move: ` +
    `${pct(r.randomRate)}. Skipped: ${r.allOptimal} where every move is optimal, ${r.undecided} undecided. ` +
    `${r.seconds.toFixed(1)} s`
  );
}
