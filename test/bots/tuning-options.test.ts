/**
 * The search's tuning knobs (`graphgo gtp --exploration C --rave-equivalence N --expand-visits N --prior-visits N
 * --score-weight W`,
 * docs/bots.md
 * "Switches"): they reach the search, and bad values are refused with the flag named. They exist so the harness
 * can measure other values than the defaults without a rebuild.
 */
import { describe, expect, it } from 'vitest';
import { runCli } from '../../cli/main.js';
import type { GtpEngine } from '../../protocol/engine.js';
import { createBot } from '../../bots/registry.js';
import { RAVE_EQUIVALENCE_ELSEWHERE, RAVE_EQUIVALENCE_SQUARE, raveEquivalenceFor, type UctBot } from '../../bots/uct.js';
import { Game } from '../../src/game.js';
import { parseGraphSpec } from '../../src/families.js';
import { parseRules } from '../../src/rules.js';
import { testEngine } from '../helpers/engine.js';
import { PASS } from '../../src/vocabulary.js';

function engine(options: { exploration?: number; raveEquivalence?: number; expandVisits?: number }): GtpEngine {
  return testEngine('grid 5 5', 'area', { bot: 'uct', seed: '3', playouts: 2000, ...options });
}

/** Visits of each root move after one analysis slice, from the lz-analyze report. */
function rootVisits(e: GtpEngine): number[] {
  const answer = e.execute('lz-analyze B 10') ?? '';
  return [...answer.matchAll(/info move \S+ visits (\d+)/g)].map((m) => Number(m[1]));
}

