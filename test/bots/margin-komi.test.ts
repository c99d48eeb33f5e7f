/**
 * The margin komi (bots/margin-komi.ts): the per-move rules (one point more above the green zone, four less below the
 * orange zone with a ratchet, none for the rest of the game below one half), when it applies, and that a search
 * counts with it: a bot far ahead gives points, never resigns while it does, and its workers count with the same
 * komi.
 */
import { describe, expect, it } from 'vitest';
import { DROP_STEP, GREEN_ZONE, MIN_SIMULATIONS, MarginKomi, ORANGE_ZONE, START_FRACTION } from '../../bots/margin-komi.js';
import { DEFAULT_UCT_SETTINGS, UctBot } from '../../bots/uct.js';
import { Game } from '../../src/game.js';
import { readSetup } from '../../src/setup.js';
import { BLACK, PASS, RESIGN, WHITE } from '../../src/vocabulary.js';

function game9(rules = 'area suicide=forbidden komi=7.5'): Game {
  const setup = readSetup({ spec: 'grid 9 9' }, rules);
  if (!setup.ok) throw new Error(setup.error.message);
  return new Game(setup.value.graph, setup.value.rules);
}

/** Plays `count` moves alternately on the first empty vertices of row `row` onwards (no captures on 9x9). */
function playMoves(game: Game, count: number): void {
  let v = 0;
  for (let i = 0; i < count; i++) {
    const color = game.moveCount % 2 === 0 ? BLACK : WHITE;
    while (game.check(color, v) !== 'ok') v++;
    expect(game.play(color, v)).toBe('ok');
  }
}

describe('the per-move rules', () => {
  it('are the zones of Pachi\'s adaptive phase', () => {
    expect([GREEN_ZONE, ORANGE_ZONE, DROP_STEP, START_FRACTION, MIN_SIMULATIONS]).toEqual([0.85, 0.8, 4, 0.2, 500]);
  });

  it('give nothing before move 0.2 n, then one point a move while the win rate stays above 0.85', () => {
    const game = game9();
    const margin = new MarginKomi();
    // 9x9: the margin starts at move 0.2 * 81 = 16.2, so the 17th move (moveCount 16) still counts without it.
    playMoves(game, 16);
    expect(margin.extraKomi(game, BLACK)).toBe(0);
    margin.noteResult(0.99, 2000);
    expect(margin.points).toBe(0);
    playMoves(game, 2);
    expect(margin.extraKomi(game, BLACK)).toBe(0);
    margin.noteResult(0.9, 2000);
    playMoves(game, 2);
    // Black gives its margin to White: White's komi grows.
    expect(margin.extraKomi(game, BLACK)).toBe(1);
    margin.noteResult(0.86, 2000);
    playMoves(game, 2);
    expect(margin.extraKomi(game, BLACK)).toBe(2);
    // Between the zones it holds; too few simulations or no number move nothing.
    margin.noteResult(0.82, 2000);
    margin.noteResult(0.99, MIN_SIMULATIONS - 1);
    margin.noteResult(Number.NaN, 2000);
    playMoves(game, 2);
    expect(margin.extraKomi(game, BLACK)).toBe(2);
  });

  it('take four points back below 0.8 and never give more than that again (the ratchet)', () => {
    const game = game9();
    const margin = new MarginKomi();
    playMoves(game, 20);
    margin.extraKomi(game, WHITE);
    for (let i = 0; i < 7; i++) margin.noteResult(0.95, 2000);
    playMoves(game, 2);
    // White gives its margin by taking it off its own komi.
    expect(margin.extraKomi(game, WHITE)).toBe(-7);
    margin.noteResult(0.7, 2000);
    expect(margin.points).toBe(3);
    margin.noteResult(0.95, 2000);
    margin.noteResult(0.95, 2000);
    expect(margin.points).toBe(3);
    margin.noteResult(0.75, 2000);
    margin.noteResult(0.75, 2000);
    expect(margin.points).toBe(0);
  });

  it('stop for the rest of the game below one half, and start afresh in a new one', () => {
    const game = game9();
    const margin = new MarginKomi();
    playMoves(game, 20);
    margin.extraKomi(game, BLACK);
    for (let i = 0; i < 5; i++) margin.noteResult(0.95, 2000);
    expect(margin.points).toBe(5);
    margin.noteResult(0.45, 2000);
    expect(margin.points).toBe(0);
    margin.noteResult(0.99, 2000);
    expect(margin.points).toBe(0);
    // Cleared and played again to the same length: a new game, with a margin again.
    game.clear();
    playMoves(game, 20);
    expect(margin.extraKomi(game, BLACK)).toBe(0);
    margin.noteResult(0.95, 2000);
    expect(margin.points).toBe(1);
    // Taken back to before the last search: no margin.
    expect(game.undo()).toBe(true);
    expect(game.undo()).toBe(true);
    expect(margin.extraKomi(game, BLACK)).toBe(0);
    expect(margin.points).toBe(0);
  });

  it('apply to games scored by points only', () => {
    for (const rules of ['famine', 'conway']) {
      const game = game9(rules);
      const margin = new MarginKomi();
      playMoves(game, 20);
      expect(margin.extraKomi(game, BLACK)).toBe(0);
      margin.noteResult(0.99, 2000);
      expect(margin.points).toBe(0);
    }
  });
});

