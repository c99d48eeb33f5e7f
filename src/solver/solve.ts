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

export { MAX_SOLVER_KOMI, rulesProblem, Solver, solverProblem } from './search.js';
import type { SearchLimitReason } from './search.js';
export type { SearchLimitReason } from './search.js';
export type { RootState, SearchOutcome, SolveMethod, SolverSettings } from './search.js';

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
  // A game taken up after a pass pair (GTP's play and genmove resume one) is replayed as loadsgf replays a record:
  // each turn resumes it, and so does the end, or the closing passes would end it again under the caller.
  for (const m of played) {
    game.resume();
    const status = game.play(m.color, m.vertex);
    if (status !== 'ok') throw new Error(`replaying the game failed at ${m.vertex + 1}: ${status}`);
  }
  game.resume();
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
 * Solves `root` and, when solved, follows optimal moves to the end of the game (at most `maxPlies`): each step reads
 * the move from the table's proofs when they are there (df-pn, last-move games), else solves the next state.
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
      // A line of 0 plies was not asked for (--pv-length 0), so nothing of it was cut, as in the komi search.
      truncated = maxPlies > 0;
      break;
    }
    // With counters as a lead the trailing player never passes (dfpn.ts): the search ends the line where that player
    // has no stone move, but in the game it may still pass, and the line goes on through those passes (a pass that
    // is not legal either ends it below).
    if (best === NO_MOVE) best = PASS;
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
    const known = lineMoveFromTable(solver, state, outcome.value);
    if (known !== null) {
      best = known;
      continue;
    }
    solver.setLimits(nodesLeft, secondsLeft);
    const step = solver.solve(state, outcome.value);
    nodes += step.nodes;
    if (step.status !== 'solved') {
      truncated = true;
      break;
    }
    best = step.best;
  }
  return { ...outcome, nodes, seconds: (Date.now() - start) / 1000, pv, pvTruncated: truncated };
}

/**
 * A move at `state` that keeps the proven result `value` (black's view), read from the table without a search: the
 * search stored the proofs of the states it proved under the histories it met them with, and the line's states are
 * among them unless replaced since (Solver.provenMove). The state's own stored move first, then any move whose next
 * state's proof keeps the result, so that the loser's moves lead where the proofs are. Null: none is known.
 */
function lineMoveFromTable(solver: Solver, state: RootState, value: number): number | null {
  const own = solver.provenMove(state);
  const moverWins = (value > 0) === (state.toMove === 1);
  const keeps = (m: number): boolean => {
    if (m === NO_MOVE) return false;
    const next = solver.childRoot(state, m);
    if (next === null || next === 'end') return false;
    // The opponent can neither move nor pass: the mover has won.
    if (solver.noAction(next)) return moverWins;
    const known = solver.provenMove(next);
    return known !== null && known.value === value;
  };
  if (own !== null && own.value === value && keeps(own.best)) return own.best;
  for (let v = 0; v < solver.graph.n; v++) if (keeps(v)) return v;
  return keeps(PASS) ? PASS : null;
}

/** One first move (a vertex or PASS) and its exact value, black's view (null: not settled within the limits). */
export interface MoveValue {
  readonly move: number;
  readonly value: number | null;
}

/**
 * The exact value of every legal action at `root` (vertices in order, then the pass), each solved under the
 * root's history. The budget covers them all: each solve gets what the earlier ones left, and once it is spent the
 * remaining actions are left unknown.
 */
export function moveValues(
  solver: Solver,
  root: RootState,
  budget: { maxNodes: number | null; maxSeconds: number | null } = { maxNodes: null, maxSeconds: null },
): { moves: MoveValue[]; nodes: number } {
  const start = Date.now();
  const moves: MoveValue[] = [];
  let nodes = 0;
  const actions: number[] = [];
  for (let v = 0; v < solver.graph.n; v++) actions.push(v);
  actions.push(PASS);
  for (const m of actions) {
    const child = solver.childRoot(root, m);
    if (child === null) continue;
    if (child === 'end') {
      moves.push({ move: m, value: solver.bb.areaScore(root.black, root.white) });
      continue;
    }
    if (solver.noAction(child)) {
      // The opponent can neither move nor pass (lastmove rules): the mover wins.
      moves.push({ move: m, value: root.toMove === 1 ? 1 : -1 });
      continue;
    }
    const nodesLeft = budget.maxNodes === null ? null : budget.maxNodes - nodes;
    const secondsLeft = budget.maxSeconds === null ? null : budget.maxSeconds - (Date.now() - start) / 1000;
    if ((nodesLeft !== null && nodesLeft <= 0) || (secondsLeft !== null && secondsLeft <= 0)) {
      moves.push({ move: m, value: null });
      continue;
    }
    solver.setLimits(nodesLeft, secondsLeft);
    const out = solver.solve(child);
    nodes += out.nodes;
    moves.push({ move: m, value: out.status === 'solved' ? out.value : null });
  }
  return { moves, nodes };
}

