/**
 * Table keys (src/solver/canonical-key.ts) and colouring signatures (src/solver/colouring-signature.ts): what makes
 * df-pn's table merge symmetric positions and accept proofs on dense graphs, and what keeps that sound.
 */
import { describe, expect, it } from 'vitest';
import { BitBoard } from '../../src/solver/bitboard.js';
import { CanonicalKeys } from '../../src/solver/canonical-key.js';
import { ColouringSignature } from '../../src/solver/colouring-signature.js';
import { Symmetries, findAutomorphisms } from '../../src/solver/symmetry.js';
import { Rng } from '../../src/rng.js';
import { graphOf } from './helpers.js';

function symmetriesOf(spec: string): { bb: BitBoard; sym: Symmetries } {
  const bb = new BitBoard(graphOf(spec));
  return { bb, sym: new Symmetries(findAutomorphisms(bb, 2048)) };
}

/** A random colouring: each vertex empty, black or white. */
function randomColouring(rng: Rng, n: number): [number, number] {
  let black = 0;
  let white = 0;
  for (let v = 0; v < n; v++) {
    const c = rng.int(3);
    if (c === 1) black |= 1 << v;
    if (c === 2) white |= 1 << v;
  }
  return [black, white];
}

function keyOf(keys: CanonicalKeys, black: number, white: number): [number, number] {
  keys.of(black, white);
  return [keys.black, keys.white];
}

describe('key maps: every automorphism onto a colouring\'s key', () => {
  function mapsOf(keys: CanonicalKeys, black: number, white: number): number[] {
    keys.keyMaps(black, white);
    return Array.from(keys.maps.subarray(keys.mapsFrom, keys.mapsTo));
  }

  it('one per element of the stabiliser, each giving the key, the key\'s own automorphism first', () => {
    const { sym } = symmetriesOf('complete 6');
    const keys = new CanonicalKeys(sym, 6, null);
    // One black stone (vertex 0), white on 1..4, vertex 5 empty: the stabiliser permutes the four white stones, 4! = 24.
    const black = 0b000001;
    const white = 0b011110;
    const maps = mapsOf(keys, black, white);
    keys.of(black, white);
    expect(maps.length).toBe(24);
    expect(maps[0]).toBe(keys.canon);
    expect(new Set(maps).size).toBe(24);
    for (const k of maps) {
      const b = k < 0 ? black : sym.apply(k, black);
      const w = k < 0 ? white : sym.apply(k, white);
      expect([b, w]).toEqual([keys.black, keys.white]);
    }
    // The cached list is the same on a second call.
    expect(mapsOf(keys, black, white)).toEqual(maps);
  });

  it('a colouring no automorphism fixes has one, and the uncached path (12 vertices) lists the whole stabiliser', () => {
    const { sym } = symmetriesOf('path 5');
    const keys = new CanonicalKeys(sym, 5, null);
    // Path 5 has one automorphism besides the identity (the reversal); black on vertex 0 alone is not fixed by it.
    expect(mapsOf(keys, 0b00001, 0)).toHaveLength(1);
    // Black in the middle is fixed by the reversal: two maps, the identity among them.
    expect(mapsOf(keys, 0b00100, 0).sort()).toEqual([-1, 0]);
    const big = symmetriesOf('cycle 12');
    const uncached = new CanonicalKeys(big.sym, 12, null);
    // Cycle 12 (more than 10 vertices: keys are not cached): 24 automorphisms, all scanned; black on 0 and 6 is fixed
    // by 4 of them (the identity, the half turn, the reflection through 0 and 6, the one swapping them), and every
    // automorphism onto the key is one of them composed with the key's own.
    const maps = mapsOf(uncached, (1 << 0) | (1 << 6), 0);
    uncached.of((1 << 0) | (1 << 6), 0);
    expect(maps.length).toBe(4);
    for (const k of maps) expect(k < 0 ? (1 << 0) | (1 << 6) : big.sym.apply(k, (1 << 0) | (1 << 6))).toBe(uncached.black);
  });
});

