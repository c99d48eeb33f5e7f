/**
 * The graph families of `set_graph` (docs/graphs.md, "Families"), built from a spec string such as `grid 9 9`.
 *
 * Every family is planned before anything is allocated: the plan knows the vertex count and the link count from
 * arithmetic alone, so `complete 1000000` (about 5e11 edges) is refused at once instead of running out of memory.
 * Only then are the links fed to a GraphBuilder, which validates them and builds the CSR.
 *
 * Vertices are 0-based here; users see 1-based index names. Numbering (docs/graphs.md, "Families"):
 * - lattices (grid, torus, king, tri): index i is column ((i-1) mod W)+1, row floor((i-1)/W)+1, row 1 at the bottom;
 * - hex R: axial coordinates (q, r) with |q|, |r|, |q+r| < R, numbered row by row from the bottom row (r = -(R-1))
 *   and left to right (q increasing) within a row;
 * - star and wheel: hub 1; wheel's rim is the cycle 2..N; hypercube: vertex i is the bit pattern i-1;
 * - petersen: outer cycle 1..5, spokes i-(i+5), inner 6+i joined to 6+((i+2) mod 5).
 *
 * The random family, `random N P SEED`, is the Erdős–Rényi graph G(N, P): every pair (u, v) with u < v is an edge
 * with probability P, independently. Its exact edge set is part of the project's contract (the same spec must give
 * the same graph everywhere), so the algorithm is fixed here:
 * - the pairs are taken in lexicographic order (0,1), (0,2), ..., (0,N-1), (1,2), ..., (N-2,N-1) (0-based);
 * - rather than drawing once per pair (N = 1e6 has 5e11 pairs), the generator jumps straight to the next chosen pair
 *   (geometric skipping, Batagelj & Brandes 2005, "Efficient generation of large random networks"): from the
 *   position just after the last chosen pair (the start of the list at first) it draws r = rng.float() from
 *   `new Rng(SEED)`, skips floor(log(1-r) / log(1-P)) pairs and chooses the next one; it stops when the skip runs
 *   past the last pair. The logarithms are computed as Math.log1p(-r) / Math.log1p(-P);
 * - P = 0 gives no edge (no draw at all); P = 1 gives every pair (every skip is 0).
 * This costs one draw per edge plus one, so random 1000000 0.000004 1 (about 2e6 edges) takes well under a second.
 */
import { GRAPH_LIMITS, GraphBuilder, GraphError, type GraphLimits } from './graph.js';
import type { GraphErrorCode, GraphMeta, GraphResult, Lattice } from './graph.js';
import { Rng } from './rng.js';

/** Every family name `set_graph` knows, in the order the docs list them. */
export const GRAPH_FAMILIES = [
  'grid',
  'torus',
  'king',
  'tri',
  'hex',
  'path',
  'cycle',
  'complete',
  'star',
  'wheel',
  'hypercube',
  'petersen',
  'random',
  'edges',
] as const;
export type GraphFamily = (typeof GRAPH_FAMILIES)[number];

/** The families whose graphs are W x H lattices (GTP names apply to them up to 25 x 25). */
export const LATTICE_FAMILIES: readonly GraphFamily[] = ['grid', 'torus', 'king', 'tri'];

/** Usage line of every family, as printed in error messages. */
export const FAMILY_USAGE: { readonly [F in GraphFamily]: string } = {
  grid: 'grid W H',
  torus: 'torus W H',
  king: 'king W H',
  tri: 'tri W H',
  hex: 'hex R',
  path: 'path N',
  cycle: 'cycle N',
  complete: 'complete N',
  star: 'star N',
  wheel: 'wheel N',
  hypercube: 'hypercube D',
  petersen: 'petersen',
  random: 'random N P SEED',
  edges: 'edges N e1 e2 ...',
};

export function isGraphFamily(name: string): name is GraphFamily {
  return (GRAPH_FAMILIES as readonly string[]).includes(name);
}

