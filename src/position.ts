/**
 * The fast position: stones, chains, pseudo-liberties, the empty list and a Zobrist hash, all in typed arrays.
 *
 * Why these structures:
 * - Chains are circular linked lists (`next`) with a representative (`head`); merging splices two cycles in O(1)
 *   and relabels the smaller one, and the splice is its own inverse, which makes undo exact and cheap.
 * - Liberties are libego-style pseudo-liberties: per chain, the count, sum and sum of squares of (stone, empty
 *   liberty-neighbour) pairs. A chain is captured exactly when the count is 0, and it is in atari (one distinct
 *   liberty) exactly when count * sumSq = sum^2. Updates are O(1) per pair on any degree, with arcs included.
 *   On huge graphs those products pass 2^53, where doubles round; there `inAtari` decides exactly another way.
 * - The empty vertices sit in a list with an index map, so a random empty vertex is O(1).
 * - Each vertex counts its empty liberty-neighbours: a playout accepts most moves on that one number, and keeping it
 *   is one increment in loops that visit those neighbours anyway.
 * - Zobrist keys are computed from (vertex, colour) by an integer mixer instead of tables, so a million-vertex
 *   graph costs no key memory and every machine computes the same hash.
 * - The per-vertex arrays can live in memory the caller provides (a WebAssembly playout kernel's, which then plays
 *   on the same arrays as this class, without copying).
 *
 * `play` applies the move of docs/rules.md, "A move" (others' captures first, then self-capture) and logs what it
 * changed; `undo` reverts the last play exactly (the empty list order included), so a search can play and undo
 * millions of times.
 * Rule-set questions (ko bans, superko, turn order) belong to the Game above; `play` only refuses a suicide when
 * told to. Nothing here allocates after construction except when an undo log doubles.
 */
import { Graph } from './graph.js';
import { grown } from './grown.js';
import { EMPTY } from './vocabulary.js';

/** Memory for a Position's per-vertex arrays (see the Position constructor). */
export interface PositionStorage {
  readonly buffer: ArrayBuffer;
  readonly byteOffset: number;
}

export const PLAY_OK = 0;
/** Refused: the move would self-capture and suicide is forbidden. The position is unchanged. */
export const PLAY_SUICIDE = 1;

/**
 * murmur3's finaliser: a bijection on 32-bit integers with full avalanche. Results are signed 32-bit integers
 * (`| 0`), never uint32: V8 keeps int32 values unboxed, while uint32 values of 2^31 or more become heap numbers
 * whenever they cross a call it did not inline.
 */
function mix32(x: number): number {
  x ^= x >>> 16;
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  x ^= x >>> 16;
  return x | 0;
}

/** Low and high halves (signed 32-bit) of the 64-bit key of a stone of colour c (1..9) on vertex v. */
export function zobristLo(v: number, c: number): number {
  return mix32((v * 16 + c) ^ 0x9e3779b9);
}
export function zobristHi(v: number, c: number): number {
  return mix32(Math.imul(v * 16 + c, 0x2545f491) ^ 0x6a09e667);
}

// Undo frame layout (Float64Array records).
const F_V = 0;
const F_COLOR = 1;
const F_EMPTY_INDEX = 2;
const F_HEAD = 3;
const F_NEXT = 4;
const F_SIZE = 5;
const F_LIB_COUNT = 6;
const F_LIB_SUM = 7;
const F_LIB_SUMSQ = 8;
const F_HASH_LO = 9;
const F_HASH_HI = 10;
const F_KO = 11;
const F_CAPTURED = 12;
const F_SELF_CAPTURED = 13;
const F_MERGE_START = 14;
const F_CAPTURE_START = 15;
const F_SELF_START = 16;
const FRAME_SIZE = 17;

// Merge record: survivor head, absorbed head, survivor's stats before the merge.
const MERGE_SIZE = 6;
// Capture record: chain head, its colour, its size.
const CAPTURE_SIZE = 3;

