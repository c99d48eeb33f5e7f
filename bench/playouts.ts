/**
 * Raw light-playout speed: exactly the light policy of bots/playout.ts from the empty board, single thread,
 * for the given graph, as one JSON-ready record:
 * `{"graph":"grid 9 9","vertices":81,"engine":"wasm","playouts":N,"seconds":S,"playoutsPerSecond":X,"avgMoves":M}`.
 */
import { LightPlayout, type PlayoutEngine } from '../bots/playout.js';
import type { Graph } from '../src/graph.js';
import { Position } from '../src/position.js';
import { failure, ok, type Result } from '../src/result.js';
import { Rng } from '../src/rng.js';
import { graphLabel } from './fixtures.js';

export interface PlayoutBenchResult {
  readonly graph: string;
  readonly vertices: number;
  /** The code that played (bots/playout.ts's PlayoutEngine). */
  readonly engine: PlayoutEngine;
  readonly playouts: number;
  readonly seconds: number;
  readonly playoutsPerSecond: number;
  readonly avgMoves: number;
  /** Playouts that stopped at the move cap rather than by passes (a sign of capture cycles). */
  readonly capped: number;
}

/** Warm-up time before measuring, so the JIT has compiled the hot loop. */
const WARMUP_SECONDS = 0.3;
const CLOCK_READ_SECONDS = 0.005;

/**
 * Measures for `seconds` of the clock `now` (milliseconds; the wall clock by default, or the process's CPU time,
 * which is steadier on a busy machine). Fails when the engine asked for cannot play the graph.
 */
export function runPlayoutBench(
  graph: Graph,
  seconds: number,
  seed = '1',
  now: () => number = () => performance.now(),
  engine: PlayoutEngine | 'auto' = 'auto',
): Result<PlayoutBenchResult, 'engine-unavailable'> {
  const empty = new Position(graph);
  let playout: LightPlayout;
  try {
    playout = LightPlayout.forGraph(graph, { engine });
  } catch (e) {
    return failure('engine-unavailable', `${graphLabel(graph)}: ${(e as Error).message}`);
  }
  const work = playout.position;
  const rng = new Rng(seed);
  const order = [1, 2];
  // Reading the clock (above all the CPU clock) costs about as much as a small playout, so it is read about every
  // CLOCK_READ_SECONDS, with a stride learnt during the warm-up.
  const batch = (until: number, stride: number) => {
    let count = 0;
    let moves = 0;
    let capped = 0;
    const start = now();
    let time = start;
    while (time < until || count === 0) {
      work.copyFrom(empty);
      const result = playout.run(rng, order, 0, -1);
      moves += result.moves;
      if (result.capped) capped++;
      count++;
      if (count % stride === 0) time = now();
    }
    return { count, moves, capped, elapsed: (now() - start) / 1000 };
  };
  const warmup = batch(now() + WARMUP_SECONDS * 1000, 1);
  const stride = Math.max(1, Math.floor((warmup.count / Math.max(warmup.elapsed, 1e-3)) * CLOCK_READ_SECONDS));
  const measured = batch(now() + seconds * 1000, stride);
  return ok({
    graph: graphLabel(graph),
    vertices: graph.n,
    engine: playout.engine,
    playouts: measured.count,
    seconds: round(measured.elapsed, 3),
    playoutsPerSecond: Math.round(measured.count / measured.elapsed),
    avgMoves: round(measured.moves / measured.count, 1),
    capped: measured.capped,
  });
}

function round(x: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}
