/**
 * Handicap placement. `fixedHandicap` gives GTP's fixed points on square grids (spec 4.1.1: corners first, then
 * sides, the centre for odd counts); `freeHandicap` spreads stones on any graph by farthest-point sampling in the
 * underlying graph, which on a grid lands near the classic points and on other graphs keeps stones apart.
 */
import type { Graph } from './graph.js';

/** The largest fixed handicap on a square grid of this side (0 when none is defined). */
export function maxFixedHandicap(size: number): number {
  if (size < 7) return 0;
  if (size === 7 || size % 2 === 0) return 4;
  return 9;
}

/** 0-based vertices of the fixed handicap on grid `size` x `size`, or null when `count` is not allowed there. */
export function fixedHandicap(size: number, count: number): number[] | null {
  if (!Number.isInteger(count) || count < 2 || count > maxFixedHandicap(size)) return null;
  const edge = size >= 13 ? 3 : 2;
  const low = edge;
  const high = size - 1 - edge;
  const mid = (size - 1) / 2;
  const at = (x: number, y: number) => y * size + x;
  // GTP's order: D4 Q16 D16 Q4, then the sides D10 Q10, K4 K16, and the centre K10 for odd counts.
  const corners = [at(low, low), at(high, high), at(low, high), at(high, low)];
  const sides = [at(low, mid), at(high, mid), at(mid, low), at(mid, high)];
  const centre = at(mid, mid);
  const points = corners.slice(0, Math.min(count, 4));
  if (count >= 5) {
    const sideCount = count % 2 === 1 ? count - 5 : count - 4;
    points.push(...sides.slice(0, sideCount));
    if (count % 2 === 1) points.push(centre);
  }
  return points;
}

/**
 * `count` vertices spread over any graph: start from a vertex of highest degree, then repeatedly take the vertex
 * farthest (in hops, ties to higher degree then lower index) from all chosen ones. Deterministic.
 *
 * The candidates wait in a max-heap ordered that way, so each choice costs a logarithm instead of a scan of every
 * vertex: a scan per stone made 100,000 stones on a 250,000-vertex path take most of a minute. Distances only
 * shrink, so a vertex whose distance a search lowers sinks in the heap, which never holds more than the n vertices.
 */
export function freeHandicap(graph: Graph, count: number): number[] | null {
  const n = graph.n;
  if (!Number.isInteger(count) || count < 2 || count >= n) return null;
  const { adjStart, adj } = graph;
  // Hops to the nearest chosen vertex; every vertex starts farther than any path.
  const distance = new Int32Array(n).fill(0x7fffffff);
  const queue = new Int32Array(n);
  // heap[0..size) holds the unchosen vertices; slot[v] is v's place in it, -1 once v is chosen.
  const heap = new Int32Array(n);
  const slot = new Int32Array(n);
  let size = n;
  const before = (a: number, b: number): boolean => {
    if (distance[a] !== distance[b]) return distance[a] > distance[b];
    const degreeA = adjStart[a + 1] - adjStart[a];
    const degreeB = adjStart[b + 1] - adjStart[b];
    return degreeA !== degreeB ? degreeA > degreeB : a < b;
  };
  const siftDown = (from: number): void => {
    const v = heap[from];
    let at = from;
    for (;;) {
      let child = 2 * at + 1;
      if (child >= size) break;
      if (child + 1 < size && before(heap[child + 1], heap[child])) child++;
      if (!before(heap[child], v)) break;
      heap[at] = heap[child];
      slot[heap[at]] = at;
      at = child;
    }
    heap[at] = v;
    slot[v] = at;
  };
  for (let v = 0; v < n; v++) {
    heap[v] = v;
    slot[v] = v;
  }
  for (let at = (n >> 1) - 1; at >= 0; at--) siftDown(at);
  const chosen: number[] = [];
  while (chosen.length < count) {
    const best = heap[0];
    slot[best] = -1;
    size--;
    if (size > 0) {
      heap[0] = heap[size];
      siftDown(0);
    }
    chosen.push(best);
    // Breadth-first search from the new stone lowers every distance it improves; a lowered vertex can only sink.
    let head = 0;
    let tail = 0;
    distance[best] = 0;
    queue[tail++] = best;
    while (head < tail) {
      const x = queue[head++];
      for (let i = adjStart[x]; i < adjStart[x + 1]; i++) {
        const w = adj[i];
        if (distance[x] + 1 < distance[w]) {
          distance[w] = distance[x] + 1;
          queue[tail++] = w;
          if (slot[w] >= 0) siftDown(slot[w]);
        }
      }
    }
  }
  return chosen;
}
