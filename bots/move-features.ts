/**
 * Features of a candidate move, for the learned prior (bots/learned-prior.ts) and for training it
 * (scripts/train-prior.mjs): the tactical facts Coulom's move-pattern model rates ("Computing Elo Ratings of Move
 * Patterns in the Game of Go", 2007), on any graph: captures, escapes from atari, self-atari, ataris, the distance
 * to the last two moves along the graph's edges, the board line and an empty neighbourhood (lattices with an edge),
 * cutting and connecting, and on square lattices the 3x3 shape around the move and the wider shape that adds the four
 * points two steps away along the lines (a diamond of 12 points, the smallest of Coulom's larger patterns).
 *
 * Each feature group gives one small integer per move (0: the feature is absent); the model keeps one strength
 * (gamma) per group and value. Computed at expansion only, never in playouts.
 */
import type { Position } from '../src/position.js';
import { EMPTY } from '../src/vocabulary.js';
import type { BoardLines } from './board-lines.js';
import { emptyArea } from './board-lines.js';
import type { SquarePatterns } from './patterns.js';

/** The feature groups, in the order of MoveFeatures.compute's output. */
export const FEATURE_GROUPS = [
  'capture',
  'escape',
  'selfAtari',
  'atari',
  'lastDistance',
  'secondDistance',
  'line',
  'cutConnect',
  'ownTwoLiberties',
  'enemyThreeLiberties',
  'shape',
  'wideShape',
] as const;
export const FEATURE_GROUP_COUNT = FEATURE_GROUPS.length;
export const SHAPE_GROUP = FEATURE_GROUPS.indexOf('shape');
export const WIDE_SHAPE_GROUP = FEATURE_GROUPS.indexOf('wideShape');
/**
 * Values per group. The shape group's values are 16-bit codes of the eight surrounding states; the wide shape's are
 * 24-bit codes, the shape's 16 bits and above them the four points two steps away (north, east, south, west), which
 * a model keeps only when it has seen them often (a dictionary, not a table).
 */
export const FEATURE_VALUES = [5, 7, 3, 3, 5, 5, 9, 4, 3, 3, 1 << 16, 1 << 24] as const;
/** Distances to the last moves beyond this are one value ("far", or no such move). */
const MAX_DISTANCE = 3;
/** Liberties are counted up to this many (more is "many"). */
const LIBERTY_CAP = 3;
const OFF_BOARD = 3;

export class MoveFeatures {
  private readonly stamp: Uint32Array;
  private epoch = 0;
  private readonly queue: Int32Array;
  /** Distance along edges from the last move and the one before (1..MAX_DISTANCE, MAX_DISTANCE + 1 farther). */
  private readonly lastDistance: Uint8Array;
  private readonly secondDistance: Uint8Array;
  /** Liberties of chains (by head, up to 4) counted since prepare(): each chain is walked once per position. */
  private readonly chainLiberties: Uint8Array;
  private readonly chainStamp: Uint32Array;
  private positionEpoch = 0;

  constructor(
    n: number,
    private readonly patterns: SquarePatterns | null,
    private readonly lines: BoardLines | null,
  ) {
    this.stamp = new Uint32Array(n);
    this.queue = new Int32Array(n);
    this.lastDistance = new Uint8Array(n);
    this.secondDistance = new Uint8Array(n);
    this.chainLiberties = new Uint8Array(n);
    this.chainStamp = new Uint32Array(n);
  }

  /** Sets up the distances for a position whose last two moves were `last` and `secondLast` (-1: none or a pass). */
  prepare(p: Position, last: number, secondLast: number): void {
    this.distancesFrom(p, last, this.lastDistance);
    this.distancesFrom(p, secondLast, this.secondDistance);
    this.positionEpoch = (this.positionEpoch + 1) >>> 0;
    if (this.positionEpoch === 0) {
      this.chainStamp.fill(0);
      this.positionEpoch = 1;
    }
  }

