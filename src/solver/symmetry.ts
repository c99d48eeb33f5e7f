/**
 * Graph automorphisms for the exact solver: permutations of the vertices that preserve the underlying adjacency
 * and the liberty relation (so arcs map to arcs in the same direction). A game and its image under an automorphism
 * have the same value, which the solver uses twice: to search one move of each class of equivalent moves, and to
 * store transpositions under a canonical colouring.
 *
 * They are found by a small backtracking search (vertices taken in breadth-first order, candidates filtered by
 * degree invariants, every new pair checked against the pairs already chosen), stopping after `limit` of them: any
 * subset of the group is sound for both uses, a fuller one just prunes more. This is meant for the graphs the
 * solver can handle (at most 32 vertices), where it takes well under a millisecond except on very symmetric graphs,
 * which the limit caps.
 *
 * A permutation p maps vertex v to p[v]; a colouring mask m maps to the mask with bit p[v] for each bit v of m,
 * computed with four 256-entry tables per permutation.
 */
import type { BitBoard } from './bitboard.js';

export class Symmetries {
  /** Non-identity automorphisms found, as vertex maps. */
  readonly perms: Int32Array[];
  readonly inverses: Int32Array[];
  /** Per permutation k, tables at [k * 1024 + byte * 256 + value]. */
  private readonly forward: Int32Array;
  private readonly backward: Int32Array;

  constructor(perms: Int32Array[]) {
    this.perms = perms;
    this.inverses = perms.map((p) => {
      const q = new Int32Array(p.length);
      for (let v = 0; v < p.length; v++) q[p[v]] = v;
      return q;
    });
    this.forward = tables(this.perms);
    this.backward = tables(this.inverses);
  }

  get count(): number {
    return this.perms.length;
  }

  /** The image of a mask under permutation k. */
  apply(k: number, m: number): number {
    const t = this.forward;
    const o = k << 10;
    return t[o + (m & 255)] | t[o + 256 + ((m >>> 8) & 255)] | t[o + 512 + ((m >>> 16) & 255)] | t[o + 768 + (m >>> 24)];
  }

  /** The image of a mask under the inverse of permutation k. */
  applyInverse(k: number, m: number): number {
    const t = this.backward;
    const o = k << 10;
    return t[o + (m & 255)] | t[o + 256 + ((m >>> 8) & 255)] | t[o + 512 + ((m >>> 16) & 255)] | t[o + 768 + (m >>> 24)];
  }
}

function tables(perms: Int32Array[]): Int32Array {
  const out = new Int32Array(perms.length * 1024);
  for (let k = 0; k < perms.length; k++) {
    const p = perms[k];
    for (let byte = 0; byte < 4; byte++) {
      for (let value = 0; value < 256; value++) {
        let m = 0;
        for (let b = 0; b < 8; b++) {
          const v = byte * 8 + b;
          if ((value >> b) & 1 && v < p.length) m |= 1 << p[v];
        }
        out[(k << 10) + byte * 256 + value] = m;
      }
    }
  }
  return out;
}

/**
 * Up to `limit` automorphisms of the board other than the identity (the identity is never listed), giving up after
 * `maxSteps` search steps (graphs whose invariants cannot tell vertices apart could otherwise take exponential time).
 * Uses the bit masks of a BitBoard, so the graph has at most 32 vertices.
 */
export function findAutomorphisms(bb: BitBoard, limit: number, maxSteps = 200_000): Int32Array[] {
  const n = bb.n;
  const out: Int32Array[] = [];
  if (n <= 1 || limit <= 0) return out;
  const { adj, lib } = bb;
  const inLib = bb.rlib;
  const deg = (m: number): number => {
    let c = 0;
    while (m !== 0) {
      m &= m - 1;
      c++;
    }
    return c;
  };
  // Invariants: degrees, liberty out/in degrees, and the sorted degrees of the neighbours.
  const invariant: string[] = [];
  for (let v = 0; v < n; v++) {
    const nd: number[] = [];
    for (let w = 0; w < n; w++) if ((adj[v] >> w) & 1) nd.push(deg(adj[w]));
    nd.sort((a, b) => a - b);
    invariant.push(`${deg(adj[v])}/${deg(lib[v])}/${deg(inLib[v])}/${nd.join(',')}`);
  }
  // Breadth-first order over the underlying graph, component by component.
  const order: number[] = [];
  const seen = new Uint8Array(n);
  for (let s = 0; s < n; s++) {
    if (seen[s]) continue;
    seen[s] = 1;
    order.push(s);
    for (let i = order.length - 1; i < order.length; i++) {
      const v = order[i];
      for (let w = 0; w < n; w++) {
        if ((adj[v] >> w) & 1 && !seen[w]) {
          seen[w] = 1;
          order.push(w);
        }
      }
    }
  }
  const image = new Int32Array(n).fill(-1);
  const used = new Uint8Array(n);
  let mappedMask = 0;
  let identity = true;
  const consistent = (v: number, w: number): boolean => {
    if (invariant[v] !== invariant[w]) return false;
    let m = mappedMask;
    while (m !== 0) {
      const u = 31 - Math.clz32(m & -m);
      m &= m - 1;
      const iu = image[u];
      if (((adj[u] >> v) & 1) !== ((adj[iu] >> w) & 1)) return false;
      if (((lib[u] >> v) & 1) !== ((lib[iu] >> w) & 1)) return false;
      if (((lib[v] >> u) & 1) !== ((lib[w] >> iu) & 1)) return false;
    }
    return true;
  };
  let steps = 0;
  const extend = (depth: number): boolean => {
    if (++steps > maxSteps) return true;
    if (depth === n) {
      if (!identity) out.push(Int32Array.from(image));
      return out.length >= limit;
    }
    const v = order[depth];
    for (let w = 0; w < n; w++) {
      if (used[w] || !consistent(v, w)) continue;
      const wasIdentity = identity;
      image[v] = w;
      used[w] = 1;
      mappedMask |= 1 << v;
      if (w !== v) identity = false;
      const stop = extend(depth + 1);
      image[v] = -1;
      used[w] = 0;
      mappedMask &= ~(1 << v);
      identity = wasIdentity;
      if (stop) return true;
    }
    return false;
  };
  extend(0);
  return out;
}
