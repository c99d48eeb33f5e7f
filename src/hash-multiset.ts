/**
 * A multiset of 64-bit keys (two signed 32-bit halves) in open addressing over typed arrays: the game's history of
 * colourings for superko. Counts let `remove` undo an `add` exactly even when a key repeats (simple ko allows
 * repeats, and passes re-add the same colouring under situational superko). No strings, no BigInt, no
 * allocation except when the table doubles.
 */
export class HashMultiset {
  private lo: Int32Array;
  private hi: Int32Array;
  private count: Uint32Array;
  /** 1 when a slot has ever held a key: probing stops only at never-used slots. */
  private used: Uint8Array;
  private mask: number;
  private usedSlots = 0;

  constructor(capacity = 1024) {
    let size = 16;
    while (size < capacity * 2) size *= 2;
    this.lo = new Int32Array(size);
    this.hi = new Int32Array(size);
    this.count = new Uint32Array(size);
    this.used = new Uint8Array(size);
    this.mask = size - 1;
  }

  clear(): void {
    this.count.fill(0);
    this.used.fill(0);
    this.usedSlots = 0;
  }

  private slot(lo: number, hi: number): number {
    let i = (lo ^ Math.imul(hi, 0x9e3779b1)) & this.mask;
    while (this.used[i] === 1) {
      if (this.lo[i] === lo && this.hi[i] === hi) return i;
      i = (i + 1) & this.mask;
    }
    return i;
  }

  has(lo: number, hi: number): boolean {
    const i = this.slot(lo, hi);
    return this.used[i] === 1 && this.count[i] > 0;
  }

  add(lo: number, hi: number): void {
    if ((this.usedSlots + 1) * 2 > this.lo.length) this.rehash();
    const i = this.slot(lo, hi);
    if (this.used[i] === 0) {
      this.used[i] = 1;
      this.lo[i] = lo;
      this.hi[i] = hi;
      this.usedSlots++;
    }
    this.count[i]++;
  }

  /** Removes one occurrence; returns false when the key is absent. */
  remove(lo: number, hi: number): boolean {
    const i = this.slot(lo, hi);
    if (this.used[i] === 0 || this.count[i] === 0) return false;
    this.count[i]--;
    return true;
  }

  private rehash(): void {
    const { lo, hi, count, used } = this;
    let live = 0;
    for (let i = 0; i < lo.length; i++) if (used[i] === 1 && count[i] > 0) live++;
    let size = lo.length;
    while (live * 4 > size) size *= 2;
    this.lo = new Int32Array(size);
    this.hi = new Int32Array(size);
    this.count = new Uint32Array(size);
    this.used = new Uint8Array(size);
    this.mask = size - 1;
    this.usedSlots = 0;
    for (let i = 0; i < lo.length; i++) {
      if (used[i] === 1 && count[i] > 0) {
        const j = this.slot(lo[i], hi[i]);
        this.used[j] = 1;
        this.lo[j] = lo[i];
        this.hi[j] = hi[i];
        this.count[j] = count[i];
        this.usedSlots++;
      }
    }
  }
}
