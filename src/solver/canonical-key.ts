/**
 * The solver's table key of a colouring: its least image (black mask, then white, as unsigned numbers) under the
 * automorphisms, with the automorphism that gives it, so that masks, history items and best moves can be mapped into
 * the canonical frame and back (docs/solver.md, "Symmetry"). Any automorphism is sound there; a key shared by more
 * images of one colouring merges more transpositions.
 *
 * On small graphs (at most MAX_CACHED_VERTICES vertices) the answer is cached per colouring, in a table indexed by
 * the two masks, filled on first use, and by default every automorphism found is used: the scan over the group (720
 * permutations on the complete graph on 6 vertices) is paid once per colouring, then a key costs one lookup. On
 * larger graphs the key is computed every time, by default over the first DEFAULT_SCAN_LIMIT automorphisms, which is
 * a canonical form only when the group has at most that many elements. A `limit` caps the automorphisms used either
 * way (for measurements).
 */
import type { Symmetries } from './symmetry.js';

/** Graphs up to this many vertices get the cached key (4^10 entries of 2 bytes: 2 MiB). */
export const MAX_CACHED_VERTICES = 10;
/** How many automorphisms an uncached key scans, by default: each key costs a scan. */
export const DEFAULT_SCAN_LIMIT = 48;

export class CanonicalKeys {
  /** Outputs of the last of(): which automorphism (-1: the identity) and the image. */
  canon = -1;
  black = 0;
  white = 0;
  private readonly symmetries: Symmetries;
  private readonly n: number;
  private readonly scanCount: number;
  /** Per colouring (black << n | white): the automorphism + 2, or 0 when not computed yet. */
  private readonly cache: Int16Array | null;

  constructor(symmetries: Symmetries, n: number, limit: number | null) {
    this.symmetries = symmetries;
    this.n = n;
    const cached = n <= MAX_CACHED_VERTICES && symmetries.count > 0;
    this.scanCount = Math.min(symmetries.count, limit ?? (cached ? symmetries.count : DEFAULT_SCAN_LIMIT));
    this.cache = cached ? new Int16Array(1 << (2 * n)) : null;
  }

  /** How many automorphisms the key is the least image under (besides the identity). */
  get automorphismsUsed(): number {
    return this.scanCount;
  }

  /** Sets canon, black, white for the colouring. */
  of(black: number, white: number): void {
    const cache = this.cache;
    if (cache === null) {
      this.scan(black, white);
      return;
    }
    const index = (black << this.n) | white;
    const known = cache[index];
    if (known === 0) {
      this.scan(black, white);
      cache[index] = this.canon + 2;
      return;
    }
    const k = known - 2;
    this.canon = k;
    this.black = k < 0 ? black : this.symmetries.apply(k, black);
    this.white = k < 0 ? white : this.symmetries.apply(k, white);
  }

  private scan(black: number, white: number): void {
    const sym = this.symmetries;
    let cB = black;
    let cW = white;
    let canon = -1;
    for (let k = 0; k < this.scanCount; k++) {
      const b = sym.apply(k, black);
      const w = sym.apply(k, white);
      if (b >>> 0 < cB >>> 0 || (b === cB && w >>> 0 < cW >>> 0)) {
        cB = b;
        cW = w;
        canon = k;
      }
    }
    this.canon = canon;
    this.black = cB;
    this.white = cW;
  }
}
