/**
 * The output of `graphgo solve --family`: a markdown or CSV table, or a JSON array, one row per graph in the family's
 * order. Rows may be solved out of order (`--jobs`); each is written as soon as it and every row before it are done.
 */
import { formatNumber } from '../src/rules.js';
import type { SolveRecord } from './solve-command.js';
import { komiWithinText } from './komi-within.js';

export type FamilyFormat = 'markdown' | 'csv' | 'json';

export class FamilyOutput {
  private readonly waiting = new Map<number, SolveRecord>();
  private next = 0;
  private finished = false;

  constructor(
    kind: SolveRecord['kind'],
    private readonly format: FamilyFormat,
    private readonly write: (text: string) => void,
  ) {
    write(format === 'json' ? '[' : tableHeader(kind, format));
  }

  /** The row of the index-th graph of the family (from 0); written once every earlier row is. */
  add(index: number, record: SolveRecord): void {
    if (this.finished) throw new Error('family output: a row after the end');
    if (index < this.next || this.waiting.has(index)) throw new Error(`family output: row ${index} twice`);
    this.waiting.set(index, record);
    for (let r = this.waiting.get(this.next); r !== undefined; r = this.waiting.get(this.next)) {
      this.waiting.delete(this.next);
      this.write(this.format === 'json' ? (this.next === 0 ? '\n' : ',\n') + indent(JSON.stringify(r, null, 2)) : tableRow(r, this.format));
      this.next++;
    }
  }

  /** Ends the table (closes the JSON array). Every row given must have been written. */
  finish(): void {
    if (this.waiting.size > 0) throw new Error(`family output: row ${this.next} missing`);
    this.finished = true;
    if (this.format === 'json') this.write(this.next === 0 ? ']\n' : '\n]\n');
  }
}

/** A score difference as a result: B+3, W+0.5, 0. */
export function resultText(diff: number): string {
  const d = Math.round(diff * 1e9) / 1e9;
  if (d > 0) return `B+${formatNumber(d)}`;
  if (d < 0) return `W+${formatNumber(-d)}`;
  return '0';
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => '  ' + line)
    .join('\n');
}

function resultCell(r: SolveRecord): string {
  // A komi searched within a given interval rests on it: the cell says so (`4 (4..5 given)`).
  const given = r.komiGiven === undefined ? '' : `${komiWithinText(r.komiGiven)} given`;
  if (r.status !== 'solved') {
    if (r.kind === 'komi') {
      const low = r.komiLow ?? null;
      const high = r.komiHigh ?? null;
      if (low === null && high === null) return given === '' ? 'unknown' : `unknown (${given})`;
      return `unknown (${low === null ? `<= ${high}` : high === null ? `>= ${low}` : `${low}..${high}`}${given === '' ? '' : `; ${given}`})`;
    }
    return 'unknown';
  }
  if (r.kind === 'komi') return given === '' ? String(r.komi) : `${r.komi} (${given})`;
  if (r.kind === 'score') return resultText(r.score as number);
  return r.result ?? '';
}

function tableHeader(kind: SolveRecord['kind'], format: 'markdown' | 'csv'): string {
  const column = kind === 'komi' ? 'komi' : kind === 'score' ? 'score' : 'winner';
  const cells = ['graph', 'vertices', 'edges', column, 'nodes', 'seconds'];
  if (format === 'csv') return cells.join(',') + '\n';
  return `| ${cells.join(' | ')} |\n|${cells.map(() => '---').join('|')}|\n`;
}

function tableRow(r: SolveRecord, format: 'markdown' | 'csv'): string {
  const cells = [r.graph, String(r.vertices), String(r.edges + r.arcs), resultCell(r), String(r.nodes), r.seconds.toFixed(2)];
  if (format === 'csv') return cells.map((c) => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',') + '\n';
  return `| ${cells.join(' | ')} |\n`;
}
