/**
 * The UCT bot's time limits under a clock (bots/uct.ts, bots/time-control.ts): the most a move may take, its extra
 * time for doubt included, never passes `--time` nor what the clock allows; and even the smallest clock budget
 * answers with a move from a search, never an unsearched first vertex. No test here times anything: they check the
 * limits the bot computes and the simulations it ran.
 */
import { describe, expect, it } from 'vitest';
import { SharedTreeUctBot } from '../../bots/shared-tree-uct.js';
import { DEFAULT_UCT_SETTINGS, MIN_SIMULATIONS, UctBot, type UctSettings } from '../../bots/uct.js';
import type { GtpEngine } from '../../protocol/engine.js';
import { parseGraphSpec } from '../../src/families.js';
import { Game } from '../../src/game.js';
import { parseRules } from '../../src/rules.js';
import { testEngine } from '../helpers/engine.js';

function uct(overrides: Partial<UctSettings>): UctBot {
  return new UctBot({ ...DEFAULT_UCT_SETTINGS, seed: 'limits', ...overrides });
}

function newGame(spec: string, rulesText: string): Game {
  const built = parseGraphSpec(spec);
  const rules = parseRules(rulesText);
  if (!built.ok || !rules.ok) throw new Error('bad fixture');
  return new Game(built.value, rules.value);
}

describe('a move\'s hard time limit', () => {
  it('never passes --time, the extra time for doubt included', () => {
    // The audit's case: --time 3 and a clock budget of 2.25 s with as much again for doubt (4.5 s in all).
    const bot = uct({ playouts: null, seconds: 3 });
    bot.setTimeBudget(2.25, 2.25);
    expect(bot.timeLimit()).toBeCloseTo(2.25, 9);
    expect(bot.hardTimeLimit()).toBeLessThanOrEqual(3);
    expect(bot.timeLimit()! + bot.doubtSeconds()).toBeLessThanOrEqual(3 + 1e-9);
    // The doubt extension is kept up to --time.
    expect(bot.doubtSeconds()).toBeCloseTo(0.75, 9);
  });

  it('never passes what the clock allows', () => {
    const bot = uct({ playouts: null, seconds: 10 });
    bot.setTimeBudget(2.25, 1);
    expect(bot.hardTimeLimit()).toBeCloseTo(3.25, 9);
    expect(bot.doubtSeconds()).toBeCloseTo(1, 9);
    // Without --time, the clock's budget and its extra time for doubt.
    const clockOnly = uct({ playouts: 10_000, seconds: null });
    clockOnly.setTimeBudget(2.25, 2.25);
    expect(clockOnly.timeLimit()).toBeCloseTo(2.25, 9);
    expect(clockOnly.hardTimeLimit()).toBeCloseTo(4.5, 9);
    expect(clockOnly.doubtSeconds()).toBeCloseTo(2.25, 9);
  });

  it('adds nothing for doubt when --time is the smaller limit, or without a clock', () => {
    const bot = uct({ playouts: null, seconds: 2 });
    bot.setTimeBudget(2.25, 2.25);
    expect(bot.timeLimit()).toBe(2);
    expect(bot.hardTimeLimit()).toBe(2);
    expect(bot.doubtSeconds()).toBe(0);
    bot.setTimeBudget(null);
    expect(bot.timeLimit()).toBe(2);
    expect(bot.hardTimeLimit()).toBe(2);
    expect(bot.doubtSeconds()).toBe(0);
    const unlimited = uct({ playouts: 100, seconds: null });
    expect(unlimited.hardTimeLimit()).toBeNull();
    expect(unlimited.doubtSeconds()).toBe(0);
  });
});

/** The engine's bot (private), for its last search. */
function botOf(e: GtpEngine): UctBot {
  return (e as unknown as { bot: UctBot }).bot;
}

/** A fresh engine's answer to `genmove b` on an empty 9x9 board after the clock `lines`, with the bot's search. */
function genmoveUnder(...lines: string[]): { answer: string | null; simulations: number } {
  const e = testEngine('grid 9 9', 'area komi=7.5', { bot: 'uct', seed: 'clock' });
  for (const line of lines) expect(e.execute(line)).toBe('= \n\n');
  const answer = e.execute('genmove b');
  return { answer, simulations: botOf(e).lastSearch?.simulations ?? 0 };
}

describe('the smallest clock budget', () => {
  // Each of these leaves the move the least budget there is; a cold first search spends it on setting up.
  const clocks: [string, string[]][] = [
    ['1 s of main time left', ['time_settings 10 0 0', 'time_left b 1 0']],
    ['2 s for 10 stones of byo-yomi', ['kgs-time_settings canadian 100 20 10', 'time_left b 2 10']],
    ['no time at all (time_settings 0 0 0)', ['time_settings 0 0 0']],
  ];
  for (const [name, lines] of clocks) {
    it(`still searches before it answers: ${name}`, () => {
      const { answer, simulations } = genmoveUnder(...lines);
      expect(answer).toMatch(/^= [A-HJ][1-9]\n\n$/);
      expect(simulations).toBeGreaterThanOrEqual(MIN_SIMULATIONS);
    });
  }

  it('still searches on the shared tree (pondering\'s bot), and in a plain search', () => {
    const settings = { ...DEFAULT_UCT_SETTINGS, seed: 'shared', playouts: null, seconds: null };
    const shared = new SharedTreeUctBot(settings, 1);
    try {
      shared.setTimeBudget(0);
      shared.genmove(newGame('grid 9 9', 'area komi=7.5'), 1);
      expect(shared.lastSearch?.simulations).toBeGreaterThanOrEqual(MIN_SIMULATIONS);
    } finally {
      shared.dispose();
    }
    const bot = uct({ playouts: null, seconds: 0 });
    expect(bot.search(newGame('grid 9 9', 'area komi=7.5'), 1, null, 0)).toBeGreaterThanOrEqual(MIN_SIMULATIONS);
  });

  it('answers the priors\' favourite, not the first vertex, when nothing was searched', () => {
    // No simulation at all (a limit of 0 playouts): the move comes from the priors alone. On an empty 9x9 board
    // they rate the first two lines low, so the first vertex (A1) is never their favourite.
    const game = newGame('grid 9 9', 'area komi=7.5');
    const bot = uct({ playouts: 0, seconds: null });
    const move = bot.genmove(game, 1);
    expect(bot.lastSearch?.simulations).toBe(0);
    expect(move).not.toBe(0);
    const [x, y] = [move % 9, Math.floor(move / 9)];
    expect(Math.min(x, y, 8 - x, 8 - y)).toBeGreaterThanOrEqual(2);
  });
});
