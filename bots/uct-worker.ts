/**
 * A search thread of the parallel UCT bot (bots/parallel-uct.ts). It keeps its own game and tree across moves,
 * searches when asked, and writes its root statistics into shared memory, then wakes the main thread.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { parseGraphSpec } from '../src/families.js';
import { UctBot, type UctSettings } from './uct.js';
import { GameMirror, writeStats, type SearchRequest, type WorkerInit } from './parallel-protocol.js';

const init = workerData as WorkerInit;
const NO_STATS = { moves: [], visits: [], rewards: [] };

/**
 * A thread that cannot search (its set-up or a search threw) still answers every request, with no statistics, so
 * the main thread never waits out its grace period for it; the reason goes to stderr once.
 */
let failure: string | null = null;
let bot: UctBot | null = null;
let mirror: GameMirror | null = null;
try {
  const built = parseGraphSpec(init.graphLine);
  if (!built.ok) throw new Error(`cannot read the graph: ${built.error.message}`);
  mirror = new GameMirror(built.value);
  bot = new UctBot(init.settings as UctSettings, 'uct-worker');
} catch (e) {
  fail(e);
}

function fail(e: unknown): void {
  if (failure !== null) return;
  failure = e instanceof Error ? e.message : String(e);
  console.error(`graphgo: search thread ${init.index + 1} stopped searching: ${failure}`);
}

parentPort!.on('message', (request: SearchRequest) => {
  if (failure === null && mirror !== null && bot !== null) {
    try {
      const g = mirror.sync(request);
      bot.followMargin(request.marginKomi);
      const simulations = bot.search(g, request.color, request.playouts, request.seconds);
      writeStats(init.shared, init.index, init.slotSize, bot.rootStats(), simulations);
      return;
    } catch (e) {
      fail(e);
      mirror.reset();
    }
  }
  writeStats(init.shared, init.index, init.slotSize, NO_STATS, 0);
});
