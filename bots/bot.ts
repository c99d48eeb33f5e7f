/**
 * What every player behind the engine offers: a move for a colour in a game. Bots read the game and never change
 * it (they may play and undo on it, leaving it exactly as it was); the engine applies the move they return.
 */
import type { Game } from '../src/game.js';
import type { Analyzer, SlicedMoveSearch } from './analysis.js';

export interface Bot {
  readonly name: string;
  /** A vertex (0-based), PASS or RESIGN for `color`, which may move now in `game`. */
  genmove(game: Game, color: number): number;
  /** For searching bots: the seconds the game clock allows for the next move (null: no clock). */
  setTimeBudget?(seconds: number | null, extraSeconds?: number): void;
  /** For searching bots: what the last genmove did. */
  readonly lastSearch?: SearchInfo | null;
  /** For tree searches: the search the analysis commands run and report on (bots/analysis.ts). */
  readonly analyzer?: Analyzer;
  /** For tree searches that can: genmove in slices, so the engine can report and interrupt it. */
  readonly slicedSearch?: SlicedMoveSearch;
  /** For tree searches with worker threads: a search that runs while the calling thread blocks (pondering). */
  readonly background?: BackgroundSearch;
  /** For bots that hold threads: stops them (the engine drops the bot for another). */
  dispose?(): void;
}

/**
 * Thinking on the opponent's time on worker threads, for a front end whose thread blocks while it waits (the
 * terminal game's read): the search grows the bot's tree, and the next genmove reuses the part under the move
 * played.
 */
export interface BackgroundSearch {
  /**
   * Starts searching `color`'s position in `game` on the worker threads for at most `seconds`, and returns at once;
   * false when there is nothing to search. The game must not change until stop().
   */
  start(game: Game, color: number, seconds: number): boolean;
  /** Stops the search start() began and waits for its threads: the simulations they ran (0 if none was running). */
  stop(): number;
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
