/**
 * The tournament file (JSON) and its validation. `graphgo tournament match` builds the same raw object from its
 * flags and goes through the same validation, so a match and a file behave alike.
 *
 * ```json
 * {
 *   "name": "uct vs gnugo",
 *   "engines": ["builtin:uct --playouts 2000", { "name": "gnugo", "command": "gnugo --level 10" }],
 *   "schedule": "round-robin",
 *   "graphs": ["grid 9 9", { "file": "boards/petersen.json" }],
 *   "rules": ["area suicide=forbidden", { "rules": "netgo order=1,2,2,1", "seats": "ACBC" }],
 *   "games": 100, "playouts": 1000, "concurrency": 2, "seed": "1", "out": "runs/demo", "handicap": 2
 * }
 * ```
 * Every error names the field it is about (`engines[1].comand: unknown key (did you mean "command"?)`), and all
 * errors are reported at once.
 */
import { createHash } from 'node:crypto';
import { basename, dirname, extname, isAbsolute, join, resolve } from 'node:path';
import type { Graph } from '../src/graph.js';
import { formatEdgesLine } from '../src/graph-formats.js';
import { failure, ok, type Failed, type Result } from '../src/result.js';
import { formatRules, type Rules } from '../src/rules.js';
import { readGraph, readRules as readRulesText } from '../src/setup.js';
import { readBoundedText } from './bounded-read.js';
import { builtinDef, engineIdentity, parseEngineText, uniqueNames, type EngineDef } from './engine-spec.js';
import { MIN_HANDICAP, handicapPlacement, handicapRulesProblem, handicapSetupProblem } from './handicap.js';
import { sprtProblem, type SprtSettings } from './stats.js';

export interface GraphEntry {
  /** How tables and records name it: the spec as written, or the file's name. */
  readonly label: string;
  readonly graph: Graph;
  /** The `set_graph` argument: the family spec, or the graph as an `edges` line (files). */
  readonly setGraph: string;
  /** The side of a square `grid N N` (what boardsize-only engines can play), else null. */
  readonly squareSide: number | null;
  readonly file?: string;
}

export interface RulesEntry {
  /** The rules as the user wrote them. */
  readonly label: string;
  readonly rules: Rules;
  /** formatRules(rules): what `set_rules` gets. */
  readonly text: string;
  /** The role (player slot 0..roles-1) sitting at each seat of rules.order. */
  readonly seats: readonly number[];
  readonly roles: number;
  /** The seats as letters, `AB` or `ACBC`. */
  readonly seatLetters: string;
}

export type Schedule = { readonly type: 'round-robin' } | { readonly type: 'gauntlet'; readonly challenger: string };

export interface Tournament {
  readonly name: string;
  readonly engines: readonly EngineDef[];
  readonly schedule: Schedule;
  readonly graphs: readonly GraphEntry[];
  readonly rules: readonly RulesEntry[];
  /** Games per group of engines, per graph, per rule set. */
  readonly games: number;
  readonly playouts: number | null;
  readonly seconds: number | null;
  readonly concurrency: number;
  readonly seed: string;
  /** The output folder (absolute). */
  readonly out: string;
  readonly moveTimeoutMs: number;
  readonly commandTimeoutMs: number;
  readonly startupTimeoutMs: number;
  /** Moves and passes after which a game is stopped and counted as it stands. */
  readonly moveLimit: number | null;
  readonly sprt: SprtSettings | null;
  /** Black's handicap stones in every game (tournaments/handicap.ts), or null for even games. */
  readonly handicap: number | null;
}

export type TournamentResult = Result<Tournament, 'invalid-tournament'>;
/** A tournament file that cannot be read at all is no invalid tournament: the caller says so as for any other file. */
export type TournamentFileResult = Result<Tournament, 'invalid-tournament' | 'unreadable'>;

