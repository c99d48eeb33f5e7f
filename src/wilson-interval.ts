/**
 * The Wilson score interval of a proportion, a pure function shared by the tournament statistics
 * (tournaments/stats.ts) and the benchmarks (bench/optimal-moves.ts).
 *
 * Why Wilson and not the normal (Wald) interval: Wald gives a zero-width or out-of-range interval at 0% and 100%,
 * while Wilson stays inside (0, 1) for any n > 0, so an Elo interval mapped from its ends stays finite
 * (docs/harness.md, "Statistics").
 */

/** z of a two-sided 95% interval. */
export const Z95 = 1.959963984540054;

/**
 * Wilson score interval for a proportion p observed over n trials (n may be fractional: an effective sample size).
 * For n = 0 the interval is [0, 1]. For n > 0 both ends lie strictly inside (0, 1) unless p is 0 or 1, where the
 * end on that side is 0 or 1 and the other stays inside.
 */
export function wilsonInterval(p: number, n: number, z: number = Z95): [number, number] {
  if (!(n > 0)) return [0, 1];
  const z2 = z * z;
  const denominator = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denominator;
  const half = (z / denominator) * Math.sqrt(Math.max(0, (p * (1 - p)) / n + z2 / (4 * n * n)));
  // At p = 0 or 1 one end is exactly 0 or 1 (rounding would leave it a hair inside, a huge finite Elo).
  return [p <= 0 ? 0 : Math.max(0, centre - half), p >= 1 ? 1 : Math.min(1, centre + half)];
}
