/**
 * Who owns each vertex at the end, and what that says of each chain: dead, alive or in seki (docs/protocol.md,
 * "Scoring and the end"). GTP front ends ask the engine which stones are dead once both players pass; GNU Go reads
 * the board (and plays the unclear groups out), graphgo plays it out many times.
 *
 * An estimate is many playouts of the position (bots/playout.ts: moves that never fill the mover's own eye, and on
 * square lattices MoGo's 3x3 patterns), each end scored as the evaluation scores one (bots/evaluate.ts): a vertex
 * belongs to the colour of its stone, or to the one colour its empty region (in the underlying graph, arcs
 * included) touches, else to nobody. The first mover rotates through the seats, so no colour gains the tempo. A
 * seeded generator makes the answer a function of the position.
 *
 * Two policies, for two questions:
 * - `light` (no tactics) decides life and death. A group without two eyes fills its own liberties sooner or later
 *   and is taken, as a reader judges it. With the tactics' rule against self-atari, such groups lived on in every
 *   capturing race, which made them coin flips: on the 9x9 test set (test/gtp/dead-stones.test.ts) the light
 *   policy agreed with GNU Go on 46 and 48 of two sets of 50 positions, the tactical one on 40 and 44.
 * - `tactical` (the search's capture/escape tactics, whose rule is that a chain of two or more stones never puts
 *   itself in atari without capturing) decides seki. In a seki the shared liberties are exactly the points that
 *   neither side may fill without self-atari, so under this policy they stay empty and both chains survive; under
 *   the light one whoever fills first is captured, and both chains read as half dead.
 */
import type { Game } from '../src/game.js';
import type { Position } from '../src/position.js';
import { Rng } from '../src/rng.js';
import { EMPTY } from '../src/vocabulary.js';
import { EmptyRegions } from './empty-regions.js';
import { SquarePatterns } from './patterns.js';
import { LightPlayout } from './playout.js';

/**
 * Playouts per estimate (each of the two). On the 9x9 test set (test/gtp/dead-stones.test.ts) three seeds agreed
 * with GNU Go on 45 or 46 positions of 50 at 250 and 500 playouts and on 46 at 1000 and 2000 (a share's standard
 * error is at most 0.5 / sqrt(playouts): 0.016 at 1000). Both estimates together take about 25 ms on a finished
 * 9x9 position and about 120 ms on a finished 19x19 one.
 */
export const DEFAULT_OWNERSHIP_PLAYOUTS = 1000;
/**
 * Beyond 19x19 the default shrinks with the board, so that an estimate costs at most what a 19x19 one does (about
 * 1000 x 361 vertices of playout): a GUI's final_score on a 200x200 board took 43 s at a fixed 1000. Never below
 * MIN_OWNERSHIP_PLAYOUTS (a share's standard error 0.09 at most), so the largest boards still answer in seconds.
 */
const OWNERSHIP_VERTEX_BUDGET = DEFAULT_OWNERSHIP_PLAYOUTS * 361;
export const MIN_OWNERSHIP_PLAYOUTS = 32;

/** The playouts of an estimate on a board of n vertices when none are given (see OWNERSHIP_VERTEX_BUDGET). */
export function defaultOwnershipPlayouts(n: number): number {
  return Math.max(MIN_OWNERSHIP_PLAYOUTS, Math.min(DEFAULT_OWNERSHIP_PLAYOUTS, Math.floor(OWNERSHIP_VERTEX_BUDGET / Math.max(1, n))));
}
/** The seed of every estimate: the same position gets the same answer, whoever asks and how often. */
export const OWNERSHIP_SEED = 'ownership';

/**
 * A chain is dead when its colour keeps its vertices in fewer than this share of the light playouts (the mean over
 * the chain's stones): it is taken more often than not. Most chains at the end of a game sit near 0 or 1; those in
 * between are fights the playouts do not settle, and the majority decides them. Against GNU Go, on the test set and
 * on 50 more positions made with another seed (scripts/dead-stones-fixture.mjs --seed 2): 46 and 48 agree at 0.5,
 * 47 and 48 at 0.55 and 0.6, 43 and 47 at 0.4, 43 and 45 at 0.7. The plain majority needs no tuning to the set.
 */
