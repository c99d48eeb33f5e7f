/**
 * Cutting and connecting, the shape knowledge that needs no lattice: a stone that would touch two different enemy
 * chains stands between them (it cuts, or threatens to), and one that would touch two different own chains joins
 * them. On square lattices MoGo's 3x3 patterns (bots/patterns.ts) say this and more; other graphs (hex, king-move,
 * random) have no orientation for such shapes, and on them this test gives the tree the same kind of prior
 * (docs/bots.md, "The tree"; measured there against the build without it).
 */
import type { Graph } from '../src/graph.js';
import type { Position } from '../src/position.js';
import { EMPTY } from '../src/vocabulary.js';

/** Whether a stone of `color` at empty vertex `v` would touch two different enemy chains or two different own chains. */
export function cutsOrConnects(position: Position, v: number, color: number): boolean {
  const { adjStart, adj } = position.graph;
  let own = -1;
  let enemy = -1;
  for (let i = adjStart[v], end = adjStart[v + 1]; i < end; i++) {
    const w = adj[i];
    const c = position.color[w];
    if (c === EMPTY) continue;
    const chain = position.head[w];
    if (c === color) {
      if (own >= 0 && own !== chain) return true;
      own = chain;
    } else {
      if (enemy >= 0 && enemy !== chain) return true;
      enemy = chain;
    }
  }
  return false;
}

/**
 * The share of the graph's edges that lie on a triangle (their ends have a common neighbour). Where most do (hex
 * and king-move boards: 1), chains that meet at one vertex lie close together, and playing between them is the cut
 * or the connection a player means; where few do (random graphs: about a third of the edges at 0.06 density; grids
 * and cycles: none) two chains next to one vertex may be far apart everywhere else, and the playouts' cut step made
 * play worse (docs/bots.md, Measured). Arcs count as edges.
 */
export function triangleShare(graph: Graph): number {
  const { adjStart, adj } = graph;
  const n = graph.n;
  const mark = new Int32Array(n).fill(-1);
  let edges = 0;
  let onTriangle = 0;
  for (let u = 0; u < n; u++) {
    for (let i = adjStart[u]; i < adjStart[u + 1]; i++) mark[adj[i]] = u;
    for (let i = adjStart[u]; i < adjStart[u + 1]; i++) {
      const v = adj[i];
      if (v <= u) continue;
      edges++;
      for (let j = adjStart[v]; j < adjStart[v + 1]; j++) {
        if (mark[adj[j]] === u && adj[j] !== v) {
          onTriangle++;
          break;
        }
      }
    }
  }
  return edges === 0 ? 0 : onTriangle / edges;
}

/** The share of edges on triangles from which the playouts cut and connect (see triangleShare). */
export const PLAYOUT_CUTS_MIN_TRIANGLE_SHARE = 0.5;
