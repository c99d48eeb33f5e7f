/**
 * Lines of a lattice board, counted from its edge: the first line is the edge (the vertices with fewer neighbours
 * than the lattice's inner vertices), the second its neighbours, and so on. With an empty neighbourhood a move on
 * the first two lines is slow and one on the third is the classic opening move; the tree uses that as a prior for
 * fresh nodes, as Fuego and Michi do ("empty area" priors), because from an empty board random playouts barely
 * tell the moves apart and the search would otherwise settle on whichever move got lucky first (often an edge).
 *
 * Only lattices (grid, king, triangular; a torus has no edge) have lines; other graphs get null.
 */
import type { Graph } from '../src/graph.js';
import type { Position } from '../src/position.js';
import { EMPTY } from '../src/vocabulary.js';

/** Lines beyond the third are all "far" (value FAR_LINE). */
export const FAR_LINE = 4;

export class BoardLines {
  /** The line of each vertex: 1 (edge), 2, 3 or FAR_LINE. */
  readonly line: Uint8Array;

  private constructor(line: Uint8Array) {
    this.line = line;
  }

  /** Lines for a lattice graph with an edge, or null. */
  static forGraph(graph: Graph): BoardLines | null {
    if (!graph.meta.lattice || graph.arcCount > 0) return null;
    const n = graph.n;
    const { adjStart, adj } = graph;
    let maxDegree = 0;
    for (let v = 0; v < n; v++) maxDegree = Math.max(maxDegree, adjStart[v + 1] - adjStart[v]);
    const line = new Uint8Array(n).fill(FAR_LINE);
    const queue = new Int32Array(n);
    let tail = 0;
    for (let v = 0; v < n; v++) {
      if (adjStart[v + 1] - adjStart[v] < maxDegree) {
        line[v] = 1;
        queue[tail++] = v;
      }
    }
    if (tail === 0) return null;
    for (let head = 0; head < tail; head++) {
      const v = queue[head];
      if (line[v] + 1 >= FAR_LINE) continue;
      for (let i = adjStart[v]; i < adjStart[v + 1]; i++) {
        const w = adj[i];
        if (line[w] > line[v] + 1) {
          line[w] = line[v] + 1;
          queue[tail++] = w;
        }
      }
    }
    return new BoardLines(line);
  }
}

/** True when no stone lies within two steps of v (v itself empty). */
export function emptyArea(p: Position, v: number): boolean {
  const { adjStart, adj } = p.graph;
  const color = p.color;
  for (let i = adjStart[v], end = adjStart[v + 1]; i < end; i++) {
    const w = adj[i];
    if (color[w] !== EMPTY) return false;
    for (let j = adjStart[w], e = adjStart[w + 1]; j < e; j++) if (color[adj[j]] !== EMPTY) return false;
  }
  return true;
}
