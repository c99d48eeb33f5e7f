/**
 * The light playout (issue: MCTS bot): from a position, each move is a uniformly random legal move that is not
 * the mover's own eye; a colour with no such move passes; the playout ends after a round of passes or at the move
 * cap. Playouts use simple ko only and never self-capture (a suicide is not a playout move), as light playouts do.
 *
 * Uniform choice without allocation: random draws from the empty list without replacement, in place, until one is
 * acceptable or none is left. The first draw is the whole cost of most moves; without replacement, a vertex refused
 * once is not judged again for the same move, which matters at the end of a playout, where most empty vertices are
 * eyes or suicides (drawing with replacement first, as before, cost 20% more tries on 9x9).
 *
 * Cycles: on graphs other than grids simple ko alone lets play loop. Two-vertex components and other kos get
 * retaken forever, each using the others as threats, so a playout lets each ko be captured only once: a ko capture
 * whose captured stone was itself placed by a ko capture is refused. Long cycles (`cycle N`, rings in random graphs)
 * loop through big captures and refills instead, so late in a playout (LATE_MOVES_PER_VERTEX) self-atari of chains
 * of two or more stones is refused too. Together these keep playouts at natural lengths on every graph.
 *
 * The same playout runs as WebAssembly (bots/kernel/), move for move, on every graph that fits its memory; this
 * code is its reference. LightPlayout.forGraph chooses.
 */
import type { Graph } from '../src/graph.js';
import { PLAY_SUICIDE, Position } from '../src/position.js';
import { EMPTY } from '../src/vocabulary.js';
import type { Rng } from '../src/rng.js';
import { kernelSupports, PlayoutKernel } from './kernel/playout-kernel.js';
import { cutsOrConnects, PLAYOUT_CUTS_MIN_TRIANGLE_SHARE, triangleShare } from './cut-connect.js';
import { SquarePatterns } from './patterns.js';
import { RefusalCache } from './refusal-cache.js';

/**
 * After this many moves per vertex a playout is "late": natural playouts are over by then (9x9: 1.3 moves per
 * vertex, 19x19: 1.2), so what remains are capture cycles (cycles, random graphs). Late moves may not put a chain of
 * two or more stones into atari, which ends those cycles at once without changing ordinary playouts at all.
 */
const LATE_MOVES_PER_VERTEX = 2;
/**
 * Once a move takes more draws than this, the playout has reached its end game (most empty vertices refused) and
 * starts remembering refusals (bots/refusal-cache.ts); before that the upkeep would cost more than it saves.
 */
const REMEMBER_AFTER_TRIES = 16;
/** Cutting and connecting looks at this many neighbours of the last move at most (one bit each in a 32-bit mask). */
const CUT_NEIGHBOURS = 32;

/**
 * Which code plays: `wasm` the WebAssembly kernel (bots/kernel/, the same moves about twice as fast), `typescript`
 * this file, `auto` the kernel where it applies (graphs whose arrays fit in its 2 GiB).
 */
export type PlayoutEngine = 'wasm' | 'typescript';

export interface PlayoutOptions {
  moveCap?: number;
  engine?: PlayoutEngine | 'auto';
}

export interface PlayoutResult {
  /** Moves played (passes excluded). */
  moves: number;
  /** True when the playout stopped at the cap instead of by passes. */
  capped: boolean;
  /** The seat to move when the playout stopped. */
  endSeat: number;
}

/**
 * Whether v is the mover's own eye: an empty vertex with at least one neighbour, all of them the mover's stones,
 * none of whose chains is in atari (docs/bots.md, "The playout"). "Eye" on a graph has no diagonals; the atari
 * clause keeps capture cycles from running away.
 */
export function isOwnEye(p: Position, v: number, c: number): boolean {
  const { adjStart, adj } = p.graph;
  const start = adjStart[v];
  const end = adjStart[v + 1];
  if (start === end) return false;
  const color = p.color;
  for (let i = start; i < end; i++) if (color[adj[i]] !== c) return false;
  for (let i = start; i < end; i++) if (p.inAtari(p.head[adj[i]])) return false;
  return true;
}

