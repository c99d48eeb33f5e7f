/**
 * A search thread of the shared-tree UCT bot (bots/shared-tree-uct.ts). It mirrors the main thread's game and,
 * when asked, joins the search of the tree the main thread prepared, with the same knowledge as the main thread
 * (its own UctBot: priors, patterns, ladders, playout rules, RAVE); then it adds its simulations to the control
 * words and wakes the main thread.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { parseGraphSpec } from '../src/families.js';
import { UctBot, type UctSettings } from './uct.js';
import {
  CONTROL_DONE,
  CONTROL_SIMULATIONS,
  GameMirror,
  type SharedSearchRequest,
  type SharedWorkerInit,
} from './parallel-protocol.js';

const init = workerData as SharedWorkerInit;

/**
 * A thread that cannot search (its set-up or a search threw) still answers every request, with no simulations, so
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

parentPort!.on('message', (request: SharedSearchRequest) => {
  const control = new Int32Array(request.control);
  let simulations = 0;
  if (failure === null && mirror !== null && bot !== null) {
    try {
      const game = mirror.sync(request);
      bot.followMargin(request.marginKomi);
      simulations = bot.joinShared(game, request.color, request.buffers, request.root, control, request.playouts, request.seconds);
    } catch (e) {
      fail(e);
      mirror.reset();
    }
  }
  Atomics.add(control, CONTROL_SIMULATIONS, simulations);
  Atomics.add(control, CONTROL_DONE, 1);
  Atomics.notify(control, CONTROL_DONE);
});