export class Position {
  readonly graph: Graph;
  readonly n: number;
  readonly color: Uint8Array;
  /** Representative stone of the chain of each stone. Meaningless on empty vertices. */
  readonly head: Int32Array;
  /** Next stone of the same chain (a cycle). */
  readonly next: Int32Array;
  /** Per chain, indexed by its head: stone count and pseudo-liberty count, sum and sum of squares. */
  readonly size: Int32Array;
  readonly libCount: Int32Array;
  readonly libSum: Float64Array;
  readonly libSumSq: Float64Array;
  readonly emptyList: Int32Array;
  readonly emptyIndex: Int32Array;
  emptyCount: number;
  /** Per vertex: how many of its liberty-neighbours (graph.lib) are empty. */
  readonly emptyNeighbours: Int32Array;
  hashLo = 0;
  hashHi = 0;
  /** After a play: the vertex it captured if the play had the simple-ko shape (docs/rules.md, "Repetition"), or -1. */
  koVertex = -1;
  /** After a play: stones of other colours removed (step 1) and own stones self-captured (step 2). */
  captured = 0;
  selfCaptured = 0;

  private frames: Float64Array;
  private frameTop = 0;
  private merges: Float64Array;
  private mergeTop = 0;
  private captures: Int32Array;
  private captureTop = 0;
  private readonly stamp: Uint32Array;
  private stampGeneration = 0;
  private readonly chainBuffer: Int32Array;
  /** The distinct own chains next to the stone being played (undirected graphs), to merge after the first pass. */
  private readonly ownBuffer: Int32Array;
  private readonly walkBuffer: Int32Array;
  private readonly undirected: boolean;
  /** The most reverse liberty links of any vertex: how often one vertex can be a pseudo-liberty of one chain. */
  private readonly maxLibertyLinks: number;
  /** Whether the sum-of-squares test of inAtari is exact on this graph (see the constructor). */
  readonly squaresExact: boolean;
  /** False inside playQuick: merges and captures then leave no undo records. */
  private logging = true;

  /**
   * A position on `graph`. Its per-vertex arrays live in `storage` when given (Position.storageBytes(n) bytes from
   * storage.byteOffset, a multiple of 8): a WebAssembly playout kernel passes its memory, so that both work on
   * the same arrays without copying. Otherwise the position allocates its own.
   */
  constructor(graph: Graph, storage?: PositionStorage) {
    const n = graph.n;
    this.graph = graph;
    this.n = n;
    this.undirected = graph.arcCount === 0;
    const buffer = storage?.buffer ?? new ArrayBuffer(Position.storageBytes(n));
    let offset = storage?.byteOffset ?? 0;
    if (offset % 8 !== 0) throw new Error(`Position storage must start at a multiple of 8, not ${offset}`);
    if (offset + Position.storageBytes(n) > buffer.byteLength) throw new Error('Position storage is too small');
    // Doubles first, so every array is aligned to its element size.
    const doubles = () => {
      const a = new Float64Array(buffer, offset, n);
      offset += 8 * n;
      return a;
    };
    const ints = () => {
      const a = new Int32Array(buffer, offset, n);
      offset += 4 * n;
      return a;
    };
    this.libSum = doubles();
    this.libSumSq = doubles();
    this.head = ints();
    this.next = ints();
    this.size = ints();
    this.libCount = ints();
    this.emptyList = ints();
    this.emptyIndex = ints();
    this.emptyNeighbours = ints();
    this.color = new Uint8Array(buffer, offset, n);
    this.emptyCount = 0;
    this.stamp = new Uint32Array(n);
    const maxInDegree = Position.maxLibertyLinksOn(graph);
    this.chainBuffer = new Int32Array(maxInDegree);
    this.ownBuffer = new Int32Array(maxInDegree);
    this.maxLibertyLinks = maxInDegree;
    this.squaresExact = Position.squaresExactOn(graph);
    this.walkBuffer = new Int32Array(n);
    this.frames = new Float64Array(FRAME_SIZE * 64);
    this.merges = new Float64Array(MERGE_SIZE * 64);
    this.captures = new Int32Array(CAPTURE_SIZE * 64);
    this.clear();
  }

  /** Bytes of the per-vertex arrays of a position on n vertices (see the constructor's `storage`). */
  static storageBytes(n: number): number {
    return 2 * 8 * n + 7 * 4 * n + 8 * Math.ceil(n / 8);
  }

