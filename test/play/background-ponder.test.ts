/**
 * Pondering on a worker thread while the calling thread blocks (the terminal game's read): Match.ponderInBackground
 * and stopBackgroundPonder, through the built engine, since worker threads load compiled JavaScript. The thread
 * searches the person's position in the bot's own tree, the computer's next search starts from the reply's
 * subtree, the turn's limit holds, and the terminal game reports what was pondered.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Match as MatchType } from '../../play/match.js';
import type { MatchRequest } from '../../play/match-request.js';
import type { runTerminalGame as RunTerminalGame } from '../../play/terminal-game.js';
import { ensureDist } from '../gtp/build-dist.js';
import { REPO_ROOT } from '../gtp/tst-runner.js';
import { afterFirstExchange, reportedVisits, secondMove } from '../helpers/match-turns.js';

const dist = (path: string) => pathToFileURL(join(REPO_ROOT, 'dist', path)).href;

/* eslint-disable @typescript-eslint/no-explicit-any -- the compiled modules are loaded at run time */
let Match: any;
let readMatchRequest: any;
let runTerminalGame: typeof RunTerminalGame;

beforeAll(async () => {
  await ensureDist();
  ({ Match } = await import(dist('play/match.js')));
  ({ readMatchRequest } = await import(dist('play/match-request.js')));
  ({ runTerminalGame } = await import(dist('play/terminal-game.js')));
}, 120_000);

function newMatch(request: MatchRequest = {}, ponderMilliseconds?: number): MatchType {
  const settings = readMatchRequest({ graph: 'grid 5 5', rules: 'area', bot: 'uct', playouts: 300, color: 'black', ...request });
  if (!settings.ok) throw new Error(settings.error.message);
  return new Match({ ...settings.value, ponderMilliseconds, backgroundPonder: true }) as MatchType;
}

/** Blocks this thread as a synchronous read would, for `milliseconds`. */
function block(milliseconds: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, milliseconds);
}

describe('Match.ponderInBackground', () => {
  it('searches on a worker while this thread blocks, and the computer\'s reply starts from that tree', () => {
    const match = newMatch();
    // The person moves first, and is thought on from the start: the bot is made for it.
    expect(match.ponderInBackground()).toBe(true);
    block(100);
    expect(match.stopBackgroundPonder()).toBeGreaterThan(0);
    afterFirstExchange(match);
    try {
      expect(match.ponderInBackground()).toBe(true);
      block(400);
      const simulations = match.stopBackgroundPonder();
      expect(simulations).toBeGreaterThan(0);
      expect(match.pondered).toBe(simulations);
      expect(match.stopBackgroundPonder()).toBe(0); // nothing runs any more

      const person = reportedVisits(match);
      expect(person.visits).toBeGreaterThan(simulations / 2);
      expect(match.playHumanText(person.top).ok).toBe(true);
      const computer = reportedVisits(match);
      expect(computer.visits - computer.simulations).toBeGreaterThan(person.visits / 4);
      // The computer's move reports what was searched on the person's time.
      expect(match.playBot().pondered).toBe(simulations);
    } finally {
      match.releaseBot();
    }
  });

  it('stops at the turn\'s limit, and a released bot leaves no thread searching', () => {
    const match = newMatch({}, 100);
    afterFirstExchange(match);
    expect(match.ponderInBackground()).toBe(true);
    block(400);
    expect(match.stopBackgroundPonder()).toBeGreaterThan(0);
    expect(match.ponderInBackground()).toBe(false); // the turn's 100 ms are spent

    expect(match.playHumanText(secondMove(match)).ok).toBe(true);
    match.playBot();
    expect(match.ponderInBackground()).toBe(true); // a new turn
    match.releaseBot(); // stops and waits for the thread, then lets it go
    expect(match.stopBackgroundPonder()).toBe(0);
    // Pondering again makes a bot again, on what is left of the turn's time.
    expect(match.ponderInBackground()).toBe(true);
    match.releaseBot();
    expect(match.stopBackgroundPonder()).toBe(0);
  });
});

describe('the terminal game', () => {
  it('ponders while it waits for the person\'s input and reports it with the computer\'s next move', () => {
    const match = newMatch();
    const inputs = ['C3', null, 'quit'];
    let out = '';
    try {
      runTerminalGame(match, {
        readLine: () => {
          const input = inputs.shift();
          // The person thinks over the second move long enough for the worker thread to start and search even on a
          // loaded machine (at 300 ms it once searched nothing while other programs held both cores).
          block(input === null ? 1500 : 50);
          // The second move is a point the computer's reply left free.
          return input === null ? secondMove(match) : (input ?? null);
        },
        write: (text) => void (out += text),
        color: false,
        clear: false,
      });
    } finally {
      match.releaseBot();
    }
    // After C3 and the reply the person thinks (1.5 s) over a second move: the reply to it reports that search.
    const replies = match.log.filter((r) => r.byBot);
    expect(replies).toHaveLength(2);
    expect(replies[0].pondered).toBeUndefined();
    expect(replies[1].pondered).toBeGreaterThan(0);
    expect(out).toContain(`${replies[1].pondered} more on your time`);
  });
});
