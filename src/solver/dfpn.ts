/**
 * Depth-first proof-number search (df-pn, Nagai 2002) for last-move games (famine, Conway's no-pass game) and area
 * thresholds (does black's final area score reach at least s?): does the player to move win? Used by search.ts's
 * Solver when its method is 'dfpn'; for area scores it searches over thresholds (solveAreaByDfpn).
 *
 * Area thresholds. The area game's own tree: the pass that follows a pass ends the game and is decided in place by
 * the area count (BitBoard.areaScore, as alpha-beta counts), never searched; the threshold is part of every table key;
 * proofs of earlier thresholds decide others by monotonicity (thresholdDominance); Benson's safe areas decide a node
 * when they put the threshold on one side (bensonSettles). docs/solver.md, "Area scores", has the arguments.
 *
 * Numbers are in the φ/δ (negamax) form: φ(n) is the proof number of "the player to move at n wins", δ(n) its
 * disproof number; φ(n) = min over children c of δ(c), δ(n) = Σ φ(c). The selected child c1 (least δ) gets the
 * thresholds φ_th(c1) = δ_th(n) − δ(n) + φ(c1) and δ_th(c1) = min(φ_th(n), ⌈δ2·(1 + ε)⌉), δ2 the second least δ:
 * the 1 + ε trick (Pawlewicz and Lew 2007) lets the search stay longer below one child before switching, which cuts
 * the re-expansions plain df-pn (δ2 + 1) makes when two children have nearly equal numbers.
 *
 * Superko (the graph-history interaction problem): proofs and working numbers are kept apart.
 *
 * Proofs. A proof or disproof is stored with masks over-approximating the colourings its search met (search.ts's
 * rule) and the history items older than the node that its superko refusals rest on, when there are at most
 * `requiredItems` (4 by default; none: history-free in search.ts's sense; required-items.ts keeps the list). It is
 * reused under another history only when those items are in that history before the node and no other earlier item
 * fits the masks: every move of the proof is then legal or refused exactly as it was, so it proves the same. A proof
 * resting on more items is kept only by the caller's frame, in the per-ply child arrays, while the history above that
 * frame is unchanged (the frame's loop never changes it), and is passed up with the items it rests on. Beside the
 * masks, a proof carries a 64-bit filter of the automorphism-invariant signatures of the colourings it met
 * (colouring-signature.ts): an earlier item conflicts only when it fits the masks and its signature bit is in the
 * filter. On dense graphs the masks alone allow every colouring once a proof has met a capture. docs/solver.md argues
 * this in full.
 *
 * Exact records. On a dense graph even the signatures are coarse (on the complete graph a signature is the two stone
 * counts), so a proof whose search met few colourings also carries them exactly, up to `exactSetSize` (the record:
 * its own colouring, the winning child's record for a proof, every child's for a disproof with the images of the
 * skipped symmetric moves' records, each child's record mapped from the frame it came in). It is stored in the
 * entry's canonical frame; a probe maps each earlier item that fits the masks and the filter by the automorphism
 * that gives the probed colouring's key, and the item conflicts only when its image is in the record. A record that
 * would pass the size is dropped (the masks and the filter alone decide then). Refused repetitions are not in it:
 * they are the node's own colouring or items older than it, which the proof rests on (docs/solver.md,
 * "Exact records").
 *
 * Winner's moves only (last-move games). Under last-move scoring a player with fewer moves is never better off (the
 * player who cannot move loses), so a proof for the winner holds under any history in which the winner's moves stay
 * legal and the loser's refused moves stay refused: a loser's move that a history forbids only takes an option away.
 * So a node won for its mover (reached by the loser's move) adds no colouring of its own to the conditions; a node
 * lost for its mover adds its own colouring (made by the winner's move) and its refusals (the loser's moves it rests
 * on). The masks, the filter and the record then describe only the winner's moves, often a small part of what the
 * search met, so records fit more often and fewer earlier items conflict. Area thresholds keep every colouring: a
 * player with no action there ends the game, which can be its best result (docs/solver.md, "Winner's moves only").
 *
 * Working numbers. They only steer the search (no answer is ever read from them), but what they are decides whether
 * the search gets anywhere. What a node's moves are depends on its state (colouring, mover, passes in a row,
 * counters) and on the set of superko items before it, nothing else; so the game is a graph whose nodes are pairs
 * (state, set of earlier items), finite, and acyclic (a stone move adds an item, a pass adds one to the passes in a
 * row, and free passes are refused under last-move scoring; under area scoring the second pass in a row ends the
 * game and is never played). Numbers are stored under that node: its colouring as
 * played, mover, passes, counters and an order-free hash of the set (the sum of a hash per item); a collision only
 * lends one node another's numbers. Keyed by the state alone, numbers were shared by every history, and a state's
 * numbers under one history were summed into other states' numbers under other histories and from there back into
 * its own (the graph of states, histories left out, has cycles and far more transpositions): on `random 5 0.5 3` at
 * komi -1 the root's disproof number passed 5·10^10 after 67,000 nodes, the numbers saturated, the thresholds
 * stopped steering, and 61 million nodes gave no answer where alpha-beta needs 712,842 (df-pn now: 65,802). The
 * state's numbers under other histories still make a good start for a node visited for the first time, which df-pn
 * would start from 1 and 1: such a node starts from them (the state's latest numbers, stored under its canonical
 * colouring), each capped at `estimateCap` (4 by default; docs/solver.md, "Working numbers"). The cap bounds what can
 * come back through them: a node's numbers are df-pn's own over the part of the acyclic graph searched below it, with
 * leaf estimates between 1 and the cap.
 *
 * Counters as a lead (famine under positional superko). A paid pass changes neither the colouring nor the superko
 * items and never ends the game, so each player's counter is a pile of passes beside the board game (⌈c⌉ passes for
 * a counter c > 0, none at 0 or below), and a capture's points only add to the capturer's pile. Under last-move
 * scoring (the player unable to move loses) the whole is the disjunctive sum of the board game and the integers
 * ⌈c_black⌉ and −⌈c_white⌉, and integers add as games: x + (−y) = (x − m) + (−(y − m)) with m = min(x, y), equal in
 * every sum (Conway, On Numbers and Games). So the winner depends on the lead alone, and the search keeps the
 * trailing player's counter at 0 and the leader's at the lead, in whole points (toLead after every capture and at
 * the root), with passes in a row left out of the keys (they decide nothing there). The trailing player then never
 * passes, a pass answered by a pass never happens, and states whose counters differ by the same amount share one
 * entry. Situational superko (a pass adds an item) and area scoring (two passes end the game) keep both counters.
 *
 * Symmetry, ordering and counter dominance are search.ts's: children that are images of an earlier child under the
 * path stabiliser are not generated (a disproof's masks are then closed under the stabiliser), table keys are
 * canonical colourings, the table's move comes first and the other moves follow a history score of proving moves,
 * and a state whose own entry is missing or refused may take a proof from the same colouring with dominated counters
 * (one point less of lead for a win, one more for a loss, with counters as a lead).
 * A colouring with automorphisms of its own reaches its key through each of them composed with the key's: a proof
 * refused through the first is read through the others (stabiliser probes, docs/solver.md).
 */
import type { Graph } from '../graph.js';
import type { Rules } from '../rules.js';
import { grown } from '../grown.js';
import { PASS } from '../vocabulary.js';
import { Benson } from './benson.js';
import { BB_OK, BitBoard, popcount } from './bitboard.js';
import { CanonicalKeys } from './canonical-key.js';
import { ColouringSignature } from './colouring-signature.js';
import { DfpnTable } from './dfpn-table.js';
import { History, NOT_FOUND } from './history.js';
import { HistoryScore } from './history-score.js';
import { PathStabiliser } from './path-stabiliser.js';
import { clearRequired, copyRequired, insertRequired, NO_DEP } from './required-items.js';
import type { Symmetries } from './symmetry.js';

/** A proof or disproof number that proves: the node is lost (φ) or won (δ) for the player to move. */
export const PN_INF = 1e12;
/** Working numbers saturate below PN_INF so that a sum of large numbers never reads as a proof. */
const PN_MAX = PN_INF - 1;
const NO_MOVE = -2;

/** Children per node: every vertex and the pass. */
const STRIDE = 34;
/** The deepest line followed (as search.ts: one JavaScript frame per ply). */
const MAX_DFPN_PLY = 600;

export type DfpnStopReason = 'max-nodes' | 'max-seconds' | 'max-depth' | 'interrupted';

class DfpnStop extends Error {
  constructor(readonly reason: DfpnStopReason) {
    super(reason);
  }
}