  /**
   * The most reverse liberty links of any vertex (at least 1): how often one vertex can be a pseudo-liberty of one
   * chain, and how many chains one stone can touch.
   */
  static maxLibertyLinksOn(graph: Graph): number {
    let most = 1;
    for (let v = 0; v < graph.n; v++) most = Math.max(most, graph.rlibStart[v + 1] - graph.rlibStart[v]);
    return most;
  }

  /** Whether the sum-of-squares atari test is exact for positions on this graph. */
  static squaresExactOn(graph: Graph): boolean {
    // A chain has at most every liberty link as a pair, each below n: with L links, sum < L * n and
    // sumSq < L * n^2, so count * sumSq and sum^2 stay below (L * n)^2, exact in doubles while L * n < 2^26.5.
    return graph.rlibStart[graph.n] * graph.n < 94906265;
  }

  /** Empties the board and forgets the undo log. */
  clear(): void {
    const n = this.n;
    this.color.fill(EMPTY);
    for (let v = 0; v < n; v++) {
      this.emptyList[v] = v;
      this.emptyIndex[v] = v;
      this.head[v] = v;
      this.next[v] = v;
      this.emptyNeighbours[v] = this.graph.libStart[v + 1] - this.graph.libStart[v];
    }
    this.size.fill(0);
    this.libCount.fill(0);
    this.libSum.fill(0);
    this.libSumSq.fill(0);
    this.emptyCount = n;
    this.hashLo = 0;
    this.hashHi = 0;
    this.koVertex = -1;
    this.captured = 0;
    this.selfCaptured = 0;
    this.forgetUndo();
  }

  /** Makes the current position the base: `undo` cannot go below it. */
  forgetUndo(): void {
    this.frameTop = 0;
    this.mergeTop = 0;
    this.captureTop = 0;
  }

  /** Number of plays that `undo` can take back. */
  get undoDepth(): number {
    return this.frameTop / FRAME_SIZE;
  }

  /** Copies another position on the same graph (the undo log is not copied; this one's is emptied). */
  copyFrom(other: Position): void {
    if (other.graph !== this.graph) throw new Error('copyFrom: positions on different graphs');
    this.color.set(other.color);
    this.head.set(other.head);
    this.next.set(other.next);
    this.size.set(other.size);
    this.libCount.set(other.libCount);
    this.libSum.set(other.libSum);
    this.libSumSq.set(other.libSumSq);
    this.emptyList.set(other.emptyList);
    this.emptyIndex.set(other.emptyIndex);
    this.emptyNeighbours.set(other.emptyNeighbours);
    this.emptyCount = other.emptyCount;
    this.hashLo = other.hashLo;
    this.hashHi = other.hashHi;
    this.koVertex = other.koVertex;
    this.captured = other.captured;
    this.selfCaptured = other.selfCaptured;
    this.forgetUndo();
  }

  /** True when the chain with head h has exactly one distinct liberty (see the header for the identity). */
  inAtari(h: number): boolean {
    const count = this.libCount[h];
    if (count <= 1) return count === 1;
    if (this.squaresExact) return count * this.libSumSq[h] === this.libSum[h] * this.libSum[h];
    return this.inAtariLarge(h, count);
  }

  /**
   * inAtari where the sums of squares may round: one liberty l is shared by all `count` pairs exactly when
   * l = sum / count is empty and has `count` reverse links into the chain, which costs O(degree of l).
   */
  private inAtariLarge(h: number, count: number): boolean {
    // One vertex is a pseudo-liberty at most once per reverse link, so more pairs than that mean two liberties.
    if (count > this.maxLibertyLinks) return false;
    const l = this.libSum[h] / count;
    if (l !== Math.floor(l) || this.color[l] !== EMPTY) return false;
    const { rlibStart, rlib } = this.graph;
    let links = 0;
    for (let i = rlibStart[l], end = rlibStart[l + 1]; i < end; i++) {
      const u = rlib[i];
      if (this.color[u] !== EMPTY && this.head[u] === h) links++;
    }
    return links === count;
  }

