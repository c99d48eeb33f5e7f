/**
 * The frontier count of legal positions against brute force over all 3^n colourings, judged by a legality test
 * written here from docs/rules.md, "The board" (groups by breadth-first search on the underlying graph, liberties
 * through the links as given), on tiny graphs with edges and arcs; and its vertex orders.
 */
import { describe, expect, it } from 'vitest';
import { ARC } from '../../src/graph.js';
import type { Graph } from '../../src/graph.js';
import { chooseOrder, CountLimitError, CountTimeError, countLegalPositions, frontierWidth } from '../../src/solver/count.js';
import { graphOf } from './helpers.js';

function bruteForce(graph: Graph): number {
  const n = graph.n;
  const nb: number[][] = Array.from({ length: n }, () => []);
  const libOf: number[][] = Array.from({ length: n }, () => []);
  for (let i = 0; i < graph.linkU.length; i++) {
    const u = graph.linkU[i];
    const v = graph.linkV[i];
    nb[u].push(v);
    nb[v].push(u);
    libOf[u].push(v);
    if (graph.linkKind[i] !== ARC) libOf[v].push(u);
  }
  let total = 0;
  const col = new Array<number>(n).fill(0);
  const legal = (): boolean => {
    const seen = new Array<boolean>(n).fill(false);
    for (let s = 0; s < n; s++) {
      if (col[s] === 0 || seen[s]) continue;
      const group = [s];
      seen[s] = true;
      for (let i = 0; i < group.length; i++) {
        for (const w of nb[group[i]]) {
          if (!seen[w] && col[w] === col[s]) {
            seen[w] = true;
            group.push(w);
          }
        }
      }
      if (!group.some((u) => libOf[u].some((v) => col[v] === 0))) return false;
    }
    return true;
  };
  const rec = (i: number): void => {
    if (i === n) {
      if (legal()) total++;
      return;
    }
    for (let c = 0; c <= 2; c++) {
      col[i] = c;
      rec(i + 1);
    }
    col[i] = 0;
  };
  rec(0);
  return total;
}

describe('count = brute force', () => {
  const specs = [
    'edges 1',
    'edges 3',
    'path 1',
    'path 2',
    'path 7',
    'cycle 3',
    'cycle 6',
    'complete 4',
    'complete 6',
    'star 6',
    'wheel 6',
    'grid 3 3',
    'hex 2',
    'king 3 2',
    'petersen',
    'random 9 0.35 4',
    'random 8 0.6 11',
    'edges 5 1-2 3-4',
    'edges 2 1>2',
    'edges 3 1>2 2>3',
    'edges 4 1>2 2>3 3>4 4>1',
    'edges 5 1>2 2>3 3>1 3-4 4>5',
    'edges 6 1>2 1>3 1>4 2-5 3-5 4>6 6>5',
  ];
  for (const spec of specs) {
    it(spec, () => {
      const graph = graphOf(spec);
      expect(countLegalPositions(graph).count).toBe(BigInt(bruteForce(graph)));
    });
  }

  it('any vertex order gives the same count', () => {
    const graph = graphOf('random 8 0.4 2');
    const expected = countLegalPositions(graph).count;
    for (const order of [
      [0, 1, 2, 3, 4, 5, 6, 7],
      [7, 6, 5, 4, 3, 2, 1, 0],
      [3, 0, 6, 1, 7, 2, 5, 4],
    ]) {
      expect(countLegalPositions(graph, { order }).count).toBe(expected);
    }
    expect(() => countLegalPositions(graph, { order: [0, 1, 2] })).toThrow(/permutation/);
  });
});

describe('vertex orders', () => {
  it('grids are taken along their shorter side', () => {
    expect(frontierWidth(graphOf('grid 9 9'), chooseOrder(graphOf('grid 9 9')))).toBe(9);
    expect(frontierWidth(graphOf('grid 12 3'), chooseOrder(graphOf('grid 12 3')))).toBe(3);
    expect(countLegalPositions(graphOf('grid 3 12')).frontier).toBe(3);
  });
  it('paths and cycles have small frontiers with the greedy order', () => {
    expect(frontierWidth(graphOf('path 30'), chooseOrder(graphOf('path 30')))).toBe(1);
    expect(frontierWidth(graphOf('cycle 30'), chooseOrder(graphOf('cycle 30')))).toBeLessThanOrEqual(2);
  });
});

describe('counting limits', () => {
  it('stops with a clear error when the frontier holds too many states', () => {
    // grid 6 6 holds tens of thousands of states at once; a cap of 1,000 must stop it with CountLimitError.
    expect(() => countLegalPositions(graphOf('grid 6 6'), { maxStates: 1000 })).toThrow(CountLimitError);
    expect(() => countLegalPositions(graphOf('grid 6 6'), { maxStates: 1000 })).toThrow(/frontier is too wide to count/);
    // A frontier of w vertices holds at least 2^w states: grid 10 10 (w = 10) passes 1,000 for sure, so it is refused
    // before a single vertex is counted; so is grid 30 30 under the default cap (2^30 > 16 million).
    const progress: number[] = [];
    expect(() => countLegalPositions(graphOf('grid 10 10'), { maxStates: 1000, onProgress: (done) => progress.push(done) })).toThrow(CountLimitError);
    expect(() => countLegalPositions(graphOf('grid 30 30'), { onProgress: (done) => progress.push(done) })).toThrow(CountLimitError);
    expect(progress).toEqual([]);
  });
});

describe('count limits and progress', () => {
  it('ticks while it counts, and stops at maxSeconds', () => {
    const ticks: [number, number][] = [];
    const report = countLegalPositions(graphOf('grid 5 5'), { tickSeconds: 0, onTick: (done, states) => ticks.push([done, states]) });
    expect(report.count).toBe(414295148741n);
    expect(ticks.length).toBeGreaterThanOrEqual(25);
    expect(ticks[ticks.length - 1][0]).toBe(25);
    expect(() => countLegalPositions(graphOf('grid 9 9'), { maxSeconds: 0.05 })).toThrow(CountTimeError);
  });
});
