/**
 * Simulations per second inside the UCT search, for a number of threads: the bot searches the empty board for a
 * fixed time, `repeats` times in a row after one warm-up search (each search a move of the same game, so tree reuse plays its usual part),
 * and the median rate is reported. Comparing 1 and 2 threads gives the thread speed-up; comparing with
 * `bench playouts` gives the cost of the tree, tactics and patterns over raw light playouts.
 */
import { createBot } from '../bots/registry.js';
import { parseGraphSpec } from '../src/families.js';
import { Game } from '../src/game.js';
import { parseRules } from '../src/rules.js';

export interface SearchSpeedResult {
  readonly graph: string;
  readonly rules: string;
  readonly threads: number;
  readonly seconds: number;
  /** Simulations per second of each search, in order. */
  readonly rates: number[];
  readonly medianRate: number;
}

export type SearchSpeedOutcome = { ok: true; result: SearchSpeedResult } | { ok: false; error: string };

export function measureSearchSpeed(graphSpec: string, rulesText: string, threads: number, seconds: number, repeats: number): SearchSpeedOutcome {
  const built = parseGraphSpec(graphSpec);
  if (!built.ok) return { ok: false, error: `invalid graph: ${built.error.message}` };
  const rules = parseRules(rulesText);
  if (!rules.ok) return { ok: false, error: `invalid rules: ${rules.error}` };
  const created = createBot('uct', { seed: 'search-speed', seconds, threads, resign: 0 });
  if (!created.ok) return { ok: false, error: created.error };
  const bot = created.bot as typeof created.bot & { dispose?: () => void };
  const game = new Game(built.graph, rules.rules);
  const rates: number[] = [];
  try {
    // The first search warms the JIT up and is not counted.
    for (let i = 0; i <= repeats && !game.over; i++) {
      const color = game.toMove;
      const move = bot.genmove(game, color);
      const search = bot.lastSearch;
      if (i > 0 && search && search.seconds > 0) rates.push(Math.round(search.simulations / search.seconds));
      if (game.play(color, move) !== 'ok') break;
    }
  } finally {
    bot.dispose?.();
  }
  if (rates.length === 0) return { ok: false, error: 'no search was measured' };
  const sorted = [...rates].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const medianRate = sorted.length % 2 ? sorted[mid] : Math.round((sorted[mid - 1] + sorted[mid]) / 2);
  return { ok: true, result: { graph: graphSpec, rules: rulesText, threads, seconds, rates, medianRate } };
}
