/**
 * The statistics of a match, as pure functions (docs/harness.md, "Statistics").
 *
 * Why these and not cutechess's or fastchess's:
 * - Win rate: the Wilson score interval, not the normal (Wald) one. Wald gives `-inf +/- nan` at 0% or 100%
 *   (cutechess#767); Wilson stays inside (0, 1) for any n > 0, so its two ends, mapped through the same monotone
 *   logistic transform, give an Elo interval that is finite at 0% and 100% too.
 * - LOS: Phi((W - L) / sqrt(W + L)), as cutechess's elo.cpp (draws do not count).
 * - SPRT: Go with half-point komi has no draws, so the test is Wald's binomial one. (BayesElo's trinomial SPRT
 *   needs draws > 0; leela-zero works around that with a fake draw.)
 * - Colour-swapped pairs: the variance is taken over pairs (fastchess's pentanomial idea; in Go a pair has three
 *   outcomes: lost both, split, won both), turned into an effective number of games, and fed to the same Wilson
 *   interval, so the pair interval is finite at 0% and 100% as well.
 * - Many engines: Bradley-Terry maximum likelihood by Hunter's MM iteration, with a virtual draw between every two
 *   players who met (BayesElo's prior, smaller), so perfect scores stay finite; intervals from the observed Fisher
 *   information, with the ratings' mean fixed at 0.
 *
 * Checked numbers (test/tournaments/stats.test.ts): 60 wins, 40 losses -> +70 Elo, Wilson [+1, +139], LOS 97.7%;
 * 10-0 -> lower bound +166; SPRT bounds +-2.94 at alpha = beta = 0.05.
 */

import { Z95, wilsonInterval } from '../src/wilson-interval.js';

/** The 95% z and the Wilson interval live in src/ (the benchmarks use them too); re-exported for the harness. */
export { Z95, wilsonInterval };

// ---------------------------------------------------------------------------------------------------------------
// Normal distribution

