/**
 * A board graph in compressed sparse rows.
 *
 * Three adjacency views are kept, because the rules use three relations (docs/rules.md, "The board"):
 * - `adj`: the underlying undirected graph (groups, empty regions and scoring touch through it);
 * - `lib`: out-liberties, v is in lib(u) when u-v is an edge or u>v an arc (v is a liberty of u);
 * - `rlib`: the reverse of `lib`, u is in rlib(v) when v is a liberty of u; placing a stone on v removes
 *   a liberty from exactly the chains with a stone in rlib(v).
 * Without arcs the three views are one and the same arrays, so an undirected board costs one CSR.
 *
 * Vertices are 0-based integers inside the program; users see 1-based index names (docs/graphs.md, "Vertex names").
 */
import { grown } from './grown.js';
import { ok, type Result } from './result.js';

export const EDGE = 0;
export const ARC = 1;
export type LinkKind = typeof EDGE | typeof ARC;

/** A lattice the GTP coordinate names (A1..Z25) apply to: index i is column i mod width, row i div width. */
export interface Lattice {
  readonly width: number;
  readonly height: number;
}

export interface GraphMeta {
  /** The `set_graph` spec that built the graph, when it came from a family (e.g. `grid 9 9`). */
  readonly spec?: string;
  /** Set for the lattice families (grid, torus, king, tri). */
  readonly lattice?: Lattice;
  /** Drawing coordinates, x and y interleaved (2n numbers), or undefined when the graph has none. */
  readonly coords?: Float64Array;
  /** Optional custom vertex names (from a JSON file); index names are always accepted too. */
  readonly names?: readonly string[];
}

/** Hard limits: anything larger is refused as "too large" before memory is committed. */
export const MAX_VERTICES = 1 << 24;
/** About 2 GB at build time (link lists, sort buffers and three CSR views); more would exhaust a default Node heap. */
export const MAX_LINKS = 20_000_000;

/** The most vertices and links a graph may have; counts past them are refused as "too large" before building. */
export interface GraphLimits {
  readonly vertices: number;
  readonly links: number;
}

/**
 * What the graph library itself builds (`graphgo graph` converts graphs this large). A board to play on has the
 * smaller limits of src/setup.ts.
 */
export const GRAPH_LIMITS: GraphLimits = { vertices: MAX_VERTICES, links: MAX_LINKS };

export class Graph {
  readonly n: number;
  readonly adjStart: Int32Array;
  readonly adj: Int32Array;
  readonly libStart: Int32Array;
  readonly lib: Int32Array;
  readonly rlibStart: Int32Array;
  readonly rlib: Int32Array;
  /** The links as given, normalised: for edges u < v; for arcs u>v as directed. Sorted by (min, max). */
  readonly linkU: Int32Array;
  readonly linkV: Int32Array;
  readonly linkKind: Uint8Array;
  readonly arcCount: number;
  readonly edgeCount: number;
  readonly meta: GraphMeta;

  /** Use `buildGraph` (validating) rather than this constructor. */
  constructor(
    n: number,
    linkU: Int32Array,
    linkV: Int32Array,
    linkKind: Uint8Array,
    meta: GraphMeta,
  ) {
    this.n = n;
    this.linkU = linkU;
    this.linkV = linkV;
    this.linkKind = linkKind;
    this.meta = meta;
    const m = linkU.length;
    let arcs = 0;
    for (let i = 0; i < m; i++) arcs += linkKind[i];
    this.arcCount = arcs;
    this.edgeCount = m - arcs;

    // Underlying adjacency: every link both ways.
    const adjDeg = new Int32Array(n + 1);
    for (let i = 0; i < m; i++) {
      adjDeg[linkU[i]]++;
      adjDeg[linkV[i]]++;
    }
    this.adjStart = prefixSums(adjDeg, n);
    this.adj = new Int32Array(this.adjStart[n]);
    fillCsr(this.adjStart, this.adj, n, m, linkU, linkV, null);

    if (arcs === 0) {
      this.libStart = this.adjStart;
      this.lib = this.adj;
      this.rlibStart = this.adjStart;
      this.rlib = this.adj;
    } else {
      const libDeg = new Int32Array(n + 1);
      const rlibDeg = new Int32Array(n + 1);
      for (let i = 0; i < m; i++) {
        libDeg[linkU[i]]++;
        rlibDeg[linkV[i]]++;
        if (linkKind[i] === EDGE) {
          libDeg[linkV[i]]++;
          rlibDeg[linkU[i]]++;
        }
      }
      this.libStart = prefixSums(libDeg, n);
      this.lib = new Int32Array(this.libStart[n]);
      fillCsr(this.libStart, this.lib, n, m, linkU, linkV, linkKind);
      this.rlibStart = prefixSums(rlibDeg, n);
      this.rlib = new Int32Array(this.rlibStart[n]);
      fillCsr(this.rlibStart, this.rlib, n, m, linkV, linkU, linkKind);
    }
  }

