/**
 * Every connected simple graph on n vertices, one per isomorphism class, for tables over all small graphs (the komi
 * of every connected graph). There are 1, 1, 2, 6, 21, 112, 853, 11117 of them for n = 1..8 (OEIS A001349).
 *
 * Method: grow the graphs on n vertices from those on n - 1. Every connected graph has a vertex whose removal leaves
 * it connected (a leaf of a spanning tree), so each one is some graph on n - 1 vertices plus a new vertex joined to
 * a non-empty set of them: n - 1 vertices give (2^(n-1) - 1) candidates per smaller graph (108,000 for n = 8,
 * against 2^28 edge sets for a run through every edge set), each connected by construction. A candidate is kept in
 * its canonical form, and the set of forms is the answer. The canonical form of a graph is the smallest edge mask
 * over the relabellings that list vertices by non-increasing degree: isomorphic graphs have the same such
 * relabellings up to renaming, so they share it, and only permutations inside each degree class have to be tried.
 * The forms (and so the edge lists and their order) are those of a run through every edge set.
 */
import { popcount } from './bitboard.js';

/** Edge masks of n <= 8 vertices fit in 28 bits, where bit operations on numbers are exact. */
export const MAX_ENUMERATED_VERTICES = 8;

/** Canonical edge masks by vertex count, sorted; each size is grown once per process. */
const masksBySize = new Map<number, readonly number[]>();

/** Edge list (0-based pairs, u < v) of every connected graph on n vertices up to isomorphism, by edge count. */
export function connectedGraphs(n: number): [number, number][][] {
  if (!Number.isInteger(n) || n < 1 || n > MAX_ENUMERATED_VERTICES) {
    throw new RangeError(`connected graphs are enumerated for 1..${MAX_ENUMERATED_VERTICES} vertices`);
  }
  const { pairs } = pairLayout(n);
  return canonicalMasks(n).map((mask) => pairs.filter((_, i) => (mask >>> i) & 1));
}

/** The vertex pairs u < v of n vertices in order, and the bit of each pair. */
function pairLayout(n: number): { pairs: [number, number][]; bitOf: number[][] } {
  const pairs: [number, number][] = [];
  for (let u = 0; u < n; u++) for (let v = u + 1; v < n; v++) pairs.push([u, v]);
  const bitOf: number[][] = Array.from({ length: n }, () => new Array<number>(n).fill(-1));
  pairs.forEach(([u, v], i) => {
    bitOf[u][v] = i;
    bitOf[v][u] = i;
  });
  return { pairs, bitOf };
}

/** The canonical masks of the connected graphs on n vertices, by edge count then mask. */
function canonicalMasks(n: number): readonly number[] {
  const known = masksBySize.get(n);
  if (known !== undefined) return known;
  if (n === 1) {
    masksBySize.set(1, [0]);
    return [0];
  }
  const smaller = pairLayout(n - 1).pairs;
  const { pairs, bitOf } = pairLayout(n);
  const newVertex = n - 1;
  const forms = new Set<number>();
  for (const parent of canonicalMasks(n - 1)) {
    let base = 0;
    smaller.forEach(([u, v], i) => {
      if ((parent >>> i) & 1) base |= 1 << bitOf[u][v];
    });
    for (let joined = 1; joined < 1 << newVertex; joined++) {
      let mask = base;
      for (let v = 0; v < newVertex; v++) if ((joined >> v) & 1) mask |= 1 << bitOf[v][newVertex];
      forms.add(canonicalMask(n, pairs, bitOf, mask));
    }
  }
  const sorted = [...forms].sort((a, b) => popcount(a) - popcount(b) || a - b);
  masksBySize.set(n, sorted);
  return sorted;
}

/** The smallest mask over degree-sorted relabellings (new index of old vertex v is perm[v]). */
function canonicalMask(n: number, pairs: [number, number][], bitOf: number[][], mask: number): number {
  const degree = new Array<number>(n).fill(0);
  for (let i = 0; i < pairs.length; i++) {
    if ((mask >>> i) & 1) {
      degree[pairs[i][0]]++;
      degree[pairs[i][1]]++;
    }
  }
  // Classes of equal degree, highest degree first: their members take consecutive new indices.
  const vertices = Array.from({ length: n }, (_, v) => v).sort((a, b) => degree[b] - degree[a] || a - b);
  const classes: number[][] = [];
  for (const v of vertices) {
    const last = classes[classes.length - 1];
    if (last !== undefined && degree[last[0]] === degree[v]) last.push(v);
    else classes.push([v]);
  }
  const ends: number[] = [];
  for (let i = 0; i < pairs.length; i++) if ((mask >>> i) & 1) ends.push(pairs[i][0], pairs[i][1]);
  const perm = new Array<number>(n).fill(-1);
  let best = Infinity;
  const assign = (c: number, offset: number): void => {
    if (c === classes.length) {
      let image = 0;
      for (let e = 0; e < ends.length; e += 2) image |= 1 << bitOf[perm[ends[e]]][perm[ends[e + 1]]];
      if (image < best) best = image;
      return;
    }
    permute(classes[c], (order) => {
      order.forEach((v, k) => (perm[v] = offset + k));
      assign(c + 1, offset + order.length);
    });
  };
  assign(0, 0);
  return best;
}

/** Calls `visit` with every ordering of `items` (Heap's algorithm). */
function permute(items: number[], visit: (order: number[]) => void): void {
  const a = [...items];
  const c = new Array<number>(a.length).fill(0);
  visit(a);
  let i = 0;
  while (i < a.length) {
    if (c[i] < i) {
      const j = i % 2 === 0 ? 0 : c[i];
      [a[j], a[i]] = [a[i], a[j]];
      visit(a);
      c[i]++;
      i = 0;
    } else {
      c[i] = 0;
      i++;
    }
  }
}

/** The `edges` spec of an edge list: `edges 3 1-2 2-3`. */
export function edgesSpec(n: number, edges: readonly (readonly [number, number])[]): string {
  return ['edges', String(n), ...edges.map(([u, v]) => `${u + 1}-${v + 1}`)].join(' ');
}