/** Whether the chain with head h (colour c) holds one of the adjacency entries adj[start..i). */
function chainMetBefore(p: Position, start: number, i: number, c: number, h: number): boolean {
  const adj = p.graph.adj;
  for (let j = start; j < i; j++) {
    const x = adj[j];
    if (p.color[x] === c && p.head[x] === h) return true;
  }
  return false;
}

/** Verdicts of judgeUndirected besides a ko vertex (>= 0: legal, and a ko capture forbidding that vertex next). */
export const JUDGE_OK = -1;
export const JUDGE_ILLEGAL = -2;
export const JUDGE_EYE = -3;

/**
 * Judges a stone of colour c on the empty vertex v of an undirected graph without playing it: an empty neighbour
 * makes it legal (and neither an eye nor a ko capture); otherwise it needs a neighbouring own chain that keeps
 * another liberty, or an adjacent enemy chain in atari (whose last liberty is v) to capture. Own eyes (every
 * neighbour ours, none of those chains in atari) are reported as JUDGE_EYE. Returns JUDGE_OK, JUDGE_ILLEGAL,
 * JUDGE_EYE, or the vertex a simple-ko capture by this move would forbid next.
 */
export function judgeUndirected(p: Position, v: number, c: number): number {
  const { adjStart, adj } = p.graph;
  const color = p.color;
  const start = adjStart[v];
  const end = adjStart[v + 1];
  if (start === end) return JUDGE_ILLEGAL;
  // The common case first.
  if (p.emptyNeighbours[v] > 0) return JUDGE_OK;
  // One pass over the (all occupied) neighbours: own chains safe or in atari, enemy chains in atari. Neighbours are
  // often stones of one chain (an eye), so a chain is judged once when its stones come in a row.
  const head = p.head;
  let lastHead = -1;
  let ownSafe = false;
  let ownAtari = false;
  let enemies = false;
  let captureChains = 0;
  let capturedStones = 0;
  let capturedVertex = -1;
  for (let i = start; i < end; i++) {
    const w = adj[i];
    const h = head[w];
    if (h === lastHead) continue;
    lastHead = h;
    const cw = color[w];
    if (cw === c) {
      if (p.inAtari(h)) ownAtari = true;
      else ownSafe = true;
    } else {
      enemies = true;
      // Count each chain once: a chain may touch v through several stones.
      if (p.inAtari(h) && !chainMetBefore(p, start, i, cw, h)) {
        captureChains++;
        capturedStones += p.size[h];
        capturedVertex = h;
      }
    }
  }
  // Every neighbour ours and none of those chains in atari: an eye (with one in atari, filling may be needed).
  if (!enemies && !ownAtari) return JUDGE_EYE;
  if (!ownSafe && captureChains === 0) return JUDGE_ILLEGAL;
  // A lone stone capturing a lone stone and left with that single liberty: the simple-ko shape.
  if (!ownSafe && !ownAtari && captureChains === 1 && capturedStones === 1) return capturedVertex;
  return JUDGE_OK;
}

/**
 * On an undirected graph, whether a legal stone of colour c on v would join a chain of two or more stones left in
 * atari, capturing nothing: the self-atari playouts refuse. Decided without playing, because pseudo-liberties add
 * up: the new chain's (count, sum, sum of squares) are those of the own chains it joins, less their pairs with v,
 * plus v's pairs with its empty neighbours. Needs `p.squaresExact`; v must be legal and not an eye.
 */
export function isSelfAtariUndirected(p: Position, v: number, c: number): boolean {
  const { adjStart, adj } = p.graph;
  const color = p.color;
  const head = p.head;
  const start = adjStart[v];
  const end = adjStart[v + 1];
  let size = 1;
  let count = 0;
  let sum = 0;
  let sumSq = 0;
  const vv = v * v;
  for (let i = start; i < end; i++) {
    const w = adj[i];
    const cw = color[w];
    if (cw === EMPTY) {
      count++;
      sum += w;
      sumSq += w * w;
    } else if (cw === c) {
      const h = head[w];
      if (!chainMetBefore(p, start, i, c, h)) {
        size += p.size[h];
        count += p.libCount[h];
        sum += p.libSum[h];
        sumSq += p.libSumSq[h];
      }
      count--;
      sum -= v;
      sumSq -= vv;
    } else if (p.inAtari(head[w])) {
      // An enemy chain next to v in atari has v as its last liberty: the move captures.
      return false;
    }
  }
  return size >= 2 && (count === 1 || (count > 1 && count * sumSq === sum * sum));
}

