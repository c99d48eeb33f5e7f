/**
 * Remembers which empty vertices a playout refused to whom, so that the end of a playout, where most empty vertices
 * are eyes or suicides and a move takes many draws, does not judge the same vertex again and again.
 *
 * A refusal is remembered only for a vertex with no empty neighbour on an undirected graph, where the verdict "own
 * eye" or "suicide" depends on nothing but the colours of its neighbours and whether their chains are in atari.
 * While the vertex stays empty, its neighbours keep their colours (a neighbour's chain has the vertex as a liberty,
 * so only a move there could capture it). So a verdict can change only when a neighbouring chain enters or leaves
 * atari, and the vertex is then that chain's one liberty:
 * - a chain enters atari only by losing a liberty to a move next to it: after each move, the liberty of every chain
 *   next to it that is in atari is forgotten;
 * - a chain leaves atari only by gaining liberties from a capture next to it (a merge that frees it is a move on its
 *   one liberty): before a capturing move, the liberty of every chain in atari next to the chains about to be
 *   captured is forgotten.
 * A vertex that is played is forgotten too. Entries carry an epoch, so forgetting everything is one increment. The
 * upkeep costs about what the cache saves on small boards, so the playout starts it only when draws get expensive.
 * Two colours only (other colours are never remembered).
 */
import { type Position } from '../src/position.js';
import { EMPTY } from '../src/vocabulary.js';

export class RefusalCache {
  private readonly n: number;
  /** Per colour (1, 2) and vertex: the epoch in which the vertex was refused to that colour. */
  private readonly refusedAt: Uint32Array;
  private epoch = 0;

  constructor(n: number) {
    this.n = n;
    this.refusedAt = new Uint32Array(2 * n);
  }

  /** Forgets everything. */
  clear(): void {
    this.epoch = (this.epoch + 1) >>> 0;
    if (this.epoch === 0) {
      this.refusedAt.fill(0);
      this.epoch = 1;
    }
  }

  isRefused(v: number, c: number): boolean {
    return c <= 2 && this.refusedAt[(c - 1) * this.n + v] === this.epoch;
  }

  /** Remembers that v (empty, no empty neighbour) is an own eye or a suicide for c. */
  refuse(v: number, c: number): void {
    if (c <= 2) this.refusedAt[(c - 1) * this.n + v] = this.epoch;
  }

  private forget(v: number): void {
    this.refusedAt[v] = 0;
    this.refusedAt[this.n + v] = 0;
  }

  /** Before c plays v: if the move captures, forget the liberties of the chains in atari next to the captured. */
  beforeMove(p: Position, v: number, c: number): void {
    const { adjStart, adj } = p.graph;
    const color = p.color;
    const head = p.head;
    for (let i = adjStart[v], end = adjStart[v + 1]; i < end; i++) {
      const w = adj[i];
      const cw = color[w];
      if (cw === EMPTY || cw === c) continue;
      const h = head[w];
      if (!p.inAtari(h)) continue;
      // The chain of w is captured: look at every chain touching it.
      let s = h;
      do {
        for (let j = adjStart[s], e = adjStart[s + 1]; j < e; j++) {
          const x = adj[j];
          const cx = color[x];
          if (cx === EMPTY || cx === cw) continue;
          const hx = head[x];
          if (p.inAtari(hx)) this.forget(p.atariLiberty(hx));
        }
        s = p.next[s];
      } while (s !== h);
    }
  }

  /** After a move on v: forget v and the liberty of every chain next to it that is now in atari. */
  afterMove(p: Position, v: number): void {
    this.forget(v);
    const { adjStart, adj } = p.graph;
    const color = p.color;
    const head = p.head;
    for (let i = adjStart[v], end = adjStart[v + 1]; i < end; i++) {
      const w = adj[i];
      if (color[w] === EMPTY) continue;
      const h = head[w];
      if (p.inAtari(h)) this.forget(p.atariLiberty(h));
    }
  }
}
