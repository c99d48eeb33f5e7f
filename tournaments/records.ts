/**
 * The output folder: what a finished game leaves behind, and reading it back.
 *
 * ```
 * OUT/tournament.json   the tournament as run (identity checked on resume) and its plan
 * OUT/results.jsonl     one line per finished game, appended the moment it ends: the commit point of a game
 * OUT/void.jsonl        games voided by a harness fault or an engine disagreement (they are replayed)
 * OUT/sgf/game-NNNNN.sgf  each game on a grid board, written just before its results line
 * OUT/logs/ENGINE.wK.log  stderr of each engine process (worker K), appended across restarts
 * OUT/lock              present while a run holds the folder
 * ```
 * A run killed in the middle of writing a line leaves a partial last line; the next run cuts it off (repairTail)
 * before appending, and readers skip it.
 */
import { appendFileSync, existsSync, renameSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Graph } from '../src/graph.js';
import { PASS } from '../src/vocabulary.js';
import { parseVertex } from '../src/notation.js';
import { writeSgf, type SgfMove } from '../src/sgf.js';
import { readBoundedText } from './bounded-read.js';
import { makeFolder } from './folders.js';

export const RESULTS_FILE = 'results.jsonl';
export const VOID_FILE = 'void.jsonl';
export const CONFIG_FILE = 'tournament.json';
export const SGF_DIR = 'sgf';
export const LOG_DIR = 'logs';
export const RECORD_VERSION = 1;

/** How a game ended: by the rules, by the move limit, or by a forfeit. */
export const END_REASONS = ['passes', 'no-move', 'resign', 'move-limit', 'illegal-move', 'genmove-error', 'timeout', 'crash', 'protocol'] as const;
export type EndReason = (typeof END_REASONS)[number];
export const FORFEIT_KINDS = ['illegal-move', 'genmove-error', 'timeout', 'crash', 'protocol'] as const;
export type ForfeitKind = (typeof FORFEIT_KINDS)[number];

export interface MoveRecord {
  /** The colour that moved (1 black, 2 white, 3...). */
  readonly color: number;
  /** The vertex name (GTP name on lattices up to 25x25, else the index name) or `pass`. */
  readonly move: string;
  /** The engine that chose it. */
  readonly engine: string;
  /** Wall-clock time of its genmove, in milliseconds. */
  readonly ms: number;
}

export interface ForfeitInfo {
  readonly engine: string;
  readonly color: number;
  readonly kind: ForfeitKind;
  readonly detail: string;
  /** The illegal or unreadable answer, as the engine gave it. */
  readonly move?: string;
}

export interface EngineNote {
  readonly gtpName?: string;
  readonly version?: string;
  readonly pid?: number;
  /** How many times this engine process slot has been started (1 = never restarted). */
  readonly starts: number;
}

/** What a line of results.jsonl and one of void.jsonl both say: which game, its seats and moves, when and where. */
export interface RecordLine {
  readonly version: number;
  readonly game: number;
  /** The engine at each seat of the turn order. */
  readonly seats: readonly string[];
  readonly moves: readonly MoveRecord[];
  readonly started: string;
  readonly finished: string;
  readonly worker: number;
  /** The machine that played it, when a queue's worker did (worker is then that worker's slot). */
  readonly host?: string;
}

export interface GameRecord extends RecordLine {
  readonly block: number;
  readonly number: number;
  readonly round: number;
  readonly rotation: number;
  readonly graph: string;
  /** The rules in full (formatRules), as sent with set_rules. */
  readonly rules: string;
  /** The engines of each colour (index colour - 1). */
  readonly colors: readonly (readonly string[])[];
  /** With two colours, one engine each: who played Black and White. */
  readonly black?: string;
  readonly white?: string;
  /** Black's handicap stones, placed before the first move (White moved first), as the engines were told them. */
  readonly handicap?: readonly string[];
  readonly seed: string;
  /** `B+3.5`, `W+R`, `B+F` (forfeit), `0`, `3+4`... */
  readonly result: string;
  /** The winning colour, 0 for a tie. */
  readonly winner: number;
  readonly winners: readonly string[];
  readonly losers: readonly string[];
  readonly reason: EndReason;
  readonly forfeit?: ForfeitInfo;
  /** The count per colour (index = colour; 0 unused) when the game was counted. */
  readonly scores?: readonly number[];
  readonly durationMs: number;
  /** Total genmove wall time per engine. */
  readonly thinkMs: Readonly<Record<string, number>>;
  /** CPU seconds per engine for the game, from engines that report it (GTP `cputime`). */
  readonly cpuSeconds?: Readonly<Record<string, number>>;
  readonly engines: Readonly<Record<string, EngineNote>>;
}

export interface VoidRecord extends RecordLine {
  readonly reason: string;
}

export function ensureOutDir(dir: string): void {
  makeFolder(join(dir, LOG_DIR));
}

/** Appends one record as a line. appendFileSync writes the whole line with one write(2) call. */
function appendLine(path: string, record: RecordLine): void {
  appendFileSync(path, JSON.stringify(record) + '\n');
}

export function appendRecord(dir: string, record: GameRecord): void {
  appendLine(join(dir, RESULTS_FILE), record);
}

export function appendVoid(dir: string, record: VoidRecord): void {
  appendLine(join(dir, VOID_FILE), record);
}

/**
 * Cuts a partial last line (a run killed while writing) off a JSONL file, so the next append starts a fresh line.
 * Returns what was cut, or null.
 */
