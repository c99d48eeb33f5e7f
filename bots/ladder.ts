/**
 * Ladder reading on any graph, for the tree's prior knowledge. A ladder is a chase of a chain with two liberties:
 * the attacker takes one liberty, the defender extends to the other (or captures an attacking chain in atari), and
 * the chase goes on until the chain gets a third liberty (it escapes) or is left with one after extending (it is
 * captured). Nothing here depends on the lattice: liberties and neighbours come from the graph (out-liberties for
 * arcs), so ladders are read on hex boards, tori and random graphs alike.
 *
 * Before a node's children get their priors, `prepare` reads every chain that matters to the mover:
 * - its own chains in atari: extending at the liberty is good when the chain escapes, and bad (running out a dead
 *   ladder) when it does not;
 * - the opponents' chains with two liberties: an atari after which the chain cannot escape captures it.
 * Reading plays and undoes on the node's position and leaves it exactly as it was. A budget of plays bounds each
 * read and each preparation; a read that runs out counts as an escape, so the reader never claims a capture it
 * has not seen.
 */
import { PLAY_OK, type Position } from '../src/position.js';
import { EMPTY } from '../src/vocabulary.js';

/** Prior values for the three verdicts; 0 means no opinion. */
export const LADDER_CAPTURE = 0.9;
export const LADDER_ESCAPE = 0.8;
export const LADDER_DEAD = 0.1;

/** Plays one read may make, and one preparation in all (a node's children on a crowded board). */
const READ_BUDGET = 200;
const PREPARE_BUDGET = 2000;
/** The longest chase read (plies); a real ladder across a 19x19 board takes about 40. */
const MAX_DEPTH = 120;

export class LadderPriors {
  /** Per vertex: the prior a move there gets from ladder reading, or 0. */
  private readonly value: Float64Array;
  private readonly touched: Int32Array;
  private touchedCount = 0;
  private readonly seen: Uint32Array;
  private generation = 0;
  /** Plays left to the current read, and to the whole preparation. */
  private budget = 0;
  private readStart = 0;
  private total = 0;
  private readonly liberties = new Int32Array(2);

  constructor(n: number) {
    this.value = new Float64Array(n);
    this.touched = new Int32Array(n);
    this.seen = new Uint32Array(n);
  }

  /** The prior from ladder reading for a move at v, after prepare(); 0 when the reading has no opinion. */
  valueAt(v: number): number {
    return this.value[v];
  }

  /** Reads the ladders around every chain that matters to `mover` in `position` (left unchanged). */
  prepare(position: Position, mover: number): void {
    for (let i = 0; i < this.touchedCount; i++) this.value[this.touched[i]] = 0;
    this.touchedCount = 0;
    this.total = PREPARE_BUDGET;
    position.forgetUndo();
    const color = position.color;
    for (let h = 0; h < position.n && this.total > 0; h++) {
      const c = color[h];
      if (c === EMPTY || position.head[h] !== h) continue;
      if (c === mover) {
        if (position.inAtari(h)) this.readEscape(position, h, mover);
      } else if (this.twoLiberties(position, h)) {
        this.readAtaris(position, h, c, mover);
      }
    }
  }

  /** The mover's chain h in atari: is extending at its liberty an escape or a dead ladder? */
  private readEscape(position: Position, h: number, mover: number): void {
    const liberty = position.atariLiberty(h);
    if (this.value[liberty] !== 0) return;
    const attacker = this.attackerOf(position, h, mover);
    if (attacker === 0) return;
    this.startRead();
    const escapes = this.extendEscapes(position, h, mover, attacker, 0);
    this.endRead();
    this.set(liberty, escapes ? LADDER_ESCAPE : LADDER_DEAD);
  }

  /** An opponent chain h (colour `defender`) with two liberties: which atari captures it in a ladder? */
  private readAtaris(position: Position, h: number, defender: number, attacker: number): void {
    const first = this.liberties[0];
    const second = this.liberties[1];
    for (let k = 0; k < 2; k++) {
      const a = k === 0 ? first : second;
      if (this.value[a] === LADDER_CAPTURE || this.total <= 0) continue;
      this.startRead();
      const captures = this.atariCaptures(position, h, a, defender, attacker, 0);
      this.endRead();
      if (captures) this.set(a, LADDER_CAPTURE);
    }
  }

