/**
 * The worker thread of `graphgo solve` (cli/solve-thread.ts): runs the command with the options it is given, sends
 * its output back line by line, and stops the search when the main thread sets the shared stop flag (Ctrl-C).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { CliError } from './io.js';
import type { CliIo } from './io.js';
import { runSolveCommand } from './solve-command.js';
import type { SolveOptions } from './solve-command.js';
import type { SolveThreadData, SolveThreadMessage } from './solve-thread.js';

const port = parentPort;
if (port === null) throw new Error('cli/solve-worker.js runs as a worker thread of graphgo solve');
const data = workerData as SolveThreadData;
const stop = new Int32Array(data.stop);
const send = (message: SolveThreadMessage): void => port.postMessage(message);
const io: CliIo = {
  writeOut: (text) => send({ kind: 'out', text }),
  writeErr: (text) => send({ kind: 'err', text }),
};

try {
  runSolveCommand(data.opts as SolveOptions, io, () => Atomics.load(stop, 0) !== 0);
  send({ kind: 'done' });
} catch (e) {
  if (e instanceof CliError) send({ kind: 'error', message: e.message, exitCode: e.exitCode, user: true });
  else send({ kind: 'error', message: e instanceof Error ? e.message : String(e), exitCode: 1, user: false });
}
