#!/usr/bin/env node
// Where a komi table in CSV stands, in the two forms docs/solver-komi-table-8.md shows it: one sentence (how many
// rows are settled, by komi; how many are unknown, by proved interval) and a table by number of edges. Of the unknown rows' intervals, the sentence names the three commonest. With --md,
// rewrites both in that document instead of printing them: the paragraph that begins "**Where it stands (DATE):**"
// up to the sentence's end ("edges or more." or "with a proved bound."), rewrapped at 120 columns, and the Markdown
// table from its "| edges | graphs |" line to its "| all |" line. --date sets DATE; by default it stays.
//
//   node scripts/solver-komi-summary.mjs docs/solver-komi-table-8.csv
//   node scripts/solver-komi-summary.mjs docs/solver-komi-table-8.csv --md docs/solver-komi-table-8.md --date 2026-12-06
import { readFileSync, writeFileSync } from 'node:fs';
import { parseKomiCell } from './komi-cell.mjs';
import { readKomiTable } from './komi-table.mjs';
import { UsageError, parseArgv, runScript } from './script-cli.mjs';

const USAGE = 'usage: node scripts/solver-komi-summary.mjs TABLE.csv [--md DOC.md [--date YYYY-MM-DD]]\n';
const WIDTH = 120;

function parseArgs(argv) {
  const { positionals, options } = parseArgv(argv, ['--md', '--date'], ['TABLE.csv']);
  const args = { file: positionals[0], md: options['--md'], date: options['--date'] };
  if (args.date !== undefined && args.md === undefined) throw new UsageError('--date goes with --md');
  if (args.date !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(args.date)) {
    throw new UsageError(`--date takes YYYY-MM-DD, not "${args.date}"`);
  }
  return args;
}

const count = (n) => n.toLocaleString('en-US');

function intervalLabel(v) {
  if (v.low === null) return `<= ${v.high}`;
  if (v.high === null) return `>= ${v.low}`;
  return `${v.low}..${v.high}`;
}

/** Each row as { edges, komi } (settled) or { edges, bound } (a label, or null for no bound). */
function readRows(file) {
  return readKomiTable(file).map((row) => {
    const v = parseKomiCell(row.cells[3], row.where);
    const edges = Number(row.cells[2]);
    if (v.komi !== undefined) return { edges, komi: v.komi };
    return { edges, bound: v.low === null && v.high === null ? null : intervalLabel(v), low: v.low ?? -Infinity, high: v.high ?? Infinity };
  });
}

/** Rows in the same interval: the SHOWN commonest, in the order of their bounds, then the rest in one. */
const SHOWN = 3;

function commonestBounds(bounded) {
  const groups = new Map();
  for (const r of bounded) {
    const g = groups.get(r.bound) ?? { bound: r.bound, low: r.low, high: r.high, rows: 0 };
    g.rows++;
    groups.set(r.bound, g);
  }
  const byCount = [...groups.values()].sort((a, b) => b.rows - a.rows || a.low - b.low || a.high - b.high);
  const shown = byCount.slice(0, SHOWN).sort((a, b) => a.low - b.low || a.high - b.high);
  const out = shown.map((g) => `${g.bound} for ${count(g.rows)}`);
  const rest = byCount.slice(SHOWN);
  if (rest.length === 1) out.push(`${rest[0].bound} for ${count(rest[0].rows)}`);
  if (rest.length > 1) {
    const n = rest.reduce((sum, g) => sum + g.rows, 0);
    out.push(`${count(n)} in ${count(rest.length)} other intervals`);
  }
  return out;
}

function sentence(rows) {
  const settled = rows.filter((r) => r.komi !== undefined);
  const komis = [...new Set(settled.map((r) => r.komi))].sort((a, b) => a - b);
  const byKomi = komis.map((k, i) => `${i === 0 ? 'komi ' : ''}${k} for ${count(settled.filter((r) => r.komi === k).length)}`);
  let s = `${count(settled.length)} of the ${count(rows.length)} settled`;
  if (komis.length > 0) s += ` (${byKomi.join(', ')})`;
  const unknown = rows.filter((r) => r.komi === undefined);
  if (unknown.length === 0) return `${s}; none unknown.`;
  const bounded = unknown.filter((r) => r.bound !== null);
  const byBound = commonestBounds(bounded);
  s += `; ${count(unknown.length)} unknown`;
  const unbounded = unknown.filter((r) => r.bound === null);
  if (unbounded.length === 0) return `${s}, each with a proved bound (${byBound.join(', ')}).`;
  if (bounded.length > 0) s += `, ${count(bounded.length)} of them with proved bounds (${byBound.join(', ')})`;
  const fewest = Math.min(...unbounded.map((r) => r.edges));
  return `${s}, ${count(unbounded.length)} with none, all of ${fewest} edges or more.`;
}