/** The default move cap: three moves per vertex and some, far beyond a natural playout's length. */
function defaultMoveCap(n: number): number {
  return 3 * n + 50;
}

export class LightPlayout {
  readonly position: Position;
  /** Stamp per vertex: the stone there was placed by a ko capture in the current playout. */
  private readonly koTaken: Uint32Array;
  private playoutId = 0;
  /** Optional record of the moves played (vertex, colour) for AMAF; set `recordMoves` to use it. */
  readonly playedVertex: Int32Array;
  readonly playedColor: Uint8Array;
  playedCount = 0;
  readonly moveCap: number;
  private readonly undirected: boolean;
  private lastKo = -1;
  private late = false;
  /** Refusals remembered in this playout's end game (undirected graphs); see REMEMBER_AFTER_TRIES. */
  private readonly refusals: RefusalCache | null;
  private remembering = false;
  /** Whether to remember refusals at all (the playouts are the same either way; only the speed differs). */
  rememberRefusals = true;
  /** Stones each colour captured during the last run (index by colour). */
  readonly captures: Float64Array;
  /** The WebAssembly kernel that plays `position` out, when there is one (see forGraph). */
  private readonly kernel: PlayoutKernel | null;

  /**
   * Tactics on top of the light policy (a search setting, off for the pure light benchmark): answer the last move
   * first when it left a chain in atari, by capturing it or by letting our own chain escape; and never put a chain
   * of two or more stones into atari without capturing (random self-ataris make light playouts misjudge life).
   */
  tactics = false;

  /**
   * MoGo's 3x3 patterns (bots/patterns.ts; a search setting, square lattices and two colours only): after the
   * tactical answer, a move next to the last one that makes a hane, cut or edge shape is played before any random
   * move, chosen uniformly among those that match.
   */
  patterns: SquarePatterns | null = null;
  private readonly patternMoves = new Int32Array(8);

  /**
   * Cutting and connecting where there are no 3x3 patterns (a search setting; undirected graphs): after the
   * tactical answer, an empty neighbour of the last move that would touch two different enemy chains or two
   * different own chains (bots/cut-connect.ts) is played before any random move.
   */
  cutConnect = false;

  /**
   * A playout of `position` in TypeScript (the position is the caller's), or with `kernel`, whose position it
   * must be. LightPlayout.forGraph picks the engine.
   */
  constructor(position: Position, moveCap?: number, kernel: PlayoutKernel | null = null) {
    if (kernel !== null && kernel.position !== position) throw new Error("LightPlayout: the kernel plays its own position");
    this.position = position;
    const n = position.n;
    this.koTaken = new Uint32Array(n);
    this.moveCap = moveCap ?? defaultMoveCap(n);
    this.undirected = position.graph.arcCount === 0;
    this.refusals = this.undirected ? new RefusalCache(n) : null;
    this.kernel = kernel;
    if (kernel !== null && kernel.maxMoves < this.moveCap) throw new Error('LightPlayout: the kernel records too few moves');
    this.playedVertex = kernel?.playedVertex ?? new Int32Array(this.moveCap + 1);
    this.playedColor = kernel?.playedColor ?? new Uint8Array(this.moveCap + 1);
    this.captures = kernel?.captures ?? new Float64Array(10);
  }

  /**
   * A playout with a fresh position on `graph` (set it up through `position`), played by the WebAssembly kernel
   * where it applies (`engine` 'auto', the default) or by the engine asked for; 'wasm' on a graph the kernel does
   * not play is an error.
   */
  static forGraph(graph: Graph, options: PlayoutOptions = {}): LightPlayout {
    const moveCap = options.moveCap ?? defaultMoveCap(graph.n);
    const engine = options.engine ?? 'auto';
    const kernelFits = kernelSupports(graph, moveCap);
    if (engine === 'wasm' && !kernelFits) {
      throw new Error('the WebAssembly playout plays graphs that fit in 2 GiB; use the typescript engine');
    }
    if (engine === 'typescript' || !kernelFits) return new LightPlayout(new Position(graph), moveCap);
    const kernel = new PlayoutKernel(graph, moveCap, SquarePatterns.forGraph(graph) !== null);
    return new LightPlayout(kernel.position, moveCap, kernel);
  }

