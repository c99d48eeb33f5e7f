/**
 * Playing for a margin when comfortably ahead (the adaptive phase of Pachi's linear dynamic komi, which Pachi runs
 * in every game by default): once the search's win rate stays above GREEN_ZONE, the bot counts its playouts as if
 * it gave the opponent one more point of komi at each move, and takes points back when the win rate falls.
 *
 * Why: a Monte Carlo search maximises the share of playouts won, not the margin. Far ahead, nearly every move wins
 * nearly every playout, so the search cannot tell a solid move from a slack one and gives points away until the
 * game is close; against a weaker opponent that lets it back into the game (graphgo's wins against GNU Go are
 * mostly by 0.5 to 3.5 points, its losses resignations). Asking for a margin keeps the win rates where they tell
 * moves apart, and the margin is a cushion against the next misjudged fight.
 *
 * The rules, per move, from the win rate of the move the last search chose (counted with the margin it had):
 * - above GREEN_ZONE: one more point, unless that reaches the ratchet;
 * - below ORANGE_ZONE with a margin: DROP_STEP points less, and the ratchet (the most it may give from then on)
 *   falls to the new margin, so the margin does not swing back and forth;
 * - below 0.5 with a margin: none for the rest of the game (Pachi turns it off there once its ratchet is set; here
 *   at once, since a lost margin is a misjudged game and the real count is what matters then).
 * It starts at move START_FRACTION x vertices (16 on 9x9, as Pachi's 15 on small boards), never counts as
 * a reason to resign (see UctBot), and applies to two-colour games scored by points only (famine and Conway count
 * passes, not points).
 */
import type { Game } from '../src/game.js';
import { BLACK } from '../src/vocabulary.js';

export const GREEN_ZONE = 0.85;
export const ORANGE_ZONE = 0.8;
export const DROP_STEP = 4;
export const START_FRACTION = 0.2;
/** A win rate from fewer simulations does not move the margin (Pachi: 500). */
export const MIN_SIMULATIONS = 500;

export class MarginKomi {
  /** Points the bot gives away, >= 0. */
  private given = 0;
  private ratchet = Infinity;
  private off = false;
  private game: Game | null = null;
  private epoch = -1;
  private moveCount = -1;
  /** Whether the last search counted with the margin (it was past the start, in a game that takes one). */
  private counted = false;

  /**
   * The points added to White's komi (negative: taken from it) by the next search of `color` in `game`; a new game
   * (another one, or this one cleared or set up again), or one taken back to before the last search, starts without
   * a margin.
   */
  extraKomi(game: Game, color: number): number {
    if (game !== this.game || game.epoch !== this.epoch || game.moveCount < this.moveCount) this.reset(game);
    this.moveCount = game.moveCount;
    this.counted = applies(game);
    if (!this.counted || this.given === 0) return 0;
    return color === BLACK ? this.given : -this.given;
  }

  /** The margin after a search whose chosen move had `winrate` (for the mover) over `simulations`. */
  noteResult(winrate: number, simulations: number): void {
    if (!this.counted || this.off || simulations < MIN_SIMULATIONS || !Number.isFinite(winrate)) return;
    if (winrate < 0.5 && this.given > 0) {
      this.given = 0;
      this.off = true;
    } else if (winrate < ORANGE_ZONE && this.given > 0) {
      this.given = Math.max(0, this.given - DROP_STEP);
      this.ratchet = this.given;
    } else if (winrate > GREEN_ZONE && this.given + 1 <= this.ratchet) {
      this.given++;
    }
  }

  /** Points given now (for tests and reports). */
  get points(): number {
    return this.given;
  }

  private reset(game: Game): void {
    this.game = game;
    this.epoch = game.epoch;
    this.given = 0;
    this.ratchet = Infinity;
    this.off = false;
  }
}

function applies(game: Game): boolean {
  const rules = game.rules;
  return rules.colors === 2 && rules.scoring !== 'lastmove' && game.moveCount >= START_FRACTION * game.graph.n;
}
