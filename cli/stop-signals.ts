/**
 * Ctrl-C (and SIGTERM, SIGHUP) for commands whose work runs on worker threads: the first signal asks the work to stop
 * and report what it has, a later one quits at once.
 */
import type { Worker } from 'node:worker_threads';
import { CliError } from './io.js';

/** The exit code of a command ended by a signal, as shells report SIGINT. */
export const INTERRUPTED_EXIT = 130;

const SIGNALS: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/** Calls `first` on the first of SIGINT, SIGTERM or SIGHUP and `again` on each later one; returns the way to stop. */
export function onStopSignals(first: () => void, again: () => void): () => void {
  let count = 0;
  const onSignal = (): void => {
    count++;
    if (count === 1) first();
    else again();
  };
  for (const s of SIGNALS) process.on(s, onSignal);
  return () => {
    for (const s of SIGNALS) process.off(s, onSignal);
  };
}

/**
 * The signals of a command whose threads read the shared `stop` flag: the first signal sets it and says `message`,
 * a later one terminates every worker in `workers` (as the list is then). `count()` is how many came.
 */
export function stopWorkersOnSignals(
  stop: Int32Array,
  workers: readonly Worker[],
  writeErr: (text: string) => void,
  message: string,
): { count: () => number; off: () => void } {
  let count = 0;
  const off = onStopSignals(
    () => {
      count++;
      Atomics.store(stop, 0, 1);
      writeErr(`graphgo: ${message} (press Ctrl-C again to quit at once)\n`);
    },
    () => {
      count++;
      for (const w of workers) void w.terminate();
    },
  );
  return { count: () => count, off };
}

/**
 * How a solve that was asked to stop ends: interrupted (exit 130) when an answer it was asked for is not settled;
 * otherwise it succeeds with a word on stderr, since the stop came once the answer was proved and cut only its
 * winning line (pvTruncated) or the --moves list. `saved` names where the table was saved, if it was.
 */
export function endStoppedSolve(settled: boolean, saved: string | undefined, writeErr: (text: string) => void): void {
  const table = saved === undefined ? '' : `; the table is saved in ${saved}`;
  if (!settled) throw new CliError(`interrupted${table}`, INTERRUPTED_EXIT);
  writeErr(`graphgo: stopped after the answer was proved: it stands, only its winning line (pvTruncated) or --moves was cut${table}\n`);
}
