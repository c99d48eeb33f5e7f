/**
 * A search thread of the parallel UCT bot (bots/parallel-uct.ts). It keeps its own game and tree across moves,
 * searches when asked, and writes its root statistics into shared memory, then wakes the main thread.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { writeStats, type SearchRequest, type WorkerInit } from './parallel-protocol.js';
import { ThreadSearcher } from './thread-searcher.js';

const init = workerData as WorkerInit;
const NO_STATS = { moves: [], visits: [], rewards: [] };

const searcher = new ThreadSearcher(init.graphLine, init.settings, (reason) => {
  console.error(`graphgo: search thread ${init.index + 1} stopped searching: ${reason}`);
});

parentPort!.on('message', (request: SearchRequest) => {
  const found = searcher.search(request, (game, bot) => {
    const simulations = bot.search(game, request.color, request.playouts, request.seconds);
    return { stats: bot.rootStats(), simulations };
  });
  writeStats(init.shared, init.index, init.slotSize, found?.stats ?? NO_STATS, found?.simulations ?? 0);
});
