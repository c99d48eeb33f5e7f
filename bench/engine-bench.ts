/**
 * The engine benchmark (docs/benchmarks.md, section "Engine"): what a controller waits for.
 *
 * - `startup`: from spawning `node dist/cli/main.js gtp` to the answer of its first command (`protocol_version`),
 *   repeated (default 10 times) and reported as the median; each engine is closed (`quit`) before the next starts.
 * - `play`, `legal_moves`, `get_state` on the mid-game positions of bench/fixtures.ts (`grid 19 19` and the
 *   10,000-vertex `random 10000 0.0004 1` by default), measured two ways:
 *   - in-process: `GtpEngine.execute(line)`, parse to formatted response, no I/O;
 *   - through the pipe: protocol/client.ts `send` to a child engine and back, which adds the write, the engine's
 *     read loop, the response's trip back and its parsing. `protocol_version` over the pipe gives the bare round trip.
 *   A `play` is timed alone: an `undo` after each (outside the timed window) brings the position back, and the move
 *   cycles through the legal moves of the side to move.
 *
 * tinybench times each operation (they take tens of microseconds at least, far above the clock's resolution).
 * Nothing here touches `process`: the caller may pass the node binary (the CLI passes process.execPath).
 */
import { existsSync } from 'node:fs';
import { availableParallelism, cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Bench } from 'tinybench';
import { GtpClient } from '../protocol/client.js';
import { GtpEngine } from '../protocol/engine.js';
import { PASS } from '../src/vocabulary.js';
import { vertexName } from '../src/notation.js';
import type { Graph } from '../src/graph.js';
import { buildFixture, FIXTURE_RULES, suiteGraph, type Fixture } from './fixtures.js';

export const ENGINE_BENCH_GRAPHS = ['grid 19 19', 'random 10000 0.0004 1'] as const;
export const DEFAULT_STARTUP_RUNS = 10;
/** tinybench's time budget per measured command, in milliseconds. */
export const DEFAULT_ENGINE_TIME_MS = 500;

export const ENGINE_COMMANDS = ['play', 'legal_moves', 'get_state', 'protocol_version'] as const;
export type EngineCommandName = (typeof ENGINE_COMMANDS)[number];
export type EngineVia = 'in-process' | 'pipe';

export interface EngineBenchOptions {
  /** The node binary (default `node` from PATH). */
  readonly node?: string;
  /** The engine's main script (default dist/cli/main.js, found from this file in dist/ or in the sources). */
  readonly engineMain?: string;
  /** Spawns measured for the start-up time (default 10). */
  readonly startupRuns?: number;
  /** Time budget per command in ms (default 500); each also runs at least 20 samples. */
  readonly time?: number;
  /** The graphs (default: ENGINE_BENCH_GRAPHS); each needs a spec, which the child engines get as --graph. */
  readonly graphs?: readonly Graph[];
  /** Called with each result as it is measured. */
  readonly onResult?: (result: EngineBenchResult) => void;
}

export interface StartupResult {
  readonly runs: number;
  readonly medianMs: number;
  readonly minMs: number;
  readonly maxMs: number;
  readonly samplesMs: number[];
}

export interface EngineBenchResult {
  readonly graph: string;
  readonly vertices: number;
  readonly command: EngineCommandName;
  readonly via: EngineVia;
  /** Mean and median latency of one command, in microseconds. */
  readonly meanMicros: number;
  readonly medianMicros: number;
  /** 95% relative margin of error of the mean, in percent. */
  readonly rmePercent: number;
  readonly samples: number;
  /** Size of the response text (`= ...` included), in bytes. */
  readonly responseBytes: number;
}

export interface EngineBenchReport {
  readonly date: string;
  readonly runtimeVersion: string;
  readonly cpu: string;
  readonly cores: number;
  readonly timeMs: number;
  readonly command: string;
  readonly startup: StartupResult;
  readonly results: EngineBenchResult[];
}

