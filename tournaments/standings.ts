/**
 * From game records to the numbers people read: per pairing (pooled, and per graph x rule set when there are
 * several) wins, losses and draws by colour, score, Elo with its Wilson interval, LOS, colour-swapped pair statistics,
 * forfeits and duplicate games; a Bradley-Terry rating table over every engine; the SPRT state.
 *
 * A game with more than two players (NetGo teams) is split into pairwise results: every engine of the winning colour
 * beat every other engine of the game; a tie is a draw between every two of them. The Elo of a pairing is always
 * the first engine's (in the tournament's order) over the second's.
 */
import type { GameRecord, ForfeitKind } from './records.js';
import {
  bradleyTerry,
  eloEstimate,
  pairEstimate,
  sequentialSprt,
  sprt,
  type EloEstimate,
  type PairEstimate,
  type PairwiseResult,
  type Rating,
  type SprtSettings,
  type SprtState,
} from './stats.js';

export interface PairingStats {
  readonly a: string;
  readonly b: string;
  /** The graph and rules of a per-setting row; absent on the pooled row. */
  readonly graph?: string;
  readonly rules?: string;
  readonly games: number;
  readonly aWins: number;
  readonly bWins: number;
  readonly draws: number;
  /** A's games, wins, losses and draws as Black and as White (games with one engine per colour and two colours). */
  readonly aBlack: ColourStats;
  readonly aWhite: ColourStats;
  readonly estimate: EloEstimate;
  /** Over colour-swapped pairs (both games of a two-player round played); null when there is none. */
  readonly pairs: PairEstimate | null;
  readonly aForfeits: number;
  readonly bForfeits: number;
  /** Games whose moves repeat an earlier game of the pairing with the same seats. */
  readonly duplicates: number;
}

/** One engine's results with one colour: games = wins + losses + draws. */
export interface ColourStats {
  readonly games: number;
  readonly wins: number;
  readonly losses: number;
  readonly draws: number;
}

export interface RatingRow extends Rating {
  readonly name: string;
}

export interface Standings {
  readonly engines: readonly string[];
  readonly games: number;
  readonly pairings: readonly PairingStats[];
  /** Per graph x rule set, when the tournament has more than one. */
  readonly bySetting: readonly PairingStats[];
  /** Bradley-Terry ratings, best first (meaningful with three or more engines). */
  readonly ratings: readonly RatingRow[];
  readonly connected: boolean;
  /** Two-colour games won by Black, and those decided at all. */
  readonly blackWins: number;
  readonly decidedTwoColor: number;
  readonly forfeits: Readonly<Record<string, Partial<Record<ForfeitKind, number>>>>;
  readonly duplicates: { readonly count: number; readonly examples: readonly (readonly [number, number])[] };
  readonly sprt: (SprtState & { readonly settings: SprtSettings; readonly wins: number; readonly losses: number }) | null;
}

interface Outcome {
  readonly record: GameRecord;
  readonly x: string;
  readonly y: string;
  /** x's score: 1, 0.5, 0. */
  readonly score: number;
}

/** Pairwise results of one game (see the file comment). */
export function pairwise(record: GameRecord): Outcome[] {
  const distinct = [...new Set(record.seats)];
  const out: Outcome[] = [];
  if (record.winner === 0) {
    for (let i = 0; i < distinct.length; i++) {
      for (let j = i + 1; j < distinct.length; j++) out.push({ record, x: distinct[i], y: distinct[j], score: 0.5 });
    }
    return out;
  }
  for (const w of record.winners) for (const l of record.losers) out.push({ record, x: w, y: l, score: 1 });
  return out;
}

function duplicateKey(r: GameRecord): string {
  return `${r.graph}\n${r.rules}\n${r.seats.join('\t')}\n${r.moves.map((m) => m.move).join(' ')}\n${r.result}`;
}

/** Games that repeat an earlier game move for move (same graph, rules and seats): not independent samples. */
export function findDuplicates(records: readonly GameRecord[]): Map<number, number> {
  const first = new Map<string, number>();
  const dup = new Map<number, number>();
  for (const r of [...records].sort((p, q) => p.game - q.game)) {
    if (r.moves.length === 0) continue;
    const key = duplicateKey(r);
    const earlier = first.get(key);
    if (earlier === undefined) first.set(key, r.game);
    else dup.set(r.game, earlier);
  }
  return dup;
}

