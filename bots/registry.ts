/**
 * Bots by name, for the CLI and the engine: `graphgo gtp --bot uct|flat|random`. Each enhancement of the search is
 * a switch, so the harness can measure what it is worth.
 */
import type { Bot } from './bot.js';
import { FlatBot } from './flat.js';
import { ParallelUctBot } from './parallel-uct.js';
import { RandomBot } from './random.js';
import { DEFAULT_SOLVER_NODES, SolverBot } from './solver.js';
import { DEFAULT_UCT_SETTINGS, UctBot } from './uct.js';

export interface BotOptions {
  /** Seed of every random choice the bot makes. */
  readonly seed: string;
  /** Simulations per move, for bots that search. */
  readonly playouts?: number;
  /** Seconds per move, for bots that search. */
  readonly seconds?: number;
  readonly rave?: boolean;
  readonly priors?: boolean;
  readonly reuse?: boolean;
  readonly tactics?: boolean;
  readonly patterns?: boolean;
  /** Win rate under which the search resigns (0: never). */
  readonly resign?: number;
  /** Search threads (UCT only): more than 1 runs root-parallel worker threads. */
  readonly threads?: number;
}

/** Without --playouts or --time, searching bots stop at this many simulations... */
export const DEFAULT_PLAYOUTS = 10_000;
/** ...or after this many seconds, whichever comes first (large graphs make simulations slow). */
export const DEFAULT_SECONDS_CAP = 10;

function searchLimits(options: BotOptions): { playouts: number | null; seconds: number | null } {
  if (options.playouts === undefined && options.seconds === undefined) {
    return { playouts: DEFAULT_PLAYOUTS, seconds: DEFAULT_SECONDS_CAP };
  }
  return { playouts: options.playouts ?? null, seconds: options.seconds ?? null };
}

const FACTORIES: Record<string, (options: BotOptions) => Bot> = {
  uct: (options) => {
    const settings = {
      ...DEFAULT_UCT_SETTINGS,
      ...searchLimits(options),
      seed: options.seed,
      rave: options.rave ?? DEFAULT_UCT_SETTINGS.rave,
      priors: options.priors ?? DEFAULT_UCT_SETTINGS.priors,
      reuse: options.reuse ?? DEFAULT_UCT_SETTINGS.reuse,
      tactics: options.tactics ?? DEFAULT_UCT_SETTINGS.tactics,
      patterns: options.patterns ?? DEFAULT_UCT_SETTINGS.patterns,
      resignThreshold: options.resign ?? DEFAULT_UCT_SETTINGS.resignThreshold,
    };
    const threads = options.threads ?? 1;
    return threads > 1 ? new ParallelUctBot(settings, threads) : new UctBot(settings);
  },
  flat: (options) => new FlatBot({ ...searchLimits(options), seed: options.seed }),
  random: (options) => new RandomBot(options.seed),
  solver: (options) =>
    new SolverBot({
      maxNodes: options.playouts ?? DEFAULT_SOLVER_NODES,
      maxSeconds: options.seconds ?? DEFAULT_SECONDS_CAP,
      fallback: () => FACTORIES.uct(options),
    }),
};

export const BOT_NAMES: readonly string[] = Object.keys(FACTORIES);
export const DEFAULT_BOT = 'uct';

export type BotResult = { ok: true; bot: Bot } | { ok: false; error: string };

export function createBot(name: string, options: BotOptions): BotResult {
  const factory = FACTORIES[name.toLowerCase()];
  if (factory === undefined) return { ok: false, error: `unknown bot "${name}" (known: ${BOT_NAMES.join(', ')})` };
  return { ok: true, bot: factory(options) };
}
