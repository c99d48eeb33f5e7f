/**
 * What users ask of the exact solver (docs/solver.md): the value of a game from the start or from a game in
 * progress, a principal variation, and the komi of a graph (seed 000): the largest integer K such that black,
 * moving first, wins under the famine rules with komi K.
 *
 * The komi search relies on monotonicity: raising K by one gives white one more counter point (or, for K < 0, takes
 * one from black), and a larger counter only adds options (a pass) to its owner, so a black win at K implies a
 * black win at K - 1. From K = 0 the search doubles its step until the winner changes, then bisects. One Solver
 * (one transposition table) serves every K: the counters are part of each table key.
 */
import type { Game } from '../game.js';
import type { Graph } from '../graph.js';
import { PASS } from '../vocabulary.js';
import type { Rules } from '../rules.js';
import { masksOf } from './bitboard.js';
import type { HistoryItem, RootState, SearchOutcome, SolverSettings } from './search.js';
import { NO_MOVE, Solver } from './search.js';

export { Solver, solverProblem } from './search.js';
import type { SearchLimitReason } from './search.js';
export type { SearchLimitReason } from './search.js';
export type { RootState, SearchOutcome, SolverSettings } from './search.js';

/**
 * The solver's view of a game in progress: its colouring, the colour to move, passes in a row, counters and every
 * superko item of its history. The game is taken back to its start and replayed (bots may do so: they leave the
 * game exactly as it was). Returns a reason when the game is over.
 */
export function rootFromGame(game: Game): RootState | string {
  if (game.over) return 'the game is over';
  const rules = game.rules;
  const situational = rules.ko === 'situational';
  const played = game.moves();
  // Colourings and colours to move from the last turn back to the start.
  const snapshots: { black: number; white: number; toMove: number }[] = [];
  const snap = () => {
    const { black, white } = masksOf(game.position.color);
    snapshots.push({ black, white, toMove: game.toMove });
  };
  snap();
  for (let t = played.length - 1; t >= 0; t--) {
    game.undo();
    snap();
  }
  for (const m of played) {
    const status = game.play(m.color, m.vertex);
    if (status !== 'ok') throw new Error(`replaying the game failed at ${m.vertex + 1}: ${status}`);
  }
  snapshots.reverse();
  const history: HistoryItem[] = [];
  const first = snapshots[0];
  history.push({ black: first.black, white: first.white, tag: situational ? first.toMove : 0 });
  for (let t = 0; t < played.length; t++) {
    const after = snapshots[t + 1];
    const tag = situational ? after.toMove : 0;
    if (played[t].vertex === PASS) {
      if (situational) history.push({ black: after.black, white: after.white, tag });
    } else {
      history.push({ black: after.black, white: after.white, tag });
    }
  }
  const now = snapshots[snapshots.length - 1];
  return {
    black: now.black,
    white: now.white,
    toMove: game.toMove,
    passes: game.passes,
    counters: [game.counter(1), game.counter(2)],
    history,
  };
}

/** The empty board with black to move and counters from komi K (famine: white K, or black -K when K < 0). */
export function startRoot(rules: Rules, komi: number = rules.komi): RootState {
  return {
    black: 0,
    white: 0,
    toMove: 1,
    passes: 0,
    counters: [komi < 0 ? -komi : 0, komi >= 0 ? komi : 0],
    history: [{ black: 0, white: 0, tag: rules.ko === 'situational' ? 1 : 0 }],
  };
}

/** A solve with its principal variation (vertices and PASS), when solved. */
export interface SolveReport extends SearchOutcome {
  readonly pv: readonly number[];
  /** True when the variation was cut at the ply limit before the game ended. */
  readonly pvTruncated: boolean;
}

/**
 * Solves `root` and, when solved, follows optimal moves to the end of the game (at most `maxPlies`): each step is a
 * solve of the next state, cheap with the table filled. With lastmove rules the loser's moves are the first found.
 */
export function solveWithVariation(
  solver: Solver,
  root: RootState,
  maxPlies = 120,
  budget: { maxNodes: number | null; maxSeconds: number | null } = { maxNodes: null, maxSeconds: null },
): SolveReport {
  // The budget covers the solve and the line together: the line's solves get what is left, and a line that runs
  // out of it is cut short (the value is already exact), so the command's limits hold for the whole command.
  const start = Date.now();
  solver.setLimits(budget.maxNodes, budget.maxSeconds);
  const outcome = solver.solve(root);
  if (outcome.status !== 'solved' || outcome.value === null) return { ...outcome, pv: [], pvTruncated: false };
  const pv: number[] = [];
  let state = root;
  let nodes = outcome.nodes;
  let truncated = false;
  let best = outcome.best;
  for (let ply = 0; ; ply++) {
    if (ply >= maxPlies) {
      truncated = true;
      break;
    }
    if (best === NO_MOVE) break;
    const next = solver.childRoot(state, best);
    if (next === null) break;
    pv.push(best);
    if (next === 'end') break;
    state = next;
    if (solver.noAction(state)) break;
    const nodesLeft = budget.maxNodes === null ? null : budget.maxNodes - nodes;
    const secondsLeft = budget.maxSeconds === null ? null : budget.maxSeconds - (Date.now() - start) / 1000;
    if ((nodesLeft !== null && nodesLeft <= 0) || (secondsLeft !== null && secondsLeft <= 0)) {
      truncated = true;
      break;
    }
    solver.setLimits(nodesLeft, secondsLeft);
    const step = solver.solve(state);
    nodes += step.nodes;
    if (step.status !== 'solved') {
      truncated = true;
      break;
    }
    best = step.best;
  }
  return { ...outcome, nodes, seconds: (Date.now() - start) / 1000, pv, pvTruncated: truncated };
}

