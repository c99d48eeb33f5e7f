/**
 * `graphgo solve --family ... --jobs N`: the graphs of a family solved side by side, each on one of N worker threads
 * with its own solver and table, so a family of hundreds of hard graphs uses every core. Each graph's search is the
 * one `--jobs 1` runs (the same nodes and results); the rows come out in the family's order, each as soon as it and
 * every row before it are solved. Ctrl-C ends the graphs being solved as a limit does ("interrupted"), prints their
 * rows and starts no more; a second Ctrl-C quits at once.
 */
import { Worker } from 'node:worker_threads';
import { CliError } from './io.js';
import type { CliIo } from './io.js';
import { FamilyOutput } from './family-output.js';
import type { SolveOptions, SolvePlan, SolveRecord } from './solve-command.js';
import { INTERRUPTED_EXIT, stopWorkersOnSignals } from './stop-signals.js';

/** What a pool worker is started with: the command's options and the stop flag (one Int32, 0 or 1). */
export interface SolvePoolData {
  readonly mode: 'pool';
  readonly opts: SolveOptions;
  readonly stop: SharedArrayBuffer;
}

/** A graph for a pool worker to solve: the index-th spec of the family (a race: one seed of the graph). */
export interface SolvePoolTask {
  readonly index: number;
  readonly spec: string;
  /** A race (cli/solve-race.ts): this thread's table seed, in place of the command's. */
  readonly tableSeed?: number;
}

/** What a pool worker sends back: progress lines, a solved row, or the error that ended a graph. */
export type SolvePoolMessage =
  | { readonly kind: 'err'; readonly text: string }
  | { readonly kind: 'record'; readonly index: number; readonly record: SolveRecord }
  | { readonly kind: 'error'; readonly index: number; readonly message: string; readonly exitCode: number; readonly user: boolean };

/** Solves the family of `plan` on `plan.jobs` threads of `workerFile` (cli/solve-worker.js), writing its rows to io. */
export async function runFamilyOnPool(opts: SolveOptions, plan: SolvePlan, io: CliIo, workerFile: URL): Promise<void> {
  if (plan.family === null) throw new Error('runFamilyOnPool needs a family');
  const specs = plan.family.specs()[Symbol.iterator]();
  const stop = new Int32Array(new SharedArrayBuffer(4));
  const data: SolvePoolData = { mode: 'pool', opts, stop: stop.buffer as SharedArrayBuffer };
  const output = new FamilyOutput(plan.kind, opts.json ? 'json' : opts.format, (text) => io.writeOut(text));
  const workers: Worker[] = [];
  let next = 0;
  const saving = opts.tableDir === undefined ? '' : ` (their tables saved in ${opts.tableDir})`;
  const signals = stopWorkersOnSignals(stop, workers, (t) => io.writeErr(t), `stopping the graphs being solved${saving}; no more will start`);
  try {
    await new Promise<void>((resolve, reject) => {
      let running = 0;
      let failed = false;
      const fail = (e: Error): void => {
        if (failed) return;
        failed = true;
        reject(e);
      };
      /** The family's next graph, or null when there is none (or a stop was asked). */
      const take = (): SolvePoolTask | null => {
        if (Atomics.load(stop, 0) !== 0) return null;
        const step = specs.next();
        return step.done === true ? null : { index: next++, spec: step.value };
      };
      const give = (worker: Worker, task: SolvePoolTask): void => {
        worker.postMessage(task);
        running++;
      };
      const start = (task: SolvePoolTask): void => {
        const worker = new Worker(workerFile, { workerData: data });
        workers.push(worker);
        worker.on('message', (m: SolvePoolMessage) => {
          if (m.kind === 'err') return io.writeErr(m.text);
          running--;
          if (m.kind === 'error') return fail(m.user ? new CliError(m.message, m.exitCode) : new Error(m.message));
          output.add(m.index, m.record);
          const task = take();
          if (task !== null) give(worker, task);
          else if (running === 0) resolve();
        });
        worker.on('error', fail);
        worker.on('exit', () => fail(signals.count() > 1 ? new CliError('interrupted', INTERRUPTED_EXIT) : new Error('a solver thread ended without a result')));
        give(worker, task);
      };
      // Threads only for graphs there are: a family of 3 with --jobs 16 starts 3.
      for (let k = 0; k < plan.jobs; k++) {
        const task = take();
        if (task === null) break;
        start(task);
      }
      if (running === 0) resolve();
    });
  } finally {
    signals.off();
    for (const w of workers) {
      w.removeAllListeners('exit');
      void w.terminate();
    }
  }
  output.finish();
  if (signals.count() > 0) throw new CliError('interrupted', INTERRUPTED_EXIT);
}
