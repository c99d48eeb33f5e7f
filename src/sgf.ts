/**
 * SGF (FF[4]) for square and rectangular boards: reading a game record's main line (for GTP's loadsgf) and writing
 * one (for the tournament harness). Only what Go records need: SZ, KM, HA, AB/AW/AE, PL, B/W moves, RE and a few
 * descriptive properties. Variations other than the first are skipped. Parsing never throws; it returns a Result.
 */

import { readNumber } from './number-input.js';
import { failure, ok, type Result } from './result.js';
import { komiProblem } from './rules.js';
import { colorLetter } from './vocabulary.js';

export interface SgfPoint {
  /** 0-based column from the left and row from the bottom (GTP's orientation, not SGF's). */
  readonly x: number;
  readonly y: number;
}

export interface SgfMove {
  readonly color: 1 | 2;
  /** null for a pass. */
  readonly point: SgfPoint | null;
}

export interface SgfRecord {
  readonly width: number;
  readonly height: number;
  readonly komi: number | null;
  readonly setup: { color: 1 | 2; point: SgfPoint }[];
  /** Colour to play after the set-up (PL), if given. */
  readonly toPlay: 1 | 2 | null;
  readonly moves: SgfMove[];
  readonly result: string | null;
  readonly properties: Map<string, string[]>;
}

export type SgfResult = Result<SgfRecord, 'bad-record'>;

type Node = Map<string, string[]>;

/**
 * Recursive descent over GameTree = "(" Node+ GameTree* ")". The main line is a tree's own nodes followed by the
 * main line of its first subtree; later subtrees are parsed (to find where they end) and dropped.
 */
class SgfReader {
  private i = 0;
  constructor(private readonly text: string) {}

  error(message: string): never {
    throw new SgfSyntaxError(`${message} at offset ${this.i}`);
  }

  private skipSpace(): void {
    while (this.i < this.text.length && /\s/.test(this.text[this.i])) this.i++;
  }

  mainLine(): Node[] {
    const start = this.text.indexOf('(');
    if (start < 0) this.error('no game tree "(" found');
    this.i = start;
    return this.tree();
  }

  private tree(): Node[] {
    this.skipSpace();
    if (this.text[this.i] !== '(') this.error('expected "("');
    this.i++;
    const nodes: Node[] = [];
    this.skipSpace();
    while (this.text[this.i] === ';') {
      nodes.push(this.node());
      this.skipSpace();
    }
    if (nodes.length === 0) this.error('a game tree needs a node');
    let first = true;
    while (this.text[this.i] === '(') {
      const sub = this.tree();
      // A loop, not push(...sub): spreading a main line of 100,000 moves overflows the stack.
      if (first) for (const node of sub) nodes.push(node);
      first = false;
      this.skipSpace();
    }
    if (this.text[this.i] !== ')') this.error(this.i >= this.text.length ? 'unbalanced parentheses' : `unexpected "${this.text[this.i]}"`);
    this.i++;
    return nodes;
  }

  private node(): Node {
    this.i++; // ';'
    const node: Node = new Map();
    const text = this.text;
    while (true) {
      this.skipSpace();
      const start = this.i;
      while (this.i < text.length && /[A-Za-z]/.test(text[this.i])) this.i++;
      if (this.i === start) return node;
      // FF[3] allowed lower-case letters inside identifiers (e.g. "AddBlack"); only the capitals count.
      const ident = text.slice(start, this.i).replace(/[a-z]/g, '');
      const values: string[] = [];
      while (true) {
        this.skipSpace();
        if (text[this.i] !== '[') break;
        this.i++;
        let value = '';
        while (this.i < text.length && text[this.i] !== ']') {
          if (text[this.i] === '\\' && this.i + 1 < text.length) this.i++;
          value += text[this.i];
          this.i++;
        }
        if (this.i >= text.length) this.error(`unterminated value of ${ident}`);
        this.i++;
        values.push(value);
      }
      if (values.length === 0) this.error(`property ${ident} has no value`);
      node.set(ident, [...(node.get(ident) ?? []), ...values]);
    }
  }
}

class SgfSyntaxError extends Error {}

function parseMainLine(text: string): Result<Node[], 'bad-record'> {
  try {
    return ok(new SgfReader(text).mainLine());
  } catch (e) {
    if (e instanceof SgfSyntaxError) return failure('bad-record', e.message);
    if (e instanceof RangeError) return failure('bad-record', 'game tree nested too deeply');
    throw e;
  }
}

function sgfPoint(value: string, width: number, height: number): SgfPoint | null | 'bad' {
  if (value === '' || (value === 'tt' && width <= 19 && height <= 19)) return null;
  if (value.length !== 2) return 'bad';
  const x = sgfCoordinate(value[0]);
  const row = sgfCoordinate(value[1]);
  if (x < 0 || row < 0 || x >= width || row >= height) return 'bad';
  return { x, y: height - 1 - row };
}

function sgfCoordinate(ch: string): number {
  const c = ch.charCodeAt(0);
  if (c >= 97 && c <= 122) return c - 97;
  if (c >= 65 && c <= 90) return c - 65 + 26;
  return -1;
}

/** Expands an SGF point list value, including compressed rectangles like `aa:cc`. */
function expandPoints(value: string, width: number, height: number): SgfPoint[] | null {
  if (value.includes(':')) {
    const [a, b] = value.split(':');
    const p = sgfPoint(a, width, height);
    const q = sgfPoint(b, width, height);
    if (p === null || q === null || p === 'bad' || q === 'bad') return null;
    const out: SgfPoint[] = [];
    for (let x = Math.min(p.x, q.x); x <= Math.max(p.x, q.x); x++) {
      for (let y = Math.min(p.y, q.y); y <= Math.max(p.y, q.y); y++) out.push({ x, y });
    }
    return out;
  }
  const p = sgfPoint(value, width, height);
  return p === null || p === 'bad' ? null : [p];
}

