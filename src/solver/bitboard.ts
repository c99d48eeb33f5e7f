/**
 * The exact solver's board: a colouring of at most 32 vertices as two 32-bit masks (black, white).
 *
 * Why not src/position.ts: the solver undoes by restoring two integers, compares colourings exactly (the pair of
 * masks *is* the colouring, so superko and the transposition table need no hash and have no collisions), and
 * permutes colourings under graph automorphisms with table lookups. Graphs small enough to solve exactly are far
 * below 32 vertices, so nothing is lost. The rules are docs/rules.md's, on the same three relations as src/graph.ts:
 * `adj` (underlying graph: groups, regions), `lib` (v is a liberty of u when v is in lib(u)) and its reverse `rlib`.
 * test/solver/bitboard.test.ts checks every move against src/game.ts.
 *
 * Masks are signed 32-bit integers (bit v is vertex v); `>>> 0` is used only where an order between masks matters.
 */
import type { Graph } from '../graph.js';

/** The largest graph the exact solver takes. */
export const MAX_SOLVER_VERTICES = 32;

/** Result codes of BitBoard.play. */
export const BB_OK = 0;
/** The move would self-capture and suicide is forbidden. */
export const BB_SUICIDE = 1;

/** Number of set bits of a 32-bit mask. */
export function popcount(x: number): number {
  x = x - ((x >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/** Index of the lowest set bit of a non-zero mask. */
export function lowestBit(x: number): number {
  return 31 - Math.clz32(x & -x);
}

/** The union of rows[v] over the vertices v of `set`: the neighbours of a set in one of the board's relations. */
function unionOfRows(rows: Int32Array, set: number): number {
  let out = 0;
  while (set !== 0) {
    const b = set & -set;
    set ^= b;
    out |= rows[31 - Math.clz32(b)];
  }
  return out;
}

export class BitBoard {
  readonly n: number;
  /** All vertices. */
  readonly full: number;
  /** Underlying neighbours of each vertex. */
  readonly adj: Int32Array;
  /** The vertices that are liberties of a stone on v (edges and out-arcs). */
  readonly lib: Int32Array;
  /** The vertices u such that v is a liberty of a stone on u. */
  readonly rlib: Int32Array;

  // Outputs of the last play.
  black = 0;
  white = 0;
  /** Stones of the other colour removed (step 1) and own stones self-captured (step 2) by the last play. */
  captured = 0;
  selfCaptured = 0;

  constructor(graph: Graph) {
    const n = graph.n;
    if (n > MAX_SOLVER_VERTICES) throw new RangeError(`the exact solver takes at most ${MAX_SOLVER_VERTICES} vertices`);
    this.n = n;
    this.full = n === 32 ? -1 : (1 << n) - 1;
    this.adj = new Int32Array(n);
    this.lib = new Int32Array(n);
    this.rlib = new Int32Array(n);
    for (let v = 0; v < n; v++) {
      for (let i = graph.adjStart[v]; i < graph.adjStart[v + 1]; i++) this.adj[v] |= 1 << graph.adj[i];
      for (let i = graph.libStart[v]; i < graph.libStart[v + 1]; i++) {
        const w = graph.lib[i];
        this.lib[v] |= 1 << w;
        this.rlib[w] |= 1 << v;
      }
    }
  }

  /** The chain (same-coloured, connected in the underlying graph) of the stone on v within `own`. */
  chain(v: number, own: number): number {
    return this.component(1 << v, own);
  }

  /** The connected component of `start` (a single bit) within `set` in the underlying graph. */
  component(startBit: number, set: number): number {
    let comp = startBit;
    let frontier = startBit;
    while (frontier !== 0) {
      const grow = unionOfRows(this.adj, frontier) & set & ~comp;
      comp |= grow;
      frontier = grow;
    }
    return comp;
  }

  /** Union of the liberty neighbours of the stones in `stones` (not intersected with the empty vertices). */
  libUnion(stones: number): number {
    return unionOfRows(this.lib, stones);
  }

  /** Union of the underlying neighbours of a set. */
  adjUnion(set: number): number {
    return unionOfRows(this.adj, set);
  }

  /**
   * Colour c (1 black, 2 white) plays on the empty vertex v of the colouring (black, white), docs/rules.md's "A move":
   * chains of the other colour left without liberty are removed all at once, then the mover's chain if it has none.
   * On BB_OK the new colouring is in `black`/`white` and the removed stones in `captured`/`selfCaptured`.
   */
  play(black: number, white: number, v: number, c: number, suicideAllowed: boolean): number {
    const bit = 1 << v;
    let own = (c === 1 ? black : white) | bit;
    let opp = c === 1 ? white : black;
    const emptyBefore = this.full & ~(own | opp);
    let captured = 0;
    // Only chains with a stone u such that v is a liberty of u lost a liberty.
    let candidates = this.rlib[v] & opp;
    while (candidates !== 0) {
      const u = 31 - Math.clz32(candidates & -candidates);
      const ch = this.chain(u, opp);
      candidates &= ~ch;
      if ((this.libUnion(ch) & emptyBefore) === 0) captured |= ch;
    }
    opp &= ~captured;
    const empty = this.full & ~(own | opp);
    const mine = this.chain(v, own);
    let self = 0;
    if ((this.libUnion(mine) & empty) === 0) {
      if (!suicideAllowed) return BB_SUICIDE;
      own &= ~mine;
      self = mine;
    }
    this.captured = captured;
    this.selfCaptured = self;
    if (c === 1) {
      this.black = own;
      this.white = opp;
    } else {
      this.black = opp;
      this.white = own;
    }
    return BB_OK;
  }

  /** Area score, black minus white, of a colouring (stones plus empty regions touching one colour only). */
  areaScore(black: number, white: number): number {
    let score = popcount(black) - popcount(white);
    let empty = this.full & ~(black | white);
    while (empty !== 0) {
      const region = this.component(empty & -empty, empty);
      empty &= ~region;
      const touch = this.adjUnion(region);
      const b = (touch & black) !== 0;
      const w = (touch & white) !== 0;
      if (b && !w) score += popcount(region);
      else if (w && !b) score -= popcount(region);
    }
    return score;
  }

  /** Whether every chain of the colouring has a liberty (a position reachable by play). */
  legalColouring(black: number, white: number): boolean {
    const empty = this.full & ~(black | white);
    for (const own of [black, white]) {
      let left = own;
      while (left !== 0) {
        const ch = this.chain(31 - Math.clz32(left & -left), own);
        left &= ~ch;
        if ((this.libUnion(ch) & empty) === 0) return false;
      }
    }
    return true;
  }
}

/** The masks of a colouring given as a colour array (0 empty, 1 black, 2 white). */
export function masksOf(color: ArrayLike<number>): { black: number; white: number } {
  let black = 0;
  let white = 0;
  for (let v = 0; v < color.length; v++) {
    if (color[v] === 1) black |= 1 << v;
    else if (color[v] === 2) white |= 1 << v;
  }
  return { black, white };
}