/**
 * Builds the graph a `set_graph` spec describes. Never throws: every refusal is a GraphError with a message meant
 * for the user (it ends up after `? invalid graph: ` in GTP).
 */
export function parseGraphSpec(spec: string, limits: GraphLimits = GRAPH_LIMITS): GraphResult {
  // `edges` lines can be huge: they are scanned in place instead of being split into words.
  const familyStart = skipSpace(spec, 0);
  const familyEnd = tokenEnd(spec, familyStart);
  if (spec.slice(familyStart, familyEnd).toLowerCase() === 'edges') {
    return buildEdgesFamily(familyStart === 0 ? spec : spec.slice(familyStart), familyEnd - familyStart, limits);
  }
  const words = splitWords(spec);
  if (words.length === 0) {
    return failure('syntax', `empty graph spec; known families: ${GRAPH_FAMILIES.join(', ')}`);
  }
  const family = words[0].toLowerCase();
  // (`edges` was read above; excluding it here narrows the type for the table below.)
  if (!isGraphFamily(family) || family === 'edges') {
    return failure('unknown-family', `unknown graph family "${words[0]}"; known families: ${GRAPH_FAMILIES.join(', ')}`);
  }
  const args = words.slice(1);

  const table = FAMILY_TABLE[family];
  if (args.length !== table.params.length) {
    return failure(
      'syntax',
      `wrong number of arguments for ${family} (expected ${table.params.length}, got ${args.length}): ` +
        `usage ${FAMILY_USAGE[family]}`,
    );
  }
  const values: number[] = [];
  for (let i = 0; i < args.length; i++) {
    const value = parseParam(table.params[i], args[i]);
    if (value === null) {
      return failure('bad-number', `bad number "${args[i]}" for ${table.params[i]} in ${FAMILY_USAGE[family]}`);
    }
    values.push(value);
  }
  const normalisedSpec = [family, ...values.map((v) => String(v))].join(' ');
  const plan = table.plan(values);
  if (plan instanceof GraphError) return { ok: false, error: plan };

  const sizeError = checkSize(normalisedSpec, plan, limits);
  if (sizeError) return { ok: false, error: sizeError };

  const builder = new GraphBuilder(plan.vertices, Math.ceil(plan.links * 1.05) + 16, limits);
  plan.addLinks(builder);
  const meta: GraphMeta = plan.lattice
    ? { spec: normalisedSpec, lattice: plan.lattice, coords: plan.coords() }
    : { spec: normalisedSpec, coords: plan.coords() };
  return builder.build(meta);
}

// ---------------------------------------------------------------------------------------------------------------
// Parameters

/** Parameter names as they appear in the usage lines; the name decides how the text is read. */
type ParamName = 'W' | 'H' | 'R' | 'N' | 'D' | 'P' | 'SEED';

/**
 * Sizes are plain decimal integers (no sign, no fraction). P is a decimal probability (`0.05`, `4e-6`); whether it
 * lies in [0, 1] is the family's check, so the message can say so. SEED is a non-negative integer that fits a double
 * exactly (it is handed to Rng as a number, so `07` and `7` are the same seed; no sign, because `-3` would read as an
 * option on a command line).
 */
function parseParam(name: ParamName, text: string): number | null {
  if (name === 'P') {
    if (!/^(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text)) return null;
    const p = Number(text);
    return Number.isFinite(p) ? p : null;
  }
  if (name === 'SEED') {
    if (!/^\d+$/.test(text)) return null;
    const seed = Number(text);
    return Number.isSafeInteger(seed) ? seed : null;
  }
  // A size: huge values stay numbers (maybe inexact) so the size check can refuse them as too large.
  if (!/^\d+$/.test(text)) return null;
  return Number(text);
}

// ---------------------------------------------------------------------------------------------------------------
// Plans

