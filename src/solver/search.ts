/**
 * The exact solver: fail-soft alpha-beta (negamax) over the whole game, optionally by iterative deepening, with a
 * transposition table that stays sound under superko, graph automorphisms, Benson bounds and move ordering.
 *
 * Games. Two colours alternating; positional or situational superko (simple ko makes games unbounded and is
 * refused). `scoring=area` (free passes, two passes end the game): the value is the final area score, black minus
 * white, without komi. `scoring=lastmove` (famine's paid passes, or Conway's none): the value is +1 when black wins,
 * -1 when white wins. Both are finite games: every stone move makes a new colouring (or situational pair), a pass
 * makes none, and two passes in a row end an area game, while a paid pass costs a counter point that only captures,
 * hence stone moves, can give back.
 *
 * Soundness under superko (the graph-history interaction problem). The value of a state depends on the earlier
 * colourings H, because they forbid moves. Call C(T) the set of colourings a search tree T below a node N met or
 * tried to make (every node, every move refused for repetition, and, recursively, C(T') of every table entry it
 * used). Two facts make the table sound:
 *  1. T's refusals all involve colourings of C(T); if none of them is older than N's own colouring (tracked as
 *     `dep`, the oldest history index a refusal hit), the proof did not use H at all.
 *  2. Under another history H' with H' ∩ C(T) = ∅, every move T tried has the same legality (its colouring is in
 *     C(T), so it is in H' exactly when it is in H, i.e. never), so T proves the same bound: by induction over T,
 *     each node's bound came from a terminal, from one child (a cutoff), from all its children (each tried move
 *     legal or refused alike), or from a table entry whose own condition still holds because C(T') ⊆ C(T).
 * So the table stores bounds only from history-free proofs (1), with an over-approximation of C(T): three masks
 * saying, per vertex, whether it was ever empty, black or white in C(T). A stored bound is used under history H'
 * only after checking that no earlier colouring of H' fits all three masks, hence that H' ∩ C(T) = ∅ (2). This is
 * van der Werf's rule (store only results the history did not influence) made safe for reuse by the masks, in the
 * spirit of Kishimoto and Müller's check that a reused proof does not run into the current path.
 *
 * Symmetry. Automorphisms σ that fix every colouring of the line so far (the path stabiliser) map the state and its
 * history to themselves, so moves m and σ(m) have equal values and only the first in the move order is searched.
 * The skipped move's proof is the image of the searched one's, so the node's masks are closed under σ⁻¹ before
 * they are stored (an H' missing the masks then misses the skipped move's tree too). The table key is the least
 * image of the colouring under the automorphisms found (masks and moves are stored in that canonical frame).
 *
 * Benson (area scoring): with c passing at every turn, c keeps its unconditionally alive chains and their one-point
 * eyes (benson.ts), so 2|safe(black)| - n <= value <= n - 2|safe(white)| under any history. Bounds that meet end
 * the search; otherwise they narrow the window.
 */
import type { Graph } from '../graph.js';
import type { Rules } from '../rules.js';
import { grown } from '../grown.js';
import { PASS } from '../vocabulary.js';
import { BB_OK, BitBoard, MAX_SOLVER_VERTICES, popcount } from './bitboard.js';
import { Benson } from './benson.js';
import { DfpnSearch } from './dfpn.js';
import type { DfpnTable } from './dfpn-table.js';
import type { DfpnResult, DfpnRoot } from './dfpn.js';
import { History, NOT_FOUND } from './history.js';
import { HistoryScore } from './history-score.js';
import { PathStabiliser } from './path-stabiliser.js';
import { CanonicalKeys } from './canonical-key.js';
import { Symmetries, findAutomorphisms } from './symmetry.js';
import { NO_MOVE, TranspositionTable } from './tt.js';

export { NO_MOVE };

export type SolveKind = 'score' | 'lastmove';

/** The engine of a solve: proof-number search (dfpn.ts; area scores by thresholds) or this file's alpha-beta. */
export type SolveMethod = 'dfpn' | 'alphabeta';

/** The method a solve runs: the one asked for, else df-pn for win/loss games and alpha-beta for area scores. */
export function solveMethodOf(rules: Rules, method: SolveMethod | null | undefined): SolveMethod {
  return method ?? (rules.scoring === 'area' ? 'alphabeta' : 'dfpn');
}

export interface SolverSettings {
  /**
   * df-pn (dfpn.ts) or alpha-beta; null: each scoring's default, df-pn for last-move games, alpha-beta for area
   * scores (df-pn by thresholds is not faster on every graph measured: docs/solver.md, "Area scores").
   */
  readonly method: SolveMethod | null;
  /** The ε of df-pn's 1 + ε trick (0: plain df-pn). */
  readonly dfpnEpsilon: number;
  /** df-pn: the cap on a first visit's estimate from the same state under another history (dfpn.ts header). */
  readonly dfpnEstimateCap: number;
  /** df-pn: signature filters on proofs (colouring-signature.ts), beside the masks. */
  readonly dfpnSignatures: boolean;
  /** df-pn: exact records of the colourings a proof met, when few (dfpn.ts header), beside the masks and filters. */
  readonly dfpnExactSets: boolean;
  /** df-pn: the most colourings an exact record holds (1..64). */
  readonly dfpnExactSetSize: number;
  /** df-pn: the most history items (colourings older than the state) a stored proof may rest on (2..16). */
  readonly dfpnRequiredItems: number;
  /** df-pn, last-move games: a proof's conditions hold only the colourings the winner's moves made (dfpn.ts header). */
  readonly dfpnWinnerMovesOnly: boolean;
  /** df-pn: a refused proof is tried through every automorphism onto the probed colouring's key (dfpn.ts). */
  readonly dfpnStabiliserProbes: boolean;
  /**
   * df-pn, famine under positional superko: counters reduced to the lead (the trailing player's counter 0), which
   * decides the game alone (dfpn.ts header; docs/solver.md, "Counters as a lead").
   */
  readonly dfpnCounterLead: boolean;
  /**
   * df-pn: a proof whose table bucket holds only proofs of its state (made under other histories) replaces one that
   * cost as little, the ways taken in turn; off: only one that cost less (docs/solver.md, "Tied proofs in turn").
   */
  readonly dfpnTiedProofsInTurn: boolean;
  /** The transposition table (sound under superko, see the header). */
  readonly tt: boolean;
  /** Graph automorphisms: move pruning and canonical table keys. */
  readonly symmetry: boolean;
  /** Benson bounds (area scoring only). */
  readonly benson: boolean;
  /** Move ordering: table move, killers, history heuristic; off: vertex order, then pass. */
  readonly ordering: boolean;
  /** Famine: use table results of the same state with dominated counters. */
  readonly counterDominance: boolean;
  /** Iterative deepening on a ply limit; off: one search to the end. */
  readonly iterativeDeepening: boolean;
  /** log2 of the table's entries. */
  readonly ttBits: number;
  /**
   * The table's hash seed (0: the layout of every table before seeds). The same search with another seed lays its
   * entries out differently, which changes which of several stored proofs of a state is met first and which entries
   * a full bucket loses: never an answer, but on hard graphs the work to reach it several times over (docs/solver.md).
   */
  readonly tableSeed: number;
  /** How many automorphisms to find (move pruning and table keys). */
  readonly symmetryLimit: number;
  /**
   * How many of them canonicalise table keys; null: all of them on graphs of at most 10 vertices, whose keys are
   * cached, else 48, since an uncached key scans them every time (canonical-key.ts).
   */
  readonly ttSymmetryLimit: number | null;
  /** UNSOUND, for tests and measurements only: reuse table bounds whatever the history (a colouring-keyed table). */
  readonly historyBlindTable: boolean;
  readonly maxNodes: number | null;
  readonly maxSeconds: number | null;
  /**
   * Asked now and then, with the time limit (every 1,024 nodes): true ends the solve as a limit does, with reason
   * 'interrupted' (the CLI's Ctrl-C, which must come from another thread: the search never yields).
   */
  readonly stopRequested: (() => boolean) | null;
  readonly onProgress: ((progress: SolverProgress) => void) | null;
  /** Seconds between progress reports. */
  readonly progressSeconds: number;
}