export const DEAD_SHARE = 0.5;
/**
 * Seki, in two estimates. Under the tactical policy a chain in seki survives and has a liberty that ends empty and
 * nobody's (touching several colours) in at least SEKI_NEUTRAL_SHARE of the playouts: an ordinary neutral point
 * gets filled, since filling it is no self-atari; a liberty that neither side may fill without putting itself in
 * atari stays empty. Under the light policy the same chain is a coin flip, its colour keeping it in a share between
 * SEKI_MIXED and 1 - SEKI_MIXED: whoever fills a shared liberty first is taken. Both must hold for the chain and
 * for a chain of another colour across that liberty. The light condition rejects a dead group that the tactical
 * policy cannot kill because the kill needs a sacrifice of two stones, and a living group next to it.
 */
export const SEKI_NEUTRAL_SHARE = 0.5;
export const SEKI_MIXED = 0.2;

/** The playout policy of an estimate (see the header). */
export type OwnershipPolicy = 'light' | 'tactical';

export interface OwnershipOptions {
  readonly playouts?: number;
  readonly seed?: string;
  /** 'light' unless given. */
  readonly policy?: OwnershipPolicy;
}

export class Ownership {
  /** shares[v * (colors + 1) + c]: the share of playouts that ended with v owned by colour c (c = 0: nobody). */
  readonly shares: Float64Array;

  constructor(
    readonly n: number,
    readonly colors: number,
    readonly playouts: number,
  ) {
    this.shares = new Float64Array(n * (colors + 1));
  }

  /** The share of playouts that ended with v owned by c (0: owned by nobody). */
  share(v: number, c: number): number {
    return this.shares[v * (this.colors + 1) + c];
  }
}

/** Estimates the ownership of `game`'s position from `options.playouts` playouts (defaultOwnershipPlayouts). */
export function estimateOwnership(game: Game, options: OwnershipOptions = {}): Ownership {
  const graph = game.graph;
  const rules = game.rules;
  const colors = rules.colors;
  const playouts = Math.max(1, Math.floor(options.playouts ?? defaultOwnershipPlayouts(graph.n)));
  const rng = new Rng(options.seed ?? OWNERSHIP_SEED);
  const playout = LightPlayout.forGraph(graph);
  playout.tactics = options.policy === 'tactical';
  playout.patterns = colors === 2 ? SquarePatterns.forGraph(graph) : null;
  const work = playout.position;
  const ownership = new Ownership(graph.n, colors, playouts);
  const tally = new RegionTally(graph.n, colors);
  const seats = rules.order.length;
  const firstSeat = game.seatToMove;
  for (let k = 0; k < playouts; k++) {
    work.copyFrom(game.position);
    // The game's ko ban belongs to its mover; a playout started by another seat has none.
    const seat = (firstSeat + k) % seats;
    playout.run(rng, rules.order, seat, -1);
    tally.add(work, ownership.shares);
  }
  const shares = ownership.shares;
  for (let i = 0; i < shares.length; i++) shares[i] /= playouts;
  return ownership;
}

/** Adds one end's owners to the counts: stones to their colour, empty regions to the one colour they touch. */
class RegionTally {
  private readonly regions: EmptyRegions;

  constructor(
    n: number,
    private readonly colors: number,
  ) {
    this.regions = new EmptyRegions(n);
  }

  add(position: Position, counts: Float64Array): void {
    const regions = this.regions;
    regions.begin();
    const stride = this.colors + 1;
    const color = position.color;
    const region = regions.region;
    for (let v = 0; v < position.n; v++) {
      const c = color[v];
      if (c !== EMPTY) {
        counts[v * stride + c]++;
        continue;
      }
      if (!regions.walk(position, v)) continue;
      const owner = regions.owner();
      for (let i = 0, size = regions.size; i < size; i++) counts[region[i] * stride + owner]++;
    }
  }
}

export type ChainStatus = 'alive' | 'dead' | 'seki';

export interface ChainJudgement {
  /** The chain's vertices, in index order. */
  readonly vertices: readonly number[];
  readonly color: number;
  readonly status: ChainStatus;
  /** For a dead chain, the colour that owns its vertices most often (its capturer); else the chain's own colour. */
  readonly owner: number;
  /** The mean share of light playouts in which the chain's own colour kept its vertices. */
  readonly ownShare: number;
}

/** The status of every chain of a position, with the light estimate behind it (kgs-genmove_cleanup reads it). */
export interface DeadStoneJudgement {
  /** In the order of each chain's lowest vertex. */
  readonly chains: readonly ChainJudgement[];
  readonly light: Ownership;
  readonly tactical: Ownership;
}

