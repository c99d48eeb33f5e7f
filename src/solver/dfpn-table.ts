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
 * "Proof-number search").
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

export class DfpnTable {
  readonly size: number;
  private readonly mask: number;
  readonly keyBlack: Int32Array;
  readonly keyWhite: Int32Array;
  readonly keyMeta: Int32Array;
  readonly keyCounters: Int32Array;
  /** Working numbers: a hash of the node's history (0 for proofs, which hold under any history their masks allow). */
  readonly keyHist: Int32Array;
  /** φ and δ from the view of the player to move at the state. */
  readonly phi: Float64Array;
  readonly delta: Float64Array;
  readonly flags: Uint8Array;
  readonly best: Int8Array;
  readonly maskEmpty: Int32Array;
  readonly maskBlack: Int32Array;
  readonly maskWhite: Int32Array;
  /** A proof's signature filter (colouring-signature.ts): bits 0..31 and 32..63 of the union over the colourings it met. */
  readonly sigLo: Int32Array;
  readonly sigHi: Int32Array;
  /**
   * How many history items a proof rests on (0, 1 or 2: items its search refused as repetitions of colourings older
   * than the state), and those items (colouring and superko tag).
   */
  readonly required: Uint8Array;
  readonly reqBlack1: Int32Array;
  readonly reqWhite1: Int32Array;
  readonly reqTag1: Uint8Array;
  readonly reqBlack2: Int32Array;
  readonly reqWhite2: Int32Array;
  readonly reqTag2: Uint8Array;
  /** Colourings in a proof's exact record (-1: none, the masks and the filter alone decide), see the header. */
  readonly exactCount: Int8Array;
  /**
   * The records, `exactSetSize` codes per entry from slot * exactSetSize (empty when records are off); 16-bit codes
   * when they fit (at most 8 vertices), which halves the records' memory.
   */
  readonly exact: Int32Array | Uint16Array;
  readonly exactSetSize: number;
  /** Nodes searched below the entry (the replacement priority; proofs get a bonus so that they outlive numbers). */
  readonly work: Float64Array;
  stored = 0;

  /**
   * A 32-bit check word per slot (0: empty), from the same hash as the bucket: a probe reads one cache line of them
   * per bucket and compares the five key words only where the check matches. The keys decide; the checks only spare
   * the memory traffic of the misses (most probes: counter dominance, first visits). Not saved: rebuilt from the keys.
   */
  private readonly check: Int32Array;
  /** The check word of the state the last bucket() call hashed. */
  private probeCheck = 0;

  /** Folded into every bucket hash (the table's seed, state-hash.ts). */
  private readonly salt: number;

  constructor(bits: number, exactSetSize = 0, codeBits = 32, seed = 0) {
    this.size = 1 << bits;
    this.salt = seedSalt(seed);
    this.exactSetSize = exactSetSize;
    this.exactCount = new Int8Array(this.size);
    this.exact = codeBits <= 16 ? new Uint16Array(exactSetSize * this.size) : new Int32Array(exactSetSize * this.size);
    this.mask = this.size - 1;
    this.keyBlack = new Int32Array(this.size);
    this.keyWhite = new Int32Array(this.size);
    this.keyMeta = new Int32Array(this.size);
    this.keyCounters = new Int32Array(this.size);
    this.keyHist = new Int32Array(this.size);
    this.check = new Int32Array(this.size);
    this.phi = new Float64Array(this.size);
    this.delta = new Float64Array(this.size);
    this.flags = new Uint8Array(this.size);
    this.best = new Int8Array(this.size);
    this.maskEmpty = new Int32Array(this.size);
    this.maskBlack = new Int32Array(this.size);
    this.maskWhite = new Int32Array(this.size);
    this.sigLo = new Int32Array(this.size);
    this.sigHi = new Int32Array(this.size);
    this.work = new Float64Array(this.size);
    this.required = new Uint8Array(this.size);
    this.reqBlack1 = new Int32Array(this.size);
    this.reqWhite1 = new Int32Array(this.size);
    this.reqTag1 = new Uint8Array(this.size);
    this.reqBlack2 = new Int32Array(this.size);
    this.reqWhite2 = new Int32Array(this.size);
    this.reqTag2 = new Uint8Array(this.size);
  }

  /**
   * Every array of the table, in a fixed order: what a saved table holds (cli/solver-table-file.ts). A table filled
   * with them, by a search of the same game and settings (Solver.tableFingerprint), is the table that was saved.
   */
  arrays(): ArrayBufferView[] {
    return [
      this.keyBlack,
      this.keyWhite,
      this.keyMeta,
      this.keyCounters,
      this.keyHist,
      this.phi,
      this.delta,
      this.flags,
      this.best,
      this.maskEmpty,
      this.maskBlack,
      this.maskWhite,
      this.sigLo,
      this.sigHi,
      this.required,
      this.reqBlack1,
      this.reqWhite1,
      this.reqTag1,
      this.reqBlack2,
      this.reqWhite2,
      this.reqTag2,
      this.exactCount,
      this.exact,
      this.work,
    ];
  }

