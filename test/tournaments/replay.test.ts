/**
 * `graphgo tournament replay`: a built-in bot walked through a finished game of a real run reaches the game's state,
 * so a `genmove` at move K gives the move it gave in the game; a record that no longer matches the engine is named at
 * the move where they part; bad requests get clear errors.
 */
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readResults, type GameRecord } from '../../tournaments/records.js';
import { replayGame } from '../../tournaments/replay.js';
import { ensureDist } from '../gtp/build-dist.js';
import { runCliCaptured } from '../helpers/cli.js';
import { tempDir } from './helpers.js';

const inProcess = runCliCaptured;

let run = '';
let games: GameRecord[] = [];

beforeAll(async () => {
  await ensureDist();
  run = join(tempDir('graphgo-replay-'), 'run');
  // The random bot's every move comes from its seed (a replay seeded otherwise parts from the game at once); the UCT
  // bot's few playouts keep the test fast.
  const match = await inProcess([
    'tournament', 'match', '--engine', 'a=builtin:random', '--engine', 'b=builtin:uct --playouts 40',
    '--graph', 'grid 5 5', '--rules', 'area komi=0.5', '--games', '2', '--seed', 'rp', '--out', run, '--quiet',
  ]);
  expect(match.code, match.err).toBe(0);
  games = readResults(run).records.sort((x, y) => x.game - y.game);
}, 180_000);

describe('graphgo tournament replay of a run on a graph file', () => {
  it('rebuilds the graph from tournament.json, whatever the file is named (its label is no spec)', async () => {
    const dir = tempDir('graphgo-replay-');
    writeFileSync(join(dir, 'arcs.txt'), 'edges 8 1-2 2-3 3-4 4-1 1>5 5-6 6-7 7-8 8-5 3>7\n');
    writeFileSync(
      join(dir, 't.json'),
      JSON.stringify({
        engines: ['a=builtin:random', 'b=builtin:random --seed 5'],
        graphs: ['cycle 6', { file: 'arcs.txt', name: 'arcs' }],
        rules: ['area'],
        games: 4,
        seed: 'rf',
        out: 'out',
      }),
    );
    const played = await inProcess(['tournament', 'run', join(dir, 't.json'), '--quiet']);
    expect(played.code, played.err).toBe(0);
    const out = join(dir, 'out');
    const records = readResults(out).records;
    // A game on the file's graph and one on the family's: both replay as they were played.
    for (const label of ['arcs', 'cycle 6']) {
      const game = records.find((r) => r.graph === label)!;
      const r = await inProcess(['tournament', 'replay', out, '--game', String(game.game), '--engine', 'a']);
      expect(r.code, `${label}: ${r.err}`).toBe(0);
      expect(r.err).toContain('own moves as in the record');
    }
    // A run folder from before tournament.json kept the graphs says why it cannot rebuild the file's graph.
    const config = JSON.parse(readFileSync(join(out, 'tournament.json'), 'utf8'));
    delete config.graphs;
    writeFileSync(join(out, 'tournament.json'), JSON.stringify(config));
    const old = await inProcess(['tournament', 'replay', out, '--game', '0', '--engine', 'a']);
    expect(old.code).toBe(1);
    expect(old.err).toContain('by its label alone');
  });
});