interface FamilyPlan {
  readonly vertices: number;
  /** The exact link count, or for `random` the expected one. */
  readonly links: number;
  readonly linksAreExpected?: boolean;
  readonly lattice?: Lattice;
  addLinks(builder: GraphBuilder): void;
  coords(): Float64Array;
}

type Planner = (args: readonly number[]) => FamilyPlan | GraphError;

type SpecFamily = Exclude<GraphFamily, 'edges'>;

const FAMILY_TABLE: { readonly [F in SpecFamily]: { readonly params: readonly ParamName[]; readonly plan: Planner } } = {
  grid: { params: ['W', 'H'], plan: ([w, h]) => latticePlan('grid', w, h, 1) },
  torus: { params: ['W', 'H'], plan: ([w, h]) => latticePlan('torus', w, h, 3) },
  king: { params: ['W', 'H'], plan: ([w, h]) => latticePlan('king', w, h, 1) },
  tri: { params: ['W', 'H'], plan: ([w, h]) => latticePlan('tri', w, h, 1) },
  hex: { params: ['R'], plan: ([r]) => hexPlan(r) },
  path: { params: ['N'], plan: ([n]) => pathPlan(n) },
  cycle: { params: ['N'], plan: ([n]) => cyclePlan(n) },
  complete: { params: ['N'], plan: ([n]) => completePlan(n) },
  star: { params: ['N'], plan: ([n]) => starOrWheelPlan('star', n) },
  wheel: { params: ['N'], plan: ([n]) => starOrWheelPlan('wheel', n) },
  hypercube: { params: ['D'], plan: ([d]) => hypercubePlan(d) },
  petersen: { params: [], plan: () => petersenPlan() },
  random: { params: ['N', 'P', 'SEED'], plan: ([n, p, seed]) => randomPlan(n, p, seed) },
};

/** Refuses a plan whose counts exceed the limits, before a single array is allocated for it. */
function checkSize(spec: string, plan: FamilyPlan, limits: GraphLimits): GraphError | null {
  if (plan.vertices > limits.vertices) {
    return new GraphError(
      'too-large',
      `${spec} has ${formatCount(plan.vertices)} vertices, too large (limit ${limits.vertices})`,
    );
  }
  if (plan.links > limits.links) {
    const what = plan.linksAreExpected ? 'an expected' : '';
    return new GraphError(
      'too-large',
      `${spec} has ${what ? what + ' ' : ''}${formatCount(plan.links)} edges, too large (limit ${limits.links} links)`,
    );
  }
  return null;
}

/** Exact integers as digits; counts beyond 2^53 (hypercube 100) in exponent form rather than a fake exact value. */
function formatCount(count: number): string {
  return Number.isSafeInteger(count) ? String(count) : `about ${count.toPrecision(3)}`;
}

function latticePlan(family: 'grid' | 'torus' | 'king' | 'tri', w: number, h: number, min: number): FamilyPlan | GraphError {
  if (w < min || h < min) {
    // A torus below 3 would need a self-loop (1 wide) or a double edge (2 wide) to wrap.
    return new GraphError('too-small', `${family} needs W, H >= ${min}`);
  }
  const straight = (w - 1) * h + w * (h - 1);
  const diagonals = (w - 1) * (h - 1);
  const links = family === 'grid' ? straight : family === 'torus' ? 2 * w * h : family === 'king' ? straight + 2 * diagonals : straight + diagonals;
  return {
    vertices: w * h,
    links,
    lattice: { width: w, height: h },
    addLinks(b) {
      for (let y = 0; y < h; y++) {
        for (let x = 0; x < w; x++) {
          const v = y * w + x;
          if (family === 'torus') {
            b.addEdge(v, y * w + ((x + 1) % w));
            b.addEdge(v, ((y + 1) % h) * w + x);
            continue;
          }
          if (x + 1 < w) b.addEdge(v, v + 1);
          if (y + 1 < h) b.addEdge(v, v + w);
          if (x + 1 < w && y + 1 < h && family !== 'grid') b.addEdge(v, v + w + 1);
          if (x > 0 && y + 1 < h && family === 'king') b.addEdge(v, v + w - 1);
        }
      }
    },
    coords: () => latticeLayout(w, h),
  };
}

