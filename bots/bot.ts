/**
 * What every player behind the engine offers: a move for a colour in a game. Bots read the game and never change
 * it (they may play and undo on it, leaving it exactly as it was); the engine applies the move they return.
 */
import type { Game } from '../src/game.js';

export interface Bot {
  readonly name: string;
  /** A vertex (0-based), PASS or RESIGN for `color`, which may move now in `game`. */
  genmove(game: Game, color: number): number;
}
