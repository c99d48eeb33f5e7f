/**
 * Board diagrams for rule tests.
 *
 * A diagram lists the rows of a `grid W H` from top to bottom, as a GTP board prints them (the top row is row H,
 * the bottom row is row 1, columns A.. from the left). Cells are single characters, spaces between them optional:
 *   `.` empty, `X` colour 1 (black), `O` colour 2 (white), `1`..`9` that colour.
 * So in a diagram of height H, the cell in text row r (0 = top) and column x is vertex (H - 1 - r) * W + x, which
 * is the lattice numbering of docs/graphs.md, "Families" (index i is column ((i-1) mod W) + 1, row
 * floor((i-1) / W) + 1).
 *
 * Any other graph uses a position string in index order, as get_state prints it: `.12.`.
 */
import { Game } from '../../src/game.js';
import type { SetupStone } from '../../src/game.js';
import type { Graph } from '../../src/graph.js';
import { parseGraphSpec } from '../../src/families.js';
import { parseVertex } from '../../src/notation.js';
import { parseRules } from '../../src/rules.js';
import type { Rules } from '../../src/rules.js';

export type RulesLike = string | Rules;

function cellColor(ch: string): number {
  if (ch === '.') return 0;
  if (ch === 'X') return 1;
  if (ch === 'O') return 2;
  if (/^[1-9]$/.test(ch)) return Number(ch);
  throw new Error(`bad diagram cell "${ch}"`);
}

function cellChar(c: number): string {
  return c === 0 ? '.' : c === 1 ? 'X' : c === 2 ? 'O' : String(c);
}

/** The rows of a diagram (top first), each a list of colours; blank lines and spaces are ignored. */
export function parseDiagram(text: string): number[][] {
  const rows = text
    .split('\n')
    .map((line) => line.replace(/\s+/g, ''))
    .filter((line) => line.length > 0)
    .map((line) => Array.from(line, cellColor));
  if (rows.length === 0) throw new Error('empty diagram');
  if (rows.some((r) => r.length !== rows[0].length)) throw new Error('diagram rows differ in length');
  return rows;
}

function render(rows: number[][]): string {
  return rows.map((r) => r.map(cellChar).join(' ')).join('\n');
}

/** The canonical text of a diagram: one line per row, cells X/O/digit/. separated by one space. */
export function normalizeDiagram(text: string): string {
  return render(parseDiagram(text));
}

export function rulesOf(rules: RulesLike): Rules {
  if (typeof rules !== 'string') return rules;
  const parsed = parseRules(rules);
  if (!parsed.ok) throw new Error(`bad rules "${rules}": ${parsed.error.message}`);
  return parsed.value;
}

export function graphOf(spec: Graph | string): Graph {
  if (typeof spec !== 'string') return spec;
  const built = parseGraphSpec(spec);
  if (!built.ok) throw new Error(`bad graph "${spec}": ${built.error.message}`);
  return built.value;
}

/** A game on `graph` whose set-up stones are `position` (one character per vertex in index order). */
export function gameFromPosition(
  graph: Graph | string,
  position: string,
  rules: RulesLike = 'area',
  toMove?: number,
): Game {
  const g = graphOf(graph);
  const colors = Array.from(position.replace(/\s+/g, ''), cellColor);
  if (colors.length !== g.n) throw new Error(`position has ${colors.length} cells, graph has ${g.n} vertices`);
  const game = new Game(g, rulesOf(rules));
  const stones: SetupStone[] = [];
  colors.forEach((color, vertex) => {
    if (color !== 0) stones.push({ vertex, color });
  });
  if (stones.length > 0 || toMove !== undefined) {
    const problem = game.setup(stones, toMove);
    if (problem !== null) throw new Error(`setup refused: ${problem}`);
  }
  return game;
}

/** A game on `grid W H` holding the diagram's stones; `toMove` picks the colour to move first. */
export function gameFromDiagram(diagram: string, rules: RulesLike = 'area', toMove?: number): Game {
  const rows = parseDiagram(diagram);
  const w = rows[0].length;
  const h = rows.length;
  // Index order is bottom row first: reverse the text rows.
  const position = [...rows].reverse().map((r) => r.map(cellChar).join('')).join('');
  return gameFromPosition(`grid ${w} ${h}`, position, rules, toMove);
}

/** The game's board as a normalised diagram (lattices), or its position string (any other graph). */
export function diagramOf(game: Game): string {
  const lattice = game.graph.meta.lattice;
  const text = game.state().position;
  if (lattice === undefined) return text;
  const rows: number[][] = [];
  for (let y = lattice.height - 1; y >= 0; y--) {
    rows.push(Array.from(text.slice(y * lattice.width, (y + 1) * lattice.width), cellColor));
  }
  return render(rows);
}

/** The vertex a name denotes (GTP name like `C3` on grids, index name `1`..`n` anywhere); throws if none. */
export function vx(game: Game, name: string): number {
  const parsed = parseVertex(game.graph, name);
  if (!parsed.ok || parsed.value < 0) throw new Error(`no vertex ${name}`);
  return parsed.value;
}

/** Plays `color` at the named vertex (or `pass`) and returns the status. */
export function playAt(game: Game, color: number, name: string): string {
  const parsed = parseVertex(game.graph, name);
  if (!parsed.ok) throw new Error(`no vertex ${name}`);
  return game.play(color, parsed.value);
}

/** Plays a sequence like `B C2, W pass, 3 D4` and throws at the first move that is not 'ok'. */
export function playMoves(game: Game, moves: string): void {
  for (const move of moves.split(',').map((m) => m.trim()).filter((m) => m.length > 0)) {
    const [who, where] = move.split(/\s+/);
    const color = who === 'B' ? 1 : who === 'W' ? 2 : Number(who);
    const status = playAt(game, color, where);
    if (status !== 'ok') throw new Error(`move "${move}" was refused: ${status}`);
  }
}
