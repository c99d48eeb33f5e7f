#!/usr/bin/env node
/**
 * Makes the dead-stone test set (test/gtp/dead-stones.test.ts): finished 9x9 games whose final positions still
 * hold their dead stones, each with GNU Go 3.8's `final_status_list dead` as the expected answer.
 *
 *   npm run build && node scripts/dead-stones-fixture.mjs [--games 50] [--out test/gtp/fixtures/dead-stones]
 *       [--gnugo /usr/games/gnugo] [--seed 1]
 *
 * The games alternate between two kinds, so the positions are not all in one program's style:
 * - GNU Go against GNU Go, two levels from 1..10 and two seeds;
 * - graphgo's UCT bot at a few hundred playouts against GNU Go at a level from 1..10, colours alternating.
 * The first 2..6 moves are uniformly random legal points (from this script's seeded generator) so that no two
 * games share an opening. GNU Go plays without --capture-all-dead, so it passes as soon as the game is decided and
 * leaves dead stones on the board; a game ends at two passes in a row (a game past 220 moves, a resignation, or a
 * move graphgo refuses under positional superko where GNU Go plays simple ko, drops the game). Half the
 * games run GNU Go under Chinese rules (it fills the neutral points) and half under its default Japanese rules
 * (it leaves them).
 *
 * The judge is a fresh GNU Go at its default level, replaying the game: its `final_status_list dead` (one chain per
 * line) is the expectation, and `final_status_list seki` is kept for reference. Each position is written as an SGF
 * record of set-up stones (AB/AW, PL, KM), which any GUI opens and `loadsgf` reads, and index.json lists them with
 * their provenance, moves and GNU Go's answers.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const SIZE = 9;
const COLUMNS = 'ABCDEFGHJ';
const MAX_MOVES = 220;

function option(name, fallback) {
  const at = process.argv.indexOf(name);
  return at >= 0 && at + 1 < process.argv.length ? process.argv[at + 1] : fallback;
}

const GAMES = Number(option('--games', '50'));
const OUT = resolve(ROOT, option('--out', 'test/gtp/fixtures/dead-stones'));
const GNUGO = option('--gnugo', '/usr/games/gnugo');
const SEED = Number(option('--seed', '1'));
const ENGINE = join(ROOT, 'dist/cli/main.js');

/** A small seeded generator (mulberry32): the script's only randomness, so a seed reproduces the set. */
function generator(seed) {
  let a = seed >>> 0;
  return (n) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}

/** A GTP engine process: `ask` sends one command and resolves with the answer text (rejects on `?`). */
function engine(command, args) {
  const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'inherit'] });
  let buffer = '';
  const waiting = [];
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk) => {
    buffer += chunk;
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end < 0) break;
      const reply = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const next = waiting.shift();
      if (next !== undefined) next(reply);
    }
  });
  return {
    ask(line) {
      return new Promise((resolveAnswer, reject) => {
        waiting.push((reply) => {
          if (reply.startsWith('=')) resolveAnswer(reply.slice(1).trim());
          else reject(new Error(`${command} refused "${line}": ${reply}`));
        });
        child.stdin.write(line + '\n');
      });
    },
    async close() {
      child.stdin.write('quit\n');
      child.stdin.end();
      await new Promise((done) => child.on('exit', done));
    },
  };
}

function gnugo(level, seed, chinese) {
  const args = ['--mode', 'gtp', '--level', String(level), '--seed', String(seed)];
  if (chinese) args.push('--chinese-rules');
  return engine(GNUGO, args);
}

function graphgo(playouts, seed) {
  return engine(process.execPath, [ENGINE, 'gtp', '--bot', 'uct', '--playouts', String(playouts), '--seed', String(seed), '--graph', `grid ${SIZE} ${SIZE}`, '--rules', 'area suicide=forbidden']);
}

function sgfPoint(vertex) {
  const x = COLUMNS.indexOf(vertex[0].toUpperCase());
  const y = Number(vertex.slice(1));
  return String.fromCharCode(97 + x) + String.fromCharCode(97 + SIZE - y);
}

/** The stones of GNU Go's showboard as [black vertices, white vertices]. */
function stonesOf(board) {
  const black = [];
  const white = [];
  for (const line of board.split('\n')) {
    const m = /^\s*(\d+)\s+((?:[.+XO]\s+){9})\d+/.exec(line);
    if (m === null) continue;
    const row = Number(m[1]);
    m[2].trim().split(/\s+/).forEach((cell, x) => {
      if (cell === 'X') black.push(`${COLUMNS[x]}${row}`);
      if (cell === 'O') white.push(`${COLUMNS[x]}${row}`);
    });
  }
  return [black, white];
}

