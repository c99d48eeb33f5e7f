/**
 * `graphgo bench positions FILE`: a bot's moves on a set of positions taken from game records, each with moves to
 * avoid (the move that lost a game) and moves to find (a judge's choice). A position is an SGF file and a move number
 * (the position before that move, as GTP's `loadsgf` takes it); the bot is a GTP engine in-process, so it sees the
 * position as a front end would give it, and every seed is a separate search. It measures a change to the playouts or
 * the priors on the positions where games were lost, in minutes instead of a match of hours.
 *
 * The file holds one JSON object a line: {"sgf": "PATH", "move": K, "avoid": ["J3"], "expect": ["E9"], "note": "..."};
 * paths are relative to the file's folder; `avoid` or `expect` may be empty, not both. Blank lines and lines starting
 * with # are skipped.
 */
import type { Graph } from '../src/graph.js';
import { parseVertex } from '../src/notation.js';
import { failure, ok, type Result } from '../src/result.js';
import { readSetup } from '../src/setup.js';
import { parseSgf } from '../src/sgf.js';
import type { BotOptions } from '../bots/registry.js';
import { GtpEngine } from '../protocol/engine.js';

export interface PositionCase {
  readonly sgf: string;
  readonly move: number;
  readonly avoid: readonly string[];
  readonly expect: readonly string[];
  readonly note: string | null;
  /** The line of the file it came from (1-based), for messages. */
  readonly line: number;
}

export type PositionVerdict = 'expected' | 'avoided' | 'other';

export interface PositionOutcome {
  readonly position: PositionCase;
  readonly seed: string;
  readonly colour: string;
  readonly answer: string;
  readonly verdict: PositionVerdict;
}

export interface PositionsSummary {
  readonly searches: number;
  readonly expected: number;
  readonly avoided: number;
  readonly other: number;
}

const KEYS = new Set(['sgf', 'move', 'avoid', 'expect', 'note']);

function moveList(value: unknown): string[] | null {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string' || v.trim() === '')) return null;
  return value.map((v: string) => v.trim());
}

/** The cases of a positions file, or every problem at once with its line. */
export function readPositionCases(text: string, where: string): Result<PositionCase[], 'bad-positions'> {
  const cases: PositionCase[] = [];
  const errors: string[] = [];
  text.split('\n').forEach((raw, i) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const at = `${where}:${i + 1}`;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (e) {
      errors.push(`${at}: not JSON (${e instanceof Error ? e.message : String(e)})`);
      return;
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      errors.push(`${at}: must be a JSON object`);
      return;
    }
    const o = value as Record<string, unknown>;
    const unknown = Object.keys(o).filter((k) => !KEYS.has(k));
    if (unknown.length > 0) errors.push(`${at}: unknown key ${unknown.map((k) => `"${k}"`).join(', ')} (known: ${[...KEYS].join(', ')})`);
    if (typeof o.sgf !== 'string' || o.sgf.trim() === '') errors.push(`${at}: "sgf" must name an SGF file`);
    if (typeof o.move !== 'number' || !Number.isInteger(o.move) || o.move < 1) errors.push(`${at}: "move" must be a move number from 1 (the position before that move)`);
    const avoid = moveList(o.avoid);
    const expect = moveList(o.expect);
    if (avoid === null) errors.push(`${at}: "avoid" must be a list of vertex names`);
    if (expect === null) errors.push(`${at}: "expect" must be a list of vertex names`);
    if (avoid !== null && expect !== null && avoid.length + expect.length === 0) errors.push(`${at}: give moves to "avoid", to "expect", or both`);
    if (o.note !== undefined && typeof o.note !== 'string') errors.push(`${at}: "note" must be a text`);
    if (errors.length > 0 || avoid === null || expect === null) return;
    cases.push({ sgf: (o.sgf as string).trim(), move: o.move as number, avoid, expect, note: (o.note as string | undefined) ?? null, line: i + 1 });
  });
  if (errors.length > 0) return failure('bad-positions', errors.join('\n'), errors);
  if (cases.length === 0) return failure('bad-positions', `${where} holds no positions`);
  return ok(cases);
}

