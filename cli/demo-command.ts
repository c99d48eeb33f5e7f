/**
 * `graphgo demo`: two random players play one game and every move is printed, then the result: the program at
 * work without any input (`npm start` plays against the computer: `graphgo play`).
 */
import type { Command } from 'commander';
import { RandomBot } from '../bots/random.js';
import { renderBoard } from '../src/diagram.js';
import { parseGraphSpec } from '../src/families.js';
import { Game } from '../src/game.js';
import { PASS } from '../src/move.js';
import { vertexName } from '../src/notation.js';
import { formatRules, parseRules } from '../src/rules.js';
import { CliError } from './io.js';

export interface DemoOptions {
  readonly graph: string;
  readonly rules: string;
  readonly seed: string;
  readonly maxMoves: number;
  readonly boards: boolean;
}

const REASONS = {
  passes: 'every player passed in succession',
  'no-move': 'the player to move could neither move nor pass',
  resign: 'resignation',
} as const;

/** Plays the demo game, writing lines through `write`. Throws CliError on bad options. */
export function runDemo(options: DemoOptions, write: (line: string) => void): void {
  const built = parseGraphSpec(options.graph);
  if (!built.ok) throw new CliError(`invalid graph: ${built.error.message}`);
  const parsed = parseRules(options.rules);
  if (!parsed.ok) throw new CliError(`invalid rules: ${parsed.error}`);
  const graph = built.graph;
  const game = new Game(graph, parsed.rules);
  const bots = new Map<number, RandomBot>();
  for (let c = 1; c <= parsed.rules.colors; c++) bots.set(c, new RandomBot(`${options.seed}/${c}`));
  write(`graph: ${graph.meta.spec ?? `${graph.n} vertices`}  rules: ${formatRules(parsed.rules)}  seed: ${options.seed}`);
  const names = ['', 'Black', 'White', '3', '4', '5', '6', '7', '8', '9'];
  while (!game.over && game.moveCount < options.maxMoves) {
    const color = game.toMove;
    const move = bots.get(color)!.genmove(game, color);
    const status = game.play(color, move);
    if (status !== 'ok') throw new Error(`random bot chose an illegal move (${status})`);
    const text = move === PASS ? 'pass' : vertexName(graph, move);
    const captures = move === PASS ? '' : game.position.captured > 0 ? `  captures ${game.position.captured}` : '';
    write(`${String(game.moveCount).padStart(4)}. ${names[color].padEnd(5)} ${text}${captures}`);
    if (options.boards) for (const line of renderBoard(graph, game.position.color, { lastMove: move })) write(line);
  }
  for (const line of renderBoard(graph, game.position.color, { lastMove: game.lastMove?.vertex })) write(line);
  const counters = Array.from({ length: parsed.rules.colors }, (_, i) => `${names[i + 1]} ${game.counter(i + 1)}`);
  write(`counters: ${counters.join(', ')}`);
  if (game.over) {
    write(`result: ${game.result} (${REASONS[game.reason!]}) after ${game.moveCount} moves`);
  } else {
    write(`stopped after ${options.maxMoves} moves without a result (raise --max-moves)`);
  }
}

export function registerDemoCommand(program: Command, write: (line: string) => void): void {
  program
    .command('demo')
    .description('watch two random players play one game (no input needed)')
    .option('--graph <spec>', 'the board, as a set_graph spec', 'grid 9 9')
    .option('--rules <spec>', 'a rule set, e.g. "area" or "famine komi=0"', 'famine')
    .option('--seed <seed>', 'seed of the random players', '1')
    .option('--max-moves <n>', 'stop after this many moves', '5000')
    .option('--boards', 'draw the board after every move')
    .action((opts: { graph: string; rules: string; seed: string; maxMoves: string; boards?: boolean }) => {
      const maxMoves = Number(opts.maxMoves);
      if (!Number.isInteger(maxMoves) || maxMoves < 0) throw new CliError(`--max-moves must be a whole number, got "${opts.maxMoves}"`);
      runDemo({ graph: opts.graph, rules: opts.rules, seed: opts.seed, maxMoves, boards: opts.boards ?? false }, write);
    });
}
