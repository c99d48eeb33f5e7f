/**
 * The proof-number search's table (dfpn.ts), in typed arrays: 8-way buckets keyed by the colouring as two masks, the
 * colour to move, passes in a row, counters, compared exactly, and a history key (a 32-bit hash of a set of items:
 * two nodes whose sets collide share working numbers, never a proof, which is stored with key 0).
 *
 * Three kinds of entries. A proof or disproof (terminal: φ = 0 or δ = 0), under the canonical colouring with history
 * key 0, with the condition under which it holds under superko (three masks over-approximating the colourings its
 * proof met, as in tt.ts, and the few earlier items it rests on: it may be used only under a history that has those
 * items and no other earlier colouring fitting all three masks). A node's working numbers, under its colouring as
 * played and the hash of the set of items before it (never 0). A state's estimate: its latest working numbers under
 * any history, under the canonical colouring with history key 0, which a node visited for the first time starts
 * from (capped). Working numbers only steer the search; only terminal entries need the condition (docs/solver.md,
 * "Proof-number search"). A proof also records the history it was made under (a 64-bit hash of its set of items),
 * which only the winning line reads (docs/solver.md, "Principal variations"): never an answer.
 *
 * A proof may also carry an exact record of the colourings its search met, when there are at most `exactSetSize` of
 * them (`exactCount`, -1 when there is none: too many, or records off): colouring codes (black << n | white) in the
 * entry's canonical frame, unsorted and distinct. The condition is then sharper: an earlier item conflicts only when it
 * fits the masks, its signature bit is in the filter and its image in the canonical frame is one of those codes.
 */
import { seedSalt, stateHash } from './state-hash.js';

/** Entry flags. */
const TERMINAL = 1;
/** Slots per bucket. */
const WAYS = 8;
/** The most history items a stored proof may rest on (DfpnOptions.requiredItems). */
export const MAX_REQUIRED_ITEMS = 16;

/**
 * The layout: a slot's words live side by side, so that a store touches a few cache lines and memory pages instead
 * of one per field (on a table of gigabytes each is a cache and TLB miss: two dozen per node when every field was an
 * array of its own). The check words and the replacement priorities stay in arrays of their own, one cache line per
 * bucket, since a probe or a store scans all eight slots of a bucket in them.
 */
/** Int32 words per slot in `keys`: the key, then what every lookup reads with it. */
const KEY_WORDS = 8;
const K_BLACK = 0;
const K_WHITE = 1;
/** The state's meta + 1 (0: an empty slot). */
const K_META = 2;
const K_COUNTERS = 3;
const K_HIST = 4;
const K_FLAGS = 5;
const K_BEST = 6;
/** How many history items a proof rests on (0 to requiredItems; the first two in `conditions`, the rest beside). */
const K_REQUIRED = 7;
/** Int32 words per slot in `conditions`: a proof's condition under superko, read only for terminal entries. */
const CONDITION_WORDS = 10;
const C_EMPTY = 0;
const C_BLACK = 1;
const C_WHITE = 2;
const C_SIG_LO = 3;
const C_SIG_HI = 4;
const C_REQ_BLACK_1 = 5;
const C_REQ_WHITE_1 = 6;
const C_REQ_BLACK_2 = 7;
const C_REQ_WHITE_2 = 8;
/** Bytes: the first two items' superko tags, then the exact record's size + 1 (0: no record). */
const C_SMALL = 9;