export interface KomiSolve {
  readonly komi: number;
  /** 1 black wins, -1 white wins, null unknown. */
  readonly value: number | null;
  readonly nodes: number;
  readonly seconds: number;
}

export interface KomiReport {
  readonly status: 'solved' | 'unknown';
  /** The komi of the graph (when solved). */
  readonly komi: number | null;
  /** The largest K known to be a black win, and the smallest known to be a white win (null: none yet). */
  readonly blackWinsAt: number | null;
  readonly whiteWinsAt: number | null;
  readonly solves: readonly KomiSolve[];
  readonly nodes: number;
  readonly seconds: number;
  readonly reason: SearchLimitReason | null;
  /** Black's winning line at the komi (when solved). */
  readonly pv: readonly number[];
  readonly pvTruncated: boolean;
}

/** Komi values beyond this are refused as a sign of a bug (every finite graph has a finite komi). */
const KOMI_SEARCH_LIMIT = 1 << 16;

/**
 * The komi of the graph under `rules` (famine-like: paid passes, last-move scoring). `settings.maxNodes` and
 * `maxSeconds` bound the whole search (all komis together).
 */
export function komiOfGraph(graph: Graph, rules: Rules, settings: Partial<SolverSettings> = {}, withPv = true): KomiReport {
  if (rules.passes !== 'paid' || rules.scoring !== 'lastmove') throw new Error('the komi of a graph is defined with paid passes (famine)');
  const start = Date.now();
  const solves: KomiSolve[] = [];
  let nodes = 0;
  const solver = new Solver(graph, rules, settings);
  const maxNodes = settings.maxNodes ?? null;
  const maxSeconds = settings.maxSeconds ?? null;
  let reason: SearchLimitReason | null = null;
  const solveAt = (k: number): number | null => {
    const remainingNodes = maxNodes === null ? null : maxNodes - nodes;
    const remainingSeconds = maxSeconds === null ? null : maxSeconds - (Date.now() - start) / 1000;
    if (remainingNodes !== null && remainingNodes <= 0) reason = 'max-nodes';
    else if (remainingSeconds !== null && remainingSeconds <= 0) reason = 'max-seconds';
    if (reason !== null) return null;
    solver.setLimits(remainingNodes, remainingSeconds);
    const out = solver.solve(startRoot(rules, k));
    nodes += out.nodes;
    solves.push({ komi: k, value: out.value, nodes: out.nodes, seconds: out.seconds });
    if (out.status !== 'solved') reason = out.reason;
    return out.value;
  };
  let blackWinsAt: number | null = null;
  let whiteWinsAt: number | null = null;
  const v0 = solveAt(0);
  if (v0 !== null) {
    if (v0 > 0) blackWinsAt = 0;
    else whiteWinsAt = 0;
    // Gallop away from 0 until the winner changes.
    for (let step = 1; step <= KOMI_SEARCH_LIMIT && reason === null; step *= 2) {
      const k = blackWinsAt !== null && whiteWinsAt === null ? blackWinsAt + step : (whiteWinsAt as number) - step;
      if (blackWinsAt !== null && whiteWinsAt !== null) break;
      const v = solveAt(k);
      if (v === null) break;
      if (v > 0) blackWinsAt = k;
      else whiteWinsAt = k;
      if (blackWinsAt !== null && whiteWinsAt !== null) break;
    }
    // Bisect.
    while (reason === null && blackWinsAt !== null && whiteWinsAt !== null && whiteWinsAt - blackWinsAt > 1) {
      const k = Math.floor((blackWinsAt + whiteWinsAt) / 2);
      const v = solveAt(k);
      if (v === null) break;
      if (v > 0) blackWinsAt = k;
      else whiteWinsAt = k;
    }
  }
  const solved = reason === null && blackWinsAt !== null && whiteWinsAt !== null && whiteWinsAt - blackWinsAt === 1;
  let pv: readonly number[] = [];
  let pvTruncated = false;
  if (solved && withPv && blackWinsAt !== null) {
    const report = solveWithVariation(solver, startRoot(rules, blackWinsAt), 120, {
      maxNodes: maxNodes === null ? null : Math.max(0, maxNodes - nodes),
      maxSeconds: maxSeconds === null ? null : Math.max(0, maxSeconds - (Date.now() - start) / 1000),
    });
    pv = report.pv;
    pvTruncated = report.pvTruncated;
    nodes += report.nodes;
  }
  return {
    status: solved ? 'solved' : 'unknown',
    komi: solved ? blackWinsAt : null,
    blackWinsAt,
    whiteWinsAt,
    solves,
    nodes,
    seconds: (Date.now() - start) / 1000,
    reason: solved ? null : reason,
    pv,
    pvTruncated,
  };
}