export interface DfpnOptions {
  /** Store proofs in the table (off: only working numbers, for measurements). */
  readonly storeProofs: boolean;
  readonly ordering: boolean;
  readonly counterDominance: boolean;
  /** The ε of the 1 + ε trick (0: plain df-pn). */
  readonly epsilon: number;
  readonly ttBits: number;
  /** The table's hash seed (SolverSettings.tableSeed). */
  readonly tableSeed: number;
  /** How many of the automorphisms canonicalise table keys (null: canonical-key.ts's default). */
  readonly ttSymmetryLimit: number | null;
  /** The most a first visit's estimate (a state's numbers under another history) may be, see the header. */
  readonly estimateCap: number;
  /** Area scoring: end a node whose Benson safe areas decide the threshold (docs/solver.md, "Area scores"). */
  readonly benson: boolean;
  /** Signature filters on proofs (colouring-signature.ts); off: the masks alone decide whether a proof applies. */
  readonly signatures: boolean;
  /**
   * The most history items (colourings older than the node) a stored proof may rest on (2..16; see the header): a
   * proof resting on more is kept only by the frames above.
   */
  readonly requiredItems: number;
  /** The most colourings a proof's exact record holds (see the header); 0: no records, the masks and filter decide. */
  readonly exactSetSize: number;
  /**
   * Last-move games: a proof's conditions hold only the colourings the winner's moves made (see the header); off:
   * every colouring its search met, as area thresholds always do.
   */
  readonly winnerMovesOnly: boolean;
  /**
   * A proof refused through the automorphism that gives the probed colouring its key is tried through the colouring's
   * other automorphisms onto that key (canonical-key.ts keyMaps; docs/solver.md, "Stabiliser probes").
   */
  readonly stabiliserProbes: boolean;
  /**
   * Famine under positional superko: the counters as a lead, the trailing player's counter 0 (see the header); off:
   * both counters as they are, which every rule set allows.
   */
  readonly counterLead: boolean;
  /**
   * A proof whose bucket holds only proofs of its state, made under other histories, replaces one of the least costly
   * when it cost as much, the ways taken in turn (DfpnTable); off: only when it cost more. Never an answer, only which
   * proofs stay.
   */
  readonly tiedProofsInTurn: boolean;
}

/** The largest exact record allowed (counts are kept in bytes). */
export const MAX_EXACT_SET_SIZE = 64;
/** Exact records code a colouring as black << n | white, which stays a non-negative int32 up to this many vertices. */
const MAX_EXACT_VERTICES = 15;

/** Counters shared with the caller: `nodes` counts expansions (calls of the search at a state). */
export interface DfpnStats {
  nodes: number;
  ttHits: number;
  ttRefused: number;
  symmetrySkips: number;
  dominanceHits: number;
  /** Proofs used because their exact record cleared an earlier item that fitted the masks and the filter. */
  exactRescues: number;
  /** Proofs refused because an earlier item was in their exact record (a colouring their search did meet). */
  exactRefusals: number;
  /** Proofs refused through the key's first automorphism and used through another one onto the same key. */
  stabiliserRescues: number;
  /** Table proofs used that rest on more than two history items (storable only with requiredItems above 2). */
  manyItemHits: number;
}

/** Where a run must stop, and whom to tell how it goes. */
export interface DfpnLimits {
  /** The node count (of stats.nodes) at which the run stops. */
  readonly nodeStop: number;
  /** Date.now() value after which the run stops, or Infinity. */
  readonly deadline: number;
  /** Asked with the deadline: true stops the run ('interrupted'). */
  readonly stopRequested: (() => boolean) | null;
  readonly onTick: ((maxPly: number) => void) | null;
}

/** The state to solve: colouring, mover, passes in a row, counters in half points, every superko item so far. */
export interface DfpnRoot {
  readonly black: number;
  readonly white: number;
  readonly toMove: number;
  readonly passes: number;
  readonly counter1: number;
  readonly counter2: number;
  readonly historyBlack: readonly number[];
  readonly historyWhite: readonly number[];
  readonly historyTag: readonly number[];
  /**
   * Area scoring: the question is whether black's final area score (black minus white, no komi) reaches at least
   * this; "the player to move wins" means black reaches it when black moves, and falls short when white moves.
   */
  readonly threshold?: number;
}

export interface DfpnResult {
  /** +1 the player to move wins, -1 loses, null: stopped. */
  readonly value: number | null;
  /** A winning move when won; a move when lost; the most promising move when stopped (NO_MOVE: none). */
  readonly best: number;
  readonly reason: DfpnStopReason | null;
  readonly maxPly: number;
}

/**
 * The black and white stones of colouring (b, w) on the black, the white and the empty points of colouring (yb, yw),
 * packed in one number: what an automorphism fixing (yb, yw) keeps of (b, w).
 */
function relativeCounts(b: number, w: number, yb: number, yw: number): number {
  const ye = ~(yb | yw);
  return (
    popcount(b & yb) +
    33 * (popcount(b & yw) + 33 * (popcount(b & ye) + 33 * (popcount(w & yb) + 33 * (popcount(w & yw) + 33 * popcount(w & ye)))))
  );
}

export class DfpnSearch {
  readonly stats: DfpnStats;
  private readonly full: number;
  private readonly bb: BitBoard;
  private readonly symmetries: Symmetries;
  private readonly keys: CanonicalKeys;
  /** The proofs and working numbers (public so that a long solve can be saved and resumed: Solver.dfpnTable). */
  readonly table: DfpnTable;
  private readonly history = new History(512);
  private readonly options: DfpnOptions;
  private readonly suicide: boolean;
  private readonly situational: boolean;
  private readonly paid: boolean;
  private readonly passAllowed: boolean;
  /** Counters reduced to the lead in passes (options.counterLead, where it is sound: see the header). */
  private readonly lead: boolean;
  private readonly epsilon1: number;
  /** Area scoring: a threshold game (the pass after a pass ends it, counted by area) instead of last-move. */
  private readonly area: boolean;
  /** options.winnerMovesOnly, under last-move scoring only (an area game's moves are not monotone). */
  private readonly winnerMovesOnly: boolean;
  private readonly benson: Benson | null;
  /** The current threshold, and its part of every table key's meta (0 under last-move scoring). */
  private threshold = 0;
  private metaHigh = 0;
  /** Thresholds of earlier runs on this table: their proofs decide other thresholds (thresholdDominance). */
  private readonly thresholdsSeen = new Int32Array(80);
  private thresholdCount = 0;
  /** hsum[t]: the sum of the hashes of history items 0..t-1, an order-free hash of the set of those items. */
  private hsum = new Int32Array(513);
  /** The same sums with another item hash: with hsum, a 64-bit key of the set, which proofs record (madeUnder). */
  private hsum2 = new Int32Array(513);
  /** The signature bit of history item t as a 64-bit mask (hSigLo, hSigHi), see colouring-signature.ts. */
  private hSigLo = new Int32Array(512);
  private hSigHi = new Int32Array(512);
  /**
   * The history items of each signature bit, newest first: sigHead[bit] the latest stack index (-1: none) and
   * sigPrev[t] the one before item t, so that a search for an item's likes reads its few namesakes, not the whole
   * line (empty when signatures are off).
   */
  private readonly sigHead = new Int32Array(64);
  private sigPrev = new Int32Array(512);
  private readonly signature: ColouringSignature;
  // The signature mask of the colouring last given to sig(), and its bit (signatures on).
  private sBit = 0;
  private sLo = 0;
  private sHi = 0;

  // The current state; counters in half points.
  private black = 0;
  private white = 0;
  private toMove = 1;
  private passes = 0;
  private counter1 = 0;
  private counter2 = 0;
  /** toLead's result. */
  private lead1 = 0;
  private lead2 = 0;

  // What the last mid() call proved: its numbers, the oldest history index its proof rests on, its masks, its move.
  private rPhi = 1;
  private rDelta = 1;
  // The history items (stack indices older than the node) the proof rests on: the reqMax oldest, oldest first and
  // NO_DEP after the last, and the oldest of any more (rDrop; NO_DEP when there are none), see the header.
  private readonly reqMax: number;
  private readonly rReq: Int32Array;
  private rDrop = NO_DEP;
  private rE = 0;
  private rB = 0;
  private rW = 0;
  private rSL = 0;
  private rSH = 0;

  // What lookup() found for a child.
  private lPhi = 1;
  private lDelta = 1;
  private lE = 0;
  private lB = 0;
  private lW = 0;
  private lSL = 0;
  private lSH = 0;
  private readonly lReq: Int32Array;
  // acceptThrough's scratch: the items an entry rests on, in the board's frame, and their history indices.
  private readonly xB: Int32Array;
  private readonly xW: Int32Array;
  private readonly xT: Int32Array;
  private readonly xJ: Int32Array;

  // The exact record of the last mid() result (board frame; rXN -1: none), and of the entry lookup() accepted (lXN
  // codes from the table's slot lXEntry, in the canonical frame of automorphism lXPerm).
  private readonly rX: Int32Array;
  private rXN = -1;
  private lXN = -1;
  private lXEntry = -1;
  private lXPerm = -1;
  /** Codes per exact record, 0 when records are off. */
  private readonly exactSize: number;
  /** A colouring's code is black << codeShift | white. */
  private readonly codeShift: number;
  private readonly codeLow: number;