export function parseSgf(text: string): SgfResult {
  const parsed = parseMainLine(text);
  if (!parsed.ok) return parsed;
  const nodes = parsed.value;
  if (nodes.length === 0) return failure('bad-record', 'empty game tree');
  const root = nodes[0];
  const gm = root.get('GM')?.[0];
  if (gm !== undefined && gm !== '1') return failure('bad-record', `not a Go record (GM[${gm}])`);
  let width = 19;
  let height = 19;
  const sz = root.get('SZ')?.[0];
  if (sz !== undefined) {
    const m = /^\s*(\d+)\s*(?::\s*(\d+)\s*)?$/.exec(sz);
    if (!m) return failure('bad-record', `bad board size SZ[${sz}]`);
    width = Number(m[1]);
    height = m[2] !== undefined ? Number(m[2]) : width;
    if (width < 1 || height < 1 || width > 52 || height > 52) return failure('bad-record', `bad board size SZ[${sz}]`);
  }
  const km = root.get('KM')?.[0];
  let komi: number | null = null;
  // An empty KM[] says nothing, as some editors write it; anything else must be a number, read as the `komi` command
  // reads one, since a komi quietly dropped would change who wins.
  if (km !== undefined && km.trim() !== '') {
    const read = readNumber('KM', km);
    if (!read.ok || komiProblem(read.value) !== null) return failure('bad-record', `bad komi KM[${km}]`);
    komi = read.value;
  }
  const setup: { color: 1 | 2; point: SgfPoint }[] = [];
  const moves: SgfMove[] = [];
  let toPlay: 1 | 2 | null = null;
  for (let k = 0; k < nodes.length; k++) {
    const node = nodes[k];
    for (const [ident, color] of [
      ['AB', 1],
      ['AW', 2],
    ] as const) {
      for (const value of node.get(ident) ?? []) {
        if (moves.length > 0) return failure('bad-record', `set-up ${ident} after moves is not supported`);
        const points = expandPoints(value, width, height);
        if (points === null) return failure('bad-record', `bad point ${ident}[${value}]`);
        for (const point of points) setup.push({ color, point });
      }
    }
    const pl = node.get('PL')?.[0]?.toUpperCase();
    if (pl === 'B') toPlay = 1;
    else if (pl === 'W') toPlay = 2;
    for (const [ident, color] of [
      ['B', 1],
      ['W', 2],
    ] as const) {
      const value = node.get(ident)?.[0];
      if (value === undefined) continue;
      const point = sgfPoint(value, width, height);
      if (point === 'bad') return failure('bad-record', `bad move ${ident}[${value}] in node ${k + 1}`);
      moves.push({ color, point });
    }
  }
  const result = root.get('RE')?.[0] ?? null;
  return ok({ width, height, komi, setup, toPlay, moves, result, properties: root });
}

function sgfLetter(i: number): string {
  return i < 26 ? String.fromCharCode(97 + i) : String.fromCharCode(65 + i - 26);
}

function escapeValue(s: string): string {
  return s.replace(/\\/g, '\\\\').replace(/]/g, '\\]');
}

export interface SgfGame {
  readonly width: number;
  readonly height: number;
  readonly komi: number;
  readonly moves: readonly SgfMove[];
  readonly setup?: readonly { color: 1 | 2; point: SgfPoint }[];
  /** HA: the number of handicap stones (given in `setup` as Black's). */
  readonly handicap?: number;
  /** PL: the colour to play first after the set-up, when a reader could not infer it. */
  readonly toPlay?: 1 | 2;
  readonly result?: string | null;
  readonly black?: string;
  readonly white?: string;
  readonly rules?: string;
  readonly date?: string;
  readonly comment?: string;
}

/** Writes a game record (one line per few moves, FF[4], application graphgo). */
export function writeSgf(game: SgfGame): string {
  const point = (p: SgfPoint) => sgfLetter(p.x) + sgfLetter(game.height - 1 - p.y);
  const size = game.width === game.height ? `${game.width}` : `${game.width}:${game.height}`;
  let root = `(;FF[4]GM[1]CA[UTF-8]AP[graphgo]SZ[${size}]KM[${game.komi}]`;
  if (game.handicap !== undefined && game.handicap > 0) root += `HA[${game.handicap}]`;
  if (game.rules) root += `RU[${escapeValue(game.rules)}]`;
  if (game.black) root += `PB[${escapeValue(game.black)}]`;
  if (game.white) root += `PW[${escapeValue(game.white)}]`;
  if (game.date) root += `DT[${escapeValue(game.date)}]`;
  if (game.result) root += `RE[${escapeValue(game.result)}]`;
  if (game.comment) root += `GC[${escapeValue(game.comment)}]`;
  const black = (game.setup ?? []).filter((s) => s.color === 1);
  const white = (game.setup ?? []).filter((s) => s.color === 2);
  if (black.length) root += 'AB' + black.map((s) => `[${point(s.point)}]`).join('');
  if (white.length) root += 'AW' + white.map((s) => `[${point(s.point)}]`).join('');
  if (game.toPlay !== undefined) root += `PL[${colorLetter(game.toPlay, 2)}]`;
  const parts = [root];
  game.moves.forEach((m, i) => {
    const tag = colorLetter(m.color, 2);
    parts.push((i % 10 === 0 ? '\n' : '') + `;${tag}[${m.point === null ? '' : point(m.point)}]`);
  });
  return parts.join('') + ')\n';
}
