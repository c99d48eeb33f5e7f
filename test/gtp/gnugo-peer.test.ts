/**
 * GNU Go as a real GTP peer (docs/protocol.md, "Conformance"): our client drives GNU Go and our engine through whole
 * 9x9 games against each other, each side's genmove played on the other; every move must be accepted. After two
 * passes the result is compared: our engine's final_score (area rules, less the stones it judges dead, which must
 * then be none: it equals the strict result of get_state) with GNU Go's final_score (Chinese rules). GNU Go judges stones dead without capturing them, so when its `final_status_list dead`
 * is not empty after the two passes, the passes are taken back on our side and GNU Go plays on for both colours
 * (mirrored to our engine) until no dead stone is left and both pass again; only then are the scores compared.
 *
 * Our engine plays `area suicide=forbidden`: GNU Go refuses suicide, so plain `area` could produce a multi-stone
 * self-capture that GNU Go would refuse (docs/harness.md, "What happens when...").
 *
 * When /usr/games/gnugo is missing the test is skipped, unless CI is set: then it fails and says how to install it.
 */
import { existsSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { GtpClient } from '../../protocol/client.js';
import { ensureDist, ENGINE_MAIN } from './build-dist.js';
import { REPO_ROOT } from './tst-runner.js';

const GNUGO = '/usr/games/gnugo';
const HAVE_GNUGO = existsSync(GNUGO);
const IN_CI = Boolean(process.env.CI);
const KOMI = '7.5';
/** A game longer than this (both phases) is a runaway. */
const MAX_TURNS = 600;

beforeAll(async () => {
  if (HAVE_GNUGO) await ensureDist();
}, 120_000);

interface Side {
  readonly name: string;
  readonly client: GtpClient;
}

async function ask(side: Side, command: string): Promise<string> {
  const r = await side.client.send(command);
  if (!r.ok) throw new Error(`${side.name} refused "${command}": ${r.text}`);
  return r.text;
}

/** Both boards, for failure messages. */
async function positions(ours: Side, gnugo: Side, moves: string[]): Promise<string> {
  const a = await ours.client.send('showboard').catch((e: Error) => ({ text: e.message }));
  const b = await gnugo.client.send('showboard').catch((e: Error) => ({ text: e.message }));
  return `moves: ${moves.join(' ')}\n${ours.name}:${a.text}\n${gnugo.name}:${b.text}`;
}

/** `B+3.5` / `W+12` / `0` as a signed margin for Black. */
function margin(result: string): number {
  const m = /^([BW])\+(\d+(?:\.\d+)?)$/i.exec(result.trim());
  if (m !== null) return (m[1].toUpperCase() === 'B' ? 1 : -1) * Number(m[2]);
  if (result.trim() === '0') return 0;
  throw new Error(`not a score: ${result}`);
}

interface GameReport {
  readonly turns: number;
  readonly cleanupTurns: number;
  readonly ours: string;
  readonly gnugo: string;
}

/**
 * One game. With `captureAllDead` GNU Go runs with --capture-all-dead and plays on with genmove; without it, GNU Go
 * passes as soon as the game is decided, dead stones and all, and plays on with kgs-genmove_cleanup (its GTP command
 * for exactly that), so that the second phase gets exercised too.
 */
async function playGame(seed: number, oursColor: 'b' | 'w' | null, captureAllDead = true): Promise<GameReport> {
  const ours: Side = {
    name: 'graphgo',
    client: new GtpClient(
      'node',
      [ENGINE_MAIN, 'gtp', '--bot', 'random', '--seed', String(seed), '--graph', 'grid 9 9', '--rules', 'area suicide=forbidden'],
      { cwd: REPO_ROOT, timeoutMs: 20_000 },
    ),
  };
  const gnugo: Side = {
    name: 'GNU Go',
    client: new GtpClient(
      GNUGO,
      ['--mode', 'gtp', '--chinese-rules', ...(captureAllDead ? ['--capture-all-dead'] : []), '--komi', KOMI, '--level', '1',
        '--seed', String(seed)],
      { timeoutMs: 20_000 },
    ),
  };
  const moves: string[] = [];
  try {
    for (const side of [ours, gnugo]) {
      await ask(side, 'boardsize 9');
      await ask(side, 'clear_board');
      await ask(side, `komi ${KOMI}`);
    }
    const other = (c: 'b' | 'w'): 'b' | 'w' => (c === 'b' ? 'w' : 'b');

    /** Plays one turn: `mover` generates for colour c, the other engine must accept it. Returns the move. */
    const turn = async (c: 'b' | 'w', mover: Side, receiver: Side, generate = 'genmove'): Promise<string> => {
      const move = (await ask(mover, `${generate} ${c}`)).toLowerCase();
      moves.push(`${c}:${move}`);
      if (move === 'resign') throw new Error(`${mover.name} resigned\n${await positions(ours, gnugo, moves)}`);
      const accepted = await receiver.client.send(`play ${c} ${move}`);
      if (!accepted.ok) {
        throw new Error(`${receiver.name} refused ${mover.name}'s move ${c} ${move}: ${accepted.text}\n${await positions(ours, gnugo, moves)}`);
      }
      return move;
    };

    // Phase 1: the game proper, until two passes in a row.
    let color: 'b' | 'w' = 'b';
    let passes = 0;
    let turns = 0;
    while (passes < 2) {
      if (++turns > MAX_TURNS) throw new Error(`no end after ${MAX_TURNS} turns\n${await positions(ours, gnugo, moves)}`);
      const mover = color === oursColor ? ours : gnugo;
      const move = await turn(color, mover, mover === ours ? gnugo : ours);
      passes = move === 'pass' ? passes + 1 : 0;
      color = other(color);
    }
    const state = JSON.parse(await ask(ours, 'get_state')) as { over: boolean };
    expect(state.over, 'two passes end an area game').toBe(true);

    // Phase 2: GNU Go removes the stones it calls dead, playing both colours.
    let cleanupTurns = 0;
    while ((await ask(gnugo, 'final_status_list dead')).trim() !== '') {
      // Take back the two passes on our side (our game ended there); GNU Go keeps them, which changes nothing.
      await ask(ours, 'undo');
      await ask(ours, 'undo');
      passes = 0;
      while (passes < 2) {
        if (++cleanupTurns + turns > MAX_TURNS) {
          throw new Error(`dead stones never captured\n${await positions(ours, gnugo, moves)}`);
        }
        const move = await turn(color, gnugo, ours, captureAllDead ? 'genmove' : 'kgs-genmove_cleanup');
        passes = move === 'pass' ? passes + 1 : 0;
        color = other(color);
      }
    }

    // Phase 3: the same position on both sides, and the same count.
    const ourState = JSON.parse(await ask(ours, 'get_state')) as { over: boolean; result: string };
    expect(ourState.over).toBe(true);
    const ourScore = await ask(ours, 'final_score');
    const theirScore = await ask(gnugo, 'final_score');
    expect(ourState.result).toBe(ourScore);
    expect(margin(ourScore), `graphgo says ${ourScore}, GNU Go says ${theirScore}\n${await positions(ours, gnugo, moves)}`).toBe(
      margin(theirScore),
    );
    return { turns, cleanupTurns, ours: ourScore, gnugo: theirScore };
  } finally {
    const exits = await Promise.all([ours.client.close(), gnugo.client.close()]);
    expect(exits[0]).toEqual({ code: 0, signal: null });
  }
}

describe('GNU Go as a GTP peer on 9x9', () => {
  it.skipIf(!HAVE_GNUGO && !IN_CI)(
    'plays whole games both ways, every move accepted, and agrees on the final score',
    async () => {
      if (!HAVE_GNUGO) {
        throw new Error(`GNU Go is required in CI but ${GNUGO} is missing: install it with "apt-get install -y gnugo"`);
      }
      const reports: GameReport[] = [];
      for (const [seed, color, captureAllDead] of [
        [1, 'b', true],
        [1, 'w', true],
        [2, 'b', true],
        [2, 'w', true],
        [3, 'b', false],
        [3, 'w', false],
        [4, null, true],
      ] as const) {
        reports.push(await playGame(seed, color, captureAllDead));
      }
      // GNU Go, the far stronger player, won every game against the random bot...
      for (let i = 0; i < 6; i++) {
        const gnugoIsBlack = i % 2 === 1;
        expect(margin(reports[i].ours) > 0, `game ${i + 1}: ${reports[i].ours}`).toBe(gnugoIsBlack);
      }
      // ...the games without --capture-all-dead needed the clean-up phase...
      expect(reports[4].cleanupTurns + reports[5].cleanupTurns).toBeGreaterThan(0);
      // ...and in GNU Go's game against itself both sides hold territory, so the count was no whole-board wipe-out.
      expect(Math.abs(margin(reports[6].ours))).toBeLessThan(40);
    },
    90_000,
  );
});
