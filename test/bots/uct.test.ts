/**
 * The UCT bot: reproducible for a fixed number of playouts and a seed, always legal, tactically awake (it captures
 * what is hanging and saves what is in atari), correct about passing under each rule set, and at home with more
 * than two colours.
 */
import { describe, expect, it } from 'vitest';
import { FlatBot } from '../../bots/flat.js';
import { RandomBot } from '../../bots/random.js';
import { DEFAULT_UCT_SETTINGS, UctBot, type UctSettings } from '../../bots/uct.js';
import { NodePool } from '../../bots/tree.js';
import { parseGraphSpec } from '../../src/families.js';
import { Game } from '../../src/game.js';
import { PASS, RESIGN } from '../../src/vocabulary.js';
import { parseVertex } from '../../src/notation.js';
import { parseRules } from '../../src/rules.js';
import { gameFromDiagram } from '../helpers/diagram.js';

function uct(overrides: Partial<UctSettings> = {}): UctBot {
  return new UctBot({ ...DEFAULT_UCT_SETTINGS, playouts: 1500, seed: 'test', ...overrides });
}

function newGame(spec: string, rulesText: string): Game {
  const built = parseGraphSpec(spec);
  const rules = parseRules(rulesText);
  if (!built.ok || !rules.ok) throw new Error('bad fixture');
  return new Game(built.value, rules.value);
}

function vertex(game: Game, name: string): number {
  const parsed = parseVertex(game.graph, name);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}

describe('UCT bot', () => {
  it('is deterministic for fixed playouts and seed', () => {
    const moves = () => {
      const game = newGame('grid 7 7', 'area');
      const bot = uct({ playouts: 800 });
      const out: number[] = [];
      for (let i = 0; i < 6; i++) {
        const m = bot.genmove(game, game.toMove);
        out.push(m);
        expect(game.play(game.toMove, m)).toBe('ok');
      }
      return out;
    };
    expect(moves()).toEqual(moves());
  });

  it('saves its own group in atari when that is the only hope', () => {
    // Black's A3-B3-C3 has one liberty, C4; White captures there next unless Black extends. Losing the three stones
    // loses the board, so C4 is Black's only chance. Black's D5 makes the escape work: without it the extension
    // runs into a dead ladder (White D4, Black C5, White B5 or D5), which the ladder reader now sees. (Positions
    // where both moves win, e.g. capturing a group that is dead anyway, are no test: MCTS is rightly indifferent
    // between winning moves.)
    const save = gameFromDiagram(
      `
      . . . X .
      O O . . .
      X X X O .
      O O O . .
      . . . . .`,
      'area komi=-10',
      1,
    );
    // At komi 7.5 Black is lost whatever it plays (every move near 2%), and the choice between hopeless moves is
    // noise; with 10 points for Black the game turns on the three stones. Still behind, the search may see too little
    // hope to play on: resigning is switched off to ask for the best try.
    expect(uct({ playouts: 3000, resignThreshold: 0 }).genmove(save, 1)).toBe(vertex(save, 'C4'));
  });

  it('under area rules passes after the opponent passed when the count wins, and never passes into a loss', () => {
    // Black owns the left, White the right with eyes; area Black 8 vs White 8 + 7.5 komi: White wins the count.
    const game = gameFromDiagram(
      `
      X . O .
      X X O O
      X X O O
      . X O .`,
      'area',
      1,
    );
    expect(game.play(1, PASS)).toBe('ok');
    expect(uct().genmove(game, 2)).toBe(PASS);
    // With komi -10 Black wins the count, so White must not end the game by passing if it has any other move.
    const open = gameFromDiagram(
      `
      X X . O
      X X . O
      X X . O
      X X . O`,
      'area komi=-10',
      2,
    );
    expect(open.play(2, PASS)).toBe('ok');
    expect(open.play(1, PASS)).toBe('ok');
    expect(open.over).toBe(true);
    const again = gameFromDiagram(
      `
      X X . O
      X X . O
      X X . O
      X X . O`,
      'area komi=-10',
      1,
    );
    expect(again.play(1, PASS)).toBe('ok');
    expect(uct().genmove(again, 2)).not.toBe(PASS);
  });

  it('under famine never passes with a counter of 0 and plays on to a legal end', () => {
    const game = newGame('grid 5 5', 'famine');
    const bots = [uct({ playouts: 300 }), uct({ playouts: 300, seed: 'other' })];
    while (!game.over && game.moveCount < 400) {
      const c = game.toMove;
      const move = bots[c - 1].genmove(game, c);
      if (move === RESIGN) {
        expect(game.play(c, move)).toBe('ok');
        break;
      }
      if (move === PASS) expect(game.counter(c)).toBeGreaterThan(0);
      expect(game.play(c, move)).toBe('ok');
    }
    expect(game.over).toBe(true);
  });

  it('plays three colours (netgo order 1,2,3) legally to the end, each colour for itself', () => {
    const game = newGame('hex 3', 'netgo colors=3');
    const bots = [1, 2, 3].map((c) => uct({ playouts: 200, seed: `c${c}`, resignThreshold: 0 }));
    while (!game.over && game.moveCount < 300) {
      const c = game.toMove;
      const move = bots[c - 1].genmove(game, c);
      expect(game.play(c, move)).toBe('ok');
    }
    expect(game.over).toBe(true);
    expect(game.result).toMatch(/^([123]\+\d+(\.\d+)?|0)$/);
  });

  it('resigns a hopeless game and not an even one', () => {
    const hopeless = gameFromDiagram(
      `
      O O O O O
      O . O . O
      O O O O O
      . . . . .
      . . . . .`,
      'area',
      1,
    );
    expect(uct({ playouts: 3000 }).genmove(hopeless, 1)).toBe(RESIGN);
    expect(uct({ playouts: 3000 }).genmove(newGame('grid 5 5', 'area'), 1)).not.toBe(RESIGN);
  });

  it('beats the random player and flat Monte Carlo on 7x7', () => {
    let wins = 0;
    for (let g = 0; g < 4; g++) {
      const game = newGame('grid 7 7', 'area');
      const ours = g % 2 === 0 ? 1 : 2;
      const me = uct({ playouts: 1000, seed: `m${g}` });
      const them = g < 2 ? new RandomBot(`r${g}`) : new FlatBot({ playouts: 1000, seconds: null, seed: `f${g}` });
      while (!game.over && game.moveCount < 300) {
        const c = game.toMove;
        expect(game.play(c, (c === ours ? me : them).genmove(game, c))).toBe('ok');
      }
      if (game.winner === ours) wins++;
    }
    expect(wins).toBe(4);
  });

  it('reports its memory: under 50 bytes per node with two colours, so a million nodes fit in 50 MB', () => {
    expect(NodePool.bytesPerNode(2)).toBeLessThan(50);
    const bot = uct({ playouts: 500 });
    bot.genmove(newGame('grid 9 9', 'area'), 1);
    expect(bot.lastSearch?.simulations).toBe(500);
    expect(bot.lastSearch?.nodes).toBeGreaterThan(80);
  });
});
