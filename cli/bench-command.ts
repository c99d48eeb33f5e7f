/**
 * `graphgo bench`: the benchmark suites. `bench core` (bench/core-bench.ts) times legal-move generation,
 * play+undo and whole random games on the fixed graphs, and checks that playing a move allocates nothing;
 * it prints a table, row by row as the figures come, or one JSON object with --json. Later suites
 * (`bench playouts`) become further subcommands of `bench`.
 *
 * The action is async: the program must be run with `program.parseAsync`.
 */
import type { Command } from 'commander';
import { measureOptimalMoves } from '../bench/optimal-moves.js';
import type { OptimalMovesReport } from '../bench/optimal-moves.js';
import { runPlayoutBench } from '../bench/playouts.js';
import { measureSearchSpeed } from '../bench/search-speed.js';
import { DEFAULT_ALLOCATION_PAIRS, DEFAULT_TIME_MS, runCoreBench } from '../bench/core-bench.js';
import type { AllocationResult, CoreBenchOptions, CoreBenchResult } from '../bench/core-bench.js';
import { CORE_GRAPHS } from '../bench/fixtures.js';
import { parseGraphSpec } from '../src/families.js';
import { CliError } from './io.js';

/** What the benchmarks need from the running process, passed in so that bench/ never touches `process`. */
export interface BenchEnvironment {
  /** node --expose-gc's full collection, when available. */
  readonly gc?: () => void;
  /** The process's CPU time (user + system) in milliseconds, for --cpu-time. */
  readonly cpuTimeMs?: () => number;
}

