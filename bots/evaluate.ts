/**
 * Who won a finished playout, under the real rule set (allocation-free, for the search's inner loop).
 *
 * - `area`: stones plus empty regions touching only that colour; White adds komi (and the search's dynamic komi).
 * - `territory`: those regions plus prisoners (from the game and the simulation); White adds komi.
 * - `lastmove` (famine, Conway): the real game ends only when a side can neither move nor pass, long after a light
 *   playout stops. From the playout's end each side can still make "safe" moves: fill points of its own regions
 *   while keeping one point of each (a region it fills completely is an eye it gives up) and pay passes from its
 *   counter. The side that runs out first loses: with Black to move first, Black wins exactly when it has more
 *   safe moves than White. `safe(c) = sum over c's regions of (size - 1) + max(0, ceil(counter(c)))`, since a
 *   counter of 0.5 still buys one pass. A test checks this prediction against games played out to the true end.
 *
 * The result is a reward per colour: 1 to the winner, 0 to the others, shared on a tie.
 */
import { type Position } from '../src/position.js';
import { EMPTY } from '../src/vocabulary.js';
import type { Rules } from '../src/rules.js';
import { EmptyRegions } from './empty-regions.js';

export class PlayoutEvaluator {
  private readonly regions: EmptyRegions;
  /** Per colour: area or territory count, or safe moves, from the last evaluation. */
  readonly score: Float64Array;
  readonly reward: Float64Array;
  /**
   * Points the search adds to White's komi (bots/dynamic-komi.ts), counted in `score` like komi; the caller sets it
   * per search. Never part of a real score.
   */
  extraKomi = 0;
  /**
   * With two colours, the share of the reward that follows the margin instead of the result (0: win or loss only):
   * reward = (1 - w) result + w (1 + tanh(margin / scoreScale)) / 2, so among wins a larger one is worth a little more.
   */
  scoreWeight = 0;
  /** The margin, in points, at which the score part has gone three quarters of the way from even to its end. */
  scoreScale = 1;

  constructor(
    n: number,
    private readonly rules: Rules,
  ) {
    this.regions = new EmptyRegions(n);
    this.score = new Float64Array(rules.colors + 1);
    this.reward = new Float64Array(rules.colors + 1);
  }

  /**
   * Fills `score` and `reward`. `counters` and `prisoners` are per colour at the playout's end (game values plus
   * what the simulation changed); `firstToMove` is the colour to move at the playout's end under lastmove rules.
   */
  evaluate(position: Position, counters: Float64Array, prisoners: Float64Array, firstToMove: number): Float64Array {
    const rules = this.rules;
    const colors = rules.colors;
    const score = this.score;
    score.fill(0);
    const mode = rules.scoring;
    const regions = this.regions;
    regions.begin();
    const color = position.color;
    const n = position.n;
    for (let v = 0; v < n; v++) {
      const c = color[v];
      if (c !== EMPTY) {
        if (mode === 'area') score[c]++;
        continue;
      }
      if (!regions.walk(position, v)) continue;
      const owner = regions.owner();
      if (owner === EMPTY) continue;
      score[owner] += mode === 'lastmove' ? regions.size - 1 : regions.size;
    }
    if (mode === 'territory') {
      for (let c = 1; c <= colors; c++) score[c] += prisoners[c];
    }
    if (mode === 'lastmove') {
      // Counters buy passes where passes are paid (famine). Conway's game has no passes, but the stones a side
      // captured still predict the room it will have to move in (measured: 85% agreement against 75% without).
      for (let c = 1; c <= colors; c++) {
        score[c] += rules.passes === 'paid' ? Math.max(0, Math.ceil(counters[c])) : prisoners[c];
      }
      // The side to move runs out first on equal counts.
      const other = firstToMove === 1 ? 2 : 1;
      score[other] += 0.5;
    } else {
      score[2] += rules.komi + this.extraKomi;
    }
    return this.rewardsFromScores();
  }

  private rewardsFromScores(): Float64Array {
    const colors = this.rules.colors;
    const score = this.score;
    const reward = this.reward;
    let best = -Infinity;
    for (let c = 1; c <= colors; c++) if (score[c] > best) best = score[c];
    let winners = 0;
    for (let c = 1; c <= colors; c++) if (score[c] === best) winners++;
    for (let c = 1; c <= colors; c++) reward[c] = score[c] === best ? 1 / winners : 0;
    const w = this.scoreWeight;
    if (w > 0 && colors === 2) {
      const black = (1 - w) * reward[1] + (w * (1 + Math.tanh((score[1] - score[2]) / this.scoreScale))) / 2;
      reward[1] = black;
      reward[2] = 1 - black;
    }
    return reward;
  }
}
