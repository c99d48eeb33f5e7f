/**
 * The WebAssembly playout kernel plays exactly the TypeScript light playout: from the same positions and random
 * states, the same moves, captures, end seat, final position (arrays and scalars) and random state afterwards, in
 * every setting the search uses (tactics, patterns, late self-atari, ko, more than two colours, mid-game starts),
 * on undirected graphs and on graphs with one-way arcs.
 */
import { describe, expect, it } from 'vitest';
import { kernelSupports } from '../../bots/kernel/playout-kernel.js';
import { SquarePatterns } from '../../bots/patterns.js';
import { LightPlayout } from '../../bots/playout.js';
import { parseGraphSpec } from '../../src/families.js';
import { GraphBuilder, type Graph } from '../../src/graph.js';
import { Position } from '../../src/position.js';
import { EMPTY } from '../../src/vocabulary.js';
import { Rng } from '../../src/rng.js';

function graph(spec: string): Graph {
  const built = parseGraphSpec(spec);
  if (!built.ok) throw built.error;
  return built.value;
}

/**
 * `spec`'s graph as an `edges` spec with about `share` of its edges turned into arcs, each way equally often (the
 * choice seeded by the spec, so every run tests the same graphs), and a label for it.
 */
function withArcs(spec: string, share: number): { spec: string; label: string } {
  const g = graph(spec);
  const rng = new Rng(`arcs ${spec} ${share}`);
  const words: string[] = [];
  for (let i = 0; i < g.linkCount; i++) {
    const u = g.linkU[i] + 1;
    const v = g.linkV[i] + 1;
    if (rng.float() >= share) words.push(`${u}-${v}`);
    else words.push(rng.int(2) === 0 ? `${u}>${v}` : `${v}>${u}`);
  }
  return { spec: `edges ${g.n} ${words.join(' ')}`, label: `${spec} with ${share * 100}% arcs` };
}

/** The cycle 1>2>...>n>1 of arcs: each stone's only liberty is the next vertex. */
function directedCycle(n: number): { spec: string; label: string } {
  const words = Array.from({ length: n }, (_, v) => `${v + 1}>${((v + 1) % n) + 1}`);
  return { spec: `edges ${n} ${words.join(' ')}`, label: `directed cycle ${n}` };
}

/** Everything a playout leaves behind, as one comparable record. */
function snapshot(playout: LightPlayout, result: { moves: number; capped: boolean; endSeat: number }, rng: Rng) {
  const p = playout.position;
  const occupied = Array.from(p.color, (c, v) => (c === EMPTY ? -1 : v)).filter((v) => v >= 0);
  return {
    result,
    played: Array.from(playout.playedVertex.subarray(0, playout.playedCount)),
    colours: Array.from(playout.playedColor.subarray(0, playout.playedCount)),
    captures: Array.from(playout.captures),
    color: Array.from(p.color),
    emptyList: Array.from(p.emptyList.subarray(0, p.emptyCount)),
    emptyNeighbours: Array.from(p.emptyNeighbours),
    // Chain data is meaningful on stones only.
    chains: occupied.map((v) => [p.head[v], p.next[v], p.size[p.head[v]], p.libCount[p.head[v]], p.libSum[p.head[v]]]),
    scalars: [p.emptyCount, p.captured, p.selfCaptured, p.koVertex],
    rngAfter: rng.u32(),
  };
}

interface Setting {
  spec: string;
  /** The name failures go by, where the spec is a long `edges` list. */
  label?: string;
  tactics: boolean;
  patterns: boolean;
  /** Cutting and connecting next to the last move (graphs without patterns). */
  cuts?: boolean;
  order: number[];
  playouts: number;
  /** Moves played from the empty board before the playouts start (a mid-game position, with its ko and last move). */
  prefix: number;
}

/** Runs `playouts` playouts of one setting with each engine from the same positions and seeds. */
function compare(setting: Setting): number {
  const g = graph(setting.spec);
  const engines = (['wasm', 'typescript'] as const).map((engine) => {
    const playout = LightPlayout.forGraph(g, { engine });
    playout.tactics = setting.tactics;
    playout.patterns = setting.patterns ? SquarePatterns.forGraph(g) : null;
    playout.cutConnect = setting.cuts ?? false;
    return playout;
  });
  expect(engines[0].engine).toBe('wasm');
  expect(engines[1].engine).toBe('typescript');
  // A mid-game start: random legal moves played with Position.play, so the ko and the last move are real.
  const start = new Position(g);
  const setupRng = new Rng(`start ${setting.spec}`);
  let lastMove = -1;
  let ko = -1;
  let seat = 0;
  for (let i = 0; i < setting.prefix && start.emptyCount > 0; i++) {
    const v = start.emptyList[setupRng.int(start.emptyCount)];
    if (v === ko) continue;
    start.forgetUndo();
    if (start.play(v, setting.order[seat], false) !== 0) continue;
    ko = start.koVertex;
    lastMove = v;
    seat = (seat + 1) % setting.order.length;
  }
  let moves = 0;
  for (let i = 0; i < setting.playouts; i++) {
    const snapshots = engines.map((playout) => {
      playout.position.copyFrom(start);
      const rng = new Rng(`kernel ${setting.spec} ${i}`);
      const result = playout.run(rng, setting.order, seat, ko, lastMove);
      return snapshot(playout, result, rng);
    });
    expect(snapshots[0], `${setting.label ?? setting.spec} playout ${i}`).toEqual(snapshots[1]);
    moves += snapshots[0].result.moves;
  }
  return moves;
}