describe('canonical table keys', () => {
  it('complete 6: every automorphism (719 besides the identity) is used, so images of a colouring share one key', () => {
    const { sym } = symmetriesOf('complete 6');
    expect(sym.count).toBe(719);
    const keys = new CanonicalKeys(sym, 6, null);
    expect(keys.automorphismsUsed).toBe(719);
    // Black on 0 and 1, white on 2: mapped by an automorphism past the first 48 of the list.
    const black = 0b000011;
    const white = 0b000100;
    const expected = keyOf(keys, black, white);
    for (let k = 48; k < sym.count; k++) {
      expect(keyOf(keys, sym.apply(k, black), sym.apply(k, white))).toEqual(expected);
    }
    // The least black mask puts black on the lowest vertices, then the least white mask white on the next ones.
    expect(expected).toEqual([0b000011, 0b000100]);
  });

  it('the first 48 automorphisms alone leave images of one colouring under different keys (why the limit went)', () => {
    const { sym } = symmetriesOf('complete 6');
    const capped = new CanonicalKeys(sym, 6, 48);
    const keys = new Set<string>();
    for (let k = 0; k < sym.count; k++) keys.add(keyOf(capped, sym.apply(k, 0b000011), sym.apply(k, 0b000100)).join('/'));
    expect(keys.size).toBeGreaterThan(1);
  });

  it('the key is the image under the automorphism it names, from the cache as from the scan', () => {
    const rng = new Rng(5);
    for (const spec of ['complete 6', 'petersen', 'edges 6 1-4 1-5 1-6 2-4 2-5 2-6 3-4 3-5 3-6', 'grid 4 3']) {
      const { bb, sym } = symmetriesOf(spec);
      const keys = new CanonicalKeys(sym, bb.n, null);
      for (let i = 0; i < 100; i++) {
        const [b, w] = randomColouring(rng, bb.n);
        for (let pass = 0; pass < 2; pass++) {
          keys.of(b, w);
          const k = keys.canon;
          expect([keys.black, keys.white]).toEqual(k < 0 ? [b, w] : [sym.apply(k, b), sym.apply(k, w)]);
        }
        // The key is the least image: no automorphism gives a smaller one.
        for (let k = 0; k < sym.count; k++) {
          const ib = sym.apply(k, b) >>> 0;
          const iw = sym.apply(k, w) >>> 0;
          expect(ib > keys.black >>> 0 || (ib === keys.black >>> 0 && iw >= keys.white >>> 0)).toBe(true);
        }
      }
    }
  });

  it('graphs over 10 vertices scan the first 48 automorphisms by default', () => {
    const { bb, sym } = symmetriesOf('star 12');
    expect(sym.count).toBeGreaterThan(48);
    expect(new CanonicalKeys(sym, bb.n, null).automorphismsUsed).toBe(48);
    expect(new CanonicalKeys(sym, bb.n, 100).automorphismsUsed).toBe(100);
  });
});

describe('colouring signatures', () => {
  it('are the same for a colouring and each of its images, on every graph tried', () => {
    const rng = new Rng(9);
    for (const spec of ['complete 6', 'petersen', 'edges 6 1-3 1-4 1-5 1-6 2-3 2-4 2-5 2-6 3-5 3-6 4-5 4-6', 'edges 6 1>2 2>3 3>1 4>5 5>6 6>4 1-4', 'grid 3 3']) {
      const { bb, sym } = symmetriesOf(spec);
      const signature = new ColouringSignature(bb, sym);
      for (let i = 0; i < 80; i++) {
        const [b, w] = randomColouring(rng, bb.n);
        const s = signature.of(b, w);
        expect(s).toBeGreaterThanOrEqual(0);
        expect(s).toBeLessThan(64);
        for (let k = 0; k < sym.count; k++) expect(signature.of(sym.apply(k, b), sym.apply(k, w))).toBe(s);
      }
    }
  });

  it('count stones per vertex orbit: one orbit on the complete graph, the two ends of a path, singletons without symmetry', () => {
    const complete = symmetriesOf('complete 6');
    expect(Array.from(new ColouringSignature(complete.bb, complete.sym).orbits)).toEqual([0b111111]);
    const path = symmetriesOf('path 3');
    expect(Array.from(new ColouringSignature(path.bb, path.sym).orbits)).toEqual([0b101, 0b010]);
    const none = new ColouringSignature(path.bb, new Symmetries([]));
    expect(Array.from(none.orbits)).toEqual([0b001, 0b010, 0b100]);
  });

  it('tell apart colourings that differ in stone counts more often than not (64 bits, 28 classes on complete 6)', () => {
    const { bb, sym } = symmetriesOf('complete 6');
    const signature = new ColouringSignature(bb, sym);
    const bits = new Set<number>();
    for (let nb = 0; nb <= 6; nb++) {
      for (let nw = 0; nb + nw <= 6; nw++) bits.add(signature.of((1 << nb) - 1, ((1 << nw) - 1) << nb));
    }
    expect(bits.size).toBeGreaterThan(14);
  });
});
