/**
 * The optimal-move benchmark: the perfect player must score 100% (the positions and optimal sets come from the same
 * solver, so anything less is a bug in the bench or the bot), the report must hold together, and graphs the solver
 * cannot take are refused with the reason.
 */
import { describe, expect, it } from 'vitest';
import { measureOptimalMoves } from '../../bench/optimal-moves.js';
import type { OptimalMovesOptions } from '../../bench/optimal-moves.js';
import { graphOf, rulesOf } from '../helpers/diagram.js';

const BASE: OptimalMovesOptions = {
  setup: { graph: graphOf('cycle 5'), rules: rulesOf('famine komi=-1') },
  positions: 8,
  maxRandomMoves: 6,
  bot: 'solver',
  playouts: 300_000,
  seed: 'test',
  maxNodes: 300_000,
};

describe('bench optimal', () => {
  it('the solver bot finds an optimal move in every informative position', () => {
    const outcome = measureOptimalMoves(BASE);
    if (!outcome.ok) throw new Error(outcome.error.message);
    const r = outcome.value;
    expect(r.positions).toBe(8);
    expect(r.optimal).toBe(8);
    expect(r.interval[1]).toBe(1);
    // Informative positions have a non-optimal action, so a random move is optimal less than always.
    expect(r.randomRate).toBeLessThan(1);
    expect(r.randomRate).toBeGreaterThan(0);
  });

  it('the random bot is measured on the same positions and does worse than the solver', () => {
    const setup = { graph: graphOf('path 5'), rules: rulesOf('area') };
    const outcome = measureOptimalMoves({ ...BASE, bot: 'random', positions: 12, setup });
    if (!outcome.ok) throw new Error(outcome.error.message);
    const r = outcome.value;
    expect(r.positions).toBe(12);
    expect(r.optimal).toBeLessThan(12);
    expect(r.interval[0]).toBeLessThanOrEqual(r.rate);
    expect(r.interval[1]).toBeGreaterThanOrEqual(r.rate);
  });

  it('refuses graphs and rules the solver cannot take', () => {
    const big = measureOptimalMoves({ ...BASE, setup: { ...BASE.setup, graph: graphOf('grid 9 9') } });
    expect(big.ok).toBe(false);
    if (!big.ok) expect(big.error.message).toContain('the solver cannot take grid 9 9');
    const kim = measureOptimalMoves({ ...BASE, setup: { ...BASE.setup, rules: rulesOf('kim') } });
    expect(kim.ok).toBe(false);
    if (!kim.ok) expect(kim.error.code).toBe('unsolvable');
  });
});
