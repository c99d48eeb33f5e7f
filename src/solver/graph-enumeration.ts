/**
 * Every connected simple graph on n vertices, one per isomorphism class, for tables over all small graphs (the komi
 * of every connected graph). There are 1, 1, 2, 6, 21, 112, 853 of them for n = 1..7 (OEIS A001349).
 *
 * Method: run through all edge sets (2^(n(n-1)/2) of them), keep the connected ones and keep those equal to their
 * canonical form. The canonical form of a graph is the smallest edge mask over the relabellings that list vertices
 * by non-increasing degree: isomorphic graphs have the same such relabellings up to renaming, so they share it, and
 * only permutations inside each degree class have to be tried. Fine up to n = 7 (two million edge sets).
 */
import { popcount } from './bitboard.js';

export const MAX_ENUMERATED_VERTICES = 7;

/** Edge list (0-based pairs, u < v) of every connected graph on n vertices up to isomorphism, by edge count. */
export function connectedGraphs(n: number): [number, number][][] {
  if (!Number.isInteger(n) || n < 1 || n > MAX_ENUMERATED_VERTICES) {
    throw new RangeError(`connected graphs are enumerated for 1..${MAX_ENUMERATED_VERTICES} vertices`);
  }
  const pairs: [number, number][] = [];
  for (let u = 0; u < n; u++) for (let v = u + 1; v < n; v++) pairs.push([u, v]);
  const bitOf: number[][] = Array.from({ length: n }, () => new Array<number>(n).fill(-1));
  pairs.forEach(([u, v], i) => {
    bitOf[u][v] = i;
    bitOf[v][u] = i;
  });
  const m = pairs.length;
  const out: { edges: number; mask: number }[] = [];
  const total = 2 ** m;
  for (let mask = 0; mask < total; mask++) {
    if (!connected(n, pairs, mask)) continue;
    if (canonicalMask(n, pairs, bitOf, mask) === mask) out.push({ edges: popcount(mask), mask });
  }
  out.sort((a, b) => a.edges - b.edges || a.mask - b.mask);
  return out.map(({ mask }) => pairs.filter((_, i) => (mask >>> i) & 1));
}

function connected(n: number, pairs: [number, number][], mask: number): boolean {
  if (n === 1) return true;
  let reached = 1;
  for (let changed = true; changed; ) {
    changed = false;
    for (let i = 0; i < pairs.length; i++) {
      if (!((mask >>> i) & 1)) continue;
      const [u, v] = pairs[i];
      const a = (reached >> u) & 1;
      const b = (reached >> v) & 1;
      if (a !== b) {
        reached |= (1 << u) | (1 << v);
        changed = true;
      }
    }
  }
  return reached === (1 << n) - 1;
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
  const perm = new Array<number>(n).fill(-1);
  let best = Infinity;
  const assign = (c: number, offset: number): void => {
    if (c === classes.length) {
      let image = 0;
      for (let i = 0; i < pairs.length; i++) {
        if ((mask >>> i) & 1) image += 2 ** bitOf[perm[pairs[i][0]]][perm[pairs[i][1]]];
      }
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
