/**
 * A search thread of the parallel UCT bot (bots/parallel-uct.ts). It keeps its own game and tree across moves,
 * searches when asked, and writes its root statistics into shared memory, then wakes the main thread.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { parseGraphSpec } from '../src/families.js';
import { Game, type SetupStone } from '../src/game.js';
import type { Graph } from '../src/graph.js';
import type { Rules } from '../src/rules.js';
import { UctBot, type UctSettings } from './uct.js';
import { writeStats, type SearchRequest, type WorkerInit } from './parallel-protocol.js';

const init = workerData as WorkerInit;
const NO_STATS = { moves: [], visits: [], rewards: [] };

/**
 * A thread that cannot search (its set-up or a search threw) still answers every request, with no statistics, so
 * the main thread never waits out its grace period for it; the reason goes to stderr once.
 */
let failure: string | null = null;
let graph: Graph | null = null;
let bot: UctBot | null = null;
try {
  const built = parseGraphSpec(init.graphLine);
  if (!built.ok) throw new Error(`cannot read the graph: ${built.error.message}`);
  graph = built.value;
  bot = new UctBot(init.settings as UctSettings, 'uct-worker');
} catch (e) {
  fail(e);
}
let game: Game | null = null;
let history: { vertex: number; color: number }[] = [];
let setupKey = '';

function fail(e: unknown): void {
  if (failure !== null) return;
  failure = e instanceof Error ? e.message : String(e);
  console.error(`graphgo: search thread ${init.index + 1} stopped searching: ${failure}`);
}

function sync(graph: Graph, request: SearchRequest): Game {
  const key = JSON.stringify([request.rules, request.setup, request.firstColor]);
  const extends_ =
    game !== null &&
    key === setupKey &&
    request.history.length >= history.length &&
    history.every((m, i) => m.vertex === request.history[i].vertex && m.color === request.history[i].color);
  if (!extends_ || game === null) {
    game = new Game(graph, request.rules as Rules);
    if (request.setup.length > 0 || request.firstColor !== request.rules.order[0]) {
      game.setup(request.setup as SetupStone[], request.firstColor);
    }
    history = [];
    setupKey = key;
  }
  for (let i = history.length; i < request.history.length; i++) {
    const m = request.history[i];
    game.play(m.color, m.vertex);
  }
  history = request.history.slice();
  return game;
}

parentPort!.on('message', (request: SearchRequest) => {
  if (failure === null && graph !== null && bot !== null) {
    try {
      const g = sync(graph, request);
      const simulations = bot.search(g, request.color, request.playouts, request.seconds);
      writeStats(init.shared, init.index, init.slotSize, bot.rootStats(), simulations);
      return;
    } catch (e) {
      fail(e);
      game = null;
    }
  }
  writeStats(init.shared, init.index, init.slotSize, NO_STATS, 0);
});