  /**
   * The feature values of a move by `c` at the empty, legal vertex v, into out[0..FEATURE_GROUP_COUNT). Needs
   * prepare() for the same position first.
   */
  compute(p: Position, v: number, c: number, out: Int32Array): void {
    const { adjStart, adj } = p.graph;
    const color = p.color;
    const head = p.head;
    let capturedStones = 0;
    let rescue = false;
    let savesSize = 0;
    let ataris = 0;
    let atariBig = false;
    let own = -1;
    let enemy = -1;
    let cut = false;
    let connect = false;
    let ownTwo = false;
    let enemyThree = 0;
    for (let i = adjStart[v], end = adjStart[v + 1]; i < end; i++) {
      const w = adj[i];
      const cw = color[w];
      if (cw === EMPTY) continue;
      const h = head[w];
      if (cw === c) {
        if (own >= 0 && own !== h) connect = true;
        own = h;
        if (this.metBefore(p, adjStart[v], i, h)) continue;
        if (p.inAtari(h)) savesSize += p.size[h];
        else if (this.chainLibertiesOf(p, h) === 2) ownTwo = true;
      } else {
        if (enemy >= 0 && enemy !== h) cut = true;
        enemy = h;
        if (this.metBefore(p, adjStart[v], i, h)) continue;
        if (p.inAtari(h)) {
          capturedStones += p.size[h];
          if (this.touchesOwnInAtari(p, h, c)) rescue = true;
        } else {
          const liberties = this.chainLibertiesOf(p, h);
          if (liberties === 2) {
            ataris++;
            if (p.size[h] >= 2) atariBig = true;
          } else if (liberties === 3) {
            enemyThree = Math.max(enemyThree, p.size[h] >= 2 ? 2 : 1);
          }
        }
      }
    }
    out[0] = capturedStones === 0 ? 0 : rescue ? 4 : capturedStones === 1 ? 1 : capturedStones <= 4 ? 2 : 3;
    let libertiesAfter = LIBERTY_CAP;
    let sizeAfter = 1;
    if (capturedStones === 0) {
      libertiesAfter = this.libertiesAfter(p, v, c);
      // Only a self-atari needs the size.
      if (libertiesAfter <= 1) sizeAfter = this.sizeAfter(p, v, c);
    }
    out[1] = savesSize === 0 || capturedStones > 0 ? 0 : (savesSize === 1 ? 0 : 3) + libertiesAfter;
    out[2] = capturedStones > 0 || libertiesAfter > 1 ? 0 : sizeAfter === 1 ? 1 : 2;
    out[3] = ataris === 0 ? 0 : atariBig ? 2 : 1;
    out[4] = this.lastDistance[v];
    out[5] = this.secondDistance[v];
    const lines = this.lines;
    out[6] = lines === null ? 0 : lines.line[v] + (emptyArea(p, v) ? 4 : 0);
    out[7] = (cut ? 1 : 0) + (connect ? 2 : 0);
    out[8] = !ownTwo || capturedStones > 0 || savesSize > 0 ? 0 : libertiesAfter >= 3 ? 2 : 1;
    out[9] = enemyThree;
    if (this.patterns === null) {
      out[10] = 0;
      out[11] = 0;
    } else {
      out[10] = this.shapeCode(p, v, c);
      out[11] = out[10] | (this.farCode(p, v, c) << 16);
    }
  }

  /**
   * The eight states around v from the mover's side (1 own, 2 enemy, 0 empty, 3 off the board), two bits each,
   * clockwise from north: the shape feature's raw code (the model folds its symmetries).
   */
  shapeCode(p: Position, v: number, c: number): number {
    const ring = this.patterns!.ring;
    const color = p.color;
    let code = 0;
    for (let k = 0; k < 8; k++) {
      const w = ring[8 * v + k];
      const s = w < 0 ? OFF_BOARD : color[w] === EMPTY ? 0 : color[w] === c ? 1 : 2;
      code |= s << (2 * k);
    }
    return code;
  }

  /** The states of the four points two steps from v along the lines (north, east, south, west), two bits each. */
  farCode(p: Position, v: number, c: number): number {
    const ring = this.patterns!.ring;
    const color = p.color;
    let code = 0;
    for (let j = 0; j < 4; j++) {
      const near = ring[8 * v + 2 * j];
      const w = near < 0 ? -1 : ring[8 * near + 2 * j];
      const s = w < 0 ? OFF_BOARD : color[w] === EMPTY ? 0 : color[w] === c ? 1 : 2;
      code |= s << (2 * j);
    }
    return code;
  }

  private metBefore(p: Position, start: number, i: number, h: number): boolean {
    const adj = p.graph.adj;
    for (let j = start; j < i; j++) if (p.color[adj[j]] !== EMPTY && p.head[adj[j]] === h) return true;
    return false;
  }

  /** Whether the chain with head h touches a chain of colour c in atari. */
  private touchesOwnInAtari(p: Position, h: number, c: number): boolean {
    const { adjStart, adj } = p.graph;
    let s = h;
    do {
      for (let i = adjStart[s], end = adjStart[s + 1]; i < end; i++) {
        const w = adj[i];
        if (p.color[w] === c && p.inAtari(p.head[w])) return true;
      }
      s = p.next[s];
    } while (s !== h);
    return false;
  }

