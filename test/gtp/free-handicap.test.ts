/**
 * place_free_handicap on large graphs (docs/protocol.md, "Handicap"): the engine answers in time however many stones
 * are asked for, and picks the same vertices as the plain farthest-point sampling the spec describes.
 */
import { describe, expect, it } from 'vitest';
import type { Graph } from '../../src/graph.js';
import { freeHandicap } from '../../src/handicap.js';
import { readGraph } from '../../src/setup.js';
import { testEngine } from '../helpers/engine.js';

function graphOf(spec: string): Graph {
  const built = readGraph({ spec });
  if (!built.ok) throw new Error(built.error.message);
  return built.value;
}

/** The spec's rule written as plainly as it reads: a scan of every vertex per stone. */
function scanningFreeHandicap(graph: Graph, count: number): number[] {
  const n = graph.n;
  const distance = new Array<number>(n).fill(Infinity);
  const chosen: number[] = [];
  while (chosen.length < count) {
    let best = -1;
    for (let v = 0; v < n; v++) {
      if (distance[v] === 0) continue;
      if (
        best < 0 ||
        distance[v] > distance[best] ||
        (distance[v] === distance[best] && graph.degree(v) > graph.degree(best))
      ) {
        best = v;
      }
    }
    chosen.push(best);
    distance[best] = 0;
    const queue = [best];
    for (let head = 0; head < queue.length; head++) {
      const x = queue[head];
      for (const w of graph.neighbors(x)) {
        if (distance[x] + 1 < distance[w]) {
          distance[w] = distance[x] + 1;
          queue.push(w);
        }
      }
    }
  }
  return chosen;
}

describe('free handicap placement', () => {
  it('picks the vertices of the plain farthest-point sampling, for every count, on varied graphs', () => {
    const specs = [
      'grid 9 9',
      'grid 8 5',
      'torus 6 6',
      'king 5 7',
      'tri 6 4',
      'hex 4',
      'path 30',
      'cycle 17',
      'star 9',
      'wheel 11',
      'complete 6',
      'hypercube 4',
      'petersen',
      'random 60 0.06 3',
      'random 40 0.2 8',
      // Disconnected, with arcs and a lone vertex: unreachable vertices count as farthest.
      'edges 12 1-2 2-3 3>4 5-6 6-7 7-5 8-9 10>11',
    ];
    for (const spec of specs) {
      const graph = graphOf(spec);
      for (let count = 2; count < graph.n; count++) {
        expect(freeHandicap(graph, count), `${spec}, ${count} stones`).toEqual(scanningFreeHandicap(graph, count));
      }
    }
  });

  it('answers 100,000 stones on a 250,000-vertex path and 20,000 on a 500 x 500 grid within seconds', () => {
    // A scan of every vertex per stone took minutes here, and the engine answered nothing meanwhile.
    const path = testEngine('path 250000', 'area', { bot: 'random', seed: '1' });
    let started = performance.now();
    const stones = (path.execute('place_free_handicap 100000') ?? '').replace(/^= /, '').trim().split(' ');
    expect(performance.now() - started).toBeLessThan(5000);
    expect(stones).toHaveLength(100000);
    expect(new Set(stones).size).toBe(100000);
    expect(path.execute('name')).toBe('= graphgo\n\n');

    const grid = testEngine('grid 500 500', 'area', { bot: 'random', seed: '1' });
    started = performance.now();
    const answer = grid.execute('place_free_handicap 20000') ?? '';
    expect(performance.now() - started).toBeLessThan(5000);
    expect(answer.replace(/^= /, '').trim().split(' ')).toHaveLength(20000);
  }, 60_000);

  it('takes 125,000 stones from set_free_handicap in a fraction of the time a quadratic check took', () => {
    // Checking each vertex for a repeat by searching the list so far took about 4 s here.
    const e = testEngine('path 250000', 'area', { bot: 'random', seed: '1' });
    const vertices = Array.from({ length: 125000 }, (_, k) => String(2 * k + 1)).join(' ');
    const started = performance.now();
    expect(e.execute(`set_free_handicap ${vertices}`)).toBe('= \n\n');
    expect(performance.now() - started).toBeLessThan(2000);
    expect(e.execute('set_free_handicap 1 3')).toBe('? board not empty\n\n');
    const fresh = testEngine('path 10', 'area', { bot: 'random', seed: '1' });
    expect(fresh.execute('set_free_handicap 1 3 5 3')).toBe('? bad vertex list\n\n');
  }, 60_000);
});
