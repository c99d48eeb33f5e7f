/**
 * Text people read: the live progress line, the final table, and the CSV that `report` writes. Pure formatting:
 * the numbers come from standings.ts.
 */
import type { ColourStats, PairingStats, RunningScore, Standings } from './standings.js';
import { eloEstimate, sprt, type SprtSettings } from './stats.js';

/** `+70`, `-12`, `+inf`, `-inf`, `?` (no games). */
export function formatElo(x: number): string {
  if (Number.isNaN(x)) return '?';
  if (x === Infinity) return '+inf';
  if (x === -Infinity) return '-inf';
  const r = Math.round(x);
  return r > 0 ? `+${r}` : r < 0 ? `${r}` : '0';
}

export function formatPercent(x: number, digits = 1): string {
  return Number.isFinite(x) ? `${(100 * x).toFixed(digits)}%` : '?';
}

export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '?';
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m${String(s % 60).padStart(2, '0')}s`;
  const h = Math.floor(m / 60);
  return `${h}h${String(m % 60).padStart(2, '0')}m`;
}

/** Aligns rows into columns: 'l' or 'r' per column. */
export function formatTable(rows: readonly (readonly string[])[], align: readonly ('l' | 'r')[], indent = ''): string {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, cell.length)));
  return rows
    .map((row) => indent + row.map((cell, i) => (align[i] === 'r' ? cell.padStart(widths[i]) : cell.padEnd(widths[i]))).join('  ').trimEnd())
    .join('\n');
}

export interface ProgressInfo {
  readonly done: number;
  readonly total: number;
  readonly running: number;
  readonly etaMs: number | null;
  readonly sprt: SprtSettings | null;
}

/**
 * One line: `[37/100] uct 21-16 gnugo (56.8%) Elo +47 [-66, +160] LOS 81.3% | 2 running | ETA 3m12s`; with more
 * than two engines the leaders' scores instead of the Elo.
 */
export function progressLine(score: RunningScore, p: ProgressInfo): string {
  const parts = [`[${p.done}/${p.total}]`];
  if (score.engines.length === 2) {
    const [a, b] = score.engines;
    const draws = score.draws > 0 ? `-${score.draws}` : '';
    const e = eloEstimate(score.wins, score.losses, score.draws);
    parts.push(`${a} ${score.wins}-${score.losses}${draws} ${b}`);
    if (e.games > 0) parts.push(`(${formatPercent(e.score)}) Elo ${formatElo(e.elo)} [${formatElo(e.low)}, ${formatElo(e.high)}] LOS ${formatPercent(e.los)}`);
    if (p.sprt !== null) parts.push(`LLR ${sprt(score.wins, score.losses, p.sprt).llr.toFixed(2)}`);
  } else {
    const leaders = score.leaders().slice(0, 3);
    if (leaders.length > 0) parts.push(leaders.map((l) => `${l.name} ${formatPercent(l.score, 0)}`).join(', '));
  }
  if (p.running > 0) parts.push(`| ${p.running} running`);
  if (p.etaMs !== null && p.done < p.total) parts.push(`| ETA ${formatDuration(p.etaMs)}`);
  return parts.join(' ');
}

function winLine(wins: number, games: number): string {
  return games > 0 ? `${wins}/${games} (${formatPercent(wins / games)})` : '-';
}

function intervalText(low: number, high: number): string {
  return `[${formatElo(low)}, ${formatElo(high)}]`;
}

function pairsText(p: PairingStats): string {
  if (p.pairs === null) return '-';
  const q = p.pairs;
  return `${q.pairs} (${q.wonBoth}/${q.split}/${q.lostBoth}) Elo ${formatElo(q.elo)} ${intervalText(q.low, q.high)}`;
}

/** The detailed block of one pairing: by colour, Elo, LOS, pairs, forfeits, duplicates. */
function pairingBlock(p: PairingStats): string {
  const e = p.estimate;
  const rows: string[][] = [['', 'games', 'wins', 'losses', 'draws', 'score']];
  // Scored as the total row is: a draw is half a point.
  const sideRow = (label: string, side: ColourStats): string[] => [
    label,
    String(side.games),
    String(side.wins),
    String(side.losses),
    String(side.draws),
    side.games > 0 ? formatPercent(eloEstimate(side.wins, side.losses, side.draws).score) : '-',
  ];
  if (p.aBlack.games + p.aWhite.games > 0) {
    rows.push(sideRow(`${p.a} as Black`, p.aBlack));
    rows.push(sideRow(`${p.a} as White`, p.aWhite));
  }
  rows.push(['total', String(p.games), String(p.aWins), String(p.bWins), String(p.draws), formatPercent(e.score)]);
  const lines = [`${p.a} vs ${p.b}`, formatTable(rows, ['l', 'r', 'r', 'r', 'r', 'r'], '  ')];
  lines.push(`  Elo of ${p.a} over ${p.b}: ${formatElo(e.elo)} ${intervalText(e.low, e.high)} (95%, Wilson)   LOS ${formatPercent(e.los)}`);
  if (p.pairs !== null) {
    const q = p.pairs;
    lines.push(
      `  colour-swapped pairs: ${q.pairs} (won both ${q.wonBoth}, split ${q.split}, lost both ${q.lostBoth}): Elo ${formatElo(q.elo)} ${intervalText(q.low, q.high)}`,
    );
  }
  if (p.aForfeits + p.bForfeits > 0) lines.push(`  forfeits: ${p.a} ${p.aForfeits}, ${p.b} ${p.bForfeits}`);
  if (p.duplicates > 0) lines.push(`  duplicate games: ${p.duplicates} (identical move lists: not independent samples)`);
  return lines.join('\n');
}

/** The final table: pairings (detailed with two engines), per-setting rows, ratings, colour balance, SPRT. */
export function standingsText(s: Standings, title?: string): string {
  const out: string[] = [];
  if (title !== undefined) out.push(title);
  if (s.games === 0) {
    out.push('no games played yet');
    return out.join('\n') + '\n';
  }
  if (s.pairings.length === 1) {
    out.push(pairingBlock(s.pairings[0]));
  } else {
    out.push('Pairings (Elo of the first engine over the second; 95% Wilson interval; pairs: won both/split/lost both)');
    out.push(pairingRows(s.pairings));
  }
  if (s.bySetting.length > 0) {
    out.push('By graph and rules');
    out.push(pairingRows(s.bySetting, true));
  }
  if (s.engines.length > 2 && s.ratings.length > 0) {
    out.push('Ratings (Bradley-Terry maximum likelihood, mean 0, 95% interval)');
    const rows = [['rank', 'engine', 'Elo', 'interval', 'games', 'score']];
    s.ratings.forEach((r, i) =>
      rows.push([String(i + 1), r.name, formatElo(r.elo), intervalText(r.low, r.high), String(r.games), formatPercent(r.score)]),
    );
    out.push(formatTable(rows, ['r', 'l', 'r', 'l', 'r', 'r'], '  '));
    if (!s.connected) out.push('  warning: some engines never met, directly or through others; ratings across those groups mean nothing');
  }
  if (s.decidedTwoColor > 0) {
    out.push(`Black won ${winLine(s.blackWins, s.decidedTwoColor)} of the decided two-colour games.`);
  }
  const forfeitList = Object.entries(s.forfeits).map(
    ([engine, kinds]) => `${engine}: ${Object.entries(kinds).map(([k, n]) => `${k} ${n}`).join(', ')}`,
  );
  if (forfeitList.length > 0) out.push(`Forfeits: ${forfeitList.join('; ')}`);
  out.push(
    s.duplicates.count === 0
      ? 'Duplicate games: none.'
      : `Duplicate games: ${s.duplicates.count} (e.g. ${s.duplicates.examples.map(([g, h]) => `game ${g} = game ${h}`).join(', ')}): identical games are one sample, not several.`,
  );
  if (s.sprt !== null) out.push(sprtText(s.sprt));
  return out.join('\n') + '\n';
}

export function sprtText(state: NonNullable<Standings['sprt']>): string {
  const { settings: st } = state;
  const verdict =
    state.decision === 'H1'
      ? `H1 accepted: the first engine is stronger by about ${st.elo1} Elo or more`
      : state.decision === 'H0'
        ? `H0 accepted: the first engine is not stronger by ${st.elo1} Elo (at most about ${st.elo0})`
        : 'continue';
  return `SPRT elo0=${st.elo0} elo1=${st.elo1} alpha=${st.alpha} beta=${st.beta} (${state.wins} wins, ${state.losses} losses): LLR ${state.llr.toFixed(2)} (${state.lower.toFixed(2)}, ${state.upper.toFixed(2)}): ${verdict}`;
}

function pairingRows(list: readonly PairingStats[], withSetting = false): string {
  const head = [...(withSetting ? ['graph', 'rules'] : []), 'first', 'second', 'games', 'W-L-D', 'score', 'Elo', 'interval', 'LOS', 'pairs', 'forfeits'];
  const rows: string[][] = [head];
  for (const p of list) {
    rows.push([
      ...(withSetting ? [p.graph ?? '', p.rules ?? ''] : []),
      p.a,
      p.b,
      String(p.games),
      `${p.aWins}-${p.bWins}-${p.draws}`,
      formatPercent(p.estimate.score),
      formatElo(p.estimate.elo),
      intervalText(p.estimate.low, p.estimate.high),
      formatPercent(p.estimate.los),
      pairsText(p),
      `${p.aForfeits}/${p.bForfeits}`,
    ]);
  }
  const align: ('l' | 'r')[] = [...(withSetting ? (['l', 'l'] as const) : []), 'l', 'l', 'r', 'r', 'r', 'r', 'l', 'r', 'l', 'r'];
  return formatTable(rows, align, '  ');
}

function csvCell(v: string | number): string {
  const s = typeof v === 'number' ? (Number.isFinite(v) ? String(Math.round(v * 1e4) / 1e4) : v > 0 ? 'inf' : v < 0 ? '-inf' : '') : v;
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export const PAIRING_CSV_HEADER = [
  'graph',
  'rules',
  'engine_a',
  'engine_b',
  'games',
  'a_wins',
  'b_wins',
  'draws',
  'a_black_games',
  'a_black_wins',
  'a_black_losses',
  'a_black_draws',
  'a_white_games',
  'a_white_wins',
  'a_white_losses',
  'a_white_draws',
  'score',
  'elo',
  'elo_low',
  'elo_high',
  'los',
  'pairs',
  'pairs_won_both',
  'pairs_split',
  'pairs_lost_both',
  'pairs_elo_low',
  'pairs_elo_high',
  'a_forfeits',
  'b_forfeits',
  'duplicates',
] as const;

/** One row per pairing (graph and rules `all`), then one per pairing per graph x rules when there are several. */
export function pairingsCsv(s: Standings): string {
  const rows = [PAIRING_CSV_HEADER.join(',')];
  for (const p of [...s.pairings, ...s.bySetting]) {
    const q = p.pairs;
    rows.push(
      [
        p.graph ?? 'all',
        p.rules ?? 'all',
        p.a,
        p.b,
        p.games,
        p.aWins,
        p.bWins,
        p.draws,
        p.aBlack.games,
        p.aBlack.wins,
        p.aBlack.losses,
        p.aBlack.draws,
        p.aWhite.games,
        p.aWhite.wins,
        p.aWhite.losses,
        p.aWhite.draws,
        p.estimate.score,
        p.estimate.elo,
        p.estimate.low,
        p.estimate.high,
        p.estimate.los,
        q?.pairs ?? 0,
        q?.wonBoth ?? 0,
        q?.split ?? 0,
        q?.lostBoth ?? 0,
        q?.low ?? '',
        q?.high ?? '',
        p.aForfeits,
        p.bForfeits,
        p.duplicates,
      ]
        .map(csvCell)
        .join(','),
    );
  }
  return rows.join('\n') + '\n';
}

export function ratingsCsv(s: Standings): string {
  const rows = ['rank,engine,elo,se,elo_low,elo_high,games,score'];
  s.ratings.forEach((r, i) => rows.push([i + 1, r.name, r.elo, r.se, r.low, r.high, r.games, r.score].map(csvCell).join(',')));
  return rows.join('\n') + '\n';
}
