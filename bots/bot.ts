/**
 * What every player behind the engine offers: a move for a colour in a game. Bots read the game and never change
 * it (they may play and undo on it, leaving it exactly as it was); the engine applies the move they return.
 */
import type { Game } from '../src/game.js';

export interface Bot {
  readonly name: string;
  /** A vertex (0-based), PASS or RESIGN for `color`, which may move now in `game`. */
  genmove(game: Game, color: number): number;
  /** For searching bots: the seconds the game clock allows for the next move (null: no clock). */
  setTimeBudget?(seconds: number | null): void;
  /** For searching bots: what the last genmove did. */
  readonly lastSearch?: SearchInfo | null;
}

export interface SearchInfo {
  readonly move: number;
  readonly simulations: number;
  readonly seconds: number;
  /** The chosen move's estimated win rate for the mover. */
  readonly winrate: number;
  readonly nodes: number;
  readonly bytesPerNode: number;
}