describe('search tuning options', () => {
  it('a larger exploration constant spreads the root visits over more moves', () => {
    const greedy = rootVisits(engine({ exploration: 0 }));
    const curious = rootVisits(engine({ exploration: 5 }));
    const share = (visits: number[]) => Math.max(...visits) / visits.reduce((a, b) => a + b, 0);
    expect(greedy.length).toBeGreaterThan(0);
    expect(share(curious)).toBeLessThan(share(greedy));
  });

  it('prior visits reach the tree: every root child starts with that many virtual visits', () => {
    const graph = parseGraphSpec('grid 5 5');
    const rules = parseRules('area');
    if (!graph.ok || !rules.ok) throw new Error('setup');
    for (const priorVisits of [10, 37]) {
      const bot = createBot('uct', { seed: '4', playouts: 500, priorVisits });
      if (!bot.ok) throw new Error(bot.error.message);
      const uct = bot.value as UctBot;
      uct.genmove(new Game(graph.value, rules.value), 1);
      const stats = uct.rootStats();
      const total = stats.visits.reduce((a, b) => a + b, 0);
      // 25 moves and the pass; each simulation passes through exactly one root child.
      expect(stats.moves.length).toBe(26);
      expect({ priorVisits, total }).toEqual({ priorVisits, total: 500 + 26 * priorVisits });
    }
  });

  it('the learned prior scale reaches the tree: a larger one spreads the root children\'s prior values', () => {
    const graph = parseGraphSpec('grid 5 5');
    const rules = parseRules('area');
    if (!graph.ok || !rules.ok) throw new Error('setup');
    const spread = (learnedPriorScale: number) => {
      // The scale shapes the value form, which lattices use only without Pachi's form.
      const bot = createBot('uct', { seed: '5', playouts: 1, learnedPriorScale, learnedPriorWins: 0 });
      if (!bot.ok) throw new Error(bot.error.message);
      const uct = bot.value as UctBot;
      const game = new Game(graph.value, rules.value);
      for (const [color, v] of [[1, 12], [2, 13], [1, 7]] as const) game.play(color, v);
      uct.genmove(game, 2);
      // Each child's reward sum is 10 virtual visits at its prior value, plus at most 1 from the one simulation.
      const rewards = uct.rootStats().rewards.slice(0, -1);
      return Math.max(...rewards) - Math.min(...rewards);
    };
    // Values 0.5 + 0.4 tanh(S ln r), r within about e^-10 to e^4 of the average: S = 0.02 keeps them within a tenth
    // of 0.5, S = 3 reaches 0.1 and 0.9.
    expect(spread(0.02)).toBeLessThan(2);
    expect(spread(3)).toBeGreaterThan(6);
  });

  it("the learned prior's virtual wins reach the tree: sqrt(p) x W of them, in the children's own statistics", () => {
    const graph = parseGraphSpec('grid 5 5');
    const rules = parseRules('area');
    if (!graph.ok || !rules.ok) throw new Error('setup');
    const rootExtras = (learnedPriorWins: number, spec = 'grid 5 5') => {
      const built = parseGraphSpec(spec);
      if (!built.ok) throw new Error('setup');
      const bot = createBot('uct', { seed: '7', playouts: 1, learnedPriorWins });
      if (!bot.ok) throw new Error(bot.error.message);
      const uct = bot.value as UctBot;
      uct.genmove(new Game(built.value, rules.value), 1);
      const local = (uct as unknown as { local?: unknown }).local ?? uct;
      const { pool, root } = local as { pool: { firstChild: Int32Array; childCount: Int32Array; extraWins: Int32Array; visits: Int32Array; move: Int32Array }; root: number };
      const first = pool.firstChild[root];
      const extras: number[] = [];
      for (let k = 0; k < pool.childCount[root]; k++) extras.push(pool.extraWins[first + k]);
      return { extras, stats: uct.rootStats() };
    };
    // The model's probabilities over the 25 moves sum to 1, so their square roots sum to between 1 and 5: with W =
    // 400, 400 to 2,000 virtual wins in all (each rounded), none for the pass.
    const { extras, stats } = rootExtras(400);
    const total = extras.reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThanOrEqual(400 - 13);
    expect(total).toBeLessThanOrEqual(2000 + 13);
    expect(extras[extras.length - 1]).toBe(0);
    // Moves are chosen and judged on real and prior visits alone: the one simulation and 10 prior visits a child.
    expect(stats.visits.reduce((a, b) => a + b, 0)).toBe(1 + 26 * 10);
    // W = 0 is the value form; graphs without the lattice model keep it whatever W is.
    expect(rootExtras(0).extras.every((x) => x === 0)).toBe(true);
    expect(rootExtras(400, 'hex 3').extras.every((x) => x === 0)).toBe(true);
  });

  it("analysis reports Pachi's form's priors as the model's probabilities, the pass left out", () => {
    const graph = parseGraphSpec('grid 5 5');
    const rules = parseRules('area');
    if (!graph.ok || !rules.ok) throw new Error('setup');
    const priorsOf = (learnedPriorWins: number) => {
      const bot = createBot('uct', { seed: '8', learnedPriorWins, exploration: 5 });
      if (!bot.ok) throw new Error(bot.error.message);
      const uct = bot.value as UctBot;
      expect(uct.begin(new Game(graph.value, rules.value), 1, { ownership: false })).toBe(true);
      // Enough simulations, spread by a large exploration term, that every root move is visited and reported.
      while (uct.report().moves.length < 26 && uct.report().visits < 20_000) uct.run(200);
      return new Map(uct.report().moves.map((m) => [m.move, m.prior]));
    };
    const pachi = priorsOf(210);
    expect(pachi.get(PASS)).toBe(0);
    expect([...pachi.values()].reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
    // The value form gives the pass its 0.3 beside the moves' values (about 0.5 each): a small, non-zero share.
    const values = priorsOf(0);
    expect(values.get(PASS)).toBeGreaterThan(0);
    expect(values.get(PASS)).toBeLessThan(0.05);
  });

  it('the RAVE equivalence is the graph\'s: 300 on square lattices, 3,000 on other graphs; the flag sets it on any', () => {
    const graphOf = (spec: string) => {
      const built = parseGraphSpec(spec);
      if (!built.ok) throw new Error(built.error.message);
      return built.value;
    };
    expect(raveEquivalenceFor(graphOf('grid 9 9'))).toBe(RAVE_EQUIVALENCE_SQUARE);
    expect(raveEquivalenceFor(graphOf('torus 9 9'))).toBe(RAVE_EQUIVALENCE_SQUARE);
    expect(raveEquivalenceFor(graphOf('grid 13 7'))).toBe(RAVE_EQUIVALENCE_SQUARE);
    for (const spec of ['hex 5', 'king 7 7', 'random 100 0.06 3', 'cycle 9', 'edges 4 1-2 2-3 3-4 4-1']) {
      expect({ spec, equivalence: raveEquivalenceFor(graphOf(spec)) }).toEqual({ spec, equivalence: RAVE_EQUIVALENCE_ELSEWHERE });
    }
    expect([RAVE_EQUIVALENCE_SQUARE, RAVE_EQUIVALENCE_ELSEWHERE]).toEqual([300, 3000]);
    const rules = parseRules('area');
    if (!rules.ok) throw new Error('setup');
    const rootVisitsOn = (spec: string, raveEquivalence?: number) => {
      const bot = createBot('uct', { seed: '9', playouts: 600, raveEquivalence });
      if (!bot.ok) throw new Error(bot.error.message);
      const uct = bot.value as UctBot;
      uct.genmove(new Game(graphOf(spec), rules.value), 1);
      return uct.rootStats().visits;
    };
    // The same seed searches the same way exactly when the equivalence is the same.
    expect(rootVisitsOn('hex 3')).toEqual(rootVisitsOn('hex 3', 3000));
    expect(rootVisitsOn('hex 3')).not.toEqual(rootVisitsOn('hex 3', 300));
    expect(rootVisitsOn('grid 5 5')).toEqual(rootVisitsOn('grid 5 5', 300));
    expect(rootVisitsOn('grid 5 5')).not.toEqual(rootVisitsOn('grid 5 5', 3000));
  });

  it('the score weight reaches the playouts: wins by small margins no longer count in full', () => {
    const graph = parseGraphSpec('grid 5 5');
    // Black receives 25.5 points, more than the board: it wins every playout, by 0.5 to 50.5 points.
    const rules = parseRules('area komi=-25.5');
    if (!graph.ok || !rules.ok) throw new Error('setup');
    const blackRate = (scoreWeight: number) => {
      const bot = createBot('uct', { seed: '6', playouts: 300, priors: false, scoreWeight });
      if (!bot.ok) throw new Error(bot.error.message);
      const uct = bot.value as UctBot;
      uct.genmove(new Game(graph.value, rules.value), 1);
      const { visits, rewards } = uct.rootStats();
      return rewards.reduce((a, b) => a + b, 0) / visits.reduce((a, b) => a + b, 0);
    };
    expect(blackRate(0)).toBe(1);
    // Every reward is 0.5 + 0.25 (1 + tanh(margin / 2.5)) with weight 0.5: under 1, over 0.75 since Black wins.
    const weighted = blackRate(0.5);
    expect(weighted).toBeLessThan(1);
    expect(weighted).toBeGreaterThan(0.75);
  });

  it('refuses values out of range, naming the flag', async () => {
    for (const [args, message] of [
      [['--exploration', '-1'], /--exploration must be a number in \[0, 100\], got "-1"/],
      [['--exploration', 'lots'], /--exploration must be a number/],
      [['--rave-equivalence', '0'], /--rave-equivalence/],
      [['--expand-visits', '0'], /--expand-visits/],
      [['--expand-visits', '1.5'], /--expand-visits/],
      [['--prior-visits', '0'], /--prior-visits/],
      [['--prior-visits', '20000'], /--prior-visits/],
      [['--dynamic-komi-stone', '-1'], /--dynamic-komi-stone must be a number in \[0, 100\], got "-1"/],
      [['--dynamic-komi-stone', 'x'], /--dynamic-komi-stone must be a number/],
      [['--dynamic-komi-fade', '0'], /--dynamic-komi-fade/],
      [['--dynamic-komi-fade', '11'], /--dynamic-komi-fade/],
      [['--learned-prior-scale', '0'], /--learned-prior-scale/],
      [['--learned-prior-scale', '101'], /--learned-prior-scale/],
      [['--learned-prior-scale', 'sharp'], /--learned-prior-scale/],
      [['--score-weight', '1.5'], /--score-weight must be a number in \[0, 1\], got "1.5"/],
      [['--score-weight', '-0.1'], /--score-weight must be a number in \[0, 1\]/],
    ] as const) {
      const err: string[] = [];
      const code = await runCli(['gtp', ...args], { writeOut: () => undefined, writeErr: (t: string) => void err.push(t) });
      expect(code, args.join(' ')).not.toBe(0);
      expect(err.join(''), args.join(' ')).toMatch(message);
    }
  });
});
