/**
 * What an engine is, before it runs: a command line, a built-in bot of ours with its settings, or the `gnugo`
 * alias. The same text form serves `--engine` on the command line and a string entry in a tournament file:
 *
 * - `builtin:uct --playouts 2000`: our engine, `node <repo>/dist/cli/main.js gtp --bot uct --playouts 2000`;
 * - `gnugo` or `gnugo --level 1`: `/usr/games/gnugo --mode gtp --chinese-rules --capture-all-dead --level 10`
 *   (a `--level` given replaces the 10; GNU Go on PATH when /usr/games/gnugo is missing);
 * - anything else: a command line, split as a shell would (quotes, backslashes) and started without a shell;
 * - any of them may start with `NAME=` to name the engine (`strong=builtin:uct --playouts 10000`).
 */
import { existsSync } from 'node:fs';
import { basename } from 'node:path';
import { BOT_NAMES } from '../bots/registry.js';
import { joinCommandLine, splitCommandLine } from './command-line.js';
import { failure, ok, type Result } from '../src/result.js';
import { builtinSeed } from './seeds.js';

export const GNUGO_PATH = '/usr/games/gnugo';
export const GNUGO_BASE_ARGS = ['--mode', 'gtp', '--chinese-rules', '--capture-all-dead'] as const;
export const GNUGO_DEFAULT_LEVEL = '10';

export interface EngineDef {
  /** Unique within a tournament; used in tables, records and log file names. */
  readonly name: string;
  /** A built-in bot (started through our own CLI) or an external command. */
  readonly builtin?: { readonly bot: string; readonly options: readonly string[] };
  /** The argv of an external engine (the gnugo alias is expanded here). */
  readonly command?: readonly string[];
  readonly cwd?: string;
  readonly env?: Readonly<Record<string, string>>;
  /** GTP commands sent once after every start (gomill's startup_gtp_commands); each must succeed. */
  readonly startup: readonly string[];
  /** True when the user wrote the gnugo alias: a failed start then suggests installing GNU Go. */
  readonly gnugoAlias?: boolean;
}

/** Where our own engine lives, given by the command-line layer (tournaments/ never reads process globals). */
export interface EngineHost {
  /** The node binary. */
  readonly node: string;
  /** dist/cli/main.js of this repository. */
  readonly graphgoMain: string;
}

/** Per-move limits of the tournament, applied to built-in bots that do not set their own. */
export interface SearchLimits {
  readonly playouts: number | null;
  readonly seconds: number | null;
}

export type EngineParse = Result<EngineDef, 'bad-engine' | 'bad-command-line'>;