  degree(v: number): number {
    return this.adjStart[v + 1] - this.adjStart[v];
  }

  /** Underlying neighbours of v (a fresh array: for tests and tools, not hot loops). */
  neighbors(v: number): number[] {
    return Array.from(this.adj.subarray(this.adjStart[v], this.adjStart[v + 1]));
  }

  /** Vertices that are liberties of a stone on v (fresh array; not for hot loops). */
  liberties(v: number): number[] {
    return Array.from(this.lib.subarray(this.libStart[v], this.libStart[v + 1]));
  }

  /** Smallest and largest underlying degree (0, 0 for the empty graph). */
  degreeRange(): { min: number; max: number } {
    if (this.n === 0) return { min: 0, max: 0 };
    let min = Infinity;
    let max = 0;
    for (let v = 0; v < this.n; v++) {
      const d = this.adjStart[v + 1] - this.adjStart[v];
      if (d < min) min = d;
      if (d > max) max = d;
    }
    return { min, max };
  }

  get linkCount(): number {
    return this.linkU.length;
  }
}

function prefixSums(deg: Int32Array, n: number): Int32Array {
  const start = new Int32Array(n + 1);
  let s = 0;
  for (let v = 0; v < n; v++) {
    start[v] = s;
    s += deg[v];
  }
  start[n] = s;
  return start;
}

/**
 * Fills a CSR from links. With `kind` null every link goes both ways; otherwise a link always adds from->to and,
 * when it is an edge, to->from. Links arrive sorted by (smaller, larger) endpoint, which makes every row come out
 * sorted: row x first receives the smaller endpoints of links whose larger end is x, in increasing order, then the
 * larger endpoints of links whose smaller end is x. Sorted rows give every traversal a deterministic order.
 */
function fillCsr(
  start: Int32Array,
  out: Int32Array,
  n: number,
  m: number,
  from: Int32Array,
  to: Int32Array,
  kind: Uint8Array | null,
): void {
  const fill = start.slice(0, n);
  for (let i = 0; i < m; i++) {
    const a = from[i];
    const b = to[i];
    out[fill[a]++] = b;
    if (kind === null || kind[i] === EDGE) out[fill[b]++] = a;
  }
}

/** Why a graph was refused. `code` is stable for programs; `message` is for people. */
export type GraphErrorCode =
  | 'self-loop'
  | 'out-of-range'
  | 'duplicate'
  | 'unknown-family'
  | 'bad-number'
  | 'too-large'
  | 'too-small'
  | 'syntax'
  | 'bad-file';

export class GraphError extends Error {
  constructor(
    readonly code: GraphErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'GraphError';
  }
}

export type GraphResult = Result<Graph, GraphErrorCode>;

/**
 * Collects links, checking each as it comes, and builds an immutable Graph. Vertices are 0-based here.
 * Nothing is half-built: `build` either returns a whole graph or the first error met.
 * Links accumulate in growable typed arrays and duplicates are found after a linear-time radix sort, so a graph
 * of millions of links loads without a hash map per link.
 */
export class GraphBuilder {
  private us: Int32Array;
  private vs: Int32Array;
  private kinds: Uint8Array;
  private m = 0;
  private error: GraphError | null = null;

  /** `expectedLinks` sizes the link arrays up front when the caller knows the count (families do). */
  constructor(
    readonly n: number,
    expectedLinks = 16,
    private readonly limits: GraphLimits = GRAPH_LIMITS,
  ) {
    const capacity = Math.max(16, Math.min(Math.floor(expectedLinks) || 16, limits.links));
    this.us = new Int32Array(capacity);
    this.vs = new Int32Array(capacity);
    this.kinds = new Uint8Array(capacity);
    if (!Number.isInteger(n) || n < 0) this.fail('bad-number', `bad vertex count ${n}`);
    else if (n > limits.vertices) this.fail('too-large', `${n} vertices is too large (limit ${limits.vertices})`);
  }

  get failed(): GraphError | null {
    return this.error;
  }

  get linkCount(): number {
    return this.m;
  }

  private fail(code: GraphErrorCode, message: string): false {
    if (!this.error) this.error = new GraphError(code, message);
    return false;
  }

