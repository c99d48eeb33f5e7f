/**
 * Bots by name, for the CLI and the engine: `graphgo gtp --bot NAME`. Later bots (flat Monte Carlo, UCT, the
 * exact solver) register here behind the same Bot interface.
 */
import type { Bot } from './bot.js';
import { RandomBot } from './random.js';

export interface BotOptions {
  /** Seed of every random choice the bot makes. */
  readonly seed: string;
  /** Playouts per move, for bots that search. */
  readonly playouts?: number;
  /** Seconds per move, for bots that search. */
  readonly seconds?: number;
}

const FACTORIES: Record<string, (options: BotOptions) => Bot> = {
  random: (options) => new RandomBot(options.seed),
};

export const BOT_NAMES: readonly string[] = Object.keys(FACTORIES);
export const DEFAULT_BOT = 'random';

export type BotResult = { ok: true; bot: Bot } | { ok: false; error: string };

export function createBot(name: string, options: BotOptions): BotResult {
  const factory = FACTORIES[name.toLowerCase()];
  if (factory === undefined) return { ok: false, error: `unknown bot "${name}" (known: ${BOT_NAMES.join(', ')})` };
  return { ok: true, bot: factory(options) };
}