  // The merge of required items (addRequired), as rReq and rDrop.
  private readonly aReq: Int32Array;
  private aDrop = NO_DEP;
  /** Per ply (reqMax each): the refusals of the node's own moves that hit items older than the node, as aReq. */
  private qReq: Int32Array;

  // Canonical key of the colouring last given to canonicalKey().
  private kCanon = -1;
  private kB = 0;
  private kW = 0;
  // signatureCandidates' output.
  private cand = new Int32Array(64);
  // The colouring that key is of.
  private kSrcB = 0;
  private kSrcW = 0;

  // Per-ply child arrays (STRIDE slots a ply): the child's move, state and what is known of it.
  private cMove = new Int32Array(64 * STRIDE);
  private cBlack = new Int32Array(64 * STRIDE);
  private cWhite = new Int32Array(64 * STRIDE);
  private cC1 = new Int32Array(64 * STRIDE);
  private cC2 = new Int32Array(64 * STRIDE);
  private cPhi = new Float64Array(64 * STRIDE);
  private cDelta = new Float64Array(64 * STRIDE);
  /** The child's required items, reqMax per slot (as rReq). */
  private cReq: Int32Array;
  private cDrop = new Int32Array(64 * STRIDE);
  private cE = new Int32Array(64 * STRIDE);
  private cB = new Int32Array(64 * STRIDE);
  private cW = new Int32Array(64 * STRIDE);
  /** The signature filter of what the child's result rests on. */
  private cSL = new Int32Array(64 * STRIDE);
  private cSH = new Int32Array(64 * STRIDE);
  /**
   * The exact record of the child's result (exactSize codes a slot in cX; cXN: how many, -1 none), in the frame of
   * the automorphism cXPerm (-1: the board's frame; else the record is in the canonical frame of the table entry it
   * came from and maps to the board by the inverse of cXPerm). Mapped only if a record of this node's is built.
   */
  private cXN = new Int32Array(64 * STRIDE);
  private cXPerm = new Int32Array(64 * STRIDE);
  private cX: Int32Array;
  /** Per-ply ordered move lists, before legality. */
  private order = new Int32Array(64 * STRIDE);
  private readonly historyScore = new HistoryScore();

  private readonly stab: PathStabiliser;
  private parentStabFrom = 0;
  private parentStabTo = 0;

  /** The starting counters of the first run (counter1 * 65536 + counter2; -1 before it), see run(). */
  private firstStart = -1;
  /** Whether counter dominance may find anything: the table holds entries from other starting counters. */
  private dominanceLive = false;
  private limits: DfpnLimits = { nodeStop: Infinity, deadline: Infinity, stopRequested: null, onTick: null };
  private maxPly = 0;
  private rootBest = NO_MOVE;

  constructor(graph: Graph, rules: Rules, symmetries: Symmetries, options: DfpnOptions, stats: DfpnStats) {
    if (rules.scoring !== 'lastmove' && rules.scoring !== 'area') {
      throw new Error('proof-number search answers last-move games and area-score thresholds only');
    }
    this.area = rules.scoring === 'area';
    this.winnerMovesOnly = options.winnerMovesOnly && !this.area;
    this.bb = new BitBoard(graph);
    this.benson = this.area && options.benson ? new Benson(this.bb) : null;
    this.full = this.bb.full;
    this.symmetries = symmetries;
    this.stab = new PathStabiliser(symmetries);
    this.keys = new CanonicalKeys(symmetries, this.bb.n, options.ttSymmetryLimit);
    this.options = options;
    this.stats = stats;
    if (!(Number.isInteger(options.exactSetSize) && options.exactSetSize >= 0 && options.exactSetSize <= MAX_EXACT_SET_SIZE)) {
      throw new Error(`df-pn exact set size must be an integer in 0..${MAX_EXACT_SET_SIZE}, got ${options.exactSetSize}`);
    }
    this.exactSize = this.bb.n <= MAX_EXACT_VERTICES ? options.exactSetSize : 0;
    // The table checks the number of required items (2..MAX_REQUIRED_ITEMS) before anything is sized by it.
    this.table = new DfpnTable(options.ttBits, this.exactSize, 2 * this.bb.n, options.tableSeed, options.requiredItems, options.tiedProofsInTurn);
    const r = options.requiredItems;
    this.reqMax = r;
    this.rReq = new Int32Array(r).fill(NO_DEP);
    this.lReq = new Int32Array(r).fill(NO_DEP);
    this.aReq = new Int32Array(r).fill(NO_DEP);
    this.xB = new Int32Array(r);
    this.xW = new Int32Array(r);
    this.xT = new Int32Array(r);
    this.xJ = new Int32Array(r);
    this.qReq = new Int32Array(64 * r);
    this.cReq = new Int32Array(64 * STRIDE * r);
    this.codeShift = this.bb.n;
    this.codeLow = (1 << this.bb.n) - 1;
    this.rX = new Int32Array(this.exactSize);
    this.cX = new Int32Array(64 * STRIDE * this.exactSize);
    this.signature = new ColouringSignature(this.bb, symmetries);
    this.suicide = rules.suicide === 'allowed';
    this.situational = rules.ko === 'situational';
    this.paid = rules.passes === 'paid';
    this.passAllowed = rules.passes !== 'none';
    this.lead = options.counterLead && this.paid && !this.situational && !this.area;
    if (!(options.epsilon >= 0) || !Number.isFinite(options.epsilon)) throw new Error(`df-pn epsilon must be a number >= 0, got ${options.epsilon}`);
    this.epsilon1 = 1 + options.epsilon;
    if (!(options.estimateCap >= 1)) throw new Error(`df-pn estimate cap must be a number >= 1, got ${options.estimateCap}`);
  }

  /** Whether the player to move at `root` wins, or null when a limit stopped the search first. */
  run(root: DfpnRoot, limits: DfpnLimits): DfpnResult {
    this.limits = limits;
    this.maxPly = 0;
    this.rootBest = NO_MOVE;
    // Counter dominance finds a state with other counters only in a table filled from other starting counters (the
    // komi search's other komis, a saved table, a game's earlier moves): a single solve never found one (0 of 2
    // million lookups on complete 6 and a 7-vertex tree-like graph), and its four probes a lookup cost 7% to 14% of
    // the time there (docs/solver.md, "Counter dominance").
    const start = root.counter1 * 65536 + root.counter2;
    if (this.table.stored > 0 && start !== this.firstStart) this.dominanceLive = true;
    if (this.firstStart < 0) this.firstStart = start;
    if (this.area) {
      const t = root.threshold;
      if (t === undefined || !Number.isInteger(t) || Math.abs(t) > 64) throw new Error(`df-pn: an area threshold must be an integer in -64..64, got ${t}`);
      this.threshold = t;
      // Thresholds are part of the table key (meta bits 8 and up): proofs at one threshold say nothing directly at
      // another, except through thresholdDominance.
      this.metaHigh = (t + 128) << 8;
      let seen = false;
      for (let i = 0; i < this.thresholdCount; i++) if (this.thresholdsSeen[i] === t) seen = true;
      if (!seen && this.thresholdCount < this.thresholdsSeen.length) this.thresholdsSeen[this.thresholdCount++] = t;
    }
    try {
      this.load(root);
      this.mid(0, PN_INF, PN_INF);
      const value = this.rPhi === 0 ? 1 : this.rDelta === 0 ? -1 : null;
      if (value === null) throw new Error('df-pn: the root search ended without a proof (a bug)');
      return { value, best: this.rootBest, reason: null, maxPly: this.maxPly };
    } catch (e) {
      // A stack overflow before MAX_DFPN_PLY (a smaller stack than Node's default) ends the same way.
      const reason = e instanceof DfpnStop ? e.reason : e instanceof RangeError ? 'max-depth' : null;
      if (reason === null) throw e;
      return { value: null, best: this.rootBest, reason, maxPly: this.maxPly };
    }
  }

  /**
   * The table's proof of `root` made under exactly its history (madeUnder), found without searching: whether the
   * player to move wins, and the stored move (board frame: the winning move, or the loser's first move). Null when
   * there is none (never stored, replaced, or made by a search that this table did not see).
   */
  provenMove(root: DfpnRoot): { win: boolean; best: number } | null {
    this.load(root);
    this.canonicalKey(this.black, this.white);
    const counters = this.paid ? (this.counter1 & 0xffff) | (this.counter2 << 16) : 0;
    const top = this.history.top;
    const lo = this.hsum[top];
    const hi = this.hsum2[top] | 1;
    const table = this.table;
    // With counters as a lead, passes in a row change nothing and a run starts them at 0, but a search keys the node
    // after its passes with their count (playChild): both keys are the same state.
    const tries = this.lead && root.passes !== this.passes ? 2 : 1;
    for (let t = 0; t < tries; t++) {
      const meta = this.toMove | ((t === 0 ? this.passes : root.passes) << 2) | this.metaHigh;
      for (let e = table.probe(this.kB, this.kW, meta, counters, 0); e >= 0; e = table.probe(this.kB, this.kW, meta, counters, 0, e)) {
        if (!table.isTerminal(e) || !table.madeUnder(e, lo, hi)) continue;
        const stored = table.best(e);
        const canon = this.kCanon;
        return { win: table.phi(e) === 0, best: stored < 0 || canon < 0 ? stored : this.symmetries.inverses[canon][stored] };
      }
    }
    return null;
  }