  /**
   * Takes the search's playout knowledge for games of `colors` colours: the tactics, the 3x3 patterns (square
   * lattices, two colours) and, where there are none, the cuts on graphs whose edges mostly lie on triangles. The
   * search and the tools that show its playouts (scripts/playout-sample.mjs) set it up here, so they cannot differ.
   */
  useSearchKnowledge(settings: { tactics: boolean; patterns: boolean; playoutCuts: boolean }, colors: number): void {
    const graph = this.position.graph;
    this.tactics = settings.tactics;
    this.patterns = settings.patterns && colors === 2 ? SquarePatterns.forGraph(graph) : null;
    this.cutConnect = settings.playoutCuts && this.patterns === null && triangleShare(graph) >= PLAYOUT_CUTS_MIN_TRIANGLE_SHARE;
  }

  /** The code that plays this playout's runs (the TypeScript one also covers what the kernel does not take). */
  get engine(): PlayoutEngine {
    return this.kernel !== null ? 'wasm' : 'typescript';
  }

  /**
   * Tries v for c; on success the stone stays. `ko` is the vertex simple ko forbids now, or -1. Sets `lastKo` to
   * the vertex the move's ko capture forbids next, or -1.
   */
  private tryMove(v: number, c: number, ko: number): boolean {
    if (v === ko) return false;
    // A move with two empty neighbours keeps two liberties: only moves with fewer can be self-atari, and only
    // those need the self-atari test (late in a playout, or always with tactics).
    const refuseSelfAtari = this.late || (this.tactics && this.fewEmptyNeighbours(v));
    if (!this.undirected || (refuseSelfAtari && !this.position.squaresExact)) return this.tryWithArcs(v, c);
    return this.tryUndirected(v, c, refuseSelfAtari);
  }

  private fewEmptyNeighbours(v: number): boolean {
    return this.position.emptyNeighbours[v] < 2;
  }

  /**
   * Without arcs a move's fate follows from its neighbours alone, so it is judged before playing (self-atari too,
   * when refused) and committed with playQuick (no undo record).
   */
  private tryUndirected(v: number, c: number, refuseSelfAtari: boolean): boolean {
    const p = this.position;
    const open = p.emptyNeighbours[v];
    const refusals = this.remembering ? this.refusals : null;
    if (open > 1 || (open === 1 && !refuseSelfAtari)) {
      // Most moves: legal, not an eye, and no ko (the stone keeps an empty neighbour), so no judging.
      refusals?.beforeMove(p, v, c);
      p.playQuick(v, c);
      refusals?.afterMove(p, v);
      this.captures[c] += p.captured;
      this.lastKo = -1;
      return true;
    }
    if (open === 0 && refusals !== null && refusals.isRefused(v, c)) return false;
    const verdict = open > 0 ? JUDGE_OK : judgeUndirected(p, v, c);
    if (verdict === JUDGE_ILLEGAL || verdict === JUDGE_EYE) {
      refusals?.refuse(v, c);
      return false;
    }
    if (verdict >= 0 && this.koTaken[verdict] === this.playoutId) return false;
    if (refuseSelfAtari && isSelfAtariUndirected(p, v, c)) return false;
    refusals?.beforeMove(p, v, c);
    p.playQuick(v, c);
    refusals?.afterMove(p, v);
    this.captures[c] += p.captured;
    if (verdict >= 0) this.koTaken[v] = this.playoutId;
    this.lastKo = verdict >= 0 ? verdict : -1;
    return true;
  }

  /**
   * With arcs liberties are not symmetric, so the move is played (with an undo record) and judged after; so are
   * refused self-ataris on graphs too large for the sum-of-squares test.
   */
  private tryWithArcs(v: number, c: number): boolean {
    const p = this.position;
    if (isOwnEye(p, v, c)) return false;
    // Undirected graphs come here late in a playout or beyond the exact atari test; remembered refusals must then
    // see the move too (forgetting too much when the move is taken back is harmless).
    const refusals = this.remembering ? this.refusals : null;
    refusals?.beforeMove(p, v, c);
    p.forgetUndo();
    if (p.play(v, c, false) === PLAY_SUICIDE) return false;
    const k = p.koVertex;
    const h = p.head[v];
    if ((k >= 0 && this.koTaken[k] === this.playoutId) || ((this.late || this.tactics) && p.size[h] >= 2 && p.inAtari(h) && p.captured === 0)) {
      p.undo();
      return false;
    }
    if (k >= 0) this.koTaken[v] = this.playoutId;
    refusals?.afterMove(p, v);
    this.captures[c] += p.captured;
    this.lastKo = k;
    return true;
  }

