/**
 * Handicap games in the harness: where the referee puts Black's stones and how it tells the engines.
 *
 * - On a square `grid N N` where GTP defines the fixed points for that many stones (src/handicap.ts: up to 9 on odd
 *   sides from 9, up to 4 on 7x7 and even sides), every engine gets `fixed_handicap N`, which any GTP engine with
 *   handicap support knows (GNU Go, Pachi, Leela-style engines, ours). Each answers the points it chose; an answer
 *   that differs from the referee's voids the game.
 * - Elsewhere (other graphs, or more stones than the fixed points allow) the referee chooses the points itself with
 *   src/handicap.ts's farthest-point placement and sends them with `set_free_handicap`. It does not ask Black's
 *   engine (`place_free_handicap`): every engine would choose differently, so the two games of a colour-swapped pair
 *   would start from different positions and the pair would no longer cancel the placement out. Our placement is
 *   deterministic, so both games of a pair, and a resumed run, start alike.
 */
import { Game } from '../src/game.js';
import { fixedHandicap, freeHandicap } from '../src/handicap.js';
import { isTwoColorAlternation, type Rules } from '../src/rules.js';
import { BLACK, WHITE } from '../src/vocabulary.js';
import type { GraphEntry } from './config.js';

export interface HandicapPlacement {
  /** `fixed`: the engines place GTP's fixed points themselves; `free`: the referee's points, by set_free_handicap. */
  readonly kind: 'fixed' | 'free';
  /** Black's stones, 0-based vertices. */
  readonly stones: readonly number[];
}

/** The smallest handicap: one stone is no handicap (give Black the first move with a small komi instead). */
export const MIN_HANDICAP = 2;

/** Where `count` handicap stones go on this graph, or why they cannot. */
export function handicapPlacement(graph: GraphEntry, count: number): HandicapPlacement | string {
  if (!Number.isInteger(count) || count < MIN_HANDICAP) return `a handicap is a whole number of stones from ${MIN_HANDICAP} up, not ${count}`;
  const fixed = graph.squareSide === null ? null : fixedHandicap(graph.squareSide, count);
  if (fixed !== null) return { kind: 'fixed', stones: fixed };
  const free = freeHandicap(graph.graph, count);
  if (free === null) return `${count} handicap stones do not fit on "${graph.label}" (${graph.graph.n} vertices)`;
  return { kind: 'free', stones: free };
}

/** Why a handicap cannot be played under these rules (null: it can): Black's stones need Black and White in turn. */
export function handicapRulesProblem(rules: Rules): string | null {
  if (rules.colors !== 2 || !isTwoColorAlternation(rules)) {
    return `a handicap gives Black stones and White the first move, so it needs two colours in turn (order 1,2), not ${rules.colors} colours in the order ${rules.order.join(',')}`;
  }
  return null;
}

/**
 * Places the stones on a game under `rules`, White to move; returns why the game refuses them (a stone with no
 * liberty on a sparse graph), or null.
 */
export function setUpHandicap(game: Game, placement: HandicapPlacement): string | null {
  return game.setup(
    placement.stones.map((vertex) => ({ vertex, color: BLACK })),
    WHITE,
  );
}

/** Checks a placement against the rules on a fresh game (validation, before any engine starts). */
export function handicapSetupProblem(graph: GraphEntry, rules: Rules, placement: HandicapPlacement): string | null {
  const problem = setUpHandicap(new Game(graph.graph, rules), placement);
  return problem === null ? null : `the ${placement.stones.length} handicap stones cannot stand on "${graph.label}": ${problem}`;
}
