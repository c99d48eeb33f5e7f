/** The perfect player (`--bot solver`). */
import { describe, expect, it } from 'vitest';
import { createBot } from '../../bots/registry.js';
import type { Bot } from '../../bots/bot.js';
import { optimalMoves, SolverBot } from '../../bots/solver.js';
import { Game } from '../../src/game.js';
import { graphOf, rulesOf } from './helpers.js';

function bot(name: string, seed = '1', playouts?: number): Bot {
  const r = createBot(name, { seed, playouts });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

function playOut(game: Game, black: Bot, white: Bot, maxMoves = 200): void {
  for (let i = 0; i < maxMoves && !game.over; i++) {
    const color = game.toMove;
    const move = (color === 1 ? black : white).genmove(game, color);
    expect(game.play(color, move)).toBe('ok');
  }
}

describe('solver bot', () => {
  it('is registered', () => {
    expect(bot('solver').name).toBe('solver');
  });

  it('two perfect players reach the optimal score (2x2 area: B+1)', () => {
    const game = new Game(graphOf('grid 2 2'), rulesOf('area komi=0'));
    playOut(game, bot('solver'), bot('solver'));
    expect(game.result).toBe('B+1');
  });

  it('wins every famine game it should, against a random player', () => {
    // The komi of the 4-cycle is 0: black wins at komi 0 whatever white does.
    for (const seed of ['1', '2', '3', '4']) {
      const game = new Game(graphOf('cycle 4'), rulesOf('famine komi=0'));
      playOut(game, bot('solver'), bot('random', seed));
      expect(game.winner).toBe(1);
    }
    // And as white at komi 1.
    for (const seed of ['5', '6']) {
      const game = new Game(graphOf('cycle 4'), rulesOf('famine komi=1'));
      playOut(game, bot('random', seed), bot('solver'));
      expect(game.winner).toBe(2);
    }
  });

  it('plays only optimal moves', () => {
    const game = new Game(graphOf('path 5'), rulesOf('area komi=0'));
    const solver = bot('solver');
    const random = bot('random', '9');
    for (let i = 0; i < 8 && !game.over; i++) {
      const color = game.toMove;
      if (color === 1) {
        const best = optimalMoves(game, color);
        expect(best).not.toBeNull();
        const move = solver.genmove(game, color);
        expect(best?.moves).toContain(move);
        game.play(color, move);
      } else {
        game.play(color, random.genmove(game, color));
      }
    }
  });

  it('respects the game history (superko) and leaves the game as it was', () => {
    const game = new Game(graphOf('path 2'), rulesOf('area komi=0'));
    game.play(1, 0);
    game.play(2, 1); // white captures: black may not retake at once
    const before = game.state();
    const move = bot('solver').genmove(game, 1);
    expect(game.state()).toEqual(before);
    expect(game.check(1, move)).toBe('ok');
  });

  it('says when it could not solve, and still moves legally', () => {
    const b = new SolverBot({ maxNodes: 200, maxSeconds: null, fallback: () => bot('random') });
    const game = new Game(graphOf('grid 3 3'), rulesOf('area'));
    const move = b.genmove(game, 1);
    expect(b.lastSolve?.status).toBe('unknown');
    expect(game.check(1, move)).toBe('ok');
  });

  it('hands games it cannot take to its fallback player', () => {
    const b = new SolverBot({ maxNodes: null, maxSeconds: null, fallback: () => bot('random') });
    const game = new Game(graphOf('path 4'), rulesOf('kim'));
    const move = b.genmove(game, 1);
    expect(b.lastSolve).toBeNull();
    expect(game.check(1, move)).toBe('ok');
  });
});