export const DEFAULT_SOLVER_SETTINGS: SolverSettings = {
  method: null,
  dfpnEpsilon: 0.25,
  dfpnEstimateCap: 4,
  dfpnSignatures: true,
  dfpnExactSets: true,
  dfpnExactSetSize: 64,
  dfpnRequiredItems: 4,
  dfpnWinnerMovesOnly: true,
  dfpnStabiliserProbes: true,
  dfpnCounterLead: true,
  dfpnTiedProofsInTurn: true,
  tt: true,
  symmetry: true,
  benson: true,
  ordering: true,
  counterDominance: true,
  iterativeDeepening: true,
  ttBits: 20,
  tableSeed: 0,
  symmetryLimit: 2048,
  ttSymmetryLimit: null,
  historyBlindTable: false,
  maxNodes: null,
  maxSeconds: null,
  stopRequested: null,
  onProgress: null,
  progressSeconds: 2,
};

export interface SolverProgress {
  readonly nodes: number;
  /** The deepest ply reached so far. */
  readonly maxPly: number;
  /** The current iteration's ply limit (iterative deepening), or null. */
  readonly depth: number | null;
  readonly seconds: number;
  /** df-pn: the share of the table's entries in use (0..1); null under alpha-beta. */
  readonly tableFill: number | null;
  /** Table results used, and lookups that found results but refused them for the history (stats.ttHits, ttRefused). */
  readonly tableHits: number;
  readonly tableRefused: number;
}

/** One superko item: a colouring, with (situational superko) the colour to move next, else tag 0. */
export interface HistoryItem {
  readonly black: number;
  readonly white: number;
  readonly tag: number;
}

/** A state to solve from: the colouring, who moves, passes in a row, counters and the superko history. */
export interface RootState {
  readonly black: number;
  readonly white: number;
  readonly toMove: number;
  /** Passes in a row just played (free passes: 1 means the next pass ends the game). */
  readonly passes: number;
  /** Counters of black and white (docs/rules.md, "Counters and komi"), used with paid passes. */
  readonly counters: readonly [number, number];
  /** Every superko item of the game so far, oldest first; the last is the current one. */
  readonly history: readonly HistoryItem[];
}

export interface SearchOutcome {
  readonly status: 'solved' | 'unknown';
  /** Black's view: the area score, or +1 / -1 for a black / white win (lastmove). Null when unknown. */
  readonly value: number | null;
  /** A best move for the player to move (a vertex or PASS): optimal when solved, else the best found so far. */
  readonly best: number;
  readonly nodes: number;
  readonly seconds: number;
  /** Why the search stopped early. */
  readonly reason: SearchLimitReason | null;
  readonly maxPly: number;
  /** The last completed iteration's ply limit (iterative deepening), else null. */
  readonly depth: number | null;
  /**
   * Proven bounds of the value, black's view: the value when solved; when unknown, the best move proved so far by
   * an exact child result at the root (a bound for the player to move), else the whole range.
   */
  readonly lower: number;
  readonly upper: number;
}

export interface SolverStats {
  nodes: number;
  ttHits: number;
  /** Table entries found with bounds but refused because the history could interfere. */
  ttRefused: number;
  bensonCuts: number;
  symmetrySkips: number;
  /** Table results used through counter dominance. */
  dominanceHits: number;
  /** df-pn: proofs used because their exact record cleared an item the masks and filter could not. */
  exactRescues: number;
  /** df-pn: proofs refused because an earlier item was in their exact record. */
  exactRefusals: number;
  /** df-pn: proofs refused through the key's first automorphism and used through another onto the same key. */
  stabiliserRescues: number;
  /** df-pn: table proofs used that rest on more than two history items (dfpnRequiredItems above 2). */
  manyItemHits: number;
}

/**
 * Why a solve ended without an answer: a node or time limit, a line longer than the search can follow, or a stop its
 * caller asked for (`stopRequested`).
 */
export type SearchLimitReason = 'max-nodes' | 'max-seconds' | 'max-depth' | 'interrupted';

class SearchLimit extends Error {
  constructor(readonly reason: SearchLimitReason) {
    super(reason);
  }
}

/**
 * The deepest line the search follows. The search recurses once per ply, and a famine game can last thousands of
 * plies (every colouring at most once), beyond the JavaScript stack: past this depth the solve ends "unknown".
 */
const MAX_SEARCH_PLY = 600;

const NO_DEP = 0x3fffffff;
const NEG = -1_000_000;
/** probeBounds' answer when what is known before the moves does not settle the node (no value is this large). */
const OPEN = 1_000_000;
const MAX_PLY_BUFFER = 34;

/** Why the solver cannot take this game, or null. */
export function solverProblem(graph: Graph, rules: Rules): string | null {
  if (graph.n > MAX_SOLVER_VERTICES) return `the exact solver takes graphs of at most ${MAX_SOLVER_VERTICES} vertices`;
  return rulesProblem(rules);
}

/** Why the exact solver cannot solve any graph under `rules` (null: it can solve those small enough). */
/**
 * The largest komi the exact solver takes, in size: counters are kept in half points, 16 bits each in a table key, so
 * a komi must leave room for the captures of a game (the largest komi found on a small graph is 11).
 */
export const MAX_SOLVER_KOMI = 10_000;

export function rulesProblem(rules: Rules): string | null {
  if (rules.colors !== 2) return 'the exact solver plays two colours only';
  if (rules.order.length !== 2 || rules.order[0] === rules.order[1]) return 'the exact solver needs two colours alternating';
  if (rules.ko === 'simple') return 'the exact solver needs superko (positional or situational): simple ko allows endless games';
  if (rules.scoring === 'territory') return 'the exact solver scores area or last move, not territory';
  if (Math.abs(rules.komi) > MAX_SOLVER_KOMI) return `the exact solver takes a komi of at most ${MAX_SOLVER_KOMI} in size, got ${rules.komi}`;
  if (rules.passes === 'paid' && !Number.isInteger(rules.komi * 2)) {
    return 'the exact solver needs a komi that is a multiple of 0.5';
  }
  return null;
}

