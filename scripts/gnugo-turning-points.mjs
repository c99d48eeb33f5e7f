#!/usr/bin/env node
/**
 * Where did an engine lose its games? GNU Go is the judge: from a position, it plays both sides to the end (two
 * passes) and its final_score says who wins with play on. For every game of a harness run that ENGINE lost on a
 * square board, the script finds the turning point by bisection over ENGINE's moves: the last of its turns from
 * which play on still wins for ENGINE, followed by one from which it loses (looking back from the end in steps of
 * four turns for a won one, then bisecting: the last turning, the one that lost the game for good). It then judges
 * the position right after ENGINE's move at that turn: already lost means ENGINE's own move turned the game (a
 * mistake, with GNU Go's choice there for comparison); still won means the opponent's reply turned it (a move ENGINE
 * did not see coming, or a misjudgement of the judge). A game no judged turn of which wins is reported as such.
 *
 *   npm run build && node scripts/gnugo-turning-points.mjs RUN_DIR ENGINE [--gnugo PATH] [--level N] [--games A-B]
 *       [--jsonl OUT] [--positions OUT]
 *
 * One line per game, JSON lines with --jsonl (for `graphgo tournament replay RUN --game N --engine ENGINE --move K`
 * at the turning move), `--positions` a file of the turning moves for `graphgo bench positions` (the game's move to
 * avoid, GNU Go's to find), and a summary. GNU Go runs with --chinese-rules --capture-all-dead and the run's komi. About
 * five to ten play-ons a game, most from late positions: some 30 to 60 s a game on 9x9 at level 10.
 */
import { appendFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { failer, readRun, startGnuGo, takeOption } from './gnugo-judge.mjs';

const fail = failer('gnugo-turning-points');
const args = process.argv.slice(2);
const option = (name, fallback) => takeOption(args, name, fallback, fail);
const gnugo = option('--gnugo', '/usr/games/gnugo');
const level = option('--level', '10');
const range = option('--games', null);
const jsonl = option('--jsonl', null);
const positionsOut = option('--positions', null);
if (args.length !== 2) fail('usage: node scripts/gnugo-turning-points.mjs RUN_DIR ENGINE [--gnugo PATH] [--level N] [--games A-B] [--jsonl OUT] [--positions OUT]');
const [runDir, engine] = args;
let first = 0;
let last = Infinity;
if (range !== null) {
  const m = /^(\d+)-(\d+)$/.exec(range);
  if (m === null) fail(`--games takes a range of game numbers A-B, got "${range}"`);
  [first, last] = [Number(m[1]), Number(m[2])];
}

const records = readRun(runDir, fail);
const lost = records
  .filter((r) => r.losers?.includes(engine) && r.game >= first && r.game <= last)
  .sort((a, b) => a.game - b.game);
if (lost.length === 0) fail(`no game in ${runDir} that ${engine} lost${range !== null ? ` among games ${range}` : ''}`);
if (jsonl !== null) writeFileSync(jsonl, '');
if (positionsOut !== null) writeFileSync(positionsOut, '');

const gtp = startGnuGo(gnugo, level, fail);
const send = gtp.send;

const colourName = (c) => (c === 1 ? 'black' : 'white');
const other = (c) => (c === 1 ? 2 : 1);

/** Sets up the first `count` moves of a game. */
async function position(r, size, komi, count) {
  await send(`boardsize ${size}`);
  await send('clear_board');
  await send(`komi ${komi}`);
  for (const m of r.moves.slice(0, count)) await send(`play ${colourName(m.color)} ${m.move}`);
}

/** ENGINE's margin (positive: it wins) when GNU Go plays on from the position after `count` moves. */
async function playOn(r, size, komi, count, own) {
  await position(r, size, komi, count);
  let toMove = count < r.moves.length ? r.moves[count].color : other(r.moves[count - 1]?.color ?? 2);
  for (let passes = 0, moves = 0; passes < 2 && moves < 4 * size * size; moves++) {
    const move = await send(`genmove ${colourName(toMove)}`);
    passes = move.toLowerCase() === 'pass' ? passes + 1 : 0;
    toMove = other(toMove);
  }
  const score = await send('final_score');
  const m = /^([BW])\+([\d.]+)/.exec(score);
  return m === null ? 0 : (m[1] === (own === 1 ? 'B' : 'W') ? 1 : -1) * Number(m[2]);
}

/** Turns stepped over at once when looking back from the end for a turn play on still wins. */
const SCAN_STEP = 4;
const summary = { games: 0, ownMove: 0, reply: 0, neverWon: 0, skipped: 0 };
const turns = [];
for (const r of lost) {
  const size = /^grid (\d+) \1$/.exec(r.graph)?.[1];
  const komi = /komi=(-?[\d.]+)/.exec(r.rules)?.[1] ?? '7.5';
  if (size === undefined || r.colors?.length !== 2 || r.handicap !== undefined) {
    summary.skipped++;
    process.stdout.write(`${r.game}: skipped (${r.graph}: GNU Go judges even games on square boards with two colours)\n`);
    continue;
  }
  summary.games++;
  const own = r.black === engine ? 1 : 2;
  // The move indices (0-based) of ENGINE's turns; judged: the position before each.
  const mine = r.moves.flatMap((m, i) => (m.engine === engine ? [i] : []));
  const verdict = new Map();
  const before = async (j) => {
    if (!verdict.has(j)) verdict.set(j, await playOn(r, size, komi, mine[j], own));
    return verdict.get(j);
  };
  // The game's end is a loss unless ENGINE resigned a game play on wins (or forfeited): the turn is then the end.
  const endMargin = await playOn(r, size, komi, r.moves.length, own);
  let lo = -1;
  let hi = mine.length;
  if (endMargin > 0) {
    lo = mine.length - 1;
  } else {
    // The last turn still won by play on, searched backwards in steps: the judge's verdicts on the opening are
    // its own self-play's (at komi 7.5 GNU Go against itself favours White), and the last turning is the one to fix.
    for (let j = mine.length - 1; j >= 0; j -= SCAN_STEP) {
      if ((await before(j)) > 0) {
        lo = j;
        break;
      }
      hi = j;
    }
  }
  if (lo < 0) {
    summary.neverWon++;
    const earliest = Math.min(...verdict.keys());
    const line = { game: r.game, colour: own === 1 ? 'B' : 'W', kind: 'never-won', move: mine[earliest] + 1, margin: verdict.get(earliest) };
    turns.push(line);
    process.stdout.write(`${r.game}: ${engine} ${line.colour}, lost by play on from every turn judged (the earliest, move ${line.move}: ${line.margin})\n`);
    if (jsonl !== null) appendFileSync(jsonl, JSON.stringify(line) + '\n');
    continue;
  }
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if ((await before(mid)) > 0) lo = mid;
    else hi = mid;
  }
  const index = mine[lo];
  const after = await playOn(r, size, komi, index + 1, own);
  await position(r, size, komi, index);
  const gnugoChoice = await send(`reg_genmove ${colourName(own)}`);
  const kind = after > 0 ? 'reply' : 'own-move';
  if (kind === 'reply') summary.reply++;
  else summary.ownMove++;
  const next = hi < mine.length ? verdict.get(hi) : endMargin;
  const line = {
    game: r.game,
    colour: own === 1 ? 'B' : 'W',
    kind,
    move: index + 1,
    played: r.moves[index].move,
    gnugo: gnugoChoice,
    reply: r.moves[index + 1]?.move ?? null,
    before: verdict.get(lo),
    after,
    nextTurn: next,
    moves: r.moves.length,
  };
  turns.push(line);
  if (jsonl !== null) appendFileSync(jsonl, JSON.stringify(line) + '\n');
  if (positionsOut !== null && kind === 'own-move') {
    // A case for `graphgo bench positions`: the move that turned the game to avoid, GNU Go's to find.
    const sgf = resolve(runDir, 'sgf', `game-${String(r.game).padStart(5, '0')}.sgf`);
    const note = `game ${r.game}, play on ${line.before > 0 ? '+' : ''}${line.before} before, ${after > 0 ? '+' : ''}${after} after`;
    appendFileSync(positionsOut, JSON.stringify({ sgf, move: line.move, avoid: [line.played], expect: [gnugoChoice], note }) + '\n');
  }
  process.stdout.write(
    `${r.game}: ${engine} ${line.colour}, move ${line.move} of ${line.moves}: ${kind === 'own-move' ? `its ${line.played} turned the game (GNU Go: ${gnugoChoice})` : `the reply ${line.reply} to its ${line.played} turned the game`}; play on ${line.before > 0 ? '+' : ''}${line.before} before, ${after > 0 ? '+' : ''}${after} after its move, ${next > 0 ? '+' : ''}${next} at its next turn\n`,
  );
}
await gtp.close();
const moveNumbers = turns.filter((t) => t.kind !== 'never-won').map((t) => t.move).sort((a, b) => a - b);
const median = moveNumbers.length === 0 ? null : moveNumbers[moveNumbers.length >> 1];
process.stdout.write(
  `${summary.games} games ${engine} lost (${summary.skipped} skipped): turned by its own move in ${summary.ownMove}, by the opponent's reply in ${summary.reply}, lost by play on from every turn judged in ${summary.neverWon}; median turning move ${median}\n`,
);