/** Reads one `--engine` text (see the file comment). The name is derived unless given with `NAME=`. */
export function parseEngineText(text: string): EngineParse {
  let rest = text.trim();
  let name: string | null = null;
  const named = /^([A-Za-z0-9_.+#@-]+)=(?!=)(.*)$/s.exec(rest);
  if (named !== null && !rest.startsWith('-')) {
    name = named[1];
    rest = named[2].trim();
  }
  if (rest.length === 0) return failure('bad-engine', `empty engine "${text}"`);
  if (rest.toLowerCase().startsWith('builtin:')) {
    const split = splitCommandLine(rest.slice('builtin:'.length));
    if (!split.ok) return split;
    const [bot, ...options] = split.value;
    return builtinDef(name, bot ?? '', options);
  }
  const split = splitCommandLine(rest);
  if (!split.ok) return split;
  const words = split.value;
  if (words[0] === 'gnugo') return ok(gnugoDef(name, words.slice(1)));
  return ok({ name: name ?? commandName(words), command: words, startup: [] });
}

export function builtinDef(name: string | null, bot: string, options: readonly string[]): EngineParse {
  const lower = bot.toLowerCase();
  if (!BOT_NAMES.includes(lower)) {
    return failure('bad-engine', `unknown built-in bot "${bot}" (known: ${BOT_NAMES.join(', ')})`);
  }
  for (const o of options) {
    if (o === '--bot' || o.startsWith('--bot=')) return failure('bad-engine', `builtin:${bot}: the bot is chosen by its name, not --bot`);
  }
  return ok({ name: name ?? [lower, ...options].join(' '), builtin: { bot: lower, options: [...options] }, startup: [] });
}

/** GNU Go with the CGOS-style flags; `extra` may replace the level. */
export function gnugoDef(name: string | null, extra: readonly string[]): EngineDef {
  const program = existsSync(GNUGO_PATH) ? GNUGO_PATH : 'gnugo';
  const hasLevel = extra.some((a) => a === '--level' || a.startsWith('--level='));
  const args = [...GNUGO_BASE_ARGS, ...(hasLevel ? [] : ['--level', GNUGO_DEFAULT_LEVEL]), ...extra];
  return { name: name ?? ['gnugo', ...extra].join(' '), command: [program, ...args], startup: [], gnugoAlias: true };
}

function commandName(words: readonly string[]): string {
  return [basename(words[0]), ...words.slice(1)].join(' ');
}

/** Makes names unique: a second `random` becomes `random#2`. */
export function uniqueNames<T extends { name: string }>(defs: readonly T[]): T[] {
  const seen = new Map<string, number>();
  return defs.map((d) => {
    const count = (seen.get(d.name) ?? 0) + 1;
    seen.set(d.name, count);
    if (count === 1) return d;
    let candidate = `${d.name}#${count}`;
    while (defs.some((o) => o.name === candidate)) candidate += "'";
    return { ...d, name: candidate };
  });
}

function hasOption(options: readonly string[], flag: string): boolean {
  return options.some((o) => o === flag || o.startsWith(`${flag}=`));
}

/**
 * Takes a bot's own `--seed X` (or `--seed=X`) out of its options: the options without it, and X (null: none). With
 * it left in, every game the bot plays would start from the same random state.
 */
function takeOwnSeed(options: readonly string[]): { rest: string[]; own: string | null } {
  const rest: string[] = [];
  let own: string | null = null;
  for (let i = 0; i < options.length; i++) {
    const o = options[i];
    if (o === '--seed' && i + 1 < options.length) own = options[++i];
    else if (o.startsWith('--seed=')) own = o.slice('--seed='.length);
    else rest.push(o);
  }
  return { rest, own };
}

/**
 * The program and arguments that start an engine. Built-in bots get the tournament's --playouts / --time unless
 * their own options set one of them, and `--seed` from `engineSeed`, the seed of this engine in the game the process
 * is started for (seeds.ts; after the bot's own `--seed` when it has one).
 */
export function engineArgv(def: EngineDef, host: EngineHost, limits: SearchLimits, engineSeed: string): { program: string; args: string[] } {
  if (def.builtin !== undefined) {
    const { rest: options, own } = takeOwnSeed(def.builtin.options);
    const ownLimit = hasOption(options, '--playouts') || hasOption(options, '--time');
    if (!ownLimit) {
      if (limits.playouts !== null) options.push('--playouts', String(limits.playouts));
      if (limits.seconds !== null) options.push('--time', String(limits.seconds));
    }
    options.push('--seed', builtinSeed(engineSeed, own));
    return { program: host.node, args: [host.graphgoMain, 'gtp', '--bot', def.builtin.bot, ...options] };
  }
  const command = def.command ?? [];
  return { program: command[0], args: command.slice(1) };
}

/** What identifies an engine across runs (for resuming): its definition, not where node lives today. */
export function engineIdentity(def: EngineDef): Record<string, unknown> {
  return {
    name: def.name,
    ...(def.builtin !== undefined ? { builtin: def.builtin.bot, options: def.builtin.options } : { command: def.command }),
    ...(def.cwd !== undefined ? { cwd: def.cwd } : {}),
    ...(def.env !== undefined ? { env: def.env } : {}),
    ...(def.startup.length > 0 ? { startup: def.startup } : {}),
  };
}

/** A human-readable command line of an engine definition. */
export function describeEngine(def: EngineDef): string {
  if (def.builtin !== undefined) return `builtin:${joinCommandLine([def.builtin.bot, ...def.builtin.options])}`;
  return joinCommandLine(def.command ?? []);
}