/** erfc(x), fractional error below 1.2e-7 everywhere (Chebyshev fit, Numerical Recipes' erfcc). */
export function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const r =
    t *
    Math.exp(
      -z * z -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t *
                  (0.09678418 +
                    t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? r : 2 - r;
}

export function erf(x: number): number {
  return 1 - erfc(x);
}

/** The standard normal distribution function Phi(x). */
export function normalCdf(x: number): number {
  return 0.5 * erfc(-x / Math.SQRT2);
}

/** The inverse of Phi (Acklam's rational approximation, relative error below 1.2e-9). */
export function normalQuantile(p: number): number {
  if (!(p > 0 && p < 1)) {
    if (p === 0) return -Infinity;
    if (p === 1) return Infinity;
    return NaN;
  }
  const a = [-39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628277459239];
  const b = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
  const c = [-0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const low = 0.02425;
  if (p < low) {
    const q = Math.sqrt(-2 * Math.log(p));
    return (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
  }
  if (p > 1 - low) return -normalQuantile(1 - p);
  const q = p - 0.5;
  const r = q * q;
  return (
    ((((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q) /
    (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1)
  );
}

/** z of a two-sided interval at this confidence (0.95 -> 1.96). */
export function zForConfidence(confidence: number): number {
  if (!(confidence > 0 && confidence < 1)) throw new RangeError(`confidence must be in (0, 1), got ${confidence}`);
  return normalQuantile(0.5 + confidence / 2);
}

// ---------------------------------------------------------------------------------------------------------------
// Win rate and Elo

/** Elo difference of a score p in [0, 1]: 400 log10(p / (1 - p)); -Infinity at 0, +Infinity at 1. */
export function eloFromScore(p: number): number {
  if (p <= 0) return -Infinity;
  if (p >= 1) return Infinity;
  return 400 * Math.log10(p / (1 - p));
}

/** The expected score of an Elo difference: 1 / (1 + 10^(-elo/400)). */
export function scoreFromElo(elo: number): number {
  return 1 / (1 + Math.pow(10, -elo / 400));
}

export interface EloEstimate {
  readonly games: number;
  /** (wins + draws / 2) / games; NaN without games. */
  readonly score: number;
  /** Elo of the first player over the second: infinite at 0% or 100%. */
  readonly elo: number;
  /** The interval's ends: the Wilson bounds mapped through the logistic (see eloEstimate for 0% and 100%). */
  readonly low: number;
  readonly high: number;
  /** Likelihood of superiority, Phi((W - L) / sqrt(W + L)); 0.5 without decisive games. */
  readonly los: number;
}

/**
 * Elo of a W/L/D record with the Wilson interval mapped through the logistic. Both ends are finite for every record
 * with games > 0 except at 0% and 100%: at 100% the point estimate and the upper end are +Infinity (all wins cannot
 * bound the strength from above) while the lower end stays finite, e.g. +166 for 10-0, where the normal interval
 * gives nothing at all; 0% is the mirror image.
 */
export function eloEstimate(wins: number, losses: number, draws = 0, z: number = Z95): EloEstimate {
  const games = wins + losses + draws;
  if (games === 0) return { games, score: NaN, elo: NaN, low: -Infinity, high: Infinity, los: 0.5 };
  const score = (wins + draws / 2) / games;
  const [lo, hi] = wilsonInterval(score, games, z);
  return { games, score, elo: eloFromScore(score), low: eloFromScore(lo), high: eloFromScore(hi), los: los(wins, losses) };
}

/** Likelihood of superiority: the probability that the first player is the stronger, from decisive games only. */
export function los(wins: number, losses: number): number {
  if (wins + losses === 0) return 0.5;
  return normalCdf((wins - losses) / Math.sqrt(wins + losses));
}

// ---------------------------------------------------------------------------------------------------------------
// Colour-swapped pairs

export interface PairEstimate {
  readonly pairs: number;
  /** Pairs the first player lost both games of, split, and won both (draws make the other fractional sums). */
  readonly lostBoth: number;
  readonly split: number;
  readonly wonBoth: number;
  readonly score: number;
  readonly elo: number;
  readonly low: number;
  readonly high: number;
  /** The number of independent games the pair variance is worth (games when it cannot be estimated). */
  readonly effectiveGames: number;
}

/**
 * Statistics over colour-swapped pairs. `pairScores` holds each pair's mean score for the first player (0, 0.5, 1
 * without draws). The variance of the mean score is estimated from the pairs (sample variance / pairs); the effective
 * number of games is p(1-p) / that variance, and the Wilson interval on it gives the Elo interval. When the pairs
 * show no variance (every pair alike, or fewer than two pairs), the effective number is the plain game count.
 */
export function pairEstimate(pairScores: readonly number[], z: number = Z95): PairEstimate {
  const n = pairScores.length;
  let lostBoth = 0;
  let split = 0;
  let wonBoth = 0;
  let sum = 0;
  for (const s of pairScores) {
    sum += s;
    if (s === 0) lostBoth++;
    else if (s === 1) wonBoth++;
    else split++;
  }
  if (n === 0) {
    return { pairs: 0, lostBoth, split, wonBoth, score: NaN, elo: NaN, low: -Infinity, high: Infinity, effectiveGames: 0 };
  }
  const mean = sum / n;
  let squares = 0;
  for (const s of pairScores) squares += (s - mean) * (s - mean);
  const varianceOfMean = n > 1 ? squares / (n - 1) / n : 0;
  const games = 2 * n;
  const perGame = mean * (1 - mean);
  const effectiveGames = varianceOfMean > 0 && perGame > 0 ? perGame / varianceOfMean : games;
  const [lo, hi] = wilsonInterval(mean, effectiveGames, z);
  return {
    pairs: n,
    lostBoth,
    split,
    wonBoth,
    score: mean,
    elo: eloFromScore(mean),
    low: eloFromScore(lo),
    high: eloFromScore(hi),
    effectiveGames,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// SPRT

export interface SprtSettings {
  readonly elo0: number;
  readonly elo1: number;
  readonly alpha: number;
  readonly beta: number;
}

export type SprtDecision = 'H0' | 'H1' | 'continue';

export interface SprtState {
  readonly llr: number;
  readonly lower: number;
  readonly upper: number;
  /** H1: elo1 accepted (the first player is better by about elo1); H0: elo0 accepted; else keep playing. */
  readonly decision: SprtDecision;
}

/** Wald's bounds: ln(beta / (1 - alpha)) and ln((1 - beta) / alpha); +-2.944 for alpha = beta = 0.05. */
export function sprtBounds(alpha: number, beta: number): { lower: number; upper: number } {
  return { lower: Math.log(beta / (1 - alpha)), upper: Math.log((1 - beta) / alpha) };
}

/** Binomial log-likelihood ratio of H1 (elo1) over H0 (elo0) after W wins and L losses (draws are ignored). */
export function sprtLlr(wins: number, losses: number, elo0: number, elo1: number): number {
  const p0 = scoreFromElo(elo0);
  const p1 = scoreFromElo(elo1);
  return wins * Math.log(p1 / p0) + losses * Math.log((1 - p1) / (1 - p0));
}

/**
 * The SPRT over games in the order they finished: the test ends the first time the LLR crosses a bound, and that
 * decision stands. With several games at once, games already running when it crosses still finish and count in
 * the tally, and can carry the LLR back inside the bounds; deciding again from the totals would then undo a
 * finished test (and a resume would play on).
 */
export function sequentialSprt(previous: SprtState | null, wins: number, losses: number, s: SprtSettings): SprtState {
  const now = sprt(wins, losses, s);
  return previous !== null && previous.decision !== 'continue' ? { ...now, decision: previous.decision } : now;
}

export function sprt(wins: number, losses: number, s: SprtSettings): SprtState {
  const { lower, upper } = sprtBounds(s.alpha, s.beta);
  const llr = sprtLlr(wins, losses, s.elo0, s.elo1);
  const decision: SprtDecision = llr >= upper ? 'H1' : llr <= lower ? 'H0' : 'continue';
  return { llr, lower, upper, decision };
}

/** Why SPRT settings make no sense, or null. */
export function sprtProblem(s: SprtSettings): string | null {
  for (const [k, v] of Object.entries(s)) if (!Number.isFinite(v)) return `${k} must be a number`;
  if (!(s.elo1 > s.elo0)) return `elo1 (${s.elo1}) must be greater than elo0 (${s.elo0})`;
  if (!(s.alpha > 0 && s.alpha < 0.5)) return `alpha must be in (0, 0.5), got ${s.alpha}`;
  if (!(s.beta > 0 && s.beta < 0.5)) return `beta must be in (0, 0.5), got ${s.beta}`;
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// Bradley-Terry ratings

export interface PairwiseResult {
  readonly a: number;
  readonly b: number;
  /** a's score in this result: 1 win, 0 loss, 0.5 draw; may be a count when `games` > 1. */
  readonly scoreA: number;
  readonly games: number;
}

export interface Rating {
  readonly player: number;
  /** Elo relative to the pool's mean (mean 0). */
  readonly elo: number;
  /** Standard error in Elo, and the interval elo +- z * se. */
  readonly se: number;
  readonly low: number;
  readonly high: number;
  readonly games: number;
  readonly score: number;
}

export interface RatingTable {
  readonly ratings: Rating[];
  /** False when the players fall into groups that never met: ratings across groups mean nothing. */
  readonly connected: boolean;
  readonly iterations: number;
}

export interface BradleyTerryOptions {
  /** Virtual draws added between every two players who met (default 1: half a win each way). 0: plain MLE. */
  readonly priorDraws?: number;
  readonly z?: number;
  readonly maxIterations?: number;
  readonly tolerance?: number;
}

const ELO_PER_NAT = 400 / Math.LN10;

/**
 * Bradley-Terry maximum likelihood (Hunter 2004's MM update gamma_i = W_i / sum_j n_ij / (gamma_i + gamma_j)) over
 * `players` players. Ratings are Elo (400 log10 gamma), centred on mean 0. Standard errors come from the inverse of
 * the observed information matrix H (a weighted graph Laplacian) restricted to sum-zero ratings, computed as
 * (H + J/k)^-1 - J/k with J the all-ones matrix.
 */
export function bradleyTerry(players: number, results: readonly PairwiseResult[], options: BradleyTerryOptions = {}): RatingTable {
  const k = players;
  const prior = options.priorDraws ?? 1;
  const z = options.z ?? Z95;
  const n = Array.from({ length: k }, () => new Float64Array(k));
  const w = new Float64Array(k);
  const games = new Float64Array(k);
  const points = new Float64Array(k);
  for (const r of results) {
    if (r.a === r.b) continue;
    n[r.a][r.b] += r.games;
    n[r.b][r.a] += r.games;
    w[r.a] += r.scoreA;
    w[r.b] += r.games - r.scoreA;
    games[r.a] += r.games;
    games[r.b] += r.games;
    points[r.a] += r.scoreA;
    points[r.b] += r.games - r.scoreA;
  }
  if (prior > 0) {
    for (let i = 0; i < k; i++) {
      for (let j = i + 1; j < k; j++) {
        if (n[i][j] > 0) {
          n[i][j] += prior;
          n[j][i] += prior;
          w[i] += prior / 2;
          w[j] += prior / 2;
        }
      }
    }
  }
  const connected = isConnected(n);
  const gamma = new Float64Array(k).fill(1);
  const maxIterations = options.maxIterations ?? 10_000;
  const tolerance = options.tolerance ?? 1e-10;
  let iterations = 0;
  for (; iterations < maxIterations; iterations++) {
    let change = 0;
    for (let i = 0; i < k; i++) {
      let denominator = 0;
      for (let j = 0; j < k; j++) if (n[i][j] > 0) denominator += n[i][j] / (gamma[i] + gamma[j]);
      if (denominator === 0) continue;
      // A player with no wins would go to 0 (and one with no losses to infinity): clamp so logs stay finite.
      const next = Math.min(1e12, Math.max(1e-12, w[i] / denominator));
      change = Math.max(change, Math.abs(Math.log(next / gamma[i])));
      gamma[i] = next;
    }
    // Normalise to geometric mean 1 so the iteration cannot drift.
    let logSum = 0;
    for (let i = 0; i < k; i++) logSum += Math.log(gamma[i]);
    const shift = Math.exp(logSum / k);
    for (let i = 0; i < k; i++) gamma[i] /= shift;
    if (change < tolerance) break;
  }
  const theta = Array.from(gamma, (g) => Math.log(g));
  // Observed information in natural-log strengths.
  const h = Array.from({ length: k }, () => new Float64Array(k));
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) {
      if (i === j || n[i][j] === 0) continue;
      const p = 1 / (1 + Math.exp(theta[j] - theta[i]));
      const v = n[i][j] * p * (1 - p);
      h[i][j] -= v;
      h[i][i] += v;
    }
  }
  for (let i = 0; i < k; i++) for (let j = 0; j < k; j++) h[i][j] += 1 / k;
  const inverse = invert(h);
  const ratings: Rating[] = [];
  for (let i = 0; i < k; i++) {
    const variance = inverse === null ? NaN : inverse[i][i] - 1 / k;
    const se = variance > 0 ? Math.sqrt(variance) * ELO_PER_NAT : games[i] > 0 ? 0 : Infinity;
    const elo = theta[i] * ELO_PER_NAT;
    ratings.push({
      player: i,
      elo,
      se,
      low: elo - z * se,
      high: elo + z * se,
      games: games[i],
      score: games[i] > 0 ? points[i] / games[i] : NaN,
    });
  }
  return { ratings, connected, iterations };
}

function isConnected(n: readonly Float64Array[]): boolean {
  const k = n.length;
  if (k <= 1) return true;
  const seen = new Uint8Array(k);
  const stack = [0];
  seen[0] = 1;
  while (stack.length > 0) {
    const i = stack.pop()!;
    for (let j = 0; j < k; j++) {
      if (!seen[j] && n[i][j] > 0) {
        seen[j] = 1;
        stack.push(j);
      }
    }
  }
  return seen.every((s) => s === 1);
}

/** Gauss-Jordan inverse with partial pivoting; null when singular. */
function invert(m: readonly Float64Array[]): Float64Array[] | null {
  const k = m.length;
  const a = m.map((row) => Float64Array.from(row));
  const inv = Array.from({ length: k }, (_, i) => {
    const row = new Float64Array(k);
    row[i] = 1;
    return row;
  });
  for (let col = 0; col < k; col++) {
    let pivot = col;
    for (let r = col + 1; r < k; r++) if (Math.abs(a[r][col]) > Math.abs(a[pivot][col])) pivot = r;
    if (Math.abs(a[pivot][col]) < 1e-300) return null;
    [a[col], a[pivot]] = [a[pivot], a[col]];
    [inv[col], inv[pivot]] = [inv[pivot], inv[col]];
    const d = a[col][col];
    for (let j = 0; j < k; j++) {
      a[col][j] /= d;
      inv[col][j] /= d;
    }
    for (let r = 0; r < k; r++) {
      if (r === col) continue;
      const f = a[r][col];
      if (f === 0) continue;
      for (let j = 0; j < k; j++) {
        a[r][j] -= f * a[col][j];
        inv[r][j] -= f * inv[col][j];
      }
    }
  }
  return inv;
}
