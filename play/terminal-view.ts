/**
 * What the terminal game draws: the board (src/diagram.ts, painted in ANSI colours when asked), a note on how to read
 * it, and the status lines (last moves, captures, prisoners, counters, whose turn, the result).
 */
import { renderBoard } from '../src/diagram.js';
import { describeScores } from '../src/game.js';
import { PASS, RESIGN } from '../src/vocabulary.js';
import { formatNumber } from '../src/rules.js';
import { ANSI_STONE, colorLabel, colorName } from './colors.js';
import type { Match, MoveRecord } from './match.js';
import { describeStrength, moveText } from './match.js';

/** ANSI styling that does nothing when colours are off. */
export class Paint {
  constructor(readonly on: boolean) {}
  sgr(code: string, text: string): string {
    return this.on && text.length > 0 ? `\x1b[${code}m${text}\x1b[0m` : text;
  }
  bold(text: string): string {
    return this.sgr('1', text);
  }
  dim(text: string): string {
    return this.sgr('2', text);
  }
  error(text: string): string {
    return this.sgr('1;31', text);
  }
  good(text: string): string {
    return this.sgr('1;32', text);
  }
  /** A colour's name in its stone colour: `Black (X)`. */
  color(c: number): string {
    return this.sgr(ANSI_STONE[c] ?? '1', colorLabel(c));
  }
}

