/**
 * What a search shows while it runs (docs/protocol.md, "Analysis"): per candidate move its visits, win rate, prior,
 * lower confidence bound, score lead and principal variation, and per vertex who owns it at the end of the
 * playouts. Front ends (Sabaki, Lizzie, GoGui, the browser page) draw these; the engine formats them.
 */
import type { Game } from '../src/game.js';

export interface MoveAnalysis {
  /** A vertex or PASS. */
  readonly move: number;
  /** Simulations through this move (a prior's virtual visits left out). */
  readonly visits: number;
  /** The mover's estimated win rate in [0, 1]. */
  readonly winrate: number;
  /** The prior knowledge's opinion of the move, normalised over the root's moves to sum to 1. */
  readonly prior: number;
  /** A lower confidence bound of the win rate: what sorts moves when visits are few. */
  readonly lcb: number;
  /** The mover's average margin at the end of the simulations through this move (points, or safe moves). */
  readonly scoreLead: number;
  /** The standard deviation of that margin. */
  readonly scoreStdev: number;
  /** The most visited line from this move on, this move first. */
  readonly pv: readonly number[];
  /** The visits of each node along pv. */
  readonly pvVisits: readonly number[];
}

export interface Analysis {
  /** The colour the analysis is for. */
  readonly color: number;
  /** Simulations run from this root by this search (a slice of analysis, or a move's thinking). */
  readonly visits: number;
  /**
   * Visits through the root's moves: this search's and those earlier searches left in a reused tree (pondering, the
   * move before), which every move's `visits` counts too; what front ends show as the root's visits.
   */
  readonly rootVisits: number;
  /** Candidate moves, most visited first. */
  readonly moves: readonly MoveAnalysis[];
  /**
   * When asked for: per vertex, for each colour c in 1..colors, the share of simulations that ended with the vertex
   * c's (a stone of c, or an empty point whose stone neighbours are all c): index v * (colors + 1) + c.
   */
  readonly ownership: Float64Array | null;
}

export interface AnalysisOptions {
  readonly ownership: boolean;
}

/**
 * A search the engine runs in slices, so that it can report between them and stop when the controller speaks.
 * `begin` sets up the root (keeping the tree the last search grew where the position allows); `run` searches for
 * about `milliseconds`; `report` reads the tree. The game must not change between begin and the last report.
 */
export interface Analyzer {
  /** False when `color` has no move to analyse (no legal move and no pass). */
  begin(game: Game, color: number, options: AnalysisOptions): boolean;
  /** Runs simulations for about `milliseconds`; returns how many ran. */
  run(milliseconds: number): number;
  report(): Analysis;
}

/**
 * A move search in slices, for genmove that a controller may interrupt (`# interrupt`, GoGui) and for
 * genmove_analyze, which reports while it searches.
 */
export interface SlicedMoveSearch extends Analyzer {
  /**
   * The move when none needs a search (pass to end a won game, no legal move); otherwise begins the search and
   * answers null. With `options`, it gathers what report() needs (genmove_analyze).
   */
  beginMove(game: Game, color: number, options: AnalysisOptions | null): number | null;
  /** Searches for about `milliseconds`; true once the move's limit (playouts, seconds, clock) is reached. */
  runMove(milliseconds: number): boolean;
  /** The move from the search so far, as genmove would choose it; records lastSearch. */
  endMove(): number;
}

/** 95% lower bound of a win rate measured over `visits` trials (normal approximation, clipped to [0, 1]). */
export function lowerConfidenceBound(winrate: number, visits: number): number {
  if (visits <= 0) return 0;
  return Math.max(0, winrate - 1.96 * Math.sqrt((winrate * (1 - winrate)) / visits));
}
