#!/usr/bin/env node
/**
 * The df-pn measurement of docs/solver.md ("Dense graphs"): for each graph on 6 vertices that
 * docs/solver-komi-table.md settles with a node count in [MIN, MAX], the two solves that decide its komi K (black
 * wins at K, white at K + 1), under each configuration of solver settings; prints each graph's expansions and the
 * totals with CPU seconds. Runs the compiled solver (`npm run build` first). Node counts are deterministic.
 *
 *   node scripts/solver-komi-pairs.mjs [MIN] [MAX] [CONFIGS] [TABLE] [ORDER]
 *   node scripts/solver-komi-pairs.mjs 150000 7000000 '{"masks":{"dfpnSignatures":false},"signatures":{}}'
 *
 * ORDER: `fresh` (the default: each solve with a table of its own), `black-first` (black's win at K, then white's at
 * K + 1 from the same table, as a run at one komi and then the next with `--table-dir` does) or `white-first`.
 * CONFIGS is a JSON object from a name to Partial<SolverSettings> (src/solver/search.ts). Each solve is capped at
 * 10 million expansions; a capped solve counts its 10 million and shows "?" for its winner. TABLE is the page of
 * docs/ to read the rows from (default solver-komi-table.md; solver-komi-table-7.md for the 7-vertex family, whose
 * rows before its first section are read).
 */
import { readFileSync } from 'node:fs';

const dist = (path) => import(new URL(`../dist/${path}`, import.meta.url).href);
const { parseGraphSpec } = await dist('src/families.js');
const { parseRules } = await dist('src/rules.js');
const { Solver, startRoot } = await dist('src/solver/solve.js');

const [min = '150000', max = '7000000', configsJson = '{"masks":{"dfpnSignatures":false},"signatures":{}}', page = 'solver-komi-table.md', order = 'fresh'] =
  process.argv.slice(2);
if (!['fresh', 'black-first', 'white-first'].includes(order)) throw new Error(`ORDER must be fresh, black-first or white-first, got ${order}`);
const configs = JSON.parse(configsJson);
const rules = parseRules('famine').value;
// The family's own table comes before the page's sections, which list some rows again.
const table = readFileSync(new URL(`../docs/${page}`, import.meta.url), 'utf8').split(/^## /m)[0];
const graphs = [];
for (const line of table.split('\n')) {
  // | `edges 6 ...` | name | edges | komi | nodes | seconds |, or without the name (7 vertices)
  const cells = line.split('|').map((c) => c.trim());
  if (cells.length < 6 || !cells[1].startsWith('`edges')) continue;
  // A settled row's komi may carry a mark (★, ‡); "unknown (4..5)" is no komi.
  const komi = Number(cells.at(-4).match(/^-?\d+/)?.[0] ?? NaN);
  const nodes = Number(cells.at(-3).replace(/,/g, ''));
  if (!Number.isInteger(komi) || nodes < Number(min) || nodes > Number(max)) continue;
  graphs.push({ spec: cells[1].replace(/`/g, ''), komi });
}

const totals = Object.fromEntries(Object.keys(configs).map((name) => [name, { nodes: 0, cpu: 0 }]));
for (const { spec, komi } of graphs) {
  const graph = parseGraphSpec(spec).value;
  const row = [];
  for (const [name, settings] of Object.entries(configs)) {
    let nodes = 0;
    const winners = [];
    let shared = null;
    for (const k of order === 'white-first' ? [komi + 1, komi] : [komi, komi + 1]) {
      const solver = order === 'fresh' || shared === null ? new Solver(graph, rules, { maxNodes: 10_000_000, ...settings }) : shared;
      shared = solver;
      const start = process.cpuUsage();
      const out = solver.solve(startRoot(rules, k));
      const used = process.cpuUsage(start);
      totals[name].cpu += (used.user + used.system) / 1e6;
      nodes += out.nodes;
      winners.push(out.value === 1 ? 'B' : out.value === -1 ? 'W' : '?');
    }
    totals[name].nodes += nodes;
    row.push(`${name} ${nodes} (${winners.join('')})`);
  }
  console.log(`${spec} | komi ${komi} | ${row.join(' | ')}`);
}
console.log(`${graphs.length} graphs`);
for (const [name, t] of Object.entries(totals)) console.log(`${name}: ${t.nodes} expansions, ${t.cpu.toFixed(1)} CPU s`);
