/**
 * How often a bot finds an optimal move (issue: exact play): positions are reached by random legal moves from the
 * empty board of a small graph, the solver lists every optimal action of each (bots/solver.ts optimalMoves), and the
 * bot's genmove is checked against that list. Positions where every action is optimal say nothing and are counted
 * apart; so are positions the solver cannot decide within its node limit. A uniformly random legal action's chance
 * of being optimal on the same positions is reported next to the bot's rate, as the baseline.
 */
import { createBot } from '../bots/registry.js';
import { optimalMoves } from '../bots/solver.js';
import { Game } from '../src/game.js';
import { PASS } from '../src/vocabulary.js';
import { failure, ok, type Result } from '../src/result.js';
import { Rng } from '../src/rng.js';
import type { GameSetup } from '../src/setup.js';
import { solverProblem } from '../src/solver/solve.js';
import { wilsonInterval } from '../src/wilson-interval.js';
import { graphLabel } from './fixtures.js';

export interface OptimalMovesOptions {
  /** A graph and rules the solver takes (src/solver/solve.ts solverProblem). */
  readonly setup: GameSetup;
  /** Positions to test (informative ones: not every action optimal, decided by the solver). */
  readonly positions: number;
  /** Random moves played from the empty board to reach a position: uniformly 0..maxRandomMoves. */
  readonly maxRandomMoves: number;
  readonly bot: string;
  readonly playouts: number;
  readonly seed: string;
  /** Solver node limit per action. */
  readonly maxNodes: number;
  readonly onPosition?: (done: number) => void;
}

/** The measurement; the caller names the graph and rules it measured on. */
export interface OptimalMovesReport {
  readonly bot: string;
  readonly playouts: number;
  readonly positions: number;
  readonly optimal: number;
  readonly rate: number;
  /** 95% Wilson interval of the rate. */
  readonly interval: [number, number];
  /** Mean over the same positions of (optimal actions / legal actions): a random player's rate. */
  readonly randomRate: number;
  /** Positions skipped because every action was optimal, or the solver could not decide. */
  readonly allOptimal: number;
  readonly undecided: number;
  readonly seconds: number;
}

export type OptimalMovesErrorCode = 'unsolvable' | 'unknown-bot' | 'no-position';

/** Tries per wanted position before giving up (tiny graphs may have few informative positions). */
const TRIES_PER_POSITION = 50;

export function measureOptimalMoves(
  options: OptimalMovesOptions,
  now: () => number = () => performance.now(),
): Result<OptimalMovesReport, OptimalMovesErrorCode> {
  const { graph, rules } = options.setup;
  const problem = solverProblem(graph, rules);
  if (problem !== null) return failure('unsolvable', `the solver cannot take ${graphLabel(graph)} under these rules: ${problem}`);
  const created = createBot(options.bot, { seed: options.seed, playouts: options.playouts, resign: 0 });
  if (!created.ok) return created;
  const bot = created.value;
  const rng = new Rng(`optimal/${options.seed}`);
  const started = now();
  let positions = 0;
  let optimal = 0;
  let randomSum = 0;
  let allOptimal = 0;
  let undecided = 0;
  for (let tries = 0; positions < options.positions && tries < options.positions * TRIES_PER_POSITION; tries++) {
    const game = new Game(graph, rules);
    const randomMoves = rng.int(options.maxRandomMoves + 1);
    for (let i = 0; i < randomMoves && !game.over; i++) {
      const color = game.toMove;
      const actions = legalActions(game, color);
      game.play(color, actions[rng.int(actions.length)]);
    }
    if (game.over) continue;
    const color = game.toMove;
    const actions = legalActions(game, color);
    const best = optimalMoves(game, color, options.maxNodes);
    if (best === null) {
      undecided++;
      continue;
    }
    if (best.moves.length >= actions.length) {
      allOptimal++;
      continue;
    }
    const move = bot.genmove(game, color);
    if (best.moves.includes(move)) optimal++;
    randomSum += best.moves.length / actions.length;
    positions++;
    options.onPosition?.(positions);
  }
  if (positions === 0) return failure('no-position', `no informative position found on ${graphLabel(graph)}`);
  return ok({
    bot: options.bot,
    playouts: options.playouts,
    positions,
    optimal,
    rate: optimal / positions,
    interval: wilsonInterval(optimal / positions, positions),
    randomRate: randomSum / positions,
    allOptimal,
    undecided,
    seconds: (now() - started) / 1000,
  });
}

/** Every legal action of `color`: its legal vertices and, when allowed, the pass. */
function legalActions(game: Game, color: number): number[] {
  const actions = game.legalMoves(color);
  if (game.canPass(color)) actions.push(PASS);
  return actions;
}