export class DfpnTable {
  readonly size: number;
  private readonly mask: number;
  /**
   * Per slot (KEY_WORDS): the colouring as two masks, the meta (colour to move, passes in a row, threshold) + 1, the
   * counters, the history key (a hash of the node's history; 0 for proofs, which hold under any history their
   * conditions allow, and for estimates), the flags, the best move, and how many history items a proof rests on.
   */
  private readonly keys: Int32Array;
  /** φ and δ per slot, from the view of the player to move at the state. */
  private readonly numbers: Float64Array;
  /**
   * Per slot (CONDITION_WORDS), proofs only: the three masks, the signature filter (colouring-signature.ts: bits
   * 0..31 and 32..63 of the union over the colourings it met), the history items it rests on (items its search
   * refused as repetitions of colourings older than the state: colouring and superko tag), the exact record's size.
   */
  private readonly conditions: Int32Array;
  /**
   * The records, `exactSetSize` codes per entry from slot * exactSetSize (empty when records are off); 16-bit codes
   * when they fit (at most 8 vertices), which halves the records' memory.
   */
  readonly exact: Int32Array | Uint16Array;
  readonly exactSetSize: number;
  /**
   * The history items a proof rests on beyond the first two (which live in `conditions`): items 3..requiredItems,
   * black and white per item in `extraItems` and the superko tag in `extraTags`; empty when requiredItems is 2.
   */
  private readonly extraItems: Int32Array;
  private readonly extraTags: Uint8Array;
  /** The most history items a stored proof may rest on (2 or more). */
  readonly requiredItems: number;
  /** Nodes searched below the entry (the replacement priority; proofs get a bonus so that they outlive numbers). */
  private readonly work: Float64Array;
  /**
   * Per slot, proofs only: two independent 32-bit hashes of the set of history items the proof was made under, the
   * second never 0 (both 0: none). A proof holds under the history it was made under, whatever its conditions say.
   */
  private readonly origin: Int32Array;
  stored = 0;

  /**
   * A 32-bit check word per slot (0: empty), from the same hash as the bucket: a probe reads one cache line of them
   * per bucket and compares the key only where the check matches. The keys decide; the checks only spare the memory
   * traffic of the misses (most probes: counter dominance, first visits). Not saved: rebuilt from the keys.
   */
  private readonly check: Int32Array;
  /** The check word of the state the last bucket() call hashed. */
  private probeCheck = 0;

  /** Folded into every bucket hash (the table's seed, state-hash.ts). */
  private readonly salt: number;

  /**
   * A proof that finds every way of its bucket holding proofs of its state replaces one of the least costly when it
   * cost as much (not only more), the ways taken in turn from `turn`, so that the proofs kept are those of the
   * histories searched last (DfpnOptions.tiedProofsInTurn).
   */
  private readonly tiedProofsInTurn: boolean;
  private turn = 0;

  constructor(bits: number, exactSetSize = 0, codeBits = 32, seed = 0, requiredItems = 2, tiedProofsInTurn = false) {
    if (!(Number.isInteger(requiredItems) && requiredItems >= 2 && requiredItems <= MAX_REQUIRED_ITEMS)) {
      throw new Error(`df-pn required items must be an integer in 2..${MAX_REQUIRED_ITEMS}, got ${requiredItems}`);
    }
    this.size = 1 << bits;
    this.requiredItems = requiredItems;
    this.extraItems = new Int32Array(this.size * (requiredItems - 2) * 2);
    this.extraTags = new Uint8Array(this.size * (requiredItems - 2));
    this.salt = seedSalt(seed);
    this.tiedProofsInTurn = tiedProofsInTurn;
    this.exactSetSize = exactSetSize;
    this.exact = codeBits <= 16 ? new Uint16Array(exactSetSize * this.size) : new Int32Array(exactSetSize * this.size);
    this.mask = this.size - 1;
    this.keys = new Int32Array(this.size * KEY_WORDS);
    this.numbers = new Float64Array(this.size * 2);
    this.conditions = new Int32Array(this.size * CONDITION_WORDS);
    this.work = new Float64Array(this.size);
    this.origin = new Int32Array(this.size * 2);
    this.check = new Int32Array(this.size);
  }

