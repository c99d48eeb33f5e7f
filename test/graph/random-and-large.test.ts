import { describe, it, expect } from 'vitest';
import { Rng } from '../../src/rng.js';
import { build, linkList, sameLinks } from './helpers.js';

/**
 * The random family's definition (families.ts header) restated as plainly as possible: list every pair in
 * lexicographic order and walk that list with geometric skips. The family must give exactly these edges.
 */
function referenceRandomEdges(n: number, p: number, seed: number): string[] {
  const pairs: string[] = [];
  for (let u = 1; u <= n; u++) for (let v = u + 1; v <= n; v++) pairs.push(`${u}-${v}`);
  if (p === 0) return [];
  const rng = new Rng(seed);
  const chosen: string[] = [];
  let position = -1;
  for (;;) {
    position += 1 + Math.floor(Math.log1p(-rng.float()) / Math.log1p(-p));
    if (position >= pairs.length) return chosen;
    chosen.push(pairs[position]);
  }
}

describe('random N P SEED', () => {
  it('follows the documented algorithm exactly', () => {
    for (const [n, p, seed] of [
      [30, 0.1, 1],
      [30, 0.5, 2],
      [7, 0.9, 3],
      [50, 0.02, 4],
      [2, 0.5, 5],
    ] as const) {
      expect(linkList(build(`random ${n} ${p} ${seed}`)), `random ${n} ${p} ${seed}`).toEqual(
        referenceRandomEdges(n, p, seed),
      );
    }
  });

  it('the same seed gives the same links; another seed other links', () => {
    const a = build('random 500 0.05 11');
    const b = build('random 500 0.05 11');
    const c = build('random 500 0.05 12');
    expect(sameLinks(a, b)).toBe(true);
    expect(sameLinks(a, c)).toBe(false);
    // The seed is a number: 007 and 7 are the same seed.
    expect(sameLinks(build('random 100 0.1 007'), build('random 100 0.1 7'))).toBe(true);
  });

  it('P = 0 gives no edge, P = 1 every pair', () => {
    expect(build('random 100 0 1').edgeCount).toBe(0);
    expect(build('random 20 1 5').edgeCount).toBe(190);
    expect(build('random 1 0.5 1').n).toBe(1);
  });

  it('N=2000, P=0.01: the edge count is near its expectation and edges spread over all pairs', () => {
    // 1999000 pairs: expectation 19990, standard deviation sqrt(19990 * 0.99) ~ 141; 5 deviations ~ 705.
    for (const seed of [1, 2, 3]) {
      const g = build(`random 2000 0.01 ${seed}`);
      expect(Math.abs(g.edgeCount - 19990), `seed ${seed}`).toBeLessThan(750);
      expect(g.arcCount).toBe(0);
      // Pairs whose smaller end is in the first half: (1000*1999 - 1000*1001/2 ... ) = 1499500 of 1999000 = 75%.
      let firstHalf = 0;
      for (let i = 0; i < g.linkCount; i++) if (g.linkU[i] < 1000) firstHalf++;
      expect(Math.abs(firstHalf / g.edgeCount - 0.75)).toBeLessThan(0.03);
    }
  });
});

/**
 * The time bounds are loose on purpose: unloaded, each build takes 0.2 to 1.5 s (hypercube 20, 10 million links, is
 * the slowest), but CI machines are shared; the bounds are there to catch an accidentally quadratic step.
 */
const GENEROUS_MS = 15_000;

describe('million-vertex builds', () => {
  it.each([
    { spec: 'grid 1000 1000', n: 1_000_000, edges: 1_998_000, degree: { min: 2, max: 4 } },
    { spec: 'path 1000000', n: 1_000_000, edges: 999_999, degree: { min: 1, max: 2 } },
    { spec: 'hypercube 20', n: 1 << 20, edges: 20 * (1 << 19), degree: { min: 20, max: 20 } },
  ])('$spec', ({ spec, n, edges, degree }) => {
    const start = performance.now();
    const g = build(spec);
    expect(g.n).toBe(n);
    expect(g.edgeCount).toBe(edges);
    expect(g.degreeRange()).toEqual(degree);
    expect(performance.now() - start).toBeLessThan(GENEROUS_MS);
  }, 30_000);

  it('random 1000000 0.000004 1', () => {
    const start = performance.now();
    const g = build('random 1000000 0.000004 1');
    expect(g.n).toBe(1_000_000);
    // Expectation 499999500000 * 4e-6 ~ 1999998, standard deviation ~ 1414.
    expect(Math.abs(g.edgeCount - 1_999_998)).toBeLessThan(8000);
    expect(performance.now() - start).toBeLessThan(GENEROUS_MS);
  });

  it('other families at about a million vertices', () => {
    expect(build('king 1000 1000').degreeRange()).toEqual({ min: 3, max: 8 });
    expect(build('hex 578').n).toBe(3 * 578 * 577 + 1); // 1000519
    expect(build('wheel 1000000').degreeRange()).toEqual({ min: 3, max: 999_999 });
    expect(build('edges 1000000 1-1000000').degreeRange()).toEqual({ min: 0, max: 1 });
    expect(build('complete 2000').edgeCount).toBe(1_999_000); // complete is bounded by its links, not its vertices
  }, 30_000);
});