export interface PositionsOptions {
  /** The bot and its settings (uct, playouts, switches); each search gets its own seed from `seed`. */
  readonly bot: Omit<BotOptions, 'seed'> & { readonly bot: string };
  readonly seed: string;
  /** The rules the engine plays under where a record's RU names none (loadsgf takes board, komi and RU from the file). */
  readonly rules: string;
  /** Searches per position, each with its own seed. */
  readonly seeds: number;
  /** Reads an SGF file named by a case (relative paths already resolved by the caller's choice of reader). */
  readonly readFile: (path: string) => string;
}

/** The vertices (or pass, or resign) that names denote on the graph; the first name it lacks is an error. */
function verticesOf(graph: Graph, names: readonly string[]): Result<number[], 'unknown-vertex'> {
  const vertices: number[] = [];
  for (const name of names) {
    const parsed = parseVertex(graph, name);
    if (!parsed.ok) return failure('unknown-vertex', parsed.error.message);
    vertices.push(parsed.value);
  }
  return ok(vertices);
}

/** Runs every case `seeds` times; reports each search as it ends. */
export function runPositions(
  cases: readonly PositionCase[],
  options: PositionsOptions,
  onOutcome: (o: PositionOutcome) => void,
): Result<PositionsSummary, 'bad-position'> {
  const setup = readSetup({ spec: 'grid 9 9' }, options.rules);
  if (!setup.ok) return failure('bad-position', setup.error.message);
  const tally = { searches: 0, expected: 0, avoided: 0, other: 0 };
  // Each file is read once: the move count is checked on it, and every seed's engine loads it from here.
  const texts = new Map<string, string>();
  const readFile = (path: string): string => {
    let text = texts.get(path);
    if (text === undefined) texts.set(path, (text = options.readFile(path)));
    return text;
  };
  for (const position of cases) {
    // GTP's loadsgf takes a move number past the end as the whole game; a position named past it is a mistake.
    let text: string;
    try {
      text = readFile(position.sgf);
    } catch (e) {
      return failure('bad-position', `line ${position.line}: cannot load ${position.sgf}: ${e instanceof Error ? e.message : String(e)}`);
    }
    const record = parseSgf(text);
    if (!record.ok) return failure('bad-position', `line ${position.line}: cannot load ${position.sgf}: ${record.error.message}`);
    const moves = record.value.moves.length;
    if (position.move > moves + 1) {
      return failure('bad-position', `line ${position.line}: move ${position.move} is past the end of ${position.sgf} (${moves} moves; ${moves + 1} is the final position)`);
    }
    for (let s = 0; s < options.seeds; s++) {
      const seed = `${options.seed}.${position.line}.${s}`;
      const created = GtpEngine.create({ ...options.bot, seed, version: 'bench', setup: setup.value, readFile });
      if (!created.ok) return failure('bad-position', created.error.message);
      const engine = created.value;
      const loaded = engine.execute(`loadsgf ${position.sgf} ${position.move}`) ?? '';
      if (!loaded.startsWith('=')) return failure('bad-position', `line ${position.line}: cannot load ${position.sgf} at move ${position.move}: ${loaded.replace(/^\?\s*/, '').trim()}`);
      const colour = loaded.slice(1).trim();
      const graph = engine.currentGame.graph;
      // The judge's moves as vertices of this board, so that a name the board lacks is an error, not a move never met.
      const expected = verticesOf(graph, position.expect);
      const avoided = verticesOf(graph, position.avoid);
      if (!expected.ok) return failure('bad-position', `line ${position.line}: "expect": ${expected.error.message}`);
      if (!avoided.ok) return failure('bad-position', `line ${position.line}: "avoid": ${avoided.error.message}`);
      const reply = engine.execute(`genmove ${colour}`) ?? '';
      if (!reply.startsWith('=')) return failure('bad-position', `line ${position.line}: genmove ${colour} failed: ${reply.replace(/^\?\s*/, '').trim()}`);
      const answer = reply.slice(1).trim().toLowerCase();
      const played = parseVertex(graph, answer);
      const verdict: PositionVerdict = !played.ok
        ? 'other'
        : expected.value.includes(played.value)
          ? 'expected'
          : avoided.value.includes(played.value)
            ? 'avoided'
            : 'other';
      tally.searches++;
      tally[verdict]++;
      onOutcome({ position, seed, colour, answer, verdict });
    }
  }
  return ok(tally);
}