  /**
   * Every array of the table, in a fixed order: what a saved table holds (cli/solver-table-file.ts). A table filled
   * with them, by a search of the same game and settings (Solver.tableFingerprint), is the table that was saved.
   */
  arrays(): ArrayBufferView[] {
    const arrays: ArrayBufferView[] = [this.keys, this.numbers, this.conditions, this.exact, this.work];
    // Only with more than two items, so that tables saved before (two at most) still load.
    if (this.requiredItems > 2) arrays.push(this.extraItems, this.extraTags);
    arrays.push(this.origin);
    return arrays;
  }

  private bucket(black: number, white: number, meta: number, counters: number, hist: number): number {
    const h = stateHash(black, white, meta, counters, hist ^ this.salt);
    // Another mix of the same hash, so that the check differs between states of one bucket; never 0 (empty).
    this.probeCheck = (Math.imul(h ^ (h >>> 16), 0x7feb352d) ^ (h >>> 11)) | 1;
    return h & this.mask & ~(WAYS - 1);
  }

  /** Recomputes every slot's check word from its keys (after the arrays were filled from a saved table). */
  rebuildChecks(): void {
    const k = this.keys;
    for (let i = 0; i < this.size; i++) {
      const at = i * KEY_WORDS;
      const m = k[at + K_META];
      if (m === 0) {
        this.check[i] = 0;
        continue;
      }
      this.bucket(k[at + K_BLACK], k[at + K_WHITE], m - 1, k[at + K_COUNTERS], k[at + K_HIST]);
      this.check[i] = this.probeCheck;
    }
  }

  /** Whether slot i holds exactly this state's key (its check word already matched). */
  private holds(i: number, black: number, white: number, m: number, counters: number, hist: number): boolean {
    const k = this.keys;
    const at = i * KEY_WORDS;
    return k[at + K_META] === m && k[at + K_BLACK] === black && k[at + K_WHITE] === white && k[at + K_COUNTERS] === counters && k[at + K_HIST] === hist;
  }

  /**
   * The first entry of the state at or after slot `from` of its bucket (-1: none). A state may have several: proofs
   * made under different histories, each with its own masks, and working numbers.
   */
  probe(black: number, white: number, meta: number, counters: number, hist: number, from = -1): number {
    const b = this.bucket(black, white, meta, counters, hist);
    const m = meta + 1;
    const check = this.probeCheck;
    for (let i = from < 0 ? b : from + 1; i < b + WAYS; i++) {
      if (this.check[i] === check && this.holds(i, black, white, m, counters, hist)) return i;
    }
    return -1;
  }

  isTerminal(i: number): boolean {
    return (this.keys[i * KEY_WORDS + K_FLAGS] & TERMINAL) !== 0;
  }

  phi(i: number): number {
    return this.numbers[2 * i];
  }

  delta(i: number): number {
    return this.numbers[2 * i + 1];
  }

  best(i: number): number {
    return this.keys[i * KEY_WORDS + K_BEST];
  }

  /** How many history items the proof in slot i rests on (0 to requiredItems), see setRequired. */
  required(i: number): number {
    return this.keys[i * KEY_WORDS + K_REQUIRED];
  }

  maskEmpty(i: number): number {
    return this.conditions[i * CONDITION_WORDS + C_EMPTY];
  }

  maskBlack(i: number): number {
    return this.conditions[i * CONDITION_WORDS + C_BLACK];
  }

  maskWhite(i: number): number {
    return this.conditions[i * CONDITION_WORDS + C_WHITE];
  }

  sigLo(i: number): number {
    return this.conditions[i * CONDITION_WORDS + C_SIG_LO];
  }

  sigHi(i: number): number {
    return this.conditions[i * CONDITION_WORDS + C_SIG_HI];
  }

  /** The k-th history item (1 to required(i)) the proof in slot i rests on: black, white, superko tag. */
  reqBlack(i: number, k: number): number {
    if (k <= 2) return this.conditions[i * CONDITION_WORDS + (k === 1 ? C_REQ_BLACK_1 : C_REQ_BLACK_2)];
    return this.extraItems[(i * (this.requiredItems - 2) + k - 3) * 2];
  }

