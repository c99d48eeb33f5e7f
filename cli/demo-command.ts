/**
 * `graphgo demo`: two random players play one game and every move is printed, then the result: the program at
 * work without any input (`npm start` plays against the computer: `graphgo play`).
 */
import type { Command } from 'commander';
import { RandomBot } from '../bots/random.js';
import { renderBoard } from '../src/diagram.js';
import { Game } from '../src/game.js';
import type { Graph } from '../src/graph.js';
import { PASS } from '../src/vocabulary.js';
import { vertexName } from '../src/notation.js';
import { formatRules, type Rules } from '../src/rules.js';
import { addGraphOption, addRulesOption, addSeedOption, readGraphSpec, readRulesFlag, wholeNumber } from './options.js';

export interface DemoOptions {
  readonly graph: Graph;
  readonly rules: Rules;
  readonly seed: string;
  readonly maxMoves: number;
  readonly boards: boolean;
}

const REASONS = {
  passes: 'every player passed in succession',
  'no-move': 'the player to move could neither move nor pass',
  resign: 'resignation',
} as const;

/** Plays the demo game, writing lines through `write`. */
export function runDemo(options: DemoOptions, write: (line: string) => void): void {
  const { graph, rules } = options;
  const game = new Game(graph, rules);
  const bots = new Map<number, RandomBot>();
  for (let c = 1; c <= rules.colors; c++) bots.set(c, new RandomBot(`${options.seed}/${c}`));
  write(`graph: ${graph.meta.spec ?? `${graph.n} vertices`}  rules: ${formatRules(rules)}  seed: ${options.seed}`);
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
  const counters = Array.from({ length: rules.colors }, (_, i) => `${names[i + 1]} ${game.counter(i + 1)}`);
  write(`counters: ${counters.join(', ')}`);
  if (game.over) {
    write(`result: ${game.result} (${REASONS[game.reason!]}) after ${game.moveCount} moves`);
  } else {
    write(`stopped after ${options.maxMoves} moves without a result (raise --max-moves)`);
  }
}

export function registerDemoCommand(program: Command, write: (line: string) => void): void {
  const demo = program.command('demo').description('watch two random players play one game (no input needed)');
  addGraphOption(demo, { default: 'grid 9 9' });
  addRulesOption(demo, 'famine');
  addSeedOption(demo, 'seed of the random players');
  demo
    .option('--max-moves <n>', 'stop after this many moves', '5000')
    .option('--boards', 'draw the board after every move')
    .action((opts: { graph: string; rules: string; seed: string; maxMoves: string; boards?: boolean }) => {
      runDemo(
        {
          graph: readGraphSpec(opts.graph),
          rules: readRulesFlag(opts.rules),
          seed: opts.seed,
          maxMoves: wholeNumber('--max-moves', opts.maxMoves, 0),
          boards: opts.boards ?? false,
        },
        write,
      );
    });
}
