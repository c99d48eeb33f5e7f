/**
 * What both solvers' symmetry pruning and move ordering stand on (src/solver/path-stabiliser.ts, history-score.ts),
 * checked on the 4-cycle, whose automorphisms are the 8 symmetries of a square: 7 besides the identity, of which
 * only the reflection through vertex 1 (swapping 2 and 4) fixes a stone on 1.
 */
import { describe, expect, it } from 'vitest';
import { graphOf } from './helpers.js';
import { BitBoard } from '../../src/solver/bitboard.js';
import { HistoryScore } from '../../src/solver/history-score.js';
import { PathStabiliser } from '../../src/solver/path-stabiliser.js';
import { Symmetries, findAutomorphisms } from '../../src/solver/symmetry.js';

// Bits 0..3 are the vertices 1..4 of the cycle.
const bit = (vertex: number) => 1 << (vertex - 1);

function square(): { stab: PathStabiliser; symmetries: Symmetries } {
  const symmetries = new Symmetries(findAutomorphisms(new BitBoard(graphOf('cycle 4')), 100));
  return { stab: new PathStabiliser(symmetries), symmetries };
}

describe('path stabiliser', () => {
  it('starts from every automorphism on an empty history, and from those fixing each earlier colouring', () => {
    const { stab, symmetries } = square();
    expect(symmetries.count).toBe(7);
    stab.reset([], []);
    expect(stab.top).toBe(7);
    stab.reset([bit(1)], [0]);
    expect(stab.top).toBe(1);
    // A second item that the reflection through 1 does not fix leaves nothing.
    stab.reset([bit(1), bit(1)], [0, bit(2)]);
    expect(stab.top).toBe(0);
  });

  it("pushes the parent's automorphisms that fix the node's colouring, and finds the moves they map onto searched ones", () => {
    const { stab } = square();
    stab.reset([], []);
    const rootTo = stab.top;
    const to = stab.pushFixing(0, rootTo, bit(1), 0);
    expect(to - rootTo).toBe(1);
    // After 2 was searched, 4 (its mirror image through 1) is a duplicate; 3, on the axis, is not.
    expect(stab.isSymmetricDuplicate(3, bit(2), rootTo, to)).toBe(true);
    expect(stab.isSymmetricDuplicate(2, bit(2), rootTo, to)).toBe(false);
    expect(stab.isSymmetricDuplicate(2, 0, rootTo, to)).toBe(false);
    // A result's masks cover the mirror images of what it met, so that they hold for the skipped moves' trees too.
    stab.closeMasks(rootTo, to, bit(2), bit(1) | bit(2), 0);
    expect([stab.closedEmpty, stab.closedBlack, stab.closedWhite]).toEqual([bit(2) | bit(4), bit(1) | bit(2) | bit(4), 0]);
    stab.top = rootTo;
    // Black on 1 and white on 2: no symmetry of the square fixes both (black on 1 and 2 would keep a reflection).
    expect(stab.pushFixing(0, rootTo, bit(1), bit(2))).toBe(rootTo);
    expect(stab.pushFixing(0, rootTo, bit(1) | bit(2), 0)).toBe(rootTo + 1);
  });
});

describe('history score', () => {
  it('orders the moves by how often each proved best for the colour, highest first, ties in their order', () => {
    const score = new HistoryScore();
    score.reward(1, 5);
    score.reward(1, 5);
    score.reward(1, 2);
    score.reward(2, 7);
    const black = Int32Array.from([9, 2, 5, 7, 0]);
    score.sort(black, 0, 4, 1);
    expect(Array.from(black)).toEqual([5, 2, 9, 7, 0]);
    const white = Int32Array.from([-1, 2, 5, 7, 9]);
    score.sort(white, 1, 5, 2);
    expect(Array.from(white)).toEqual([-1, 7, 2, 5, 9]);
  });
});
