/**
 * The playout evaluation must predict the winner of the real rule set. Area is an exact count; for famine and
 * Conway (the game ends only when a side can neither move nor pass) the prediction from a light playout's end is
 * checked against games continued under the exact rules to their true end by the random player.
 */
import { describe, expect, it } from 'vitest';
import { PlayoutEvaluator } from '../../bots/evaluate.js';
import { LightPlayout } from '../../bots/playout.js';
import { RandomBot } from '../../bots/random.js';
import { parseGraphSpec } from '../../src/families.js';
import { Game, describeScores } from '../../src/game.js';
import { Position } from '../../src/position.js';
import { parseRules } from '../../src/rules.js';
import { Rng } from '../../src/rng.js';

function setup(spec: string, rulesText: string) {
  const built = parseGraphSpec(spec);
  const rules = parseRules(rulesText);
  if (!built.ok || !rules.ok) throw new Error('bad fixture');
  return { graph: built.value, rules: rules.value };
}

/** Plays a light playout into a real game, predicts, then finishes the game with random players. */
function predictionAgreement(spec: string, rulesText: string, games: number): { agree: number; total: number } {
  const { graph, rules } = setup(spec, rulesText);
  let agree = 0;
  let total = 0;
  for (let g = 0; g < games; g++) {
    const position = new Position(graph);
    const playout = new LightPlayout(position);
    playout.run(new Rng(`famine ${g}`), rules.order, 0, -1);
    const game = new Game(graph, rules);
    let replayed = true;
    for (let i = 0; i < playout.playedCount && replayed; i++) {
      replayed = game.play(playout.playedColor[i], playout.playedVertex[i]) === 'ok';
    }
    // A playout may repeat a colouring that positional superko forbids; such games are skipped.
    if (!replayed || game.over) continue;
    const counters = new Float64Array(3);
    const prisoners = new Float64Array(3);
    for (let c = 1; c <= 2; c++) {
      counters[c] = game.counter(c);
      prisoners[c] = game.prisoners(c);
    }
    const reward = new PlayoutEvaluator(graph.n, rules).evaluate(game.position, counters, prisoners, game.toMove);
    const predicted = reward[1] > reward[2] ? 1 : 2;
    const bots = [new RandomBot(`b${g}`), new RandomBot(`w${g}`)];
    while (!game.over && game.moveCount < 5000) {
      const c = game.toMove;
      game.play(c, bots[c - 1].genmove(game, c));
    }
    if (!game.over) continue;
    total++;
    if (game.winner === predicted) agree++;
  }
  return { agree, total };
}

describe('playout evaluation', () => {
  it('area: stones plus single-colour regions, komi to White, as the game counts', () => {
    const { graph, rules } = setup('grid 5 5', 'area');
    const position = new Position(graph);
    new LightPlayout(position).run(new Rng(3), [1, 2], 0, -1);
    const game = new Game(graph, rules);
    game.setup(Array.from(position.color).flatMap((c, v) => (c === 0 ? [] : [{ vertex: v, color: c }])));
    const evaluator = new PlayoutEvaluator(graph.n, rules);
    evaluator.evaluate(position, new Float64Array(3), new Float64Array(3), 1);
    const scores = game.scores();
    expect(evaluator.score[1]).toBe(scores[1]);
    expect(evaluator.score[2]).toBe(scores[2]);
    const winner = describeScores(scores, 2).winner;
    expect(evaluator.reward[winner]).toBe(1);
  });

  it('a score weight gives a larger win a larger reward, shares summing to 1 (two colours)', () => {
    // On a 1x5 path under area: black stones at 1 and 2 own the whole path (5 points), 0 for White.
    const { graph, rules } = setup('grid 5 1', 'area komi=0.5');
    const position = new Position(graph);
    position.play(0, 1, false);
    position.play(1, 1, false);
    const evaluator = new PlayoutEvaluator(graph.n, rules);
    const none = new Float64Array(3);
    evaluator.evaluate(position, none, none, 2);
    expect([evaluator.reward[1], evaluator.reward[2]]).toEqual([1, 0]);
    evaluator.scoreWeight = 0.2;
    evaluator.scoreScale = 3;
    evaluator.evaluate(position, none, none, 2);
    // Margin 5 - 0.5 = 4.5: 0.8 + 0.2 (1 + tanh(1.5)) / 2.
    const black = 0.8 + (0.2 * (1 + Math.tanh(4.5 / 3))) / 2;
    expect(evaluator.reward[1]).toBeCloseTo(black, 12);
    expect(evaluator.reward[2]).toBeCloseTo(1 - black, 12);
    // A White stone takes points away: a smaller win is worth less, still more than any loss.
    position.play(4, 2, false);
    evaluator.evaluate(position, none, none, 1);
    const smaller = evaluator.reward[1];
    expect(smaller).toBeLessThan(black);
    expect(smaller).toBeGreaterThan(0.8);
    expect(evaluator.reward[2]).toBeLessThan(0.2);
  });

  it('famine: the safe-move count predicts the true winner in at least 90% of games (measured 96-100%)', () => {
    for (const spec of ['grid 9 9', 'grid 5 5', 'hex 4']) {
      const { agree, total } = predictionAgreement(spec, 'famine', 120);
      expect(total, spec).toBeGreaterThan(100);
      expect(agree / total, spec).toBeGreaterThanOrEqual(0.9);
    }
  });

  it('conway: the prediction beats a coin clearly (measured 85%)', () => {
    const { agree, total } = predictionAgreement('grid 9 9', 'conway', 120);
    expect(total).toBeGreaterThan(80);
    expect(agree / total).toBeGreaterThanOrEqual(0.75);
  });
});
