#!/usr/bin/env node
// Labels every position of 9x9 game records with Pachi's pattern-engine move probabilities (its GTP command
// gogui-pattern_rating, the probabilities Pachi's pattern prior uses), as soft targets for
// `scripts/train-prior.mjs --teacher`. One JSON line per position: {file, k, color, labels: [[vertex, percent], ...]},
// k the move's index in the record (the position before it), percents as Pachi prints them (rounded; zeros left
// out). Resumes: records already in the output file are skipped. A development tool, not part of the product or of
// the tests.
//
//   node scripts/pachi-pattern-labels.mjs --pachi /path/to/pachi --out labels.jsonl runs/some-match/sgf ...
import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const args = process.argv.slice(2);
let pachiPath = 'pachi';
let out = null;
const inputs = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--pachi') pachiPath = args[++i];
  else if (args[i] === '--out') out = args[++i];
  else inputs.push(args[i]);
}
if (out === null || inputs.length === 0) {
  console.error('usage: pachi-pattern-labels.mjs --pachi PATH --out FILE SGF_DIR_OR_FILE...');
  process.exit(2);
}
const files = inputs.flatMap((path) => (statSync(path).isDirectory() ? readdirSync(path).filter((f) => f.endsWith('.sgf')).sort().map((f) => join(path, f)) : [path]));
const done = new Set(
  existsSync(out)
    ? readFileSync(out, 'utf8').split('\n').filter((line) => line.trim() !== '').map((line) => JSON.parse(line).file)
    : [],
);

const pachi = spawn(pachiPath, ['-t', '=2000', 'threads=1,pondering=0'], { stdio: ['pipe', 'pipe', 'ignore'] });
pachi.on('error', (error) => {
  console.error(`cannot start Pachi at ${pachiPath}: ${error.message}`);
  process.exit(1);
});
let pending = '';
const waiting = [];
pachi.stdout.on('data', (chunk) => {
  pending += chunk;
  for (let end = pending.indexOf('\n\n'); end >= 0; end = pending.indexOf('\n\n')) {
    const reply = pending.slice(0, end);
    pending = pending.slice(end + 2);
    waiting.shift()(reply);
  }
});
/** One GTP command's reply (Pachi answers in order, each reply ending with a blank line). */
const ask = (command) =>
  new Promise((resolve) => {
    waiting.push(resolve);
    pachi.stdin.write(`${command}\n`);
  });

const COLUMNS = 'ABCDEFGHJ';
await ask('boardsize 9');
let positions = 0;
for (const file of files) {
  if (done.has(file)) continue;
  const text = readFileSync(file, 'utf8');
  if (!/SZ\[9\]/.test(text)) continue;
  const moves = [...text.matchAll(/;([BW])\[([a-z]{0,2})\]/g)].map((m) => [m[1], m[2]]);
  await ask('clear_board');
  const lines = [];
  for (let k = 0; k < moves.length; k++) {
    const [color, point] = moves[k];
    const reply = await ask('gogui-pattern_rating');
    const labels = [...reply.matchAll(/LABEL ([A-J]\d) (\d+)/g)].map((m) => [m[1], Number(m[2])]).filter(([, percent]) => percent > 0);
    lines.push(JSON.stringify({ file, k, color, labels }));
    // SGF rows count from the top, GTP rows from the bottom.
    const vertex = point.length === 2 && point !== 'tt' ? COLUMNS[point.charCodeAt(0) - 97] + (9 - (point.charCodeAt(1) - 97)) : 'pass';
    const answer = await ask(`play ${color} ${vertex}`);
    if (!answer.startsWith('=')) break;
  }
  appendFileSync(out, `${lines.join('\n')}\n`);
  positions += lines.length;
}
pachi.stdin.end();
console.log(`${positions} positions labelled into ${out}`);