/** Every problem of a tournament description at once, so a user fixes the file in one pass. */
function invalidTournament(errors: readonly string[]): Failed<'invalid-tournament'> {
  return failure('invalid-tournament', errors.join('\n'), errors);
}

export const DEFAULT_GAMES = 100;
export const DEFAULT_SEED = '1';
export const DEFAULT_COMMAND_TIMEOUT_S = 30;
export const DEFAULT_STARTUP_TIMEOUT_S = 30;
/** Watchdog on genmove under fixed playouts (or levels): long enough for any sane search, short enough to notice. */
export const DEFAULT_MOVE_TIMEOUT_S = 120;
export const MAX_CONCURRENCY = 256;

const TOP_KEYS = [
  'name',
  'description',
  'engines',
  'schedule',
  'challenger',
  'graphs',
  'rules',
  'games',
  'playouts',
  'seconds',
  'concurrency',
  'seed',
  'out',
  'moveTimeout',
  'commandTimeout',
  'startupTimeout',
  'moveLimit',
  'sprt',
  'handicap',
] as const;
const ENGINE_KEYS = ['name', 'command', 'builtin', 'options', 'cwd', 'env', 'startup'] as const;
const GRAPH_KEYS = ['spec', 'file', 'name'] as const;
const RULES_KEYS = ['rules', 'seats'] as const;
const SPRT_KEYS = ['elo0', 'elo1', 'alpha', 'beta'] as const;

export interface ValidateOptions {
  /** Relative paths (graph files, out, engine cwd) are taken from here. */
  readonly baseDir: string;
  /** The output folder when the object names none (given the tournament's identity hash). */
  readonly defaultOut: (identityHash: string) => string;
}

/** Reads a tournament file: JSON, validated; relative paths are relative to the file's folder. */
export function loadTournamentFile(path: string): TournamentFileResult {
  let text: string;
  try {
    text = readBoundedText(path);
  } catch (e) {
    return failure('unreadable', (e as Error).message);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    return invalidTournament([`${path} is not valid JSON: ${(e as Error).message}`]);
  }
  const dir = dirname(resolve(path));
  const stem = basename(path, extname(path));
  return validateTournament(raw, { baseDir: dir, defaultOut: () => join(dir, `${stem}-results`) });
}

