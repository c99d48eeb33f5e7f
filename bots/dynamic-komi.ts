/**
 * Dynamic komi in handicap games (the idea of Pachi's "linear" dynkomi), off by default (`--dynamic-komi` turns it on:
 * measured on 9x9 it did not win more games, docs/bots.md): the search counts its playouts as if White's
 * komi were larger, by EXTRA_KOMI_PER_STONE points per handicap stone at the first move, falling linearly to nothing
 * by move FADE_FRACTION * (number of vertices). The real score, the game's result and every reported margin keep the
 * real komi; only the playouts' win-or-lose verdict moves.
 *
 * Why: a Monte Carlo search maximises the share of playouts won, not the margin. White giving 2 or more stones loses
 * most random playouts whatever it plays, so its move values sit low and close together and it plays almost at
 * random (and resigns early); Black receiving them wins most and sees little difference between a solid move and a
 * slack one. Moving the bar by about what the stones are worth puts the win rates back near the middle, where they
 * tell moves apart.
 *
 * The numbers:
 * - 7 points per stone, for either colour. A handicap stone is worth about two komi (Black's first move is one komi,
 *   the stone another) to strong players, about 14 points on 19x19; half of that moves the bar towards even without
 *   moving it past the real difference. One value for both colours means the bot's search sees the same game
 *   whichever side it takes, so a colour-swapped pair of games measures the same thing twice. Pachi uses 8 for
 *   White and 12 for Black. On 9x9 with 2 stones and komi 0.5 our light playouts already give White a third of
 *   the games; the extra 14 points bring its root win rate to about even (docs/bots.md, Dynamic komi).
 * - Fading by move 0.2 n: 16 moves on 9x9 (Pachi: 15 on small boards), 72 on 19x19 (Pachi: 150 to 200 there). By
 *   then the stones' worth has turned into territory that the playouts can see, and the game must be played for
 *   the real result. A fade over 0.55 n (45 moves on 9x9, nearly the whole game) lost games as White on 9x9: 29%
 *   won against 54% without dynamic komi, with 102 resignations in 200 games against 63 (docs/bots.md).
 * - Even games, other set-ups (White stones, several colours) and the lastmove scoring of famine and Conway, where
 *   komi is a counter of passes rather than points, get no extra komi.
 */
import type { Game } from '../src/game.js';
import { BLACK } from '../src/vocabulary.js';

export const EXTRA_KOMI_PER_STONE = 7;
export const FADE_FRACTION = 0.2;

/** The schedule's two numbers (tuning knobs: `--dynamic-komi-stone`, `--dynamic-komi-fade`). */
export interface DynamicKomiSchedule {
  /** Extra points per handicap stone at the first move. */
  readonly perStone: number;
  /** The fade ends at this fraction of the number of vertices, in moves. */
  readonly fade: number;
}

export const DEFAULT_DYNAMIC_KOMI: DynamicKomiSchedule = { perStone: EXTRA_KOMI_PER_STONE, fade: FADE_FRACTION };

/**
 * The points added to White's komi inside the search: `handicap` stones, `moveNumber` turns played since they were
 * placed, on a graph of `vertices` vertices. 0 without a handicap (fewer than 2 stones) and from the fade's end on.
 */
export function extraKomi(handicap: number, moveNumber: number, vertices: number, schedule = DEFAULT_DYNAMIC_KOMI): number {
  if (handicap < 2 || vertices <= 0) return 0;
  const fadeMoves = schedule.fade * vertices;
  if (moveNumber >= fadeMoves) return 0;
  return schedule.perStone * handicap * (1 - moveNumber / fadeMoves);
}

/**
 * The handicap a game holds: its Black set-up stones when they are the whole set-up (fixed_handicap,
 * set_free_handicap, place_free_handicap, an SGF's AB with HA) in a two-colour game scored by points; else 0.
 */
export function gameHandicap(game: Game): number {
  const rules = game.rules;
  if (rules.colors !== 2 || rules.scoring === 'lastmove') return 0;
  const stones = game.initialStones;
  for (const s of stones) if (s.color !== BLACK) return 0;
  return stones.length;
}

/** The extra komi for a search from the game's position now. */
export function searchExtraKomi(game: Game, schedule = DEFAULT_DYNAMIC_KOMI): number {
  return extraKomi(gameHandicap(game), game.moveCount, game.graph.n, schedule);
}