/** dist/cli/main.js, from dist/bench/engine-bench.js or from bench/engine-bench.ts in the sources. */
export function defaultEngineMain(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const besideDist = join(here, '..', 'cli', 'main.js');
  return existsSync(besideDist) ? besideDist : join(here, '..', 'dist', 'cli', 'main.js');
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Spawn to first answer, `runs` times, one engine at a time. */
export async function measureStartup(node: string, engineMain: string, runs: number): Promise<StartupResult> {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const client = new GtpClient(node, [engineMain, 'gtp', '--bot', 'random'], { timeoutMs: 30_000 });
    try {
      const response = await client.send('protocol_version');
      samples.push(performance.now() - start);
      if (!response.ok || response.text !== '2') throw new Error(`protocol_version answered ${response.text}`);
    } finally {
      await client.close();
    }
  }
  return {
    runs,
    medianMs: median(samples),
    minMs: Math.min(...samples),
    maxMs: Math.max(...samples),
    samplesMs: samples,
  };
}

/** The GTP `play` lines of a fixture's moves, and of the legal moves of the side to move at its end. */
function fixtureLines(fixture: Fixture): { replay: string[]; plays: string[] } {
  const graph: Graph = fixture.graph;
  const name = (v: number) => (v === PASS ? 'pass' : vertexName(graph, v));
  const replay = fixture.moves.map((m) => `play ${m.color} ${name(m.vertex)}`);
  const game = fixture.midGame();
  const legal = game.legalMoves(fixture.toMove);
  if (legal.length === 0) throw new Error(`${fixture.label}: no legal move in the mid-game position`);
  return { replay, plays: legal.map((v) => `play ${fixture.toMove} ${name(v)}`) };
}

interface Timed {
  readonly meanMs: number;
  readonly medianMs: number;
  readonly rmePercent: number;
  readonly samples: number;
}

async function time(
  name: string,
  fn: () => unknown,
  timeMs: number,
  isAsync: boolean,
  afterEach?: () => unknown,
): Promise<Timed> {
  const bench = new Bench({ time: timeMs, iterations: 20, warmupTime: Math.min(200, timeMs / 4), warmupIterations: 5, throws: true });
  // tinybench tells async functions by their kind, not by what they return: say it, so each send is awaited.
  bench.add(name, fn, { async: isAsync, ...(afterEach === undefined ? {} : { afterEach: async () => void (await afterEach()) }) });
  await bench.run();
  const result = bench.tasks[0].result;
  if (result.state !== 'completed') {
    const error = result.state === 'errored' ? `: ${result.error.message}` : '';
    throw new Error(`benchmark ${name} ${result.state}${error}`);
  }
  return {
    meanMs: result.latency.mean,
    medianMs: result.latency.p50,
    rmePercent: result.latency.rme,
    samples: result.latency.samplesCount,
  };
}

function expectOk(text: string | null, line: string): string {
  if (text === null || !text.startsWith('=')) throw new Error(`"${line.slice(0, 60)}" answered ${text}`);
  return text;
}

