/**
 * A signature of a colouring that every automorphism the solver uses leaves unchanged: one bit out of 64, from the
 * number of black and of white stones in each vertex orbit and the number of black-black, white-white and
 * black-white adjacent pairs. df-pn stores, with each proof, the union of the signatures of the colourings its search
 * met (a one-hash Bloom filter over C(T), see dfpn.ts): a history colouring whose signature bit is not in it is not
 * in C(T), so it cannot make the proof unsound there, whatever the three masks say.
 *
 * Why invariant: a table entry is stored in the canonical frame and used in the board's frame, and a disproof that
 * skipped moves equivalent under the path stabiliser stands for their images as well (docs/solver.md, "Symmetry");
 * masks have to be mapped and closed under those permutations. A filter of invariant signatures needs neither: the
 * image of a colouring under any of the found automorphisms has the same signature. The orbits are those of the group
 * the found automorphisms generate (each maps every such orbit onto itself), so this holds even when the search for
 * automorphisms stopped at its limit.
 *
 * On the complete graph the counts alone separate every orbit of colourings (the 28 pairs of stone counts on 6
 * vertices), where the masks of a proof that met a capture allow nearly every colouring.
 */
import type { BitBoard } from './bitboard.js';
import { popcount } from './bitboard.js';
import type { Symmetries } from './symmetry.js';

/** Graphs up to this many vertices keep every colouring's signature in a table (4^n bytes). */
const CACHED_VERTICES = 8;

export class ColouringSignature {
  private readonly adj: Int32Array;
  /** The vertex orbits, as masks. */
  readonly orbits: Int32Array;
  /**
   * Every colouring's signature, indexed by black << n | white, on graphs of at most CACHED_VERTICES vertices (64 KiB
   * at 8): df-pn asks for one at every child and every history item, and the table stays in the processor's cache.
   */
  private readonly cache: Uint8Array | null;
  private readonly n: number;

  constructor(bb: BitBoard, symmetries: Symmetries) {
    this.adj = bb.adj;
    // Union-find over v ~ p[v] for every found automorphism p.
    const parent = new Int32Array(bb.n);
    for (let v = 0; v < bb.n; v++) parent[v] = v;
    const root = (v: number): number => {
      while (parent[v] !== v) v = parent[v] = parent[parent[v]];
      return v;
    };
    for (const p of symmetries.perms) {
      for (let v = 0; v < bb.n; v++) {
        const a = root(v);
        const b = root(p[v]);
        if (a !== b) parent[a < b ? b : a] = a < b ? a : b;
      }
    }
    const masks: number[] = [];
    for (let v = 0; v < bb.n; v++) {
      if (root(v) !== v) continue;
      let m = 0;
      for (let w = 0; w < bb.n; w++) if (root(w) === v) m |= 1 << w;
      masks.push(m);
    }
    this.orbits = Int32Array.from(masks);
    this.n = bb.n;
    this.cache = null;
    if (bb.n <= CACHED_VERTICES) {
      const cache = new Uint8Array(1 << (2 * bb.n));
      const full = (1 << bb.n) - 1;
      for (let black = 0; black <= full; black++) {
        // Every white subset of the vertices black leaves empty.
        const free = full & ~black;
        for (let white = free; ; white = (white - 1) & free) {
          cache[(black << bb.n) | white] = this.compute(black, white);
          if (white === 0) break;
        }
      }
      this.cache = cache;
    }
  }

  /** The signature bit of a colouring, 0..63. */
  of(black: number, white: number): number {
    const cache = this.cache;
    return cache !== null ? cache[(black << this.n) | white] : this.compute(black, white);
  }

  private compute(black: number, white: number): number {
    const orbits = this.orbits;
    let h = 0x2545f491;
    for (let i = 0; i < orbits.length; i++) {
      const o = orbits[i];
      h = Math.imul(h ^ (popcount(black & o) | (popcount(white & o) << 6)), 0x9e3779b1);
      h ^= h >>> 15;
    }
    // Adjacent pairs, each counted from both ends (the sums are invariant all the same).
    const adj = this.adj;
    let bb = 0;
    let ww = 0;
    let bw = 0;
    let m = black | white;
    while (m !== 0) {
      const v = 31 - Math.clz32(m & -m);
      m &= m - 1;
      const a = adj[v];
      if ((black >> v) & 1) {
        bb += popcount(a & black);
        bw += popcount(a & white);
      } else {
        ww += popcount(a & white);
      }
    }
    h = Math.imul(h ^ bb ^ (ww << 10) ^ (bw << 20), 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
    return h & 63;
  }
}