describe('the WebAssembly playout kernel', () => {
  it('plays exactly the moves of the TypeScript playout', () => {
    const settings: Setting[] = [
      { spec: 'grid 9 9', tactics: false, patterns: false, order: [1, 2], playouts: 60, prefix: 0 },
      { spec: 'grid 9 9', tactics: true, patterns: true, order: [1, 2], playouts: 60, prefix: 30 },
      { spec: 'grid 19 19', tactics: true, patterns: true, order: [1, 2], playouts: 8, prefix: 100 },
      { spec: 'torus 9 9', tactics: true, patterns: true, order: [1, 2], playouts: 40, prefix: 20 },
      { spec: 'king 9 9', tactics: true, patterns: false, order: [1, 2], playouts: 40, prefix: 10 },
      { spec: 'hex 5', tactics: false, patterns: false, order: [1, 2], playouts: 40, prefix: 5 },
      // Cycles and random graphs reach the late phase (self-atari refused) and the once-only ko rule.
      { spec: 'cycle 50', tactics: false, patterns: false, order: [1, 2], playouts: 40, prefix: 0 },
      { spec: 'random 300 0.013 1', tactics: true, patterns: false, order: [1, 2], playouts: 20, prefix: 40 },
      { spec: 'random 1000 0.004 2', tactics: false, patterns: false, order: [1, 2], playouts: 5, prefix: 0 },
      // Long end games, where both engines remember refusals: a stale one would change a move.
      { spec: 'random 3000 0.0013 1', tactics: false, patterns: false, order: [1, 2], playouts: 8, prefix: 0 },
      // Beyond exact sums of squares (Position.squaresExact false): atari is decided by inAtariLarge's walk.
      { spec: 'random 6000 0.00067 4', tactics: true, patterns: false, order: [1, 2], playouts: 2, prefix: 500 },
      { spec: 'grid 80 80', tactics: true, patterns: true, order: [1, 2], playouts: 2, prefix: 300 },
      { spec: 'grid 7 7', tactics: true, patterns: false, order: [1, 2, 3], playouts: 40, prefix: 12 },
      { spec: 'random 100 0.04 3', tactics: false, patterns: false, order: [1, 2, 1, 3], playouts: 40, prefix: 0 },
      { spec: 'hex 5', tactics: true, patterns: false, cuts: true, order: [1, 2], playouts: 40, prefix: 5 },
      { spec: 'king 9 9', tactics: true, patterns: false, cuts: true, order: [1, 2], playouts: 40, prefix: 10 },
      { spec: 'random 300 0.013 1', tactics: true, patterns: false, cuts: true, order: [1, 2], playouts: 20, prefix: 40 },
      { spec: 'random 6000 0.00067 4', tactics: true, patterns: false, cuts: true, order: [1, 2], playouts: 2, prefix: 500 },
      { spec: 'grid 7 7', tactics: true, patterns: false, cuts: true, order: [1, 2, 3], playouts: 40, prefix: 12 },
      // Degrees past the 32 neighbours cutting and connecting looks at.
      { spec: 'random 60 0.7 1', tactics: true, patterns: false, cuts: true, order: [1, 2], playouts: 20, prefix: 10 },
    ];
    expect(['random 6000 0.00067 4', 'grid 80 80'].map((spec) => Position.squaresExactOn(graph(spec)))).toEqual([false, false]);
    for (const setting of settings) {
      // Every setting really plays: 5 random-1000 playouts alone are some 5,000 moves.
      expect(compare(setting), setting.spec).toBeGreaterThan(10 * setting.playouts);
    }
  });

  it('plays exactly the moves of the TypeScript playout on graphs with arcs', () => {
    const settings: Setting[] = [
      { ...withArcs('grid 9 9', 0.3), tactics: false, patterns: false, order: [1, 2], playouts: 60, prefix: 0 },
      { ...withArcs('grid 9 9', 0.3), tactics: true, patterns: false, order: [1, 2], playouts: 60, prefix: 30 },
      { ...withArcs('hex 5', 0.5), tactics: false, patterns: false, order: [1, 2], playouts: 40, prefix: 5 },
      { ...directedCycle(40), tactics: false, patterns: false, order: [1, 2], playouts: 40, prefix: 0 },
      { ...directedCycle(40), tactics: true, patterns: false, order: [1, 2], playouts: 40, prefix: 6 },
      { ...withArcs('cycle 50', 0.2), tactics: false, patterns: false, order: [1, 2], playouts: 40, prefix: 0 },
      { ...withArcs('random 300 0.013 1', 0.5), tactics: true, patterns: false, order: [1, 2], playouts: 20, prefix: 40 },
      { ...withArcs('random 1000 0.004 2', 0.5), tactics: false, patterns: false, order: [1, 2], playouts: 5, prefix: 0 },
      // Beyond exact sums of squares: inAtariLarge counts reverse liberty links.
      { ...withArcs('random 6000 0.00067 4', 0.5), tactics: true, patterns: false, order: [1, 2], playouts: 2, prefix: 500 },
      { ...withArcs('king 70 70', 0.4), tactics: true, patterns: false, order: [1, 2], playouts: 3, prefix: 800 },
      { ...withArcs('king 7 7', 0.4), tactics: true, patterns: false, order: [1, 2, 3], playouts: 40, prefix: 12 },
    ];
    expect([8, 9].map((k) => Position.squaresExactOn(graph(settings[k].spec)))).toEqual([false, false]);
    for (const setting of settings) {
      expect(graph(setting.spec).arcCount, setting.label).toBeGreaterThan(0);
      expect(compare(setting), setting.label).toBeGreaterThan(10 * setting.playouts);
    }
  });

  it('plays arcs one way: the same graph with its arcs made edges plays other moves', () => {
    // The reference: were arcs played as edges (by either engine), the comparison above could not tell.
    const g = graph(withArcs('grid 9 9', 0.3).spec);
    const builder = new GraphBuilder(g.n);
    for (let i = 0; i < g.linkCount; i++) builder.addEdge(g.linkU[i], g.linkV[i]);
    const built = builder.build();
    if (!built.ok) throw built.error;
    expect([g.arcCount > 20, built.value.arcCount]).toEqual([true, 0]);
    const moves = (board: Graph) => {
      const playout = LightPlayout.forGraph(board, { engine: 'wasm' });
      const played: number[][] = [];
      for (let i = 0; i < 10; i++) {
        playout.position.clear();
        playout.run(new Rng(`one way ${i}`), [1, 2], 0, -1);
        played.push(Array.from(playout.playedVertex.subarray(0, playout.playedCount)));
      }
      return played;
    };
    expect(moves(g)).not.toEqual(moves(built.value));
  });

  it('leaves the position usable: a search plays and undoes on it after a run', () => {
    const g = graph('grid 9 9');
    const playout = LightPlayout.forGraph(g);
    const p = playout.position;
    playout.run(new Rng('usable'), [1, 2], 0, -1);
    const reference = new Position(g);
    for (let v = 0; v < g.n; v++) if (p.color[v] !== EMPTY) reference.play(v, p.color[v], true);
    // The empty list as a set, the chains and liberty counts agree with a position built by playing the stones.
    expect(new Set(p.emptyList.subarray(0, p.emptyCount))).toEqual(new Set(reference.emptyList.subarray(0, reference.emptyCount)));
    for (let v = 0; v < g.n; v++) {
      if (p.color[v] === EMPTY) continue;
      expect(p.exactLibertyCount(p.head[v])).toBe(reference.exactLibertyCount(reference.head[v]));
      expect(p.libCount[p.head[v]]).toBe(reference.libCount[reference.head[v]]);
    }
    const v = p.emptyList[0];
    p.play(v, 1, true);
    expect(p.undo()).toBe(true);
    expect(p.color[v]).toBe(EMPTY);
  });

  it('takes graphs with and without arcs, and the engine can be forced or refused', () => {
    expect(kernelSupports(graph('grid 19 19'))).toBe(true);
    expect(kernelSupports(graph('random 10000 0.0004 1'))).toBe(true);
    const arcs = graph('edges 3 1-2 2>3');
    expect(kernelSupports(arcs)).toBe(true);
    expect(LightPlayout.forGraph(arcs).engine).toBe('wasm');
    expect(LightPlayout.forGraph(graph('grid 9 9')).engine).toBe('wasm');
    expect(LightPlayout.forGraph(graph('grid 9 9'), { engine: 'typescript' }).engine).toBe('typescript');
    expect(LightPlayout.forGraph(arcs, { engine: 'typescript' }).engine).toBe('typescript');
    // A graph without vertices has nothing for the kernel to lay out.
    const empty = new GraphBuilder(0).build();
    if (!empty.ok) throw empty.error;
    expect(kernelSupports(empty.value)).toBe(false);
    expect(() => LightPlayout.forGraph(empty.value, { engine: 'wasm' })).toThrow(/typescript engine/);
  });
});
