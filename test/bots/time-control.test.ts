/**
 * The clock's budget for a move (bots/time-control.ts) and the extra time a move in doubt may add, with the test
 * of doubt itself (bots/uct.ts inDoubt).
 */
import { describe, expect, it } from 'vitest';
import { extraSecondsForMove, SAFETY_SECONDS, secondsForMove } from '../../bots/time-control.js';
import { inDoubt } from '../../bots/uct.js';

const mainOnly = { mainSeconds: 300, byoYomiSeconds: 0, byoYomiStones: 0 };

describe('extra time for a move in doubt', () => {
  it('doubles the budget in main time', () => {
    // 81 empty vertices: 41 moves left to plan for, so 300 / 41 less the safety margin, and as much again.
    const budget = 300 / 41 - SAFETY_SECONDS;
    expect(secondsForMove(mainOnly, undefined, 81)).toBeCloseTo(budget, 9);
    expect(extraSecondsForMove(mainOnly, undefined, 81)).toBeCloseTo(budget, 9);
    expect(extraSecondsForMove(mainOnly, { seconds: 20, stones: 0 }, 81)).toBeCloseTo(20 / 41 - SAFETY_SECONDS, 9);
  });

  it('never lets a move take more than a quarter of the main time left', () => {
    // 10 s of main time and 30 s byo-yomi for one stone: the budget is already 10 / 2 - safety, past a quarter.
    const withByoYomi = { mainSeconds: 10, byoYomiSeconds: 30, byoYomiStones: 1 };
    expect(secondsForMove(withByoYomi, undefined, 81)).toBeCloseTo(5 - SAFETY_SECONDS, 9);
    expect(extraSecondsForMove(withByoYomi, undefined, 81)).toBe(0);
    // 4 s left: the budget (15 moves at least) 4 / 41 - safety is below 0.02, so 0.02; the quarter (1 s) allows it.
    expect(extraSecondsForMove(mainOnly, { seconds: 4, stones: 0 }, 81)).toBeCloseTo(0.02, 9);
  });

  it('adds nothing in byo-yomi or without a clock', () => {
    const byoYomi = { mainSeconds: 0, byoYomiSeconds: 30, byoYomiStones: 5 };
    expect(secondsForMove(byoYomi, undefined, 81)).toBeGreaterThan(0);
    expect(extraSecondsForMove(byoYomi, undefined, 81)).toBe(0);
    expect(extraSecondsForMove({ mainSeconds: 300, byoYomiSeconds: 30, byoYomiStones: 5 }, { seconds: 25, stones: 3 }, 81)).toBe(0);
    expect(extraSecondsForMove(null, undefined, 81)).toBe(0);
  });
});

describe('a search in doubt', () => {
  const stats = (visits: number[], rates: number[]) => ({
    moves: visits.map((_, k) => k),
    visits,
    rewards: visits.map((v, k) => v * rates[k]),
  });

  it('is sure when the most visited move has twice the runner-up and the better win rate', () => {
    expect(inDoubt(stats([800, 400, 100], [0.6, 0.55, 0.4]))).toBe(false);
  });

  it('doubts when the runner-up is close in visits, or ahead in win rate', () => {
    expect(inDoubt(stats([700, 400, 100], [0.6, 0.55, 0.4]))).toBe(true);
    expect(inDoubt(stats([800, 400, 100], [0.55, 0.6, 0.4]))).toBe(true);
  });

  it('has nothing to doubt with one move', () => {
    expect(inDoubt(stats([1000], [0.5]))).toBe(false);
  });
});
