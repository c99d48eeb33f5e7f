/**
 * Where the web page draws each vertex: the family's own coordinates (lattices, hex, circles, the Petersen star), or
 * a force-directed layout (d3-force) for graphs whose coordinates say nothing: random graphs, `edges` lists and
 * files without coordinates. d3-force starts from a fixed phyllotaxis pattern and uses its own seeded generator, so
 * the same graph always gets the same picture.
 *
 * Either way the coordinates are scaled so that the median link is 1 unit long (a stone's diameter is a bit less).
 */
import { forceCenter, forceCollide, forceLink, forceManyBody, forceSimulation, forceX, forceY } from 'd3-force';
import type { SimulationNodeDatum } from 'd3-force';
import type { Graph } from '../src/graph.js';
import { Rng } from '../src/rng.js';

export const LAYOUTS = ['auto', 'family', 'force'] as const;
export type LayoutChoice = (typeof LAYOUTS)[number];

/** Families whose built-in coordinates are only a circle that hides the structure. */
const SHAPELESS_FAMILIES = new Set(['random', 'edges']);

export interface Drawing {
  /** x, y interleaved, y up, median link length 1. */
  readonly coords: Float64Array;
  readonly source: 'family' | 'force';
}

export function drawingCoords(graph: Graph, choice: LayoutChoice = 'auto', seed = '1'): Drawing {
  const family = (graph.meta.spec ?? '').split(' ')[0];
  const own = graph.meta.coords;
  const useOwn = own !== undefined && (choice === 'family' || (choice === 'auto' && !SHAPELESS_FAMILIES.has(family)));
  if (useOwn) return { coords: normalise(graph, Float64Array.from(own)), source: 'family' };
  return { coords: normalise(graph, forceLayout(graph, seed)), source: 'force' };
}

interface Node extends SimulationNodeDatum {
  readonly index: number;
}

/** A force-directed layout: links pull to length 1, vertices repel, a weak pull keeps components together. */
export function forceLayout(graph: Graph, seed = '1'): Float64Array {
  const n = graph.n;
  const nodes: Node[] = Array.from({ length: n }, (_, index) => ({ index }));
  const links: { source: number; target: number }[] = [];
  for (let i = 0; i < graph.linkU.length; i++) links.push({ source: graph.linkU[i], target: graph.linkV[i] });
  const rng = new Rng(`layout/${seed}`);
  const ticks = n <= 300 ? 400 : n <= 1000 ? 250 : 150;
  const simulation = forceSimulation(nodes)
    .randomSource(() => rng.float())
    .force('link', forceLink<Node, { source: number; target: number }>(links).distance(1).strength(0.7))
    .force('charge', forceManyBody<Node>().strength(-0.6).distanceMax(8))
    .force('collide', forceCollide<Node>(0.45))
    .force('x', forceX<Node>(0).strength(0.02))
    .force('y', forceY<Node>(0).strength(0.02))
    .force('center', forceCenter<Node>(0, 0))
    .stop();
  // The default start spreads points 10 units apart; start at link scale instead.
  for (const node of nodes) {
    node.x = (node.x ?? 0) / 10;
    node.y = (node.y ?? 0) / 10;
  }
  simulation.tick(ticks);
  const coords = new Float64Array(2 * n);
  for (let v = 0; v < n; v++) {
    coords[2 * v] = nodes[v].x ?? 0;
    coords[2 * v + 1] = nodes[v].y ?? 0;
  }
  return coords;
}

/** Scales (in place) so that the median link is 1 long; without links, so that the closest pair is 1 apart. */
function normalise(graph: Graph, coords: Float64Array): Float64Array {
  const lengths: number[] = [];
  const m = graph.linkU.length;
  const wrap = latticeWrap(graph);
  for (let i = 0; i < m; i++) {
    const d = distance(coords, graph.linkU[i], graph.linkV[i]);
    // A torus's wrap-around links cross the whole board: they say nothing about the scale.
    if (wrap === null || d <= 1.5) lengths.push(d);
  }
  if (lengths.length === 0 && graph.n > 1 && graph.n <= 3000) {
    let best = Infinity;
    for (let u = 0; u < graph.n; u++) for (let v = u + 1; v < graph.n; v++) best = Math.min(best, distance(coords, u, v));
    lengths.push(best);
  }
  lengths.sort((a, b) => a - b);
  const median = lengths.length > 0 ? lengths[Math.floor(lengths.length / 2)] : 1;
  const scale = median > 1e-9 && Number.isFinite(median) ? 1 / median : 1;
  for (let i = 0; i < coords.length; i++) coords[i] *= scale;
  return coords;
}

function distance(coords: Float64Array, u: number, v: number): number {
  return Math.hypot(coords[2 * u] - coords[2 * v], coords[2 * u + 1] - coords[2 * v + 1]);
}

/** Width and height of a lattice whose links wrap around (a torus), else null. */
export function latticeWrap(graph: Graph): { width: number; height: number } | null {
  const lattice = graph.meta.lattice;
  if (lattice === undefined || !(graph.meta.spec ?? '').startsWith('torus')) return null;
  return lattice;
}
