/**
 * The worker thread of `graphgo solve`. Started by cli/solve-thread.ts (mode `command`), it runs the whole command
 * with the options it is given and sends its output back line by line; started by cli/solve-pool.ts (mode `pool`), it
 * solves the graphs of a family it is sent, one at a time, and sends each row back. Either way it stops the search
 * when the main thread sets the shared stop flag (Ctrl-C).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { CliError } from './io.js';
import type { CliIo } from './io.js';
import { readSolveSettings, runSolveCommand, solveFamilyGraph } from './solve-command.js';
import type { SolvePoolData, SolvePoolMessage, SolvePoolTask } from './solve-pool.js';
import type { SolveThreadData, SolveThreadMessage } from './solve-thread.js';

const port = parentPort;
if (port === null) throw new Error('cli/solve-worker.js runs as a worker thread of graphgo solve');
const data = workerData as SolveThreadData | SolvePoolData;
const stop = new Int32Array(data.stop);
const stopRequested = (): boolean => Atomics.load(stop, 0) !== 0;

if (data.mode === 'command') {
  const send = (message: SolveThreadMessage): void => port.postMessage(message);
  const io: CliIo = {
    writeOut: (text) => send({ kind: 'out', text }),
    writeErr: (text) => send({ kind: 'err', text }),
  };
  try {
    send({ kind: 'done', settled: runSolveCommand(data.opts, io, stopRequested) });
  } catch (e) {
    if (e instanceof CliError) send({ kind: 'error', message: e.message, exitCode: e.exitCode, user: true });
    else send({ kind: 'error', message: e instanceof Error ? e.message : String(e), exitCode: 1, user: false });
  }
} else {
  const send = (message: SolvePoolMessage): void => port.postMessage(message);
  const io: CliIo = {
    writeOut: () => {
      throw new Error('a pool worker writes rows as messages');
    },
    writeErr: (text) => send({ kind: 'err', text }),
  };
  // The options were checked on the main thread, which also holds the family; here only the settings are rebuilt.
  const plan = readSolveSettings(data.opts);
  port.on('message', (task: SolvePoolTask) => {
    try {
      const seed = task.tableSeed;
      const own = seed === undefined ? plan : { ...plan, settings: { ...plan.settings, tableSeed: seed } };
      const label = seed === undefined ? task.spec : `${task.spec} (seed ${seed})`;
      send({ kind: 'record', index: task.index, record: solveFamilyGraph(task.spec, own, data.opts, io, stopRequested, label) });
    } catch (e) {
      const user = e instanceof CliError;
      send({ kind: 'error', index: task.index, message: e instanceof Error ? e.message : String(e), exitCode: user ? e.exitCode : 1, user });
    }
  });
}