/** One game; null when it ran past MAX_MOVES. */
async function playGame(index, random) {
  const chinese = index % 4 < 2;
  const komi = chinese ? 7.5 : 6.5;
  const levelA = 1 + random(10);
  const levelB = 1 + random(10);
  const seedA = 1 + random(1000);
  const seedB = 1 + random(1000);
  const uctGame = index % 2 === 1;
  const uctPlayouts = [200, 400, 800][random(3)];
  const uctColor = random(2) === 0 ? 'b' : 'w';
  const players = {};
  const names = {};
  if (uctGame) {
    const other = uctColor === 'b' ? 'w' : 'b';
    players[uctColor] = graphgo(uctPlayouts, seedA);
    names[uctColor] = `graphgo uct --playouts ${uctPlayouts} --seed ${seedA}`;
    players[other] = gnugo(levelB, seedB, chinese);
    names[other] = `gnugo --level ${levelB} --seed ${seedB}`;
  } else {
    players.b = gnugo(levelA, seedA, chinese);
    names.b = `gnugo --level ${levelA} --seed ${seedA}`;
    players.w = gnugo(levelB, seedB, chinese);
    names.w = `gnugo --level ${levelB} --seed ${seedB}`;
  }
  const all = [players.b, players.w];
  // A GNU Go player lists the legal points for the random opening.
  const referee = uctGame ? players[uctColor === 'b' ? 'w' : 'b'] : players.b;
  try {
    for (const p of all) {
      await p.ask(`boardsize ${SIZE}`);
      await p.ask('clear_board');
      await p.ask(`komi ${komi}`);
    }
    const moves = [];
    const openingMoves = 2 + random(5);
    let color = 'b';
    let passes = 0;
    while (passes < 2) {
      if (moves.length >= MAX_MOVES) return null;
      const mover = players[color];
      const receiver = players[color === 'b' ? 'w' : 'b'];
      let move;
      if (moves.length < openingMoves) {
        // A random legal point: GNU Go's list, so the move is legal for both.
        const legal = await referee.ask(`all_legal ${color}`);
        const points = legal.split(/\s+/).filter((w) => w.length > 0);
        move = points.length > 0 ? points[random(points.length)] : 'pass';
        await mover.ask(`play ${color} ${move}`);
      } else {
        move = (await mover.ask(`genmove ${color}`)).toUpperCase();
      }
      if (move === 'RESIGN') return null;
      // graphgo plays positional superko, GNU Go simple ko: a game where they part is dropped.
      if (!(await receiver.ask(`play ${color} ${move}`).then(() => true, () => false))) return null;
      moves.push(`${color === 'b' ? 'B' : 'W'} ${move}`);
      passes = move === 'PASS' ? passes + 1 : 0;
      color = color === 'b' ? 'w' : 'b';
    }
    // The judge: GNU Go at its default level, replaying the game.
    const judge = gnugo(10, 1, chinese);
    try {
      await judge.ask(`boardsize ${SIZE}`);
      await judge.ask('clear_board');
      await judge.ask(`komi ${komi}`);
      for (const m of moves) await judge.ask(`play ${m}`);
      const dead = (await judge.ask('final_status_list dead')).split('\n').map((l) => l.trim()).filter((l) => l.length > 0);
      const seki = (await judge.ask('final_status_list seki')).split('\n').map((l) => l.trim()).filter((l) => l.length > 0);
      const [black, white] = stonesOf(await judge.ask('showboard'));
      return { names, rules: chinese ? 'chinese' : 'japanese', komi, moves, dead, seki, black, white, toMove: color };
    } finally {
      await judge.close();
    }
  } finally {
    await Promise.all(all.map((p) => p.close()));
  }
}

function sgfOf(game, id) {
  const list = (stones) => stones.map((v) => `[${sgfPoint(v)}]`).join('');
  const comment = `${id}: black ${game.names.b}, white ${game.names.w}, GNU Go rules ${game.rules}. Moves: ${game.moves.join(', ')}`;
  return (
    `(;FF[4]GM[1]SZ[${SIZE}]KM[${game.komi}]PL[${game.toMove === 'b' ? 'B' : 'W'}]` +
    (game.black.length > 0 ? `AB${list(game.black)}` : '') +
    (game.white.length > 0 ? `AW${list(game.white)}` : '') +
    `C[${comment.replace(/[\]\\]/g, (c) => '\\' + c)}])\n`
  );
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  const random = generator(SEED);
  const index = [];
  let attempt = 0;
  while (index.length < GAMES) {
    const game = await playGame(attempt++, random);
    if (game === null) continue;
    const id = `game-${String(index.length + 1).padStart(2, '0')}`;
    writeFileSync(join(OUT, `${id}.sgf`), sgfOf(game, id));
    index.push({
      file: `${id}.sgf`,
      black: game.names.b,
      white: game.names.w,
      gnugoRules: game.rules,
      komi: game.komi,
      moves: game.moves.join(' '),
      dead: game.dead,
      seki: game.seki,
    });
    process.stderr.write(`${id}: ${game.moves.length} moves, ${game.dead.length} dead chains (${game.names.b} vs ${game.names.w})\n`);
  }
  const header = {
    about: 'Final 9x9 positions with their dead stones left on the board; dead is GNU Go 3.8 final_status_list dead (one chain per line). Made by scripts/dead-stones-fixture.mjs; read by test/gtp/dead-stones.test.ts.',
    gnugo: (await versionOf()).trim(),
    seed: SEED,
    positions: index,
  };
  writeFileSync(join(OUT, 'index.json'), JSON.stringify(header, null, 2) + '\n');
}

async function versionOf() {
  const g = gnugo(10, 1, false);
  try {
    return `GNU Go ${await g.ask('version')}`;
  } finally {
    await g.close();
  }
}

await main();