function hexPlan(r: number): FamilyPlan | GraphError {
  if (r < 1) return new GraphError('too-small', 'hex needs R >= 1');
  const side = r - 1;
  const rows = 2 * r - 1;
  // Row j (0-based from the bottom) holds axial r = j - side; q runs from max(-side, -side-r) to min(side, side-r).
  const qMin = (row: number): number => Math.max(-side, -side - (row - side));
  const qMax = (row: number): number => Math.min(side, side - (row - side));
  return {
    vertices: 3 * r * (r - 1) + 1,
    // 3 directions of lattice edges, each counted once: 9R^2 - 15R + 6 (0 for R = 1, 12 for R = 2).
    links: 9 * r * r - 15 * r + 6,
    addLinks(b) {
      const rowStart = new Int32Array(rows + 1);
      for (let row = 0; row < rows; row++) rowStart[row + 1] = rowStart[row] + (qMax(row) - qMin(row) + 1);
      const id = (row: number, q: number): number => rowStart[row] + (q - qMin(row));
      for (let row = 0; row < rows; row++) {
        for (let q = qMin(row); q <= qMax(row); q++) {
          const v = id(row, q);
          // The three "forward" directions (+1,0), (0,+1), (-1,+1) reach every edge once.
          if (q + 1 <= qMax(row)) b.addEdge(v, v + 1);
          if (row + 1 < rows) {
            if (q >= qMin(row + 1) && q <= qMax(row + 1)) b.addEdge(v, id(row + 1, q));
            if (q - 1 >= qMin(row + 1) && q - 1 <= qMax(row + 1)) b.addEdge(v, id(row + 1, q - 1));
          }
        }
      }
    },
    coords() {
      const n = 3 * r * (r - 1) + 1;
      const coords = new Float64Array(2 * n);
      let v = 0;
      for (let row = 0; row < rows; row++) {
        const axialR = row - side;
        for (let q = qMin(row); q <= qMax(row); q++) {
          // Unit spacing between neighbours: axial to cartesian for pointy-topped rows.
          coords[2 * v] = q + axialR / 2;
          coords[2 * v + 1] = (axialR * Math.sqrt(3)) / 2;
          v++;
        }
      }
      return coords;
    },
  };
}

function pathPlan(n: number): FamilyPlan | GraphError {
  if (n < 1) return new GraphError('too-small', 'path needs N >= 1');
  return {
    vertices: n,
    links: n - 1,
    addLinks(b) {
      for (let v = 0; v + 1 < n; v++) b.addEdge(v, v + 1);
    },
    coords: () => snakeLayout(n),
  };
}

function cyclePlan(n: number): FamilyPlan | GraphError {
  if (n < 3) return new GraphError('too-small', 'cycle needs N >= 3');
  return {
    vertices: n,
    links: n,
    addLinks(b) {
      for (let v = 0; v < n; v++) b.addEdge(v, (v + 1) % n);
    },
    coords: () => circleLayout(n),
  };
}

function completePlan(n: number): FamilyPlan | GraphError {
  if (n < 1) return new GraphError('too-small', 'complete needs N >= 1');
  return {
    vertices: n,
    links: (n * (n - 1)) / 2,
    addLinks(b) {
      for (let u = 0; u < n; u++) for (let v = u + 1; v < n; v++) b.addEdge(u, v);
    },
    coords: () => circleLayout(n),
  };
}

