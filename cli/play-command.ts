/**
 * `graphgo play`: a game against the computer in the terminal (what `npm start` runs). The loop is
 * play/terminal-game.ts; this file only reads the options, checks for a terminal and wires readline-sync and stdout.
 */
import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import readlineSync from 'readline-sync';
import { BOT_NAMES } from '../bots/registry.js';
import { DEFAULT_PLAY_PLAYOUTS, DEFAULT_PLAY_SECONDS, Match, matchSettings } from '../play/match.js';
import { runTerminalGame } from '../play/terminal-game.js';
import { parseSearchLimits } from './search-limits.js';
import { CliError } from './io.js';
import type { CliIo } from './io.js';

interface PlayOptions {
  graph?: string;
  graphFile?: string;
  rules: string;
  color: string;
  bot: string;
  playouts?: string;
  time?: string;
  seed: string;
}

export function registerPlayCommand(program: Command, io: CliIo): void {
  program
    .command('play')
    .description('play against the computer in the terminal (what npm start runs)')
    .option('--graph <spec>', 'the board, as a set_graph spec (default "grid 9 9")')
    .option('--graph-file <file>', 'the board from a graph file (edges, DIMACS, JSON, govariants)')
    .option('--rules <spec>', 'a rule set, e.g. "area" or "netgo colors=3"', 'famine')
    .option('--color <colour>', 'your colour: black, white or 1..9', 'black')
    .option('--bot <name>', `the computer: ${BOT_NAMES.join(', ')}`, 'uct')
    .option('--playouts <n>', `playouts per move (default ${DEFAULT_PLAY_PLAYOUTS}, at most ${DEFAULT_PLAY_SECONDS} s)`)
    .option('--time <seconds>', 'seconds per move')
    .option('--seed <seed>', 'seed of the computer\'s random choices', '1')
    .action((opts: PlayOptions) => {
      if (opts.graph !== undefined && opts.graphFile !== undefined) throw new CliError('give --graph or --graph-file, not both');
      let graphText: string | undefined;
      if (opts.graphFile !== undefined) {
        try {
          graphText = readFileSync(opts.graphFile, 'utf8');
        } catch (e) {
          throw new CliError(`cannot read ${opts.graphFile}: ${(e as Error).message}`);
        }
      }
      const { playouts, seconds } = parseSearchLimits(opts);
      const settings = matchSettings({
        ...(graphText !== undefined ? { graphText } : { graph: opts.graph ?? 'grid 9 9' }),
        rules: opts.rules,
        color: opts.color,
        bot: opts.bot,
        seed: opts.seed,
        ...(playouts !== undefined ? { playouts } : {}),
        ...(seconds !== undefined ? { seconds } : {}),
      });
      if (!settings.ok) throw new CliError(settings.error);
      // readline-sync reads the terminal itself: without one it would fail or wait forever.
      if (!process.stdin.isTTY) {
        throw new CliError(
          'play needs an interactive terminal, and stdin is not a TTY (programs can use graphgo gtp; ' +
            'graphgo web plays in the browser)',
          2,
        );
      }
      const interactive = process.stdout.isTTY === true;
      const noColor = process.env.NO_COLOR !== undefined && process.env.NO_COLOR !== '';
      const outcome = runTerminalGame(new Match(settings.value), {
        readLine: (prompt) => {
          // readline-sync returns '' on end of input (Ctrl-D) as for an empty line; an empty line just prompts again.
          const line = readlineSync.question(prompt, { keepWhitespace: false });
          return typeof line === 'string' ? line : null;
        },
        write: (text) => io.writeOut(text),
        color: interactive && !noColor,
        clear: interactive,
        columns: process.stdout.columns ?? 80,
      });
      if (outcome.how === 'over') io.writeOut(`result: ${outcome.result}\n`);
    });
}