/** Validates a raw tournament object (parsed JSON, or built from command-line flags). */
export function validateTournament(raw: unknown, options: ValidateOptions): TournamentResult {
  const errors: string[] = [];
  if (!isPlainObject(raw)) return invalidTournament(['a tournament must be a JSON object']);
  checkKeys(raw, TOP_KEYS, '', errors);

  const name = optionalString(raw, 'name', '', errors) ?? 'tournament';
  const engines = readEngines(raw.engines, options.baseDir, errors);
  const graphs = readGraphs(raw.graphs, options.baseDir, errors);
  const rules = readRules(raw.rules, errors);

  let schedule: Schedule = { type: 'round-robin' };
  const scheduleRaw = raw.schedule;
  if (scheduleRaw !== undefined && scheduleRaw !== 'round-robin' && scheduleRaw !== 'gauntlet') {
    errors.push(`schedule: must be "round-robin" or "gauntlet", got ${JSON.stringify(scheduleRaw)}`);
  }
  const challenger = optionalString(raw, 'challenger', '', errors);
  if (scheduleRaw === 'gauntlet') {
    const who = challenger ?? engines[0]?.name;
    if (who !== undefined && !engines.some((e) => e.name === who)) {
      errors.push(`challenger: no engine is named "${who}" (engines: ${engines.map((e) => e.name).join(', ')})`);
    }
    if (who !== undefined) schedule = { type: 'gauntlet', challenger: who };
  } else if (challenger !== undefined) {
    errors.push('challenger: only a "gauntlet" schedule has a challenger');
  }

  const games = integerField(raw, 'games', 1, 10_000_000, errors) ?? DEFAULT_GAMES;
  const playouts = integerField(raw, 'playouts', 1, 1e12, errors);
  const seconds = numberField(raw, 'seconds', errors);
  const concurrency = integerField(raw, 'concurrency', 1, MAX_CONCURRENCY, errors) ?? 1;
  let seed = DEFAULT_SEED;
  if (raw.seed !== undefined) {
    if (typeof raw.seed === 'string' && raw.seed.trim().length > 0) seed = raw.seed.trim();
    else if (typeof raw.seed === 'number' && Number.isFinite(raw.seed)) seed = String(raw.seed);
    else errors.push(`seed: must be a string or a number, got ${shownValue(raw.seed)}`);
  }
  const moveTimeout = numberField(raw, 'moveTimeout', errors);
  const commandTimeout = numberField(raw, 'commandTimeout', errors) ?? DEFAULT_COMMAND_TIMEOUT_S;
  const startupTimeout = numberField(raw, 'startupTimeout', errors) ?? DEFAULT_STARTUP_TIMEOUT_S;
  const moveLimit = integerField(raw, 'moveLimit', 1, 1e9, errors);
  const sprt = readSprt(raw.sprt, errors);
  const handicap = readHandicap(raw.handicap, errors);

  // Cross-field checks.
  for (const r of rules) {
    if (engines.length > 1 && r.roles > engines.length) {
      errors.push(
        `rules "${r.label}": its seats ${r.seatLetters} need ${r.roles} different engines, but the tournament has ${engines.length}`,
      );
    }
  }
  // Only when one engine was given: a second that was refused has its own message already.
  if (Array.isArray(raw.engines) && raw.engines.length < 2) {
    errors.push('engines: a tournament needs at least two engines');
  }
  if (sprt !== null) {
    if (engines.length !== 2) errors.push(`sprt: an SPRT compares exactly two engines, not ${engines.length}`);
    for (const r of rules) {
      if (r.roles !== 2) errors.push(`sprt: rules "${r.label}" have ${r.roles} players; an SPRT needs two-player games`);
    }
  }
  if (handicap !== null) checkHandicap(handicap, graphs, rules, errors);
  if (errors.length > 0) return invalidTournament(errors);

  const tournamentWithoutOut = {
    name,
    engines,
    schedule,
    graphs,
    rules,
    games,
    playouts,
    seconds,
    concurrency,
    seed,
    out: '',
    moveTimeoutMs: 1000 * (moveTimeout ?? (seconds !== null ? Math.max(10, 3 * seconds + 5) : DEFAULT_MOVE_TIMEOUT_S)),
    commandTimeoutMs: 1000 * commandTimeout,
    startupTimeoutMs: 1000 * startupTimeout,
    moveLimit,
    sprt,
    handicap,
  };
  let out: string;
  if (raw.out === undefined) {
    out = options.defaultOut(identityHash(tournamentWithoutOut));
  } else if (typeof raw.out === 'string' && raw.out.trim().length > 0) {
    out = raw.out;
  } else {
    return invalidTournament([`out: must be a folder name, got ${JSON.stringify(raw.out)}`]);
  }
  return ok({ ...tournamentWithoutOut, out: resolve(options.baseDir, out) });
}

/** The move limit of a game on this graph: the configured one, else max(500, 10 n). */
export function moveLimitFor(t: Pick<Tournament, 'moveLimit'>, graph: Graph): number {
  return t.moveLimit ?? Math.max(500, 10 * graph.n);
}

/**
 * What must not change between a run and its resumption: the engines, the schedule, the graphs, the rules, the
 * search limits, the seed, the move limit and the handicap. `games` may grow (later games are appended), and concurrency,
 * timeouts and the SPRT may change.
 */
