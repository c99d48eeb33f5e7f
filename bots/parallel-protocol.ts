/**
 * What the parallel UCT bot and its worker threads exchange: an init record, search requests, and root statistics
 * written into one SharedArrayBuffer (a slot per worker: simulations, child count, then move, visits and reward per
 * child), with an Int32 counter the main thread waits on with Atomics.wait, so genmove stays synchronous.
 */
import { formatEdgesLine } from '../src/graph-formats.js';
import type { Graph } from '../src/graph.js';
import type { Rules } from '../src/rules.js';
import { Game, type SetupStone } from '../src/game.js';
import type { PoolBuffers } from './tree.js';
import type { RootStats, UctSettings } from './uct.js';

export interface WorkerInit {
  /** The board as `set_graph` takes it (workerGraphLine). */
  readonly graphLine: string;
  readonly settings: UctSettings;
  readonly shared: SharedArrayBuffer;
  readonly index: number;
  /** Float64 entries per worker slot. */
  readonly slotSize: number;
}

/** What a shared-tree worker needs to start: no statistics slot, since it writes into the tree itself. */
export type SharedWorkerInit = Pick<WorkerInit, 'graphLine' | 'settings' | 'index'>;

export interface SearchRequest {
  readonly rules: Rules;
  readonly setup: readonly SetupStone[];
  readonly firstColor: number;
  readonly history: readonly { vertex: number; color: number }[];
  readonly color: number;
  readonly playouts: number | null;
  readonly seconds: number | null;
  /** The main thread's margin komi for this search (bots/margin-komi.ts): every thread counts with the same komi. */
  readonly marginKomi: number;
}

/**
 * A shared-tree search (tree parallelism, bots/shared-tree-uct.ts): the position as in SearchRequest, and the tree
 * the main thread prepared (its buffers and root) with the control words every thread reads (uct.ts SHARED_*).
 * A worker adds its simulations to `done` and wakes the main thread.
 */
export interface SharedSearchRequest extends SearchRequest {
  readonly buffers: PoolBuffers;
  readonly root: number;
  /** Int32 words: simulations claimed, stop, then (main thread's word) workers done and their simulations. */
  readonly control: SharedArrayBuffer;
}

/** Words of the control array after uct.ts's SHARED_STARTED and SHARED_STOP. */
export const CONTROL_DONE = 2;
export const CONTROL_SIMULATIONS = 3;
export const CONTROL_WORDS = 4;

/**
 * A worker's copy of the main thread's game: kept across moves and brought up to date by playing the moves added
 * since (a new game, set-up or rules start it afresh).
 */
export class GameMirror {
  private game: Game | null = null;
  private history: { vertex: number; color: number }[] = [];
  private setupKey = '';

  constructor(private readonly graph: Graph) {}

  sync(request: SearchRequest): Game {
    const key = JSON.stringify([request.rules, request.setup, request.firstColor]);
    const history = this.history;
    let game = this.game;
    const extends_ =
      game !== null &&
      key === this.setupKey &&
      request.history.length >= history.length &&
      history.every((m, i) => m.vertex === request.history[i].vertex && m.color === request.history[i].color);
    if (!extends_ || game === null) {
      game = new Game(this.graph, request.rules as Rules);
      if (request.setup.length > 0 || request.firstColor !== request.rules.order[0]) {
        game.setup(request.setup as SetupStone[], request.firstColor);
      }
      this.history = [];
      this.setupKey = key;
    }
    for (let i = this.history.length; i < request.history.length; i++) {
      const m = request.history[i];
      game.play(m.color, m.vertex);
    }
    this.history = request.history.slice();
    this.game = game;
    return game;
  }

  /** Forgets the game (after a failed search), so the next request rebuilds it. */
  reset(): void {
    this.game = null;
  }
}

/**
 * How a worker rebuilds the main thread's graph: its family spec when it has one, so that the worker's graph keeps
 * the lattice (and with it the 3x3 patterns, the board lines and the kernel's pattern code), else the edge list. A
 * worker that got a bare edge list for a grid searched a different, weaker program than the main thread.
 */
export function workerGraphLine(graph: Graph): string {
  return graph.meta.spec ?? formatEdgesLine(graph);
}

/** Bytes before the slots: the Int32 "workers done" counter, padded to 8. */
export const HEADER_BYTES = 8;

export function slotSizeFor(vertices: number): number {
  return 2 + 3 * (vertices + 1);
}

export function writeStats(shared: SharedArrayBuffer, index: number, slotSize: number, stats: RootStats, simulations: number): void {
  const slot = new Float64Array(shared, HEADER_BYTES + index * slotSize * 8, slotSize);
  slot[0] = simulations;
  slot[1] = stats.moves.length;
  for (let k = 0; k < stats.moves.length; k++) {
    slot[2 + 3 * k] = stats.moves[k];
    slot[3 + 3 * k] = stats.visits[k];
    slot[4 + 3 * k] = stats.rewards[k];
  }
  const done = new Int32Array(shared, 0, 1);
  Atomics.add(done, 0, 1);
  Atomics.notify(done, 0);
}

export function readStats(shared: SharedArrayBuffer, index: number, slotSize: number): { stats: RootStats; simulations: number } {
  const slot = new Float64Array(shared, HEADER_BYTES + index * slotSize * 8, slotSize);
  const stats: RootStats = { moves: [], visits: [], rewards: [] };
  for (let k = 0; k < slot[1]; k++) {
    stats.moves.push(slot[2 + 3 * k]);
    stats.visits.push(slot[3 + 3 * k]);
    stats.rewards.push(slot[4 + 3 * k]);
  }
  return { stats, simulations: slot[0] };
}