  /** The liberty of a chain in atari (meaningful only when `inAtari(h)`). */
  atariLiberty(h: number): number {
    return this.libSum[h] / this.libCount[h];
  }

  /** Distinct liberties of the chain with head h, counted by walking it (not for hot loops). */
  exactLibertyCount(h: number): number {
    const generation = this.nextStamp();
    const { libStart, lib } = this.graph;
    let count = 0;
    let s = h;
    do {
      for (let i = libStart[s]; i < libStart[s + 1]; i++) {
        const w = lib[i];
        if (this.color[w] === EMPTY && this.stamp[w] !== generation) {
          this.stamp[w] = generation;
          count++;
        }
      }
      s = this.next[s];
    } while (s !== h);
    return count;
  }

  private nextStamp(): number {
    this.stampGeneration = (this.stampGeneration + 1) >>> 0;
    if (this.stampGeneration === 0) {
      this.stamp.fill(0);
      this.stampGeneration = 1;
    }
    return this.stampGeneration;
  }

  /**
   * Exchanges the empty-list entries at i and j, so that a playout can draw empty vertices without replacement in
   * place. The list's order matters only to undo, so the undo log is forgotten.
   */
  swapEmptyEntries(i: number, j: number): void {
    this.forgetUndo();
    const list = this.emptyList;
    const a = list[i];
    const b = list[j];
    list[i] = b;
    list[j] = a;
    this.emptyIndex[b] = i;
    this.emptyIndex[a] = j;
  }

  private removeEmpty(v: number): void {
    const i = this.emptyIndex[v];
    const last = this.emptyList[--this.emptyCount];
    this.emptyList[i] = last;
    this.emptyIndex[last] = i;
  }

  private appendEmpty(v: number): void {
    this.emptyIndex[v] = this.emptyCount;
    this.emptyList[this.emptyCount++] = v;
  }

  /**
   * Places a stone of colour c (1..9) on the empty vertex v and applies captures: chains of other colours left
   * without liberty are removed all at once, then the mover's own chain if it has none (self-capture). With
   * `suicideAllowed` false a self-capturing move is refused (PLAY_SUICIDE) and nothing changes.
   * Precondition: color[v] === EMPTY.
   */
  play(v: number, c: number, suicideAllowed: boolean): number {
    if (this.frameTop + FRAME_SIZE > this.frames.length) this.frames = grown(this.frames, this.frames.length * 2);
    const f = this.frameTop;
    const fr = this.frames;
    fr[f + F_V] = v;
    fr[f + F_COLOR] = c;
    fr[f + F_EMPTY_INDEX] = this.emptyIndex[v];
    fr[f + F_HEAD] = this.head[v];
    fr[f + F_NEXT] = this.next[v];
    fr[f + F_SIZE] = this.size[v];
    fr[f + F_LIB_COUNT] = this.libCount[v];
    fr[f + F_LIB_SUM] = this.libSum[v];
    fr[f + F_LIB_SUMSQ] = this.libSumSq[v];
    fr[f + F_HASH_LO] = this.hashLo;
    fr[f + F_HASH_HI] = this.hashHi;
    fr[f + F_KO] = this.koVertex;
    fr[f + F_CAPTURED] = this.captured;
    fr[f + F_SELF_CAPTURED] = this.selfCaptured;
    fr[f + F_MERGE_START] = this.mergeTop;
    fr[f + F_CAPTURE_START] = this.captureTop;
    this.frameTop = f + FRAME_SIZE;
    this.logging = true;
    return this.apply(v, c, suicideAllowed, f);
  }

  /**
   * Plays like `play` with self-capture allowed, but keeps no undo record, empties the undo log and leaves the
   * hash stale until the next `copyFrom` or `clear`: the fast path for playouts, which never take a move back and
   * never compare positions. Precondition: color[v] === EMPTY.
   */
  playQuick(v: number, c: number): void {
    this.forgetUndo();
    this.logging = false;
    this.apply(v, c, true, -1);
  }

