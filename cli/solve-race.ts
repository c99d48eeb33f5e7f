/**
 * `graphgo solve --graph ... --race N`: one graph solved N times side by side, each on its own worker thread with its
 * own table laid out by another seed (`--table-seed` S, S + 1, ..., S + N - 1). The work a hard solve takes varies
 * several times with the layout (docs/solver.md, "The table seed"), so the first thread to settle the answer stops the
 * others. Every thread's result is a proof, so the bounds of threads stopped at a limit combine: the komi interval
 * of the race is the tightest any of them proved on each side.
 */
import { Worker } from 'node:worker_threads';
import { CliError } from './io.js';
import type { CliIo } from './io.js';
import { describe } from './solve-command.js';
import type { SolveOptions, SolvePlan, SolveRecord } from './solve-command.js';
import type { SolvePoolData, SolvePoolMessage } from './solve-pool.js';
import { endStoppedSolve, INTERRUPTED_EXIT, stopWorkersOnSignals } from './stop-signals.js';

/** One thread of a race as reported: its seed, how it ended and its work. */
export interface RaceRun {
  readonly seed: number;
  readonly status: SolveRecord['status'];
  readonly reason: string | null;
  readonly nodes: number;
  readonly seconds: number;
}

/** What a race adds to the record: the thread that settled the answer first (null: none) and every thread. */
export interface RaceReport {
  readonly settledBy: number | null;
  readonly runs: readonly RaceRun[];
}

/**
 * The record of a race from its threads' records (in seed order) and the index of the first to settle (null: none).
 * With a winner, its record; else the first thread's, with the bounds of all of them: a komi is the largest black win
 * and the smallest white win any thread proved (settled when they meet), an area score the largest lower and the
 * least upper bound. Nodes are the threads' total, seconds the longest.
 */
export function raceRecord(seeds: readonly number[], records: readonly SolveRecord[], winner: number | null): SolveRecord {
  const runs: RaceRun[] = records.map((r, k) => ({ seed: seeds[k], status: r.status, reason: r.reason, nodes: r.nodes, seconds: r.seconds }));
  const race: RaceReport = { settledBy: winner === null ? null : seeds[winner], runs };
  const nodes = records.reduce((sum, r) => sum + r.nodes, 0);
  const seconds = Math.max(...records.map((r) => r.seconds));
  if (winner !== null) return { ...records[winner], nodes, seconds, race };
  const base = records[0];
  if (base.kind === 'komi') {
    const black = records.map((r) => r.blackWinsAt ?? null).filter((k): k is number => k !== null);
    const white = records.map((r) => r.whiteWinsAt ?? null).filter((k): k is number => k !== null);
    const blackWinsAt = black.length === 0 ? null : Math.max(...black);
    const whiteWinsAt = white.length === 0 ? null : Math.min(...white);
    const met = blackWinsAt !== null && whiteWinsAt !== null && whiteWinsAt - blackWinsAt === 1;
    return {
      ...base,
      status: met ? 'solved' : 'unknown',
      reason: met ? null : base.reason,
      komi: met ? blackWinsAt : null,
      blackWinsAt,
      whiteWinsAt,
      komiLow: blackWinsAt,
      komiHigh: whiteWinsAt === null ? null : whiteWinsAt - 1,
      // Which thread solved which komi.
      solves: records.flatMap((r, k) => (r.solves ?? []).map((s) => ({ ...s, seed: seeds[k] }))),
      pv: [],
      pvTruncated: false,
      nodes,
      seconds,
      race,
    };
  }
  if (base.kind === 'score') {
    const lowers = records.map((r) => r.lower).filter((x): x is number => x !== undefined);
    const uppers = records.map((r) => r.upper).filter((x): x is number => x !== undefined);
    return {
      ...base,
      ...(lowers.length === 0 ? {} : { lower: Math.max(...lowers) }),
      ...(uppers.length === 0 ? {} : { upper: Math.min(...uppers) }),
      nodes,
      seconds,
      race,
    };
  }
  return { ...base, nodes, seconds, race };
}

/** The race in words, for the text report. */
export function raceText(race: RaceReport): string {
  const ended = (r: RaceRun) => (r.status === 'solved' ? 'settled it' : r.reason === 'interrupted' ? 'stopped' : `unknown at ${r.reason ?? 'a limit'}`);
  const each = race.runs.map((r) => `seed ${r.seed} ${ended(r)} after ${r.nodes} nodes`);
  const first = race.settledBy === null ? 'no seed settled it' : `seed ${race.settledBy} settled it first`;
  return `race of ${race.runs.length} seeds side by side: ${first} (${each.join('; ')})`;
}

/** Runs the race of `plan` on `plan.race` threads of `workerFile` (cli/solve-worker.js) and writes its report to io. */
export async function raceOnThreads(opts: SolveOptions, plan: SolvePlan, io: CliIo, workerFile: URL): Promise<void> {
  const spec = opts.graph;
  if (spec === undefined) throw new Error('a race solves one graph');
  const base = plan.settings.tableSeed ?? 0;
  const seeds = Array.from({ length: plan.race }, (_, k) => base + k);
  const stop = new Int32Array(new SharedArrayBuffer(4));
  const data: SolvePoolData = { mode: 'pool', opts, stop: stop.buffer as SharedArrayBuffer };
  const workers: Worker[] = [];
  const records: (SolveRecord | null)[] = seeds.map(() => null);
  let winner: number | null = null;
  const signals = stopWorkersOnSignals(stop, workers, (t) => io.writeErr(t), 'stopping every seed of the race');
  try {
    await new Promise<void>((resolve, reject) => {
      let failed = false;
      const fail = (e: Error): void => {
        if (failed) return;
        failed = true;
        reject(e);
      };
      seeds.forEach((seed, k) => {
        const worker = new Worker(workerFile, { workerData: data });
        workers.push(worker);
        worker.on('message', (m: SolvePoolMessage) => {
          if (m.kind === 'err') return io.writeErr(m.text);
          if (m.kind === 'error') return fail(m.user ? new CliError(m.message, m.exitCode) : new Error(m.message));
          records[k] = m.record;
          if (m.record.status === 'solved' && winner === null) {
            winner = k;
            // The others end as at a limit, within 1,024 nodes, and report what they proved.
            Atomics.store(stop, 0, 1);
          }
          if (records.every((r) => r !== null)) resolve();
        });
        worker.on('error', fail);
        worker.on('exit', () => fail(signals.count() > 1 ? new CliError('interrupted', INTERRUPTED_EXIT) : new Error('a solver thread ended without a result')));
        worker.postMessage({ index: k, spec, tableSeed: seed });
      });
    });
  } finally {
    signals.off();
    for (const w of workers) {
      w.removeAllListeners('exit');
      void w.terminate();
    }
  }
  const record = raceRecord(seeds, records as SolveRecord[], winner);
  io.writeOut(opts.json ? JSON.stringify(record, null, 2) + '\n' : describe(record));
  if (signals.count() > 0) endStoppedSolve(record.status === 'solved', undefined, (t) => io.writeErr(t));
}
