/**
 * `bench search`: one rate per counted search (the warm-up search excluded), a median among them, threads honoured.
 * Bad graphs and rules are refused where they are typed (test/bench/bench-command.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { measureSearchSpeed } from '../../bench/search-speed.js';
import { graphOf, rulesOf } from '../helpers/diagram.js';

describe('bench search', () => {
  // Worker threads load compiled JavaScript, so more than one thread is tested through the build (threads.test.ts).
  it('reports the median of the counted searches', () => {
    for (const threads of [1]) {
      const outcome = measureSearchSpeed({ graph: graphOf('grid 5 5'), rules: rulesOf('area') }, threads, 0.15, 3);
      if (!outcome.ok) throw new Error(outcome.error.message);
      const r = outcome.value;
      expect(r.threads).toBe(threads);
      expect(r.rates).toHaveLength(3);
      expect(r.rates.every((x) => x > 0)).toBe(true);
      expect(r.medianRate).toBe([...r.rates].sort((a, b) => a - b)[1]);
    }
  });

  it('searches with the switches it is given', () => {
    const setup = { graph: graphOf('grid 5 5'), rules: rulesOf('area') };
    const nodesWith = (switches: { expandVisits?: number }): number => {
      const outcome = measureSearchSpeed(setup, 1, 0.1, 1, undefined, 'tree', () => NaN, switches);
      if (!outcome.ok) throw new Error(outcome.error.message);
      return outcome.value.nodes;
    };
    // The counted search is the second move (24 empty points). A leaf that is never visited enough to expand leaves
    // the tree at the root and its 25 children (the 24 points and the pass); the default expands a leaf on its second
    // visit, so a tenth of a second grows thousands of nodes.
    expect(nodesWith({ expandVisits: 1e9 })).toBe(26);
    expect(nodesWith({})).toBeGreaterThan(1000);
  });
});