  /** The move itself; `frame` is the undo frame to complete (-1 when not logging). */
  private apply(v: number, c: number, suicideAllowed: boolean, frame: number): number {
    const g = this.graph;
    const color = this.color;
    const head = this.head;
    const libCount = this.libCount;
    const libSum = this.libSum;
    const libSumSq = this.libSumSq;

    color[v] = c;
    this.removeEmpty(v);
    if (this.logging) {
      this.hashLo ^= zobristLo(v, c);
      this.hashHi ^= zobristHi(v, c);
    }

    // v stops being a liberty of every chain holding a stone u with v in lib(u). A chain of another colour whose
    // count reaches 0 here is captured (step 1); it reaches 0 exactly once, so it is listed once.
    const buffer = this.chainBuffer;
    let chains = 0;
    const rlibStart = g.rlibStart;
    const rlib = g.rlib;
    const vv = v * v;
    let count = 0;
    let sum = 0;
    let sumSq = 0;
    // v is in lib(u) exactly for the u in rlib(v).
    const emptyNeighbours = this.emptyNeighbours;
    const own = this.ownBuffer;
    let owns = 0;
    if (this.undirected) {
      // One pass: without arcs the liberty neighbours, the reverse ones and the neighbours to join are one list.
      for (let i = rlibStart[v], end = rlibStart[v + 1]; i < end; i++) {
        const u = rlib[i];
        const cu = color[u];
        emptyNeighbours[u]--;
        if (cu === EMPTY) {
          count++;
          sum += u;
          sumSq += u * u;
        } else {
          const h = head[u];
          libSum[h] -= v;
          libSumSq[h] -= vv;
          if (--libCount[h] === 0 && cu !== c) buffer[chains++] = h;
          if (cu === c) {
            let k = 0;
            while (k < owns && own[k] !== h) k++;
            if (k === owns) own[owns++] = h;
          }
        }
      }
    } else {
      for (let i = rlibStart[v], end = rlibStart[v + 1]; i < end; i++) {
        const u = rlib[i];
        const cu = color[u];
        emptyNeighbours[u]--;
        if (cu !== EMPTY) {
          const h = head[u];
          libSum[h] -= v;
          libSumSq[h] -= vv;
          if (--libCount[h] === 0 && cu !== c) buffer[chains++] = h;
        }
      }
      const libStart = g.libStart;
      const lib = g.lib;
      for (let i = libStart[v], end = libStart[v + 1]; i < end; i++) {
        const w = lib[i];
        if (color[w] === EMPTY) {
          count++;
          sum += w;
          sumSq += w * w;
        }
      }
    }

    // The new stone is a chain of its own...
    head[v] = v;
    this.next[v] = v;
    this.size[v] = 1;
    libCount[v] = count;
    libSum[v] = sum;
    libSumSq[v] = sumSq;

    // ...joined to every neighbouring chain of its colour (groups connect both ways along arcs).
    let hv = v;
    if (this.undirected) {
      for (let k = 0; k < owns; k++) hv = this.merge(hv, own[k]);
    } else {
      const adjStart = g.adjStart;
      const adj = g.adj;
      for (let i = adjStart[v], end = adjStart[v + 1]; i < end; i++) {
        const w = adj[i];
        if (color[w] === c && head[w] !== hv) hv = this.merge(hv, head[w]);
      }
    }

    let captured = 0;
    if (chains > 0) captured = this.removeChains(chains);
    if (frame >= 0) this.frames[frame + F_SELF_START] = this.captureTop;

    // Step 2: self-capture.
    let selfCaptured = 0;
    if (libCount[hv] === 0) {
      if (!suicideAllowed && frame >= 0) {
        this.undo();
        return PLAY_SUICIDE;
      }
      buffer[0] = hv;
      selfCaptured = this.removeChains(1);
    }

    this.captured = captured;
    this.selfCaptured = selfCaptured;
    this.koVertex =
      captured === 1 && selfCaptured === 0 && hv === v && this.size[v] === 1 && libCount[v] === 1 && libSum[v] === buffer[0]
        ? buffer[0]
        : -1;
    return PLAY_OK;
  }

