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
});