function starOrWheelPlan(family: 'star' | 'wheel', n: number): FamilyPlan | GraphError {
  // A wheel's rim must be a cycle, so it needs 3 rim vertices; a star of 1 vertex is a lone hub.
  const min = family === 'wheel' ? 4 : 1;
  if (n < min) return new GraphError('too-small', `${family} needs N >= ${min}`);
  return {
    vertices: n,
    links: family === 'wheel' ? 2 * (n - 1) : n - 1,
    addLinks(b) {
      for (let v = 1; v < n; v++) b.addEdge(0, v);
      if (family === 'wheel') for (let v = 1; v < n; v++) b.addEdge(v, v + 1 < n ? v + 1 : 1);
    },
    coords: () => hubLayout(n),
  };
}

function hypercubePlan(d: number): FamilyPlan | GraphError {
  const n = 2 ** d;
  return {
    vertices: n,
    links: d === 0 ? 0 : d * 2 ** (d - 1),
    addLinks(b) {
      for (let v = 0; v < n; v++) {
        for (let bit = 0; bit < d; bit++) {
          const w = v ^ (1 << bit);
          if (v < w) b.addEdge(v, w);
        }
      }
    },
    coords: () => hypercubeLayout(d),
  };
}

function petersenPlan(): FamilyPlan {
  return {
    vertices: 10,
    links: 15,
    addLinks(b) {
      for (let i = 0; i < 5; i++) {
        b.addEdge(i, (i + 1) % 5); // outer cycle 1..5
        b.addEdge(i, i + 5); // spoke i-(i+5)
        b.addEdge(5 + i, 5 + ((i + 2) % 5)); // inner pentagram 6..10
      }
    },
    coords() {
      // Inner vertices at the same angles as their outer partners: the inner links (step 2) then draw a pentagram.
      const coords = new Float64Array(20);
      for (let i = 0; i < 5; i++) {
        const angle = Math.PI / 2 - (2 * Math.PI * i) / 5;
        coords[2 * i] = 2 * Math.cos(angle);
        coords[2 * i + 1] = 2 * Math.sin(angle);
        coords[2 * (i + 5)] = Math.cos(angle);
        coords[2 * (i + 5) + 1] = Math.sin(angle);
      }
      return coords;
    },
  };
}

function randomPlan(n: number, p: number, seed: number): FamilyPlan | GraphError {
  if (n < 1) return new GraphError('too-small', 'random needs N >= 1');
  if (!(p >= 0 && p <= 1)) return new GraphError('bad-number', `random needs 0 <= P <= 1, got ${p}`);
  return {
    vertices: n,
    links: ((n * (n - 1)) / 2) * p,
    linksAreExpected: p < 1,
    addLinks: (b) => addRandomEdges(b, n, p, seed),
    coords: () => circleLayout(n),
  };
}

