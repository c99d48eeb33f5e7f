/**
 * Benson's unconditional life (Benson 1976, "Life in the game of Go"), generalised to graphs, arcs and suicide, and
 * the safe area it gives: the vertices a colour keeps to the end whatever the opponent does, even if it passes at
 * every turn from now on.
 *
 * Definitions, for a colour c on a colouring:
 * - a c-region is a maximal connected (underlying graph) set of vertices that are not c (empty or the opponent's);
 * - a region r is vital to a c-chain x when every vertex of r that can stop being a liberty of x is one:
 *   - suicide forbidden (Benson's original): every *empty* vertex of r is a liberty of x;
 *   - suicide allowed (decided here): *every* vertex of r is a liberty of x. Benson's condition is not enough once
 *     the opponent may self-capture: a multi-stone suicide inside r empties vertices that are not liberties of x,
 *     which the opponent can then use as liberties while it fills x's. With the stronger condition, an empty vertex
 *     of r is always a liberty of x, whatever happens inside r;
 *   "x has a liberty v" means v is in lib(u) for a stone u of x (docs/rules.md, "The board": arcs count in their
 *   direction only).
 * - Benson's fixpoint: start from all c-chains X and all c-regions R; repeatedly drop from X every chain with fewer
 *   than two vital regions in R, and from R every region with a neighbouring c-stone outside X.
 *
 * Theorem (graph version). If c never plays again (passes, or plays nowhere), no chain left in X is ever captured.
 * Proof: take the first capture of a chain x of X, by an opponent stone on e. Until then every region of R keeps
 * its vertex set (c never plays there, its neighbours are stones of X) and every chain keeps a liberty after every
 * move (the mover's chains that lose a liberty all merge with the new stone). x has two vital regions; e lies in at
 * most one, say not r2. x has no liberty after e, so r2 has no empty vertex (every empty vertex of r2 is a liberty
 * of x: always under the strong condition; under the weak one because without suicide the opponent's stones in r2
 * are never removed, as c does not play, so r2's empty vertices only ever get fewer). Then r2 is one opponent chain
 * whose liberties would lie outside r2, where every neighbour is a c-stone: it had no liberty before e, impossible.
 *
 * Safe area of c: the stones of X, plus every region r of R that is all empty, has a c-stone neighbour, and has no
 * liberty link inside (no w in r with lib(w) meeting r, e.g. a one-vertex eye). An opponent stone in such an r has no
 * liberty and captures nothing (X survives), so it removes itself: the colouring does not change, which positional
 * superko forbids and situational superko at most allows as a no-op. So r stays empty and touches only c's stones:
 * c's territory at the end. Hence, with c passing at every turn, c's area at the end is at least |safe(c)|, and the
 * area score satisfies 2|safe(black)| - n <= value <= n - 2|safe(white)| under any history.
 */
import type { BitBoard } from './bitboard.js';

export class Benson {
  private readonly bb: BitBoard;
  private readonly chainMask = new Int32Array(32);
  private readonly chainLib = new Int32Array(32);
  private readonly regionMask = new Int32Array(32);
  private readonly regionBorder = new Int32Array(32);
  private readonly regionNeed = new Int32Array(32);

  constructor(bb: BitBoard) {
    this.bb = bb;
  }

  /** Stones of c's unconditionally alive chains (Benson's X), as a mask. */
  aliveStones(black: number, white: number, c: number, suicideAllowed: boolean): number {
    return this.compute(black, white, c, suicideAllowed, false);
  }

  /** The safe area of colour c (see the header): alive stones plus eye regions. */
  safeArea(black: number, white: number, c: number, suicideAllowed: boolean): number {
    return this.compute(black, white, c, suicideAllowed, true);
  }

  private compute(black: number, white: number, c: number, suicideAllowed: boolean, withEyes: boolean): number {
    const bb = this.bb;
    const own = c === 1 ? black : white;
    if (own === 0) return 0;
    const full = bb.full;
    const empty = full & ~(black | white);
    const nonOwn = full & ~own;

    let k = 0;
    let left = own;
    while (left !== 0) {
      const ch = bb.chain(31 - Math.clz32(left & -left), own);
      left &= ~ch;
      this.chainMask[k] = ch;
      this.chainLib[k] = bb.libUnion(ch);
      k++;
    }
    let m = 0;
    left = nonOwn;
    while (left !== 0) {
      const r = bb.component(left & -left, nonOwn);
      left &= ~r;
      this.regionMask[m] = r;
      this.regionBorder[m] = bb.adjUnion(r) & own;
      this.regionNeed[m] = suicideAllowed ? r : r & empty;
      m++;
    }

    let aliveChains = k === 32 ? -1 : (1 << k) - 1;
    let liveRegions = m === 32 ? -1 : (1 << m) - 1;
    let aliveStones = own;
    for (;;) {
      let changed = false;
      let cs = aliveChains;
      while (cs !== 0) {
        const i = 31 - Math.clz32(cs & -cs);
        cs &= cs - 1;
        let vital = 0;
        let rs = liveRegions;
        while (rs !== 0 && vital < 2) {
          const j = 31 - Math.clz32(rs & -rs);
          rs &= rs - 1;
          const need = this.regionNeed[j];
          if (need !== 0 && (need & ~this.chainLib[i]) === 0) vital++;
        }
        if (vital < 2) {
          aliveChains &= ~(1 << i);
          aliveStones &= ~this.chainMask[i];
          changed = true;
        }
      }
      let rs = liveRegions;
      while (rs !== 0) {
        const j = 31 - Math.clz32(rs & -rs);
        rs &= rs - 1;
        if ((this.regionBorder[j] & ~aliveStones) !== 0) {
          liveRegions &= ~(1 << j);
          changed = true;
        }
      }
      if (!changed) break;
    }
    if (!withEyes || aliveStones === 0) return aliveStones;
    let safe = aliveStones;
    let rs = liveRegions;
    while (rs !== 0) {
      const j = 31 - Math.clz32(rs & -rs);
      rs &= rs - 1;
      const r = this.regionMask[j];
      if ((r & ~empty) !== 0 || this.regionBorder[j] === 0) continue;
      let inner = false;
      let w = r;
      while (w !== 0 && !inner) {
        const b = w & -w;
        w ^= b;
        if ((bb.lib[31 - Math.clz32(b)] & r) !== 0) inner = true;
      }
      if (!inner) safe |= r;
    }
    return safe;
  }
}
