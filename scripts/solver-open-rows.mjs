#!/usr/bin/env node
// The unknown rows of a komi table written by `graphgo solve --family ... --format csv`, as lines that
// `graphgo solve --graphs FILE` reads: the graph spec, then `komi-within=LO..HI` (or LO.., ..HI) where the run proved
// bounds, so that a second run with larger limits spends them only on the open rows and only inside their intervals.
//
//   node scripts/solver-open-rows.mjs docs/solver-komi-table-8.csv > open.txt
//   graphgo solve --graphs open.txt --max-nodes 1000000 --tt-bits 20 --jobs 2 --format csv
import { readFileSync } from 'node:fs';

const [file] = process.argv.slice(2);
if (file === undefined) {
  process.stderr.write('usage: node scripts/solver-open-rows.mjs TABLE.csv\n');
  process.exit(2);
}

let text;
try {
  text = readFileSync(file, 'utf8');
} catch (err) {
  process.stderr.write(`cannot read ${file}: ${err.message}\n`);
  process.exit(1);
}

const lines = text.split('\n').filter((line) => line.trim() !== '');
const header = (lines[0] ?? '').split(',');
const graphCol = header.indexOf('graph');
const komiCol = header.indexOf('komi');
if (graphCol < 0 || komiCol < 0) {
  process.stderr.write(`${file}: not a komi table in CSV (its first line must name the columns graph and komi)\n`);
  process.exit(1);
}

/** The interval of a cell "unknown", "unknown (4..5)", "unknown (>= 1)", "unknown (<= -1)", as komi-within text. */
function intervalOf(cell, lineNumber) {
  const m = /^unknown(?: \(([^;)]*)(?:;[^)]*)?\))?$/.exec(cell);
  if (m === null) throw new Error(`${file}:${lineNumber}: not a komi or an unknown: "${cell}"`);
  const bounds = m[1];
  if (bounds === undefined || bounds.endsWith('given')) return '';
  let b;
  if ((b = /^(-?\d+)\.\.(-?\d+)$/.exec(bounds)) !== null) return `${b[1]}..${b[2]}`;
  if ((b = /^>= (-?\d+)$/.exec(bounds)) !== null) return `${b[1]}..`;
  if ((b = /^<= (-?\d+)$/.exec(bounds)) !== null) return `..${b[1]}`;
  throw new Error(`${file}:${lineNumber}: an interval not understood: "${cell}"`);
}

const out = [];
try {
  for (let i = 1; i < lines.length; i++) {
    const cells = lines[i].split(',');
    const komi = cells[komiCol];
    if (cells.length !== header.length) throw new Error(`${file}:${i + 1}: ${cells.length} cells, the header has ${header.length}`);
    if (/^-?\d+$/.test(komi)) continue;
    const within = intervalOf(komi, i + 1);
    out.push(within === '' ? cells[graphCol] : `${cells[graphCol]} komi-within=${within}`);
  }
} catch (err) {
  process.stderr.write(`${err.message}\n`);
  process.exit(1);
}
process.stdout.write(out.map((line) => line + '\n').join(''));