export function repairTail(path: string): string | null {
  if (!existsSync(path)) return null;
  const text = readBoundedText(path);
  if (text.length === 0 || text.endsWith('\n')) return null;
  const keep = text.lastIndexOf('\n') + 1;
  truncateSync(path, Buffer.byteLength(text.slice(0, keep)));
  return text.slice(keep);
}

export interface ReadResult<T> {
  readonly records: T[];
  readonly warnings: string[];
}

/**
 * A missing file holds no records; one that is there but cannot be read (a directory, a device past the bound) throws
 * UnreadableFileError, since taking it for "no games yet" would replay, and then append after, games already played.
 */
function readJsonl<T>(path: string, isRecord: (v: unknown) => v is T): ReadResult<T> {
  const records: T[] = [];
  const warnings: string[] = [];
  if (!existsSync(path)) return { records, warnings };
  const lines = readBoundedText(path).split('\n');
  lines.forEach((line, i) => {
    if (line.trim().length === 0) return;
    try {
      const v: unknown = JSON.parse(line);
      if (isRecord(v)) records.push(v);
      else warnings.push(`${path}:${i + 1}: not a game record; skipped`);
    } catch {
      const last = i === lines.length - 1;
      warnings.push(`${path}:${i + 1}: ${last ? 'partial last line (a run was killed while writing it)' : 'unreadable line'}; skipped`);
    }
  });
  return { records, warnings };
}

function isGameRecord(v: unknown): v is GameRecord {
  const r = v as GameRecord;
  return typeof v === 'object' && v !== null && Number.isInteger(r.game) && typeof r.result === 'string' && Array.isArray(r.moves);
}

function isVoidRecord(v: unknown): v is VoidRecord {
  const r = v as VoidRecord;
  return typeof v === 'object' && v !== null && Number.isInteger(r.game) && typeof r.reason === 'string';
}

/**
 * Every finished game, once each: a game number seen twice (which the harness never writes, but a hand-merged file
 * might hold) keeps its first record, with a warning.
 */
export function readResults(dir: string): ReadResult<GameRecord> {
  const { records, warnings } = readJsonl(join(dir, RESULTS_FILE), isGameRecord);
  const seen = new Set<number>();
  const unique: GameRecord[] = [];
  for (const r of records) {
    if (seen.has(r.game)) {
      warnings.push(`game ${r.game} is recorded more than once; the first record counts`);
      continue;
    }
    seen.add(r.game);
    unique.push(r);
  }
  return { records: unique, warnings };
}

export function readVoids(dir: string): ReadResult<VoidRecord> {
  return readJsonl(join(dir, VOID_FILE), isVoidRecord);
}

/** Writes a file through a temporary name and a rename, so readers never see half of it. */
export function writeFileAtomic(path: string, text: string): void {
  const tmp = `${path}.tmp`;
  writeFileSync(tmp, text);
  renameSync(tmp, path);
}

export function sgfPath(dir: string, game: number): string {
  return join(dir, SGF_DIR, `game-${String(game).padStart(5, '0')}.sgf`);
}

/** Whether games on this graph get an SGF: a W x H grid of at most 25 x 25 (SGF's coordinates) with two colours. */
export function sgfWidthHeight(setGraph: string, colors: number): { width: number; height: number } | null {
  const m = /^grid (\d+) (\d+)$/.exec(setGraph);
  if (m === null || colors !== 2) return null;
  const width = Number(m[1]);
  const height = Number(m[2]);
  return width <= 25 && height <= 25 ? { width, height } : null;
}

/** The SGF of a finished game on a grid: PB/PW are the engines that really sat at Black and White. */
export function gameSgf(record: GameRecord, graph: Graph, size: { width: number; height: number }, komi: number): string {
  const moves: SgfMove[] = [];
  for (const m of record.moves) {
    const parsed = parseVertex(graph, m.move);
    const color = m.color === 1 ? 1 : 2;
    if (!parsed.ok || parsed.value === PASS || parsed.value < 0) moves.push({ color, point: null });
    else moves.push({ color, point: { x: parsed.value % size.width, y: Math.floor(parsed.value / size.width) } });
  }
  const setup: { color: 1 | 2; point: { x: number; y: number } }[] = [];
  for (const name of record.handicap ?? []) {
    const parsed = parseVertex(graph, name);
    if (parsed.ok && parsed.value >= 0) setup.push({ color: 1, point: { x: parsed.value % size.width, y: Math.floor(parsed.value / size.width) } });
  }
  const notes = [`graphgo tournament game ${record.game}, seed ${record.seed}`, `rules: ${record.rules}`, `end: ${record.reason}`];
  if (record.forfeit !== undefined) {
    const f = record.forfeit;
    notes.push(`${f.engine} forfeits (${f.kind}): ${f.detail}${f.move !== undefined ? ` [answer: ${f.move}]` : ''}`);
  }
  return writeSgf({
    width: size.width,
    height: size.height,
    komi,
    moves,
    ...(setup.length > 0 ? { setup, handicap: setup.length } : {}),
    result: record.result,
    black: record.colors[0].join(' & '),
    white: record.colors[1].join(' & '),
    rules: record.rules,
    date: record.started.slice(0, 10),
    comment: notes.join('\n'),
  });
}

export function writeGameSgf(dir: string, record: GameRecord, text: string): void {
  makeFolder(join(dir, SGF_DIR));
  writeFileAtomic(sgfPath(dir, record.game), text);
}

/** Modification time of the results file, or null. */
export function resultsMtime(dir: string): Date | null {
  const path = join(dir, RESULTS_FILE);
  return existsSync(path) ? statSync(path).mtime : null;
}
