/**
 * The exact number of legal positions of a graph: colourings (empty, black, white per vertex) in which every group
 * has a liberty (docs/rules.md, "The board": a group is a chain connected in the underlying graph; v is a liberty of
 * the group when v is empty and v is in lib(u) for a stone u of the group, so an arc u>v gives u the liberty v, not
 * the reverse).
 *
 * Method: a transfer-matrix (frontier) dynamic programme over a vertex order, as Tromp and Farnebäck count legal
 * positions on m x n boards ("Combinatorics of Go", CG 2006). Vertices are coloured one at a time. The frontier is
 * the set of coloured vertices that still have an uncoloured neighbour; a state records, for each frontier vertex,
 * its colour and, for stones, which frontier stones share a group (the partition is relabelled canonically) and
 * whether that group already has a liberty. A group that has a liberty can never lose it (the colouring only grows),
 * so such groups need no record of their connections: only groups still without a liberty carry a label, which
 * keeps the states few. Colouring a vertex w:
 * - empty: every frontier group with a stone u such that w is in lib(u) gains a liberty;
 * - a stone: w joins the frontier groups of its colour adjacent to it; the merged group has a liberty if one of them
 *   had, or if some empty frontier vertex is in lib(w);
 * then vertices whose neighbours are all coloured leave the frontier; a group none of whose stones remain in the
 * frontier can never gain a liberty, so a state in which such a group has none is dropped. Every liberty relation
 * is seen while both ends are coloured and one of them is still in the frontier, so the count is exact. The work
 * is about 3 * n * (number of states), and the number of states grows exponentially with the frontier width only:
 * a W x H grid taken row by row has a frontier of min(W, H), so 9 x 9 is counted exactly.
 *
 * The order: lattices are taken row by row along their shorter side; any graph is also tried with a greedy order
 * (repeatedly colour the vertex that leaves the smallest frontier) from several starts, and the order with the
 * smallest largest frontier wins. Counts are BigInts; states are strings, one character per frontier vertex.
 */
import type { Graph } from '../graph.js';

export interface CountReport {
  readonly count: bigint;
  /** The vertex order used. */
  readonly order: readonly number[];
  /** The largest frontier along the order. */
  readonly frontier: number;
  /** The largest number of states held at once. */
  readonly states: number;
  readonly seconds: number;
}

export interface CountOptions {
  /** A vertex order to use instead of the chosen one (a permutation of 0..n-1). */
  readonly order?: readonly number[];
  /** Called after each vertex with the number of vertices done and the states held. */
  readonly onProgress?: (done: number, states: number) => void;
  /** Give up (throw) beyond this many states at once. */
  readonly maxStates?: number;
  /** Give up (throw CountTimeError) after this many seconds; checked every 4,096 states. */
  readonly maxSeconds?: number | null;
  /**
   * Called every `tickSeconds` (default 2) while a vertex is being added, with the vertices done, the states of the
   * step being built so far and the elapsed seconds: progress on graphs where one vertex takes long.
   */
  readonly onTick?: (done: number, states: number, seconds: number) => void;
  readonly tickSeconds?: number;
}

/** The most frontier states the count holds at once (a JavaScript Map's limit is 2^24 entries). */
export const MAX_COUNT_STATES = 16_000_000;

export class CountLimitError extends Error {
  constructor(readonly states: number) {
    super(`more than ${states.toLocaleString('en-US')} frontier states at once: this graph's frontier is too wide to count`);
  }
}

/** The count ran past its time limit. */
export class CountTimeError extends Error {
  constructor(
    readonly seconds: number,
    readonly done: number,
    readonly vertices: number,
    readonly states: number,
  ) {
    super(`stopped at --max-seconds ${seconds} after ${done} of ${vertices} vertices (${states.toLocaleString('en-US')} frontier states)`);
  }
}

