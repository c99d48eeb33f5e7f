/**
 * Dynamic komi (bots/dynamic-komi.ts): the schedule, what counts as a handicap, and its effect on a search: White's
 * root win rate after a 2-stone handicap on 9x9 rises towards even, while the margins an analysis reports stay
 * against the real komi.
 */
import { describe, expect, it } from 'vitest';
import { EXTRA_KOMI_PER_STONE, FADE_FRACTION, extraKomi, gameHandicap, searchExtraKomi } from '../../bots/dynamic-komi.js';
import { DEFAULT_UCT_SETTINGS, UctBot } from '../../bots/uct.js';
import { Game } from '../../src/game.js';
import { fixedHandicap } from '../../src/handicap.js';
import { readSetup } from '../../src/setup.js';
import { BLACK, WHITE } from '../../src/vocabulary.js';
import { testEngine } from '../helpers/engine.js';

function handicapGame(rules: string, stones: number): Game {
  const setup = readSetup({ spec: 'grid 9 9' }, rules);
  if (!setup.ok) throw new Error(setup.error.message);
  const game = new Game(setup.value.graph, setup.value.rules);
  if (stones > 0) expect(game.setup(fixedHandicap(9, stones)!.map((vertex) => ({ vertex, color: BLACK })), WHITE)).toBeNull();
  return game;
}

describe('the schedule', () => {
  it('starts at 7 points a stone and falls linearly to 0 at 0.2 n moves', () => {
    expect(EXTRA_KOMI_PER_STONE).toBe(7);
    expect(FADE_FRACTION).toBe(0.2);
    // 9x9: the fade ends at 0.2 * 81 = 16.2 moves.
    expect(extraKomi(2, 0, 81)).toBe(14);
    expect(extraKomi(2, 8.1, 81)).toBeCloseTo(7, 10);
    expect(extraKomi(4, 4, 81)).toBeCloseTo(28 * (1 - 4 / 16.2), 10);
    expect(extraKomi(2, 16, 81)).toBeGreaterThan(0);
    expect(extraKomi(2, 17, 81)).toBe(0);
    expect(extraKomi(2, 300, 81)).toBe(0);
    // 19x19: 72.2 moves of fade.
    expect(extraKomi(9, 0, 361)).toBe(63);
    expect(extraKomi(9, 73, 361)).toBe(0);
  });

  it('takes other values for the tuning knobs', () => {
    // 3.5 points a stone, gone by move 0.55 * 81 = 44.55.
    const schedule = { perStone: 3.5, fade: 0.55 };
    expect(extraKomi(2, 0, 81, schedule)).toBe(7);
    expect(extraKomi(2, 44.55 / 2, 81, schedule)).toBeCloseTo(3.5, 10);
    expect(extraKomi(2, 44, 81, schedule)).toBeGreaterThan(0);
    expect(extraKomi(2, 45, 81, schedule)).toBe(0);
    expect(extraKomi(2, 0, 81, { perStone: 0, fade: 0.55 })).toBe(0);
  });

  it('gives nothing without a handicap', () => {
    expect(extraKomi(0, 0, 81)).toBe(0);
    expect(extraKomi(1, 0, 81)).toBe(0);
  });
});

describe('what counts as a handicap', () => {
  it('is the Black set-up stones of a two-colour game scored by points', () => {
    const game = handicapGame('area komi=0.5', 3);
    expect(gameHandicap(game)).toBe(3);
    expect(searchExtraKomi(game)).toBe(21);
    expect(game.play(WHITE, 40)).toBe('ok');
    expect(searchExtraKomi(game)).toBeCloseTo(21 * (1 - 1 / 16.2), 10);
    expect(gameHandicap(handicapGame('area', 0))).toBe(0);
  });

  it('is none when White has set-up stones too, or under famine, whose komi is a pass counter', () => {
    const setup = readSetup({ spec: 'grid 9 9' }, 'area');
    if (!setup.ok) throw new Error(setup.error.message);
    const mixed = new Game(setup.value.graph, setup.value.rules);
    expect(mixed.setup([{ vertex: 20, color: BLACK }, { vertex: 60, color: BLACK }, { vertex: 40, color: WHITE }], WHITE)).toBeNull();
    expect(gameHandicap(mixed)).toBe(0);
    expect(gameHandicap(handicapGame('famine', 2))).toBe(0);
  });
});