export async function runEngineBench(options: EngineBenchOptions = {}): Promise<EngineBenchReport> {
  const node = options.node ?? 'node';
  const engineMain = options.engineMain ?? defaultEngineMain();
  const timeMs = options.time ?? DEFAULT_ENGINE_TIME_MS;
  const results: EngineBenchResult[] = [];
  const record = (r: EngineBenchResult) => {
    results.push(r);
    options.onResult?.(r);
  };
  const startup = await measureStartup(node, engineMain, options.startupRuns ?? DEFAULT_STARTUP_RUNS);

  for (const graph of options.graphs ?? ENGINE_BENCH_GRAPHS.map(suiteGraph)) {
    const spec = graph.meta.spec;
    if (spec === undefined) throw new Error('the engine benchmark starts engines with --graph SPEC: give graphs built from a spec');
    const fixture = buildFixture(graph);
    const { replay, plays } = fixtureLines(fixture);
    const base = { graph: fixture.label, vertices: graph.n };

    // In-process: the handler table alone.
    const created = GtpEngine.create({
      bot: 'random',
      seed: '1',
      version: 'bench',
      setup: fixture,
      readFile: () => {
        throw new Error('no files in the benchmark');
      },
    });
    if (!created.ok) throw new Error(created.error.message);
    const engine = created.value;
    for (const line of replay) expectOk(engine.execute(line), line);
    let k = 0;
    let size = expectOk(engine.execute(plays[0]), plays[0]).length;
    expectOk(engine.execute('undo'), 'undo');
    let t = await time('play', () => engine.execute(plays[k++ % plays.length]), timeMs, false, () => engine.execute('undo'));
    record({ ...base, command: 'play', via: 'in-process', ...micros(t), responseBytes: size });
    for (const command of ['legal_moves', 'get_state'] as const) {
      size = expectOk(engine.execute(command), command).length;
      t = await time(command, () => engine.execute(command), timeMs, false);
      record({ ...base, command, via: 'in-process', ...micros(t), responseBytes: size });
    }

    // Through the pipe: a child engine driven by the client.
    const client = new GtpClient(node, [engineMain, 'gtp', '--bot', 'random', '--graph', spec, '--rules', FIXTURE_RULES], {
      timeoutMs: 60_000,
    });
    try {
      const send = async (line: string): Promise<number> => {
        const r = await client.send(line);
        if (!r.ok) throw new Error(`"${line}" answered ? ${r.text}`);
        return r.text.length + 4; // `= ` and the final blank line, as in-process
      };
      for (const line of replay) await send(line);
      for (const command of ['protocol_version', 'play', 'legal_moves', 'get_state'] as const) {
        if (command === 'play') {
          size = await send(plays[0]);
          await send('undo');
          k = 0;
          t = await time('play (pipe)', () => send(plays[k++ % plays.length]), timeMs, true, () => send('undo'));
        } else {
          size = await send(command);
          t = await time(`${command} (pipe)`, () => send(command), timeMs, true);
        }
        record({ ...base, command, via: 'pipe', ...micros(t), responseBytes: size });
      }
    } finally {
      await client.close();
    }
  }

  const cpuList = cpus();
  const probe = new Bench();
  return {
    date: new Date().toISOString(),
    runtimeVersion: `${probe.runtime} ${probe.runtimeVersion}`,
    cpu: cpuList.length > 0 ? cpuList[0].model : 'unknown',
    cores: availableParallelism(),
    timeMs,
    command: `${node} ${engineMain} gtp --bot random`,
    startup,
    results,
  };
}

function micros(t: Timed): Pick<EngineBenchResult, 'meanMicros' | 'medianMicros' | 'rmePercent' | 'samples'> {
  return { meanMicros: t.meanMs * 1000, medianMicros: t.medianMs * 1000, rmePercent: t.rmePercent, samples: t.samples };
}

function fixed(x: number, digits: number): string {
  return x.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** The report as text: the start-up line, then one table row per (graph, command, via). */
export function formatEngineBench(report: EngineBenchReport): string {
  const s = report.startup;
  const lines = [
    `engine start-up (spawn to first answer, ${s.runs} runs): median ${fixed(s.medianMs, 0)} ms ` +
      `(min ${fixed(s.minMs, 0)}, max ${fixed(s.maxMs, 0)})`,
    '',
    `${'graph'.padEnd(22)} ${'vertices'.padStart(8)}  ${'command'.padEnd(16)} ${'via'.padEnd(10)} ` +
      `${'mean µs'.padStart(10)} ${'median µs'.padStart(10)} ${'±%'.padStart(6)} ${'samples'.padStart(8)} ${'bytes'.padStart(8)}`,
  ];
  for (const r of report.results) {
    lines.push(
      `${r.graph.padEnd(22)} ${r.vertices.toLocaleString('en-US').padStart(8)}  ${r.command.padEnd(16)} ${r.via.padEnd(10)} ` +
        `${fixed(r.meanMicros, 1).padStart(10)} ${fixed(r.medianMicros, 1).padStart(10)} ${fixed(r.rmePercent, 1).padStart(6)} ` +
        `${String(r.samples).padStart(8)} ${r.responseBytes.toLocaleString('en-US').padStart(8)}`,
    );
  }
  return lines.join('\n');
}