export interface KomiSolve {
  readonly komi: number;
  /** 1 black wins, -1 white wins, null unknown (the solve ran out of its slice or of the limits). */
  readonly value: number | null;
  readonly nodes: number;
  readonly seconds: number;
  /** The node slice this solve was given (null: only the remaining limits). */
  readonly slice: number | null;
}

/** A komi interval [low, high] (null: unbounded on that side). */
export interface KomiInterval {
  readonly low: number | null;
  readonly high: number | null;
}

export interface KomiReport {
  readonly status: 'solved' | 'unknown';
  /** The komi of the graph (when solved). */
  readonly komi: number | null;
  /** The largest K known to be a black win, and the smallest known to be a white win (null: none yet). */
  readonly blackWinsAt: number | null;
  readonly whiteWinsAt: number | null;
  /**
   * The proven interval: the komi lies in [komiLow, komiHigh] (komiLow = blackWinsAt, komiHigh = whiteWinsAt - 1;
   * null: unbounded on that side). Equal when solved.
   */
  readonly komiLow: number | null;
  readonly komiHigh: number | null;
  readonly solves: readonly KomiSolve[];
  readonly nodes: number;
  readonly seconds: number;
  readonly reason: SearchLimitReason | null;
  /** Black's winning line at the komi (when solved). */
  readonly pv: readonly number[];
  readonly pvTruncated: boolean;
  /** With options.moves, when solved: every legal first move's value at the komi (+1 black wins, -1 white wins). */
  readonly moves: readonly MoveValue[] | null;
  /** The interval the search was given (options.given), which the answer rests on; null when none. */
  readonly given: KomiInterval | null;
}

/** How the komi search spends its budget (docs/solver.md, "The komi of a graph"). */
export interface KomiSearchOptions {
  /**
   * Nodes given to the plain search's komi in the first round (the others get half); each round in which no komi is
   * settled doubles it.
   */
  readonly firstSlice: number;
  /** When solved, also the value of every legal first move at the komi (moveValues). */
  readonly moves: boolean;
  /** Called after each solve, with the interval proven so far. */
  readonly onSolve: ((solve: KomiSolve, low: number | null, high: number | null) => void) | null;
  /**
   * The solver to search with, made for this graph and rules with these settings (a table loaded into it serves the
   * search: `graphgo solve --table`); by default a new one.
   */
  readonly solver: Solver;
  /**
   * A komi interval proved before (a table's "unknown (4..5)"): black's win at `low` and white's at `high` + 1 are
   * taken as given, not solved, so the whole budget goes to the komis inside. The answer rests on it (the report's
   * `given`). Black's winning line and the first moves are left out when black's win at the komi is one given.
   */
  readonly given: KomiInterval | null;
}

/** 2^20 nodes (about half a second): graphs whose every komi solve fits in it are searched as by plain bisection. */
export const DEFAULT_KOMI_SLICE = 1 << 20;

/** Komi values beyond this are refused as a sign of a bug (every finite graph has a finite komi). */
const KOMI_SEARCH_LIMIT = 1 << 16;

/**
 * The komis worth solving next, the most useful first, given the largest known black win b, the smallest known
 * white win w and the gallop targets (the next komi of the plain gallop on an unbounded side). The first is what the
 * plain search (gallop from 0 by doubling steps, then bisection) would solve; the others are solved only when it
 * does not fit in the round's slice, so that one hard komi does not stall the search. They reach farther out than
 * the plain search would (±2, ±4, ±8 with no bound yet; 1, 3 and 7 times the gallop's step beyond its target with
 * one), so that a graph whose komis near the answer are all hard still gets a proved interval.
 */