  /** Joins chains a and b (heads); the larger keeps its head. Returns the surviving head. */
  private merge(a: number, b: number): number {
    const size = this.size;
    const survivor = size[a] >= size[b] ? a : b;
    const absorbed = survivor === a ? b : a;
    if (this.logging) {
      if (this.mergeTop + MERGE_SIZE > this.merges.length) this.merges = grown(this.merges, this.merges.length * 2);
      const m = this.merges;
      const t = this.mergeTop;
      m[t] = survivor;
      m[t + 1] = absorbed;
      m[t + 2] = size[survivor];
      m[t + 3] = this.libCount[survivor];
      m[t + 4] = this.libSum[survivor];
      m[t + 5] = this.libSumSq[survivor];
      this.mergeTop = t + MERGE_SIZE;
    }

    const head = this.head;
    const next = this.next;
    let s = absorbed;
    do {
      head[s] = survivor;
      s = next[s];
    } while (s !== absorbed);
    const tmp = next[survivor];
    next[survivor] = next[absorbed];
    next[absorbed] = tmp;
    size[survivor] += size[absorbed];
    this.libCount[survivor] += this.libCount[absorbed];
    this.libSum[survivor] += this.libSum[absorbed];
    this.libSumSq[survivor] += this.libSumSq[absorbed];
    return survivor;
  }

  /**
   * Removes the chains whose heads are chainBuffer[0..k) all at once: first every stone is emptied, then the
   * liberties they open are credited, so chains removed together never credit each other. Returns stones removed.
   */
  private removeChains(k: number): number {
    const color = this.color;
    const next = this.next;
    const buffer = this.chainBuffer;
    const logging = this.logging;
    while (logging && this.captureTop + CAPTURE_SIZE * k > this.captures.length) {
      this.captures = grown(this.captures, this.captures.length * 2);
    }
    let removed = 0;
    let hashLo = this.hashLo;
    let hashHi = this.hashHi;
    const hashing = this.logging;
    for (let j = 0; j < k; j++) {
      const h = buffer[j];
      const col = color[h];
      if (logging) {
        const t = this.captureTop;
        this.captures[t] = h;
        this.captures[t + 1] = col;
        this.captures[t + 2] = this.size[h];
        this.captureTop = t + CAPTURE_SIZE;
      }
      let s = h;
      do {
        color[s] = EMPTY;
        if (hashing) {
          hashLo ^= zobristLo(s, col);
          hashHi ^= zobristHi(s, col);
        }
        this.appendEmpty(s);
        removed++;
        s = next[s];
      } while (s !== h);
    }
    this.hashLo = hashLo;
    this.hashHi = hashHi;
    for (let j = 0; j < k; j++) this.creditLiberties(buffer[j], 1);
    return removed;
  }

  /**
   * Each stone of the (now empty) chain at h becomes, or (sign -1) stops being, a liberty of its rlib chains and an
   * empty neighbour of its rlib vertices.
   */
  private creditLiberties(h: number, sign: number): void {
    const { rlibStart, rlib } = this.graph;
    const color = this.color;
    const head = this.head;
    const next = this.next;
    const emptyNeighbours = this.emptyNeighbours;
    let s = h;
    do {
      const ss = s * s;
      for (let i = rlibStart[s], end = rlibStart[s + 1]; i < end; i++) {
        const u = rlib[i];
        emptyNeighbours[u] += sign;
        if (color[u] !== EMPTY) {
          const hu = head[u];
          this.libCount[hu] += sign;
          this.libSum[hu] += sign * s;
          this.libSumSq[hu] += sign * ss;
        }
      }
      s = next[s];
    } while (s !== h);
  }

  /** Puts back the chains recorded in captures[from..to), removed together by one step of a play. */
  private restoreChains(from: number, to: number): void {
    const captures = this.captures;
    for (let t = from; t < to; t += CAPTURE_SIZE) this.creditLiberties(captures[t], -1);
    const color = this.color;
    const next = this.next;
    const walk = this.walkBuffer;
    // Stones were appended to the empty list chain by chain in cycle order; pop them in exactly reverse order.
    for (let t = to - CAPTURE_SIZE; t >= from; t -= CAPTURE_SIZE) {
      const h = captures[t];
      const col = captures[t + 1];
      let k = 0;
      let s = h;
      do {
        walk[k++] = s;
        s = next[s];
      } while (s !== h);
      for (let j = k - 1; j >= 0; j--) {
        color[walk[j]] = col;
        this.emptyCount--;
      }
      this.size[h] = captures[t + 2];
      this.libCount[h] = 0;
      this.libSum[h] = 0;
      this.libSumSq[h] = 0;
    }
  }