export class Solver {
  readonly graph: Graph;
  readonly rules: Rules;
  readonly settings: SolverSettings;
  readonly kind: SolveKind;
  readonly bb: BitBoard;
  readonly symmetries: Symmetries;
  readonly stats: SolverStats = {
    nodes: 0,
    ttHits: 0,
    ttRefused: 0,
    bensonCuts: 0,
    symmetrySkips: 0,
    dominanceHits: 0,
    exactRescues: 0,
    exactRefusals: 0,
    stabiliserRescues: 0,
    manyItemHits: 0,
  };

  private readonly n: number;
  private readonly full: number;
  private readonly benson: Benson;
  private readonly tt: TranspositionTable | null;
  /** The proof-number engine, when the method is df-pn. */
  private readonly dfpn: DfpnSearch | null;
  /** The method this solver uses (the setting, or the scoring's default). */
  readonly method: SolveMethod;
  private readonly history = new History(512);
  private readonly suicide: boolean;
  private readonly situational: boolean;
  private readonly paid: boolean;
  private readonly passAllowed: boolean;
  private readonly useBenson: boolean;
  private readonly keys: CanonicalKeys;
  private readonly minValue: number;
  private readonly maxValue: number;

  // The current state. Counters are in half points.
  private black = 0;
  private white = 0;
  private toMove = 1;
  private passes = 0;
  private counter1 = 0;
  private counter2 = 0;

  // Results of the last search call (while a node is probed, rE/rB/rW are the masks its known bounds rest on).
  private rExact = true;
  private rDep = NO_DEP;
  private rE = 0;
  private rB = 0;
  private rW = 0;

  // What probeBounds() learnt of the node being entered, read by searchMoves() before any child overwrites it: the
  // known bounds and the table key (pCB/pCW, the image of the colouring under automorphism pCanon, or -1).
  private pLo = 0;
  private pHi = 0;
  private pCanon = -1;
  private pCB = 0;
  private pCW = 0;

  // Move ordering: per-ply buffers, the history heuristic and the table's move for the node being entered.
  private moves = new Int32Array(MAX_PLY_BUFFER * 64);
  private killers = new Int32Array(2 * 64).fill(-1);
  private readonly historyScore = new HistoryScore();
  private tableMove = NO_MOVE;
  private readonly stab: PathStabiliser;
  private parentStabFrom = 0;
  private parentStabTo = 0;

  private startTime = 0;
  private limitNodes: number | null;
  /** The node count at which the current solve stops: every solve searches at most limitNodes nodes, exactly. */
  private nodeStop = Infinity;
  private limitSeconds: number | null;
  private lastProgress = 0;
  private maxPly = 0;
  private currentDepth: number | null = null;
  private rootBest = NO_MOVE;
  /** The best value (mover's view) an exact child result at the root proved during this solve. */
  private rootProven = NEG;

  constructor(graph: Graph, rules: Rules, settings: Partial<SolverSettings> = {}) {
    const problem = solverProblem(graph, rules);
    if (problem !== null) throw new Error(problem);
    this.graph = graph;
    this.rules = rules;
    this.settings = { ...DEFAULT_SOLVER_SETTINGS, ...settings };
    this.kind = rules.scoring === 'area' ? 'score' : 'lastmove';
    this.bb = new BitBoard(graph);
    this.n = graph.n;
    this.full = this.bb.full;
    this.benson = new Benson(this.bb);
    this.suicide = rules.suicide === 'allowed';
    this.situational = rules.ko === 'situational';
    this.paid = rules.passes === 'paid';
    this.passAllowed = rules.passes !== 'none';
    this.useBenson = this.settings.benson && this.kind === 'score';
    this.symmetries = new Symmetries(this.settings.symmetry ? findAutomorphisms(this.bb, this.settings.symmetryLimit) : []);
    this.stab = new PathStabiliser(this.symmetries);
    this.keys = new CanonicalKeys(this.symmetries, this.n, this.settings.ttSymmetryLimit);
    const s = this.settings;
    if (s.method !== null && s.method !== 'dfpn' && s.method !== 'alphabeta') {
      throw new Error(`unknown solve method "${String(s.method)}": dfpn or alphabeta`);
    }
    this.method = solveMethodOf(rules, s.method);
    this.dfpn =
      this.method === 'dfpn'
        ? new DfpnSearch(
            graph,
            rules,
            this.symmetries,
            {
              storeProofs: s.tt,
              ordering: s.ordering,
              counterDominance: s.counterDominance,
              epsilon: s.dfpnEpsilon,
              ttBits: s.ttBits,
              tableSeed: s.tableSeed,
              ttSymmetryLimit: s.ttSymmetryLimit,
              estimateCap: s.dfpnEstimateCap,
              benson: s.benson,
              signatures: s.dfpnSignatures,
              exactSetSize: s.dfpnExactSets ? s.dfpnExactSetSize : 0,
              requiredItems: s.dfpnRequiredItems,
              winnerMovesOnly: s.dfpnWinnerMovesOnly,
              stabiliserProbes: s.dfpnStabiliserProbes,
              counterLead: s.dfpnCounterLead,
              tiedProofsInTurn: s.dfpnTiedProofsInTurn,
            },
            this.stats,
          )
        : null;
    this.tt = s.tt && this.dfpn === null ? new TranspositionTable(s.ttBits, s.tableSeed) : null;
    this.limitNodes = this.settings.maxNodes;
    this.limitSeconds = this.settings.maxSeconds;
    this.minValue = this.kind === 'score' ? -this.n : -1;
    this.maxValue = this.kind === 'score' ? this.n : 1;
  }

  /** df-pn's table (null under alpha-beta): what `graphgo solve --table` saves and loads to resume a long solve. */
  get dfpnTable(): DfpnTable | null {
    return this.dfpn === null ? null : this.dfpn.table;
  }

  /**
   * What a saved df-pn table must match to serve this solver: the graph (its adjacency and liberty relation), the
   * rules that shape the game (not the komi: it only sets the starting counters, which are part of every key, so a
   * table serves every komi), and the settings that shape the entries, their keys and their conditions. Solvers with
   * the same fingerprint store the same entries under the same keys, so one's table is sound for the other.
   */
  tableFingerprint(): string {
    const g = this.graph;
    const r = this.rules;
    const s = this.settings;
    return JSON.stringify({
      table: 'graphgo df-pn 2',
      vertices: g.n,
      adjacency: [Array.from(g.adjStart), Array.from(g.adj)],
      liberties: [Array.from(g.libStart), Array.from(g.lib)],
      rules: { ko: r.ko, suicide: r.suicide, passes: r.passes, scoring: r.scoring },
      ttBits: s.ttBits,
      // Only when set, so that tables saved before seeds existed (seed 0) still load.
      ...(s.tableSeed === 0 ? {} : { tableSeed: s.tableSeed }),
      proofs: s.tt,
      automorphisms: this.symmetries.count,
      keyAutomorphisms: this.keys.automorphismsUsed,
      signatures: s.dfpnSignatures,
      exactSetSize: s.dfpnExactSets ? s.dfpnExactSetSize : 0,
      // Only when not 2, so that tables saved before the setting still load.
      ...(s.dfpnRequiredItems === 2 ? {} : { requiredItems: s.dfpnRequiredItems }),
      winnerMovesOnly: s.dfpnWinnerMovesOnly,
      // Only when off, so that tables saved before it still load (their proofs hold either way: the header of dfpn.ts).
      ...(s.dfpnCounterLead ? {} : { counterLead: false }),
    });
  }