export function tournamentIdentity(t: Omit<Tournament, 'out'>): Record<string, unknown> {
  return {
    engines: t.engines.map(engineIdentity),
    schedule: t.schedule,
    graphs: t.graphs.map((g) => ({ label: g.label, graph: sha256(g.setGraph) })),
    rules: t.rules.map((r) => ({ rules: r.text, seats: r.seatLetters })),
    playouts: t.playouts,
    seconds: t.seconds,
    seed: t.seed,
    moveLimit: t.moveLimit,
    // Only when given, so that the runs of even games made before handicaps existed keep their identity.
    ...(t.handicap !== null ? { handicap: t.handicap } : {}),
  };
}

export function identityHash(t: Omit<Tournament, 'out'>): string {
  return sha256(JSON.stringify(tournamentIdentity(t))).slice(0, 8);
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

// ---------------------------------------------------------------------------------------------------------------
// Fields

function readEngines(value: unknown, baseDir: string, errors: string[]): EngineDef[] {
  if (value === undefined) {
    errors.push('engines: missing (a list of engines: "builtin:uct", "gnugo", a command line, or objects)');
    return [];
  }
  if (!Array.isArray(value)) {
    errors.push('engines: must be a list');
    return [];
  }
  const defs: EngineDef[] = [];
  const explicit = new Set<string>();
  value.forEach((entry, i) => {
    const path = `engines[${i}]`;
    if (typeof entry === 'string') {
      const parsed = parseEngineText(entry);
      if (!parsed.ok) errors.push(`${path}: ${parsed.error.message}`);
      else defs.push(parsed.value);
      return;
    }
    if (!isPlainObject(entry)) {
      errors.push(`${path}: must be a string or an object`);
      return;
    }
    checkKeys(entry, ENGINE_KEYS, `${path}.`, errors);
    const name = optionalString(entry, 'name', `${path}.`, errors);
    if (name !== undefined) {
      if (!/^[^\s/\\][^/\\]*$/.test(name)) errors.push(`${path}.name: "${name}" must not be empty, start with a space or hold a slash`);
      if (explicit.has(name)) errors.push(`${path}.name: "${name}" is used twice`);
      explicit.add(name);
    }
    let def: EngineDef | null = null;
    const options = entry.options;
    if (entry.builtin !== undefined && entry.command !== undefined) {
      errors.push(`${path}: give either "builtin" or "command", not both`);
      return;
    }
    if (typeof entry.builtin === 'string') {
      let opts: string[] = [];
      if (typeof options === 'string') opts = options.split(/\s+/).filter((w) => w.length > 0);
      else if (isStringArray(options)) opts = [...options];
      else if (options !== undefined) errors.push(`${path}.options: must be a string or a list of strings`);
      const parsed = builtinDef(name ?? null, entry.builtin, opts);
      if (!parsed.ok) errors.push(`${path}.builtin: ${parsed.error.message}`);
      else def = parsed.value;
    } else if (entry.builtin !== undefined) {
      errors.push(`${path}.builtin: must be a bot name (uct, flat, random)`);
    } else if (typeof entry.command === 'string') {
      if (options !== undefined) errors.push(`${path}.options: only for "builtin" engines (put arguments in "command")`);
      const parsed = parseEngineText(entry.command);
      if (!parsed.ok) errors.push(`${path}.command: ${parsed.error.message}`);
      else def = { ...parsed.value, ...(name !== undefined ? { name } : {}) };
    } else if (isStringArray(entry.command) && entry.command.length > 0) {
      if (options !== undefined) errors.push(`${path}.options: only for "builtin" engines (put arguments in "command")`);
      def = { name: name ?? basename(entry.command[0]), command: [...entry.command], startup: [] };
    } else if (entry.command !== undefined) {
      errors.push(`${path}.command: must be a command line or a non-empty list of words`);
    } else {
      errors.push(`${path}: needs "command" (a command line) or "builtin" (a bot name)`);
    }
    if (def === null) return;
    let cwd: string | undefined;
    if (entry.cwd !== undefined) {
      if (typeof entry.cwd === 'string' && entry.cwd.length > 0) cwd = isAbsolute(entry.cwd) ? entry.cwd : resolve(baseDir, entry.cwd);
      else errors.push(`${path}.cwd: must be a folder name`);
    }
    let env: Record<string, string> | undefined;
    if (entry.env !== undefined) {
      if (isPlainObject(entry.env) && Object.values(entry.env).every((v) => typeof v === 'string')) env = entry.env as Record<string, string>;
      else errors.push(`${path}.env: must be an object of strings`);
    }
    let startup: string[] = [];
    if (entry.startup !== undefined) {
      if (isStringArray(entry.startup)) startup = [...entry.startup];
      else errors.push(`${path}.startup: must be a list of GTP commands`);
    }
    defs.push({ ...def, ...(cwd !== undefined ? { cwd } : {}), ...(env !== undefined ? { env } : {}), startup });
  });
  const unique = uniqueNames(defs);
  const names = new Set<string>();
  for (const d of unique) {
    if (names.has(d.name)) errors.push(`engines: the name "${d.name}" is used twice`);
    names.add(d.name);
  }
  return unique;
}

function readGraphs(value: unknown, baseDir: string, errors: string[]): GraphEntry[] {
  if (value === undefined) {
    errors.push('graphs: missing (a list of graph specs such as "grid 9 9", or {"file": "board.json"})');
    return [];
  }
  const list = typeof value === 'string' ? [value] : value;
  if (!Array.isArray(list) || list.length === 0) {
    errors.push('graphs: must be a non-empty list');
    return [];
  }
  const out: GraphEntry[] = [];
  list.forEach((entry, i) => {
    const path = `graphs[${i}]`;
    let spec: string | undefined;
    let file: string | undefined;
    let label: string | undefined;
    if (typeof entry === 'string') spec = entry;
    else if (isPlainObject(entry)) {
      checkKeys(entry, GRAPH_KEYS, `${path}.`, errors);
      spec = optionalString(entry, 'spec', `${path}.`, errors);
      file = optionalString(entry, 'file', `${path}.`, errors);
      label = optionalString(entry, 'name', `${path}.`, errors);
      if ((spec === undefined) === (file === undefined)) {
        errors.push(`${path}: give either "spec" or "file"`);
        return;
      }
    } else {
      errors.push(`${path}: must be a graph spec or an object`);
      return;
    }
    if (spec !== undefined) {
      const built = readGraph({ spec });
      if (!built.ok) {
        errors.push(`${path}: ${built.error.message}`);
        return;
      }
      const setGraph = built.value.meta.spec ?? formatEdgesLine(built.value);
      out.push({ label: label ?? spec.trim().replace(/\s+/g, ' '), graph: built.value, setGraph, squareSide: squareSide(setGraph) });
      return;
    }
    const full = resolve(baseDir, file!);
    let text: string;
    try {
      text = readBoundedText(full);
    } catch (e) {
      errors.push(`${path}.file: ${(e as Error).message}`);
      return;
    }
    const built = readGraph({ fileName: full, text });
    if (!built.ok) {
      errors.push(`${path}.file: ${built.error.message}`);
      return;
    }
    // A file may still describe a family (`grid 9 9` in a text file): keep its spec, else send an edges line.
    const setGraph = built.value.meta.spec ?? formatEdgesLine(built.value);
    out.push({ label: label ?? basename(file!), graph: built.value, setGraph, squareSide: squareSide(setGraph), file: full });
  });
  const labels = new Set<string>();
  for (const g of out) {
    if (labels.has(g.label)) errors.push(`graphs: "${g.label}" is listed twice (give one a "name")`);
    labels.add(g.label);
  }
  return out;
}

function squareSide(setGraph: string): number | null {
  const m = /^grid (\d+) (\d+)$/.exec(setGraph);
  return m !== null && m[1] === m[2] ? Number(m[1]) : null;
}

function readRules(value: unknown, errors: string[]): RulesEntry[] {
  if (value === undefined) {
    errors.push('rules: missing (a list of rule sets such as "area" or "famine komi=0")');
    return [];
  }
  const list = typeof value === 'string' || isPlainObject(value) ? [value] : value;
  if (!Array.isArray(list) || list.length === 0) {
    errors.push('rules: must be a non-empty list');
    return [];
  }
  const out: RulesEntry[] = [];
  list.forEach((entry, i) => {
    const path = `rules[${i}]`;
    let text: string | undefined;
    let seats: string | undefined;
    if (typeof entry === 'string') text = entry;
    else if (isPlainObject(entry)) {
      checkKeys(entry, RULES_KEYS, `${path}.`, errors);
      text = optionalString(entry, 'rules', `${path}.`, errors);
      seats = optionalString(entry, 'seats', `${path}.`, errors);
      if (text === undefined) {
        errors.push(`${path}.rules: missing`);
        return;
      }
    } else {
      errors.push(`${path}: must be a rules text or an object`);
      return;
    }
    const parsed = readRulesText(text);
    if (!parsed.ok) {
      errors.push(`${path}: ${parsed.error.message}`);
      return;
    }
    const seatResult = parseSeats(parsed.value, seats);
    if (typeof seatResult === 'string') {
      errors.push(`${path}.seats: ${seatResult}`);
      return;
    }
    out.push({ label: text.trim().replace(/\s+/g, ' '), rules: parsed.value, text: formatRules(parsed.value), ...seatResult });
  });
  const labels = new Set<string>();
  for (const r of out) {
    const key = `${r.text} ${r.seatLetters}`;
    if (labels.has(key)) errors.push(`rules: "${r.label}" is listed twice`);
    labels.add(key);
  }
  return out;
}

/**
 * Who sits at each seat of the turn order: one letter per seat, a letter per player (`ACBC` for NetGo's example
 * with order=1,2,2,1: A and C for colour 1, C and B for colour 2). By default every colour is one player.
 */
export function parseSeats(rules: Rules, letters: string | undefined): { seats: number[]; roles: number; seatLetters: string } | string {
  const order = rules.order;
  if (letters === undefined) {
    const seats = order.map((c) => c - 1);
    return { seats, roles: rules.colors, seatLetters: seats.map((s) => String.fromCharCode(65 + s)).join('') };
  }
  const upper = letters.trim().toUpperCase();
  if (!/^[A-Z]+$/.test(upper)) return `must be letters, one per seat of the order ${order.join(',')}, got "${letters}"`;
  if (upper.length !== order.length) {
    return `"${letters}" has ${upper.length} letters but the order ${order.join(',')} has ${order.length} seats`;
  }
  const seats = [...upper].map((ch) => ch.charCodeAt(0) - 65);
  const roles = Math.max(...seats) + 1;
  for (let r = 0; r < roles; r++) {
    if (!seats.includes(r)) return `"${letters}" skips player ${String.fromCharCode(65 + r)} (use A, B, C... in turn)`;
  }
  if (roles < 2) return `"${letters}" seats a single player; a game needs at least two`;
  return { seats, roles, seatLetters: upper };
}

function readHandicap(value: unknown, errors: string[]): number | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < MIN_HANDICAP) {
    errors.push(
      `handicap: must be a whole number of stones from ${MIN_HANDICAP} up, got ${shownValue(value)} ` +
        '(leave it out for even games; one stone is no handicap: give Black the first move with komi 0.5 instead)',
    );
    return null;
  }
  return value;
}