export function komiCandidates(b: number | null, w: number | null, up: number, down: number): number[] {
  const out: number[] = [];
  const add = (k: number) => {
    if (Math.abs(k) > KOMI_SEARCH_LIMIT) return;
    if ((b !== null && k <= b) || (w !== null && k >= w) || out.includes(k)) return;
    out.push(k);
  };
  if (b === null && w === null) {
    [0, 1, -1].forEach(add);
    // When 0 and ±1 are all hard, komis farther out are often cheap, and a win there is the first proved bound.
    for (let d = 2; d <= 8; d *= 2) {
      add(d);
      add(-d);
    }
  } else if (w === null) {
    const from = b as number;
    add(up);
    for (let step = 1; from + step < up; step *= 2) add(from + step);
    // Beyond the gallop's target: when it is hard, a komi farther out is often cheap, and a win there bounds the komi.
    for (const j of [1, 3, 7]) add(up + j * (up - from));
  } else if (b === null) {
    add(down);
    for (let step = 1; w - step > down; step *= 2) add(w - step);
    for (const j of [1, 3, 7]) add(down - j * (w - down));
  } else {
    const mid = Math.floor((b + w) / 2);
    add(mid);
    const open = w - b - 1;
    if (open <= 7) {
      const rest: number[] = [];
      for (let k = b + 1; k < w; k++) rest.push(k);
      rest.sort((x, y) => Math.abs(x - mid) - Math.abs(y - mid) || x - y);
      rest.forEach(add);
    } else {
      for (const j of [2, 6, 1, 3, 5, 7]) add(b + Math.round(((w - b) * j) / 8));
    }
  }
  return out;
}

/**
 * The komi of the graph under `rules` (famine-like: paid passes, last-move scoring). `settings.maxNodes` and
 * `maxSeconds` bound the whole search (all komis together).
 *
 * The search proves bounds from both sides and never stalls on one hard komi: it works in rounds, and in each round
 * every useful komi (komiCandidates: the plain gallop or bisection point first) gets a slice of nodes (the first the
 * whole slice, the others half); a komi whose solve does not fit is left for the next round, whose slice is twice as
 * large, while the others narrow the interval. Results are exact whatever the slices (each is a complete solve), and one table serves every komi, so a
 * komi retried with a larger slice starts from the bounds proved by its earlier attempts. At any limit the report
 * gives the tightest proven interval [komiLow, komiHigh].
 */