/** The environment of this node process: `gc` when node runs with --expose-gc, CPU time from process.cpuUsage. */
export function hostEnvironment(): BenchEnvironment {
  const gc = (globalThis as { gc?: () => void }).gc;
  return {
    gc: typeof gc === 'function' ? () => gc() : undefined,
    cpuTimeMs: () => {
      const usage = process.cpuUsage();
      return (usage.user + usage.system) / 1000;
    },
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
  if (opts.time !== undefined) {
    const time = Number(opts.time);
    if (!/^\d+(\.\d*)?$/.test(opts.time.trim()) || !(time > 0)) {
      throw new CliError(`--time must be a positive number of milliseconds, got "${opts.time}"`);
    }
    options.time = time;
  }
  if (opts.graph && opts.graph.length > 0) {
    for (const spec of opts.graph) {
      const built = parseGraphSpec(spec);
      if (!built.ok) throw new CliError(`invalid graph "${spec}": ${built.error.message}`);
    }
    options.graphs = [...opts.graph];
  }
  if (opts.pairs !== undefined) {
    if (!/^\d+$/.test(opts.pairs.trim())) {
      throw new CliError(`--pairs must be a whole number (0 skips the allocation check), got "${opts.pairs}"`);
    }
    options.allocationPairs = Number(opts.pairs);
  }
  if (opts.cpuTime) {
    if (!env.cpuTimeMs) throw new CliError('--cpu-time: no CPU clock is available here');
    options.now = env.cpuTimeMs;
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
  return `  ${a.label.padEnd(44)} ${a.bytesPerOp.toFixed(2).padStart(8)} bytes  (${a.bytes} bytes over ${a.operations.toLocaleString('en-US')}${discarded})`;
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
  const graphs = options.graphs ?? [...CORE_GRAPHS];
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

/** Registers `bench` and its subcommands `core` and `playouts`. */
export function registerBenchCommand(
  program: Command,
  write: (line: string) => void,
  env: BenchEnvironment = hostEnvironment(),
): void {
  const bench = program.command('bench').description('run a benchmark suite (see docs/benchmarks.md)');
  bench
    .command('core')
    .description('legal moves, play+undo and random games on the fixed graphs; checks that a move allocates nothing')
    .option('--time <ms>', 'time budget of each benchmark in milliseconds', String(DEFAULT_TIME_MS))
    .option(
      '--graph <spec>',
      `a graph to run on, as a set_graph spec (repeatable; default: ${CORE_GRAPHS.map((g) => `"${g}"`).join(', ')})`,
      (spec: string, previous: string[] | undefined) => [...(previous ?? []), spec],
    )
    .option(
      '--pairs <n>',
      'play+undo pairs of the allocation check on 19x19 (0 skips it)',
      String(DEFAULT_ALLOCATION_PAIRS),
    )
    .option('--cpu-time', 'time on the process CPU time instead of the wall clock (steadier on a busy machine)')
    .option('--json', 'print one JSON object instead of the table')
    .action(async (opts: CoreCommandOptions) => {
      await runCoreCommand(opts, write, env);
    });
  bench
    .command('playouts')
    .description('light playouts per second from the empty board, single thread (one JSON line per graph)')
    .option(
      '--graph <spec>',
      'a graph, as a set_graph spec (repeatable; default "grid 9 9")',
      (spec: string, previous: string[] | undefined) => [...(previous ?? []), spec],
    )
    .option('--seconds <s>', 'measuring time per graph (after a short warm-up)', '5')
    .option('--seed <seed>', 'seed of the playouts', '1')
    .option(
      '--engine <engine>',
      'auto (the WebAssembly kernel where it applies), wasm, or typescript: the same moves, different code',
      'auto',
    )
    .option('--cpu-time', 'time on the process CPU time instead of the wall clock (steadier on a busy machine)')
    .option('--json', 'JSON lines (the default; kept for symmetry with bench core)')
    .action((opts: { graph?: string[]; seconds: string; seed: string; engine: string; cpuTime?: boolean }) => {
      const seconds = positiveSeconds(opts.seconds);
      const engine = opts.engine;
      if (engine !== 'auto' && engine !== 'wasm' && engine !== 'typescript') {
        throw new CliError(`--engine: expected auto, wasm or typescript, not "${engine}"`);
      }
      if (opts.cpuTime && !env.cpuTimeMs) throw new CliError('--cpu-time: no CPU clock is available here');
      const clock = opts.cpuTime ? env.cpuTimeMs : undefined;
      for (const spec of opts.graph ?? ['grid 9 9']) {
        const outcome = runPlayoutBench(spec, seconds, opts.seed, clock, engine);
        if (!outcome.ok) throw new CliError(outcome.error);
        write(JSON.stringify(outcome.result));
      }
    });
  bench
    .command('search')
    .description('UCT simulations per second inside the search, for each number of threads (one JSON line each)')
    .option('--graph <spec>', 'the board, as a set_graph spec', 'grid 9 9')
    .option('--rules <spec>', 'the rule set, as set_rules takes it', 'area')
    .option('--threads <list>', 'thread counts to measure, comma-separated', '1,2')
    .option('--seconds <s>', 'seconds per search', '2')
    .option('--repeats <n>', 'searches per thread count (successive moves of one game); the median is reported', '5')
    .action((opts: { graph: string; rules: string; threads: string; seconds: string; repeats: string }) => {
      const seconds = positiveSeconds(opts.seconds);
      const repeats = wholeNumber('--repeats', opts.repeats, 1);
      const threads = opts.threads.split(',').map((t) => wholeNumber('--threads (each count)', t, 1, 64));
      for (const t of threads) {
        const outcome = measureSearchSpeed(opts.graph, opts.rules, t, seconds, repeats);
        if (!outcome.ok) throw new CliError(outcome.error);
        write(JSON.stringify(outcome.result));
      }
    });
  bench
    .command('optimal')
    .description("how often a bot's move is optimal, on positions of a small graph the solver decides")
    .option('--graph <spec>', 'a graph small enough to solve (at most 32 vertices)', 'grid 3 3')
    .option('--rules <spec>', 'the rule set, as set_rules takes it (two colours, superko)', 'area')
    .option('--bot <name>', 'the bot to test', 'uct')
    .option('--playouts <n>', "the bot's playouts per move", '1000')
    .option('--positions <n>', 'informative positions to test (not every move optimal)', '100')
    .option('--max-random-moves <n>', 'random moves from the empty board to reach a position (0..n)', '8')
    .option('--max-nodes <n>', 'solver node limit per action (undecided positions are skipped)', '300000')
    .option('--seed <seed>', 'seed of the positions and of the bot', '1')
    .option('--json', 'one JSON object instead of the text')
    .action(
      (opts: {
        graph: string;
        rules: string;
        bot: string;
        playouts: string;
        positions: string;
        maxRandomMoves: string;
        maxNodes: string;
        seed: string;
        json?: boolean;
      }) => {
        const outcome = measureOptimalMoves({
          graph: opts.graph,
          rules: opts.rules,
          bot: opts.bot,
          playouts: wholeNumber('--playouts', opts.playouts, 1),
          positions: wholeNumber('--positions', opts.positions, 1),
          maxRandomMoves: wholeNumber('--max-random-moves', opts.maxRandomMoves, 0),
          maxNodes: wholeNumber('--max-nodes', opts.maxNodes, 1),
          seed: opts.seed,
        });
        if (!outcome.ok) throw new CliError(outcome.error);
        write(opts.json ? JSON.stringify(outcome.report) : formatOptimalReport(outcome.report));
      },
    );
}

function positiveSeconds(text: string): number {
  const seconds = Number(text);
  if (!Number.isFinite(seconds) || seconds <= 0) throw new CliError(`--seconds must be a positive number, got "${text}"`);
  return seconds;
}

function wholeNumber(name: string, text: string, min: number, max = Number.MAX_SAFE_INTEGER): number {
  const value = Number(text.trim());
  if (!/^\d+$/.test(text.trim()) || value < min || value > max) {
    throw new CliError(`${name} must be a whole number ${max === Number.MAX_SAFE_INTEGER ? `>= ${min}` : `in ${min}..${max}`}, got "${text}"`);
  }
  return value;
}

export function formatOptimalReport(r: OptimalMovesReport): string {
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
  return (
    `${r.bot} (${r.playouts} playouts) on ${r.graph}, rules ${r.rules}: optimal in ${r.optimal} of ${r.positions} ` +
    `positions, ${pct(r.rate)} [${pct(r.interval[0])}, ${pct(r.interval[1])}] (95%); a random legal move: ` +
    `${pct(r.randomRate)}. Skipped: ${r.allOptimal} where every move is optimal, ${r.undecided} undecided. ` +
    `${r.seconds.toFixed(1)} s`
  );
}
