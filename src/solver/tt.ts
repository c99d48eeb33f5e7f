/**
 * The solver's transposition table, in typed arrays: 4-way buckets of entries keyed by the exact state (canonical
 * colouring as two masks, colour to move, passes in a row, counters), so two states never share an entry by
 * accident.
 *
 * Each entry keeps bounds (black's view) that hold only under the condition written with them (see search.ts for
 * why this is sound under superko): `maskEmpty/maskBlack/maskWhite` over-approximate the colourings that the search
 * proving the bounds met or tried to make (per vertex: could it be empty, black, white), and the bounds may be
 * used under another history only when no earlier colouring of that history fits all three masks. Entries whose
 * proof depended on an earlier colouring are not stored as bounds at all, only as a move-ordering hint.
 */
import { seedSalt, stateHash } from './state-hash.js';

export const NO_MOVE = -2;

/** Entry flags. */
const HAS_BOUNDS = 1;

export class TranspositionTable {
  readonly size: number;
  private readonly mask: number;
  readonly keyBlack: Int32Array;
  readonly keyWhite: Int32Array;
  readonly keyMeta: Int32Array;
  readonly keyCounters: Int32Array;
  readonly lower: Int16Array;
  readonly upper: Int16Array;
  readonly flags: Uint8Array;
  readonly best: Int8Array;
  readonly maskEmpty: Int32Array;
  readonly maskBlack: Int32Array;
  readonly maskWhite: Int32Array;
  /** Nodes searched to obtain the entry (the replacement priority). */
  readonly work: Float64Array;
  /** Meta value 0 marks a free slot, so stored metas are offset by one. */
  stored = 0;

  /** Folded into every bucket hash (the table's seed, state-hash.ts). */
  private readonly salt: number;

  constructor(bits: number, seed = 0) {
    this.size = 1 << bits;
    this.salt = seedSalt(seed);
    this.mask = this.size - 1;
    this.keyBlack = new Int32Array(this.size);
    this.keyWhite = new Int32Array(this.size);
    this.keyMeta = new Int32Array(this.size);
    this.keyCounters = new Int32Array(this.size);
    this.lower = new Int16Array(this.size);
    this.upper = new Int16Array(this.size);
    this.flags = new Uint8Array(this.size);
    this.best = new Int8Array(this.size);
    this.maskEmpty = new Int32Array(this.size);
    this.maskBlack = new Int32Array(this.size);
    this.maskWhite = new Int32Array(this.size);
    this.work = new Float64Array(this.size);
  }

  clear(): void {
    this.keyMeta.fill(0);
    this.stored = 0;
  }

  private bucket(black: number, white: number, meta: number, counters: number): number {
    return stateHash(black, white, meta, counters, this.salt) & this.mask & ~3;
  }

  /** The entry of the state, or -1. */
  probe(black: number, white: number, meta: number, counters: number): number {
    const b = this.bucket(black, white, meta, counters);
    const m = meta + 1;
    for (let i = b; i < b + 4; i++) {
      if (this.keyMeta[i] === m && this.keyBlack[i] === black && this.keyWhite[i] === white && this.keyCounters[i] === counters) {
        return i;
      }
    }
    return -1;
  }

  hasBounds(i: number): boolean {
    return (this.flags[i] & HAS_BOUNDS) !== 0;
  }

  /**
   * Stores bounds (with their masks) or, when `bounds` is false, only a best move. A hint never replaces the bounds
   * already stored for the same state (it only updates their move).
   */
  store(
    black: number,
    white: number,
    meta: number,
    counters: number,
    bounds: boolean,
    lower: number,
    upper: number,
    best: number,
    maskEmpty: number,
    maskBlack: number,
    maskWhite: number,
    work: number,
  ): void {
    const b = this.bucket(black, white, meta, counters);
    const m = meta + 1;
    let slot = -1;
    let victim = b;
    for (let i = b; i < b + 4; i++) {
      if (this.keyMeta[i] === m && this.keyBlack[i] === black && this.keyWhite[i] === white && this.keyCounters[i] === counters) {
        slot = i;
        break;
      }
      if (this.keyMeta[i] === 0) {
        if (this.keyMeta[victim] !== 0) victim = i;
      } else if (this.keyMeta[victim] !== 0 && this.work[i] < this.work[victim]) {
        victim = i;
      }
    }
    if (slot >= 0) {
      if (!bounds && this.hasBounds(slot)) {
        this.best[slot] = best;
        return;
      }
    } else {
      slot = victim;
      if (this.keyMeta[slot] === 0) this.stored++;
      else if (!bounds && this.hasBounds(slot) && this.work[slot] > work) return;
    }
    this.keyBlack[slot] = black;
    this.keyWhite[slot] = white;
    this.keyMeta[slot] = m;
    this.keyCounters[slot] = counters;
    this.flags[slot] = bounds ? HAS_BOUNDS : 0;
    this.lower[slot] = lower;
    this.upper[slot] = upper;
    this.best[slot] = best;
    this.maskEmpty[slot] = maskEmpty;
    this.maskBlack[slot] = maskBlack;
    this.maskWhite[slot] = maskWhite;
    this.work[slot] = work;
  }
}
