/**
 * What an engine is, before it runs: a command line, a built-in bot of ours with its settings, or the `gnugo` or
 * `pachi` alias. The same text form serves `--engine` on the command line and a string entry in a tournament file:
 *
 * - `builtin:uct --playouts 2000`: our engine, `node <repo>/dist/cli/main.js gtp --bot uct --playouts 2000`;
 * - `gnugo` or `gnugo --level 1`: `/usr/games/gnugo --mode gtp --chinese-rules --capture-all-dead --level 10`
 *   (a `--level` given replaces the 10; GNU Go on PATH when /usr/games/gnugo is missing);
 * - `pachi` or `pachi --playouts 2000 --threads 2 --path /opt/pachi/pachi`: `pachi -t =20000
 *   threads=1,pondering=0,pass_all_alive` with the playouts and threads given, started in its program's folder;
 * - anything else: a command line, split as a shell would (quotes, backslashes) and started without a shell;
 * - any of them may start with `NAME=` to name the engine (`strong=builtin:uct --playouts 10000`).
 */
import { existsSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { BOT_NAMES } from '../bots/registry.js';
import { joinCommandLine, splitCommandLine } from './command-line.js';
import { failure, ok, type Result } from '../src/result.js';
import { builtinSeed, seedNumber } from './seeds.js';
import { locateRealProgram } from './program-path.js';

export const GNUGO_PATH = '/usr/games/gnugo';
export const GNUGO_BASE_ARGS = ['--mode', 'gtp', '--chinese-rules', '--capture-all-dead'] as const;
export const GNUGO_DEFAULT_LEVEL = '10';
export const GNUGO_INSTALL_HINT = 'install GNU Go: apt-get install gnugo';

/** Pachi found on PATH when no --path is given. */
export const PACHI_PROGRAM = 'pachi';
export const PACHI_DEFAULT_PLAYOUTS = 20_000;
/** Pachi refuses `-t =N` below this (its GJ_MINGAMES): it would exit at start with "minimum 500 playouts". */
export const PACHI_MIN_PLAYOUTS = 500;
/** Pachi reads the count with strtol into an int. */
export const PACHI_MAX_PLAYOUTS = 2_147_483_647;
export const PACHI_DEFAULT_THREADS = 1;
/** Pachi sets no bound; a count beyond any machine's cores is a typo, better refused here than met by Pachi. */
export const PACHI_MAX_THREADS = 1024;
/**
 * Engine options after the thread count. Pondering off, so that Pachi does not take CPU from the other engine while
 * that one thinks; pass_all_alive, so that it passes only once the dead stones are off the board: the referee
 * scores the position as it stands, with every stone alive.
 */
export const PACHI_ENGINE_OPTIONS = 'pondering=0,pass_all_alive';
export const PACHI_BUILD_HINT =
  'build Pachi without its neural network: git clone https://github.com/pasky/pachi && cd pachi && ' +
  'make -j2 DCNN=0 JOSEKIFIX=0 GENERIC=1; then give "pachi --path /path/to/pachi/pachi" or put pachi on PATH';

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
  /** What to do when the program is not found (the aliases say how to install their engine). */
  readonly missingProgramHint?: string;
  /**
   * Start the engine in the folder of its program's real file (symbolic links followed) and by that file's absolute
   * path, unless `cwd` is given. Pachi reads its data files from the current folder or the folder its argv[0] names;
   * started as a bare name from PATH or through a link it finds neither and exits.
   */
  readonly startInProgramFolder?: boolean;
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
  if (words[0] === 'pachi') return pachiDef(name, words.slice(1));
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
  return { name: name ?? ['gnugo', ...extra].join(' '), command: [program, ...args], startup: [], missingProgramHint: GNUGO_INSTALL_HINT };
}

/**
 * Pachi without its neural network at a fixed number of playouts per move (`-t =N`, so GTP time settings are
 * ignored and its strength does not depend on the machine's speed). `options` are the alias's own: `--playouts N`,
 * `--threads N`, `--path FILE`, each as two words or as `--flag=value`. The name leaves out --path: where the program
 * lives does not change how it plays.
 */
export function pachiDef(name: string | null, options: readonly string[]): EngineParse {
  const values = new Map<string, string>();
  const nameWords: string[] = [];
  for (let i = 0; i < options.length; i++) {
    const word = options[i];
    const flag = PACHI_FLAGS.find((f) => word === f || word.startsWith(`${f}=`));
    if (flag === undefined) {
      return failure('bad-engine', `pachi: unknown option "${word}" (the alias takes ${PACHI_FLAGS.join(', ')}; for other Pachi options give a full command line)`);
    }
    if (values.has(flag)) return failure('bad-engine', `pachi: ${flag} is given twice`);
    let value: string;
    if (word === flag) {
      if (i + 1 >= options.length) return failure('bad-engine', `pachi: ${flag} needs a value`);
      value = options[++i];
    } else {
      value = word.slice(flag.length + 1);
    }
    if (value.length === 0) return failure('bad-engine', `pachi: ${flag} needs a value`);
    values.set(flag, value);
    if (flag !== '--path') nameWords.push(flag, value);
  }
  const playouts = countOption(values.get('--playouts'), PACHI_DEFAULT_PLAYOUTS, PACHI_MIN_PLAYOUTS, PACHI_MAX_PLAYOUTS);
  if (typeof playouts === 'string') {
    return failure('bad-engine', `pachi: --playouts ${playouts} (Pachi plays at least ${PACHI_MIN_PLAYOUTS} playouts a move)`);
  }
  const threads = countOption(values.get('--threads'), PACHI_DEFAULT_THREADS, 1, PACHI_MAX_THREADS);
  if (typeof threads === 'string') return failure('bad-engine', `pachi: --threads ${threads}`);
  const program = values.get('--path') ?? PACHI_PROGRAM;
  return ok({
    name: name ?? ['pachi', ...nameWords].join(' '),
    command: [program, '-t', `=${playouts}`, `threads=${threads},${PACHI_ENGINE_OPTIONS}`],
    startup: [],
    missingProgramHint: PACHI_BUILD_HINT,
    startInProgramFolder: true,
  });
}

const PACHI_FLAGS = ['--playouts', '--threads', '--path'] as const;

/** A whole number from `min` to `max` (`fallback` when not given), or what is wrong with the text. */
function countOption(text: string | undefined, fallback: number, min: number, max: number): number | string {
  if (text === undefined) return fallback;
  const value = /^\d+$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(value)) return `"${text}" is not a whole number`;
  if (value < min || value > max) return `${text} is out of range (${min} to ${max})`;
  return value;
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

/** The `set_random_seed` number of an engine in a game: built-in bots' own `--seed` goes into it (seeds.ts). */
export function gameSeedNumber(def: EngineDef, seedOfEngine: string): number {
  return seedNumber(def.builtin === undefined ? seedOfEngine : builtinSeed(seedOfEngine, takeOwnSeed(def.builtin.options).own));
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

/**
 * The program and folder an external engine is spawned with: as given, or for `startInProgramFolder` the real
 * program file and its folder (see EngineDef). `pathVariable` is the PATH the engine is started with. A program
 * that cannot be found is left as it is, so the spawn fails with ENOENT and the missing-program hint.
 */
export function engineLaunch(def: EngineDef, program: string, pathVariable: string | undefined): { program: string; cwd: string | undefined } {
  if (def.startInProgramFolder !== true) return { program, cwd: def.cwd };
  const real = locateRealProgram(program, def.cwd, pathVariable);
  if (real === null) return { program, cwd: def.cwd };
  return { program: real, cwd: def.cwd ?? dirname(real) };
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
