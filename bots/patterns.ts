/**
 * MoGo's 3x3 patterns (Gelly, Wang, Munos, Teytaud, "Modification of UCT with patterns in Monte-Carlo Go", INRIA
 * RR-6062, 2006) for square lattices: hane, cut and edge shapes around an empty vertex. Light playouts play them
 * next to the last move, which is what turned MoGo's random games into sensible ones; the tree uses them as priors.
 *
 * They need an orientation (the eight vertices around a point, in order), so they apply only to graphs that are
 * square lattices: `grid W H` and `torus W H`, recognised from the lattice and checked against the adjacency. Other
 * graphs get no patterns (`SquarePatterns.forGraph` returns null) and play with the light policy alone.
 *
 * A pattern is matched by one table lookup: the eight surrounding states (empty, colour 1, colour 2, off-board; two
 * bits each) form a 16-bit code, and the table holds every code that some rotation, reflection or colour swap of a
 * pattern matches. The shapes are symmetric in colour, so the table serves both players.
 */
import type { Graph } from '../src/graph.js';
import type { Position } from '../src/position.js';

/** Offsets of the eight surrounding vertices, clockwise from north (y grows downwards). */
const RING_DX = [0, 1, 1, 1, 0, -1, -1, -1];
const RING_DY = [-1, -1, 0, 1, 1, 1, 0, -1];
const OFF_BOARD = 3;

/**
 * The shapes, centre to be played, as rows north to south. X and O are the two colours, `.` empty, `#` off the
 * board, `?` anything, `x` anything but X, `o` anything but O.
 */
const SHAPES: readonly (readonly [string, string, string])[] = [
  ['XOX', '...', '???'], // hane: enclosing hane
  ['XO.', '...', '?.?'], // hane: non-cutting hane
  ['XO?', 'X..', 'x.?'], // hane: magari
  ['.O.', 'X..', '...'], // katatsuke, diagonal attachment
  ['XO?', 'O.o', '?o?'], // cut: unprotected cut
  ['XO?', 'O.X', '???'], // cut: peeped cut
  ['?X?', 'O.O', 'ooo'], // cut: de
  ['OX?', 'o.O', '???'], // cut: keima cut
  ['X.?', 'O.?', '###'], // edge: chase
  ['OX?', 'X.O', '###'], // edge: block the side cut
  ['?X?', 'x.O', '###'], // edge: block the side connection
  ['?XO', 'x.x', '###'], // edge: sagari
  ['?OX', 'X.O', '###'], // edge: cut
];

/** States a pattern character allows, as a bit set over 0 empty, 1 X, 2 O, 3 off-board. */
function allowed(ch: string): number {
  switch (ch) {
    case '.':
      return 1 << 0;
    case 'X':
      return 1 << 1;
    case 'O':
      return 1 << 2;
    case '#':
      return 1 << OFF_BOARD;
    case '?':
      return 0b1111;
    case 'x':
      return 0b1101;
    case 'o':
      return 0b1011;
    default:
      throw new Error(`pattern character ${ch}`);
  }
}

/** The 65,536-entry table: 1 where the eight states around a point match some pattern in some orientation. */
function buildTable(): Uint8Array {
  const table = new Uint8Array(1 << 16);
  for (const shape of SHAPES) {
    if (shape[1][1] !== '.') throw new Error('a pattern centre must be empty');
    for (let symmetry = 0; symmetry < 8; symmetry++) {
      for (let swap = 0; swap < 2; swap++) {
        // For each ring slot, the states the shape allows there under this symmetry and colour swap.
        const slots: number[] = [];
        for (let k = 0; k < 8; k++) {
          const [dx, dy] = transform(RING_DX[k], RING_DY[k], symmetry);
          let bits = allowed(shape[dy + 1][dx + 1]);
          if (swap) bits = (bits & 0b1001) | ((bits & 0b0010) << 1) | ((bits & 0b0100) >> 1);
          slots.push(bits);
        }
        mark(table, slots, 0, 0);
      }
    }
  }
  return table;
}

