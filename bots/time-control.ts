/**
 * How many seconds to spend on one move under GTP time control (time_settings main byo stones, time_left), so
 * that the bot uses its time well and never loses on time: in main time, an even share of what is left over the
 * moves the board can still take; in byo-yomi, most of the period's time per stone; always minus a safety margin
 * for the controller's and the process's overheads.
 */
export interface ClockSettings {
  readonly mainSeconds: number;
  readonly byoYomiSeconds: number;
  readonly byoYomiStones: number;
}

export interface ClockLeft {
  readonly seconds: number;
  /** Stones left in the current byo-yomi period; 0 while in main time. */
  readonly stones: number;
}

/** Seconds kept back on every move for pipes, process scheduling and the controller's own clock. */
export const SAFETY_SECONDS = 0.25;
/** Never plan on fewer remaining moves than this in main time. */
const MIN_MOVES_LEFT = 15;
/**
 * The least budget a move gets. However small it is, the UCT search runs a batch of simulations before it answers
 * (MIN_SIMULATIONS in bots/uct.ts): a cold first search can spend this much on setting up alone.
 */
const MIN_SECONDS = 0.02;

/** The most of the main time left that one move may take, its extra time for a move in doubt included. */
const MOST_OF_REMAINING = 0.25;

/**
 * Seconds for the next move, or null when there is no clock. `emptyVertices` estimates how long the game can go
 * on: each side will need about half of the empty vertices.
 */
export function secondsForMove(settings: ClockSettings | null, left: ClockLeft | undefined, emptyVertices: number): number | null {
  if (settings === null) return null;
  const inByoYomi = left !== undefined ? left.stones > 0 : settings.mainSeconds === 0;
  const remaining = left !== undefined ? left.seconds : settings.mainSeconds;
  let budget: number;
  if (inByoYomi) {
    const stones = left !== undefined && left.stones > 0 ? left.stones : Math.max(1, settings.byoYomiStones);
    const period = left !== undefined ? left.seconds : settings.byoYomiSeconds;
    budget = (period / stones) * 0.85 - SAFETY_SECONDS;
  } else {
    const movesLeft = Math.max(MIN_MOVES_LEFT, Math.ceil(emptyVertices / 2));
    budget = remaining / movesLeft - SAFETY_SECONDS;
    // With byo-yomi to fall back on, a move may also use part of a byo-yomi period safely.
    if (settings.byoYomiStones > 0 && settings.byoYomiSeconds > 0) {
      budget = Math.max(budget, (settings.byoYomiSeconds / settings.byoYomiStones) * 0.5 - SAFETY_SECONDS);
    }
    budget = Math.min(budget, remaining / 2 - SAFETY_SECONDS);
  }
  return Math.max(MIN_SECONDS, budget);
}

/**
 * Extra seconds the next move may take when the search is in doubt at its budget (the best move not clearly ahead,
 * see inDoubt in bots/uct.ts): in main time up to the budget again, as long as the move takes no more than a
 * quarter of what is left; none in byo-yomi, where the budget already takes most of the period, and none without
 * a clock.
 */
export function extraSecondsForMove(settings: ClockSettings | null, left: ClockLeft | undefined, emptyVertices: number): number {
  const budget = secondsForMove(settings, left, emptyVertices);
  if (settings === null || budget === null) return 0;
  const inByoYomi = left !== undefined ? left.stones > 0 : settings.mainSeconds === 0;
  if (inByoYomi) return 0;
  const remaining = left !== undefined ? left.seconds : settings.mainSeconds;
  return Math.max(0, Math.min(budget, remaining * MOST_OF_REMAINING - budget - SAFETY_SECONDS));
}
