#!/usr/bin/env node
/**
 * The komi of each graph under several solver configurations, side by side (docs/solver.md, "Winner's moves only"):
 * one komi search per graph and configuration, each with its own table, black's line left out. Prints each graph's
 * komi (or proved interval) and expansions per configuration, then how many each settled, its expansions and CPU
 * seconds. Runs the compiled solver (`npm run build` first). Node counts are deterministic.
 *
 *   node scripts/solver-komi-configs.mjs MAX_NODES CONFIGS SPEC [SPEC ...]
 *   node scripts/solver-komi-configs.mjs 40000000 '{"every":{"dfpnWinnerMovesOnly":false},"winner":{}}' "path 8" "grid 3 3"
 *
 * CONFIGS is a JSON object from a name to Partial<SolverSettings> (src/solver/search.ts). A SPEC of the form
 * `@FILE` reads one graph spec per line from FILE.
 */
import { readFileSync } from 'node:fs';

const dist = (path) => import(new URL(`../dist/${path}`, import.meta.url).href);
const { parseGraphSpec } = await dist('src/families.js');
const { parseRules } = await dist('src/rules.js');
const { komiOfGraph } = await dist('src/solver/solve.js');

const [maxNodes, configsJson, ...args] = process.argv.slice(2);
if (!maxNodes || !configsJson || args.length === 0) {
  console.error('usage: node scripts/solver-komi-configs.mjs MAX_NODES CONFIGS SPEC [SPEC ...]');
  process.exit(2);
}
const configs = JSON.parse(configsJson);
const specs = args.flatMap((a) => (a.startsWith('@') ? readFileSync(a.slice(1), 'utf8').split('\n').map((l) => l.trim()).filter(Boolean) : [a]));
const rules = parseRules('famine').value;
const totals = Object.fromEntries(Object.keys(configs).map((name) => [name, { solved: 0, nodes: 0, cpu: 0 }]));
for (const spec of specs) {
  const parsed = parseGraphSpec(spec);
  if (!parsed.ok) {
    console.error(`${spec}: ${parsed.error}`);
    process.exit(2);
  }
  const row = [];
  for (const [name, settings] of Object.entries(configs)) {
    const start = process.cpuUsage();
    const report = komiOfGraph(parsed.value, rules, { maxNodes: Number(maxNodes), ...settings }, false);
    const used = process.cpuUsage(start);
    const t = totals[name];
    t.cpu += (used.user + used.system) / 1e6;
    t.nodes += report.nodes;
    if (report.status === 'solved') t.solved++;
    const komi = report.status === 'solved' ? String(report.komi) : `${report.komiLow ?? ''}..${report.komiHigh ?? ''}`;
    row.push(`${name} ${komi} ${report.nodes}`);
  }
  console.log(`${spec} | ${row.join(' | ')}`);
}
console.log(`${specs.length} graphs`);
for (const [name, t] of Object.entries(totals)) console.log(`${name}: ${t.solved} settled, ${t.nodes} expansions, ${t.cpu.toFixed(1)} CPU s`);
