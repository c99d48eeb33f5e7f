/**
 * `graphgo play`: a game against the computer in the terminal (what `npm start` runs). The loop is
 * play/terminal-game.ts; this file only reads the options, checks for a terminal and wires readline-sync and stdout.
 */
import { closeSync, openSync } from 'node:fs';
import type { Command } from 'commander';
import readlineSync from 'readline-sync';
import { parseColorChoice } from '../play/colors.js';
import { Match, type MatchSettings } from '../play/match.js';
import { PLAY_DEFAULTS } from '../play/match-request.js';
import { runTerminalGame } from '../play/terminal-game.js';
import {
  addBotOption,
  addGraphOption,
  addRulesOption,
  addSearchLimitOptions,
  addSeedOption,
  readBotFlag,
  readGraphFlags,
  readRulesFlag,
  readSearchLimitFlags,
  type GraphFlags,
  type SearchLimitFlags,
} from './options.js';
import { CliError } from './io.js';
import type { CliIo } from './io.js';

interface PlayOptions extends GraphFlags, SearchLimitFlags {
  rules: string;
  color: string;
  bot: string;
  seed: string;
  ponder: boolean;
}

export function registerPlayCommand(program: Command, io: CliIo): void {
  const play = program.command('play').description('play against the computer in the terminal (what npm start runs)');
  addGraphOption(play, { default: PLAY_DEFAULTS.graph, file: true });
  addRulesOption(play, PLAY_DEFAULTS.rules);
  play.option('--color <colour>', 'your colour: black, white or 1..9', PLAY_DEFAULTS.color);
  addBotOption(play, 'the computer', PLAY_DEFAULTS.bot);
  addSearchLimitOptions(play, 'person');
  addSeedOption(play, "seed of the computer's random choices", PLAY_DEFAULTS.seed);
  play.option('--no-ponder', 'do not think on your time (by default the computer searches on a second thread while you think, up to 20 s a turn)');
  play.action((opts: PlayOptions) => {
    const settings = readPlayOptions(opts);
    // readline-sync reads the terminal itself, through /dev/tty: without one it would fail or wait forever. A
    // terminal on stdin is not enough (a process started with setsid has one but no controlling terminal).
    const missing = !process.stdin.isTTY ? 'stdin is not a TTY' : !hasControllingTerminal() ? 'this process has no controlling terminal (/dev/tty)' : null;
    if (missing !== null) {
      throw new CliError(
        `play needs an interactive terminal, and ${missing} (programs can use graphgo gtp; graphgo web plays in the browser)`,
        2,
      );
    }
    const interactive = process.stdout.isTTY === true;
    const noColor = process.env.NO_COLOR !== undefined && process.env.NO_COLOR !== '';
    const outcome = runTerminalGame(new Match(settings), {
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

function readPlayOptions(opts: PlayOptions): MatchSettings {
  const graph = readGraphFlags(opts, PLAY_DEFAULTS.graph);
  const rules = readRulesFlag(opts.rules);
  const color = parseColorChoice(opts.color, rules.colors);
  if (!color.ok) throw new CliError(color.error);
  const bot = readBotFlag(opts.bot);
  return {
    graph,
    rules,
    human: color.color,
    bot,
    limits: readSearchLimitFlags(opts, 'person'),
    seed: opts.seed,
    backgroundPonder: opts.ponder,
  };
}

/** Whether this process can open its controlling terminal, which readline-sync reads and writes. */
function hasControllingTerminal(): boolean {
  if (process.platform === 'win32') return true;
  try {
    closeSync(openSync('/dev/tty', 'r+'));
    return true;
  } catch {
    return false;
  }
}
