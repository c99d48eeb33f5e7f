#!/usr/bin/env node
// What one run of `graphgo solve --graphs FILE --format csv` did, for the notes of a step of a komi table: how many
// rows it settled (with their komis and expansions), how many it narrowed inside the interval each was given, and
// why the rest stopped: at the node limit, at the time limit, or cut short by Ctrl-C (fewer nodes and seconds than
// either limit). Rows are also counted by edges, and the speed is the median over the rows that were not cut short.
//
//   node scripts/solver-run-summary.mjs RUN.csv --max-nodes 100000000 --max-seconds 1000
//
// Give the limits the run had: without them, an open row's reason is "stopped". A run at one komi (`--komi K`, a
// column of winners) is summarized the same way, its rows decided for black or white instead of settled or narrowed.
import { parseGivenInterval, parseKomiCell } from './komi-cell.mjs';
import { parseWinnerCell, readSolveTable } from './komi-table.mjs';
import { UsageError, parseArgv, runScript } from './script-cli.mjs';

const USAGE = 'usage: node scripts/solver-run-summary.mjs RUN.csv [--max-nodes N] [--max-seconds S]\n';

function parseArgs(argv) {
  const { positionals, options } = parseArgv(argv, ['--max-nodes', '--max-seconds'], ['RUN.csv']);
  const limit = (name) => {
    if (options[name] === undefined) return null;
    const v = Number(options[name]);
    if (!(v > 0)) throw new UsageError(`${name} takes a positive number, not "${options[name]}"`);
    return v;
  };
  return { file: positionals[0], maxNodes: limit('--max-nodes'), maxSeconds: limit('--max-seconds') };
}

/** Whether OWN proves more than GIVEN: a bound where it had none, or a tighter one. */
function narrower(own, given) {
  const tighterLow = own.low !== null && (given.low === null || own.low > given.low);
  const tighterHigh = own.high !== null && (given.high === null || own.high < given.high);
  return tighterLow || tighterHigh;
}

/** A run of the solver stopped on time a little after the limit, never before it. */
const TIME_SLACK = 0.99;

/** How a row ended: settled (with its komi), decided (with its winner), narrowed, or why it stopped. */
function classify(row, tableKind, limits) {
  const [, , , cell, nodesText, secondsText] = row.cells;
  if (tableKind === 'winner') {
    const winner = parseWinnerCell(cell, row.where);
    if (winner !== null) return { kind: 'decided', value: winner };
  } else {
    const own = parseKomiCell(cell, row.where);
    if (own.komi !== undefined) return { kind: 'settled', value: own.komi };
    const given = parseGivenInterval(cell, row.where) ?? { low: null, high: null };
    if (narrower(own, given)) return { kind: 'narrowed' };
  }
  const nodes = Number(nodesText);
  const seconds = Number(secondsText);
  if (limits.maxNodes === null && limits.maxSeconds === null) return { kind: 'stopped' };
  if (limits.maxNodes !== null && nodes >= limits.maxNodes) return { kind: 'node limit' };
  if (limits.maxSeconds !== null && seconds >= limits.maxSeconds * TIME_SLACK) return { kind: 'time limit' };
  return { kind: 'cut short' };
}

function median(values) {
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 === 1 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

const count = (n) => n.toLocaleString('en-US');
const millions = (n) => `${(n / 1e6).toFixed(1)}M`;
const rows = (n) => `${count(n)} row${n === 1 ? '' : 's'}`;

/** `a for 3, b for 1`, commonest first, ties in key order. */
function tally(keys) {
  const m = new Map();
  for (const k of keys) m.set(k, (m.get(k) ?? 0) + 1);
  return [...m.entries()]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .map(([k, n]) => `${k} for ${count(n)}`)
    .join(', ');
}

function summary(table, limits) {
  const seen = table.rows.map((row) => ({
    edges: Number(row.cells[2]),
    nodes: Number(row.cells[4]),
    seconds: Number(row.cells[5]),
    ...classify(row, table.kind, limits),
  }));
  const nodes = seen.reduce((s, r) => s + r.nodes, 0);
  const seconds = seen.reduce((s, r) => s + r.seconds, 0);
  const out = [`${rows(seen.length)}, ${count(nodes)} expansions, ${count(Math.round(seconds))} s`];
  const answered = table.kind === 'winner' ? 'decided' : 'settled';
  const done = seen.filter((r) => r.kind === answered);
  if (done.length > 0) {
    const n = done.map((r) => r.nodes);
    out.push(
      `${answered} ${count(done.length)} (${table.kind === 'komi' ? 'komi ' : ''}${tally(done.map((r) => r.value))}), ` +
        `expansions ${millions(Math.min(...n))} to ${millions(Math.max(...n))}, median ${millions(median(n))}`,
    );
  } else {
    out.push(`${answered} 0`);
  }
  if (table.kind === 'komi') out.push(`narrowed ${count(seen.filter((r) => r.kind === 'narrowed').length)}`);
  const open = seen.filter((r) => r.kind !== answered && r.kind !== 'narrowed');
  out.push(`open ${count(open.length)}${open.length > 0 ? ` (${tally(open.map((r) => r.kind))})` : ''}`);
  for (const e of [...new Set(seen.map((r) => r.edges))].sort((a, b) => a - b)) {
    out.push(`  ${e} edges: ${tally(seen.filter((r) => r.edges === e).map((r) => r.kind))}`);
  }
  const finished = seen.filter((r) => r.kind !== 'cut short' && r.seconds > 0);
  if (finished.length > 0) {
    const secs = finished.map((r) => r.seconds);
    const speed = median(finished.map((r) => r.nodes / r.seconds / 1000));
    out.push(
      `the ${rows(finished.length)} not cut short: ${Math.min(...secs).toFixed(0)} to ` +
        `${Math.max(...secs).toFixed(0)} s each, median ${count(Math.round(speed))} thousand expansions a second`,
    );
  }
  return out.join('\n') + '\n';
}

runScript(USAGE, () => {
  const args = parseArgs(process.argv.slice(2));
  process.stdout.write(summary(readSolveTable(args.file), args));
});
