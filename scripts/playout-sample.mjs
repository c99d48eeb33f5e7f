#!/usr/bin/env node
/**
 * What do the search's playouts make of a position? Replays game GAME of a harness run to move MOVE and prints the
 * position, then the final position of each of a few playouts from it, played with the search's default playout
 * settings (the tactical answers, the 3x3 patterns on square lattices, the cuts where edges lie on triangles).
 * A group that lives in the game but dies in most playouts (or the reverse) is where the playouts' knowledge has a
 * hole; the connection out of atari (docs/bots.md) was such a hole.
 *
 *   npm run build && node scripts/playout-sample.mjs RUN_DIR GAME MOVE [--playouts N] [--seed S]
 *
 * MOVE counts the record's moves (passes included) before the position; the playouts start with the colour the
 * record has next, answer the record's last move and respect its simple-ko ban. Lattices print side by side, other
 * graphs one after another.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { failer, readRun, takeOption } from './gnugo-judge.mjs';

const fail = failer('playout-sample');
// Piped into `head`, the output may be cut short: that is no error.
process.stdout.on('error', (e) => (e.code === 'EPIPE' ? process.exit(0) : fail(e.message)));
const args = process.argv.slice(2);
const playoutCount = Number(takeOption(args, '--playouts', '4', fail));
const seed = takeOption(args, '--seed', 'sample', fail);
if (args.length !== 3) fail('usage: node scripts/playout-sample.mjs RUN_DIR GAME MOVE [--playouts N] [--seed S]');
if (!Number.isInteger(playoutCount) || playoutCount < 1 || playoutCount > 20) fail('--playouts takes a whole number from 1 to 20');
const [runDir, gameText, moveText] = args;
const gameNumber = Number(gameText);
const moveCount = Number(moveText);
if (!Number.isInteger(gameNumber) || gameNumber < 0) fail(`GAME is a game number, got "${gameText}"`);
if (!Number.isInteger(moveCount) || moveCount < 0) fail(`MOVE is a number of moves, got "${moveText}"`);

const dist = resolve(new URL('..', import.meta.url).pathname, 'dist');
const load = (path) =>
  import(pathToFileURL(resolve(dist, path)).href).catch(() => fail(`cannot load ${resolve(dist, path)}: run npm run build first`));
const [{ parseGraphSpec }, { Position }, { Rng }, { parseVertex }, { renderBoard }, { parseRules }, { LightPlayout }, { DEFAULT_UCT_SETTINGS }] =
  await Promise.all([
    load('src/families.js'),
    load('src/position.js'),
    load('src/rng.js'),
    load('src/notation.js'),
    load('src/diagram.js'),
    load('src/rules.js'),
    load('bots/playout.js'),
    load('bots/uct.js'),
  ]);

const game = readRun(runDir, fail).find((g) => g.game === gameNumber);
if (game === undefined) fail(`${runDir} has no game ${gameNumber}`);
if (moveCount > game.moves.length) fail(`game ${gameNumber} has ${game.moves.length} moves, not ${moveCount}`);
const built = parseGraphSpec(game.graph);
if (!built.ok) fail(`game ${gameNumber}'s graph "${game.graph}": ${built.error.message}`);
const graph = built.value;
const rules = parseRules(game.rules);
if (!rules.ok) fail(`game ${gameNumber}'s rules "${game.rules}": ${rules.error.message}`);
const order = rules.value.order;

const start = new Position(graph);
let lastMove = -1;
for (const { color, move } of game.moves.slice(0, moveCount)) {
  const parsed = parseVertex(graph, move);
  if (!parsed.ok) fail(`game ${gameNumber}: move "${move}": ${parsed.error.message}`);
  lastMove = parsed.value >= 0 ? parsed.value : -1;
  if (lastMove >= 0) start.play(lastMove, color, true);
}
start.forgetUndo();
const seat = moveCount % order.length;

const playout = LightPlayout.forGraph(graph);
playout.useSearchKnowledge(DEFAULT_UCT_SETTINGS, rules.value.colors);

const boards = [[`after ${moveCount} moves, colour ${order[seat]} to play`, ...renderBoard(graph, start.color, { lastMove })]];
for (let k = 0; k < playoutCount; k++) {
  playout.position.copyFrom(start);
  const result = playout.run(new Rng(`${seed}.${k}`), order, seat, start.koVertex, lastMove);
  boards.push([`playout ${k + 1}: ${result.moves} moves${result.capped ? ' (capped)' : ''}`, ...renderBoard(graph, playout.position.color)]);
}
process.stdout.write(`game ${gameNumber} of ${runDir} (${game.graph}; ${game.result ?? 'no result'})\n`);
if (graph.meta.lattice !== undefined) {
  const width = Math.max(...boards.flat().map((line) => line.length)) + 3;
  for (let i = 0; i < boards[0].length; i++) process.stdout.write(`${boards.map((b) => (b[i] ?? '').padEnd(width)).join('').trimEnd()}\n`);
} else {
  for (const board of boards) process.stdout.write(`${board.join('\n')}\n\n`);
}
