/**
 * How long a bot thinks about a move: the limits a caller may set, the defaults when it sets none, and the checks
 * on limits people type. Every front end (the engine, the terminal game, the web page) and every bot reads them
 * here.
 *
 * The defaults differ by who waits for the move, on purpose. A person at the board waits for every move, so their
 * game caps a move at 2 seconds (about 0.5 s is enough for 10,000 playouts on 9x9; the cap decides on big
 * graphs). The engine's controller keeps its own clock (time_settings), so the engine's cap only guards against a
 * huge graph and is 10 seconds. Both stop at the same number of playouts.
 */
import { readPositiveNumber, readWholeNumber, type NumberErrorCode } from '../src/number-input.js';
import { ok, type Result } from '../src/result.js';

export interface SearchLimits {
  /** Simulations per move, for the searching bots (and for the solver's fallback player). */
  readonly playouts?: number;
  /** Seconds per move. */
  readonly seconds?: number;
  /** The solver's search nodes per move; playouts are no measure of its work. */
  readonly maxNodes?: number;
}

/** Who waits for the move: the engine's controller, or a person at the board. */
export type SearchPurpose = 'engine' | 'person';

export const DEFAULT_PLAYOUTS = 10_000;
export const DEFAULT_SECONDS_CAP: Readonly<Record<SearchPurpose, number>> = { engine: 10, person: 2 };
export const DEFAULT_SOLVER_NODES = 5_000_000;

/** Typo guards on what a person may ask for (a stray zero should not freeze their game for hours). */
export const MAX_PLAYOUTS = 10_000_000;
export const MAX_SECONDS = 3600;

/**
 * What a searching bot runs under (null: no limit of that kind): the limits asked for, alone; or, with neither
 * playouts nor seconds asked for, the default playouts capped by the purpose's seconds.
 */
export function searchLimits(asked: SearchLimits, purpose: SearchPurpose): { playouts: number | null; seconds: number | null } {
  if (asked.playouts === undefined && asked.seconds === undefined) {
    return { playouts: DEFAULT_PLAYOUTS, seconds: DEFAULT_SECONDS_CAP[purpose] };
  }
  return { playouts: asked.playouts ?? null, seconds: asked.seconds ?? null };
}

/** What the solver runs under: its node budget, and seconds capped as for the searching bots even with a budget. */
export function solverLimits(asked: SearchLimits, purpose: SearchPurpose): { maxNodes: number; maxSeconds: number } {
  return { maxNodes: asked.maxNodes ?? DEFAULT_SOLVER_NODES, maxSeconds: asked.seconds ?? DEFAULT_SECONDS_CAP[purpose] };
}

/** The names a front end gives the limits in its messages (`--time` on the command line, `seconds` in JSON). */
export type LimitNames = { readonly [K in keyof SearchLimits]-?: string };

/** Limits as a person or a program gave them (text or JSON numbers); a person's are held to the typo guards. */
export function readSearchLimits(
  given: { readonly [K in keyof SearchLimits]?: string | number },
  names: LimitNames,
  purpose: SearchPurpose,
): Result<SearchLimits, NumberErrorCode> {
  const guarded = purpose === 'person';
  const limits: { -readonly [K in keyof SearchLimits]: number } = {};
  if (given.playouts !== undefined) {
    const playouts = readWholeNumber(names.playouts, given.playouts, 1, guarded ? MAX_PLAYOUTS : Infinity);
    if (!playouts.ok) return playouts;
    limits.playouts = playouts.value;
  }
  if (given.seconds !== undefined) {
    const seconds = readPositiveNumber(names.seconds, given.seconds, guarded ? MAX_SECONDS : Infinity, 'seconds');
    if (!seconds.ok) return seconds;
    limits.seconds = seconds.value;
  }
  if (given.maxNodes !== undefined) {
    const maxNodes = readWholeNumber(names.maxNodes, given.maxNodes, 1);
    if (!maxNodes.ok) return maxNodes;
    limits.maxNodes = maxNodes.value;
  }
  return ok(limits);
}
