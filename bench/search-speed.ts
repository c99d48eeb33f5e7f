/**
 * Simulations per second inside the UCT search, for a number of threads: the bot searches the empty board for a
 * fixed time, `repeats` times in a row after one warm-up search (each search a move of the same game, so tree reuse plays its usual part),
 * and the median rate is reported. Comparing 1 and 2 threads gives the thread speed-up; comparing with
 * `bench playouts` gives the cost of the tree, tactics and patterns over raw light playouts.
 */
import { createBot, type BotOptions, type ParallelMode } from '../bots/registry.js';
import { Game } from '../src/game.js';
import { failure, ok, type Result } from '../src/result.js';
import type { GameSetup } from '../src/setup.js';

/** The measurement; the caller names the graph and rules it measured on. */
export interface SearchSpeedResult {
  readonly threads: number;
  readonly parallel: ParallelMode;
  readonly seconds: number;
  /** Simulations per second of each search (wall time), in order. */
  readonly rates: number[];
  readonly medianRate: number;
  /** Simulations per second of CPU time (all threads of the process), median over the searches. */
  readonly medianCpuRate: number;
  /** CPU seconds per wall second during the searches (the median): how many cores the search kept busy. */
  readonly medianCores: number;
  /** The main thread's tree after the last search: its nodes, and their memory at the tree's bytes per node. */
  readonly nodes: number;
  readonly bytesPerNode: number;
  readonly treeMiB: number;
}

export function measureSearchSpeed(
  setup: GameSetup,
  threads: number,
  seconds: number,
  repeats: number,
  maxTreeMegabytes?: number,
  parallel: ParallelMode = 'tree',
  cpuSeconds: () => number = () => NaN,
  /** The search's switches and knobs (`gtp`'s `--no-patterns`, `--prior-visits` and the rest); the defaults otherwise. */
  switches: Omit<BotOptions, 'seed' | 'seconds' | 'playouts' | 'threads' | 'parallel' | 'maxTreeMegabytes' | 'resign'> = {},
): Result<SearchSpeedResult, 'unknown-bot' | 'no-search'> {
  const created = createBot('uct', { ...switches, seed: 'search-speed', seconds, threads, parallel, resign: 0, maxTreeMegabytes });
  if (!created.ok) return created;
  const bot = created.value as typeof created.value & { dispose?: () => void };
  const game = new Game(setup.graph, setup.rules);
  const rates: number[] = [];
  const cpuRates: number[] = [];
  const cores: number[] = [];
  let nodes = 0;
  let bytesPerNode = 0;
  try {
    // The first search warms the JIT up and is not counted.
    for (let i = 0; i <= repeats && !game.over; i++) {
      const color = game.toMove;
      const cpuBefore = cpuSeconds();
      const move = bot.genmove(game, color);
      const cpu = cpuSeconds() - cpuBefore;
      const search = bot.lastSearch;
      if (i > 0 && search && search.seconds > 0) {
        rates.push(Math.round(search.simulations / search.seconds));
        cpuRates.push(Math.round(search.simulations / cpu));
        cores.push(Math.round((cpu / search.seconds) * 100) / 100);
      }
      if (search) ({ nodes, bytesPerNode } = search);
      if (game.play(color, move) !== 'ok') break;
    }
  } finally {
    bot.dispose?.();
  }
  if (rates.length === 0) return failure('no-search', 'no search was measured');
  const treeMiB = Math.round((nodes * bytesPerNode) / 2 ** 20);
  return ok({
    threads,
    parallel,
    seconds,
    rates,
    medianRate: Math.round(median(rates)),
    medianCpuRate: Math.round(median(cpuRates)),
    medianCores: median(cores),
    nodes,
    bytesPerNode,
    treeMiB,
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
