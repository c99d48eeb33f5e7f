#!/usr/bin/env node
// A komi table (CSV of `graphgo solve --family ... --format csv`) with the rows of a later run over some of its
// graphs merged in (`graphgo solve --graphs OPEN --format csv`, OPEN from scripts/solver-open-rows.mjs): each row
// the later run has takes its komi, or its narrower interval, with the nodes and seconds of both runs added. A komi
// outside the interval the table proved, or a row of the later run missing from the table, stops the merge: the runs
// disagree, and the table is left as it was.
//
// A later run at one komi (`graphgo solve --graphs OPEN --komi K --format csv`, a column of winners) is merged with
// --komi K: black's win at K proves komi >= K, white's komi <= K - 1.
//
//   node scripts/solver-table-merge.mjs TABLE.csv LATER.csv > MERGED.csv
//   node scripts/solver-table-merge.mjs TABLE.csv AT-ZERO.csv --komi 0 > MERGED.csv
import { parseKomiCell } from './komi-cell.mjs';
import { KOMI_TABLE_HEADER, readKomiTable, readSolveTable, winnerInterval } from './komi-table.mjs';
import { UsageError, parseArgv, runScript } from './script-cli.mjs';

const USAGE = 'usage: node scripts/solver-table-merge.mjs TABLE.csv LATER.csv [--komi K]\n';

function cellText(v) {
  if (v.komi !== undefined) return String(v.komi);
  if (v.low === null && v.high === null) return 'unknown';
  if (v.low === null) return `unknown (<= ${v.high})`;
  if (v.high === null) return `unknown (>= ${v.low})`;
  return v.low === v.high ? String(v.low) : `unknown (${v.low}..${v.high})`;
}

/** The tighter of two readings of one graph; an error when they do not overlap. */
function meet(a, b, where) {
  const range = (v) => (v.komi !== undefined ? { low: v.komi, high: v.komi } : v);
  const ra = range(a);
  const rb = range(b);
  const low = ra.low === null ? rb.low : rb.low === null ? ra.low : Math.max(ra.low, rb.low);
  const high = ra.high === null ? rb.high : rb.high === null ? ra.high : Math.min(ra.high, rb.high);
  if (low !== null && high !== null && low > high) {
    throw new Error(`${where}: "${cellText(b)}" lies outside the table's "${cellText(a)}": the runs disagree`);
  }
  return { low, high };
}

function parseArgs(argv) {
  const { positionals, options } = parseArgv(argv, ['--komi'], ['TABLE.csv', 'LATER.csv']);
  const komiText = options['--komi'];
  if (komiText !== undefined && !/^-?\d+$/.test(komiText)) throw new UsageError(`--komi takes an integer, not "${komiText}"`);
  return { baseFile: positionals[0], laterFile: positionals[1], komi: komiText === undefined ? null : Number(komiText) };
}

runScript(USAGE, () => {
  const { baseFile, laterFile, komi } = parseArgs(process.argv.slice(2));
  const base = readKomiTable(baseFile);
  const later = readSolveTable(laterFile);
  if (later.kind === 'winner' && komi === null) {
    throw new UsageError(`${laterFile} is a run at one komi (a column of winners): give that komi with --komi K`);
  }
  if (later.kind === 'komi' && komi !== null) throw new UsageError(`${laterFile} is a komi table: --komi is for a run at one komi`);
  const reading = (row) => (komi === null ? parseKomiCell(row.cells[3], row.where) : winnerInterval(row.cells[3], komi, row.where));
  const index = new Map(base.map((row, i) => [row.cells[0], i]));
  for (const row of later.rows) {
    const i = index.get(row.cells[0]);
    if (i === undefined) throw new Error(`${row.where}: ${row.cells[0]} is not a row of ${baseFile}`);
    const target = base[i].cells;
    const merged = meet(parseKomiCell(target[3], base[i].where), reading(row), row.where);
    target[3] = cellText(merged);
    target[4] = String(Number(target[4]) + Number(row.cells[4]));
    target[5] = (Number(target[5]) + Number(row.cells[5])).toFixed(2);
  }
  process.stdout.write([KOMI_TABLE_HEADER, ...base.map((row) => row.cells.join(','))].map((line) => line + '\n').join(''));
});