  /**
   * Plays the position out. `order` gives the colours of the seats and `seat` the one to move; `ko` a vertex
   * forbidden for the first move (or -1). The position is changed; the caller copies it first.
   */
  run(rng: Rng, order: readonly number[], seat: number, ko: number, lastMove = -1): PlayoutResult {
    const kernel = this.kernel;
    if (kernel !== null && kernel.accepts(order, this.patterns)) {
      const moves = kernel.run(rng, order, seat, ko, lastMove, this.moveCap, this.tactics, this.patterns, this.cutConnect);
      this.playedCount = moves;
      return { moves, capped: moves >= this.moveCap, endSeat: kernel.endSeat };
    }
    const p = this.position;
    this.playoutId = (this.playoutId + 1) >>> 0 || 1;
    this.playedCount = 0;
    this.captures.fill(0);
    const seats = order.length;
    let passes = 0;
    let moves = 0;
    let koBan = ko;
    const cap = this.moveCap;
    const lateAfter = LATE_MOVES_PER_VERTEX * p.n;
    this.late = false;
    this.remembering = false;
    while (passes < seats && moves < cap) {
      const c = order[seat];
      if (moves === lateAfter) this.late = true;
      let played = -1;
      if (this.tactics && lastMove >= 0) {
        const answer = this.tacticalAnswer(lastMove, c);
        if (answer >= 0 && this.tryMove(answer, c, koBan)) played = answer;
      }
      if (played < 0 && this.patterns !== null && lastMove >= 0) played = this.patternMove(rng, lastMove, c, koBan);
      if (played < 0 && this.cutConnect && this.undirected && lastMove >= 0) played = this.cutConnectMove(rng, lastMove, c, koBan);
      const empties = p.emptyCount;
      if (played < 0 && empties > 0) played = this.scanAndPlay(rng, c, koBan);
      if (played >= 0) {
        this.playedVertex[this.playedCount] = played;
        this.playedColor[this.playedCount++] = c;
        moves++;
        passes = 0;
        koBan = this.lastKo;
        lastMove = played;
      } else {
        passes++;
        koBan = -1;
        lastMove = -1;
      }
      seat = seat + 1 === seats ? 0 : seat + 1;
    }
    p.forgetUndo();
    return { moves, capped: moves >= cap, endSeat: seat };
  }

  /**
   * The tactical reply to the last move m for colour c, or -1: capture m's chain if it is in atari; else save an
   * own chain next to m that m put in atari, first by capturing an enemy chain in atari that touches it (which
   * gives it a liberty whatever the shape), then by playing its liberty when that has room to run (two or more
   * empty neighbours) or joins another own chain not in atari. (The self-atari guard still refuses a save whose
   * joined chain is left in atari.)
   */
  private tacticalAnswer(m: number, c: number): number {
    const p = this.position;
    const color = p.color;
    const cm = color[m];
    if (cm === EMPTY || cm === c) return -1;
    const hm = p.head[m];
    if (p.inAtari(hm)) return p.atariLiberty(hm);
    const { adjStart, adj } = p.graph;
    for (let i = adjStart[m], end = adjStart[m + 1]; i < end; i++) {
      const w = adj[i];
      if (color[w] !== c) continue;
      const h = p.head[w];
      if (!p.inAtari(h)) continue;
      const capture = this.captureAround(h, c);
      if (capture >= 0) return capture;
      const liberty = p.atariLiberty(h);
      if (p.emptyNeighbours[liberty] >= 2 || this.joinsFreeChain(liberty, h, c)) return liberty;
    }
    return -1;
  }

