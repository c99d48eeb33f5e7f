#!/usr/bin/env node
// The unknown rows of a komi table written by `graphgo solve --family ... --format csv`, as lines that
// `graphgo solve --graphs FILE` reads: the graph spec, then `komi-within=LO..HI` (or LO.., ..HI) where the run proved
// bounds, so that a second run with larger limits spends them only on the open rows and only inside their intervals.
//
//   node scripts/solver-open-rows.mjs docs/solver-komi-table-8.csv > open.txt
//   graphgo solve --graphs open.txt --max-nodes 1000000 --tt-bits 20 --jobs 2 --format csv
import { readFileSync } from 'node:fs';
import { parseKomiCell } from './komi-cell.mjs';

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

const out = [];
try {
  for (let i = 1; i < lines.length; i++) {
    const cells = lines[i].split(',');
    if (cells.length !== header.length) throw new Error(`${file}:${i + 1}: ${cells.length} cells, the header has ${header.length}`);
    const v = parseKomiCell(cells[komiCol], `${file}:${i + 1}`);
    if (v.komi !== undefined) continue;
    const bounded = v.low !== null || v.high !== null;
    out.push(bounded ? `${cells[graphCol]} komi-within=${v.low ?? ''}..${v.high ?? ''}` : cells[graphCol]);
  }
} catch (err) {
  process.stderr.write(`${err.message}\n`);
  process.exit(1);
}
process.stdout.write(out.map((line) => line + '\n').join(''));