/** The visible width of a string that may hold ANSI codes. */
export function visibleLength(text: string): number {
  // eslint-disable-next-line no-control-regex
  return text.replace(/\x1b\[[0-9;]*m/g, '').length;
}

/** The board with coordinates (lattices, hex) or as an adjacency list (other graphs), the last move marked. */
export function boardLines(match: Match, paint: Paint, columns = 80): string[] {
  const { graph, game } = match;
  const last = game.lastMove;
  const lines = renderBoard(graph, game.position.color, {
    lastMove: last === null ? undefined : last.vertex,
    hexRowEnds: true,
    ...(paint.on
      ? {
          paintStone: (text: string, c: number) => paint.sgr(ANSI_STONE[c] ?? '1', text),
          paintMark: (text: string) => paint.sgr('1;91', text),
        }
      : {}),
  });
  const isList = graph.meta.lattice === undefined && !/^hex \d+$/.test(graph.meta.spec ?? '');
  return isList ? inColumns(lines, columns) : lines;
}

/** Lays a long list out in as many columns as the width allows, column by column. */
function inColumns(lines: string[], columns: number): string[] {
  if (lines.length <= 12) return lines;
  const width = lines.reduce((m, l) => Math.max(m, visibleLength(l)), 0);
  const gap = 3;
  const count = Math.max(1, Math.min(6, Math.floor((columns + gap) / (width + gap))));
  if (count === 1) return lines;
  const rows = Math.ceil(lines.length / count);
  const out: string[] = [];
  for (let r = 0; r < rows; r++) {
    let line = '';
    for (let c = 0; c < count; c++) {
      const i = c * rows + r;
      if (i >= lines.length) break;
      const cell = lines[i];
      line += c + 1 < count && i + rows < lines.length ? cell + ' '.repeat(width + gap - visibleLength(cell)) : cell;
    }
    out.push(line.trimEnd());
  }
  return out;
}

/** How to read the picture of this kind of graph (one line). */
export function boardNote(match: Match): string {
  const { graph } = match;
  const family = (graph.meta.spec ?? '').split(' ')[0];
  const lattice = graph.meta.lattice;
  if (lattice !== undefined) {
    const names =
      lattice.width <= 25 && lattice.height <= 25
        ? 'play by coordinates such as C3'
        : `play by index: (row - 1) x ${lattice.width} + column`;
    switch (family) {
      case 'torus':
        return `torus: the board wraps around, the edges of each row and column are adjacent; ${names}`;
      case 'king':
        return `king: diagonal neighbours are adjacent too (8 neighbours); ${names}`;
      case 'tri':
        return `tri: each point also touches its upper-right and lower-left diagonal neighbours; ${names}`;
      default:
        return names.charAt(0).toUpperCase() + names.slice(1);
    }
  }
  if (family === 'hex') return 'hex: each row shows its first and last index; every inner point has six neighbours';
  const arcs = graph.arcCount > 0 ? '; >v: v is a liberty of this vertex only, <v: only the reverse' : '';
  return `each entry: vertex, stone (* last move), then its neighbours${arcs}; play by vertex name`;
}

/** `Black C3`, `White D4 captures 2 (C5 D5)`, with the bot's thinking when `details`. */
export function recordText(match: Match, record: MoveRecord, paint: Paint, details = true): string {
  const verb = record.move === RESIGN ? 'resign' : record.move === PASS ? 'pass' : 'play ' + paint.bold(moveText(record.move, match.graph));
  // `You play C3`, `White (O) plays D4`.
  let text = record.byBot ? `${paint.color(record.color)} ${verb.replace(/^(\w+)/, (w) => (w === 'pass' ? 'passes' : `${w}s`))}` : `You ${verb}`;
  if (record.captured.length > 0) {
    const names = record.captured.slice(0, 8).map((v) => moveText(v, match.graph));
    const more = record.captured.length > 8 ? ' ...' : '';
    text += `, ${paint.sgr('1;91', `captures ${record.captured.length}`)} (${names.join(' ')}${more})`;
  }
  if (details && record.byBot && record.seconds !== undefined) {
    const search = record.search;
    const parts = [`${record.seconds.toFixed(2)} s`];
    if (search && search.simulations > 0) {
      parts.push(`${search.simulations} playouts`);
      if (record.pondered !== undefined) parts.push(`${record.pondered} more on your time`);
      parts.push(`win rate ${Math.round(search.winrate * 100)}%`);
    }
    text += paint.dim(` [${parts.join(', ')}]`);
  }
  return text;
}

/** Prisoners, counters (with what they mean under famine) and whose turn it is, or the result. */
export function statusLines(match: Match, paint: Paint): string[] {
  const { game, rules } = match;
  const lines: string[] = [];
  // The moves since the person's last turn: their move and the replies.
  let from = match.log.length - 1;
  while (from > 0 && match.log[from].byBot) from--;
  if (from >= 0) {
    const recent = match.log.slice(from).map((r) => recordText(match, r, paint));
    lines.push(`Move ${game.moveCount}: ${recent.join('; ')}`);
  } else {
    lines.push(`Move 0: the board is empty`);
  }
  const prisoners: string[] = [];
  const counters: string[] = [];
  for (let c = 1; c <= rules.colors; c++) {
    prisoners.push(`${colorName(c)} ${formatNumber(game.prisoners(c))}`);
    counters.push(`${colorName(c)} ${formatNumber(game.counter(c))}`);
  }
  let countersLine = `Prisoners: ${prisoners.join(', ')}`;
  if (rules.passes === 'paid') countersLine += `   Counters: ${counters.join(', ')} ${paint.dim('(a pass costs 1; at 0 or below no pass)')}`;
  else if (rules.passes === 'none') countersLine += `   ${paint.dim('(no passing under these rules)')}`;
  lines.push(countersLine);
  if (game.over) {
    lines.push(`${paint.bold('Game over:')} ${paint.good(game.result ?? '')} (${match.endReason()})`);
    lines.push(game.winner === match.human ? paint.good('You win.') : game.winner === 0 ? 'A tie.' : 'The computer wins.');
  } else {
    const turn = game.toMove === match.human ? paint.bold('your move') : 'the computer thinks';
    lines.push(`${paint.color(game.toMove)} to play: ${turn}`);
  }
  return lines;
}

export function headerLine(match: Match, paint: Paint): string {
  const { graph, rules, settings } = match;
  const board = graph.meta.spec !== undefined && !graph.meta.spec.startsWith('edges') ? graph.meta.spec : `${graph.n} vertices`;
  const komi = rules.komi !== 0 ? `, komi ${formatNumber(rules.komi)}` : '';
  return (
    `${paint.bold('graphgo')} ${board} · ${rules.preset} rules${komi} · you: ${paint.color(match.human)} · ` +
    `computer: ${describeStrength(settings)}`
  );
}

/** The `score` command's answer. */
export function scoreLines(match: Match, paint: Paint): string[] {
  const { game, rules } = match;
  const { exact, scores } = match.score();
  const list = [];
  for (let c = 1; c <= rules.colors; c++) list.push(`${colorName(c)} ${formatNumber(scores[c])}`);
  const outcome = describeScores(scores, rules.colors).text;
  const komi = rules.komi !== 0 ? `, White's komi ${formatNumber(rules.komi)} included` : '';
  if (exact) {
    const how = rules.scoring === 'territory' ? 'territory + prisoners' : 'area: stones + surrounded empty points';
    return [`Count if the game ended now (${how}${komi}): ${list.join(', ')}: ${paint.bold(outcome)}`];
  }
  // Without passes (conway) there are no counters to show, and the one who cannot play loses.
  const paid = rules.passes === 'paid';
  const counters = [];
  for (let c = 1; c <= rules.colors; c++) counters.push(`${colorName(c)} ${formatNumber(game.counter(c))}`);
  const estimate = `Area estimate now${komi}: ${list.join(', ')} (${paint.bold(outcome)}).`;
  const lines = [
    `No count under ${rules.preset} rules: whoever ${paid ? 'can neither play nor pass' : 'cannot play'} loses.`,
    paid ? `Counters: ${counters.join(', ')}. ${estimate}` : estimate,
  ];
  for (let i = match.log.length - 1; i >= 0; i--) {
    const search = match.log[i].search;
    if (match.log[i].byBot && search && search.simulations > 0) {
      lines.push(`The computer's last search gave ${colorName(match.log[i].color)} a ${Math.round(search.winrate * 100)}% chance to win.`);
      break;
    }
  }
  return lines;
}

export const HELP_LINES: readonly string[] = [
  'Commands (case does not matter):',
  '  <vertex>  play there: a coordinate such as C3 on a square lattice, else an index name such as 17',
  '  pass      pass (under famine it costs 1 from your counter and needs a counter above 0)',
  '  resign    give up the game',
  '  undo      take back your last move and the computer\'s reply',
  '  hint      ask the computer for a move',
  '  score     the count now (or, under famine, counters and an estimate)',
  '  board     draw the board again',
  '  help      this list',
  '  quit      leave the game',
];