function pairingStats(a: string, b: string, records: readonly GameRecord[], duplicates: ReadonlyMap<number, number>, setting?: { graph: string; rules: string }): PairingStats {
  let aWins = 0;
  let bWins = 0;
  let draws = 0;
  const aBlack = { games: 0, wins: 0, losses: 0, draws: 0 };
  const aWhite = { games: 0, wins: 0, losses: 0, draws: 0 };
  let aForfeits = 0;
  let bForfeits = 0;
  let dups = 0;
  let games = 0;
  /** (block, round) -> A's scores in the games of that two-player round. */
  const rounds = new Map<string, number[]>();
  for (const r of records) {
    const seats = new Set(r.seats);
    if (!seats.has(a) || !seats.has(b)) continue;
    let score: number | null = null;
    for (const o of pairwise(r)) {
      if (o.x === a && o.y === b) score = o.score;
      else if (o.x === b && o.y === a) score = 1 - o.score;
    }
    if (score === null) continue; // teammates in a multi-player game: no result between them
    games++;
    if (score === 1) aWins++;
    else if (score === 0) bWins++;
    else draws++;
    if (r.black !== undefined && r.white !== undefined) {
      const side = r.black === a ? aBlack : r.white === a ? aWhite : null;
      if (side !== null) {
        side.games++;
        if (score === 1) side.wins++;
        else if (score === 0) side.losses++;
        else side.draws++;
      }
    }
    if (r.forfeit?.engine === a) aForfeits++;
    if (r.forfeit?.engine === b) bForfeits++;
    if (duplicates.has(r.game)) dups++;
    if (seats.size === 2 && r.seats.length >= 2) {
      const key = `${r.block}:${r.round}`;
      const list = rounds.get(key) ?? [];
      list.push(score);
      rounds.set(key, list);
    }
  }
  const pairScores: number[] = [];
  for (const list of rounds.values()) if (list.length === 2) pairScores.push((list[0] + list[1]) / 2);
  return {
    a,
    b,
    ...(setting ?? {}),
    games,
    aWins,
    bWins,
    draws,
    aBlack,
    aWhite,
    estimate: eloEstimate(aWins, bWins, draws),
    pairs: pairScores.length > 0 ? pairEstimate(pairScores) : null,
    aForfeits,
    bForfeits,
    duplicates: dups,
  };
}