  /** Limits for each later solve() call (nodes and seconds of that call; null: none). */
  setLimits(maxNodes: number | null, maxSeconds: number | null): void {
    this.limitNodes = maxNodes;
    this.limitSeconds = maxSeconds;
  }

  /**
   * Solves the state: the exact value and an optimal move, or `unknown` when a limit stopped the search. `expected`
   * (area scores by df-pn): a likely value, tried first (the next state of a principal variation has the same value).
   */
  solve(root: RootState, expected: number | null = null): SearchOutcome {
    this.startTime = Date.now();
    this.nodeStop = this.limitNodes === null ? Infinity : this.stats.nodes + Math.max(0, Math.floor(this.limitNodes));
    this.lastProgress = this.startTime;
    const startNodes = this.stats.nodes;
    this.maxPly = 0;
    this.rootBest = NO_MOVE;
    this.rootProven = NEG;
    let bestSoFar: number = NO_MOVE;
    let lastDepth: number | null = null;
    if (this.dfpn !== null) {
      return this.kind === 'score' ? this.solveAreaByDfpn(this.dfpn, root, startNodes, expected) : this.solveByDfpn(this.dfpn, root, startNodes);
    }
    try {
      if (this.settings.iterativeDeepening) {
        let depth = 2;
        for (;;) {
          this.currentDepth = depth;
          const v = this.searchRoot(root, depth);
          bestSoFar = this.rootBest;
          lastDepth = depth;
          if (this.rExact) return this.outcome('solved', v, this.rootBest, startNodes, null, lastDepth);
          depth += Math.max(2, depth >> 2);
        }
      }
      this.currentDepth = null;
      const v = this.searchRoot(root, NO_DEP);
      return this.outcome('solved', v, this.rootBest, startNodes, null, null);
    } catch (e) {
      // A stack overflow before MAX_SEARCH_PLY (a smaller stack than Node's default) ends the same way.
      const reason = e instanceof SearchLimit ? e.reason : e instanceof RangeError ? 'max-depth' : null;
      if (reason === null) throw e;
      return this.outcome('unknown', null, bestSoFar !== NO_MOVE ? bestSoFar : this.rootBest, startNodes, reason, lastDepth);
    }
  }

  /** A last-move solve by proof-number search: the same outcome as alpha-beta's (no ply limit, so depth is null). */
  private solveByDfpn(dfpn: DfpnSearch, root: RootState, startNodes: number): SearchOutcome {
    this.rootToMove = root.toMove;
    this.currentDepth = null;
    const r = this.runDfpn(dfpn, root, 0);
    this.maxPly = r.maxPly;
    if (r.value === null) return this.outcome('unknown', null, r.best, startNodes, r.reason, null);
    return this.outcome('solved', r.value, r.best, startNodes, null, null);
  }

  /**
   * An area score by proof-number search over thresholds: "does black's final score reach at least s?" is a win/loss
   * game (dfpn.ts), true for every s <= value and false above, so the value is found by bisection between what is
   * proven (black reaches -n whatever happens; nobody reaches n + 1). `expected`, when given, and the value above it
   * are tried first. Every answer is checked against monotonicity (a contradiction is a bug, and throws). At a limit
   * the outcome is "unknown" with the proven interval [reached, failed - 1].
   */
  private solveAreaByDfpn(dfpn: DfpnSearch, root: RootState, startNodes: number, expected: number | null): SearchOutcome {
    this.rootToMove = root.toMove;
    this.currentDepth = null;
    const blackMoves = root.toMove === 1;
    let reached = this.minValue;
    let failed = this.maxValue + 1;
    // The move that proves the final answer: black's move reaching the value, or white's keeping black below value + 1.
    let bestReach: number = NO_MOVE;
    let bestFail: number = NO_MOVE;
    let guess = NO_MOVE;
    let maxPly = 0;
    const tries: number[] = [];
    if (expected !== null && Number.isInteger(expected) && expected > reached && expected < failed) tries.push(expected, expected + 1);
    while (failed - reached > 1) {
      let s = tries.shift();
      while (s !== undefined && !(s > reached && s < failed)) s = tries.shift();
      // Bisection: with failed - reached >= 2 the midpoint lies strictly between them.
      if (s === undefined) s = Math.floor((reached + failed) / 2);
      const r = this.runDfpn(dfpn, root, s);
      if (r.maxPly > maxPly) maxPly = r.maxPly;
      if (r.value === null) {
        this.maxPly = maxPly;
        const out = this.outcome('unknown', null, r.best !== NO_MOVE ? r.best : guess, startNodes, r.reason, null);
        return { ...out, lower: reached, upper: failed - 1 };
      }
      const blackReaches = blackMoves ? r.value > 0 : r.value < 0;
      if (blackReaches) {
        if (s >= failed) throw new Error(`df-pn area: black reaches ${s} but not ${failed} (a bug)`);
        reached = s;
        if (blackMoves) bestReach = r.best;
      } else {
        if (s <= reached) throw new Error(`df-pn area: black falls short of ${s} but reaches ${reached} (a bug)`);
        failed = s;
        if (!blackMoves) bestFail = r.best;
      }
      guess = r.best;
    }
    this.maxPly = maxPly;
    const best = blackMoves ? bestReach : bestFail;
    const moverValue = blackMoves ? reached : -reached;
    // The move proving the value comes from the run at that threshold; with no such run (the value is -n or n, proved
    // from the bounds alone) one more run finds it.
    if (best === NO_MOVE && (blackMoves ? reached === this.minValue : failed === this.maxValue + 1)) {
      const r = this.runDfpn(dfpn, root, blackMoves ? reached : failed);
      if (r.value === null) return this.outcome('unknown', null, guess, startNodes, r.reason, null);
      return this.outcome('solved', moverValue, r.best, startNodes, null, null);
    }
    return this.outcome('solved', moverValue, best, startNodes, null, null);
  }

  /**
   * A last-move solve's answer at `root` read from the table without searching, when a proof of it made under exactly
   * its history is there (df-pn only): the value (black's view) and the stored move. Null otherwise.
   */
  provenMove(root: RootState): { value: number; best: number } | null {
    if (this.dfpn === null || this.kind === 'score') return null;
    const known = this.dfpn.provenMove(dfpnRoot(root, 0));
    if (known === null) return null;
    return { value: known.win === (root.toMove === 1) ? 1 : -1, best: known.best };
  }

  /** One df-pn run from `root` (threshold: the area threshold, ignored under last-move scoring), within the limits. */
  private runDfpn(dfpn: DfpnSearch, root: RootState, threshold: number): DfpnResult {
    const onProgress = this.settings.onProgress;
    const every = this.settings.progressSeconds * 1000;
    return dfpn.run(
      dfpnRoot(root, threshold),
      {
        nodeStop: this.nodeStop,
        deadline: this.limitSeconds === null ? Infinity : this.startTime + this.limitSeconds * 1000,
        stopRequested: this.settings.stopRequested,
        onTick:
          onProgress === null
            ? null
            : (maxPly) => {
                const now = Date.now();
                if (now - this.lastProgress < every) return;
                this.lastProgress = now;
                onProgress({ ...this.tableProgress(), nodes: this.stats.nodes, maxPly, depth: null, seconds: (now - this.startTime) / 1000 });
              },
      },
    );
  }

