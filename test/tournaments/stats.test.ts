/**
 * The statistics against published or hand-checked numbers (docs/harness.md, "Statistics"; fastchess's
 * elo_test.cpp for the Elo of a W/L/D record).
 */
import { describe, expect, it } from 'vitest';
import {
  Z95,
  bradleyTerry,
  eloEstimate,
  eloFromScore,
  erf,
  los,
  normalCdf,
  normalQuantile,
  pairEstimate,
  scoreFromElo,
  sequentialSprt,
  sprt,
  sprtBounds,
  sprtLlr,
  sprtProblem,
  wilsonInterval,
  zForConfidence,
} from '../../tournaments/stats.js';

describe('normal distribution', () => {
  it('matches tabulated values', () => {
    expect(erf(0)).toBeCloseTo(0, 6);
    expect(erf(1)).toBeCloseTo(0.8427007929, 6);
    expect(normalCdf(1.959963985)).toBeCloseTo(0.975, 6);
    expect(normalCdf(2)).toBeCloseTo(0.9772498681, 6);
    expect(normalCdf(-2)).toBeCloseTo(0.0227501319, 6);
    expect(normalQuantile(0.975)).toBeCloseTo(1.959963985, 6);
    expect(normalQuantile(0.5)).toBeCloseTo(0, 9);
    expect(normalQuantile(0.001)).toBeCloseTo(-3.090232306, 6);
    expect(zForConfidence(0.95)).toBeCloseTo(Z95, 6);
  });
});

describe('Elo, Wilson interval, LOS', () => {
  it('60 wins, 40 losses: +70 Elo, Wilson [+1, +139], LOS 97.7%', () => {
    const e = eloEstimate(60, 40);
    expect(e.score).toBe(0.6);
    expect(Math.round(e.elo)).toBe(70);
    expect(Math.round(e.low)).toBe(1);
    expect(Math.round(e.high)).toBe(139);
    expect(e.los).toBeCloseTo(0.977, 3);
    const [lo, hi] = wilsonInterval(0.6, 100);
    expect(lo).toBeCloseTo(0.502, 3);
    expect(hi).toBeCloseTo(0.6906, 3);
  });

  it('is finite where it can be at 0% and 100%: 10-0 has a lower bound of +166', () => {
    const win = eloEstimate(10, 0);
    expect(win.elo).toBe(Infinity);
    expect(win.high).toBe(Infinity);
    expect(Math.round(win.low)).toBe(166);
    expect(Number.isFinite(win.low)).toBe(true);
    const loss = eloEstimate(0, 10);
    expect(Math.round(loss.high)).toBe(-166);
    expect(loss.low).toBe(-Infinity);
    // The normal (Wald) interval would have zero width here; Wilson does not.
    expect(wilsonInterval(1, 10)[0]).toBeCloseTo(0.7225, 3);
  });

  it('counts draws as half points (fastchess Stats(136, 96, 111): +40.70)', () => {
    expect(eloEstimate(136, 96, 111).elo).toBeCloseTo(40.7, 1);
    expect(eloEstimate(34, 356, 0).elo).toBeCloseTo(-408.0, 0);
  });

  it('has no games, no estimate', () => {
    const e = eloEstimate(0, 0);
    expect(e.elo).toBeNaN();
    expect(e.los).toBe(0.5);
    expect(wilsonInterval(0.5, 0)).toEqual([0, 1]);
  });

  it('LOS is Phi((W - L) / sqrt(W + L))', () => {
    expect(los(60, 40)).toBeCloseTo(0.97725, 4);
    expect(los(40, 60)).toBeCloseTo(0.02275, 4);
    expect(los(5, 5)).toBeCloseTo(0.5, 6);
  });

  it('maps score and Elo both ways', () => {
    expect(scoreFromElo(0)).toBe(0.5);
    expect(eloFromScore(scoreFromElo(123))).toBeCloseTo(123, 9);
    expect(scoreFromElo(400)).toBeCloseTo(10 / 11, 12);
  });
});

describe('colour-swapped pairs', () => {
  it('counts won both, split and lost both', () => {
    const p = pairEstimate([1, 1, 0.5, 0, 0.5, 1]);
    expect([p.wonBoth, p.split, p.lostBoth, p.pairs]).toEqual([3, 2, 1, 6]);
    expect(p.score).toBeCloseTo(4 / 6, 12);
  });

  it('narrows the interval when pairs are consistent (every pair split: no variance from colour)', () => {
    const perGame = eloEstimate(25, 25);
    // All pairs split: the variance over pairs is zero, so the game count stands.
    const split = pairEstimate(Array(25).fill(0.5));
    expect(split.effectiveGames).toBe(50);
    // Pairs that are all-or-nothing carry less information than 50 independent games.
    const clumped = pairEstimate([...Array(12).fill(1), ...Array(13).fill(0)]);
    expect(clumped.effectiveGames).toBeLessThan(30);
    expect(clumped.high - clumped.low).toBeGreaterThan(perGame.high - perGame.low);
  });

  it('stays finite on the informative side at 100%', () => {
    const p = pairEstimate(Array(5).fill(1));
    expect(p.elo).toBe(Infinity);
    expect(Number.isFinite(p.low)).toBe(true);
    expect(p.low).toBeGreaterThan(0);
  });
});

