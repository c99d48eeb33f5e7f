/**
 * set_random_seed and get_random_seed in process (docs/protocol.md, "Board, komi and game"): a seed fixes the bot's
 * move on a position, whatever was played before, as `--seed` does at start; other seeds give other moves.
 */
import { describe, expect, it } from 'vitest';
import type { GtpEngine } from '../../protocol/engine.js';
import { testEngine } from '../helpers/engine.js';

function engine(bot: string, seed = '1'): GtpEngine {
  return testEngine('grid 9 9', 'area', { bot, seed, playouts: 60 });
}

/** The answer's text, or a thrown error for a failure. */
function send(e: GtpEngine, line: string): string {
  const answer = e.execute(line) ?? '';
  const match = /^([=?]) ?(.*?)\n\n$/s.exec(answer);
  if (match === null) throw new Error(`malformed answer to ${line}: ${JSON.stringify(answer)}`);
  if (match[1] === '?') throw new Error(`${line}: ${match[2]}`);
  return match[2];
}

/** Positions to ask for a move on, each as the moves leading to it. */
const POSITIONS = ['', 'b E5 w C3', 'b C7 w G3 b C3 w G7', 'b E5 w E4 b D4 w F5 b F4'];

/** The bot's move for Black (white to move would do as well) on each position, right after `set_random_seed`. */
function movesWithSeed(e: GtpEngine, seed: string): string[] {
  return POSITIONS.map((moves) => {
    send(e, 'clear_board');
    const words = moves.split(' ').filter((w) => w !== '');
    for (let i = 0; i < words.length; i += 2) send(e, `play ${words[i]} ${words[i + 1]}`);
    send(e, `set_random_seed ${seed}`);
    return send(e, 'reg_genmove b');
  });
}

describe('set_random_seed', () => {
  for (const bot of ['random', 'flat', 'uct']) {
    it(`${bot}: the same seed gives the same move on the same position, whatever came before`, () => {
      const e = engine(bot);
      const first = movesWithSeed(e, '17');
      // Moves generated in between advance the generator (and grow UCT's kept tree); the seed must undo both.
      send(e, 'genmove b');
      send(e, 'genmove w');
      expect(movesWithSeed(e, '17')).toEqual(first);
      // The same as an engine started with --seed 17.
      expect(movesWithSeed(engine(bot, '17'), '17')).toEqual(first);
    });
  }

  it('random: five seeds give five different sets of moves over the positions', () => {
    const e = engine('random');
    const sets = ['1', '2', '3', '4', '5'].map((seed) => movesWithSeed(e, seed).join(' '));
    expect(new Set(sets).size).toBe(sets.length);
  });

  it('uct: five seeds give at least four different sets of moves over the positions', () => {
    const e = engine('uct');
    const sets = ['1', '2', '3', '4', '5'].map((seed) => movesWithSeed(e, seed).join(' '));
    // Five today at 60 playouts; one coincidence is allowed, since a stronger search agrees with itself more.
    expect(new Set(sets).size).toBeGreaterThanOrEqual(4);
  });

  it('get_random_seed answers --seed, then the last seed set; any one word up to 100 characters is a seed', () => {
    const e = engine('random', 'start');
    expect(send(e, 'get_random_seed')).toBe('start');
    send(e, 'set_random_seed 12345');
    expect(send(e, 'get_random_seed')).toBe('12345');
    send(e, 'set_random_seed game-7');
    expect(send(e, 'get_random_seed')).toBe('game-7');
    expect(e.execute('set_random_seed')).toBe('? syntax error\n\n');
    expect(e.execute('set_random_seed 1 2')).toBe('? syntax error\n\n');
    expect(e.execute(`set_random_seed ${'9'.repeat(101)}`)).toBe('? seed too long (limit 100 characters)\n\n');
    expect(send(e, 'get_random_seed')).toBe('game-7');
    send(e, `set_random_seed ${'9'.repeat(100)}`);
    expect(send(e, 'get_random_seed')).toBe('9'.repeat(100));
  });
});
