/**
 * `graphgo solve` on a worker thread, so that Ctrl-C can end a long solve cleanly: the search never yields to the
 * event loop, so a signal handler on its own thread would only run after it. Here the main thread keeps the signal
 * handlers and sets a shared flag that the search reads every 1,024 nodes; the solve then ends as at a limit,
 * "unknown" with the bounds proved so far, and `--table` saves the table as usual. A second Ctrl-C quits at once.
 * A stop that comes once the answer is proved (while its winning line or --moves is worked out) cuts only those: the
 * answer stands and the command succeeds.
 *
 * From the TypeScript sources (tests) there is no compiled worker to start, and the command runs on this thread.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { CliError } from './io.js';
import type { CliIo } from './io.js';
import type { SolveOptions, SolvePlan } from './solve-command.js';
import { runFamilyOnPool } from './solve-pool.js';
import { raceOnThreads } from './solve-race.js';
import { endStoppedSolve, INTERRUPTED_EXIT, onStopSignals } from './stop-signals.js';

/** What the worker is started with: the command's options and the stop flag (one Int32, 0 or 1). */
export interface SolveThreadData {
  readonly mode: 'command';
  readonly opts: SolveOptions;
  readonly stop: SharedArrayBuffer;
}

/** What the worker sends back: output, then `done` (with whether every answer was settled) or the error that ended the command. */
export type SolveThreadMessage =
  | { readonly kind: 'out'; readonly text: string }
  | { readonly kind: 'err'; readonly text: string }
  | { readonly kind: 'done'; readonly settled: boolean }
  | { readonly kind: 'error'; readonly message: string; readonly exitCode: number; readonly user: boolean };

/**
 * Runs the command on a worker thread, or with `runHere` on this one when there is no compiled worker (tests); a
 * family with --jobs above 1 on a pool of them (cli/solve-pool.ts).
 */
export async function runSolveOnThread(
  opts: SolveOptions,
  plan: SolvePlan,
  io: CliIo,
  runHere: (opts: SolveOptions, io: CliIo) => void,
): Promise<void> {
  const workerFile = new URL('./solve-worker.js', import.meta.url);
  if (!existsSync(fileURLToPath(workerFile))) {
    if (plan.race > 1) throw new CliError('--race runs on worker threads: run the built command (npm run build)');
    runHere(opts, io);
    return;
  }
  if (plan.family !== null && plan.jobs > 1) return runFamilyOnPool(opts, plan, io, workerFile);
  if (plan.race > 1) return raceOnThreads(opts, plan, io, workerFile);
  const stop = new Int32Array(new SharedArrayBuffer(4));
  const data: SolveThreadData = { mode: 'command', opts, stop: stop.buffer as SharedArrayBuffer };
  const worker = new Worker(workerFile, { workerData: data });
  let signals = 0;
  const signalsOff = onStopSignals(
    () => {
      signals++;
      Atomics.store(stop, 0, 1);
      const where = opts.table ?? (opts.tableDir === undefined ? undefined : `its file in ${opts.tableDir}`);
      const table = where === undefined ? '' : ` and saving the table to ${where}`;
      io.writeErr(`graphgo: stopping the search${table} (press Ctrl-C again to quit at once${table === '' ? '' : ', without saving'})\n`);
    },
    () => {
      signals++;
      // Ends the wait below through the worker's exit.
      void worker.terminate();
    },
  );
  let settled = false;
  try {
    await new Promise<void>((resolve, reject) => {
      worker.on('message', (m: SolveThreadMessage) => {
        switch (m.kind) {
          case 'out':
            return io.writeOut(m.text);
          case 'err':
            return io.writeErr(m.text);
          case 'done':
            settled = m.settled;
            return resolve();
          case 'error':
            return reject(m.user ? new CliError(m.message, m.exitCode) : new Error(m.message));
        }
      });
      worker.on('error', reject);
      worker.on('exit', () =>
        reject(signals > 1 ? new CliError('interrupted', INTERRUPTED_EXIT) : new Error('the solver thread ended without a result')),
      );
    });
  } finally {
    signalsOff();
    void worker.terminate();
  }
  if (signals > 0) endStoppedSolve(settled, opts.table ?? opts.tableDir, (t) => io.writeErr(t));
}
