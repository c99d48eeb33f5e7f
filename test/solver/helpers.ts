/** Shared helpers of the solver tests. */
import { parseGraphSpec } from '../../src/families.js';
import { Game } from '../../src/game.js';
import type { Graph } from '../../src/graph.js';
import { PASS } from '../../src/vocabulary.js';
import { Rng } from '../../src/rng.js';
import { parseRules } from '../../src/rules.js';
import type { Rules } from '../../src/rules.js';
import { NAIVE_PASS, NaiveGame, naiveBoardOf, naiveRulesOf } from '../perft/naive-go.js';

export function graphOf(spec: string): Graph {
  const r = parseGraphSpec(spec);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

export function rulesOf(text: string): Rules {
  const r = parseRules(text);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/**
 * A game after `plies` random legal actions (stone moves mostly, passes sometimes), replayed on the naive rules as
 * well. Stops early when the game ends. Returns null when it ended.
 */
export function randomGame(
  graph: Graph,
  rules: Rules,
  plies: number,
  seed: number,
): { game: Game; naive: NaiveGame; moves: number[] } | null {
  const rng = new Rng(seed);
  const game = new Game(graph, rules);
  let naive = NaiveGame.start(naiveBoardOf(graph), naiveRulesOf(rules));
  const moves: number[] = [];
  for (let i = 0; i < plies && !game.over; i++) {
    const color = game.toMove;
    const legal: number[] = game.legalMoves(color);
    if (game.canPass(color) && (legal.length === 0 || rng.int(6) === 0)) legal.push(PASS);
    if (legal.length === 0) break;
    const m = legal[rng.int(legal.length)];
    if (game.play(color, m) !== 'ok') throw new Error('random game: illegal move');
    naive = naive.play(m === PASS ? NAIVE_PASS : m);
    moves.push(m);
  }
  return game.over ? null : { game, naive, moves };
}