export function computeStandings(engineOrder: readonly string[], records: readonly GameRecord[], sprtSettings: SprtSettings | null = null): Standings {
  // Engines in the tournament's order, then any others the records name (a report of an edited folder).
  const engines = [...engineOrder];
  for (const r of records) for (const s of r.seats) if (!engines.includes(s)) engines.push(s);
  const duplicates = findDuplicates(records);
  const pairings: PairingStats[] = [];
  const bySetting: PairingStats[] = [];
  // In the plan's order (a setting's first block), not in the order games finished, which concurrency shuffles.
  const settings: { graph: string; rules: string; block: number }[] = [];
  for (const r of records) {
    const known = settings.find((s) => s.graph === r.graph && s.rules === r.rules);
    if (known === undefined) settings.push({ graph: r.graph, rules: r.rules, block: r.block });
    else if (r.block < known.block) known.block = r.block;
  }
  settings.sort((a, b) => a.block - b.block);
  for (let i = 0; i < engines.length; i++) {
    for (let j = i + 1; j < engines.length; j++) {
      const p = pairingStats(engines[i], engines[j], records, duplicates);
      if (p.games === 0) continue;
      pairings.push(p);
      if (settings.length > 1) {
        for (const s of settings) {
          const q = pairingStats(engines[i], engines[j], records.filter((r) => r.graph === s.graph && r.rules === s.rules), duplicates, { graph: s.graph, rules: s.rules });
          if (q.games > 0) bySetting.push(q);
        }
      }
    }
  }
  // Ratings over every pairwise result.
  const index = new Map(engines.map((e, i) => [e, i]));
  const results: PairwiseResult[] = [];
  for (const r of records) for (const o of pairwise(r)) results.push({ a: index.get(o.x)!, b: index.get(o.y)!, scoreA: o.score, games: 1 });
  const table = bradleyTerry(engines.length, results);
  const ratings = table.ratings
    .map((rating) => ({ ...rating, name: engines[rating.player] }))
    .filter((rating) => rating.games > 0)
    .sort((p, q) => q.elo - p.elo);

  let blackWins = 0;
  let decidedTwoColor = 0;
  const forfeits: Record<string, Partial<Record<ForfeitKind, number>>> = {};
  for (const r of records) {
    if (r.colors.length === 2 && r.winner !== 0) {
      decidedTwoColor++;
      if (r.winner === 1) blackWins++;
    }
    if (r.forfeit !== undefined) {
      const f = (forfeits[r.forfeit.engine] ??= {});
      f[r.forfeit.kind] = (f[r.forfeit.kind] ?? 0) + 1;
    }
  }
  let sprtState: Standings['sprt'] = null;
  if (sprtSettings !== null && engines.length >= 2) {
    const p = pairings.find((q) => q.a === engines[0] && q.b === engines[1]);
    const wins = p?.aWins ?? 0;
    const losses = p?.bWins ?? 0;
    const decided = sequentialSprtOf(records, engines[0], engines[1], sprtSettings);
    sprtState = { ...sprt(wins, losses, sprtSettings), decision: decided.decision, settings: sprtSettings, wins, losses };
  }
  return {
    engines,
    games: records.length,
    pairings,
    bySetting,
    ratings,
    connected: table.connected,
    blackWins,
    decidedTwoColor,
    forfeits,
    duplicates: { count: duplicates.size, examples: [...duplicates.entries()].slice(0, 5) },
    sprt: sprtState,
  };
}

/**
 * The running score the progress line shows, kept incrementally (the full standings recompute duplicates over every
 * move of every game, too slow to do after each of thousands of quick games).
 */
export class RunningScore {
  private readonly points = new Map<string, number>();
  private readonly played = new Map<string, number>();
  /** With two engines: the first one's wins, losses and draws against the second. */
  wins = 0;
  losses = 0;
  draws = 0;
  games = 0;

  constructor(readonly engines: readonly string[]) {}

  add(record: GameRecord): void {
    this.games++;
    const [a, b] = this.engines;
    for (const o of pairwise(record)) {
      this.points.set(o.x, (this.points.get(o.x) ?? 0) + o.score);
      this.points.set(o.y, (this.points.get(o.y) ?? 0) + 1 - o.score);
      this.played.set(o.x, (this.played.get(o.x) ?? 0) + 1);
      this.played.set(o.y, (this.played.get(o.y) ?? 0) + 1);
      const score = o.x === a && o.y === b ? o.score : o.x === b && o.y === a ? 1 - o.score : null;
      if (score === 1) this.wins++;
      else if (score === 0) this.losses++;
      else if (score !== null) this.draws++;
    }
  }

  /** Each engine's score fraction over its pairwise results, best first. */
  leaders(): { name: string; score: number; games: number }[] {
    return this.engines
      .filter((e) => (this.played.get(e) ?? 0) > 0)
      .map((e) => ({ name: e, score: this.points.get(e)! / this.played.get(e)!, games: this.played.get(e)! }))
      .sort((p, q) => q.score - p.score);
  }
}

/**
 * The SPRT of `a` against `b` over `records` in the order they were written (the order the games finished): the
 * decision of its first crossing stands (stats.ts sequentialSprt).
 */
export function sequentialSprtOf(records: readonly GameRecord[], a: string, b: string, settings: SprtSettings): SprtState {
  let state: SprtState | null = null;
  let wins = 0;
  let losses = 0;
  for (const r of records) {
    if (r.winners.includes(a) && r.losers.includes(b)) wins++;
    else if (r.winners.includes(b) && r.losers.includes(a)) losses++;
    else continue;
    state = sequentialSprt(state, wins, losses, settings);
  }
  return state ?? sprt(0, 0, settings);
}