  /** The chain's distinct liberties, up to 4, walked once per position (prepare). */
  private chainLibertiesOf(p: Position, h: number): number {
    if (this.chainStamp[h] !== this.positionEpoch) {
      this.bump();
      this.chainLiberties[h] = this.countLiberties(p, h, 0, 4);
      this.chainStamp[h] = this.positionEpoch;
    }
    return this.chainLiberties[h];
  }

  private countLiberties(p: Position, h: number, count: number, cap: number): number {
    const { adjStart, adj } = p.graph;
    const stamp = this.stamp;
    const epoch = this.epoch;
    let s = h;
    do {
      for (let i = adjStart[s], end = adjStart[s + 1]; i < end; i++) {
        const w = adj[i];
        if (p.color[w] !== EMPTY || stamp[w] === epoch) continue;
        stamp[w] = epoch;
        if (++count >= cap) return cap;
      }
      s = p.next[s];
    } while (s !== h);
    return count;
  }

  /** The distinct liberties (up to LIBERTY_CAP) of the chain a stone of c at v would make, capturing nothing. */
  private libertiesAfter(p: Position, v: number, c: number): number {
    const { adjStart, adj } = p.graph;
    this.bump();
    const stamp = this.stamp;
    stamp[v] = this.epoch;
    let count = 0;
    for (let i = adjStart[v], end = adjStart[v + 1]; i < end; i++) {
      const w = adj[i];
      if (p.color[w] === EMPTY && stamp[w] !== this.epoch) {
        stamp[w] = this.epoch;
        if (++count >= LIBERTY_CAP) return LIBERTY_CAP;
      }
    }
    let lastHead = -1;
    for (let i = adjStart[v], end = adjStart[v + 1]; i < end; i++) {
      const w = adj[i];
      if (p.color[w] !== c || p.head[w] === lastHead) continue;
      lastHead = p.head[w];
      count = this.countLiberties(p, lastHead, count, LIBERTY_CAP);
      if (count >= LIBERTY_CAP) return LIBERTY_CAP;
    }
    return count;
  }

  /** The stones of the chain a stone of c at v would make. */
  private sizeAfter(p: Position, v: number, c: number): number {
    const { adjStart, adj } = p.graph;
    let size = 1;
    for (let i = adjStart[v], end = adjStart[v + 1]; i < end; i++) {
      const w = adj[i];
      if (p.color[w] === c && !this.metBefore(p, adjStart[v], i, p.head[w])) size += p.size[p.head[w]];
    }
    return size;
  }

  private distancesFrom(p: Position, from: number, distance: Uint8Array): void {
    distance.fill(MAX_DISTANCE + 1);
    if (from < 0) return;
    const { adjStart, adj } = p.graph;
    const queue = this.queue;
    distance[from] = 0;
    queue[0] = from;
    let tail = 1;
    for (let head = 0; head < tail; head++) {
      const u = queue[head];
      const d = distance[u] + 1;
      if (d > MAX_DISTANCE) continue;
      for (let i = adjStart[u], end = adjStart[u + 1]; i < end; i++) {
        const w = adj[i];
        if (distance[w] > d) {
          distance[w] = d;
          queue[tail++] = w;
        }
      }
    }
  }

  private bump(): void {
    this.epoch = (this.epoch + 1) >>> 0;
    if (this.epoch === 0) {
      this.stamp.fill(0);
      this.epoch = 1;
    }
  }
}

/**
 * A shape code (16 bits) or wide shape code (24 bits) under symmetry `index` of the square's eight (0..3: quarter
 * turns; 4..7: the same after a reflection that keeps north and south). Index 0 is the code itself.
 */
export function transformShape(code: number, index: number): number {
  const reflect = index >= 4;
  const rotate = 2 * (index & 3);
  let out = 0;
  for (let k = 0; k < 8; k++) {
    const from = reflect ? (8 - k) & 7 : k;
    out |= ((code >> (2 * ((from + rotate) & 7))) & 3) << (2 * k);
  }
  for (let j = 0; j < 4; j++) {
    const from = reflect ? (8 - 2 * j) & 7 : 2 * j;
    out |= ((code >> (16 + (((from + rotate) & 7) >> 1) * 2)) & 3) << (16 + 2 * j);
  }
  return out;
}

/** The canonical form of a shape or wide shape code under the square's eight symmetries (the least of them). */
export function canonicalShape(code: number): number {
  let best = code;
  for (let index = 1; index < 8; index++) best = Math.min(best, transformShape(code, index));
  return best;
}