describe('SPRT', () => {
  it('has bounds +-2.94 for alpha = beta = 0.05', () => {
    const b = sprtBounds(0.05, 0.05);
    expect(b.lower).toBeCloseTo(-2.944, 3);
    expect(b.upper).toBeCloseTo(2.944, 3);
  });

  it('is the binomial log-likelihood ratio', () => {
    const p0 = scoreFromElo(0);
    const p1 = scoreFromElo(10);
    expect(sprtLlr(30, 20, 0, 10)).toBeCloseTo(30 * Math.log(p1 / p0) + 20 * Math.log((1 - p1) / (1 - p0)), 12);
    expect(sprtLlr(0, 0, 0, 10)).toBe(0);
  });

  it('decides H1 for a clearly stronger engine and H0 for an equal one', () => {
    expect(sprt(80, 20, { elo0: 0, elo1: 50, alpha: 0.05, beta: 0.05 }).decision).toBe('H1');
    expect(sprt(150, 150, { elo0: 0, elo1: 50, alpha: 0.05, beta: 0.05 }).decision).toBe('H0');
    expect(sprt(12, 10, { elo0: 0, elo1: 50, alpha: 0.05, beta: 0.05 }).decision).toBe('continue');
  });

  it('keeps the decision of the first crossing when games still running carry the LLR back inside', () => {
    const settings = { elo0: 0, elo1: 50, alpha: 0.05, beta: 0.05 };
    // Each win adds ln(p1/p0) = 0.1336 and each loss ln((1-p1)/(1-p0)) = -0.1432: 23 straight wins cross the upper
    // bound 2.944 (LLR 3.07); a 24th game lost by the other engine, already running, brings it back to 2.93.
    let state = null;
    for (let w = 1; w <= 23; w++) state = sequentialSprt(state, w, 0, settings);
    expect(state!.decision).toBe('H1');
    const after = sequentialSprt(state, 23, 1, settings);
    expect(sprt(23, 1, settings).decision).toBe('continue');
    expect(after.decision).toBe('H1');
    expect(after.llr).toBeCloseTo(sprt(23, 1, settings).llr, 12);
    // Before any crossing it is the plain test.
    expect(sequentialSprt(null, 12, 10, settings)).toEqual(sprt(12, 10, settings));
  });

  it('refuses settings that make no sense', () => {
    expect(sprtProblem({ elo0: 10, elo1: 0, alpha: 0.05, beta: 0.05 })).toMatch(/greater/);
    expect(sprtProblem({ elo0: 0, elo1: 10, alpha: 0.7, beta: 0.05 })).toMatch(/alpha/);
    expect(sprtProblem({ elo0: 0, elo1: 10, alpha: 0.05, beta: 0.05 })).toBeNull();
  });
});

describe('Bradley-Terry', () => {
  it('recovers the Elo differences that generated the expected results', () => {
    const truth = [150, 0, -150];
    const results = [];
    for (let i = 0; i < 3; i++) {
      for (let j = i + 1; j < 3; j++) {
        const games = 1000;
        results.push({ a: i, b: j, scoreA: games * scoreFromElo(truth[i] - truth[j]), games });
      }
    }
    const table = bradleyTerry(3, results, { priorDraws: 0 });
    expect(table.connected).toBe(true);
    table.ratings.forEach((r, i) => expect(r.elo).toBeCloseTo(truth[i], 6));
  });

  it('with two players is the plain Elo of the score, split around the mean', () => {
    const table = bradleyTerry(2, [{ a: 0, b: 1, scoreA: 60, games: 100 }], { priorDraws: 0 });
    expect(table.ratings[0].elo - table.ratings[1].elo).toBeCloseTo(eloFromScore(0.6), 6);
    expect(table.ratings[0].elo + table.ratings[1].elo).toBeCloseTo(0, 9);
    // Standard error of the difference: 1 / sqrt(n p (1-p)) natural units; each rating carries half of it.
    const seDiff = (400 / Math.LN10) / Math.sqrt(100 * 0.6 * 0.4);
    expect(table.ratings[0].se).toBeCloseTo(seDiff / 2, 6);
  });

  it('stays finite for a perfect score thanks to the virtual draw, and flags disconnected pools', () => {
    const perfect = bradleyTerry(2, [{ a: 0, b: 1, scoreA: 10, games: 10 }]);
    expect(Number.isFinite(perfect.ratings[0].elo)).toBe(true);
    expect(perfect.ratings[0].elo).toBeGreaterThan(100);
    const split = bradleyTerry(4, [
      { a: 0, b: 1, scoreA: 5, games: 10 },
      { a: 2, b: 3, scoreA: 5, games: 10 },
    ]);
    expect(split.connected).toBe(false);
  });
});