describe('in a search', () => {
  /**
   * Black has living stones on columns A-F (54 points with its twelve eyes), White on H-J (18 with its four); column
   * G is empty: Black leads by 28.5 points and wins every playout. Played as moves (White passing until its stones
   * are due, so that a stone is the last move), so the game is past the margin's start.
   */
  function blackFarAhead(): Game {
    const game = game9('area suicide=forbidden komi=7.5');
    const black: number[] = [];
    const white: number[] = [];
    for (let row = 0; row < 9; row++) {
      for (let column = 0; column < 9; column++) {
        const v = row * 9 + column;
        if (column <= 5 && !(row % 2 === 1 && column % 2 === 0)) black.push(v);
        if (column === 7 || (column === 8 && row % 2 === 0)) white.push(v);
      }
    }
    for (let i = 0; i < black.length; i++) {
      expect(game.play(BLACK, black[i])).toBe('ok');
      const passes = black.length - white.length;
      expect(game.play(WHITE, i < passes ? PASS : white[i - passes])).toBe('ok');
    }
    return game;
  }

  it('gives a point a move far ahead, and counts with it', () => {
    const bot = new UctBot({ ...DEFAULT_UCT_SETTINGS, playouts: 1500, seed: 'margin', marginKomi: true });
    const game = blackFarAhead();
    const margins: number[] = [];
    for (let i = 0; i < 3; i++) {
      const move = bot.genmove(game, BLACK);
      expect(move).toBeGreaterThanOrEqual(0);
      expect(bot.lastSearch!.winrate).toBeGreaterThan(GREEN_ZONE);
      margins.push(bot.marginKomi);
      expect(game.play(BLACK, move)).toBe('ok');
      // White answers in the neutral column (a pass would let Black pass and win at once).
      const reply = Array.from({ length: 9 }, (_, row) => row * 9 + 6).find((v) => game.check(WHITE, v) === 'ok')!;
      expect(game.play(WHITE, reply)).toBe('ok');
    }
    // Every search sees a won game, so Black gives 0, 1, 2 points to White's komi.
    expect(margins).toEqual([0, 1, 2]);
  });

  it('counts a worker thread\'s search with the main thread\'s margin, which its own results do not move', () => {
    const bot = new UctBot({ ...DEFAULT_UCT_SETTINGS, playouts: 600, seed: 'w', marginKomi: true });
    const game = blackFarAhead();
    bot.followMargin(30);
    expect(bot.nextMarginKomi(game, BLACK)).toBe(30);
    bot.search(game, BLACK, 600, null);
    expect(bot.marginKomi).toBe(30);
    bot.noteResult(0.99, 2000);
    // Black, 28.5 points ahead, gives 30: the search now sees a lost game.
    const stats = bot.rootStats();
    const best = stats.visits.indexOf(Math.max(...stats.visits));
    expect(stats.rewards[best] / stats.visits[best]).toBeLessThan(0.5);
    bot.followMargin(null);
    expect(bot.nextMarginKomi(game, BLACK)).toBe(0);
  });

  it('plays without it by default, and resigns as usual', () => {
    const bot = new UctBot({ ...DEFAULT_UCT_SETTINGS, playouts: 600, seed: 'r' });
    const game = blackFarAhead();
    // White is lost: without a margin the usual threshold resigns.
    expect(bot.genmove(game, WHITE)).toBe(RESIGN);
    expect(bot.marginKomi).toBe(0);
  });
});

describe('the switch', () => {
  it('is off unless asked for (`graphgo gtp --margin-komi`)', async () => {
    const { createBot } = await import('../../bots/registry.js');
    for (const [marginKomi, expected] of [[undefined, false], [true, true], [false, false]] as const) {
      const created = createBot('uct', { seed: '1', marginKomi });
      if (!created.ok) throw new Error(created.error.message);
      expect((created.value as UctBot).settings.marginKomi).toBe(expected);
    }
  });
});