  reqWhite(i: number, k: number): number {
    if (k <= 2) return this.conditions[i * CONDITION_WORDS + (k === 1 ? C_REQ_WHITE_1 : C_REQ_WHITE_2)];
    return this.extraItems[(i * (this.requiredItems - 2) + k - 3) * 2 + 1];
  }

  reqTag(i: number, k: number): number {
    if (k <= 2) return (this.conditions[i * CONDITION_WORDS + C_SMALL] >>> (k === 1 ? 0 : 8)) & 0xff;
    return this.extraTags[i * (this.requiredItems - 2) + k - 3];
  }

  /** Colourings in the exact record of the proof in slot i (-1: none, the masks and the filter alone decide). */
  exactCount(i: number): number {
    return ((this.conditions[i * CONDITION_WORDS + C_SMALL] >>> 16) & 0xff) - 1;
  }

  setExactCount(i: number, n: number): void {
    const at = i * CONDITION_WORDS + C_SMALL;
    this.conditions[at] = (this.conditions[at] & 0xffff) | ((n + 1) << 16);
  }

  /**
   * Stores a proof or disproof with its masks (terminal) or working numbers. A proof replaces another proof of the
   * same state only when every way of the bucket holds one (that one may hold under histories where the new one is
   * refused, so both are kept, in different slots); working numbers never replace a proof, and replace the state's
   * working numbers in place.
   */
  store(
    black: number,
    white: number,
    meta: number,
    counters: number,
    hist: number,
    terminal: boolean,
    phi: number,
    delta: number,
    best: number,
    maskEmpty: number,
    maskBlack: number,
    maskWhite: number,
    sigLo: number,
    sigHi: number,
    work: number,
  ): number {
    const b = this.bucket(black, white, meta, counters, hist);
    const m = meta + 1;
    const check = this.probeCheck;
    const priority = terminal ? work * 4 + 16 : work;
    const k = this.keys;
    let slot = -1;
    // The state's own proofs in the bucket, one bit a way: never a victim.
    let proofs = 0;
    for (let i = b; i < b + WAYS; i++) {
      if (this.check[i] !== check || !this.holds(i, black, white, m, counters, hist)) continue;
      if (!this.isTerminal(i)) {
        slot = i;
        break;
      }
      proofs |= 1 << (i - b);
      if (!terminal) k[i * KEY_WORDS + K_BEST] = best;
    }
    if (slot < 0) {
      // Working numbers of a state that has a proof here are left out: the proof's move is the hint already.
      if (!terminal && proofs !== 0) return -1;
      // The replacement priorities are read only here, when the state has no slot to update in place: an update (most
      // stores: a node left again) leaves their cache line alone.
      let victim = -1;
      for (let i = b; i < b + WAYS; i++) {
        if ((proofs >> (i - b)) & 1) continue;
        const c = this.check[i];
        if (c === 0) {
          if (victim < 0 || this.check[victim] !== 0) victim = i;
        } else if (victim < 0 || (this.check[victim] !== 0 && this.work[i] < this.work[victim])) {
          victim = i;
        }
      }
      if (victim < 0) {
        // Every way holds a proof of this state, each for other histories: numbers leave them alone, and a proof takes
        // the place of the one that cost least when it cost more, or a bucket of eight small proofs would refuse every
        // larger one, those near the root included, and the winning line would search for them again. In turn, it does
        // when it cost as much too: the histories searched last are likelier to come again than those of the proofs
        // it replaces (docs/solver.md, "Tied proofs in turn").
        if (!terminal) return -1;
        if (this.tiedProofsInTurn) {
          this.turn = (this.turn + 1) & (WAYS - 1);
          for (let j = 0; j < WAYS; j++) {
            const i = b + ((j + this.turn) & (WAYS - 1));
            if (victim < 0 || this.work[i] < this.work[victim]) victim = i;
          }
          if (this.work[victim] > priority) return -1;
        } else {
          for (let i = b; i < b + WAYS; i++) if (victim < 0 || this.work[i] < this.work[victim]) victim = i;
          if (this.work[victim] >= priority) return -1;
        }
      }
      if (this.check[victim] !== 0 && this.work[victim] > priority && terminal === false) return -1;
      slot = victim;
    }
    if (this.check[slot] === 0) this.stored++;
    this.check[slot] = check;
    const at = slot * KEY_WORDS;
    k[at + K_BLACK] = black;
    k[at + K_WHITE] = white;
    k[at + K_META] = m;
    k[at + K_COUNTERS] = counters;
    k[at + K_HIST] = hist;
    k[at + K_FLAGS] = terminal ? TERMINAL : 0;
    k[at + K_BEST] = best;
    this.numbers[2 * slot] = phi;
    this.numbers[2 * slot + 1] = delta;
    this.work[slot] = priority;
    // The conditions are read only for proofs (isTerminal first): working numbers leave those cache lines alone.
    if (terminal) {
      k[at + K_REQUIRED] = 0;
      const c = this.conditions;
      const ct = slot * CONDITION_WORDS;
      c[ct + C_EMPTY] = maskEmpty;
      c[ct + C_BLACK] = maskBlack;
      c[ct + C_WHITE] = maskWhite;
      c[ct + C_SIG_LO] = sigLo;
      c[ct + C_SIG_HI] = sigHi;
      c[ct + C_SMALL] = 0;
      this.origin[2 * slot] = 0;
      this.origin[2 * slot + 1] = 0;
    }
    return slot;
  }