/** Every graph must hold the stones and every rule set must give Black and White turns in order. */
function checkHandicap(handicap: number, graphs: readonly GraphEntry[], rules: readonly RulesEntry[], errors: string[]): void {
  for (const r of rules) {
    const problem = handicapRulesProblem(r.rules);
    if (problem !== null) errors.push(`handicap: rules "${r.label}": ${problem}`);
  }
  for (const g of graphs) {
    const placement = handicapPlacement(g, handicap);
    if (typeof placement === 'string') {
      errors.push(`handicap: ${placement}`);
      continue;
    }
    for (const r of rules) {
      if (handicapRulesProblem(r.rules) !== null) continue;
      const problem = handicapSetupProblem(g, r.rules, placement);
      if (problem !== null) errors.push(`handicap: ${problem}`);
    }
  }
}

function readSprt(value: unknown, errors: string[]): SprtSettings | null {
  if (value === undefined || value === null) return null;
  let s: SprtSettings;
  if (Array.isArray(value)) {
    if (value.length !== 4 || !value.every((v) => typeof v === 'number')) {
      errors.push('sprt: must be [elo0, elo1, alpha, beta] or {"elo0", "elo1", "alpha", "beta"}');
      return null;
    }
    s = { elo0: value[0], elo1: value[1], alpha: value[2], beta: value[3] };
  } else if (isPlainObject(value)) {
    checkKeys(value, SPRT_KEYS, 'sprt.', errors);
    const get = (k: string): number => (typeof value[k] === 'number' ? (value[k] as number) : NaN);
    s = { elo0: get('elo0'), elo1: get('elo1'), alpha: value.alpha === undefined ? 0.05 : get('alpha'), beta: value.beta === undefined ? 0.05 : get('beta') };
  } else {
    errors.push('sprt: must be [elo0, elo1, alpha, beta] or an object');
    return null;
  }
  const problem = sprtProblem(s);
  if (problem !== null) {
    errors.push(`sprt: ${problem}`);
    return null;
  }
  return s;
}