  private load(root: DfpnRoot): void {
    this.black = root.black;
    this.white = root.white;
    this.toMove = root.toMove;
    this.passes = root.passes;
    this.counter1 = root.counter1;
    this.counter2 = root.counter2;
    if (this.lead) {
      this.passes = 0;
      this.toLead(root.counter1, root.counter2);
      this.counter1 = this.lead1;
      this.counter2 = this.lead2;
    }
    const history = this.history;
    history.clear();
    this.sigHead.fill(-1);
    const hb = root.historyBlack;
    this.hsum[0] = 0;
    this.hsum2[0] = 0;
    for (let i = 0; i < hb.length; i++) this.pushHistory(hb[i], root.historyWhite[i], root.historyTag[i]);
    this.stab.reset(hb, root.historyWhite);
    this.parentStabFrom = 0;
    this.parentStabTo = this.stab.top;
  }

  private static itemHash(black: number, white: number, tag: number): number {
    let h = Math.imul(black ^ 0x68e31da4, 0xcc9e2d51);
    h = Math.imul(h ^ (h >>> 15) ^ white, 0x1b873593);
    h = Math.imul(h ^ (h >>> 13) ^ Math.imul(tag + 1, 0x5bd1e995), 0x85ebca6b);
    h ^= h >>> 16;
    return h | 1;
  }

  /** A second item hash, independent of itemHash (other constants), for the 64-bit set key of madeUnder. */
  private static itemHash2(black: number, white: number, tag: number): number {
    let h = Math.imul(white ^ 0x3c6ef372, 0x9e3779b1);
    h = Math.imul(h ^ (h >>> 16) ^ black, 0x85ebca77);
    h = Math.imul(h ^ (h >>> 13) ^ Math.imul(tag + 7, 0xc2b2ae3d), 0x27d4eb2f);
    h ^= h >>> 15;
    return h;
  }

  /** The history part of a node's table key: never 0, which marks the state's own entries (proofs, estimates). */
  private static nodeKey(hash: number): number {
    return hash === 0 ? 1 : hash;
  }

  private pushHistory(black: number, white: number, tag: number): void {
    const history = this.history;
    const t = history.top;
    history.push(black, white, tag);
    if (t + 1 >= this.hsum.length) {
      this.hsum = grown(this.hsum, this.hsum.length * 2);
      this.hsum2 = grown(this.hsum2, this.hsum2.length * 2);
    }
    if (t >= this.hSigLo.length) {
      this.hSigLo = grown(this.hSigLo, this.hSigLo.length * 2);
      this.hSigHi = grown(this.hSigHi, this.hSigHi.length * 2);
      this.sigPrev = grown(this.sigPrev, this.sigPrev.length * 2);
    }
    this.sig(black, white);
    this.hSigLo[t] = this.sLo;
    this.hSigHi[t] = this.sHi;
    if (this.options.signatures) {
      this.sigPrev[t] = this.sigHead[this.sBit];
      this.sigHead[this.sBit] = t;
    }
    this.hsum[t + 1] = (this.hsum[t] + DfpnSearch.itemHash(black, white, tag)) | 0;
    this.hsum2[t + 1] = (this.hsum2[t] + DfpnSearch.itemHash2(black, white, tag)) | 0;
  }

  private popHistory(): void {
    const history = this.history;
    if (this.options.signatures) {
      // The item's bit, read back from its mask.
      const t = history.top - 1;
      const lo = this.hSigLo[t];
      this.sigHead[lo !== 0 ? 31 - Math.clz32(lo) : 63 - Math.clz32(this.hSigHi[t])] = this.sigPrev[t];
    }
    history.pop();
  }

  /** The signature of a colouring as a 64-bit mask in sLo, sHi (every bit set when signatures are off). */
  private sig(black: number, white: number): void {
    if (!this.options.signatures) {
      this.sLo = -1;
      this.sHi = -1;
      return;
    }
    const s = this.signature.of(black, white);
    this.sBit = s;
    this.sLo = s < 32 ? 1 << s : 0;
    this.sHi = s < 32 ? 0 : 1 << (s - 32);
  }

  private enterNode(ply: number): void {
    const stats = this.stats;
    // The node limit is exact: the node that would pass it is not searched (nor counted).
    if (stats.nodes >= this.limits.nodeStop) throw new DfpnStop('max-nodes');
    stats.nodes++;
    if ((stats.nodes & 1023) === 0) {
      if (Date.now() > this.limits.deadline) throw new DfpnStop('max-seconds');
      if (this.limits.stopRequested?.()) throw new DfpnStop('interrupted');
      this.limits.onTick?.(this.maxPly);
    }
    if (ply > this.maxPly) {
      this.maxPly = ply;
      if (ply > MAX_DFPN_PLY) throw new DfpnStop('max-depth');
    }
  }

  private ensurePly(ply: number): void {
    const need = (ply + 2) * STRIDE;
    if (need <= this.cMove.length) return;
    const size = Math.max(this.cMove.length * 2, need);
    this.cMove = grown(this.cMove, size);
    this.cBlack = grown(this.cBlack, size);
    this.cWhite = grown(this.cWhite, size);
    this.cC1 = grown(this.cC1, size);
    this.cC2 = grown(this.cC2, size);
    this.cPhi = grown(this.cPhi, size);
    this.cDelta = grown(this.cDelta, size);
    this.cReq = grown(this.cReq, size * this.reqMax);
    this.qReq = grown(this.qReq, (size / STRIDE) * this.reqMax);
    this.cDrop = grown(this.cDrop, size);
    this.cE = grown(this.cE, size);
    this.cB = grown(this.cB, size);
    this.cW = grown(this.cW, size);
    this.cSL = grown(this.cSL, size);
    this.cSH = grown(this.cSH, size);
    this.cXN = grown(this.cXN, size);
    this.cXPerm = grown(this.cXPerm, size);
    this.cX = grown(this.cX, size * this.exactSize);
    this.order = grown(this.order, size);
  }

