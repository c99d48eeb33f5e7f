/**
 * A search thread of the shared-tree UCT bot (bots/shared-tree-uct.ts). It mirrors the main thread's game and,
 * when asked, joins the search of the tree the main thread prepared, with the same knowledge as the main thread
 * (its own UctBot: priors, patterns, ladders, playout rules, RAVE); then it adds its simulations to the control
 * words and wakes the main thread.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { CONTROL_DONE, CONTROL_SIMULATIONS, type SharedSearchRequest, type SharedWorkerInit } from './parallel-protocol.js';
import { ThreadSearcher } from './thread-searcher.js';

const init = workerData as SharedWorkerInit;

const searcher = new ThreadSearcher(init.graphLine, init.settings, (reason) => {
  console.error(`graphgo: search thread ${init.index + 1} stopped searching: ${reason}`);
});

parentPort!.on('message', (request: SharedSearchRequest) => {
  const control = new Int32Array(request.control);
  const simulations =
    searcher.search(request, (game, bot) =>
      bot.joinShared(game, request.color, request.buffers, request.root, control, request.playouts, request.seconds),
    ) ?? 0;
  Atomics.add(control, CONTROL_SIMULATIONS, simulations);
  Atomics.add(control, CONTROL_DONE, 1);
  Atomics.notify(control, CONTROL_DONE);
});
