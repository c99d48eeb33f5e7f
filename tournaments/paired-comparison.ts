/**
 * Two runs against the same opponents, compared game by game (docs/harness.md, "Comparing two runs"). The harness
 * deals each game number the same graph, rules, seats and per-game seed for the same tournament seed, and engines
 * that take the seed (GNU Go's set_random_seed, graphgo's --seed) then play the same game until the two builds
 * differ. So build A's run and build B's run with one seed are paired samples: a game both won or both lost says
 * nothing about A against B, and the games only one of them won carry the whole difference. Paired, the
 * difference's interval is narrower than the two Wilson intervals side by side; for a change that alters rare
 * decisions (resigning, a ladder) it is the only measure that can see it.
 */
import type { GameRecord } from './records.js';
import { Z95 } from './stats.js';

export interface PairedSide {
  /** The engine compared, as the run names it. */
  readonly engine: string;
  /** Its score over the paired games: 1 a win, 1/2 a tie, 0 a loss. */
  readonly score: number;
}

export interface PairedComparison {
  readonly a: PairedSide;
  readonly b: PairedSide;
  /** Game numbers both runs played with the engine seated and the same graph and rules. */
  readonly games: number;
  /** Of those: both scored 1, only A did better, only B did better, both scored 0 (ties fall in `aBetter`, `bBetter` or `same`). */
  readonly bothWon: number;
  readonly aBetter: number;
  readonly bBetter: number;
  readonly bothLost: number;
  /** Equal scores other than both won or both lost (two ties). */
  readonly otherSame: number;
  /** (score A - score B) / games, as a share, with its 95% interval from the paired differences' variance. */
  readonly difference: number;
  readonly interval: readonly [number, number];
  /** Exact two-sided sign test on aBetter against bBetter: the chance of a split this uneven if A and B were equal. */
  readonly signTestP: number;
  /** Games left out: numbers only one run played (or without the engine), and numbers whose graph or rules differ. */
  readonly onlyInA: number;
  readonly onlyInB: number;
  readonly mismatched: number;
  /** Paired games whose per-game seeds differ (the runs had different tournament seeds): pairs by number only. */
  readonly seedsDiffer: number;
  /** Paired games in which the engine held different colours in the two runs. */
  readonly coloursDiffer: number;
}

/** The engine's score in a game: 1 won, 1/2 tied, 0 lost; null when it did not play. */
export function gameScore(record: GameRecord, engine: string): number | null {
  if (!record.seats.includes(engine)) return null;
  if (record.winners.includes(engine) && !record.losers.includes(engine)) return 1;
  if (record.winner === 0) return 0.5;
  return record.winners.includes(engine) ? 0.5 : 0;
}

function colourOf(record: GameRecord, engine: string): number {
  return record.colors.findIndex((engines) => engines.includes(engine)) + 1;
}

/**
 * Pairs run A's games of `engineA` with run B's games of `engineB` by game number. Fails (with a sentence) when
 * either engine has no game in its run, or no game number is shared. Records name a graph by its label, which two
 * graph files may share: `graphsA` and `graphsB` (label -> the graph's hash, from each run's tournament.json) tell
 * such games apart, which are then left out as any other game whose graph differs.
 */