  /**
   * The multiple-iterative-deepening step of df-pn at the current state: searches until φ >= thPhi or δ >= thDelta
   * (a proof or disproof included), then leaves the node's numbers, dependency and masks in r*. The state is
   * restored before returning.
   */
  private mid(ply: number, thPhi: number, thDelta: number): void {
    this.enterNode(ply);
    const workStart = this.stats.nodes;
    this.ensurePly(ply);
    const base = ply * STRIDE;
    const black = this.black;
    const white = this.white;
    const toMove = this.toMove;
    const passes = this.passes;
    const c1 = this.counter1;
    const c2 = this.counter2;
    const full = this.full;
    const history = this.history;
    const cur = history.top - 1;
    const opp = 3 - toMove;
    const situational = this.situational;

    // The node's own key and its table move.
    this.canonicalKey(black, white);
    const canon = this.kCanon;
    const keyB = this.kB;
    const keyW = this.kW;
    const meta = toMove | (passes << 2) | this.metaHigh;
    const counters = this.paid ? (c1 & 0xffff) | (c2 << 16) : 0;
    if (this.benson !== null && ply > 0 && this.bensonSettles(meta, counters)) return;
    // The node of the game graph: this state and the set of items before it (see the header).
    const nodeHist = DfpnSearch.nodeKey(this.hsum[history.top]);
    let hint = NO_MOVE;
    if (this.options.ordering) {
      const own = this.table.probe(black, white, meta, counters, nodeHist);
      if (own >= 0 && !this.table.isTerminal(own)) {
        hint = this.table.best(own);
      } else {
        const e = this.table.probe(keyB, keyW, meta, counters, 0);
        if (e >= 0) {
          const stored = this.table.best(e);
          hint = stored < 0 || canon < 0 ? stored : this.symmetries.inverses[canon][stored];
        }
      }
    }

    const stabFrom = this.stab.top;
    const stabTo = this.stab.pushFixing(this.parentStabFrom, this.parentStabTo, black, white);
    const moveCount = this.orderMoves(ply, hint, full & ~(black | white));

    // Children: legal moves only; moves refused for repetition join the masks and the dependency (a disproof
    // rests on them: they are why the mover has no such move).
    let refE = full & ~(black | white);
    let refB = black;
    let refW = white;
    this.sig(black, white);
    const ownSL = this.sLo;
    const ownSH = this.sHi;
    let refSL = ownSL;
    let refSH = ownSH;
    // Refused items older than the node: the reqMax oldest and the oldest of the others.
    const reqMax = this.reqMax;
    const qAt = ply * reqMax;
    clearRequired(this.qReq, qAt, reqMax);
    let qDrop = NO_DEP;
    let skipped = false;
    let processed = 0;
    let count = 0;
    let wonAt = -1;
    const bb = this.bb;
    const myCounter = toMove === 1 ? c1 : c2;
    for (let i = 0; i < moveCount; i++) {
      const m = this.order[base + i];
      const slot = base + count;
      let nb: number;
      let nw: number;
      let n1 = c1;
      let n2 = c2;
      let upto: number;
      let childPasses = 0;
      let childHist = 0;
      if (m === PASS) {
        if (!this.passAllowed || (this.paid && myCounter <= 0)) continue;
        if (this.area && passes >= 1) {
          // The pass that ends an area game: the child is over, decided by the count of this colouring, a result
          // that rests on no colouring but this node's (no masks, no history items).
          const win = this.moverReaches(black, white, toMove);
          this.cMove[slot] = PASS;
          this.cBlack[slot] = black;
          this.cWhite[slot] = white;
          this.cC1[slot] = c1;
          this.cC2[slot] = c2;
          this.cPhi[slot] = win ? PN_INF : 0;
          this.cDelta[slot] = win ? 0 : PN_INF;
          clearRequired(this.cReq, slot * this.reqMax, this.reqMax);
          this.cDrop[slot] = NO_DEP;
          this.cE[slot] = 0;
          this.cB[slot] = 0;
          this.cW[slot] = 0;
          this.cSL[slot] = 0;
          this.cSH[slot] = 0;
          this.cXN[slot] = 0;
          this.cXPerm[slot] = -1;
          count++;
          if (win) {
            wonAt = count - 1;
            break;
          }
          continue;
        }
        nb = black;
        nw = white;
        if (this.paid) {
          if (toMove === 1) n1 -= 2;
          else n2 -= 2;
        }
        // With counters as a lead, only the leader passes and the lead stays reduced; passes in a row change nothing.
        childPasses = this.lead ? 0 : passes + 1;
        // Positional superko: the pass makes no item, so the child's own item is this node's.
        upto = situational ? history.top : cur;
        childHist = situational ? (nodeHist + DfpnSearch.itemHash(black, white, opp)) | 0 : nodeHist;
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
        nb = bb.black;
        nw = bb.white;
        const j = history.find(nb, nw, situational ? opp : 0);
        if (j !== NOT_FOUND) {
          refE |= full & ~(nb | nw);
          refB |= nb;
          refW |= nw;
          refSL |= this.hSigLo[j];
          refSH |= this.hSigHi[j];
          if (j < cur) qDrop = insertRequired(this.qReq, qAt, reqMax, j, qDrop);
          continue;
        }
        if (this.paid) {
          const cap = bb.captured === 0 ? 0 : 2 * popcount(bb.captured);
          const self = bb.selfCaptured === 0 ? 0 : 2 * popcount(bb.selfCaptured);
          if (toMove === 1) {
            n1 += cap;
            n2 += self;
          } else {
            n2 += cap;
            n1 += self;
          }
          if (this.lead && (cap | self) !== 0) {
            this.toLead(n1, n2);
            n1 = this.lead1;
            n2 = this.lead2;
          }
        }
        upto = history.top;
        childHist = (nodeHist + DfpnSearch.itemHash(nb, nw, situational ? opp : 0)) | 0;
      }
      this.lookup(nb, nw, opp, childPasses, n1, n2, upto, DfpnSearch.nodeKey(childHist));
      this.cMove[slot] = m;
      this.cBlack[slot] = nb;
      this.cWhite[slot] = nw;
      this.cC1[slot] = n1;
      this.cC2[slot] = n2;
      this.cPhi[slot] = this.lPhi;
      this.cDelta[slot] = this.lDelta;
      copyRequired(this.lReq, 0, this.cReq, slot * reqMax, reqMax);
      this.cDrop[slot] = NO_DEP;
      this.cE[slot] = this.lE;
      this.cB[slot] = this.lB;
      this.cW[slot] = this.lW;
      this.cSL[slot] = this.lSL;
      this.cSH[slot] = this.lSH;
      if (this.exactSize > 0) this.keepLookupRecord(slot);
      count++;
      if (this.lDelta === 0) {
        // A child lost for its mover: this node is won, whatever the other moves do.
        wonAt = count - 1;
        break;
      }
    }

    let phi = 1;
    let delta = 1;
    let bi = -1;
    if (wonAt >= 0) {
      phi = 0;
      delta = PN_INF;
      bi = wonAt;
    } else if (count === 0) {
      // No move and no pass: under last-move scoring the mover loses; an area game ends and is counted. Either
      // result rests on the refused moves (below).
      const win = this.area && this.moverReaches(black, white, toMove);
      phi = win ? 0 : PN_INF;
      delta = win ? PN_INF : 0;
    } else {
      const eps1 = this.epsilon1;
      for (;;) {
        let minD = PN_INF + 1;
        let second = PN_INF + 1;
        bi = 0;
        let sum = 0;
        for (let i = 0; i < count; i++) {
          const d = this.cDelta[base + i];
          if (d < minD) {
            second = minD;
            minD = d;
            bi = i;
          } else if (d < second) {
            second = d;
          }
          sum += this.cPhi[base + i];
        }
        phi = minD;
        delta = sum >= PN_INF ? (sum >= PN_INF && this.anyInf(base, count) ? PN_INF : PN_MAX) : sum;
        if (phi === 0 || delta === 0 || phi >= thPhi || delta >= thDelta) break;
        if (ply === 0) this.rootBest = this.cMove[base + bi];
        const slot = base + bi;
        const cPhi = this.cPhi[slot];
        let childThPhi = thDelta - delta + cPhi;
        if (childThPhi > PN_INF) childThPhi = PN_INF;
        let childThDelta = thPhi;
        if (second <= PN_MAX) {
          const widened = Math.ceil(second * eps1);
          const t = widened > second ? widened : second + 1;
          if (t < childThDelta) childThDelta = t;
        }
        this.playChild(slot, ply, stabFrom, stabTo, childThPhi, childThDelta);
        this.cPhi[slot] = this.rPhi;
        this.cDelta[slot] = this.rDelta;
        copyRequired(this.rReq, 0, this.cReq, slot * reqMax, reqMax);
        this.cDrop[slot] = this.rDrop;
        this.cE[slot] = this.rE;
        this.cB[slot] = this.rB;
        this.cW[slot] = this.rW;
        this.cSL[slot] = this.rSL;
        this.cSH[slot] = this.rSH;
        if (this.exactSize > 0) this.keepResultRecord(slot);
      }
    }
    this.stab.top = stabFrom;

    // What the result rests on: a proof on its winning child, a disproof on every child and every refusal.
    clearRequired(this.aReq, 0, this.reqMax);
    this.aDrop = NO_DEP;
    // A node won for its mover was reached by the loser's move; under last-move scoring that move need not stay
    // legal for the proof to hold (see the header), so its colouring is no condition of the proof.
    const own = phi !== 0 || !this.winnerMovesOnly;
    let mE = own ? full & ~(black | white) : 0;
    let mB = own ? black : 0;
    let mW = own ? white : 0;
    let mSL = own ? ownSL : 0;
    let mSH = own ? ownSH : 0;
    let bestMove = bi >= 0 ? this.cMove[base + bi] : NO_MOVE;
    const terminal = phi === 0 || delta === 0;
    // The exact record starts with the node's own colouring when it is a condition; the branches below add what the
    // result rests on.
    this.rXN = terminal && this.exactSize > 0 ? 0 : -1;
    if (own) this.addExact((black << this.codeShift) | white);
    if (phi === 0 && count > 0) {
      let w = bi;
      if (this.cDelta[base + w] !== 0) for (w = 0; this.cDelta[base + w] !== 0; w++);
      const slot = base + w;
      this.addRequiredOf(slot, cur);
      mE |= this.cE[slot];
      mB |= this.cB[slot];
      mW |= this.cW[slot];
      mSL |= this.cSL[slot];
      mSH |= this.cSH[slot];
      this.mergeExact(slot);
      bestMove = this.cMove[slot];
      if (bestMove !== PASS && this.options.ordering) this.historyScore.reward(toMove, bestMove);
    } else if (terminal) {
      for (let i = 0; i < reqMax; i++) this.aReq[i] = this.qReq[qAt + i];
      this.aDrop = qDrop;
      mE = refE;
      mB = refB;
      mW = refW;
      mSL = refSL;
      mSH = refSH;
      for (let i = 0; i < count; i++) {
        const slot = base + i;
        this.addRequiredOf(slot, cur);
        mE |= this.cE[slot];
        mB |= this.cB[slot];
        mW |= this.cW[slot];
        mSL |= this.cSL[slot];
        mSH |= this.cSH[slot];
        this.mergeExact(slot);
      }
      if (skipped) {
        // The skipped moves' disproofs are the images of the searched ones' (the signatures are invariant already).
        const stab = this.stab;
        stab.closeMasks(stabFrom, stabTo, mE, mB, mW);
        mE = stab.closedEmpty;
        mB = stab.closedBlack;
        mW = stab.closedWhite;
        this.closeExact(stabFrom, stabTo);
      }
      bestMove = count > 0 ? this.cMove[base] : NO_MOVE;
    }
    if (ply === 0) this.rootBest = bestMove;
    this.rPhi = phi;
    this.rDelta = delta;
    copyRequired(this.aReq, 0, this.rReq, 0, this.reqMax);
    this.rDrop = this.aDrop;
    this.rE = mE;
    this.rB = mB;
    this.rW = mW;
    this.rSL = mSL;
    this.rSH = mSH;

    const sym = this.symmetries;
    const storeBest = bestMove < 0 || canon < 0 ? bestMove : sym.perms[canon][bestMove];
    const work = this.stats.nodes - workStart;
    if (terminal) {
      // A proof is stored when every history item it rests on is known (at most reqMax), with those items: it holds
      // under another history that has them before the node and no other item fitting the masks (see the header).
      if (this.aDrop === NO_DEP && this.options.storeProofs) {
        let sE = mE;
        let sB = mB;
        let sW = mW;
        if (canon >= 0) {
          sE = sym.apply(canon, sE);
          sB = sym.apply(canon, sB);
          sW = sym.apply(canon, sW);
        }
        const slot = this.table.store(keyB, keyW, meta, counters, 0, true, phi, delta, storeBest, sE, sB, sW, mSL, mSH, work);
        // The history this proof was made under (the node's items, as on entry: the children popped theirs).
        if (slot >= 0) this.table.setOrigin(slot, this.hsum[history.top], this.hsum2[history.top] | 1);
        if (slot >= 0 && this.aReq[0] !== NO_DEP) {
          const hb = history.black;
          const hw = history.white;
          const ht = history.tag;
          let n = 0;
          while (n < reqMax && this.aReq[n] !== NO_DEP) {
            const j = this.aReq[n];
            n++;
            const b = canon >= 0 ? sym.apply(canon, hb[j]) : hb[j];
            const w = canon >= 0 ? sym.apply(canon, hw[j]) : hw[j];
            this.table.setRequiredItem(slot, n, b, w, ht[j]);
          }
          this.table.setRequired(slot, n);
        }
        if (slot >= 0) this.storeExact(slot, canon);
      }
      // A proof resting on more history items is kept only by the frames above (see the header): the entry keeps
      // the working numbers it had, which steer other histories better than this history's proof.
    } else {
      // The node's own numbers (exact key: its colouring as played, and its history), and the state's estimate for
      // first visits under other histories (canonical key, history 0).
      this.table.store(black, white, meta, counters, nodeHist, false, phi, delta, bestMove, 0, 0, 0, 0, 0, work);
      this.table.store(keyB, keyW, meta, counters, 0, false, phi, delta, storeBest, 0, 0, 0, 0, 0, work);
    }
  }