function mark(table: Uint8Array, slots: number[], k: number, code: number): void {
  if (k === 8) {
    table[code] = 1;
    return;
  }
  for (let state = 0; state < 4; state++) if (slots[k] & (1 << state)) mark(table, slots, k + 1, code | (state << (2 * k)));
}

/** One of the 8 symmetries of the square applied to an offset. */
function transform(dx: number, dy: number, symmetry: number): [number, number] {
  let x = dx;
  let y = dy;
  for (let r = 0; r < (symmetry & 3); r++) [x, y] = [-y, x];
  if (symmetry & 4) x = -x;
  return [x, y];
}

let sharedTable: Uint8Array | null = null;

export class SquarePatterns {
  /** The eight vertices around each vertex, clockwise from north (8n entries, -1 off the board). */
  readonly ring: Int32Array;
  /** 1 at each 16-bit code of the eight surrounding states that matches a pattern. */
  readonly table: Uint8Array;

  private constructor(ring: Int32Array) {
    this.ring = ring;
    sharedTable ??= buildTable();
    this.table = sharedTable;
  }

  /** Patterns for a square lattice (grid or torus), or null for any other graph. */
  static forGraph(graph: Graph): SquarePatterns | null {
    const ring = squareRing(graph);
    return ring === null ? null : new SquarePatterns(ring);
  }

  /** Whether the graph is a square lattice (a grid or a torus, undirected): where the patterns could apply. */
  static fits(graph: Graph): boolean {
    return squareRing(graph) !== null;
  }

  /** Whether playing the empty vertex v makes a pattern, judged from its eight surroundings (colours 1 and 2). */
  matches(p: Position, v: number): boolean {
    const ring = this.ring;
    const color = p.color;
    const base = v * 8;
    let code = 0;
    for (let k = 0; k < 8; k++) {
      const w = ring[base + k];
      code |= (w < 0 ? OFF_BOARD : color[w]) << (2 * k);
    }
    return this.table[code] === 1;
  }
}

/** The eight surroundings of every vertex when the graph is a square lattice laid out as its meta says, else null. */
function squareRing(graph: Graph): Int32Array | null {
  const lattice = graph.meta.lattice;
  if (!lattice || graph.arcCount > 0 || lattice.width * lattice.height !== graph.n) return null;
  for (const wrap of [false, true]) {
    const ring = buildRing(lattice.width, lattice.height, wrap);
    if (ring && orthogonalsAreTheNeighbours(graph, ring)) return ring;
  }
  return null;
}

function buildRing(width: number, height: number, wrap: boolean): Int32Array | null {
  // A torus narrower than 3 would list one vertex twice around a point.
  if (wrap && (width < 3 || height < 3)) return null;
  const ring = new Int32Array(8 * width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const v = y * width + x;
      for (let k = 0; k < 8; k++) {
        let nx = x + RING_DX[k];
        let ny = y + RING_DY[k];
        if (wrap) {
          nx = (nx + width) % width;
          ny = (ny + height) % height;
        }
        ring[8 * v + k] = nx < 0 || ny < 0 || nx >= width || ny >= height ? -1 : ny * width + nx;
      }
    }
  }
  return ring;
}

/** True when every vertex's neighbours are exactly its north, east, south and west ring entries. */
function orthogonalsAreTheNeighbours(graph: Graph, ring: Int32Array): boolean {
  const { adjStart, adj } = graph;
  for (let v = 0; v < graph.n; v++) {
    let expected = 0;
    for (let k = 0; k < 8; k += 2) if (ring[8 * v + k] >= 0) expected++;
    if (adjStart[v + 1] - adjStart[v] !== expected) return false;
    for (let i = adjStart[v]; i < adjStart[v + 1]; i++) {
      const w = adj[i];
      if (ring[8 * v] !== w && ring[8 * v + 2] !== w && ring[8 * v + 4] !== w && ring[8 * v + 6] !== w) return false;
    }
  }
  return true;
}