export function komiOfGraph(
  graph: Graph,
  rules: Rules,
  settings: Partial<SolverSettings> = {},
  withPv = true,
  options: Partial<KomiSearchOptions> = {},
): KomiReport {
  if (rules.passes !== 'paid' || rules.scoring !== 'lastmove') throw new Error('the komi of a graph is defined with paid passes (famine)');
  const start = Date.now();
  const solves: KomiSolve[] = [];
  let nodes = 0;
  const solver = options.solver ?? new Solver(graph, rules, settings);
  const maxNodes = settings.maxNodes ?? null;
  const maxSeconds = settings.maxSeconds ?? null;
  const onSolve = options.onSolve ?? null;
  let slice = Math.max(1, Math.floor(options.firstSlice ?? DEFAULT_KOMI_SLICE));
  let reason: SearchLimitReason | null = null;
  const given = options.given ?? null;
  if (given !== null) {
    for (const end of [given.low, given.high]) {
      if (end !== null && (!Number.isInteger(end) || Math.abs(end) > KOMI_SEARCH_LIMIT)) throw new RangeError(`a given komi bound must be an integer of at most ${KOMI_SEARCH_LIMIT} in size, got ${end}`);
    }
    if (given.low !== null && given.high !== null && given.low > given.high) throw new RangeError(`an empty komi interval: ${given.low}..${given.high}`);
  }
  let blackWinsAt: number | null = given?.low ?? null;
  let whiteWinsAt: number | null = given === null || given.high === null ? null : given.high + 1;
  // Gallop targets on an unbounded side: the komi the plain search would solve next there.
  let up = blackWinsAt === null ? 1 : blackWinsAt + 1;
  let down = whiteWinsAt === null ? -1 : whiteWinsAt - 1;
  // Komis that failed at this round's slice, and komis whose lines are too deep to follow (no slice helps).
  const failed = new Set<number>();
  const tooDeep = new Set<number>();
  const solved = () => blackWinsAt !== null && whiteWinsAt !== null && whiteWinsAt - blackWinsAt === 1;

  while (!solved() && reason === null) {
    const all: number[] = komiCandidates(blackWinsAt, whiteWinsAt, up, down);
    const primary = all[0];
    const candidates = all.filter((k) => !failed.has(k) && !tooDeep.has(k));
    if (candidates.length === 0) {
      if (all.every((k) => tooDeep.has(k))) {
        reason = 'max-depth';
        break;
      }
      // Every useful komi failed at this slice: the next round doubles it.
      failed.clear();
      slice *= 2;
      continue;
    }
    const k: number = candidates[0];
    const remainingNodes = maxNodes === null ? null : maxNodes - nodes;
    const remainingSeconds = maxSeconds === null ? null : maxSeconds - (Date.now() - start) / 1000;
    if (remainingNodes !== null && remainingNodes <= 0) reason = 'max-nodes';
    else if (remainingSeconds !== null && remainingSeconds <= 0) reason = 'max-seconds';
    else if (settings.stopRequested?.()) reason = 'interrupted';
    if (reason !== null) break;
    // The plain search's komi gets the whole slice, the others half of it: when every komi is hard, most of the
    // work still goes where plain bisection would have put it.
    const komiSlice = k === primary ? slice : Math.max(1, Math.floor(slice / 2));
    const sliced = remainingNodes === null || komiSlice < remainingNodes;
    solver.setLimits(sliced ? komiSlice : remainingNodes, remainingSeconds);
    const out = solver.solve(startRoot(rules, k));
    nodes += out.nodes;
    const record: KomiSolve = { komi: k, value: out.value, nodes: out.nodes, seconds: out.seconds, slice: sliced ? komiSlice : null };
    solves.push(record);
    if (out.status !== 'solved' || out.value === null) {
      if (out.reason === 'max-depth') tooDeep.add(k);
      else if (out.reason === 'max-nodes' && sliced) failed.add(k);
      else reason = out.reason ?? 'max-nodes';
    } else if (out.value > 0) {
      const previous = blackWinsAt;
      blackWinsAt = k;
      if (whiteWinsAt === null && k >= up) up = previous === null ? k + 1 : k + 2 * (k - previous);
      if (Math.abs(k) > KOMI_SEARCH_LIMIT) throw new Error(`komi search beyond ${KOMI_SEARCH_LIMIT}: a bug`);
    } else {
      const previous = whiteWinsAt;
      whiteWinsAt = k;
      if (blackWinsAt === null && k <= down) down = previous === null ? k - 1 : k - 2 * (previous - k);
      if (Math.abs(k) > KOMI_SEARCH_LIMIT) throw new Error(`komi search beyond ${KOMI_SEARCH_LIMIT}: a bug`);
    }
    onSolve?.(record, blackWinsAt, whiteWinsAt === null ? null : whiteWinsAt - 1);
  }
  const done = solved();
  // Black's win at the komi was solved here (not given): its line and first moves come from the same table.
  const winSolved = done && solves.some((s) => s.komi === blackWinsAt && s.value !== null && s.value > 0);
  let pv: readonly number[] = [];
  let pvTruncated = false;
  if (winSolved && withPv && blackWinsAt !== null) {
    const report = solveWithVariation(solver, startRoot(rules, blackWinsAt), 120, {
      maxNodes: maxNodes === null ? null : Math.max(0, maxNodes - nodes),
      maxSeconds: maxSeconds === null ? null : Math.max(0, maxSeconds - (Date.now() - start) / 1000),
    });
    pv = report.pv;
    pvTruncated = report.pvTruncated;
    nodes += report.nodes;
  }
  let moves: MoveValue[] | null = null;
  if (winSolved && options.moves && blackWinsAt !== null) {
    const listed = moveValues(solver, startRoot(rules, blackWinsAt), {
      maxNodes: maxNodes === null ? null : Math.max(0, maxNodes - nodes),
      maxSeconds: maxSeconds === null ? null : Math.max(0, maxSeconds - (Date.now() - start) / 1000),
    });
    moves = listed.moves;
    nodes += listed.nodes;
  }
  return {
    status: done ? 'solved' : 'unknown',
    komi: done ? blackWinsAt : null,
    blackWinsAt,
    whiteWinsAt,
    komiLow: blackWinsAt,
    komiHigh: whiteWinsAt === null ? null : whiteWinsAt - 1,
    solves,
    nodes,
    seconds: (Date.now() - start) / 1000,
    reason: done ? null : reason,
    pv,
    pvTruncated,
    moves,
    given,
  };
}