  /** Merges the required items of child `slot` that are older than the node (index < cur) into aReq, aDrop. */
  private addRequiredOf(slot: number, cur: number): void {
    const reqMax = this.reqMax;
    const at = slot * reqMax;
    // Oldest first: the first item not older than the node ends the list's part that matters.
    for (let i = at; i < at + reqMax; i++) {
      const j = this.cReq[i];
      if (j >= cur) break;
      this.aDrop = insertRequired(this.aReq, 0, reqMax, j, this.aDrop);
    }
    const d = this.cDrop[slot];
    if (d < cur && d < this.aDrop) this.aDrop = d;
  }

  private anyInf(base: number, count: number): boolean {
    for (let i = 0; i < count; i++) if (this.cPhi[base + i] >= PN_INF) return true;
    return false;
  }

  /** Plays child `slot` of the node at `ply`, runs mid() on it and takes the move back (r* hold its result). */
  private playChild(slot: number, ply: number, stabFrom: number, stabTo: number, thPhi: number, thDelta: number): void {
    const black = this.black;
    const white = this.white;
    const toMove = this.toMove;
    const passes = this.passes;
    const c1 = this.counter1;
    const c2 = this.counter2;
    const m = this.cMove[slot];
    const opp = 3 - toMove;
    let pushed = false;
    this.black = this.cBlack[slot];
    this.white = this.cWhite[slot];
    this.counter1 = this.cC1[slot];
    this.counter2 = this.cC2[slot];
    this.toMove = opp;
    if (m === PASS) {
      this.passes = passes + 1;
      if (this.situational) {
        this.pushHistory(black, white, opp);
        pushed = true;
      }
    } else {
      this.passes = 0;
      this.pushHistory(this.black, this.white, this.situational ? opp : 0);
      pushed = true;
    }
    this.parentStabFrom = stabFrom;
    this.parentStabTo = stabTo;
    this.mid(ply + 1, thPhi, thDelta);
    if (pushed) this.popHistory();
    this.black = black;
    this.white = white;
    this.toMove = toMove;
    this.passes = passes;
    this.counter1 = c1;
    this.counter2 = c2;
  }

  /**
   * What the table knows of a child (l*): a proof or disproof whose masks no history item before `upto` fits (with
   * its masks, in the board's frame), else its working numbers, else 1 and 1; then, with no proof, counter dominance.
   */
  private lookup(nb: number, nw: number, toMove: number, passes: number, n1: number, n2: number, upto: number, hist: number): void {
    this.lPhi = 1;
    this.lDelta = 1;
    this.lE = 0;
    this.lB = 0;
    this.lW = 0;
    this.lSL = 0;
    this.lSH = 0;
    clearRequired(this.lReq, 0, this.reqMax);
    this.lXN = -1;
    this.canonicalKey(nb, nw);
    const meta = toMove | (passes << 2) | this.metaHigh;
    const table = this.table;
    const counters = this.paid ? (n1 & 0xffff) | (n2 << 16) : 0;
    let numbers = -1;
    let refused = false;
    for (let e = table.probe(this.kB, this.kW, meta, counters, 0); e >= 0; e = table.probe(this.kB, this.kW, meta, counters, 0, e)) {
      if (!table.isTerminal(e)) {
        numbers = e;
        continue;
      }
      if (this.acceptMasks(e, upto)) {
        this.stats.ttHits++;
        if (table.required(e) > 2) this.stats.manyItemHits++;
        this.lPhi = table.phi(e);
        this.lDelta = table.delta(e);
        return;
      }
      refused = true;
    }
    if (refused) this.stats.ttRefused++;
    // The child's own numbers from an earlier visit of the same node; else, on a first visit, the state's numbers
    // under other histories, capped (see the header).
    let own = -1;
    for (let e = table.probe(nb, nw, meta, counters, hist); e >= 0; e = table.probe(nb, nw, meta, counters, hist, e)) {
      if (!table.isTerminal(e)) own = e;
    }
    if (own >= 0) {
      this.lPhi = table.phi(own);
      this.lDelta = table.delta(own);
    } else if (numbers >= 0) {
      const cap = this.options.estimateCap;
      this.lPhi = Math.min(table.phi(numbers), cap);
      this.lDelta = Math.min(table.delta(numbers), cap);
    }
    if (this.paid && this.options.counterDominance && this.dominanceLive) this.dominance(meta, toMove, n1, n2, upto);
    if (this.area && this.thresholdCount > 1 && this.lPhi !== 0 && this.lDelta !== 0) this.thresholdDominance(toMove, passes, counters, upto);
  }

  /**
   * Area thresholds are monotone: black reaching t reaches every s < t, and black falling short of t falls short of
   * every s > t, in the same game tree (only the terminals' outcomes differ, each in the same direction; Benson's
   * decisions too). So a proof at an earlier threshold t decides the child here when it points the right way: for the
   * mover black a win at t > s or a loss at t < s, for the mover white a win at t < s or a loss at t > s. The proof's
   * tree is the same, so its masks and history items apply unchanged.
   */
  private thresholdDominance(toMove: number, passes: number, counters: number, upto: number): void {
    const table = this.table;
    const s = this.threshold;
    const low = toMove | (passes << 2);
    for (let i = 0; i < this.thresholdCount; i++) {
      const t = this.thresholdsSeen[i];
      if (t === s) continue;
      // Which result at t would decide s: a mover's win when t lies on the mover's hard side of s, else a loss.
      const winDecides = toMove === 1 ? t > s : t < s;
      const meta = low | ((t + 128) << 8);
      for (let e = table.probe(this.kB, this.kW, meta, counters, 0); e >= 0; e = table.probe(this.kB, this.kW, meta, counters, 0, e)) {
        if (!table.isTerminal(e)) continue;
        const win = table.phi(e) === 0;
        if (win !== winDecides) continue;
        if (!this.acceptMasks(e, upto)) continue;
        this.stats.dominanceHits++;
        this.lPhi = table.phi(e);
        this.lDelta = table.delta(e);
        return;
      }
    }
  }

  /** Whether the player to move wins the threshold game if the game ends now with this colouring. */
  private moverReaches(black: number, white: number, toMove: number): boolean {
    const reached = this.bb.areaScore(black, white) >= this.threshold;
    return toMove === 1 ? reached : !reached;
  }