/**
 * Judges every chain of `game`'s position from two estimates of `playouts` playouts each (see the header): seki
 * from the tactical one, then dead or alive from the light one.
 */
export function judgeDeadStones(game: Game, options: Omit<OwnershipOptions, 'policy'> = {}): DeadStoneJudgement {
  const light = estimateOwnership(game, { ...options, policy: 'light' });
  const tactical = estimateOwnership(game, { ...options, policy: 'tactical' });
  return { chains: judgeChains(game.position, light, tactical), light, tactical };
}

interface Chain {
  readonly vertices: number[];
  readonly color: number;
}

/**
 * Every chain of `position` (in the order of their lowest vertex) with its status: seki when the two estimates
 * find it in seki (SEKI_NEUTRAL_SHARE); else dead when its colour keeps it in fewer than DEAD_SHARE of the light
 * playouts (the mean over its stones); else alive.
 */
export function judgeChains(position: Position, light: Ownership, tactical: Ownership): ChainJudgement[] {
  const { chains, chainOf } = chainsOf(position);
  const seki = sekiChains(position, chains, chainOf, light, tactical);
  return chains.map((chain, k) => {
    const own = meanShare(light, chain.vertices, chain.color);
    // The capturer: the other colour that owns the chain's points most often (the lowest on a tie).
    let owner = 0;
    let best = -1;
    for (let d = 1; d <= light.colors; d++) {
      if (d === chain.color) continue;
      const share = meanShare(light, chain.vertices, d);
      if (share > best) {
        best = share;
        owner = d;
      }
    }
    const status: ChainStatus = seki[k] ? 'seki' : own < DEAD_SHARE ? 'dead' : 'alive';
    return { vertices: chain.vertices, color: chain.color, status, owner: status === 'dead' ? owner : chain.color, ownShare: own };
  });
}

/** Every chain of `position` alive, as the strict count has it (rule sets that count nothing: famine, Conway). */
export function aliveChains(position: Position): ChainJudgement[] {
  return chainsOf(position).chains.map((chain) => ({ ...chain, status: 'alive', owner: chain.color, ownShare: 1 }));
}

/** Which chains are in seki (see SEKI_NEUTRAL_SHARE). */
function sekiChains(position: Position, chains: readonly Chain[], chainOf: Int32Array, light: Ownership, tactical: Ownership): boolean[] {
  const candidate = chains.map((chain) => {
    const mixed = meanShare(light, chain.vertices, chain.color);
    return mixed >= SEKI_MIXED && mixed <= 1 - SEKI_MIXED && meanShare(tactical, chain.vertices, chain.color) >= DEAD_SHARE;
  });
  const { adjStart, adj } = position.graph;
  const color = position.color;
  return chains.map((chain, k) => {
    if (!candidate[k]) return false;
    for (const s of chain.vertices) {
      for (let i = adjStart[s]; i < adjStart[s + 1]; i++) {
        const w = adj[i];
        if (color[w] !== EMPTY || tactical.share(w, EMPTY) < SEKI_NEUTRAL_SHARE) continue;
        for (let j = adjStart[w]; j < adjStart[w + 1]; j++) {
          const u = adj[j];
          if (color[u] !== EMPTY && color[u] !== chain.color && candidate[chainOf[u]]) return true;
        }
      }
    }
    return false;
  });
}

function meanShare(estimate: Ownership, vertices: readonly number[], c: number): number {
  let sum = 0;
  for (const v of vertices) sum += estimate.share(v, c);
  return sum / vertices.length;
}

/** The chains of a position in the order of their lowest vertex, each in index order, and each vertex's chain. */
function chainsOf(position: Position): { chains: Chain[]; chainOf: Int32Array } {
  const chainOf = new Int32Array(position.n).fill(-1);
  const chains: Chain[] = [];
  for (let v = 0; v < position.n; v++) {
    const c = position.color[v];
    if (c === EMPTY || chainOf[v] >= 0) continue;
    const vertices: number[] = [];
    const h = position.head[v];
    let s = h;
    do {
      vertices.push(s);
      chainOf[s] = chains.length;
      s = position.next[s];
    } while (s !== h);
    vertices.sort((a, b) => a - b);
    chains.push({ vertices, color: c });
  }
  return { chains, chainOf };
}
