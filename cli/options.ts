/**
 * The flags several commands share, declared once, and the parsers every command reads its flags with. A command
 * reads each flag here once and hands typed values (Graph, Rules, numbers, limits) down, so nothing below cli/
 * words a bad flag. The parsers throw CliError with the wording every front end shares: src/setup.ts's for boards
 * and rules, src/number-input.ts's for numbers, bots/'s for bots and search limits.
 */
import type { Command } from 'commander';
import { BOT_NAMES, PARALLEL_MODES, readBotName, type ParallelMode } from '../bots/registry.js';
import {
  DEFAULT_PLAYOUTS,
  DEFAULT_SECONDS_CAP,
  DEFAULT_SOLVER_NODES,
  readSearchLimits,
  type SearchLimits,
  type SearchPurpose,
} from '../bots/search-limits.js';
import type { Graph } from '../src/graph.js';
import { readPositiveNumber, readWholeNumber } from '../src/number-input.js';
import type { Result } from '../src/result.js';
import type { Rules } from '../src/rules.js';
import { readGraph, readRules } from '../src/setup.js';
import { CliError, readUserFile } from './io.js';

/** The most search threads a command accepts: a typo guard. */
export const MAX_THREADS = 64;

/** `--parallel`: how UCT threads share the work (bots/registry.ts). */
export function readParallelMode(text: string): ParallelMode {
  const mode = PARALLEL_MODES.find((m) => m === text.toLowerCase());
  if (mode === undefined) throw new CliError(`--parallel must be ${PARALLEL_MODES.join(' or ')}, got "${text}"`);
  return mode;
}

/** The value of a result the user's input produced, or its message as a CliError. */
export function orCliError<T>(result: Result<T>): T {
  if (!result.ok) throw new CliError(result.error.message);
  return result.value;
}

export function wholeNumber(flag: string, text: string, min: number, max?: number): number {
  return orCliError(readWholeNumber(flag, text, min, max));
}

export function positiveInteger(flag: string, text: string, max?: number): number {
  return wholeNumber(flag, text, 1, max);
}

export function positiveNumber(flag: string, text: string, max?: number, unit?: string): number {
  return orCliError(readPositiveNumber(flag, text, max, unit));
}

export function positiveSeconds(flag: string, text: string, max?: number): number {
  return positiveNumber(flag, text, max, 'seconds');
}

/** `--graph SPEC`; with `file`, also `--graph-file F`, and the default goes to readGraphFlags instead of commander. */
export function addGraphOption(command: Command, options: { default?: string; help?: string; file?: boolean } = {}): Command {
  const help = `${options.help ?? 'the board'}, as a set_graph spec`;
  if (!options.file) return command.option('--graph <spec>', help, options.default);
  const shown = options.default === undefined ? '' : ` (default: "${options.default}")`;
  return command
    .option('--graph <spec>', `${help}${shown}`)
    .option('--graph-file <file>', 'the board from a graph file (edges, DIMACS, JSON, govariants)');
}

/** `--graph SPEC`, repeatable: the specs in order, undefined when none is given (the caller knows its defaults). */
export function addGraphListOption(command: Command, help: string): Command {
  return command.option(
    '--graph <spec>',
    `${help}, as a set_graph spec (repeatable)`,
    (spec: string, previous: string[] | undefined) => [...(previous ?? []), spec],
  );
}

export function addRulesOption(command: Command, defaultRules: string, help = 'the rule set'): Command {
  return command.option('--rules <spec>', `${help}, as set_rules takes it (e.g. "area" or "famine komi=0")`, defaultRules);
}

export function addSeedOption(command: Command, help: string, defaultSeed = '1'): Command {
  return command.option('--seed <seed>', help, defaultSeed);
}

export function addBotOption(command: Command, help: string, defaultBot: string): Command {
  return command.option('--bot <name>', `${help}: ${BOT_NAMES.join(', ')}`, defaultBot);
}

/**
 * `--playouts N`, `--time S` and the solver's `--max-nodes N`, for commands that offer every bot; the help states
 * the defaults for whoever waits for the moves (bots/search-limits.ts).
 */
export function addSearchLimitOptions(command: Command, purpose: SearchPurpose): Command {
  return command
    .option(
      '--playouts <n>',
      `playouts per move of the searching bots (default ${DEFAULT_PLAYOUTS}, at most ${DEFAULT_SECONDS_CAP[purpose]} s)`,
    )
    .option('--time <seconds>', 'seconds per move')
    .option('--max-nodes <n>', `the solver's search nodes per move (default ${DEFAULT_SOLVER_NODES})`);
}

export function readGraphSpec(spec: string): Graph {
  return orCliError(readGraph({ spec }));
}

export function readGraphFile(path: string): Graph {
  return orCliError(readGraph({ fileName: path, text: readUserFile(path) }));
}

export interface GraphFlags {
  readonly graph?: string;
  readonly graphFile?: string;
}

/** The board of `--graph SPEC` or `--graph-file F` (not both), else the default spec. */
export function readGraphFlags(opts: GraphFlags, defaultSpec: string): Graph {
  if (opts.graph !== undefined && opts.graphFile !== undefined) throw new CliError('give --graph or --graph-file, not both');
  return opts.graphFile !== undefined ? readGraphFile(opts.graphFile) : readGraphSpec(opts.graph ?? defaultSpec);
}

export function readRulesFlag(text: string): Rules {
  return orCliError(readRules(text));
}

export function readBotFlag(name: string): string {
  return orCliError(readBotName(name));
}

export interface SearchLimitFlags {
  readonly playouts?: string;
  readonly time?: string;
  readonly maxNodes?: string;
}

/** A person's limits are held to the typo guards; an engine's are not (its controller may ask for anything). */
export function readSearchLimitFlags(opts: SearchLimitFlags, purpose: SearchPurpose): SearchLimits {
  const given = { playouts: opts.playouts, seconds: opts.time, maxNodes: opts.maxNodes };
  return orCliError(readSearchLimits(given, { playouts: '--playouts', seconds: '--time', maxNodes: '--max-nodes' }, purpose));
}

/**
 * `GROUP help [command]` (`tournament help`, `bench help`) in place of commander's own, which answers an unknown name
 * with the general help alone and never says what was wrong; this one names it, in the words of `graphgo help NAME`
 * (cli/main.ts).
 */
export function addHelpCommand(group: Command): void {
  group.helpCommand(false);
  group
    .command('help [command]')
    .description('display help for command')
    .action((name: string | undefined) => {
      if (name === undefined) group.help();
      const asked = group.commands.find((c) => c.name() === name || c.aliases().includes(name));
      if (asked === undefined) {
        const known = group.commands.map((c) => c.name()).filter((n) => n !== 'help');
        throw new CliError(`unknown command '${name}' (known: ${known.join(', ')})`);
      }
      asked.help();
    });
}