describe('a search with dynamic komi', () => {
  const rules = 'area suicide=forbidden komi=0.5';

  function whiteSearch(dynamicKomi: boolean): UctBot {
    const bot = new UctBot({ ...DEFAULT_UCT_SETTINGS, playouts: 2000, seed: 'dynkomi', resignThreshold: 0, dynamicKomi });
    bot.genmove(handicapGame(rules, 2), WHITE);
    return bot;
  }

  it("lifts White's root win rate after a 2-stone handicap from well behind to about even", () => {
    // With the real komi of 0.5 White wins about a third of the light playouts whatever it plays; 14 more points
    // (two stones' worth) put the count near even, where the win rates tell moves apart.
    const real = whiteSearch(false).lastSearch!.winrate;
    const dynamic = whiteSearch(true).lastSearch!.winrate;
    expect(real).toBeLessThan(0.4);
    expect(dynamic).toBeGreaterThan(0.45);
    expect(dynamic - real).toBeGreaterThan(0.1);
  });

  it('reports margins against the real komi', () => {
    // The visit-weighted mean margin of White's root moves estimates the same thing with and without dynamic komi
    // (the count at the end of a playout); were the 14 extra points left in, the dynamic search's would be ~14 higher.
    const meanLead = (dynamicKomi: boolean): number => {
      const bot = new UctBot({ ...DEFAULT_UCT_SETTINGS, playouts: null, seed: 'lead', resignThreshold: 0, dynamicKomi });
      expect(bot.begin(handicapGame(rules, 2), WHITE, { ownership: false })).toBe(true);
      while (bot.report().visits < 3000) bot.run(20);
      const moves = bot.report().moves;
      const visits = moves.reduce((sum, m) => sum + m.visits, 0);
      return moves.reduce((sum, m) => sum + m.scoreLead * m.visits, 0) / visits;
    };
    const real = meanLead(false);
    const dynamic = meanLead(true);
    expect(real).toBeLessThan(0);
    expect(Math.abs(dynamic - real)).toBeLessThan(5);
  });
});

describe('the engine', () => {
  /** White's win rate in the engine's search for `genmove w` after the GTP commands set up a 2-stone handicap. */
  function whiteWinrate(commands: readonly string[], dynamicKomi: boolean, knobs: { dynamicKomiPerStone?: number; dynamicKomiFade?: number } = {}): number {
    const engine = testEngine('grid 9 9', 'area suicide=forbidden komi=0.5', {
      bot: 'uct',
      seed: 'engine',
      playouts: 2000,
      resign: 0,
      dynamicKomi,
      ...knobs,
      readFile: () => '(;FF[4]GM[1]SZ[9]KM[0.5]HA[2]AB[cg][gc])',
    });
    for (const command of commands) expect(engine.execute(command)).toMatch(/^=/);
    expect(engine.execute('genmove w')).toMatch(/^= [A-J]\d/);
    // The engine's bot is private; its last search says how the position looked to it.
    return (engine as unknown as { bot: UctBot }).bot.lastSearch!.winrate;
  }

  it('learns the handicap from fixed_handicap and from a loaded SGF, and dynamicKomi: false (--no-dynamic-komi) turns it off', () => {
    for (const commands of [['fixed_handicap 2'], ['loadsgf game.sgf']]) {
      const real = whiteWinrate(commands, false);
      const dynamic = whiteWinrate(commands, true);
      // Two stones at komi 0.5: White is clearly behind (its search ends near 0.4).
      expect(real).toBeLessThan(0.45);
      expect(dynamic - real).toBeGreaterThan(0.1);
    }
  });

  it('takes the tuning knobs: 0 points a stone is the real komi, move for move', () => {
    const real = whiteWinrate(['fixed_handicap 2'], false);
    expect(whiteWinrate(['fixed_handicap 2'], true, { dynamicKomiPerStone: 0 })).toBe(real);
    expect(whiteWinrate(['fixed_handicap 2'], true, { dynamicKomiPerStone: 3.5, dynamicKomiFade: 0.55 })).not.toBe(real);
  });

  it('is off by default', () => {
    expect(DEFAULT_UCT_SETTINGS.dynamicKomi).toBe(false);
    const real = whiteWinrate(['fixed_handicap 2'], false);
    const engine = testEngine('grid 9 9', 'area suicide=forbidden komi=0.5', { bot: 'uct', seed: 'engine', playouts: 2000, resign: 0 });
    expect(engine.execute('fixed_handicap 2')).toMatch(/^=/);
    engine.execute('genmove w');
    expect((engine as unknown as { bot: UctBot }).bot.lastSearch!.winrate).toBe(real);
  });
});