  /**
   * Benson (area scoring): black can keep at least its safe area by passing at every turn, white likewise
   * (search.ts header, docs/solver.md), so 2|safe(black)| - n <= final score <= n - 2|safe(white)| under any history.
   * When those bounds put the threshold on one side, the node is decided with a proof resting on its own colouring
   * only: r* are set, the proof is stored, and true is returned.
   */
  private bensonSettles(meta: number, counters: number): boolean {
    const benson = this.benson as Benson;
    const black = this.black;
    const white = this.white;
    const n = this.bb.n;
    const lo = 2 * popcount(benson.safeArea(black, white, 1, this.suicide)) - n;
    if (lo < this.threshold) {
      const hi = n - 2 * popcount(benson.safeArea(black, white, 2, this.suicide));
      if (hi >= this.threshold) return false;
    }
    const win = (lo >= this.threshold) === (this.toMove === 1);
    this.rPhi = win ? 0 : PN_INF;
    this.rDelta = win ? PN_INF : 0;
    clearRequired(this.rReq, 0, this.reqMax);
    this.rDrop = NO_DEP;
    this.rE = this.full & ~(black | white);
    this.rB = black;
    this.rW = white;
    this.sig(black, white);
    this.rSL = this.sLo;
    this.rSH = this.sHi;
    this.rXN = this.exactSize > 0 ? 0 : -1;
    this.addExact((black << this.codeShift) | white);
    if (this.options.storeProofs) {
      // canonicalKey() ran for this node just before: k* hold its key.
      const canon = this.kCanon;
      const sym = this.symmetries;
      const sE = canon >= 0 ? sym.apply(canon, this.rE) : this.rE;
      const slot = this.table.store(this.kB, this.kW, meta, counters, 0, true, this.rPhi, this.rDelta, NO_MOVE, sE, this.kB, this.kW, this.rSL, this.rSH, 1);
      if (slot >= 0) this.storeExact(slot, canon);
    }
    return true;
  }

  /**
   * Counter dominance: a larger counter only adds a pass option, so a win for the mover with a smaller counter of its
   * own (or a larger one of the opponent's) is a win here, and a loss with a larger own counter (or a smaller one of
   * the opponent's) is a loss here. The proof has the same colourings, so the same masks apply.
   */
  private dominance(meta: number, toMove: number, n1: number, n2: number, upto: number): void {
    const table = this.table;
    const mover = toMove === 1;
    const mine = mover ? n1 : n2;
    const theirs = mover ? n2 : n1;
    // As a lead (one counter 0), one point less of lead for a win and one more for a loss; each is a state of both
    // kinds below, written with the trailing counter 0.
    const lead = this.lead ? (mine - theirs) >> 1 : 0;
    for (let d = 0; d < 4; d++) {
      let m2: number;
      let t2: number;
      if (this.lead) {
        if (d === 1 || d === 3) continue;
        const l2 = d === 0 ? lead - 1 : lead + 1;
        m2 = l2 > 0 ? 2 * l2 : 0;
        t2 = l2 < 0 ? -2 * l2 : 0;
      } else {
        m2 = d === 0 ? mine - 2 : d === 2 ? mine + 2 : mine;
        t2 = d === 1 ? theirs + 2 : d === 3 ? theirs - 2 : theirs;
      }
      // Counters never go below 0: no state to look for.
      if (m2 < 0 || t2 < 0) continue;
      const k1 = mover ? m2 : t2;
      const k2 = mover ? t2 : m2;
      const key = (k1 & 0xffff) | (k2 << 16);
      let e = table.probe(this.kB, this.kW, meta, key, 0);
      for (; e >= 0; e = table.probe(this.kB, this.kW, meta, key, 0, e)) {
        if (!table.isTerminal(e)) continue;
        const win = table.phi(e) === 0;
        if (d < 2 ? !win : win) continue;
        if (this.acceptMasks(e, upto)) break;
      }
      if (e < 0) continue;
      this.stats.dominanceHits++;
      this.lPhi = table.phi(e);
      this.lDelta = table.delta(e);
      return;
    }
  }

  /**
   * Counters (half points) as a lead in lead1, lead2: each player's passes left, ⌈c/2⌉ (none at 0 or below), less the
   * fewer of the two, in half points again (see the header: the game depends on the difference alone).
   */
  private toLead(c1: number, c2: number): void {
    const p1 = c1 > 0 ? (c1 + 1) >> 1 : 0;
    const p2 = c2 > 0 ? (c2 + 1) >> 1 : 0;
    const m = p1 < p2 ? p1 : p2;
    this.lead1 = 2 * (p1 - m);
    this.lead2 = 2 * (p2 - m);
  }

  /**
   * Whether entry e's proof may be used under the history before `upto`: the items it rests on are there, and no
   * other item fits its masks. If so its masks (board frame) and the indices of those items go to l*.
   */
  private acceptMasks(e: number, upto: number): boolean {
    if (this.acceptThrough(e, upto, this.kCanon, true, -1)) return true;
    if (!this.options.stabiliserProbes) return false;
    // The probed colouring's other automorphisms onto its key (its stabiliser): each reads the entry's conditions
    // differently in the board's frame (docs/solver.md, "Stabiliser probes").
    const keys = this.keys;
    keys.keyMaps(this.kSrcB, this.kSrcW);
    if (keys.mapsTo - keys.mapsFrom <= 1) return false;
    // Every reading maps an item the proof rests on into the orbit of its first reading under the probed colouring's
    // stabiliser, which keeps the item's signature and how many of its stones lie on each colour of the probed
    // colouring: with no history item alike in both, no reading finds it (the usual end of a refusal).
    const table = this.table;
    const required = table.required(e);
    for (let k = 1; k <= required; k++) {
      if (!this.historyHasOrbitMate(table.reqBlack(e, k), table.reqWhite(e, k), table.reqTag(e, k), upto)) return false;
    }
    const candidates = this.signatureCandidates(e, upto);
    const maps = keys.maps;
    for (let i = keys.mapsFrom + 1; i < keys.mapsTo; i++) {
      const k = maps[i];
      if (this.acceptThrough(e, upto, k, false, candidates)) {
        this.stats.stabiliserRescues++;
        return true;
      }
    }
    return false;
  }

  /**
   * Whether some history item before `upto` may be an image, under the probed colouring's stabiliser, of the stored
   * item (black, white) read through the key's first automorphism: same tag, same signature, and the same number of
   * black and of white stones on each colour of the probed colouring (all kept by the stabiliser, which maps each
   * colour's points onto themselves).
   */
  private historyHasOrbitMate(black: number, white: number, tag: number, upto: number): boolean {
    const canon = this.kCanon;
    const sym = this.symmetries;
    const b0 = canon >= 0 ? sym.applyInverse(canon, black) : black;
    const w0 = canon >= 0 ? sym.applyInverse(canon, white) : white;
    const yb = this.kSrcB;
    const yw = this.kSrcW;
    const rel0 = relativeCounts(b0, w0, yb, yw);
    const history = this.history;
    const hb = history.black;
    const hw = history.white;
    const ht = history.tag;
    if (this.options.signatures) {
      // Only the items of the stored item's signature bit, newest first.
      const sigPrev = this.sigPrev;
      for (let i = this.sigHead[this.signature.of(black, white)]; i >= 0; i = sigPrev[i]) {
        if (i < upto && ht[i] === tag && relativeCounts(hb[i], hw[i], yb, yw) === rel0) return true;
      }
      return false;
    }
    // Signatures off: every item matches every filter.
    for (let i = 0; i < upto; i++) {
      if (ht[i] !== tag) continue;
      if (relativeCounts(hb[i], hw[i], yb, yw) === rel0) return true;
    }
    return false;
  }

  /** Puts in cand the history items before `upto` that entry e's signature filter may hold; returns how many. */
  private signatureCandidates(e: number, upto: number): number {
    const eSL = this.table.sigLo(e);
    const eSH = this.table.sigHi(e);
    const hSL = this.hSigLo;
    const hSH = this.hSigHi;
    if (this.cand.length < upto) this.cand = new Int32Array(Math.max(upto, this.cand.length * 2));
    const cand = this.cand;
    let n = 0;
    if (!this.options.signatures) {
      for (let i = 0; i < upto; i++) if (((hSL[i] & eSL) | (hSH[i] & eSH)) !== 0) cand[n++] = i;
      return n;
    }
    // Each item has one signature bit: the items of the filter's bits, through their chains.
    const sigHead = this.sigHead;
    const sigPrev = this.sigPrev;
    for (let m = eSL; m !== 0; m &= m - 1) {
      for (let i = sigHead[31 - Math.clz32(m & -m)]; i >= 0; i = sigPrev[i]) if (i < upto) cand[n++] = i;
    }
    for (let m = eSH; m !== 0; m &= m - 1) {
      for (let i = sigHead[63 - Math.clz32(m & -m)]; i >= 0; i = sigPrev[i]) if (i < upto) cand[n++] = i;
    }
    return n;
  }

