/**
 * The perfect player: `graphgo gtp --bot solver`. Every genmove solves the game exactly from the current state
 * (history included, so superko is respected) and plays an optimal move: under famine a winning move whenever one
 * exists, under area a move that keeps the optimal score. The transposition table is kept from move to move while
 * the graph and rules stay the same.
 *
 * When the game is too large to solve within the limits (`--max-nodes` per move, `--time` seconds; the defaults
 * are in bots/search-limits.ts), the bot plays the best move of the deepest completed iteration of the search, a
 * heuristic choice (area count at the horizon), and says so in `lastSolve.status === 'unknown'`. Graphs of more than 32 vertices, more
 * than two colours, simple ko or territory scoring are outside the solver: the bot then hands the move to its
 * fallback player (UCT by default). GTP has no channel for such remarks, so none of this is printed.
 */
import type { Game } from '../src/game.js';
import { PASS } from '../src/vocabulary.js';
import type { Rules } from '../src/rules.js';
import type { Graph } from '../src/graph.js';
import { rootFromGame, Solver, solverProblem } from '../src/solver/solve.js';
import type { RootState, SearchOutcome } from '../src/solver/solve.js';
import type { Bot, SearchInfo } from './bot.js';

export interface SolverBotOptions {
  /** Search nodes per move (null: no limit). */
  readonly maxNodes: number | null;
  /** Seconds per move (null: no limit). */
  readonly maxSeconds: number | null;
  /** The player used when the solver cannot take the game. */
  readonly fallback: () => Bot;
}

export class SolverBot implements Bot {
  readonly name = 'solver';
  lastSearch: SearchInfo | null = null;
  /** The last genmove's search (null when the fallback player moved). */
  lastSolve: SearchOutcome | null = null;
  private readonly options: SolverBotOptions;
  private solver: Solver | null = null;
  private solverGraph: Graph | null = null;
  private solverRules: Rules | null = null;
  private fallbackBot: Bot | null = null;
  private budget: number | null = null;

  constructor(options: SolverBotOptions) {
    this.options = options;
  }

  setTimeBudget(seconds: number | null): void {
    this.budget = seconds;
  }

  genmove(game: Game, color: number): number {
    const started = Date.now();
    const problem = solverProblem(game.graph, game.rules);
    if (problem !== null) return this.fallback(game, color);
    const root = rootFromGame(game);
    if (typeof root === 'string') return PASS;
    const state: RootState = { ...root, toMove: color };
    // Out of turn (GTP lets either colour move) under situational superko, the last history item is the other
    // colour's (colouring, to move) pair, not this state's: the table's history test assumes the last item is the
    // current state's, so such a solve goes without a table.
    const outOfTurn = color !== root.toMove && game.rules.ko === 'situational';
    const solver = outOfTurn ? new Solver(game.graph, game.rules, { tt: false }) : this.solverFor(game);
    const seconds = this.budget ?? this.options.maxSeconds;
    solver.setLimits(this.options.maxNodes, seconds);
    const outcome = solver.solve(state);
    this.lastSolve = outcome;
    let move = outcome.best;
    if (move < PASS || game.check(color, move) !== 'ok') move = this.anyLegal(game, color);
    let winrate = 0.5;
    if (outcome.value !== null) {
      const forMover = color === 1 ? outcome.value : -outcome.value;
      const margin = solver.kind === 'score' ? forMover - (color === 2 ? -game.rules.komi : game.rules.komi) : forMover;
      winrate = margin > 0 ? 1 : margin < 0 ? 0 : 0.5;
    }
    this.lastSearch = {
      move,
      simulations: outcome.nodes,
      seconds: (Date.now() - started) / 1000,
      winrate,
      nodes: outcome.nodes,
      bytesPerNode: 0,
    };
    return move;
  }

  private solverFor(game: Game): Solver {
    if (this.solver === null || this.solverGraph !== game.graph || this.solverRules !== game.rules) {
      this.solver = new Solver(game.graph, game.rules);
      this.solverGraph = game.graph;
      this.solverRules = game.rules;
    }
    return this.solver;
  }

  private fallback(game: Game, color: number): number {
    this.lastSolve = null;
    if (this.fallbackBot === null) this.fallbackBot = this.options.fallback();
    const move = this.fallbackBot.genmove(game, color);
    this.lastSearch = this.fallbackBot.lastSearch ?? null;
    return move;
  }

  private anyLegal(game: Game, color: number): number {
    const moves = game.legalMoves(color);
    if (moves.length > 0) return moves[0];
    return PASS;
  }
}

/**
 * The optimal actions for `color` in a game in progress (vertices and PASS), with the optimal value (black's view:
 * area score or +1/-1), or null when the solver cannot decide within `maxNodes` per action. For measuring how
 * often another player finds an optimal move.
 */
export function optimalMoves(
  game: Game,
  color: number,
  maxNodes: number | null = null,
): { value: number; moves: number[] } | null {
  if (solverProblem(game.graph, game.rules) !== null) return null;
  const root = rootFromGame(game);
  if (typeof root === 'string') return null;
  const solver = new Solver(game.graph, game.rules, { maxNodes });
  const values = solver.actionValues({ ...root, toMove: color });
  if (values.some((v) => v.value === null)) return null;
  const sign = color === 1 ? 1 : -1;
  let best = -Infinity;
  for (const v of values) best = Math.max(best, sign * (v.value as number));
  if (values.length === 0) return null;
  return { value: sign * best, moves: values.filter((v) => sign * (v.value as number) === best).map((v) => v.move) };
}
