#!/usr/bin/env node
/**
 * Light-playout speed of the WebAssembly kernel beside a C build of the same policy (bench/c-reference/playout.c),
 * on the same graphs, on process CPU time. Measurement only: not part of the product or of npm test.
 *
 *   node bench/c-reference/run.mjs                          # the six graphs, 3 runs each side, 3 s each
 *   node bench/c-reference/run.mjs --graph "grid 9 9" --seconds 2 --repeats 5
 *   node bench/c-reference/run.mjs --check 2000             # only: do C and the kernel play the same moves?
 *   node bench/c-reference/run.mjs --cflags "-O3 -march=native"
 *
 * Compiles playout.c with `cc -O2` (the default: a plain optimised build for the generic x86-64 target, which is
 * what WebAssembly gets too; --cflags to change) into runs/c-reference/ (ignored by git). Before timing, each graph
 * is checked: the C program, given the sfc32 state `new Rng('1')` starts from and the graph as `graphgo graph
 * --format dimacs` prints it, must play exactly the kernel's moves over --check playouts (a checksum of every
 * move); a mismatch is reported and the timing still runs. Then, per graph, C and `graphgo bench playouts
 * --cpu-time --engine wasm` run alternately --repeats times each. One JSON line per run, then one summary line
 * per graph: medians, the spread (min-max), and kernel / C.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..', '..');
const out = join(root, 'runs', 'c-reference');
const cli = join(root, 'dist', 'cli', 'main.js');

const DEFAULT_GRAPHS = ['grid 9 9', 'grid 19 19', 'hex 8', 'torus 9 9', 'king 9 9', 'random 1000 0.004 1'];

function parseArgs(argv) {
  const o = { graphs: [], seconds: 3, repeats: 3, check: 1000, cflags: '-O2', checkOnly: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      if (i + 1 >= argv.length) throw new Error(`${a} needs a value`);
      return argv[++i];
    };
    if (a === '--graph') o.graphs.push(value());
    else if (a === '--seconds') o.seconds = Number(value());
    else if (a === '--repeats') o.repeats = Number(value());
    else if (a === '--check') (o.check = Number(value())), (o.checkOnly = true);
    else if (a === '--cflags') o.cflags = value();
    else throw new Error(`unknown argument ${a} (see the header of bench/c-reference/run.mjs)`);
  }
  if (o.graphs.length === 0) o.graphs = DEFAULT_GRAPHS;
  return o;
}

const opts = parseArgs(process.argv.slice(2));

if (!existsSync(cli)) execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
mkdirSync(out, { recursive: true });
const binary = join(out, 'playout');
execFileSync('cc', [...opts.cflags.split(/\s+/).filter(Boolean), '-o', binary, join(here, 'playout.c')], { stdio: 'inherit' });

const { Rng } = await import(pathToFileURL(join(root, 'dist', 'src', 'rng.js')).href);
const { LightPlayout } = await import(pathToFileURL(join(root, 'dist', 'bots', 'playout.js')).href);
const { Position } = await import(pathToFileURL(join(root, 'dist', 'src', 'position.js')).href);
const { readGraphSpec } = await import(pathToFileURL(join(root, 'dist', 'cli', 'options.js')).href);

const SEED = '1';
const state = new Rng(SEED).state().map((x) => x >>> 0).join(',');

/** The kernel's moves over k playouts from the empty board, with the checksum playout.c --check computes. */
function kernelChecksum(spec, k) {
  const graph = readGraphSpec(spec);
  const playout = LightPlayout.forGraph(graph, { engine: 'wasm' });
  const empty = new Position(graph);
  const rng = new Rng(SEED);
  let moves = 0;
  let sum = 0n;
  const mask = (1n << 64n) - 1n;
  for (let j = 0; j < k; j++) {
    playout.position.copyFrom(empty);
    const m = playout.run(rng, [1, 2], 0, -1).moves;
    moves += m;
    for (let i = 0; i < m; i++) {
      sum = (sum * 1000003n + BigInt(playout.playedVertex[i]) * 2n + BigInt(playout.playedColor[i])) & mask;
    }
  }
  return { moves, checksum: sum.toString(16).padStart(16, '0') };
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const h = s.length >> 1;
  return s.length % 2 ? s[h] : (s[h - 1] + s[h]) / 2;
}

for (const spec of opts.graphs) {
  const slug = spec.replace(/[^A-Za-z0-9.]+/g, '-');
  const file = join(out, `${slug}.dimacs`);
  execFileSync('node', [cli, 'graph', ...spec.split(/\s+/), '--format', 'dimacs', '--output', file], { stdio: ['ignore', 'ignore', 'pipe'] });
  const c = (args) => JSON.parse(execFileSync(binary, [...args, '--label', spec, '--state', state, file], { encoding: 'utf8' }));

  const cCheck = c(['--check', String(opts.check)]);
  const kCheck = kernelChecksum(spec, opts.check);
  const same = cCheck.moves === kCheck.moves && cCheck.checksum === kCheck.checksum;
  console.log(JSON.stringify({ graph: spec, check: opts.check, sameMoves: same, cMoves: cCheck.moves, kernelMoves: kCheck.moves }));
  if (opts.checkOnly) continue;

  const runs = { c: [], wasm: [] };
  for (let r = 0; r < opts.repeats; r++) {
    const cr = c(['--seconds', String(opts.seconds)]);
    runs.c.push(cr);
    console.log(JSON.stringify(cr));
    const kr = JSON.parse(
      execFileSync('node', [cli, 'bench', 'playouts', '--cpu-time', '--seconds', String(opts.seconds), '--graph', spec, '--engine', 'wasm', '--seed', SEED], {
        encoding: 'utf8',
      }).trim(),
    );
    runs.wasm.push(kr);
    console.log(JSON.stringify(kr));
  }
  const rate = (xs) => xs.map((x) => x.playoutsPerSecond);
  const cMed = median(rate(runs.c));
  const kMed = median(rate(runs.wasm));
  const moves = (xs) => Math.round((xs.reduce((s, x) => s + x.avgMoves * x.playouts, 0) / xs.reduce((s, x) => s + x.playouts, 0)) * 10) / 10;
  console.log(
    JSON.stringify({
      graph: spec,
      summary: true,
      sameMoves: same,
      cflags: opts.cflags,
      cPlayoutsPerSecond: cMed,
      cSpread: [Math.min(...rate(runs.c)), Math.max(...rate(runs.c))],
      kernelPlayoutsPerSecond: kMed,
      kernelSpread: [Math.min(...rate(runs.wasm)), Math.max(...rate(runs.wasm))],
      ratio: Math.round((kMed / cMed) * 1000) / 1000,
      cAvgMoves: moves(runs.c),
      kernelAvgMoves: moves(runs.wasm),
    }),
  );
}
