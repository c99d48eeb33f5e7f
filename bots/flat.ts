/**
 * Flat Monte Carlo: light playouts spread evenly over the legal moves (own eyes left out while anything else is
 * left), each scored under the real rule set; the move with the best mean reward is played. No tree: the rung
 * between the random player and UCT on the harness's ladder.
 */
import type { Game } from '../src/game.js';
import { PASS, RESIGN } from '../src/vocabulary.js';
import { Rng } from '../src/rng.js';
import type { Bot, SearchInfo } from './bot.js';
import { PlayoutEvaluator } from './evaluate.js';
import { isOwnEye, LightPlayout } from './playout.js';

export interface FlatSettings {
  readonly playouts: number | null;
  readonly seconds: number | null;
  readonly seed: string;
}

export class FlatBot implements Bot {
  readonly name = 'flat';
  private readonly rng: Rng;
  private clockBudget: number | null = null;
  lastSearch: SearchInfo | null = null;

  constructor(private readonly settings: FlatSettings) {
    this.rng = new Rng(settings.seed);
  }

  setTimeBudget(seconds: number | null): void {
    this.clockBudget = seconds;
  }

  genmove(game: Game, color: number): number {
    const start = performance.now();
    const rules = game.rules;
    let moves = game.legalMoves(color).filter((v) => !isOwnEye(game.position, v, color));
    const canPass = game.canPass(color);
    if (moves.length === 0 && !canPass) moves = game.legalMoves(color);
    if (canPass) moves.push(PASS);
    if (moves.length === 0) return RESIGN;
    if (moves.length === 1) return moves[0];

    const playout = LightPlayout.forGraph(game.graph);
    const work = playout.position;
    const evaluator = new PlayoutEvaluator(game.graph.n, rules);
    const counters = new Float64Array(rules.colors + 1);
    const prisoners = new Float64Array(rules.colors + 1);
    const wins = new Float64Array(moves.length);
    const tries = new Float64Array(moves.length);
    const seat = game.seatFor(color);
    const seats = rules.order.length;
    const nextSeat = (seat + 1) % seats;
    const limit = this.settings.seconds ?? this.clockBudget;
    const budget = limit === null ? Infinity : start + limit * 1000;
    const target = this.settings.playouts ?? (limit === null ? 1000 : Infinity);
    let simulations = 0;
    while (simulations < target && (simulations % 16 !== 0 || performance.now() < budget)) {
      const k = simulations % moves.length;
      const move = moves[k];
      work.copyFrom(game.position);
      for (let c = 1; c <= rules.colors; c++) {
        counters[c] = game.counter(c);
        prisoners[c] = game.prisoners(c);
      }
      let ko = -1;
      if (move === PASS) {
        if (rules.passes === 'paid') counters[color] -= 1;
      } else {
        work.play(move, color, true);
        counters[color] += work.captured;
        prisoners[color] += work.captured;
        ko = work.koVertex;
      }
      const result = playout.run(this.rng, rules.order, nextSeat, ko);
      for (let c = 1; c <= rules.colors; c++) {
        counters[c] += playout.captures[c];
        prisoners[c] += playout.captures[c];
      }
      const reward = evaluator.evaluate(work, counters, prisoners, rules.order[result.endSeat]);
      wins[k] += reward[color];
      tries[k]++;
      simulations++;
    }
    let best = 0;
    for (let k = 1; k < moves.length; k++) if (wins[k] / tries[k] > wins[best] / tries[best]) best = k;
    this.lastSearch = {
      move: moves[best],
      simulations,
      seconds: (performance.now() - start) / 1000,
      winrate: tries[best] > 0 ? wins[best] / tries[best] : 0.5,
      nodes: 0,
      bytesPerNode: 0,
    };
    return moves[best];
  }
}
