/**
 * Cutting and connecting, the shape knowledge that needs no lattice: a stone that would touch two different enemy
 * chains stands between them (it cuts, or threatens to), and one that would touch two different own chains joins
 * them. On square lattices MoGo's 3x3 patterns (bots/patterns.ts) say this and more; other graphs (hex, king-move,
 * random) have no orientation for such shapes, and on them this test gives the tree the same kind of prior
 * (docs/bots.md, "The tree"; measured there against the build without it).
 */
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
