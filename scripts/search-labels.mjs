#!/usr/bin/env node
// Labels positions of any graph with the search's own move shares, for the learned prior's general model (the
// model of graphs without square patterns; scripts/train-prior.mjs --positions). The UCT bot plays itself on each
// graph; at every position where it searched, the share of the search's visits each root move got (its prior
// visits left out) is the label, one JSON line per position: the graph spec, the moves so far, the colour to move
// and [vertex, share] pairs. A bigger search than the one the prior serves is the teacher (expert iteration: the
// prior learns what the search finds, and a better prior makes the search find more). The first moves of a game
// are drawn in proportion to the visits, so games of one graph differ. A development tool, not part of the product
// or of the tests.
//
//   npm run build && node scripts/search-labels.mjs --graphs "random 100 0.06 1;hex 5" --games 10 \
//     --playouts 4000 --seed s1 --out runs/search-labels/s1.jsonl
import { appendFileSync, writeFileSync } from 'node:fs';
import seedrandom from 'seedrandom';
import { readSetup } from '../dist/src/setup.js';
import { Game } from '../dist/src/game.js';
import { PASS } from '../dist/src/vocabulary.js';
import { createBot } from '../dist/bots/registry.js';
import { DEFAULT_UCT_SETTINGS } from '../dist/bots/uct.js';

const args = process.argv.slice(2);
let graphs = [];
let games = 10;
let playouts = 4000;
let seed = 'labels';
let out = null;
let rules = 'area suicide=forbidden komi=7.5';
/** Moves per vertex drawn in proportion to the visits instead of the most visited move. */
let sampledShare = 0.1;
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--graphs') graphs = args[++i].split(';').map((s) => s.trim()).filter((s) => s !== '');
  else if (args[i] === '--games') games = Number(args[++i]);
  else if (args[i] === '--playouts') playouts = Number(args[++i]);
  else if (args[i] === '--seed') seed = args[++i];
  else if (args[i] === '--out') out = args[++i];
  else if (args[i] === '--rules') rules = args[++i];
  else if (args[i] === '--sampled') sampledShare = Number(args[++i]);
  else throw new Error(`unknown argument ${args[i]}`);
}
if (graphs.length === 0 || out === null) throw new Error('usage: search-labels.mjs --graphs "SPEC;SPEC" --out FILE [--games N] [--playouts N] [--seed S]');
if (!Number.isInteger(games) || games < 1) throw new Error('--games must be a whole number >= 1');
if (!Number.isInteger(playouts) || playouts < 100) throw new Error('--playouts must be a whole number >= 100');
writeFileSync(out, '');

/** The prior visits a fresh child gets are not search, so not label. */
const PRIOR_VISITS = DEFAULT_UCT_SETTINGS.priorVisits;
let positions = 0;
const started = Date.now();
for (const spec of graphs) {
  const setup = readSetup({ spec }, rules);
  if (!setup.ok) throw new Error(`${spec}: ${setup.error.message}`);
  const { graph } = setup.value;
  for (let g = 0; g < games; g++) {
    const gameSeed = `${seed}/${spec}/${g}`;
    const random = seedrandom(gameSeed);
    const created = createBot('uct', { seed: gameSeed, playouts, resign: 0 });
    if (!created.ok) throw new Error(created.error.message);
    const bot = created.value;
    const game = new Game(graph, setup.value.rules);
    const history = [];
    const sampledMoves = Math.round(sampledShare * graph.n);
    while (!game.over && history.length < 3 * graph.n) {
      const color = game.toMove;
      let move = bot.genmove(game, color);
      // A move that needed no search (bots/uct.ts earlyMove) leaves no statistics of this position.
      const stats = bot.lastSearch === null ? null : bot.rootStats();
      if (stats !== null && move >= 0) {
        const searched = stats.visits.map((v) => Math.max(0, v - PRIOR_VISITS));
        const total = searched.reduce((a, b) => a + b, 0);
        if (total > 0) {
          const labels = [];
          for (let k = 0; k < stats.moves.length; k++) if (searched[k] > 0 && stats.moves[k] >= 0) labels.push([stats.moves[k], Number((searched[k] / total).toFixed(4))]);
          appendFileSync(out, `${JSON.stringify({ graph: spec, game: g, moves: history, color, labels })}\n`);
          positions++;
          if (history.length < sampledMoves) {
            let r = random() * total;
            for (let k = 0; k < stats.moves.length; k++) {
              r -= searched[k];
              if (r < 0 && stats.moves[k] >= 0) {
                move = stats.moves[k];
                break;
              }
            }
          }
        }
      }
      if (move < 0 && move !== PASS) break; // resigned (never, with resign 0) or no move
      const status = game.play(color, move);
      if (status !== 'ok') throw new Error(`${spec} game ${g}: ${status} at ${move}`);
      history.push([color, move]);
    }
    console.log(`${spec} game ${g}: ${history.length} moves, ${positions} positions so far, ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }
}