  private push(u: number, v: number, kind: LinkKind, sep: string): boolean {
    if (this.error) return false;
    const n = this.n;
    if (!Number.isInteger(u) || u < 0 || u >= n) {
      return this.fail('out-of-range', `vertex ${u + 1} out of range 1..${n} in ${u + 1}${sep}${v + 1}`);
    }
    if (!Number.isInteger(v) || v < 0 || v >= n) {
      return this.fail('out-of-range', `vertex ${v + 1} out of range 1..${n} in ${u + 1}${sep}${v + 1}`);
    }
    if (u === v) return this.fail('self-loop', `self-loop ${u + 1}${sep}${v + 1}`);
    const maxLinks = this.limits.links;
    if (this.m >= maxLinks) return this.fail('too-large', `more than ${maxLinks} links is too large`);
    if (this.m === this.us.length) {
      const size = Math.min(this.m * 2, maxLinks);
      this.us = grown(this.us, size);
      this.vs = grown(this.vs, size);
      this.kinds = grown(this.kinds, size);
    }
    this.us[this.m] = u;
    this.vs[this.m] = v;
    this.kinds[this.m] = kind;
    this.m++;
    return true;
  }

  /** An undirected edge u-v (0-based). Returns false (and records the error) when it is refused. */
  addEdge(u: number, v: number): boolean {
    return this.push(u, v, EDGE, '-');
  }

  /** An arc u>v (0-based): v is a liberty of u. Together with the opposite arc it makes an edge. */
  addArc(u: number, v: number): boolean {
    return this.push(u, v, ARC, '>');
  }

  build(meta: GraphMeta = {}): GraphResult {
    if (this.error) return { ok: false, error: this.error };
    const n = this.n;
    const m = this.m;
    if (meta.coords && meta.coords.length !== 2 * n) {
      return fail('bad-file', `expected ${n} coordinate pairs, got ${meta.coords.length / 2}`);
    }
    if (meta.names && meta.names.length !== n) {
      return fail('bad-file', `expected ${n} names, got ${meta.names.length}`);
    }
    const us = this.us;
    const vs = this.vs;
    const lo = new Int32Array(m);
    const hi = new Int32Array(m);
    for (let i = 0; i < m; i++) {
      lo[i] = us[i] < vs[i] ? us[i] : vs[i];
      hi[i] = us[i] < vs[i] ? vs[i] : us[i];
    }
    // LSD radix sort on (lo, hi): stable counting sort by hi, then by lo. Stability keeps input order among equals,
    // so the reported duplicate is the later one, as a user reading the input would expect.
    const byHi = countingSortOrder(hi, n, null);
    const order = countingSortOrder(lo, n, byHi);

    const linkU = new Int32Array(m);
    const linkV = new Int32Array(m);
    const linkKind = new Uint8Array(m);
    let k = 0;
    for (let t = 0; t < m; t++) {
      const i = order[t];
      if (k > 0 && lo[i] === (linkU[k - 1] < linkV[k - 1] ? linkU[k - 1] : linkV[k - 1]) &&
          hi[i] === (linkU[k - 1] < linkV[k - 1] ? linkV[k - 1] : linkU[k - 1])) {
        const prevOpposite = linkKind[k - 1] === ARC && this.kinds[i] === ARC && linkU[k - 1] === vs[i] &&
          linkV[k - 1] === us[i];
        const sep = this.kinds[i] === ARC ? '>' : '-';
        if (!prevOpposite) return fail('duplicate', `duplicate link ${us[i] + 1}${sep}${vs[i] + 1}`);
        linkU[k - 1] = lo[i];
        linkV[k - 1] = hi[i];
        linkKind[k - 1] = EDGE;
        continue;
      }
      if (this.kinds[i] === EDGE) {
        linkU[k] = lo[i];
        linkV[k] = hi[i];
      } else {
        linkU[k] = us[i];
        linkV[k] = vs[i];
      }
      linkKind[k] = this.kinds[i];
      k++;
    }
    const fit = k === m;
    return ok(
      new Graph(
        n,
        fit ? linkU : linkU.slice(0, k),
        fit ? linkV : linkV.slice(0, k),
        fit ? linkKind : linkKind.slice(0, k),
        meta,
      ),
    );
  }
}

function fail(code: GraphErrorCode, message: string): GraphResult {
  return { ok: false, error: new GraphError(code, message) };
}

/** Stable counting sort of positions by key (keys in 0..n-1); `within` is the order to keep among equal keys. */
function countingSortOrder(key: Int32Array, n: number, within: Int32Array | null): Int32Array {
  const m = key.length;
  const count = new Int32Array(n + 1);
  for (let i = 0; i < m; i++) count[key[i] + 1]++;
  for (let v = 0; v < n; v++) count[v + 1] += count[v];
  const out = new Int32Array(m);
  for (let t = 0; t < m; t++) {
    const i = within === null ? t : within[t];
    out[count[key[i]]++] = i;
  }
  return out;
}