  private bucket(black: number, white: number, meta: number, counters: number, hist: number): number {
    const h = stateHash(black, white, meta, counters, hist ^ this.salt);
    // Another mix of the same hash, so that the check differs between states of one bucket; never 0 (empty).
    this.probeCheck = (Math.imul(h ^ (h >>> 16), 0x7feb352d) ^ (h >>> 11)) | 1;
    return h & this.mask & ~(WAYS - 1);
  }

  /** Recomputes every slot's check word from its keys (after the arrays were filled from a saved table). */
  rebuildChecks(): void {
    for (let i = 0; i < this.size; i++) {
      const m = this.keyMeta[i];
      if (m === 0) {
        this.check[i] = 0;
        continue;
      }
      this.bucket(this.keyBlack[i], this.keyWhite[i], m - 1, this.keyCounters[i], this.keyHist[i]);
      this.check[i] = this.probeCheck;
    }
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
      if (
        this.check[i] === check &&
        this.keyMeta[i] === m &&
        this.keyBlack[i] === black &&
        this.keyWhite[i] === white &&
        this.keyCounters[i] === counters &&
        this.keyHist[i] === hist
      ) {
        return i;
      }
    }
    return -1;
  }

  isTerminal(i: number): boolean {
    return (this.flags[i] & TERMINAL) !== 0;
  }

  /**
   * Stores a proof or disproof with its masks (terminal) or working numbers. A proof never replaces another proof of
   * the same state (that one may hold under histories where the new one is refused, so both are kept, in different
   * slots); working numbers never replace a proof, and replace the state's working numbers in place.
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
    let slot = -1;
    let victim = -1;
    let sameProof = false;
    for (let i = b; i < b + WAYS; i++) {
      const c = this.check[i];
      const own =
        c === check &&
        this.keyMeta[i] === m &&
        this.keyBlack[i] === black &&
        this.keyWhite[i] === white &&
        this.keyCounters[i] === counters &&
        this.keyHist[i] === hist;
      if (own && !this.isTerminal(i)) {
        slot = i;
        break;
      }
      if (own) {
        sameProof = true;
        if (!terminal) this.best[i] = best;
        continue;
      }
      if (c === 0) {
        if (victim < 0 || this.check[victim] !== 0) victim = i;
      } else if (victim < 0 || (this.check[victim] !== 0 && this.work[i] < this.work[victim])) {
        victim = i;
      }
    }
    if (slot < 0) {
      // Working numbers of a state that has a proof here are left out: the proof's move is the hint already.
      if (!terminal && sameProof) return -1;
      if (victim < 0) return -1;
      if (this.check[victim] !== 0 && this.work[victim] > priority && terminal === false) return -1;
      slot = victim;
    }
    if (this.check[slot] === 0) this.stored++;
    this.check[slot] = check;
    this.keyBlack[slot] = black;
    this.keyWhite[slot] = white;
    this.keyMeta[slot] = m;
    this.keyCounters[slot] = counters;
    this.keyHist[slot] = hist;
    this.flags[slot] = terminal ? TERMINAL : 0;
    this.phi[slot] = phi;
    this.delta[slot] = delta;
    this.best[slot] = best;
    this.work[slot] = priority;
    // The conditions are read only for proofs (isTerminal first): working numbers leave those cache lines alone.
    if (terminal) {
      this.maskEmpty[slot] = maskEmpty;
      this.maskBlack[slot] = maskBlack;
      this.maskWhite[slot] = maskWhite;
      this.sigLo[slot] = sigLo;
      this.sigHi[slot] = sigHi;
      this.required[slot] = 0;
      this.exactCount[slot] = -1;
    }
    return slot;
  }

  /** Whether the exact record of the proof in `slot` (exactCount >= 0) holds the colouring code (canonical frame). */
  exactHas(slot: number, code: number): boolean {
    const from = slot * this.exactSetSize;
    const to = from + this.exactCount[slot];
    const exact = this.exact;
    for (let i = from; i < to; i++) if (exact[i] === code) return true;
    return false;
  }

  /** The history items the proof in `slot` rests on (see `required`). */
  setRequired(slot: number, count: number, b1: number, w1: number, t1: number, b2: number, w2: number, t2: number): void {
    this.required[slot] = count;
    this.reqBlack1[slot] = b1;
    this.reqWhite1[slot] = w1;
    this.reqTag1[slot] = t1;
    this.reqBlack2[slot] = b2;
    this.reqWhite2[slot] = w2;
    this.reqTag2[slot] = t2;
  }
}