// ---------------------------------------------------------------------------------------------------------------
// Helpers

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isStringArray(v: unknown): v is string[] {
  return Array.isArray(v) && v.every((x) => typeof x === 'string');
}

function checkKeys(obj: Record<string, unknown>, known: readonly string[], prefix: string, errors: string[]): void {
  for (const key of Object.keys(obj)) {
    if (known.includes(key)) continue;
    const guess = closest(key, known);
    errors.push(`${prefix}${key}: unknown key${guess !== null ? ` (did you mean "${guess}"?)` : ` (known: ${known.join(', ')})`}`);
  }
}

function optionalString(obj: Record<string, unknown>, key: string, prefix: string, errors: string[]): string | undefined {
  const v = obj[key];
  if (v === undefined) return undefined;
  if (typeof v !== 'string' || v.trim().length === 0) {
    errors.push(`${prefix}${key}: must be a non-empty string, got ${JSON.stringify(v)}`);
    return undefined;
  }
  return v;
}

/** A value as the file gave it: JSON text, but a number JSON cannot write (1e309 reads as Infinity) as itself. */
function shownValue(v: unknown): string {
  return typeof v === 'number' ? String(v) : JSON.stringify(v);
}

function numberField(obj: Record<string, unknown>, key: string, errors: string[]): number | null {
  const v = obj[key];
  if (v === undefined || v === null) return null;
  if (typeof v !== 'number' || !Number.isFinite(v) || v <= 0) {
    errors.push(`${key}: must be a positive number, got ${shownValue(v)}`);
    return null;
  }
  return v;
}

function integerField(obj: Record<string, unknown>, key: string, min: number, max: number, errors: string[]): number | null {
  const v = obj[key];
  if (v === undefined || v === null) return null;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) {
    errors.push(`${key}: must be a whole number from ${min} to ${max}, got ${shownValue(v)}`);
    return null;
  }
  return v;
}

/** The known key nearest to a typo (edit distance at most 2, or a case-insensitive match). */
function closest(word: string, known: readonly string[]): string | null {
  let best: string | null = null;
  let bestDistance = 3;
  for (const k of known) {
    const d = k.toLowerCase() === word.toLowerCase() ? 0 : editDistance(word, k);
    if (d < bestDistance) {
      best = k;
      bestDistance = d;
    }
  }
  return best;
}

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length];
}