  /** Takes back the last play exactly. Returns false when there is nothing to undo. */
  undo(): boolean {
    if (this.frameTop === 0) return false;
    const f = this.frameTop - FRAME_SIZE;
    const fr = this.frames;
    const v = fr[f + F_V];
    const selfStart = fr[f + F_SELF_START];
    const captureStart = fr[f + F_CAPTURE_START];
    const mergeStart = fr[f + F_MERGE_START];

    if (this.captureTop > selfStart) this.restoreChains(selfStart, this.captureTop);
    if (selfStart > captureStart) this.restoreChains(captureStart, selfStart);
    this.captureTop = captureStart;

    const head = this.head;
    const next = this.next;
    const m = this.merges;
    while (this.mergeTop > mergeStart) {
      const t = this.mergeTop - MERGE_SIZE;
      const survivor = m[t];
      const absorbed = m[t + 1];
      const tmp = next[survivor];
      next[survivor] = next[absorbed];
      next[absorbed] = tmp;
      let s = absorbed;
      do {
        head[s] = absorbed;
        s = next[s];
      } while (s !== absorbed);
      this.size[survivor] = m[t + 2];
      this.libCount[survivor] = m[t + 3];
      this.libSum[survivor] = m[t + 4];
      this.libSumSq[survivor] = m[t + 5];
      this.mergeTop = t;
    }

    // v is a lone stone again: give it back as a liberty, then lift it.
    const { rlibStart, rlib } = this.graph;
    const color = this.color;
    const vv = v * v;
    const emptyNeighbours = this.emptyNeighbours;
    for (let i = rlibStart[v], end = rlibStart[v + 1]; i < end; i++) {
      const u = rlib[i];
      emptyNeighbours[u]++;
      if (color[u] !== EMPTY) {
        const h = head[u];
        this.libCount[h]++;
        this.libSum[h] += v;
        this.libSumSq[h] += vv;
      }
    }
    color[v] = EMPTY;
    // Reverse of removeEmpty: the vertex that filled v's slot goes back to the end. When v itself was last, nothing
    // filled its slot (and what the slot holds now is a stale entry from later moves, not a vertex to move).
    const i = fr[f + F_EMPTY_INDEX];
    if (i !== this.emptyCount) {
      const moved = this.emptyList[i];
      this.emptyList[this.emptyCount] = moved;
      this.emptyIndex[moved] = this.emptyCount;
    }
    this.emptyList[i] = v;
    this.emptyIndex[v] = i;
    this.emptyCount++;

    head[v] = fr[f + F_HEAD];
    next[v] = fr[f + F_NEXT];
    this.size[v] = fr[f + F_SIZE];
    this.libCount[v] = fr[f + F_LIB_COUNT];
    this.libSum[v] = fr[f + F_LIB_SUM];
    this.libSumSq[v] = fr[f + F_LIB_SUMSQ];
    this.hashLo = fr[f + F_HASH_LO];
    this.hashHi = fr[f + F_HASH_HI];
    this.koVertex = fr[f + F_KO];
    this.captured = fr[f + F_CAPTURED];
    this.selfCaptured = fr[f + F_SELF_CAPTURED];
    this.frameTop = f;
    return true;
  }

  /** Number of stones of each colour (index 0: empty vertices). */
  stoneCounts(colors: number): number[] {
    const counts = new Array<number>(colors + 1).fill(0);
    for (let v = 0; v < this.n; v++) counts[this.color[v]]++;
    return counts;
  }

  /** One character per vertex in index order: `.` empty, `1`..`9` a colour (get_state, docs/protocol.md). */
  toText(): string {
    let s = '';
    for (let v = 0; v < this.n; v++) s += this.color[v] === EMPTY ? '.' : String(this.color[v]);
    return s;
  }
}