  /**
   * The exact value (black's view) of each action of the player to move at the root: a vertex or PASS, in order.
   * Actions refused by the rules are left out; an action whose solve hit the limits has value null.
   */
  actionValues(root: RootState): { move: number; value: number | null }[] {
    const out: { move: number; value: number | null }[] = [];
    const actions: number[] = [];
    for (let v = 0; v < this.n; v++) actions.push(v);
    actions.push(PASS);
    for (const m of actions) {
      const child = this.childRoot(root, m);
      if (child === null) continue;
      if (child === 'end') {
        out.push({ move: m, value: this.bb.areaScore(root.black, root.white) });
        continue;
      }
      const r = this.solve(child);
      out.push({ move: m, value: r.value });
    }
    return out;
  }

  /**
   * What the table and Benson's bounds prove of `state` without searching, black's view: its own bounds, narrowed
   * by the minimax of its actions' bounds down to `depth` plies (each action under the state's history, refused
   * moves left out). Sound under any history for the same reasons as a table hit; after an "unknown" solve it gives
   * the interval the search had proved. At most `maxProbes` states are looked at.
   */
  provenBounds(state: RootState, depth = 3, maxProbes = 20000): { lower: number; upper: number } {
    let probes = 0;
    const visit = (st: RootState, d: number): [number, number] => {
      probes++;
      this.load(st);
      this.probeBounds(this.minValue - 1, this.maxValue + 1, true);
      const black = st.toMove === 1;
      let lo = black ? this.pLo : -this.pHi;
      let hi = black ? this.pHi : -this.pLo;
      if (lo >= hi || d <= 0 || probes >= maxProbes) return [lo, hi];
      let cLo = NEG;
      let cHi = NEG;
      let any = false;
      const actions: number[] = [];
      for (let v = 0; v < this.n; v++) actions.push(v);
      actions.push(PASS);
      for (const m of actions) {
        const child = this.childRoot(st, m);
        if (child === null) continue;
        any = true;
        let b: [number, number];
        if (child === 'end') {
          const v = this.bb.areaScore(st.black, st.white);
          b = [v, v];
        } else if (probes >= maxProbes) {
          b = [this.minValue, this.maxValue];
        } else {
          b = visit(child, d - 1);
        }
        // The mover's view: black maximises, white minimises (negated).
        const mLo = black ? b[0] : -b[1];
        const mHi = black ? b[1] : -b[0];
        if (mLo > cLo) cLo = mLo;
        if (mHi > cHi) cHi = mHi;
      }
      if (!any) {
        // Lastmove rules: the player to move can neither move nor pass, and loses.
        if (this.kind === 'lastmove') return black ? [-1, -1] : [1, 1];
        return [lo, hi];
      }
      const bLo = black ? cLo : -cHi;
      const bHi = black ? cHi : -cLo;
      if (bLo > lo) lo = bLo;
      if (bHi < hi) hi = bHi;
      return [lo, hi];
    };
    const [lower, upper] = visit(state, depth);
    return { lower, upper };
  }

  /**
   * The state after `move` (a vertex or PASS) from `state`: null when the move is illegal there, 'end' when it is the
   * pass that ends an area game.
   */
  childRoot(state: RootState, move: number): RootState | 'end' | null {
    const c = state.toMove;
    const opp = 3 - c;
    const history = state.history;
    if (move === PASS) {
      if (!this.passAllowed) return null;
      if (this.paid && state.counters[c - 1] <= 0) return null;
      if (this.kind === 'score' && state.passes >= 1) return 'end';
      const counters: [number, number] = [state.counters[0], state.counters[1]];
      if (this.paid) counters[c - 1] -= 1;
      return {
        black: state.black,
        white: state.white,
        toMove: opp,
        passes: state.passes + 1,
        counters,
        history: this.situational ? [...history, { black: state.black, white: state.white, tag: opp }] : history,
      };
    }
    const bit = 1 << move;
    if (((state.black | state.white) & bit) !== 0) return null;
    if (this.bb.play(state.black, state.white, move, c, this.suicide) !== BB_OK) return null;
    const nb = this.bb.black;
    const nw = this.bb.white;
    const tag = this.situational ? opp : 0;
    for (const item of history) if (item.black === nb && item.white === nw && item.tag === tag) return null;
    const counters: [number, number] = [state.counters[0], state.counters[1]];
    counters[c - 1] += popcount(this.bb.captured);
    counters[opp - 1] += popcount(this.bb.selfCaptured);
    return { black: nb, white: nw, toMove: opp, passes: 0, counters, history: [...history, { black: nb, white: nw, tag }] };
  }

  /** Whether the game is over at `state` under lastmove rules (the player to move can neither move nor pass). */
  noAction(state: RootState): boolean {
    if (this.kind === 'score') return false;
    for (let v = 0; v < this.n; v++) if (this.childRoot(state, v) !== null) return false;
    return this.childRoot(state, PASS) === null;
  }

  private outcome(
    status: 'solved' | 'unknown',
    moverValue: number | null,
    best: number,
    startNodes: number,
    reason: SearchLimitReason | null,
    depth: number | null,
  ): SearchOutcome {
    let value: number | null = null;
    if (moverValue !== null) value = this.rootToMove === 1 ? moverValue : -moverValue;
    let lower = this.minValue;
    let upper = this.maxValue;
    if (value !== null) {
      lower = value;
      upper = value;
    } else if (this.rootProven > NEG) {
      const proven = Math.min(this.maxValue, Math.max(this.minValue, this.rootProven));
      if (this.rootToMove === 1) lower = proven;
      else upper = -proven;
    }
    return {
      lower,
      upper,
      status,
      value,
      best,
      nodes: this.stats.nodes - startNodes,
      seconds: (Date.now() - this.startTime) / 1000,
      reason,
      maxPly: this.maxPly,
      depth,
    };
  }

  private rootToMove = 1;

  private load(root: RootState): void {
    this.black = root.black;
    this.white = root.white;
    this.toMove = root.toMove;
    this.rootToMove = root.toMove;
    this.passes = root.passes;
    this.counter1 = Math.round(root.counters[0] * 2);
    this.counter2 = Math.round(root.counters[1] * 2);
    this.history.clear();
    for (const item of root.history) this.history.push(item.black, item.white, item.tag);
    this.stab.reset(
      root.history.map((item) => item.black),
      root.history.map((item) => item.white),
    );
    this.parentStabFrom = 0;
    this.parentStabTo = this.stab.top;
  }

  private searchRoot(root: RootState, depth: number): number {
    this.load(root);
    return this.search(this.minValue - 1, this.maxValue + 1, depth, 0);
  }

  private checkLimits(): void {
    const s = this.settings;
    const now = Date.now();
    if (this.limitSeconds !== null && now - this.startTime > this.limitSeconds * 1000) throw new SearchLimit('max-seconds');
    if (s.stopRequested?.()) throw new SearchLimit('interrupted');
    if (s.onProgress !== null && now - this.lastProgress >= s.progressSeconds * 1000) {
      this.lastProgress = now;
      s.onProgress({
        ...this.tableProgress(),
        nodes: this.stats.nodes,
        maxPly: this.maxPly,
        depth: this.currentDepth,
        seconds: (now - this.startTime) / 1000,
      });
    }
  }