  /** Records the history the proof in `slot` was made under (the two hashes of its set of items; `hi` not 0). */
  setOrigin(slot: number, lo: number, hi: number): void {
    this.origin[2 * slot] = lo;
    this.origin[2 * slot + 1] = hi;
  }

  /** Whether the proof in slot i was made under the history with these two hashes (setOrigin). */
  madeUnder(i: number, lo: number, hi: number): boolean {
    return this.origin[2 * i + 1] === hi && this.origin[2 * i] === lo;
  }

  /** Whether the exact record of the proof in `slot` (exactCount >= 0) holds the colouring code (canonical frame). */
  exactHas(slot: number, code: number): boolean {
    const from = slot * this.exactSetSize;
    const to = from + this.exactCount(slot);
    const exact = this.exact;
    for (let i = from; i < to; i++) if (exact[i] === code) return true;
    return false;
  }

  /** How many history items the proof in `slot` rests on (see `required`); setRequiredItem gives each. */
  setRequired(slot: number, count: number): void {
    if (count > this.requiredItems) throw new Error(`a proof may rest on ${this.requiredItems} history items, not ${count}`);
    this.keys[slot * KEY_WORDS + K_REQUIRED] = count;
  }

  /** The k-th history item (1 to requiredItems) the proof in `slot` rests on. */
  setRequiredItem(slot: number, k: number, black: number, white: number, tag: number): void {
    if (k > 2) {
      const at = slot * (this.requiredItems - 2) + k - 3;
      this.extraItems[at * 2] = black;
      this.extraItems[at * 2 + 1] = white;
      this.extraTags[at] = tag;
      return;
    }
    const c = this.conditions;
    const ct = slot * CONDITION_WORDS;
    c[ct + (k === 1 ? C_REQ_BLACK_1 : C_REQ_BLACK_2)] = black;
    c[ct + (k === 1 ? C_REQ_WHITE_1 : C_REQ_WHITE_2)] = white;
    const shift = k === 1 ? 0 : 8;
    c[ct + C_SMALL] = (c[ct + C_SMALL] & ~(0xff << shift)) | ((tag & 0xff) << shift);
  }
}
