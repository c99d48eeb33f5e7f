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
 *
 * A colouring with automorphisms of its own (its stabiliser) reaches its key through several automorphisms, one per
 * element of the stabiliser; `keyMaps` lists them all (up to MAX_KEY_MAPS), so that a table entry stored under the key
 * can be read back through any of them: each gives a different image of the entry's conditions in the board's frame,
 * and a proof refused through one may hold through another (docs/solver.md, "Stabiliser probes").
 */
import { grown } from '../grown.js';
import type { Symmetries } from './symmetry.js';

/** Graphs up to this many vertices get the cached key (4^10 entries of 2 bytes: 2 MiB). */
export const MAX_CACHED_VERTICES = 10;
/** How many automorphisms an uncached key scans, by default: each key costs a scan. */
export const DEFAULT_SCAN_LIMIT = 48;
/** The most automorphisms keyMaps lists for one colouring (the complete graph on 6 vertices has 720). */
export const MAX_KEY_MAPS = 720;

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
  /**
   * keyMaps' output: the automorphisms (-1: the identity) that map the colouring to its key, from `mapsFrom` to
   * `mapsTo` in `maps`. With cached keys, `maps` is a pool holding each colouring's list once computed (mapsAt[index]
   * is its start + 1, 0 when not computed yet; mapsLength[index] its length), else a scratch list.
   */
  maps: Int32Array = new Int32Array(64);
  mapsFrom = 0;
  mapsTo = 0;
  private mapsUsed = 0;
  private mapsAt: Int32Array | null = null;
  private mapsLength: Int16Array | null = null;

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

  /**
   * Sets maps[mapsFrom..mapsTo) to every automorphism (up to MAX_KEY_MAPS, among those keys use) that maps the
   * colouring to its key, the one of() gives first. Leaves of()'s outputs set for the colouring.
   */
  keyMaps(black: number, white: number): void {
    this.of(black, white);
    if (this.cache === null) {
      this.mapsUsed = 0;
      this.listMaps(black, white);
      this.mapsFrom = 0;
      this.mapsTo = this.mapsUsed;
      return;
    }
    if (this.mapsAt === null) {
      this.mapsAt = new Int32Array(this.cache.length);
      this.mapsLength = new Int16Array(this.cache.length);
    }
    const index = (black << this.n) | white;
    const at = this.mapsAt[index];
    if (at === 0) {
      const from = this.mapsUsed;
      this.listMaps(black, white);
      this.mapsAt[index] = from + 1;
      (this.mapsLength as Int16Array)[index] = this.mapsUsed - from;
      this.mapsFrom = from;
      this.mapsTo = this.mapsUsed;
      return;
    }
    this.mapsFrom = at - 1;
    this.mapsTo = at - 1 + (this.mapsLength as Int16Array)[index];
  }

  /** Appends the colouring's key maps to the pool (of() ran on it: canon, black, white are its key). */
  private listMaps(black: number, white: number): void {
    const sym = this.symmetries;
    const keyB = this.black;
    const keyW = this.white;
    const start = this.mapsUsed;
    this.pushMap(this.canon);
    if (this.canon >= 0 && black === keyB && white === keyW) this.pushMap(-1);
    for (let k = 0; k < this.scanCount && this.mapsUsed - start < MAX_KEY_MAPS; k++) {
      if (k === this.canon) continue;
      if (sym.apply(k, black) === keyB && sym.apply(k, white) === keyW) this.pushMap(k);
    }
  }

  private pushMap(k: number): void {
    if (this.mapsUsed === this.maps.length) this.maps = grown(this.maps, this.maps.length * 2);
    this.maps[this.mapsUsed++] = k;
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
