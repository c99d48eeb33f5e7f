/**
 * Bots by name, for the CLI and the engine: `graphgo gtp --bot uct|flat|random`. Each enhancement of the search is
 * a switch, so the harness can measure what it is worth.
 */
import type { Bot } from './bot.js';
import { FlatBot } from './flat.js';
import { ParallelUctBot } from './parallel-uct.js';
import { RandomBot } from './random.js';
import { searchLimits, solverLimits, type SearchLimits, type SearchPurpose } from './search-limits.js';
import { SharedTreeUctBot } from './shared-tree-uct.js';
import { SolverBot } from './solver.js';
import { DEFAULT_UCT_SETTINGS, UctBot } from './uct.js';
import { failure, ok, type Result } from '../src/result.js';

export interface BotOptions extends SearchLimits {
  /** Seed of every random choice the bot makes. */
  readonly seed: string;
  /** Who waits for the moves, which picks the default limits (bots/search-limits.ts); the engine's by default. */
  readonly purpose?: SearchPurpose;
  readonly rave?: boolean;
  readonly priors?: boolean;
  readonly reuse?: boolean;
  readonly tactics?: boolean;
  readonly patterns?: boolean;
  readonly ladders?: boolean;
  readonly cutConnect?: boolean;
  readonly playoutCuts?: boolean;
  readonly learnedPrior?: boolean;
  readonly learnedPriorScale?: number;
  readonly learnedPriorWins?: number;
  /** Dynamic komi in handicap games (bots/dynamic-komi.ts). */
  readonly dynamicKomi?: boolean;
  /** Its points per handicap stone, and the fraction of the vertices (in moves) by which it fades to 0. */
  readonly dynamicKomiPerStone?: number;
  readonly dynamicKomiFade?: number;
  readonly marginKomi?: boolean;
  /** UCT: the share of a playout's reward that follows its margin (bots/evaluate.ts). */
  readonly scoreWeight?: number;
  /** Win rate under which the search resigns (0: never). */
  readonly resign?: number;
  /** UCT's exploration constant (the UCB term's weight beside the RAVE blend). */
  readonly exploration?: number;
  /** UCT's RAVE equivalence: about how many visits a node needs before its own statistics outweigh AMAF's (default: by graph). */
  readonly raveEquivalence?: number;
  /** Visits a UCT leaf needs before it is expanded. */
  readonly expandVisits?: number;
  /** Virtual visits a UCT prior gives a fresh child. */
  readonly priorVisits?: number;
  /** Search threads (UCT only): more than 1 adds worker threads. */
  readonly threads?: number;
  /** How threads share the work: one shared tree (the default) or a tree each with root statistics summed. */
  readonly parallel?: ParallelMode;
  /** The UCT tree's memory budget in MiB, all threads together (bots/tree.ts). */
  readonly maxTreeMegabytes?: number;
  /**
   * UCT: a background search (Bot.background) for a front end that blocks while the person thinks; with one
   * thread it adds a worker thread for pondering alone (the moves are still searched on one thread).
   */
  readonly background?: boolean;
  /** Where a bot says what its user should know (the engine: stderr). */
  readonly notify?: (message: string) => void;
}

/** Tree parallelism (one shared tree) or root parallelism (a tree per thread), for `--parallel`. */
export const PARALLEL_MODES = ['tree', 'root'] as const;
export type ParallelMode = (typeof PARALLEL_MODES)[number];
export const DEFAULT_PARALLEL: ParallelMode = 'tree';

const FACTORIES: Record<string, (options: BotOptions) => Bot> = {
  uct: (options) => {
    const settings = {
      ...DEFAULT_UCT_SETTINGS,
      ...searchLimits(options, options.purpose ?? 'engine'),
      seed: options.seed,
      rave: options.rave ?? DEFAULT_UCT_SETTINGS.rave,
      priors: options.priors ?? DEFAULT_UCT_SETTINGS.priors,
      reuse: options.reuse ?? DEFAULT_UCT_SETTINGS.reuse,
      tactics: options.tactics ?? DEFAULT_UCT_SETTINGS.tactics,
      patterns: options.patterns ?? DEFAULT_UCT_SETTINGS.patterns,
      ladders: options.ladders ?? DEFAULT_UCT_SETTINGS.ladders,
      cutConnect: options.cutConnect ?? DEFAULT_UCT_SETTINGS.cutConnect,
      playoutCuts: options.playoutCuts ?? DEFAULT_UCT_SETTINGS.playoutCuts,
      learnedPrior: options.learnedPrior ?? DEFAULT_UCT_SETTINGS.learnedPrior,
      learnedPriorScale: options.learnedPriorScale ?? DEFAULT_UCT_SETTINGS.learnedPriorScale,
      learnedPriorWins: options.learnedPriorWins ?? DEFAULT_UCT_SETTINGS.learnedPriorWins,
      dynamicKomi: options.dynamicKomi ?? DEFAULT_UCT_SETTINGS.dynamicKomi,
      dynamicKomiPerStone: options.dynamicKomiPerStone ?? DEFAULT_UCT_SETTINGS.dynamicKomiPerStone,
      dynamicKomiFade: options.dynamicKomiFade ?? DEFAULT_UCT_SETTINGS.dynamicKomiFade,
      marginKomi: options.marginKomi ?? DEFAULT_UCT_SETTINGS.marginKomi,
      scoreWeight: options.scoreWeight ?? DEFAULT_UCT_SETTINGS.scoreWeight,
      resignThreshold: options.resign ?? DEFAULT_UCT_SETTINGS.resignThreshold,
      exploration: options.exploration ?? DEFAULT_UCT_SETTINGS.exploration,
      raveEquivalence: options.raveEquivalence ?? DEFAULT_UCT_SETTINGS.raveEquivalence,
      expandVisits: options.expandVisits ?? DEFAULT_UCT_SETTINGS.expandVisits,
      priorVisits: options.priorVisits ?? DEFAULT_UCT_SETTINGS.priorVisits,
      maxTreeMegabytes: options.maxTreeMegabytes ?? DEFAULT_UCT_SETTINGS.maxTreeMegabytes,
    };
    const threads = options.threads ?? 1;
    const bot =
      threads === 1 && options.background !== true
        ? new UctBot(settings)
        : (options.parallel ?? DEFAULT_PARALLEL) === 'tree' || threads === 1
          ? new SharedTreeUctBot(settings, threads)
          : new ParallelUctBot(settings, threads);
    bot.notify = options.notify ?? null;
    return bot;
  },
  flat: (options) => new FlatBot({ ...searchLimits(options, options.purpose ?? 'engine'), seed: options.seed }),
  random: (options) => new RandomBot(options.seed),
  solver: (options) =>
    new SolverBot({ ...solverLimits(options, options.purpose ?? 'engine'), fallback: () => FACTORIES.uct(options) }),
};

export const BOT_NAMES: readonly string[] = Object.keys(FACTORIES);
export const DEFAULT_BOT = 'uct';

export type BotResult = Result<Bot, 'unknown-bot'>;

/** A bot's name as a person or a program gave it (any case), as BOT_NAMES spells it. */
export function readBotName(name: string): Result<string, 'unknown-bot'> {
  const known = name.toLowerCase();
  if (!Object.prototype.hasOwnProperty.call(FACTORIES, known)) {
    return failure('unknown-bot', `unknown bot "${name}" (known: ${BOT_NAMES.join(', ')})`);
  }
  return ok(known);
}

export function createBot(name: string, options: BotOptions): BotResult {
  const known = readBotName(name);
  return known.ok ? ok(FACTORIES[known.value](options)) : known;
}
