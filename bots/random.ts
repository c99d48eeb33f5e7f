/**
 * The random player: a uniformly random legal move that does not fill one of its own eyes; when nothing else is
 * left it passes if the rules let it, and otherwise fills an eye rather than lose by famine.
 * "Eye" is the playout's own-eye test (bots/playout.ts).
 */
import type { Game } from '../src/game.js';
import { EMPTY, PASS } from '../src/vocabulary.js';
import { Rng } from '../src/rng.js';
import type { Bot } from './bot.js';
import { isOwnEye } from './playout.js';

export class RandomBot implements Bot {
  readonly name = 'random';
  private readonly rng: Rng;
  private candidates = new Int32Array(0);

  constructor(seed: string | number = 1) {
    this.rng = new Rng(seed);
  }

  genmove(game: Game, color: number): number {
    const position = game.position;
    const count = position.emptyCount;
    if (this.candidates.length < count) this.candidates = new Int32Array(position.n);
    const candidates = this.candidates;
    const empties = position.emptyList;
    for (let i = 0; i < count; i++) candidates[i] = empties[i];
    // Draw without replacement: the first acceptable draw is uniform among the acceptable moves.
    let eyeFill = -1;
    for (let left = count; left > 0; left--) {
      const k = this.rng.int(left);
      const v = candidates[k];
      candidates[k] = candidates[left - 1];
      if (position.color[v] !== EMPTY) continue;
      // The eye test is cheap and needs no trial play; legality (superko) is checked only for what survives it.
      if (isOwnEye(position, v, color)) {
        if (eyeFill < 0 && game.check(color, v) === 'ok') eyeFill = v;
        continue;
      }
      if (game.check(color, v) !== 'ok') continue;
      return v;
    }
    if (game.canPass(color) || eyeFill < 0) return PASS;
    return eyeFill;
  }
}