function table(rows) {
  const settled = rows.filter((r) => r.komi !== undefined);
  const komis = settled.map((r) => r.komi);
  const komiColumns = [];
  for (let k = Math.min(...komis); k <= Math.max(...komis); k++) komiColumns.push(k);
  const line = (label, rs) => {
    const n = (x) => (x === 0 ? '' : count(x));
    const cells = [
      label,
      count(rs.length),
      count(rs.filter((r) => r.komi !== undefined).length),
      ...komiColumns.map((k) => n(rs.filter((r) => r.komi === k).length)),
      n(rs.filter((r) => r.komi === undefined && r.bound !== null).length),
      n(rs.filter((r) => r.komi === undefined && r.bound === null).length),
    ];
    return `| ${cells.join(' | ')} |`;
  };
  const edges = rows.map((r) => r.edges);
  const first = Math.min(...edges);
  const last = Math.max(...edges);
  // Past the last edge count with a settled row, every count would be a row of blanks: they share one row.
  const lastSettled = settled.length > 0 ? Math.max(...settled.map((r) => r.edges)) : first - 1;
  const out = [
    `| edges | graphs | settled | ${komiColumns.map((k) => `komi ${k}`).join(' | ')} | unknown with bounds | unknown, no bound |`,
    `|${'---:|'.repeat(komiColumns.length + 5)}`,
  ];
  for (let e = first; e <= lastSettled; e++) {
    const rs = rows.filter((r) => r.edges === e);
    if (rs.length > 0) out.push(line(String(e), rs));
  }
  const tail = rows.filter((r) => r.edges > lastSettled);
  if (tail.length > 0) {
    const from = Math.min(...tail.map((r) => r.edges));
    out.push(line(from === last ? String(last) : `${from} to ${last}`, tail));
  }
  out.push(line('all', rows));
  return out.join('\n');
}

/** A word that Markdown would read as a block quote, heading or list item at the start of a line. */
const opensBlock = (word) => /^(>|#|[-+*]$|\d+[.)]$)/.test(word);

/** Greedy wrapping at WIDTH, breaking only at spaces, never before a word that would open a block. */
function wrap(text) {
  const lines = [];
  let current = [];
  const width = (words) => words.join(' ').length;
  for (const word of text.split(/\s+/).filter((w) => w !== '')) {
    if (current.length === 0 || width([...current, word]) <= WIDTH) {
      current.push(word);
      continue;
    }
    const carried = [word];
    while (opensBlock(carried[0]) && current.length > 1) carried.unshift(current.pop());
    lines.push(current.join(' '));
    current = carried;
  }
  if (current.length > 0) lines.push(current.join(' '));
  return lines.join('\n');
}

function rewrite(md, rows, date, file) {
  const head =
    /\*\*Where it stands \(([^)]*)\):\*\*\s[\s\S]*?(?:edges\s+or\s+more\.|with\s+a\s+proved\s+bound\s+\([^)]*\)\.|none\s+unknown\.)/;
  const m = head.exec(md);
  if (m === null) throw new Error(`${file}: no paragraph beginning "**Where it stands (DATE):** "`);
  const breakBefore = md.lastIndexOf('\n\n', m.index);
  const start = breakBefore < 0 ? 0 : breakBefore + 2;
  const endBreak = md.indexOf('\n\n', m.index);
  const end = endBreak < 0 ? md.length : endBreak;
  const paragraph = md.slice(start, end).replace(m[0], `**Where it stands (${date ?? m[1]}):** ${sentence(rows)}`);
  const lines = (md.slice(0, start) + wrap(paragraph) + md.slice(end)).split('\n');
  const top = lines.findIndex((l) => l.startsWith('| edges | graphs |'));
  const bottom = lines.findIndex((l, i) => i > top && l.startsWith('| all |'));
  if (top < 0 || bottom < 0) throw new Error(`${file}: no table from a "| edges | graphs |" line to a "| all |" line`);
  lines.splice(top, bottom - top + 1, table(rows));
  return lines.join('\n');
}

runScript(USAGE, () => {
  const args = parseArgs(process.argv.slice(2));
  const rows = readRows(args.file);
  if (rows.length === 0) throw new Error(`${args.file}: no rows`);
  if (args.md === undefined) {
    process.stdout.write(`${sentence(rows)}\n\n${table(rows)}\n`);
  } else {
    let md;
    try {
      md = readFileSync(args.md, 'utf8');
    } catch (err) {
      throw new Error(`cannot read ${args.md}: ${err.message}`);
    }
    writeFileSync(args.md, rewrite(md, rows, args.date, args.md));
  }
});
