/**
 * The solver's game history: the stack of superko items of the current line (every colouring under positional
 * superko; every (colouring, colour to move next) pair, passes included, under situational superko), with a hash
 * index from item to its latest stack position.
 *
 * The position matters, not only membership: when a move is refused because it repeats item j, the refusal depends
 * on the history before a node exactly when j is older than the node's own item (see search.ts). Items are pushed
 * and popped in stack order, which lets the open-addressing index delete by clearing the slot: a key inserted later
 * that probed past a slot is always removed before the key in that slot.
 */
import { grown } from '../grown.js';

export const NOT_FOUND = -1;

export class History {
  black: Int32Array;
  white: Int32Array;
  tag: Int32Array;
  /** Per stack position: the stack position the same item had before (a repeated situational pair), or -1. */
  private shadow: Int32Array;
  /** Per stack position: the slot of its key in the index. */
  private slotOf: Int32Array;
  top = 0;

  // The index, built by rehash().
  private keyBlack = new Int32Array(0);
  private keyWhite = new Int32Array(0);
  private keyTag = new Int32Array(0);
  /** Stack position + 1 of the key in each slot (0: free). */
  private keyIndex = new Int32Array(0);
  private mask = 0;

  constructor(capacity = 256) {
    this.black = new Int32Array(capacity);
    this.white = new Int32Array(capacity);
    this.tag = new Int32Array(capacity);
    this.shadow = new Int32Array(capacity);
    this.slotOf = new Int32Array(capacity);
    let size = 64;
    while (size < capacity * 4) size *= 2;
    this.rehash(size);
  }

  clear(): void {
    this.top = 0;
    this.keyIndex.fill(0);
  }

  private hash(black: number, white: number, tag: number): number {
    let h = Math.imul(black ^ 0x5bd1e995, 0x9e3779b1);
    h ^= Math.imul(white ^ (h >>> 15), 0x85ebca6b);
    h ^= Math.imul(tag + 0x27d4eb2f, 0xc2b2ae35);
    h ^= h >>> 13;
    return h & this.mask;
  }

  /** The latest stack position of the item, or NOT_FOUND. */
  find(black: number, white: number, tag: number): number {
    let i = this.hash(black, white, tag);
    for (;;) {
      const idx = this.keyIndex[i];
      if (idx === 0) return NOT_FOUND;
      if (this.keyBlack[i] === black && this.keyWhite[i] === white && this.keyTag[i] === tag) return idx - 1;
      i = (i + 1) & this.mask;
    }
  }

  push(black: number, white: number, tag: number): void {
    const t = this.top;
    if (t === this.black.length) this.grow(t * 2);
    if ((t + 1) * 2 > this.keyIndex.length) this.rehash(this.keyIndex.length * 2);
    this.black[t] = black;
    this.white[t] = white;
    this.tag[t] = tag;
    let i = this.hash(black, white, tag);
    for (;;) {
      const idx = this.keyIndex[i];
      if (idx === 0) {
        this.keyBlack[i] = black;
        this.keyWhite[i] = white;
        this.keyTag[i] = tag;
        this.shadow[t] = -1;
        break;
      }
      if (this.keyBlack[i] === black && this.keyWhite[i] === white && this.keyTag[i] === tag) {
        this.shadow[t] = idx - 1;
        break;
      }
      i = (i + 1) & this.mask;
    }
    this.keyIndex[i] = t + 1;
    this.slotOf[t] = i;
    this.top = t + 1;
  }

  pop(): void {
    const t = --this.top;
    const slot = this.slotOf[t];
    const previous = this.shadow[t];
    this.keyIndex[slot] = previous < 0 ? 0 : previous + 1;
  }

  private grow(size: number): void {
    this.black = grown(this.black, size);
    this.white = grown(this.white, size);
    this.tag = grown(this.tag, size);
    this.shadow = grown(this.shadow, size);
    this.slotOf = grown(this.slotOf, size);
  }

  /** Rebuilds the index at a new size, inserting the live items in stack order (which keeps deletion by clearing valid). */
  private rehash(size: number): void {
    this.keyBlack = new Int32Array(size);
    this.keyWhite = new Int32Array(size);
    this.keyTag = new Int32Array(size);
    this.keyIndex = new Int32Array(size);
    this.mask = size - 1;
    const top = this.top;
    this.top = 0;
    for (let t = 0; t < top; t++) this.push(this.black[t], this.white[t], this.tag[t]);
  }
}