  /** A read gets READ_BUDGET plays, or what is left of the preparation's. */
  private startRead(): void {
    this.budget = Math.min(READ_BUDGET, this.total);
    this.readStart = this.budget;
  }

  private endRead(): void {
    this.total -= this.readStart - Math.max(0, this.budget);
  }

  private set(v: number, prior: number): void {
    if (this.value[v] === 0) this.touched[this.touchedCount++] = v;
    this.value[v] = prior;
  }

  /**
   * The defender, to move, with its chain h in atari: does it escape, by capturing an attacking chain in atari next
   * to it, or by extending at its liberty to three liberties, or to two from which no atari captures it?
   */
  private extendEscapes(position: Position, h: number, defender: number, attacker: number, depth: number): boolean {
    if (--this.budget < 0 || depth > MAX_DEPTH) return true;
    if (this.touchesCapturableChain(position, h, defender)) return true;
    const liberty = position.atariLiberty(h);
    if (position.play(liberty, defender, false) !== PLAY_OK) return false;
    const chain = position.head[liberty];
    let escapes: boolean;
    if (position.inAtari(chain)) escapes = false;
    else if (!this.twoLiberties(position, chain)) escapes = true;
    else {
      const a = this.liberties[0];
      const b = this.liberties[1];
      escapes =
        !this.atariCaptures(position, chain, a, defender, attacker, depth + 1) &&
        !this.atariCaptures(position, chain, b, defender, attacker, depth + 1);
    }
    position.undo();
    return escapes;
  }

  /** The attacker ataris the defender's two-liberty chain h at a: is the chain then captured? */
  private atariCaptures(position: Position, h: number, a: number, defender: number, attacker: number, depth: number): boolean {
    if (--this.budget < 0 || depth > MAX_DEPTH) return false;
    if (position.color[a] !== EMPTY) return false;
    if (position.play(a, attacker, false) !== PLAY_OK) return false;
    const chain = position.head[h];
    const captured =
      position.color[h] === defender &&
      position.inAtari(chain) &&
      !this.extendEscapes(position, chain, defender, attacker, depth + 1);
    position.undo();
    return captured;
  }

  /** A colour other than the defender's next to the chain (the chase's attacker), or 0 when none touches it. */
  private attackerOf(position: Position, h: number, defender: number): number {
    const { adjStart, adj } = position.graph;
    let s = h;
    do {
      for (let i = adjStart[s]; i < adjStart[s + 1]; i++) {
        const c = position.color[adj[i]];
        if (c !== EMPTY && c !== defender) return c;
      }
      s = position.next[s];
    } while (s !== h);
    return 0;
  }

  /** Whether a chain of another colour next to h is in atari (the defender may capture it and escape). */
  private touchesCapturableChain(position: Position, h: number, defender: number): boolean {
    const { adjStart, adj } = position.graph;
    let s = h;
    do {
      for (let i = adjStart[s]; i < adjStart[s + 1]; i++) {
        const w = adj[i];
        const c = position.color[w];
        if (c !== EMPTY && c !== defender && position.inAtari(position.head[w])) return true;
      }
      s = position.next[s];
    } while (s !== h);
    return false;
  }

  /** Whether the chain h has exactly two liberties; if so they are left in `liberties`. */
  private twoLiberties(position: Position, h: number): boolean {
    this.generation = (this.generation + 1) >>> 0;
    if (this.generation === 0) {
      this.seen.fill(0);
      this.generation = 1;
    }
    const gen = this.generation;
    const { libStart, lib } = position.graph;
    let count = 0;
    let s = h;
    do {
      for (let i = libStart[s]; i < libStart[s + 1]; i++) {
        const w = lib[i];
        if (position.color[w] !== EMPTY || this.seen[w] === gen) continue;
        this.seen[w] = gen;
        if (count === 2) return false;
        this.liberties[count++] = w;
      }
      s = position.next[s];
    } while (s !== h);
    return count === 2;
  }
}
