import { describe, expect, it } from 'vitest';
import { MIN_GAMES, MIN_SAMPLES, runCoreBench } from '../../bench/core-bench.js';
import type { CoreBenchReport, CoreBenchResult } from '../../bench/core-bench.js';
import { buildFixture, suiteGraph } from '../../bench/fixtures.js';
import { graphOf } from '../helpers/diagram.js';

// A tiny time budget: this checks the report's shape and sane values, never timings.
let cached: Promise<CoreBenchReport> | null = null;
function report(): Promise<CoreBenchReport> {
  cached ??= runCoreBench({ time: 20, graphs: [graphOf('grid 9 9')], allocationPairs: 50_000 });
  return cached;
}

function find(r: CoreBenchReport, benchmark: string, rules?: string): CoreBenchResult {
  const found = r.results.find((x) => x.benchmark === benchmark && (rules === undefined || x.rules === rules));
  if (!found) throw new Error(`no ${benchmark} ${rules ?? ''} result`);
  return found;
}

describe('bench fixtures', () => {
  it('reach the same mid-game position on every build, 40% of the vertices into the game', () => {
    const a = buildFixture(graphOf('grid 9 9'));
    const b = buildFixture(graphOf('grid 9 9'));
    expect(a.label).toBe('grid 9 9');
    expect(a.moves.length).toBe(32);
    expect(b.moves).toEqual(a.moves);
    expect(a.midGame().position.toText()).toBe(b.midGame().position.toText());
    expect(a.midGame().toMove).toBe(a.toMove);
    expect(a.midGame().over).toBe(false);
  });

  it('builds the fixed suite from its specs, and calls a broken one a bug', () => {
    expect(suiteGraph('random 10000 0.0004 1').n).toBe(10_000);
    expect(() => suiteGraph('grid 0 x')).toThrow(/^bench graph "grid 0 x": /);
  });
});

describe('runCoreBench', () => {
  it('reports every benchmark on the graph with sane figures', async () => {
    const r = await report();
    expect(r.clock).toBe('wall');
    expect(r.timeMs).toBe(20);
    expect(r.fixtures).toEqual([
      { graph: 'grid 9 9', vertices: 81, edges: 144, midGameTurns: 32, toMove: expect.any(Number), emptyVertices: expect.any(Number) },
    ]);
    expect(r.results.map((x) => `${x.benchmark} ${x.rules}`)).toEqual([
      'legal-moves area',
      'game-play-undo area',
      'position-play-undo area',
      'random-game area',
      'random-game famine',
    ]);
    for (const x of r.results) {
      expect(x.graph).toBe('grid 9 9');
      expect(x.vertices).toBe(81);
      expect(x.opsPerSecond).toBeGreaterThan(0);
      expect(Number.isFinite(x.opsPerSecond)).toBe(true);
      expect(x.meanMicros).toBeCloseTo(1e6 / x.opsPerSecond, 6);
      expect(x.rmePercent).toBeGreaterThanOrEqual(0);
      expect(x.batch).toBeGreaterThanOrEqual(1);
      expect(x.samples).toBeGreaterThanOrEqual(x.benchmark === 'random-game' ? MIN_GAMES : MIN_SAMPLES);
    }
  });

  it('counts the legal moves of the side to move in the mid-game position', async () => {
    const r = await report();
    const fixture = buildFixture(graphOf('grid 9 9'));
    const expected = fixture.midGame().legalMoves(fixture.toMove).length;
    expect(expected).toBeGreaterThan(0);
    expect(find(r, 'legal-moves').movesFound).toBe(expected);
  });

  it('averages random game lengths over the games it timed', async () => {
    const r = await report();
    const area = find(r, 'random-game', 'area');
    // The eye-avoiding random player's 9x9 games last about 110 turns (libego: 110.8).
    expect(area.avgGameLength).toBeGreaterThan(50);
    expect(area.avgGameLength).toBeLessThan(400);
    expect(area.games).toBe(area.samples);
    expect(area.cutOff).toBe(0);
    const famine = find(r, 'random-game', 'famine');
    expect(famine.avgGameLength).toBeGreaterThan(50);
    expect(famine.avgGameLength).toBeLessThan(1000);
    expect(famine.games).toBe(famine.samples);
  });

  it('measures allocation on 19x19: a Position play, a Game play (superko set included) and their undo allocate nothing', async () => {
    const r = await report();
    expect(r.allocation.map((a) => a.what)).toEqual(['game-play-undo', 'position-play-undo', 'random-game-move']);
    for (const a of r.allocation) {
      expect(a.graph).toBe('grid 19 19');
      expect(a.operations).toBeGreaterThan(0);
      expect(a.bytesPerOp).toBeGreaterThanOrEqual(0);
    }
    // Five chunks each: the median chunk ignores a one-off (optimised code installed mid-chunk on a loaded machine).
    for (const a of r.allocation) expect(a.operations + a.discardedChunks * 10_000).toBe(50_000);
    // One object per play would be at least 12 bytes; reading the heap statistics costs far less than 1 per pair.
    expect(r.allocation[1].bytesPerOp).toBeLessThan(1);
    // The Zobrist halves are int32, so nothing is boxed on its way to the superko set (uint32 halves cost ~15 bytes).
    expect(r.allocation[0].bytesPerOp).toBeLessThan(1);
  });
});