/** The G(N, P) edges in lexicographic pair order by geometric skipping; see the header comment (it is the spec). */
function addRandomEdges(b: GraphBuilder, n: number, p: number, seed: number): void {
  if (p === 0 || n < 2) return;
  const rng = new Rng(seed);
  const logQ = Math.log1p(-p); // -Infinity for p = 1: every skip is then 0
  const totalPairs = (n * (n - 1)) / 2;
  // (u, v) is the last chosen pair; v = u = 0 stands for "before the first pair (0, 1)".
  let u = 0;
  let v = 0;
  for (;;) {
    const skip = Math.floor(Math.log1p(-rng.float()) / logQ);
    // A skip past every pair ends the graph; the test also keeps v an exact integer below.
    if (!(skip < totalPairs)) return;
    v += 1 + skip;
    while (v >= n) {
      // Row u holds pairs (u, u+1)..(u, n-1); the overflow carries into row u+1, which starts at v = u+2.
      v = v - n + u + 2;
      u++;
      if (u >= n - 1) return;
    }
    b.addEdge(u, v);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The edges family

/**
 * `edges N e1 e2 ...`: links written `u-v` (edge) or `u>v` (arc, v is a liberty of u), 1-based. `text` is the whole
 * spec and `start` the offset just after the family word. The text is scanned in place rather than split into
 * tokens, because a million-vertex graph has millions of them and GTP's set_graph reads such lines.
 */
function buildEdgesFamily(text: string, start: number, limits: GraphLimits): GraphResult {
  const end = text.length;
  let i = skipSpace(text, start);
  if (i >= end) return failure('syntax', `wrong number of arguments for edges: usage ${FAMILY_USAGE.edges}`);
  const nEnd = tokenEnd(text, i);
  const nText = text.slice(i, nEnd);
  const n = parseParam('N', nText);
  if (n === null) return failure('bad-number', `bad number "${nText}" for N in ${FAMILY_USAGE.edges}`);
  if (n < 1) return failure('too-small', 'edges needs N >= 1');
  if (n > limits.vertices) {
    return failure('too-large', `edges ${formatCount(n)} has ${formatCount(n)} vertices, too large (limit ${limits.vertices})`);
  }
  // The spec is kept as given when it is already in normal form (the usual case, e.g. get_graph's own output).
  let canonical = text.startsWith('edges ') && start === 5 && nText === String(n);
  const builder = new GraphBuilder(n, 16, limits);
  i = nEnd;
  for (;;) {
    const next = skipSpace(text, i);
    if (next >= end) {
      if (next !== i) canonical = false; // trailing blanks
      break;
    }
    if (next !== i + 1 || text.charCodeAt(i) !== 32) canonical = false;
    i = next;
    // One link token: digits, '-' or '>', digits, then a blank or the end.
    const tokenStart = i;
    let u = 0;
    while (i < end && isDigit(text.charCodeAt(i))) u = u * 10 + (text.charCodeAt(i++) - 48);
    const sep = text.charCodeAt(i);
    const uDigits = i - tokenStart;
    let vDigits = 0;
    let v = 0;
    if (uDigits > 0 && (sep === 45 || sep === 62)) {
      i++;
      const vStart = i;
      while (i < end && isDigit(text.charCodeAt(i))) v = v * 10 + (text.charCodeAt(i++) - 48);
      vDigits = i - vStart;
      if (text.charCodeAt(tokenStart) === 48 || text.charCodeAt(vStart) === 48) canonical = false; // leading zero
    }
    if (uDigits === 0 || vDigits === 0 || (i < end && !isSpace(text.charCodeAt(i)))) {
      const bad = text.slice(tokenStart, tokenEnd(text, tokenStart));
      return failure('syntax', `bad link "${bad}" in edges (expected u-v or u>v)`);
    }
    const accepted = sep === 62 ? builder.addArc(u - 1, v - 1) : builder.addEdge(u - 1, v - 1);
    if (!accepted) break; // the builder keeps the error; build() reports it
  }
  return builder.build({ spec: canonical ? text : normalEdgesSpec(text, start, n), coords: circleLayout(n) });
}

/** The spec in normal form: single spaces, no leading zeros. Only for specs already scanned and found valid. */
function normalEdgesSpec(text: string, start: number, n: number): string {
  const tokens = splitWords(text.slice(start)).slice(1);
  const links = tokens.map((token) => {
    const link = parseLinkToken(token)!;
    return `${link.u}${link.arc ? '>' : '-'}${link.v}`;
  });
  return ['edges', String(n), ...links].join(' ');
}

/** Blanks between spec words: ASCII space and control characters (tab, newline, CR, ...), and no-break space. */
function isSpace(code: number): boolean {
  return code <= 32 || code === 160;
}

function splitWords(text: string): string[] {
  const words: string[] = [];
  for (let i = skipSpace(text, 0); i < text.length; ) {
    const end = tokenEnd(text, i);
    words.push(text.slice(i, end));
    i = skipSpace(text, end);
  }
  return words;
}

function skipSpace(text: string, i: number): number {
  while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  return i;
}

function tokenEnd(text: string, i: number): number {
  while (i < text.length && !isSpace(text.charCodeAt(i))) i++;
  return i;
}

/** `u-v` or `u>v` with decimal u, v (no sign); null when the token is anything else. */
export function parseLinkToken(token: string): { u: number; v: number; arc: boolean } | null {
  let i = 0;
  let u = 0;
  while (i < token.length && isDigit(token.charCodeAt(i))) u = u * 10 + (token.charCodeAt(i++) - 48);
  if (i === 0 || i >= token.length) return null;
  const sep = token[i++];
  if (sep !== '-' && sep !== '>') return null;
  const vStart = i;
  let v = 0;
  while (i < token.length && isDigit(token.charCodeAt(i))) v = v * 10 + (token.charCodeAt(i++) - 48);
  if (i === vStart || i !== token.length) return null;
  return { u, v, arc: sep === '>' };
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

// ---------------------------------------------------------------------------------------------------------------
// Layouts: drawing coordinates, x and y interleaved, y growing upward (row 1 of a lattice at the bottom).

/** Lattice positions: vertex y*W + x at (x, y). */
export function latticeLayout(w: number, h: number): Float64Array {
  const coords = new Float64Array(2 * w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const v = y * w + x;
      coords[2 * v] = x;
      coords[2 * v + 1] = y;
    }
  }
  return coords;
}

/**
 * n points on a circle, vertex 0 at the top, going clockwise. The radius grows with n so that neighbouring points
 * stay about one unit apart, like lattice points.
 */
export function circleLayout(n: number): Float64Array {
  const coords = new Float64Array(2 * n);
  const radius = Math.max(1, n / (2 * Math.PI));
  for (let v = 0; v < n; v++) {
    const angle = Math.PI / 2 - (2 * Math.PI * v) / n;
    coords[2 * v] = radius * Math.cos(angle);
    coords[2 * v + 1] = radius * Math.sin(angle);
  }
  return coords;
}

/** Hub (vertex 0) at the centre, the other n-1 vertices on a circle around it. */
function hubLayout(n: number): Float64Array {
  const coords = new Float64Array(2 * n);
  coords.set(circleLayout(n - 1), 2);
  return coords;
}

/** A path folded like a snake into rows of ceil(sqrt(n)) so that long paths stay square; consecutive vertices touch. */
function snakeLayout(n: number): Float64Array {
  const width = Math.max(1, Math.ceil(Math.sqrt(n)));
  const coords = new Float64Array(2 * n);
  for (let v = 0; v < n; v++) {
    const row = Math.floor(v / width);
    const col = v % width;
    coords[2 * v] = row % 2 === 0 ? col : width - 1 - col;
    coords[2 * v + 1] = row;
  }
  return coords;
}

/**
 * Vertex v at the sum of one vector per set bit. Even bits point roughly right and odd bits roughly up, doubling in
 * length every two bits so that the picture spreads out like a grid; each pair of bits is turned a little further
 * so that no link runs straight through another vertex.
 */
function hypercubeLayout(d: number): Float64Array {
  const n = 2 ** d;
  const vx = new Float64Array(d);
  const vy = new Float64Array(d);
  for (let bit = 0; bit < d; bit++) {
    const level = Math.floor(bit / 2);
    const angle = (bit % 2 === 0 ? 0 : Math.PI / 2) + level * 0.35;
    const length = 2 ** level;
    vx[bit] = length * Math.cos(angle);
    vy[bit] = length * Math.sin(angle);
  }
  const coords = new Float64Array(2 * n);
  for (let v = 0; v < n; v++) {
    let x = 0;
    let y = 0;
    for (let bit = 0; bit < d; bit++) {
      if (v & (1 << bit)) {
        x += vx[bit];
        y += vy[bit];
      }
    }
    coords[2 * v] = x;
    coords[2 * v + 1] = y;
  }
  return coords;
}

function failure(code: GraphErrorCode, message: string): GraphResult {
  return { ok: false, error: new GraphError(code, message) };
}
