/**
 * The automorphisms that fix the path from the root to the node being searched, as a stack: each node's are those of
 * its parent that also fix its own colouring, pushed above the parent's and dropped when the node is left. A node's
 * stabiliser is the segment [from, to) of the stack. Moves that one of them maps onto each other lead to games of the
 * same value under the same history, so the solvers (alpha-beta and df-pn) search one of each class and give the
 * others the images of its result (docs/solver.md, "Symmetry").
 */
import { grown } from '../grown.js';
import type { Symmetries } from './symmetry.js';

export class PathStabiliser {
  /** Automorphism indices into `symmetries`, the segments of the nodes on the path one above the other. */
  items = new Int32Array(4096);
  /** The end of the last segment pushed. */
  top = 0;
  /** closeMasks's result: the union of the masks' images. */
  closedEmpty = 0;
  closedBlack = 0;
  closedWhite = 0;

  constructor(private readonly symmetries: Symmetries) {}

  /**
   * Starts again at a root: its segment [0, top) holds the automorphisms fixing every earlier colouring of the game (the
   * root's own colouring is checked at the root, as at every node).
   */
  reset(historyBlack: ArrayLike<number>, historyWhite: ArrayLike<number>): void {
    this.top = 0;
    const sym = this.symmetries;
    for (let k = 0; k < sym.count; k++) {
      let fixes = true;
      for (let i = 0; i < historyBlack.length && fixes; i++) {
        if (sym.apply(k, historyBlack[i]) !== historyBlack[i] || sym.apply(k, historyWhite[i]) !== historyWhite[i]) fixes = false;
      }
      if (fixes) this.push(k);
    }
  }

  /** Pushes the automorphisms of the parent's segment [from, to) that fix the colouring; returns the new segment's end. */
  pushFixing(from: number, to: number, black: number, white: number): number {
    const sym = this.symmetries;
    for (let i = from; i < to; i++) {
      const k = this.items[i];
      if (sym.apply(k, black) === black && sym.apply(k, white) === white) this.push(k);
    }
    return this.top;
  }

  /** Whether m is the image, under the segment [from, to), of a move in `processed` (a vertex mask). */
  isSymmetricDuplicate(m: number, processed: number, from: number, to: number): boolean {
    const perms = this.symmetries.perms;
    for (let s = from; s < to; s++) {
      if (((processed >> perms[this.items[s]][m]) & 1) !== 0) return true;
    }
    return false;
  }

  /**
   * The masks of a result found with one move of each class, closed under the segment [from, to) so that they hold for
   * the moves left out too (each is the image of a searched one, so one step is enough): into closed*.
   */
  closeMasks(from: number, to: number, empty: number, black: number, white: number): void {
    const sym = this.symmetries;
    let e = empty;
    let b = black;
    let w = white;
    for (let s = from; s < to; s++) {
      const k = this.items[s];
      e |= sym.applyInverse(k, empty);
      b |= sym.applyInverse(k, black);
      w |= sym.applyInverse(k, white);
    }
    this.closedEmpty = e;
    this.closedBlack = b;
    this.closedWhite = w;
  }

  private push(k: number): void {
    if (this.top === this.items.length) this.items = grown(this.items, this.items.length * 2);
    this.items[this.top++] = k;
  }
}
