/**
 * Text pictures of a position: lattices (grid, torus, king, tri) as a diagram with coordinates, the hex family as
 * an offset diagram, and any other graph as a list of vertices with their stone and neighbours. Used by GTP's
 * `showboard`, the demo and the terminal game. Lines never come out empty, since an empty line ends a GTP response.
 */
import type { Graph } from './graph.js';
import { EMPTY, PASS } from './vocabulary.js';
import { MAX_GTP_SIDE, gtpColumnLetter, vertexName } from './notation.js';

/** X for black, O for white, the digit for colours 3..9, `.` for empty. */
export function stoneChar(c: number): string {
  if (c === EMPTY) return '.';
  if (c === 1) return 'X';
  if (c === 2) return 'O';
  return String(c);
}

export interface DiagramOptions {
  /** Marked with parentheses around the stone, as GNU Go does (`*` after it in the list view). */
  readonly lastMove?: number;
  /**
   * Wraps each cell's text (already padded) for display, e.g. in ANSI colours; `color` is the vertex's colour (0
   * empty). Default: the text as it is. Must not add visible characters (widths are counted before painting).
   */
  readonly paintStone?: (text: string, color: number) => string;
  /** Wraps the last-move marks (`(`, `)`, `*`). */
  readonly paintMark?: (text: string) => string;
  /** Hex view: also print each row's last index at its right end (the terminal game's aid for counting). */
  readonly hexRowEnds?: boolean;
}

interface Paint {
  readonly stone: (text: string, color: number) => string;
  readonly mark: (text: string) => string;
}

const PLAIN: Paint = { stone: (text) => text, mark: (text) => text };

export function renderBoard(graph: Graph, color: Uint8Array, options: DiagramOptions = {}): string[] {
  const last = options.lastMove ?? PASS;
  const paint: Paint =
    options.paintStone === undefined && options.paintMark === undefined
      ? PLAIN
      : { stone: options.paintStone ?? PLAIN.stone, mark: options.paintMark ?? PLAIN.mark };
  const lattice = graph.meta.lattice;
  if (lattice !== undefined && lattice.width <= 60 && lattice.height <= 60) {
    return renderLattice(lattice.width, lattice.height, color, last, paint);
  }
  const hex = /^hex (\d+)$/.exec(graph.meta.spec ?? '');
  if (hex !== null && Number(hex[1]) <= 20) {
    return renderHex(Number(hex[1]), graph, color, last, paint, options.hexRowEnds ?? false);
  }
  return renderList(graph, color, last, paint);
}

function cells(stones: string[], marks: number, paint: Paint): string {
  // `marks` is the index of the last-move cell in this row, or -1.
  let line = '';
  for (let i = 0; i < stones.length; i++) {
    const before = i === marks ? paint.mark('(') : i === marks + 1 && marks >= 0 ? paint.mark(')') : ' ';
    line += before + stones[i];
  }
  line += marks === stones.length - 1 ? paint.mark(')') : ' ';
  return line;
}

function renderLattice(w: number, h: number, color: Uint8Array, last: number, paint: Paint): string[] {
  const letters = w <= MAX_GTP_SIDE && h <= MAX_GTP_SIDE;
  const labelWidth = String(h).length;
  const columnWidth = letters ? 1 : String(w).length;
  const header =
    ' '.repeat(labelWidth + 1) +
    Array.from({ length: w }, (_, x) => (letters ? gtpColumnLetter(x) : String(x + 1).padStart(columnWidth))).join(' ');
  const lines = [header];
  for (let y = h - 1; y >= 0; y--) {
    const stones: string[] = [];
    let mark = -1;
    for (let x = 0; x < w; x++) {
      const v = y * w + x;
      stones.push(paint.stone(stoneChar(color[v]).padStart(columnWidth), color[v]));
      if (v === last) mark = x;
    }
    const label = String(y + 1).padStart(labelWidth);
    lines.push(`${label}${cells(stones, mark, paint)}${label}`);
  }
  lines.push(header);
  return lines;
}

function renderHex(r: number, graph: Graph, color: Uint8Array, last: number, paint: Paint, rowEnds: boolean): string[] {
  const rows = 2 * r - 1;
  const lines: string[] = [];
  // Row j (from the bottom) holds r + min(j, rows - 1 - j) vertices; vertices are numbered row by row from the bottom.
  const starts: number[] = [];
  let index = 0;
  for (let j = 0; j < rows; j++) {
    starts.push(index);
    index += r + Math.min(j, rows - 1 - j);
  }
  const labelWidth = String(graph.n).length;
  for (let j = rows - 1; j >= 0; j--) {
    const length = r + Math.min(j, rows - 1 - j);
    const stones: string[] = [];
    let mark = -1;
    for (let k = 0; k < length; k++) {
      const v = starts[j] + k;
      stones.push(paint.stone(stoneChar(color[v]), color[v]));
      if (v === last) mark = k;
    }
    // Cells two characters apart and rows shifted by one: each point sits between its two neighbours of the rows
    // above and below, as on the board.
    const indent = ' '.repeat(rows - length);
    const line = `${String(starts[j] + 1).padStart(labelWidth)} ${indent}${cells(stones, mark, paint)}`;
    lines.push(rowEnds ? `${line}${indent}${starts[j] + length}` : line);
  }
  return lines;
}

function renderList(graph: Graph, color: Uint8Array, last: number, paint: Paint): string[] {
  const lines: string[] = [];
  const names = Array.from({ length: graph.n }, (_, v) => vertexName(graph, v));
  const width = names.reduce((m, s) => Math.max(m, s.length), 1);
  const directed = graph.arcCount > 0;
  if (graph.n === 0) return ['(empty graph)'];
  for (let v = 0; v < graph.n; v++) {
    const stone = paint.stone(stoneChar(color[v]), color[v]);
    const mark = v === last ? paint.mark('*') : ' ';
    let neighbours: string;
    if (directed) {
      // Show which way liberties run: `>w` when w is a liberty of v only, `<w` when v is a liberty of w only.
      const libs = new Set(graph.liberties(v));
      neighbours = graph
        .neighbors(v)
        .map((w) => {
          const out = libs.has(w);
          const into = graph.liberties(w).includes(v);
          return (out && into ? '' : out ? '>' : '<') + names[w];
        })
        .join(' ');
    } else {
      neighbours = graph.neighbors(v).map((w) => names[w]).join(' ');
    }
    lines.push(`${names[v].padStart(width)} ${stone}${mark}: ${neighbours || '(no neighbours)'}`);
  }
  return lines;
}