  /** What a progress report says of the table. */
  private tableProgress(): Pick<SolverProgress, 'tableFill' | 'tableHits' | 'tableRefused'> {
    const table = this.dfpnTable;
    return {
      tableFill: table === null ? null : table.stored / table.size,
      tableHits: this.stats.ttHits,
      tableRefused: this.stats.ttRefused,
    };
  }

  private ensurePly(ply: number): void {
    if ((ply + 1) * MAX_PLY_BUFFER > this.moves.length) {
      this.moves = grown(this.moves, Math.max(this.moves.length * 2, (ply + 1) * MAX_PLY_BUFFER * 2));
      const killers = new Int32Array(this.moves.length / MAX_PLY_BUFFER * 2).fill(-1);
      killers.set(this.killers);
      this.killers = killers;
    }
  }

  /** Counters as part of the table key (only paid passes make them matter). */
  private countersKey(): number {
    return this.paid ? (this.counter1 & 0xffff) | (this.counter2 << 16) : 0;
  }

  /** No earlier item of the history (before `upto`) fits the masks: the table bound may be used. */
  private historyMisses(mE: number, mB: number, mW: number, upto: number): boolean {
    const hb = this.history.black;
    const hw = this.history.white;
    const full = this.full;
    for (let i = 0; i < upto; i++) {
      const b = hb[i];
      const w = hw[i];
      if ((b & ~mB) === 0 && (w & ~mW) === 0 && (full & ~(b | w) & ~mE) === 0) return false;
    }
    return true;
  }

  private setResult(exact: boolean, dep: number, e: number, b: number, w: number): void {
    this.rExact = exact;
    this.rDep = dep;
    this.rE = e;
    this.rB = b;
    this.rW = w;
  }

  /**
   * Negamax value for the player to move, fail-soft within (alpha, beta): a result <= alpha is an upper bound, >=
   * beta a lower bound, else exact. Also sets rExact (no ply-limit leaf used), rDep (oldest history index a refusal
   * hit) and rE/rB/rW (the masks of the colourings the proof met).
   */
  private search(alpha: number, beta: number, depth: number, ply: number): number {
    this.enterNode(ply);
    const workStart = this.stats.nodes;
    const settled = this.probeBounds(alpha, beta, ply === 0);
    if (settled !== OPEN) return settled;
    if (depth <= 0) return this.horizonValue();
    return this.searchMoves(alpha, beta, depth, ply, workStart);
  }

  /** Counts the node, checks the limits now and then, and ends the solve on a line too deep to follow. */
  private enterNode(ply: number): void {
    const stats = this.stats;
    // The node limit is exact: the node that would pass it is not searched (nor counted).
    if (stats.nodes >= this.nodeStop) throw new SearchLimit('max-nodes');
    stats.nodes++;
    if ((stats.nodes & 1023) === 0) this.checkLimits();
    if (ply > this.maxPly) {
      this.maxPly = ply;
      if (ply > MAX_SEARCH_PLY) throw new SearchLimit('max-depth');
    }
  }

  /**
   * What is known of the node before any move is searched: Benson's bounds, then the table's, then counter
   * dominance's. Returns the node's value when they settle it (with its result set), else OPEN, with the bounds
   * and the table key in the p* fields, the masks of the bounds' proofs in rE/rB/rW and the table's move in tableMove.
   */
  private probeBounds(alpha: number, beta: number, root: boolean): number {
    const black = this.black;
    const white = this.white;
    this.pLo = this.minValue;
    this.pHi = this.maxValue;
    this.rE = this.full & ~(black | white);
    this.rB = black;
    this.rW = white;
    this.tableMove = NO_MOVE;
    if (this.useBenson) {
      this.bensonBounds();
      const v = this.settled(alpha, beta, root);
      if (v !== OPEN) {
        this.stats.bensonCuts++;
        return v;
      }
    }
    const tt = this.tt;
    if (tt === null) return OPEN;
    const cur = this.history.top - 1;
    this.canonicalKey();
    if (this.tableBounds(tt, cur)) {
      const v = this.settled(alpha, beta, root);
      if (v !== OPEN) return v;
    }
    if (this.paid && this.pLo < this.pHi && this.settings.counterDominance) {
      this.dominanceBounds(tt, cur);
      return this.settled(alpha, beta, root);
    }
    return OPEN;
  }

  /** The node's value when its bounds alone decide the search (never at the root, which needs a move), else OPEN. */
  private settled(alpha: number, beta: number, root: boolean): number {
    const lo = this.pLo;
    const hi = this.pHi;
    if (root || !(lo >= beta || hi <= alpha || lo === hi)) return OPEN;
    this.rExact = true;
    this.rDep = NO_DEP;
    return lo >= beta ? lo : hi <= alpha ? hi : lo;
  }

  /** Benson's bounds, which hold under any history: each side keeps its safe area whatever the other does. */
  private bensonBounds(): void {
    const black = this.black;
    const white = this.white;
    const sb = popcount(this.benson.safeArea(black, white, 1, this.suicide));
    const sw = popcount(this.benson.safeArea(black, white, 2, this.suicide));
    const loB = 2 * sb - this.n;
    const hiB = this.n - 2 * sw;
    const mover = this.toMove === 1;
    this.pLo = mover ? loB : -hiB;
    this.pHi = mover ? hiB : -loB;
  }

  /** The table key: the canonical image of the colouring (canonical-key.ts), and the automorphism that gives it. */
  private canonicalKey(): void {
    const keys = this.keys;
    keys.of(this.black, this.white);
    this.pCanon = keys.canon;
    this.pCB = keys.black;
    this.pCW = keys.white;
  }

  /** Table metadata of the state: colour to move and passes in a row. */
  private metaKey(): number {
    return this.toMove | (this.passes << 2);
  }

  /**
   * The node's table entry: its move becomes the hint, and its bounds narrow the node's when the history cannot
   * interfere with their proof. Returns whether the bounds were used.
   */
  private tableBounds(tt: TranspositionTable, cur: number): boolean {
    const e = tt.probe(this.pCB, this.pCW, this.metaKey(), this.countersKey());
    if (e < 0) return false;
    const stored = tt.best[e];
    const canon = this.pCanon;
    this.tableMove = stored < 0 || canon < 0 ? stored : this.symmetries.inverses[canon][stored];
    if (!tt.hasBounds(e)) return false;
    if (!this.addEntryMasks(tt, e, cur)) {
      this.stats.ttRefused++;
      return false;
    }
    this.stats.ttHits++;
    const mover = this.toMove === 1;
    const tlo = mover ? tt.lower[e] : -tt.upper[e];
    const thi = mover ? tt.upper[e] : -tt.lower[e];
    if (tlo > this.pLo) this.pLo = tlo;
    if (thi < this.pHi) this.pHi = thi;
    return true;
  }

