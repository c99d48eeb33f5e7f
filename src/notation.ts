/**
 * Vertex names (docs/graphs.md, "Vertex names").
 *
 * - Every vertex has its index name `1`..`n` (vertex v, 0-based inside the program, is `v+1`); always accepted.
 * - On a lattice (grid, torus, king, tri) of at most 25 x 25 it also has its GTP name: column letter A..Z without I,
 *   row number from 1 at the bottom. Index i (1-based) is column ((i-1) mod W)+1, row floor((i-1)/W)+1.
 * - A graph read from a JSON file may carry custom names.
 * Names are case-insensitive. `pass` and `resign` are never vertex names.
 */
import type { Graph, GraphMeta } from './graph.js';
import { PASS, RESIGN } from './vocabulary.js';
import { failure, ok, type Result } from './result.js';

/** GTP's column letters: I is skipped because it looks like J and 1. */
const GTP_COLUMNS = 'ABCDEFGHJKLMNOPQRSTUVWXYZ';

/** The largest lattice side with GTP names (25 letters). */
export const MAX_GTP_SIDE = GTP_COLUMNS.length;

export type VertexParse = Result<number, 'unknown-vertex'>;

/** What the built-in names depend on: the vertex count and the lattice (a file reader checks names before building). */
export type NamedShape = { readonly n: number; readonly meta: Pick<GraphMeta, 'lattice'> };

/** The GTP letter of 0-based column x (0 -> A, 8 -> J); throws for columns outside 0..24, a programming error. */
export function gtpColumnLetter(x: number): string {
  if (!Number.isInteger(x) || x < 0 || x >= GTP_COLUMNS.length) throw new RangeError(`no GTP column ${x}`);
  return GTP_COLUMNS[x];
}

/** Whether the graph's vertices have GTP names (a lattice no larger than 25 x 25). */
export function hasGtpNames(graph: NamedShape): boolean {
  const lattice = graph.meta.lattice;
  return lattice !== undefined && lattice.width <= MAX_GTP_SIDE && lattice.height <= MAX_GTP_SIDE;
}

/** The name the engine prints for vertex v (0-based): GTP name, else custom name, else index name. */
export function vertexName(graph: Graph, v: number): string {
  const lattice = graph.meta.lattice;
  if (lattice !== undefined && hasGtpNames(graph)) {
    return gtpColumnLetter(v % lattice.width) + String(Math.floor(v / lattice.width) + 1);
  }
  const names = graph.meta.names;
  if (names !== undefined) return names[v];
  return String(v + 1);
}

/** A move as GTP answers and records write it: `pass`, `resign`, else the vertex's name. */
export function moveName(graph: Graph, move: number): string {
  if (move === PASS) return 'pass';
  if (move === RESIGN) return 'resign';
  return vertexName(graph, move);
}

/**
 * Reads a vertex (or `pass`, or `resign`) as a user typed it. Index names come first, then GTP names, then custom
 * names; graph-formats refuses custom names that would clash with either, so the order never hides a vertex.
 * Returns PASS for `pass` and RESIGN for `resign`: which of them a command accepts is the caller's decision.
 */
export function parseVertex(graph: Graph, text: string): VertexParse {
  const word = text.trim().toLowerCase();
  if (word === 'pass') return ok(PASS);
  if (word === 'resign') return ok(RESIGN);
  const builtIn = parseBuiltInName(graph, word);
  if (builtIn !== null) return ok(builtIn);
  if (graph.meta.names !== undefined) {
    const named = customNameIndex(graph).get(word);
    if (named !== undefined) return ok(named);
  }
  return failure('unknown-vertex', `no vertex "${text.trim()}" on this graph`);
}

/**
 * The vertex an index name or GTP name (already lower-cased) denotes, ignoring custom names; null when it is
 * neither. Exported for graph-formats, which checks that custom names do not collide with these.
 */
export function parseBuiltInName(graph: NamedShape, word: string): number | null {
  if (/^[1-9]\d*$/.test(word)) {
    const index = Number(word);
    return index <= graph.n ? index - 1 : null;
  }
  const lattice = graph.meta.lattice;
  if (lattice === undefined || !hasGtpNames(graph)) return null;
  const match = /^([a-z])([1-9]\d?)$/.exec(word);
  if (match === null) return null;
  const column = GTP_COLUMNS.indexOf(match[1].toUpperCase());
  const row = Number(match[2]) - 1;
  if (column < 0 || column >= lattice.width || row >= lattice.height) return null;
  return row * lattice.width + column;
}

/** Lower-cased custom name -> vertex, built once per graph (graphs are immutable, so the cache never goes stale). */
const customNameCache = new WeakMap<Graph, Map<string, number>>();

function customNameIndex(graph: Graph): Map<string, number> {
  let index = customNameCache.get(graph);
  if (index === undefined) {
    index = new Map();
    const names = graph.meta.names ?? [];
    for (let v = 0; v < names.length; v++) {
      const key = names[v].toLowerCase();
      if (!index.has(key)) index.set(key, v);
    }
    customNameCache.set(graph, index);
  }
  return index;
}
