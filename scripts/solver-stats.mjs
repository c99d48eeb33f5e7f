#!/usr/bin/env node
/**
 * One famine solve from the empty board at a fixed komi, under each configuration of solver settings, with the
 * solver's counters (docs/solver.md, "Stabiliser probes"): expansions, table proofs used and refused, and the rest of
 * SolverStats (src/solver/search.ts), the CPU seconds and the answer. Runs the compiled solver (`npm run build`
 * first). Node counts are deterministic.
 *
 *   node scripts/solver-stats.mjs SPEC KOMI MAX_NODES CONFIGS
 *   node scripts/solver-stats.mjs "complete 6" 1 10000000 '{"off":{"ttBits":22,"dfpnStabiliserProbes":false},"on":{"ttBits":22}}'
 *
 * CONFIGS is a JSON object from a name to Partial<SolverSettings>.
 */
const dist = (path) => import(new URL(`../dist/${path}`, import.meta.url).href);
const { parseGraphSpec } = await dist('src/families.js');
const { parseRules } = await dist('src/rules.js');
const { Solver } = await dist('src/solver/search.js');
const { startRoot } = await dist('src/solver/solve.js');

const [spec, komiText, maxNodesText, configsJson] = process.argv.slice(2);
if (!spec || komiText === undefined || !maxNodesText || !configsJson) {
  console.error('usage: node scripts/solver-stats.mjs SPEC KOMI MAX_NODES CONFIGS');
  process.exit(2);
}
const graph = parseGraphSpec(spec);
if (!graph.ok) {
  console.error(`${spec}: ${graph.error}`);
  process.exit(2);
}
const komi = Number(komiText);
const maxNodes = Number(maxNodesText);
if (!Number.isInteger(komi) || !Number.isInteger(maxNodes) || maxNodes < 1) {
  console.error('KOMI must be an integer and MAX_NODES a positive integer');
  process.exit(2);
}
const rules = parseRules('famine').value;
for (const [name, settings] of Object.entries(JSON.parse(configsJson))) {
  const start = process.cpuUsage();
  const solver = new Solver(graph.value, rules, { ...settings, maxNodes });
  const out = solver.solve(startRoot(rules, komi));
  const used = process.cpuUsage(start);
  const answer = out.value === null ? 'unknown' : out.value > 0 ? 'black wins' : 'white wins';
  const cpu = ((used.user + used.system) / 1e6).toFixed(1);
  console.log(`${spec} komi ${komi} | ${name}: ${answer}, ${cpu} CPU s, ${JSON.stringify(solver.stats)}`);
}