  /**
   * Counter dominance (paid passes): a larger counter only adds a pass option, so a win for the mover with a smaller
   * counter of its own (or a larger one of the opponent's) is a win here, and a loss with a larger one (or an
   * opponent's smaller one) is a loss here. The proof has the same colourings, so the same masks apply.
   */
  private dominanceBounds(tt: TranspositionTable, cur: number): void {
    const toMove = this.toMove;
    const mover = toMove === 1;
    const meta = this.metaKey();
    const mine = mover ? this.counter1 : this.counter2;
    const theirs = mover ? this.counter2 : this.counter1;
    for (let d = 0; d < 4 && this.pLo < this.pHi; d++) {
      const m2 = d === 0 ? mine - 2 : d === 2 ? mine + 2 : mine;
      const t2 = d === 1 ? theirs + 2 : d === 3 ? theirs - 2 : theirs;
      const c1 = mover ? m2 : t2;
      const c2 = mover ? t2 : m2;
      const e = tt.probe(this.pCB, this.pCW, meta, (c1 & 0xffff) | (c2 << 16));
      if (e < 0 || !tt.hasBounds(e)) continue;
      const winThere = (mover ? tt.lower[e] : -tt.upper[e]) > 0;
      const lossThere = (mover ? tt.upper[e] : -tt.lower[e]) < 0;
      if (!(d < 2 ? winThere : lossThere)) continue;
      if (!this.addEntryMasks(tt, e, cur)) continue;
      this.stats.dominanceHits++;
      if (d < 2) this.pLo = 1;
      else this.pHi = -1;
    }
  }

  /**
   * Whether entry e's bounds may be used here: no colouring of the history before `cur` fits its masks (mapped back
   * from the canonical frame). If so, its masks join the node's, since the node's proof now rests on the entry's.
   */
  private addEntryMasks(tt: TranspositionTable, e: number, cur: number): boolean {
    let eE = tt.maskEmpty[e];
    let eB = tt.maskBlack[e];
    let eW = tt.maskWhite[e];
    const canon = this.pCanon;
    if (canon >= 0) {
      const sym = this.symmetries;
      eE = sym.applyInverse(canon, eE);
      eB = sym.applyInverse(canon, eB);
      eW = sym.applyInverse(canon, eW);
    }
    if (!this.settings.historyBlindTable && !this.historyMisses(eE, eB, eW, cur)) return false;
    this.rE |= eE;
    this.rB |= eB;
    this.rW |= eW;
    return true;
  }

  /** At the ply limit: a static value (the area score; lastmove: 0, between loss and win) within the bounds, inexact. */
  private horizonValue(): number {
    let v = this.kind === 'score' ? this.moverScore() : 0;
    if (v < this.pLo) v = this.pLo;
    if (v > this.pHi) v = this.pHi;
    this.rExact = false;
    this.rDep = NO_DEP;
    return v;
  }

  /** The area score of the current colouring from the mover's side. */
  private moverScore(): number {
    return (this.toMove === 1 ? 1 : -1) * this.bb.areaScore(this.black, this.white);
  }

  /**
   * Searches the node's moves in order within its known bounds (read from the p* fields and rE/rB/rW before any
   * child overwrites them), then records and stores what they proved. Returns the value as search() does.
   */
  private searchMoves(alpha: number, beta: number, depth: number, ply: number, workStart: number): number {
    const lo = this.pLo;
    const hi = this.pHi;
    const baseE = this.rE;
    const baseB = this.rB;
    const baseW = this.rW;
    const canon = this.pCanon;
    const cB = this.pCB;
    const cW = this.pCW;
    const black = this.black;
    const white = this.white;
    const toMove = this.toMove;
    const passes = this.passes;
    const full = this.full;
    const a = alpha > lo - 1 ? alpha : lo - 1;
    const b = beta < hi + 1 ? beta : hi + 1;

    const stabFrom = this.stab.top;
    const stabTo = this.stab.pushFixing(this.parentStabFrom, this.parentStabTo, this.black, this.white);
    const count = this.generate(ply, this.tableMove, full & ~(black | white));
    const base = ply * MAX_PLY_BUFFER;
    const bb = this.bb;
    const history = this.history;
    const opp = 3 - toMove;
    const situational = this.situational;

    let mE = baseE;
    let mB = baseB;
    let mW = baseW;
    let best = NEG;
    let bestMove = NO_MOVE;
    let any = false;
    let skipped = false;
    let processed = 0;
    let cut = false;
    let exact = true;
    let dep = NO_DEP;
    for (let i = 0; i < count; i++) {
      const m = this.moves[base + i];
      let v: number;
      if (m === PASS) {
        if (this.kind === 'score' && passes >= 1) {
          // The pass that ends the game: its value is the score, proved with no child and no other colouring.
          any = true;
          v = this.moverScore();
          this.setResult(true, NO_DEP, 0, 0, 0);
        } else {
          if (this.paid && (toMove === 1 ? this.counter1 : this.counter2) <= 0) continue;
          any = true;
          v = -this.searchAfterPass(-b, -(a > best ? a : best), depth - 1, ply + 1, stabFrom, stabTo);
        }
      } else {
        if (stabTo > stabFrom) {
          if (this.stab.isSymmetricDuplicate(m, processed, stabFrom, stabTo)) {
            skipped = true;
            this.stats.symmetrySkips++;
            continue;
          }
          processed |= 1 << m;
        }
        if (bb.play(black, white, m, toMove, this.suicide) !== BB_OK) continue;
        const nb = bb.black;
        const nw = bb.white;
        const tag = situational ? opp : 0;
        const j = history.find(nb, nw, tag);
        if (j !== NOT_FOUND) {
          mE |= full & ~(nb | nw);
          mB |= nb;
          mW |= nw;
          if (j < dep) dep = j;
          continue;
        }
        any = true;
        v = -this.searchAfterStone(nb, nw, tag, -b, -(a > best ? a : best), depth - 1, ply + 1, stabFrom, stabTo);
      }
      // At the root, an exact child result better than what the child was asked to beat proves the move's value
      // at least v (fail-soft): kept as a proven bound for a solve that ends unknown.
      if (ply === 0 && this.rExact && v > (a > best ? a : best) && v > this.rootProven) this.rootProven = v;
      if (v > best) {
        best = v;
        bestMove = m;
        if (best >= b || best >= hi) {
          // Only this child is needed for the bound.
          cut = true;
          mE = baseE | this.rE;
          mB = baseB | this.rB;
          mW = baseW | this.rW;
          exact = this.rExact;
          dep = this.rDep;
          if (m !== PASS) this.rewardCutoff(ply, m, toMove);
          break;
        }
      }
      mE |= this.rE;
      mB |= this.rB;
      mW |= this.rW;
      if (this.rDep < dep) dep = this.rDep;
      if (!this.rExact) exact = false;
    }
    this.stab.top = stabFrom;

    if (!any) {
      // Only lastmove games get here: the player to move can neither move nor pass, and loses.
      best = this.kind === 'score' ? this.moverScore() : -1;
      bestMove = NO_MOVE;
    }
    this.setResult(exact, dep, mE, mB, mW);
    if (skipped && !cut) this.closeMasksUnderStabiliser(stabFrom, stabTo);
    if (best < lo) best = lo;
    if (best > hi) best = hi;
    if (ply === 0) this.rootBest = bestMove;
    if (this.tt !== null) this.storeResult(this.tt, best, bestMove, a, b, lo, hi, canon, cB, cW, workStart);
    return best;
  }

