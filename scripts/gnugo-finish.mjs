#!/usr/bin/env node
/**
 * Were the games an engine resigned really lost? For every game of a harness run that ENGINE lost by resigning on a
 * square board, GNU Go plays both sides from the position where it resigned until two passes, and its final_score
 * says who wins with play on. A resignation it scores as a win for ENGINE gave a game away.
 *
 *   npm run build && node scripts/gnugo-finish.mjs RUN_DIR ENGINE [--gnugo /usr/games/gnugo] [--level 10]
 *
 * Prints one line per game (number, ENGINE's colour, GNU Go's score, the moves it played) and a summary: games it
 * scores for ENGINE, and those lost by less than 6 points. GNU Go runs with --chinese-rules --capture-all-dead (area
 * scoring, dead stones taken off) and the run's komi.
 */
import { failer, readRun, startGnuGo, takeOption } from './gnugo-judge.mjs';

const fail = failer('gnugo-finish');
const args = process.argv.slice(2);
const gnugo = takeOption(args, '--gnugo', '/usr/games/gnugo', fail);
const level = takeOption(args, '--level', '10', fail);
if (args.length !== 2) fail('usage: node scripts/gnugo-finish.mjs RUN_DIR ENGINE [--gnugo PATH] [--level N]');
const [runDir, engine] = args;

const records = readRun(runDir, fail);
const resigned = records.filter((r) => r.reason === 'resign' && r.losers?.includes(engine));
if (resigned.length === 0) fail(`no game in ${runDir} that ${engine} lost by resigning`);

const gtp = startGnuGo(gnugo, level, fail);
const send = gtp.send;

let won = 0;
let close = 0;
for (const r of resigned) {
  const size = /^grid (\d+) \1$/.exec(r.graph)?.[1];
  const komi = /komi=(-?[\d.]+)/.exec(r.rules)?.[1] ?? '7.5';
  if (size === undefined || r.colors?.length !== 2) {
    process.stdout.write(`${r.number}: skipped (${r.graph}: GNU Go plays square boards with two colours)\n`);
    continue;
  }
  await send(`boardsize ${size}`);
  await send('clear_board');
  await send(`komi ${komi}`);
  for (const m of r.moves) await send(`play ${m.color === 1 ? 'black' : 'white'} ${m.move}`);
  const own = r.black === engine ? 'B' : 'W';
  let toMove = r.moves.length > 0 && r.moves[r.moves.length - 1].color === 1 ? 'white' : 'black';
  const played = [];
  for (let passes = 0; passes < 2 && played.length < 4 * size * size; ) {
    const move = await send(`genmove ${toMove}`);
    played.push(move);
    passes = move.toLowerCase() === 'pass' ? passes + 1 : 0;
    toMove = toMove === 'black' ? 'white' : 'black';
  }
  const score = await send('final_score');
  const m = /^([BW])\+([\d.]+)/.exec(score);
  const margin = m === null ? 0 : (m[1] === own ? 1 : -1) * Number(m[2]);
  if (margin > 0) won++;
  else if (margin > -6) close++;
  process.stdout.write(`${r.number}: ${engine} ${own}, GNU Go scores ${score} after ${played.join(' ')}\n`);
}
await gtp.close();
process.stdout.write(
  `${resigned.length} games ${engine} resigned: GNU Go scores ${won} for ${engine} with play on, ${close} more lost by less than 6 points\n`,
);