/** Largest frontier of an order: coloured vertices with an uncoloured underlying neighbour. */
export function frontierWidth(graph: Graph, order: readonly number[]): number {
  const n = graph.n;
  const position = new Int32Array(n);
  order.forEach((v, i) => (position[v] = i));
  const last = lastNeighbourPositions(graph, position);
  // Vertex v (at position p) is in the frontier after steps p..last[v]-1.
  const delta = new Int32Array(n + 1);
  for (let v = 0; v < n; v++) {
    const p = position[v];
    if (last[v] > p) {
      delta[p]++;
      delta[last[v]]--;
    }
  }
  let width = 0;
  let cur = 0;
  for (let i = 0; i < n; i++) {
    cur += delta[i];
    if (cur > width) width = cur;
  }
  return width;
}

function lastNeighbourPositions(graph: Graph, position: Int32Array): Int32Array {
  const n = graph.n;
  const last = new Int32Array(n);
  for (let v = 0; v < n; v++) {
    let m = position[v];
    for (let i = graph.adjStart[v]; i < graph.adjStart[v + 1]; i++) m = Math.max(m, position[graph.adj[i]]);
    last[v] = m;
  }
  return last;
}

/** Row by row along the shorter side, for lattice graphs. */
function latticeOrder(graph: Graph): number[] | null {
  const lattice = graph.meta.lattice;
  if (lattice === undefined || lattice.width * lattice.height !== graph.n) return null;
  const { width, height } = lattice;
  const order: number[] = [];
  if (width <= height) {
    for (let i = 0; i < graph.n; i++) order.push(i);
  } else {
    for (let x = 0; x < width; x++) for (let y = 0; y < height; y++) order.push(y * width + x);
  }
  return order;
}

/** Greedy order from `start`: always colour next the vertex that leaves the smallest frontier. */
function greedyOrder(graph: Graph, start: number): number[] {
  const n = graph.n;
  const done = new Uint8Array(n);
  // Uncoloured neighbours left, per vertex.
  const open = new Int32Array(n);
  for (let v = 0; v < n; v++) open[v] = graph.adjStart[v + 1] - graph.adjStart[v];
  const order: number[] = [];
  let next = start;
  while (order.length < n) {
    const w = next;
    done[w] = 1;
    order.push(w);
    for (let i = graph.adjStart[w]; i < graph.adjStart[w + 1]; i++) open[graph.adj[i]]--;
    if (order.length === n) break;
    // Candidates: uncoloured neighbours of the frontier, else any uncoloured vertex.
    let best = -1;
    let bestScore = Infinity;
    for (let v = 0; v < n; v++) {
      if (done[v]) continue;
      let touches = false;
      let leaving = 0;
      for (let i = graph.adjStart[v]; i < graph.adjStart[v + 1]; i++) {
        const u = graph.adj[i];
        if (done[u]) {
          touches = true;
          if (open[u] === 1) leaving++;
        }
      }
      const stays = open[v] > 0 ? 1 : 0;
      const score = (stays - leaving) * 4 + (touches ? 0 : 2);
      if (score < bestScore) {
        bestScore = score;
        best = v;
      }
    }
    next = best;
  }
  return order;
}

/** The order the counter uses: the best (smallest largest frontier) of the lattice order and greedy orders. */
export function chooseOrder(graph: Graph): number[] {
  const n = graph.n;
  const candidates: number[][] = [];
  const lattice = latticeOrder(graph);
  if (lattice !== null) candidates.push(lattice);
  candidates.push(Array.from({ length: n }, (_, i) => i));
  // Greedy from a few starts: low-degree vertices first (corners, ends), then spread over the index range.
  const starts = new Set<number>();
  const byDegree = Array.from({ length: n }, (_, i) => i).sort((a, b) => graph.degree(a) - graph.degree(b) || a - b);
  for (const v of byDegree.slice(0, 4)) starts.add(v);
  const tries = n <= 64 ? n : 8;
  for (let k = 0; k < tries; k++) starts.add(Math.floor((k * n) / tries));
  if (n <= 400) for (const s of starts) candidates.push(greedyOrder(graph, s));
  let best = candidates[0] ?? [];
  let bestWidth = n === 0 ? 0 : frontierWidth(graph, best);
  for (const c of candidates.slice(1)) {
    const w = frontierWidth(graph, c);
    if (w < bestWidth) {
      best = c;
      bestWidth = w;
    }
  }
  return best;
}