  /** Plays a pass (paid from the mover's counter under famine), searches the child, and takes the pass back. */
  private searchAfterPass(alpha: number, beta: number, depth: number, ply: number, stabFrom: number, stabTo: number): number {
    const toMove = this.toMove;
    const passes = this.passes;
    const opp = 3 - toMove;
    const paid = this.paid;
    const situational = this.situational;
    this.toMove = opp;
    this.passes = passes + 1;
    if (paid) {
      if (toMove === 1) this.counter1 -= 2;
      else this.counter2 -= 2;
    }
    if (situational) this.history.push(this.black, this.white, opp);
    this.parentStabFrom = stabFrom;
    this.parentStabTo = stabTo;
    const v = this.search(alpha, beta, depth, ply);
    if (situational) this.history.pop();
    if (paid) {
      if (toMove === 1) this.counter1 += 2;
      else this.counter2 += 2;
    }
    this.toMove = toMove;
    this.passes = passes;
    return v;
  }

  /**
   * Plays the stone move the board just made (the colouring nb/nw, its superko item tag, captures read from the
   * board before anything else plays), searches the child, and takes the move back.
   */
  private searchAfterStone(
    nb: number,
    nw: number,
    tag: number,
    alpha: number,
    beta: number,
    depth: number,
    ply: number,
    stabFrom: number,
    stabTo: number,
  ): number {
    const black = this.black;
    const white = this.white;
    const toMove = this.toMove;
    const passes = this.passes;
    const c1 = this.counter1;
    const c2 = this.counter2;
    if (this.paid) {
      const bb = this.bb;
      const cap = bb.captured === 0 ? 0 : 2 * popcount(bb.captured);
      const self = bb.selfCaptured === 0 ? 0 : 2 * popcount(bb.selfCaptured);
      if (toMove === 1) {
        this.counter1 += cap;
        this.counter2 += self;
      } else {
        this.counter2 += cap;
        this.counter1 += self;
      }
    }
    this.black = nb;
    this.white = nw;
    this.toMove = 3 - toMove;
    this.passes = 0;
    this.history.push(nb, nw, tag);
    this.parentStabFrom = stabFrom;
    this.parentStabTo = stabTo;
    const v = this.search(alpha, beta, depth, ply);
    this.history.pop();
    this.black = black;
    this.white = white;
    this.toMove = toMove;
    this.passes = passes;
    this.counter1 = c1;
    this.counter2 = c2;
    return v;
  }

  /**
   * A move skipped as the image of a searched one was proved by the image of that proof, so the result's masks are
   * closed under the stabiliser's inverses: a history missing them then misses the skipped move's tree too.
   */
  private closeMasksUnderStabiliser(stabFrom: number, stabTo: number): void {
    const stab = this.stab;
    stab.closeMasks(stabFrom, stabTo, this.rE, this.rB, this.rW);
    this.rE = stab.closedEmpty;
    this.rB = stab.closedBlack;
    this.rW = stab.closedWhite;
  }

  /**
   * Stores the node's result (rExact, rDep and the masks) under its canonical key: as bounds with their masks when
   * the proof is exact and used no earlier colouring (see the header), else only its best move, as a hint. The
   * state is the node's again, as every child restores it.
   */
  private storeResult(
    tt: TranspositionTable,
    best: number,
    bestMove: number,
    a: number,
    b: number,
    lo: number,
    hi: number,
    canon: number,
    cB: number,
    cW: number,
    workStart: number,
  ): void {
    const sym = this.symmetries;
    const meta = this.metaKey();
    const counters = this.countersKey();
    const storeBest = bestMove < 0 || canon < 0 ? bestMove : sym.perms[canon][bestMove];
    const work = this.stats.nodes - workStart;
    if (this.rExact && (this.rDep >= this.history.top - 1 || this.settings.historyBlindTable)) {
      let low = best <= a ? lo : best;
      let high = best >= b ? hi : best;
      if (this.toMove !== 1) {
        const t = low;
        low = -high;
        high = -t;
      }
      let sE = this.rE;
      let sB = this.rB;
      let sW = this.rW;
      if (canon >= 0) {
        sE = sym.apply(canon, sE);
        sB = sym.apply(canon, sB);
        sW = sym.apply(canon, sW);
      }
      tt.store(cB, cW, meta, counters, true, low, high, storeBest, sE, sB, sW, work);
    } else if (bestMove !== NO_MOVE) {
      tt.store(cB, cW, meta, counters, false, 0, 0, storeBest, 0, 0, 0, work);
    }
  }

  private rewardCutoff(ply: number, m: number, toMove: number): void {
    if (!this.settings.ordering) return;
    const k = ply * 2;
    if (this.killers[k] !== m) {
      this.killers[k + 1] = this.killers[k];
      this.killers[k] = m;
    }
    this.historyScore.reward(toMove, m);
  }

  /** Fills the ply's move buffer with the empty vertices and PASS, ordered. Returns how many. */
  private generate(ply: number, hint: number, empty: number): number {
    this.ensurePly(ply);
    const base = ply * MAX_PLY_BUFFER;
    const moves = this.moves;
    let count = 0;
    if (!this.settings.ordering) {
      let e = empty;
      while (e !== 0) {
        const v = 31 - Math.clz32(e & -e);
        e &= e - 1;
        moves[base + count++] = v;
      }
      if (this.passAllowed) moves[base + count++] = PASS;
      return count;
    }
    // Table move, then (area, after a pass) the pass that ends the game, then killers, then by history score.
    let left = empty;
    let passDone = !this.passAllowed;
    if (hint === PASS) {
      if (!passDone) moves[base + count++] = PASS;
      passDone = true;
    } else if (hint >= 0 && ((left >> hint) & 1) !== 0) {
      moves[base + count++] = hint;
      left &= ~(1 << hint);
    }
    if (!passDone && this.kind === 'score' && this.passes >= 1) {
      moves[base + count++] = PASS;
      passDone = true;
    }
    for (let k = 0; k < 2; k++) {
      const m = this.killers[ply * 2 + k];
      if (m >= 0 && ((left >> m) & 1) !== 0) {
        moves[base + count++] = m;
        left &= ~(1 << m);
      }
    }
    const start = count;
    while (left !== 0) {
      const v = 31 - Math.clz32(left & -left);
      left &= left - 1;
      moves[base + count++] = v;
    }
    this.historyScore.sort(moves, base + start, base + count, this.toMove);
    if (!passDone) moves[base + count++] = PASS;
    return count;
  }
}

/** The df-pn search's view of a root state (counters in half points, the history as three arrays). */
function dfpnRoot(root: RootState, threshold: number): DfpnRoot {
  return {
    black: root.black,
    white: root.white,
    toMove: root.toMove,
    passes: root.passes,
    counter1: Math.round(root.counters[0] * 2),
    counter2: Math.round(root.counters[1] * 2),
    historyBlack: root.history.map((h) => h.black),
    historyWhite: root.history.map((h) => h.white),
    historyTag: root.history.map((h) => h.tag),
    threshold,
  };
}
