/**
 * `bench search`: one rate per counted search (the warm-up search excluded), a median among them, threads honoured,
 * and bad input refused with the reason.
 */
import { describe, expect, it } from 'vitest';
import { measureSearchSpeed } from '../../bench/search-speed.js';

describe('bench search', () => {
  // Worker threads load compiled JavaScript, so more than one thread is tested through the build (threads.test.ts).
  it('reports the median of the counted searches', () => {
    for (const threads of [1]) {
      const outcome = measureSearchSpeed('grid 5 5', 'area', threads, 0.15, 3);
      if (!outcome.ok) throw new Error(outcome.error);
      const r = outcome.result;
      expect(r.threads).toBe(threads);
      expect(r.rates).toHaveLength(3);
      expect(r.rates.every((x) => x > 0)).toBe(true);
      expect(r.medianRate).toBe([...r.rates].sort((a, b) => a - b)[1]);
    }
  });

  it('refuses a bad graph or rule set', () => {
    const graph = measureSearchSpeed('grid 0 0', 'area', 1, 0.1, 1);
    expect(graph.ok).toBe(false);
    const rules = measureSearchSpeed('grid 5 5', 'nonsense', 1, 0.1, 1);
    expect(rules.ok).toBe(false);
    if (!rules.ok) expect(rules.error).toContain('invalid rules');
  });
});