/** Counts the legal positions of the graph exactly. */
export function countLegalPositions(graph: Graph, options: CountOptions = {}): CountReport {
  const start = Date.now();
  const n = graph.n;
  const order = options.order ? [...options.order] : chooseOrder(graph);
  if (order.length !== n || new Set(order).size !== n || order.some((v) => !Number.isInteger(v) || v < 0 || v >= n)) {
    throw new Error('the order must be a permutation of the vertices');
  }
  // Where the frontier is w vertices wide, each of its 2^w black-or-empty patterns is a state of its own (an empty
  // interior gives each one, and every stone there still has an uncoloured neighbour): past the state cap the count
  // cannot succeed, so it says so before it builds anything (a 3000 x 3000 grid took 30 s and 3.7 GB to find out).
  const stateCap = Math.min(options.maxStates ?? MAX_COUNT_STATES, MAX_COUNT_STATES);
  if (n > 0 && 2 ** frontierWidth(graph, order) > stateCap) throw new CountLimitError(stateCap);
  const position = new Int32Array(n);
  order.forEach((v, i) => (position[v] = i));
  const last = lastNeighbourPositions(graph, position);
  // Liberty relation as sets: libOf[u] holds v when v is in lib(u).
  const libOf: Set<number>[] = [];
  for (let u = 0; u < n; u++) libOf.push(new Set(graph.lib.subarray(graph.libStart[u], graph.libStart[u + 1])));
  const adjSet: Set<number>[] = [];
  for (let u = 0; u < n; u++) adjSet.push(new Set(graph.adj.subarray(graph.adjStart[u], graph.adjStart[u + 1])));

  let frontier: number[] = [];
  let states = new Map<string, bigint>([['', 1n]]);
  let maxStates = 1;
  let maxFrontier = 0;
  // Scratch for one state: per frontier slot its colour (0 empty), and for a group with no liberty yet its label
  // (-1 for a group that has one: such groups never need their connections again, so they share no label).
  const size = n + 2;
  const colour = new Int32Array(size);
  const label = new Int32Array(size);
  const c2 = new Int32Array(size);
  const l2 = new Int32Array(size);
  const relabel = new Int32Array(size + 1);
  const codes: number[] = [];
  const mergedFlag = new Uint8Array(size + 1);
  const maxMs = options.maxSeconds === undefined || options.maxSeconds === null ? Infinity : options.maxSeconds * 1000;
  const tickMs = (options.tickSeconds ?? 2) * 1000;
  let lastTick = start;
  let work = 0;

  for (let step = 0; step < n; step++) {
    const w = order[step];
    const f = frontier.length;
    const adjacent = new Uint8Array(f);
    const wLibOfU = new Uint8Array(f); // w is a liberty of a stone on u
    const uLibOfW = new Uint8Array(f); // u is a liberty of a stone on w
    for (let k = 0; k < f; k++) {
      const u = frontier[k];
      adjacent[k] = adjSet[w].has(u) ? 1 : 0;
      wLibOfU[k] = libOf[u].has(w) ? 1 : 0;
      uLibOfW[k] = libOf[w].has(u) ? 1 : 0;
    }
    // The frontier after this step: old slots that keep an uncoloured neighbour, then w if it has one.
    const keep: number[] = [];
    for (let k = 0; k < f; k++) if (last[frontier[k]] > step) keep.push(k);
    const wStays = last[w] > step;
    const next = new Map<string, bigint>();
    for (const [key, count] of states) {
      if ((++work & 4095) === 0) {
        const now = Date.now();
        if (now - start > maxMs) throw new CountTimeError(options.maxSeconds as number, step, n, Math.max(states.size, next.size));
        if (options.onTick !== undefined && now - lastTick >= tickMs) {
          lastTick = now;
          options.onTick(step, next.size, (now - start) / 1000);
        }
      }
      for (let k = 0; k < f; k++) {
        const code = key.charCodeAt(k);
        // 0 empty; 1, 2 a stone of a group with a liberty; 3 + 2 * label + (colour - 1) a group without one yet.
        if (code <= 2) {
          colour[k] = code;
          label[k] = -1;
        } else {
          colour[k] = ((code - 3) & 1) + 1;
          label[k] = (code - 3) >> 1;
        }
      }
      for (let x = 0; x <= 2; x++) {
        for (let k = 0; k < f; k++) {
          c2[k] = colour[k];
          l2[k] = label[k];
        }
        let wLabel = -1;
        if (x === 0) {
          // Groups with a stone u such that w is in lib(u) gain a liberty.
          for (let k = 0; k < f; k++) {
            if (c2[k] !== 0 && wLibOfU[k] && l2[k] >= 0) {
              const l = l2[k];
              for (let j = 0; j < f; j++) if (l2[j] === l) l2[j] = -1;
            }
          }
        } else {
          let lib = false;
          mergedFlag.fill(0, 0, f + 1);
          for (let k = 0; k < f; k++) {
            if (c2[k] === 0 && uLibOfW[k]) lib = true;
            else if (c2[k] === x && adjacent[k]) {
              if (l2[k] < 0) lib = true;
              else mergedFlag[l2[k]] = 1;
            }
          }
          // The new group's label: one past any label in use (labels are below f after renumbering).
          wLabel = lib ? -1 : f;
          for (let k = 0; k < f; k++) if (l2[k] >= 0 && mergedFlag[l2[k]] && c2[k] === x) l2[k] = wLabel;
        }
        // A group without a liberty that leaves the frontier entirely makes the colouring illegal.
        let ok = true;
        const check = (l: number): boolean => {
          for (const k of keep) if (l2[k] === l && c2[k] !== 0) return true;
          return wStays && wLabel === l;
        };
        for (let k = 0; k < f && ok; k++) if (c2[k] !== 0 && l2[k] >= 0 && !check(l2[k])) ok = false;
        if (ok && x !== 0 && wLabel >= 0 && !check(wLabel)) ok = false;
        if (!ok) continue;
        // Encode with labels renumbered by first appearance.
        relabel.fill(-1, 0, f + 1);
        let used = 0;
        codes.length = 0;
        const emit = (c: number, l: number): void => {
          if (c === 0 || l < 0) {
            codes.push(c);
            return;
          }
          if (relabel[l] < 0) relabel[l] = used++;
          codes.push(3 + 2 * relabel[l] + (c - 1));
        };
        for (const k of keep) emit(c2[k], l2[k]);
        if (wStays) emit(x, wLabel);
        const out = String.fromCharCode.apply(null, codes);
        const prev = next.get(out);
        // A Map holds at most 2^24 entries; stop with a clear error well before that.
        if (prev === undefined && next.size >= stateCap) throw new CountLimitError(stateCap);
        next.set(out, prev === undefined ? count : prev + count);
      }
    }
    states = next;
    frontier = keep.map((k) => frontier[k]);
    if (wStays) frontier.push(w);
    if (frontier.length > maxFrontier) maxFrontier = frontier.length;
    if (states.size > maxStates) maxStates = states.size;
    if (states.size > stateCap) throw new CountLimitError(stateCap);
    options.onProgress?.(step + 1, states.size);
    const now = Date.now();
    if (now - start > maxMs) throw new CountTimeError(options.maxSeconds as number, step + 1, n, states.size);
    if (options.onTick !== undefined && now - lastTick >= tickMs) {
      lastTick = now;
      options.onTick(step + 1, states.size, (now - start) / 1000);
    }
  }
  let total = 0n;
  for (const c of states.values()) total += c;
  return { count: total, order, frontier: maxFrontier, states: maxStates, seconds: (Date.now() - start) / 1000 };
}
