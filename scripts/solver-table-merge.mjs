#!/usr/bin/env node
// A komi table (CSV of `graphgo solve --family ... --format csv`) with the rows of a later run over some of its
// graphs merged in (`graphgo solve --graphs OPEN --format csv`, OPEN from scripts/solver-open-rows.mjs): each row
// the later run has takes its komi, or its narrower interval, with the nodes and seconds of both runs added. A komi
// outside the interval the table proved, or a row of the later run missing from the table, stops the merge: the runs
// disagree, and the table is left as it was.
//
//   node scripts/solver-table-merge.mjs TABLE.csv LATER.csv > MERGED.csv
import { parseKomiCell } from './komi-cell.mjs';
import { KOMI_TABLE_HEADER, readKomiTable } from './komi-table.mjs';

const [baseFile, laterFile] = process.argv.slice(2);
if (baseFile === undefined || laterFile === undefined) {
  process.stderr.write('usage: node scripts/solver-table-merge.mjs TABLE.csv LATER.csv\n');
  process.exit(2);
}

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

try {
  const base = readKomiTable(baseFile);
  const later = readKomiTable(laterFile);
  const index = new Map(base.map((row, i) => [row.cells[0], i]));
  for (const row of later) {
    const i = index.get(row.cells[0]);
    if (i === undefined) throw new Error(`${row.where}: ${row.cells[0]} is not a row of ${baseFile}`);
    const target = base[i].cells;
    const merged = meet(parseKomiCell(target[3], base[i].where), parseKomiCell(row.cells[3], row.where), row.where);
    target[3] = cellText(merged);
    target[4] = String(Number(target[4]) + Number(row.cells[4]));
    target[5] = (Number(target[5]) + Number(row.cells[5])).toFixed(2);
  }
  process.stdout.write([KOMI_TABLE_HEADER, ...base.map((row) => row.cells.join(','))].map((line) => line + '\n').join(''));
} catch (err) {
  process.stderr.write(`${err.message}\n`);
  process.exit(1);
}