  /**
   * acceptMasks through one automorphism `canon` onto the entry's key (-1: the identity); `candidates` >= 0 limits
   * the scan to cand[0..candidates) (signatureCandidates), -1 scans every item before `upto`.
   */
  private acceptThrough(e: number, upto: number, canon: number, countStats: boolean, candidates: number): boolean {
    const table = this.table;
    const sym = this.symmetries;
    const history = this.history;
    // The items the proof rests on first: most refusals end here, before the masks are mapped.
    const required = table.required(e);
    const xB = this.xB;
    const xW = this.xW;
    const xT = this.xT;
    const xJ = this.xJ;
    for (let k = 0; k < required; k++) {
      let b = table.reqBlack(e, k + 1);
      let w = table.reqWhite(e, k + 1);
      const t = table.reqTag(e, k + 1);
      if (canon >= 0) {
        b = sym.applyInverse(canon, b);
        w = sym.applyInverse(canon, w);
      }
      const j = history.find(b, w, t);
      if (j === NOT_FOUND || j >= upto) return false;
      xB[k] = b;
      xW[k] = w;
      xT[k] = t;
      xJ[k] = j;
    }
    let eE = table.maskEmpty(e);
    let eB = table.maskBlack(e);
    let eW = table.maskWhite(e);
    const eSL = table.sigLo(e);
    const eSH = table.sigHi(e);
    if (canon >= 0) {
      eE = sym.applyInverse(canon, eE);
      eB = sym.applyInverse(canon, eB);
      eW = sym.applyInverse(canon, eW);
    }
    const hb = history.black;
    const hw = history.white;
    const ht = history.tag;
    const full = this.full;
    const hSL = this.hSigLo;
    const hSH = this.hSigHi;
    const exactCount = this.exactSize > 0 ? table.exactCount(e) : -1;
    const shift = this.codeShift;
    let rescued = false;
    // With `candidates` (>= 0), only the items in cand[0..candidates) passed the signature filter, which no
    // automorphism changes: the rest need no second look.
    if (candidates < 0 && this.options.signatures) candidates = this.signatureCandidates(e, upto);
    const cand = this.cand;
    const scan = candidates >= 0 ? candidates : upto;
    for (let c = 0; c < scan; c++) {
      const i = candidates >= 0 ? cand[c] : c;
      const b = hb[i];
      const w = hw[i];
      // An item outside the signature filter or the masks is not a colouring the proof met.
      if (((hSL[i] & eSL) | (hSH[i] & eSH)) === 0) continue;
      if ((b & ~eB) === 0 && (w & ~eW) === 0 && (full & ~(b | w) & ~eE) === 0) {
        // The items the proof rests on were refused in it, never reached: they may fit the masks.
        let restsOn = false;
        for (let k = 0; k < required; k++) {
          if (b === xB[k] && w === xW[k] && ht[i] === xT[k]) {
            restsOn = true;
            break;
          }
        }
        if (restsOn) continue;
        if (exactCount >= 0) {
          // The record is in the canonical frame: the item's image there is what the proof's search would have met.
          const cb = canon >= 0 ? this.symmetries.apply(canon, b) : b;
          const cw = canon >= 0 ? this.symmetries.apply(canon, w) : w;
          if (!table.exactHas(e, (cb << shift) | cw)) {
            rescued = true;
            continue;
          }
          if (countStats) this.stats.exactRefusals++;
        }
        return false;
      }
    }
    if (rescued) this.stats.exactRescues++;
    this.lXN = exactCount;
    this.lXEntry = e;
    this.lXPerm = canon;
    this.lE = eE;
    this.lB = eB;
    this.lW = eW;
    this.lSL = eSL;
    this.lSH = eSH;
    const lReq = this.lReq;
    clearRequired(lReq, 0, this.reqMax);
    for (let k = 0; k < required; k++) insertRequired(lReq, 0, this.reqMax, xJ[k], NO_DEP);
    return true;
  }

  /** Copies the exact record of the entry lookup() accepted for child `slot` (l*), still in the entry's frame. */
  private keepLookupRecord(slot: number): void {
    const n = this.lXN;
    this.cXN[slot] = n;
    this.cXPerm[slot] = this.lXPerm;
    if (n <= 0) return;
    const size = this.exactSize;
    const exact = this.table.exact;
    const from = this.lXEntry * size;
    const to = slot * size;
    for (let i = 0; i < n; i++) this.cX[to + i] = exact[from + i];
  }

  /** Copies the exact record of the last mid() result (r*, board frame) for child `slot`; only proofs need one. */
  private keepResultRecord(slot: number): void {
    const n = this.rPhi === 0 || this.rDelta === 0 ? this.rXN : -1;
    this.cXN[slot] = n;
    this.cXPerm[slot] = -1;
    const to = slot * this.exactSize;
    for (let i = 0; i < n; i++) this.cX[to + i] = this.rX[i];
  }

  /** Adds a colouring code to the record being built (rX); a record that would pass the size is dropped. */
  private addExact(code: number): void {
    const n = this.rXN;
    if (n < 0) return;
    const rX = this.rX;
    for (let i = 0; i < n; i++) if (rX[i] === code) return;
    if (n === this.exactSize) {
      this.rXN = -1;
      return;
    }
    rX[n] = code;
    this.rXN = n + 1;
  }

  /** The code's colouring under the inverse of automorphism k (from an entry's canonical frame to the board's). */
  private codeInverse(k: number, code: number): number {
    const sym = this.symmetries;
    return (sym.applyInverse(k, code >>> this.codeShift) << this.codeShift) | sym.applyInverse(k, code & this.codeLow);
  }

  /** Adds child `slot`'s record, mapped into the board's frame, to the record being built (none: the whole is none). */
  private mergeExact(slot: number): void {
    if (this.rXN < 0) return;
    const n = this.cXN[slot];
    if (n < 0) {
      this.rXN = -1;
      return;
    }
    const perm = this.cXPerm[slot];
    const from = slot * this.exactSize;
    for (let i = 0; i < n && this.rXN >= 0; i++) {
      const code = this.cX[from + i];
      this.addExact(perm >= 0 ? this.codeInverse(perm, code) : code);
    }
  }

  /**
   * A disproof that skipped moves equivalent under the path stabiliser: the skipped move k⁻¹(m) of a searched move m
   * has the image k⁻¹(T) of m's tree T, so the record takes the images of the searched children's records under the
   * inverse of every stabiliser element (one step is enough: each skipped move is the image of a searched one).
   */
  private closeExact(stabFrom: number, stabTo: number): void {
    const n0 = this.rXN;
    for (let s = stabFrom; s < stabTo && this.rXN >= 0; s++) {
      const k = this.stab.items[s];
      for (let i = 0; i < n0 && this.rXN >= 0; i++) this.addExact(this.codeInverse(k, this.rX[i]));
    }
  }

  /** Stores the record of the last result (rX, board frame) with the proof in `slot`, in its canonical frame. */
  private storeExact(slot: number, canon: number): void {
    const n = this.rXN;
    if (n < 0) return;
    const table = this.table;
    const sym = this.symmetries;
    const shift = this.codeShift;
    const low = this.codeLow;
    const to = slot * this.exactSize;
    for (let i = 0; i < n; i++) {
      const code = this.rX[i];
      table.exact[to + i] = canon >= 0 ? (sym.apply(canon, code >>> shift) << shift) | sym.apply(canon, code & low) : code;
    }
    table.setExactCount(slot, n);
  }

  /** The table key of a colouring (canonical-key.ts; k*: the image and the automorphism giving it). */
  private canonicalKey(black: number, white: number): void {
    const keys = this.keys;
    keys.of(black, white);
    this.kCanon = keys.canon;
    this.kB = keys.black;
    this.kW = keys.white;
    this.kSrcB = black;
    this.kSrcW = white;
  }

  /** The ply's candidate moves: the table's move, then the empty vertices by history score, then the pass. */
  private orderMoves(ply: number, hint: number, empty: number): number {
    const base = ply * STRIDE;
    const order = this.order;
    let count = 0;
    let left = empty;
    let passDone = !this.passAllowed;
    if (this.area && this.passes >= 1 && !passDone) {
      // The pass that ends the game costs no search: it is looked at first, and wins at once when the count does.
      order[base + count++] = PASS;
      passDone = true;
    }
    if (this.options.ordering) {
      if (hint === PASS) {
        if (!passDone) order[base + count++] = PASS;
        passDone = true;
      } else if (hint >= 0 && ((left >> hint) & 1) !== 0) {
        order[base + count++] = hint;
        left &= ~(1 << hint);
      }
    }
    const start = count;
    while (left !== 0) {
      const v = 31 - Math.clz32(left & -left);
      left &= left - 1;
      order[base + count++] = v;
    }
    if (this.options.ordering) this.historyScore.sort(order, base + start, base + count, this.toMove);
    if (!passDone) order[base + count++] = PASS;
    return count;
  }
}
