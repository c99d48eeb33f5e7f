/**
 * The harness on several machines, through a BullMQ queue in Redis (tournaments/queue/):
 *
 *   graphgo tournament worker --queue redis://HOST:PORT [--concurrency N] [--engine NAME=COMMAND]... [--log-dir DIR]
 *       [--name HOST] [--lock-seconds S]
 *   graphgo tournament run FILE --queue URL [--window N]     (the coordinator; cli/tournament-command.ts)
 *   graphgo tournament match ... --queue URL [--window N]
 *
 * This file owns the worker's process side: its signal handlers (the first Ctrl-C or SIGTERM kills the engines and
 * puts the games in progress back on the queue; a second exits at once), the exit handler that kills leftover
 * engines, its one line per game, and the coordinator's runner for runTournament.
 */
import { hostname, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import type { Tournament } from '../tournaments/config.js';
import type { EngineDef } from '../tournaments/engine-spec.js';
import { parseEngineText } from '../tournaments/engine-spec.js';
import { DEFAULT_CONNECT_TIMEOUT_MS, QueueError, parseQueueUrl, type QueueConnection } from '../tournaments/queue/connection.js';
import { DEFAULT_WINDOW, QueueCoordinator } from '../tournaments/queue/coordinator.js';
import { DEFAULT_LOCK_MS, QueueWorker, type WorkerEvent } from '../tournaments/queue/worker.js';
import { FolderError, makeFolder } from '../tournaments/folders.js';
import type { RunEvent } from '../tournaments/runner.js';
import { CliError, type CliIo } from './io.js';
import { orCliError, positiveSeconds, wholeNumber } from './options.js';

interface WorkerOptions {
  queue: string;
  concurrency: string;
  engine: string[];
  logDir?: string;
  name?: string;
  lockSeconds?: string;
  connectSeconds?: string;
}

/** How long a worker told to stop waits for the queue before it exits anyway. */
const STOP_GRACE_S = 5;

const collect = (value: string, previous: string[]): string[] => [...previous, value];

const CONNECT_HELP = `how long to keep trying to reach the queue's Redis when starting, before giving up with an error (default ${DEFAULT_CONNECT_TIMEOUT_MS / 1000})`;

/** The flags `run` and `match` take to hand their games to a queue. */
export function addQueueOptions(command: Command): Command {
  return command
    .option('--queue <url>', 'play on workers through a Redis queue (redis://HOST:PORT) instead of here')
    .option('--window <n>', `with --queue: games on the queue ahead of the results (default ${DEFAULT_WINDOW})`)
    .option('--connect-seconds <s>', CONNECT_HELP);
}

/** `--connect-seconds S` as the milliseconds QueueCoordinator and QueueWorker take (none given: their default). */
function connectTimeout(text: string | undefined): { connectTimeoutMs?: number } {
  return text === undefined ? {} : { connectTimeoutMs: 1000 * positiveSeconds('--connect-seconds', text, 86_400) };
}

/** The coordinator that runTournament runs in place of the local runner, for `--queue`. */
export function queueRunner(
  t: Tournament,
  opts: { queue: string; window?: string; connectSeconds?: string },
  isAlive: (pid: number) => boolean,
): { label: string; make: (onEvent: (e: RunEvent) => void) => QueueCoordinator } {
  const connection = orCliError(parseQueueUrl(opts.queue));
  const window = opts.window !== undefined ? wholeNumber('--window', opts.window, 1, 1_000_000) : DEFAULT_WINDOW;
  const timeout = connectTimeout(opts.connectSeconds);
  return {
    label: connection.label,
    make: (onEvent) => new QueueCoordinator(t, { host: { pid: process.pid, isAlive }, connection, hostName: hostname(), window, onEvent, ...timeout }),
  };
}

export function registerTournamentWorkerCommand(tournament: Command, io: CliIo, graphgoMain: () => string): void {
  tournament
    .command('worker')
    .description('play the games of tournaments run with --queue, from a Redis queue, on this machine')
    .requiredOption('--queue <url>', 'the Redis server of the queue: redis://HOST:PORT')
    .option('--concurrency <n>', 'games at once (one process per engine per game)', '1')
    .option('--engine <NAME=COMMAND>', "this machine's command line for an engine the tournament names; repeat", collect, [])
    .option('--log-dir <dir>', 'where engine stderr goes (default: a graphgo-worker-logs folder in the temp folder)')
    .option('--name <host>', 'the name records give this worker (default: the host name)')
    .option('--lock-seconds <s>', `how long a game of a killed worker waits before another worker takes it (default ${DEFAULT_LOCK_MS / 1000})`)
    .option('--connect-seconds <s>', CONNECT_HELP)
    .action(async (opts: WorkerOptions) => {
      const connection: QueueConnection = orCliError(parseQueueUrl(opts.queue));
      const timeout = connectTimeout(opts.connectSeconds);
      const engines = new Map<string, EngineDef>();
      for (const text of opts.engine) {
        if (!/^[A-Za-z0-9_.+#@ -]+=/.test(text.trim())) throw new CliError(`--engine "${text}": a worker's engine needs the tournament's name for it: NAME=COMMAND`);
        engines.set(...named(orCliError(parseEngineText(text))));
      }
      const logDir = resolve(opts.logDir ?? join(tmpdir(), 'graphgo-worker-logs'));
      // Checked before any game is taken, so that a bad folder is an error here and not a game lost later.
      try {
        makeFolder(logDir);
      } catch (e) {
        if (e instanceof FolderError) throw new CliError(`--log-dir: ${e.message}`);
        throw e;
      }
      const worker = new QueueWorker({
        connection,
        concurrency: wholeNumber('--concurrency', opts.concurrency, 1, 256),
        engines,
        host: { node: process.execPath, graphgoMain: graphgoMain(), env: process.env },
        hostName: opts.name ?? hostname(),
        logDir,
        ...(opts.lockSeconds !== undefined ? { lockMs: 1000 * positiveSeconds('--lock-seconds', opts.lockSeconds) } : {}),
        onEvent: (e) => io.writeErr(workerLine(e)),
        ...timeout,
      });
      let interrupts = 0;
      const onSignal = (signal: NodeJS.Signals): void => {
        interrupts++;
        if (interrupts === 1) {
          io.writeErr(`${signal}: stopping; killing the engines (games in progress go back on the queue)\n`);
          worker.abort();
          // The engines are dead; only the queue's connections remain, and a Redis that is away may hold them.
          setTimeout(() => {
            io.writeErr(`the queue's Redis did not answer within ${STOP_GRACE_S} s; exiting (games in progress go back on the queue when their locks expire)\n`);
            worker.killAllNow();
            process.exit(130);
          }, STOP_GRACE_S * 1000).unref();
        } else {
          worker.killAllNow();
          process.exit(130);
        }
      };
      const onExit = (): void => worker.killAllNow();
      const signals: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
      for (const s of signals) process.on(s, onSignal);
      process.on('exit', onExit);
      try {
        await worker.run();
      } catch (e) {
        if (e instanceof QueueError) throw new CliError(e.message);
        throw e;
      } finally {
        for (const s of signals) process.off(s, onSignal);
        process.off('exit', onExit);
      }
      if (interrupts > 0) throw new CliError('worker stopped', 130);
    });
}

function named(def: EngineDef): [string, EngineDef] {
  return [def.name, def];
}

function workerLine(e: WorkerEvent): string {
  if (e.type === 'message') return `${e.level === 'warning' ? 'warning: ' : ''}${e.text}\n`;
  const r = e.result;
  const run = `run ${e.run.slice(0, 8)}`;
  switch (r.kind) {
    case 'skip':
      return `${run}: skipped: ${r.reason}\n`;
    case 'void':
      return `${run} game ${r.record.game}: void (${r.record.reason})\n`;
    case 'finished': {
      const g = r.record;
      const who = g.black !== undefined ? `${g.black} vs ${g.white}` : g.seats.join(', ');
      return `${run} game ${g.game}: ${who}: ${g.result} (${g.reason}, ${g.moves.length} moves, ${(g.durationMs / 1000).toFixed(1)} s, slot ${e.slot})\n`;
    }
  }
}