  /** The liberty touches another own chain that is not in atari: playing there connects to it. */
  private joinsFreeChain(liberty: number, h: number, c: number): boolean {
    const p = this.position;
    const { adjStart, adj } = p.graph;
    for (let i = adjStart[liberty], end = adjStart[liberty + 1]; i < end; i++) {
      const w = adj[i];
      if (p.color[w] !== c) continue;
      const hw = p.head[w];
      if (hw !== h && !p.inAtari(hw)) return true;
    }
    return false;
  }

  /** The liberty of an enemy chain in atari touching the chain with head h (of colour c), or -1. */
  private captureAround(h: number, c: number): number {
    const p = this.position;
    const color = p.color;
    const { adjStart, adj } = p.graph;
    let s = h;
    do {
      for (let i = adjStart[s], end = adjStart[s + 1]; i < end; i++) {
        const w = adj[i];
        const cw = color[w];
        if (cw !== EMPTY && cw !== c && p.inAtari(p.head[w])) return p.atariLiberty(p.head[w]);
      }
      s = p.next[s];
    } while (s !== h);
    return -1;
  }

  /** Plays a pattern move around the last move m (uniformly among those acceptable); -1 when there is none. */
  private patternMove(rng: Rng, m: number, c: number, ko: number): number {
    const p = this.position;
    const patterns = this.patterns!;
    const ring = patterns.ring;
    const moves = this.patternMoves;
    let count = 0;
    for (let k = 8 * m, end = k + 8; k < end; k++) {
      const v = ring[k];
      if (v >= 0 && p.color[v] === EMPTY && patterns.matches(p, v)) moves[count++] = v;
    }
    while (count > 0) {
      const k = rng.int(count);
      const v = moves[k];
      moves[k] = moves[--count];
      if (this.tryMove(v, c, ko)) return v;
    }
    return -1;
  }

  /**
   * Plays a cutting or connecting move next to the last move m: the first tried is drawn uniformly among the empty
   * neighbours of m (the first CUT_NEIGHBOURS of them) that cut or connect, the others follow in adjacency order (a
   * refused try changes nothing, so the matches stay the same); -1 when none is acceptable. The matches are one bit
   * each, so every neighbour is judged once.
   */
  private cutConnectMove(rng: Rng, m: number, c: number, ko: number): number {
    const p = this.position;
    const { adjStart, adj } = p.graph;
    const start = adjStart[m];
    const degree = Math.min(adjStart[m + 1] - start, CUT_NEIGHBOURS);
    let mask = 0;
    let count = 0;
    for (let k = 0; k < degree; k++) {
      if (this.cutsOrConnectsAt(adj[start + k], c)) {
        mask |= 1 << k;
        count++;
      }
    }
    if (count === 0) return -1;
    let skip = rng.int(count);
    let first = 0;
    while (((mask >>> first) & 1) === 0 || skip-- > 0) first++;
    for (let k = 0; k < degree; k++) {
      const i = first + k < degree ? first + k : first + k - degree;
      if (((mask >>> i) & 1) === 0) continue;
      const v = adj[start + i];
      if (this.tryMove(v, c, ko)) return v;
    }
    return -1;
  }

  private cutsOrConnectsAt(v: number, c: number): boolean {
    return this.position.color[v] === EMPTY && cutsOrConnects(this.position, v, c);
  }

  /**
   * Draws empty vertices without replacement until one is acceptable, and plays it; -1 when there is none. Each
   * rejected vertex is swapped to the end of the untried part of the empty list, so the cost is the rejected draws,
   * not a pass over every empty vertex: random graphs keep thousands of empty vertices no one may play (isolated
   * vertices, eyes), and copying them all at every failed draw made 100,000-vertex playouts quadratic. The first
   * move that needs more than REMEMBER_AFTER_TRIES draws starts the remembering of refusals.
   */
  private scanAndPlay(rng: Rng, c: number, ko: number): number {
    const p = this.position;
    const rememberFrom = p.emptyCount - REMEMBER_AFTER_TRIES;
    for (let untried = p.emptyCount; untried > 0; untried--) {
      const k = rng.int(untried);
      const v = p.emptyList[k];
      if (v !== ko && this.tryMove(v, c, ko)) return v;
      p.swapEmptyEntries(k, untried - 1);
      if (untried === rememberFrom && !this.remembering && this.refusals !== null && this.rememberRefusals) {
        this.remembering = true;
        this.refusals.clear();
      }
    }
    return -1;
  }
}
