/**
 * The empty regions of a position, one at a time: the connected empty vertices around a start vertex and the colours
 * of the stones they touch. Both scorers of a playout's end walk them (bots/evaluate.ts for the result,
 * bots/ownership.ts for who owns each vertex), once per playout, so the walk allocates nothing: a generation stamp
 * marks what this pass has seen instead of clearing a set.
 */
import { type Position } from '../src/position.js';
import { EMPTY } from '../src/vocabulary.js';

export class EmptyRegions {
  private readonly seen: Uint32Array;
  private readonly stack: Int32Array;
  private generation = 0;
  /** The last region's vertices, in region[0 .. size - 1]. */
  readonly region: Int32Array;
  /** The last region's vertex count. */
  size = 0;
  /** The colours the last region touches, as bits 1 << colour. */
  touched = 0;

  constructor(n: number) {
    this.seen = new Uint32Array(n);
    this.stack = new Int32Array(Math.max(1, n));
    this.region = new Int32Array(Math.max(1, n));
  }

  /** Starts a pass over a position: every vertex counts as unseen again. */
  begin(): void {
    this.generation = (this.generation + 1) >>> 0;
    if (this.generation === 0) {
      this.seen.fill(0);
      this.generation = 1;
    }
  }

  /**
   * The region of empty vertex v, unless this pass has already walked it (then false and nothing changes). Sets
   * region, size and touched.
   */
  walk(position: Position, v: number): boolean {
    const seen = this.seen;
    const gen = this.generation;
    if (seen[v] === gen) return false;
    const { adjStart, adj } = position.graph;
    const color = position.color;
    const stack = this.stack;
    const region = this.region;
    let touched = 0;
    let size = 0;
    let top = 0;
    stack[top++] = v;
    seen[v] = gen;
    while (top > 0) {
      const x = stack[--top];
      region[size++] = x;
      for (let i = adjStart[x], end = adjStart[x + 1]; i < end; i++) {
        const w = adj[i];
        const cw = color[w];
        if (cw !== EMPTY) touched |= 1 << cw;
        else if (seen[w] !== gen) {
          seen[w] = gen;
          stack[top++] = w;
        }
      }
    }
    this.size = size;
    this.touched = touched;
    return true;
  }

  /** The one colour the last region touches, or EMPTY when it touches none or several. */
  owner(): number {
    const touched = this.touched;
    return touched !== 0 && (touched & (touched - 1)) === 0 ? 31 - Math.clz32(touched) : EMPTY;
  }
}