describe('graphgo tournament replay', () => {
  it("reaches the game's state: genmove at move K gives the move the engine gave there", async () => {
    const game = games[1];
    const moves = game.moves;
    // The first move of engine a after the opening, so that replaying it needs both genmove and play before it.
    const k = moves.findIndex((m, i) => i >= 4 && m.engine === 'a') + 1;
    expect(k).toBeGreaterThan(4);
    const colour = moves[k - 1].color === 1 ? 'b' : 'w';
    const r = await inProcess(['tournament', 'replay', run, '--game', '1', '--engine', 'a', '--move', String(k), '--then', `genmove ${colour}`]);
    expect(r.code, r.err).toBe(0);
    const own = moves.slice(0, k - 1).filter((m) => m.engine === 'a').length;
    expect(r.err).toContain(`replaying game 1 (seed rp.1) as a: ${k - 1} moves`);
    expect(r.err).toContain(`a: ${k - 1} moves replayed, its ${own} own moves as in the record`);
    expect(r.out).toBe(`genmove ${colour}\n= ${moves[k - 1].move}\n\n`);
  }, 60_000);

  it('replays the whole game by default; with two built-in engines in the game, the engine must be named', async () => {
    const game = games[0];
    const r = await inProcess(['tournament', 'replay', run, '--game', '0', '--engine', 'b', '--then', 'showboard']);
    expect(r.code, r.err).toBe(0);
    const own = game.moves.filter((m) => m.engine === 'b').length;
    expect(r.err).toContain(`b: ${game.moves.length} moves replayed, its ${own} own moves as in the record`);
    expect(r.out).toMatch(/^showboard\n= \n?\s+A B C D E/);
    // Two built-in engines: the engine must be named.
    const unnamed = await inProcess(['tournament', 'replay', run, '--game', '0']);
    expect(unnamed.code).toBe(1);
    expect(unnamed.err).toContain('say which engine to replay with --engine (game 0 was played by');
  }, 60_000);

  it('names the move where a record and the engine part', async () => {
    const copy = join(tempDir('graphgo-replay-'), 'run');
    mkdirSync(copy, { recursive: true });
    cpSync(run, copy, { recursive: true });
    const path = join(copy, 'results.jsonl');
    const records = readFileSync(path, 'utf8').split('\n').filter((l) => l.length > 0).map((l) => JSON.parse(l) as GameRecord);
    const game = records.find((g) => g.game === 0)!;
    // Engine a's second move replaced by a vertex it did not choose (still a point of the board).
    const i = game.moves.map((m, j) => (m.engine === 'a' ? j : -1)).filter((j) => j >= 0)[1];
    const real = game.moves[i].move;
    const fake = ['A1', 'E5', 'A5', 'E1'].find((v) => v !== real)!;
    const moves = game.moves.map((m, j) => (j === i ? { ...m, move: fake } : m));
    writeFileSync(path, records.map((g) => JSON.stringify(g.game === 0 ? { ...g, moves } : g)).join('\n') + '\n');
    const r = await inProcess(['tournament', 'replay', copy, '--game', '0', '--engine', 'a', '--then', 'showboard']);
    expect(r.code).toBe(1);
    expect(r.err).toContain(`move ${i + 1}: a now plays ${real} where the game has ${fake}, so the replay has parted from the game after 1 matching moves of its own`);
    expect(r.out).toBe('');
  }, 60_000);

  it('refuses bad requests with a clear message', async () => {
    const last = games[0].moves.length + 1;
    const cases: [string[], string][] = [
      [['--game', '7', '--engine', 'a'], 'game 7 is not among the finished games of'],
      [['--game', '0', '--engine', 'c'], 'game 0 was played by'],
      [['--game', '0', '--engine', 'a', '--move', String(last + 1)], `--move must be 1 to ${last} for game 0`],
      [['--game', '0', '--engine', 'a', '--move', '0'], '--move'],
      [['--game', 'x', '--engine', 'a'], '--game'],
      [['--game', '0', '--engine', 'a', '--then', '  '], '--then needs a GTP command'],
    ];
    for (const [args, message] of cases) {
      const r = await inProcess(['tournament', 'replay', run, ...args]);
      expect(r.code, args.join(' ')).toBe(1);
      expect(r.err, args.join(' ')).toContain(message);
    }
    // A tournament.json whose graph no longer matches its label (a graph file that changed) is refused.
    const changed = join(tempDir('graphgo-replay-'), 'run');
    mkdirSync(changed, { recursive: true });
    cpSync(run, changed, { recursive: true });
    const config = JSON.parse(readFileSync(join(changed, 'tournament.json'), 'utf8'));
    config.identity.graphs[0].graph = '0'.repeat(64);
    writeFileSync(join(changed, 'tournament.json'), JSON.stringify(config));
    const moved = await inProcess(['tournament', 'replay', changed, '--game', '0', '--engine', 'a']);
    expect(moved.code).toBe(1);
    expect(moved.err).toContain('as it was played (graphs differ)');
    const notRun = await inProcess(['tournament', 'replay', tempDir('graphgo-replay-'), '--game', '0']);
    expect(notRun.code).toBe(1);
    expect(notRun.err).toContain('holds no readable tournament.json: not a run folder');
    // A built-in engine needs the built CLI: its absence is named, not met as a failed start.
    const unbuilt = await replayGame(
      { dir: run, game: 0, engine: 'a', move: 1, then: [], host: { node: process.execPath, graphgoMain: join(run, 'nowhere', 'main.js') }, logDir: run },
      () => undefined,
    );
    expect(unbuilt.ok).toBe(false);
    if (!unbuilt.ok) expect(unbuilt.error.message).toContain('main.js, which is missing: build first (npm run build)');
    // An engine's "?" answer is printed as the engine gave it, not taken for a failure of the replay.
    const unknown = await inProcess(['tournament', 'replay', run, '--game', '0', '--engine', 'a', '--move', '1', '--then', 'no_such_command']);
    expect(unknown.code, unknown.err).toBe(0);
    expect(unknown.out).toMatch(/^no_such_command\n\? unknown command/);
  }, 60_000);
});