export function comparePaired(
  runA: readonly GameRecord[],
  engineA: string,
  runB: readonly GameRecord[],
  engineB: string,
  graphsA: ReadonlyMap<string, string> = new Map(),
  graphsB: ReadonlyMap<string, string> = new Map(),
): { ok: true; value: PairedComparison } | { ok: false; error: string } {
  // A run without its tournament.json tells nothing: only two known hashes can differ.
  const sameGraph = (label: string) => {
    const a = graphsA.get(label);
    const b = graphsB.get(label);
    return a === undefined || b === undefined || a === b;
  };
  const byNumber = (run: readonly GameRecord[], engine: string) => {
    const map = new Map<number, { record: GameRecord; score: number }>();
    for (const record of run) {
      const score = gameScore(record, engine);
      if (score !== null) map.set(record.game, { record, score });
    }
    return map;
  };
  const a = byNumber(runA, engineA);
  const b = byNumber(runB, engineB);
  if (a.size === 0) return { ok: false, error: `engine "${engineA}" played no game in the first run` };
  if (b.size === 0) return { ok: false, error: `engine "${engineB}" played no game in the second run` };

  let games = 0;
  let scoreA = 0;
  let scoreB = 0;
  let sumSq = 0;
  let bothWon = 0;
  let bothLost = 0;
  let otherSame = 0;
  let aBetter = 0;
  let bBetter = 0;
  let mismatched = 0;
  let seedsDiffer = 0;
  let coloursDiffer = 0;
  for (const [game, ga] of a) {
    const gb = b.get(game);
    if (gb === undefined) continue;
    if (ga.record.graph !== gb.record.graph || !sameGraph(ga.record.graph) || ga.record.rules !== gb.record.rules) {
      mismatched++;
      continue;
    }
    games++;
    if (ga.record.seed !== gb.record.seed) seedsDiffer++;
    if (colourOf(ga.record, engineA) !== colourOf(gb.record, engineB)) coloursDiffer++;
    scoreA += ga.score;
    scoreB += gb.score;
    const d = ga.score - gb.score;
    sumSq += d * d;
    if (d > 0) aBetter++;
    else if (d < 0) bBetter++;
    else if (ga.score === 1) bothWon++;
    else if (ga.score === 0) bothLost++;
    else otherSame++;
  }
  if (games === 0) {
    return { ok: false, error: 'the two runs share no game number with the same graph and rules (were they played with the same settings?)' };
  }
  let shared = 0;
  for (const game of a.keys()) if (b.has(game)) shared++;
  const difference = (scoreA - scoreB) / games;
  // The sample variance of the paired differences; with one game there is none, and the interval is the widest.
  const variance = games > 1 ? (sumSq - games * difference * difference) / (games - 1) : 1;
  const half = Z95 * Math.sqrt(Math.max(0, variance) / games);
  return {
    ok: true,
    value: {
      a: { engine: engineA, score: scoreA },
      b: { engine: engineB, score: scoreB },
      games,
      bothWon,
      aBetter,
      bBetter,
      bothLost,
      otherSame,
      difference,
      interval: [Math.max(-1, difference - half), Math.min(1, difference + half)],
      signTestP: signTest(aBetter, bBetter),
      onlyInA: a.size - shared,
      onlyInB: b.size - shared,
      mismatched,
      seedsDiffer,
      coloursDiffer,
    },
  };
}

/** Exact two-sided sign test: P(a split at least this uneven) for k + m fair coin flips, at most 1. */
export function signTest(k: number, m: number): number {
  const n = k + m;
  if (n === 0) return 1;
  const low = Math.min(k, m);
  // Sum the binomial(n, 1/2) probabilities of 0..low in log space, so that thousands of games do not underflow.
  let logTerm = -n * Math.LN2; // P(X = 0)
  let tail = Math.exp(logTerm);
  for (let x = 1; x <= low; x++) {
    logTerm += Math.log((n - x + 1) / x);
    tail += Math.exp(logTerm);
  }
  return Math.min(1, 2 * tail);
}

/** The comparison as the CLI prints it; `labelA` and `labelB` say which run is which (their folders). */
export function pairedText(c: PairedComparison, labelA: string, labelB: string): string {
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
  const points = (x: number) => `${x >= 0 ? '+' : ''}${(100 * x).toFixed(1)}`;
  const lines = [
    `paired by game number: ${c.games} games`,
    `  A: ${c.a.engine} in ${labelA}: ${formatScore(c.a.score)} of ${c.games} (${pct(c.a.score / c.games)})`,
    `  B: ${c.b.engine} in ${labelB}: ${formatScore(c.b.score)} of ${c.games} (${pct(c.b.score / c.games)})`,
    `  both won ${c.bothWon}, only A ${c.aBetter}, only B ${c.bBetter}, both lost ${c.bothLost}` + (c.otherSame > 0 ? `, same tie ${c.otherSame}` : ''),
    `  A - B: ${points(c.difference)} points [${points(c.interval[0])}, ${points(c.interval[1])}] (95%, paired)`,
    `  sign test on the ${c.aBetter + c.bBetter} games only one did better in: p = ${formatP(c.signTestP)} (two-sided, exact)`,
  ];
  if (c.onlyInA > 0 || c.onlyInB > 0) lines.push(`  left out: ${c.onlyInA} games only in A, ${c.onlyInB} only in B`);
  if (c.mismatched > 0) lines.push(`  warning: ${c.mismatched} game numbers have another graph or rules in the two runs; left out`);
  if (c.seedsDiffer > 0) {
    lines.push(`  warning: ${c.seedsDiffer} paired games had different seeds (the runs' --seed differ?): they share the game number only, and the pairing gains little`);
  }
  if (c.coloursDiffer > 0) lines.push(`  warning: in ${c.coloursDiffer} paired games the engine held different colours in the two runs`);
  return lines.join('\n') + '\n';
}

function formatScore(score: number): string {
  return Number.isInteger(score) ? String(score) : score.toFixed(1);
}

function formatP(p: number): string {
  return p >= 0.001 ? p.toFixed(3) : p.toExponential(1);
}
