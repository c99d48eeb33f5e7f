/**
 * The fixed benchmark suite: three graphs and, for each, one mid-game position, so that every run of
 * `graphgo bench core` measures the same thing (Stockfish's habit of a fixed benchmark list).
 *
 * - `grid 9 9` and `grid 19 19`: the boards every Go engine is compared on (libego, Pachi: docs/benchmarks.md).
 * - `random 10000 0.0004 1`: an Erdős–Rényi graph with about 20,000 edges (average degree about 4, like a grid,
 *   but irregular, with isolated vertices and hubs), so the figures show the cost of a large, non-lattice board.
 *
 * The mid-game position of a graph is reached from the empty board under `area` rules by two seeded RandomBots
 * (seeds `bench/1` and `bench/2`) playing round(0.4 * vertices) turns. Every input is fixed (graph spec, rules,
 * seeds, the RandomBot algorithm), so the position is the same on every machine; it changes only if the random
 * player or the graph family changes, and the test suite pins its move count.
 */
import { RandomBot } from '../bots/random.js';
import { parseGraphSpec } from '../src/families.js';
import { Game } from '../src/game.js';
import type { Graph } from '../src/graph.js';
import { presetRules } from '../src/rules.js';
import type { Rules } from '../src/rules.js';

/** The graphs `bench core` runs when none are named. */
export const CORE_GRAPHS = ['grid 9 9', 'grid 19 19', 'random 10000 0.0004 1'] as const;

/** The graph the allocation check plays on (DESIGN: "playing a legal move on 19x19 must not allocate"). */
export const ALLOCATION_GRAPH = 'grid 19 19';

/** Mid-game positions are this fraction of the vertex count into a random game. */
export const MID_GAME_FRACTION = 0.4;

/** The rules the mid-game positions are reached under, and the seed of their random players. */
export const FIXTURE_RULES = 'area';
export const FIXTURE_SEED = 'bench';

export interface FixtureMove {
  readonly vertex: number;
  readonly color: number;
}

export interface Fixture {
  /** How the reports name the graph: its normalised spec (`grid 9 9`), else its size. */
  readonly label: string;
  readonly graph: Graph;
  readonly rules: Rules;
  /** The turns (vertex or PASS, colour) from the empty board to the mid-game position. */
  readonly moves: readonly FixtureMove[];
  /** The colour to move in the mid-game position. */
  readonly toMove: number;
  /** A fresh Game at the mid-game position (each call replays `moves` on a new Game). */
  midGame(): Game;
}

export function fixtureRules(): Rules {
  return presetRules(FIXTURE_RULES);
}

/** A graph of the fixed suite. Its spec is a constant of this folder, so a refusal is a bug here, not user input. */
export function suiteGraph(spec: string): Graph {
  const built = parseGraphSpec(spec);
  if (!built.ok) throw new Error(`bench graph "${spec}": ${built.error.message}`);
  return built.value;
}

export function graphLabel(graph: Graph): string {
  return graph.meta.spec ?? `${graph.n} vertices`;
}

/** Random-bot seeds for colour c of a named stream: `<base>/<c>`. */
export function botsFor(base: string, colors: number): RandomBot[] {
  const bots: RandomBot[] = [];
  for (let c = 0; c <= colors; c++) bots.push(new RandomBot(`${base}/${c}`));
  return bots;
}

/**
 * The mid-game position of `graph`. A graph on which the random game ends before the target (a tiny graph) stops
 * one turn short of the end, so the side to move still has a move or a pass.
 */
export function buildFixture(graph: Graph): Fixture {
  const label = graphLabel(graph);
  const rules = fixtureRules();
  const target = Math.round(MID_GAME_FRACTION * graph.n);
  const game = new Game(graph, rules);
  const bots = botsFor(FIXTURE_SEED, rules.colors);
  const moves: FixtureMove[] = [];
  while (!game.over && moves.length < target) {
    const color = game.toMove;
    const vertex = bots[color].genmove(game, color);
    const status = game.play(color, vertex);
    if (status !== 'ok') throw new Error(`fixture ${label}: the random bot chose an illegal move (${status})`);
    if (game.over) {
      game.undo();
      break;
    }
    moves.push({ vertex, color });
  }
  const toMove = game.toMove;
  return {
    label,
    graph,
    rules,
    moves,
    toMove,
    midGame(): Game {
      const g = new Game(graph, rules);
      for (const m of moves) {
        const status = g.play(m.color, m.vertex);
        if (status !== 'ok') throw new Error(`fixture ${label}: replay refused a move (${status})`);
      }
      return g;
    },
  };
}
