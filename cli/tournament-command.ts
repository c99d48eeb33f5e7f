/**
 * `graphgo tournament`: run a tournament file, play a quick match, show a run's status, print its report.
 *
 *   graphgo tournament run FILE [--concurrency N] [--quiet]
 *   graphgo tournament match --engine A --engine B [--graph SPEC]... [--rules RULES]... [--games N] [--playouts N]
 *       [--seconds S] [--concurrency N] [--out DIR] [--seed X] [--sprt ELO0 ELO1 ALPHA BETA] [--seats LETTERS]
 *       [--gauntlet] [--move-timeout S] [--move-limit N] [--handicap N] [--quiet]
 *   graphgo tournament status FILE|DIR
 *   graphgo tournament report FILE|DIR [--csv PATH]
 *   graphgo tournament compare FILE|DIR FILE|DIR [--engine NAME | --engines A,B] [--json]
 *   graphgo tournament replay DIR --game N [--engine NAME] [--move K] [--then "GTP COMMAND"]...
 *   graphgo tournament worker --queue URL ...   (and --queue URL on run and match: cli/tournament-queue-command.ts)
 *
 * This file owns everything that touches the process: the signal handlers (the first Ctrl-C or SIGTERM kills every
 * engine's process group, drops the games in progress and releases the lock; a second one exits at once), the exit
 * handler that kills leftover engines, the terminal's progress line, and the exit code.
 */
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import { UnreadableFileError } from '../tournaments/bounded-read.js';
import { DEFAULT_GAMES, DEFAULT_SEED, loadTournamentFile, validateTournament, type Tournament, type TournamentFileResult } from '../tournaments/config.js';
import { describeEngine } from '../tournaments/engine-spec.js';
import { LockError, readLock } from '../tournaments/lock.js';
import { FolderError } from '../tournaments/folders.js';
import { readResults, readVoids, resultsMtime } from '../tournaments/records.js';
import { comparePaired, pairedText } from '../tournaments/paired-comparison.js';
import { pairingsCsv, progressLine, ratingsCsv, sprtText, standingsText } from '../tournaments/report.js';
import { TournamentRunner, readStoredTournament, type RunEvent, type RunHost, type RunSummary } from '../tournaments/runner.js';
import { RunningScore, computeStandings, sequentialSprtOf } from '../tournaments/standings.js';
import { sprt } from '../tournaments/stats.js';
import { replayGame, type ReplayEvent } from '../tournaments/replay.js';
import { CliError, type CliIo } from './io.js';
import { addGraphListOption, addHelpCommand, addSeedOption, positiveSeconds, wholeNumber } from './options.js';
import { addQueueOptions, queueRunner, registerTournamentWorkerCommand } from './tournament-queue-command.js';

interface QueueFlags {
  queue?: string;
  window?: string;
  connectSeconds?: string;
}

interface RunOptions extends QueueFlags {
  concurrency?: string;
  quiet?: boolean;
}

interface MatchOptions extends QueueFlags {
  engine: string[];
  graph?: string[];
  rules: string[];
  games?: string;
  playouts?: string;
  seconds?: string;
  concurrency?: string;
  out?: string;
  seed: string;
  sprt?: string[];
  seats?: string;
  gauntlet?: boolean;
  moveTimeout?: string;
  moveLimit?: string;
  handicap?: string;
  name?: string;
  quiet?: boolean;
}

const collect = (value: string, previous: string[]): string[] => [...previous, value];

export function registerTournamentCommand(program: Command, io: CliIo): void {
  const tournament = program
    .command('tournament')
    .description('play engines against each other (GTP processes or built-in bots) and rate them');

  addQueueOptions(
    tournament
      .command('run <file>')
      .description('run (or resume) the tournament a JSON file describes')
      .option('--concurrency <n>', 'games at once (overrides the file)')
      .option('--quiet', 'no progress line'),
  ).action(refusingUnreadableFiles(async (file: string, opts: RunOptions) => {
    const loaded = loadTournamentFile(file);
    let t = unwrap(loaded, file);
    if (opts.concurrency !== undefined) t = { ...t, concurrency: wholeNumber('--concurrency', opts.concurrency, 1, 256) };
    await runTournament(t, io, opts.quiet === true, opts);
  }));

  const match = tournament
    .command('match')
    .description('a quick match or round robin from flags; re-running the same command resumes it')
    .option('--engine <engine>', 'an engine: "builtin:uct --playouts 2000", "gnugo --level 1", a command line, or NAME=...; repeat', collect, []);
  addGraphListOption(match, 'a graph (default "grid 9 9")');
  match
    .option('--rules <rules>', 'a rule set (repeat for several; default "area")', collect, [])
    .option('--games <n>', `games per pairing, per graph, per rule set (default ${DEFAULT_GAMES})`)
    .option('--playouts <n>', 'playouts per move for built-in bots that set none')
    .option('--seconds <s>', 'seconds per move (built-in bots: --time; others: time_settings)')
    .option('--concurrency <n>', 'games at once (one process per engine per game)', '1')
    .option('--out <dir>', 'output folder (default runs/match-<hash of the settings>)');
  addSeedOption(match, 'tournament seed', DEFAULT_SEED);
  match
    .option('--sprt <values...>', 'stop early by a binomial SPRT: ELO0 ELO1 ALPHA BETA (two engines)')
    .option('--seats <letters>', 'who sits at each seat of the turn order, e.g. ACBC (teams, NetGo)')
    .option('--gauntlet', 'the first engine plays each of the others (default: round robin)')
    .option('--move-timeout <s>', 'watchdog on genmove, in seconds')
    .option('--move-limit <n>', 'stop and count a game after this many moves')
    .option('--handicap <n>', 'Black gets N handicap stones and White moves first (komi as the rules give it)')
    .option('--name <name>', 'a name for the tables')
    .option('--quiet', 'no progress line');
  addQueueOptions(match)
    .action(refusingUnreadableFiles(async (opts: MatchOptions) => {
      if (opts.engine.length < 2) throw new CliError('tournament match needs at least two --engine options');
      const raw: Record<string, unknown> = {
        name: opts.name ?? 'match',
        engines: opts.engine,
        graphs: opts.graph ?? ['grid 9 9'],
        rules: (opts.rules.length > 0 ? opts.rules : ['area']).map((r) => (opts.seats !== undefined ? { rules: r, seats: opts.seats } : r)),
        concurrency: wholeNumber('--concurrency', opts.concurrency ?? '1', 1, 256),
        seed: opts.seed,
      };
      if (opts.games !== undefined) raw.games = wholeNumber('--games', opts.games, 1, 10_000_000);
      if (opts.playouts !== undefined) raw.playouts = wholeNumber('--playouts', opts.playouts, 1, 1e12);
      if (opts.seconds !== undefined) raw.seconds = positiveSeconds('--seconds', opts.seconds);
      if (opts.out !== undefined) raw.out = opts.out;
      if (opts.gauntlet) raw.schedule = 'gauntlet';
      if (opts.moveTimeout !== undefined) raw.moveTimeout = positiveSeconds('--move-timeout', opts.moveTimeout);
      if (opts.moveLimit !== undefined) raw.moveLimit = wholeNumber('--move-limit', opts.moveLimit, 1, 1e9);
      if (opts.sprt !== undefined) raw.sprt = parseSprt(opts.sprt);
      if (opts.handicap !== undefined) raw.handicap = wholeNumber('--handicap', opts.handicap, 0, 1e6);
      const result = validateTournament(raw, { baseDir: process.cwd(), defaultOut: (hash) => join('runs', `match-${hash}`) });
      await runTournament(unwrap(result, 'match'), io, opts.quiet === true, opts);
    }));

  tournament
    .command('status <target>')
    .description('how far a run is: games played, running or not, score so far')
    .action(refusingUnreadableFiles((target: string) => {
      const dir = outDir(target);
      const stored = readStoredTournament(dir);
      const { records, warnings } = readResults(dir);
      if (stored === null && records.length === 0) throw new CliError(`no tournament in ${dir}`);
      const engines = stored?.engines ?? [...new Set(records.flatMap((r) => r.seats))];
      const lines: string[] = [`tournament "${stored?.name ?? '?'}" in ${dir}`];
      const owner = readLock(dir);
      if (owner === null) lines.push('  state: not running');
      else if (isAlive(owner.pid)) lines.push(`  state: running (pid ${owner.pid} on ${owner.host}, since ${owner.started})`);
      else lines.push(`  state: not running (stale lock of pid ${owner.pid}; the next run removes it)`);
      const total = stored?.plan?.total;
      const voids = readVoids(dir).records.length;
      const last = resultsMtime(dir);
      lines.push(
        `  games: ${records.length}${total !== undefined ? ` of ${total}` : ''} played` +
          (voids > 0 ? `, ${voids} voided (and replayed)` : '') +
          (last !== null && records.length > 0 ? `, last result ${last.toISOString()}` : ''),
      );
      for (const s of stored?.plan?.skipped ?? []) lines.push(`  skipped: ${s}`);
      const score = new RunningScore(engines);
      for (const r of records) score.add(r);
      lines.push(`  ${progressLine(score, { done: records.length, total: total ?? records.length, running: 0, etaMs: null, sprt: stored?.sprt ?? null })}`);
      if (stored?.sprt && engines.length === 2) {
        const state = { ...sprt(score.wins, score.losses, stored.sprt), decision: sequentialSprtOf(records, engines[0], engines[1], stored.sprt).decision };
        lines.push(`  ${sprtText({ ...state, settings: stored.sprt, wins: score.wins, losses: score.losses })}`);
      }
      for (const w of warnings) lines.push(`  warning: ${w}`);
      io.writeOut(lines.join('\n') + '\n');
    }));

  tournament
    .command('report <target>')
    .description('print the final table again and write it as CSV')
    .option('--csv <path>', 'where the pairings CSV goes (default OUT/report.csv)')
    .action(refusingUnreadableFiles((target: string, opts: { csv?: string }) => {
      if (opts.csv !== undefined && opts.csv.trim() === '') throw new CliError('--csv needs a file name');
      const dir = outDir(target);
      const stored = readStoredTournament(dir);
      const { records, warnings } = readResults(dir);
      if (stored === null && records.length === 0) throw new CliError(`no tournament in ${dir}`);
      for (const w of warnings) io.writeErr(`graphgo: warning: ${w}\n`);
      const standings = computeStandings(stored?.engines ?? [], records, stored?.sprt ?? null);
      const total = stored?.plan?.total;
      io.writeOut(standingsText(standings, `tournament "${stored?.name ?? '?'}": ${records.length}${total !== undefined ? ` of ${total}` : ''} games`));
      const csv = resolve(opts.csv ?? join(dir, 'report.csv'));
      const write = (path: string, text: string): void => {
        try {
          writeFileSync(path, text);
        } catch (e) {
          const why = (e as NodeJS.ErrnoException).code ?? (e instanceof Error ? e.message : String(e));
          throw new CliError(`cannot write the report ${path}${opts.csv !== undefined ? ' (--csv)' : ''}: ${why}`);
        }
      };
      write(csv, pairingsCsv(standings));
      const written = [csv];
      if (standings.engines.length > 2) {
        const ratings = csv.replace(/(\.csv)?$/, '-ratings.csv');
        write(ratings, ratingsCsv(standings));
        written.push(ratings);
      }
      io.writeErr(`wrote ${written.join(' and ')}\n`);
    }));

  tournament
    .command('compare <first> <second>')
    .description('compare two runs against the same opponents game by game (same seed: paired games)')
    .option('--engine <name>', 'the engine to compare, named alike in both runs')
    .option('--engines <a,b>', 'the engine of the first run and that of the second')
    .option('--json', 'print the comparison as one JSON object')
    .action(refusingUnreadableFiles((first: string, second: string, opts: { engine?: string; engines?: string; json?: boolean }) => {
      const runs = [first, second].map((target) => {
        const dir = outDir(target);
        const { records, warnings } = readResults(dir);
        if (records.length === 0) throw new CliError(`no games in ${dir}`);
        for (const w of warnings) io.writeErr(`graphgo: warning: ${w}\n`);
        return { dir, records, engines: new Set(records.flatMap((r) => r.seats)), graphs: storedGraphHashes(dir) };
      });
      const [engineA, engineB] = comparedEngines(runs[0].engines, runs[1].engines, opts);
      const compared = comparePaired(runs[0].records, engineA, runs[1].records, engineB, runs[0].graphs, runs[1].graphs);
      if (!compared.ok) throw new CliError(compared.error);
      if (opts.json) io.writeOut(JSON.stringify({ first: runs[0].dir, second: runs[1].dir, ...compared.value }) + '\n');
      else io.writeOut(pairedText(compared.value, runs[0].dir, runs[1].dir));
    }));

  tournament
    .command('replay <dir>')
    .description("walk an engine through a finished game as the run played it (its seed, genmove on its turns), then ask it anything")
    .requiredOption('--game <n>', 'the game number (the g of its seed S.g, as in results.jsonl and the SGF names)')
    .option('--engine <name>', "the engine to replay (default: the game's only built-in engine)")
    .option('--move <k>', 'stop before move K (1: the first move; default: after the last)')
    .option('--then <command>', 'a GTP command to send at that point (repeatable; each answer is printed)', collect, [])
    .action(refusingUnreadableFiles(async (dir: string, opts: { game: string; engine?: string; move?: string; then: string[] }) => {
      const game = wholeNumber('--game', opts.game, 0);
      const move = opts.move === undefined ? null : wholeNumber('--move', opts.move, 1);
      if (opts.engine !== undefined && opts.engine.trim() === '') throw new CliError('--engine needs an engine name');
      const runDir = outDir(dir);
      const logDir = join(tmpdir(), 'graphgo-replay-logs');
      try {
        mkdirSync(logDir, { recursive: true });
      } catch (e) {
        throw new CliError(`cannot make the engine log folder ${logDir}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
      }
      const main = graphgoMain();
      const onEvent = (e: ReplayEvent): void => {
        if (e.type === 'warning') io.writeErr(`warning: ${e.text}\n`);
        else if (e.type === 'started') io.writeErr(`replaying game ${game} (seed ${e.seed}) as ${e.engine}: ${e.moves} moves\n`);
        else io.writeOut(`${e.command}\n${e.ok ? '=' : '?'} ${e.text}\n\n`);
      };
      const result = await replayGame(
        { dir: runDir, game, engine: opts.engine ?? null, move, then: opts.then, host: { node: process.execPath, graphgoMain: main, env: process.env }, logDir },
        onEvent,
      );
      if (!result.ok) throw new CliError(result.error.message);
      const s = result.value;
      io.writeErr(`${s.engine}: ${s.replayed} moves replayed, its ${s.checked} own moves as in the record; its stderr: ${s.logPath}\n`);
    }));

  registerTournamentWorkerCommand(tournament, io, graphgoMain);
  addHelpCommand(tournament);
}

/** A run's graphs as its tournament.json names them: label -> the hash of the graph (empty when it has none). */
function storedGraphHashes(dir: string): Map<string, string> {
  const graphs = readStoredTournament(dir)?.identity?.graphs;
  const map = new Map<string, string>();
  if (Array.isArray(graphs)) for (const g of graphs as { label?: unknown; graph?: unknown }[]) {
    if (typeof g.label === 'string' && typeof g.graph === 'string') map.set(g.label, g.graph);
  }
  return map;
}

/**
 * The engines `compare` pairs: --engines A,B, or --engine NAME in both, or else the one engine each run has that
 * the other lacks (a frozen build against the same opponent under two names).
 */
function comparedEngines(a: ReadonlySet<string>, b: ReadonlySet<string>, opts: { engine?: string; engines?: string }): [string, string] {
  if (opts.engine !== undefined && opts.engines !== undefined) throw new CliError('give --engine or --engines, not both');
  let pair: [string, string];
  if (opts.engines !== undefined) {
    const names = opts.engines.split(',').map((x) => x.trim());
    if (names.length !== 2 || names.some((x) => x.length === 0)) throw new CliError(`--engines takes two names, the first run's and the second's (A,B), got "${opts.engines}"`);
    pair = [names[0], names[1]];
  } else if (opts.engine !== undefined) {
    pair = [opts.engine, opts.engine];
  } else {
    const onlyA = [...a].filter((e) => !b.has(e));
    const onlyB = [...b].filter((e) => !a.has(e));
    if (onlyA.length !== 1 || onlyB.length !== 1) {
      throw new CliError(
        `say which engines to compare with --engine NAME or --engines A,B (the first run has ${[...a].join(', ')}; the second ${[...b].join(', ')})`,
      );
    }
    pair = [onlyA[0], onlyB[0]];
  }
  if (!a.has(pair[0])) throw new CliError(`the first run has no engine "${pair[0]}" (it has ${[...a].join(', ')})`);
  if (!b.has(pair[1])) throw new CliError(`the second run has no engine "${pair[1]}" (it has ${[...b].join(', ')})`);
  return pair;
}

// ---------------------------------------------------------------------------------------------------------------

function unwrap(result: TournamentFileResult, what: string): Tournament {
  if (result.ok) return result.value;
  if (result.error.code === 'unreadable') throw new CliError(result.error.message);
  throw new CliError(`invalid tournament ${what}:\n  ${result.error.message.replaceAll('\n', '\n  ')}`);
}

/**
 * The action, with a harness file it cannot read (a results.jsonl that is a directory, /dev/zero) refused as
 * `cannot read PATH: reason`, the words of every other command, instead of an internal error.
 */
function refusingUnreadableFiles<A extends unknown[]>(action: (...args: A) => void | Promise<void>): (...args: A) => Promise<void> {
  return async (...args) => {
    try {
      await action(...args);
    } catch (e) {
      if (e instanceof UnreadableFileError) throw new CliError(e.message);
      throw e;
    }
  };
}

function parseSprt(values: readonly string[]): number[] {
  const words = values.flatMap((v) => v.split(/[\s,]+/)).filter((w) => w.length > 0);
  const numbers = words.map(Number);
  if (numbers.length !== 4 || numbers.some((x) => !Number.isFinite(x))) {
    throw new CliError(`--sprt takes four numbers: ELO0 ELO1 ALPHA BETA (e.g. --sprt 0 10 0.05 0.05), got "${values.join(' ')}"`);
  }
  return numbers;
}

/** The output folder of a target: a folder as is, a tournament file's `out`. */
function outDir(target: string): string {
  if (!existsSync(target)) throw new CliError(`no such file or folder: ${target}`);
  if (statSync(target).isDirectory()) return resolve(target);
  return unwrap(loadTournamentFile(target), target).out;
}

/** SIGKILL to a process group (an engine a killed run left behind is the leader of its own group). */
function killGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // ESRCH: gone already
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** This repository's dist/cli/main.js (for built-in bots), found from this file in cli/ or dist/cli/. */
function graphgoMain(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg)) {
      try {
        if ((JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string }).name === 'graphgo') return join(dir, 'dist', 'cli', 'main.js');
      } catch {
        // not ours
      }
    }
    const parent = dirname(dir);
    if (parent === dir) return join(dirname(fileURLToPath(import.meta.url)), 'main.js');
    dir = parent;
  }
}

async function runTournament(t: Tournament, io: CliIo, quiet: boolean, flags: QueueFlags = {}): Promise<void> {
  const main = graphgoMain();
  // With a queue, the workers start the engines, each from its own build.
  const { queue, window, connectSeconds } = flags;
  if (queue === undefined && (window !== undefined || connectSeconds !== undefined)) {
    throw new CliError(`${window !== undefined ? '--window' : '--connect-seconds'} goes with --queue (games played on queue workers)`);
  }
  const queued = queue !== undefined ? queueRunner(t, { ...flags, queue }, isAlive) : null;
  if (queued === null && t.engines.some((e) => e.builtin !== undefined) && !existsSync(main)) {
    throw new CliError(`built-in engines run ${main}, which is missing: build first (npx tsc -p tsconfig.build.json)`);
  }
  const host: RunHost = { node: process.execPath, graphgoMain: main, pid: process.pid, isAlive, killGroup, env: process.env };
  const tty = process.stderr.isTTY === true;
  let lineShown = false;
  const clearLine = (): void => {
    if (lineShown) io.writeErr('\r\x1b[K');
    lineShown = false;
  };
  const onEvent = (e: RunEvent): void => {
    switch (e.type) {
      case 'message':
        clearLine();
        io.writeErr(`${e.level === 'warning' ? 'warning: ' : ''}${e.text}\n`);
        break;
      case 'void':
        clearLine();
        io.writeErr(`void: game ${e.game} will be replayed: ${e.reason}\n`);
        break;
      case 'game': {
        if (quiet) break;
        const line = progressLine(e.progress.score, {
          done: e.progress.done,
          total: e.progress.total,
          running: e.progress.running,
          etaMs: e.progress.etaMs,
          sprt: t.sprt,
        });
        if (tty) {
          io.writeErr(`\r\x1b[K${line}`);
          lineShown = true;
        } else {
          io.writeErr(`${line}\n`);
        }
        break;
      }
    }
  };
  const runner = queued !== null ? queued.make(onEvent) : new TournamentRunner(t, { host, onEvent });
  let interrupts = 0;
  const onSignal = (signal: NodeJS.Signals): void => {
    interrupts++;
    clearLine();
    if (interrupts === 1) {
      io.writeErr(`${signal}: stopping; killing the engines (games in progress are dropped and replayed on resume)\n`);
      runner.abort();
    } else {
      runner.killAllNow();
      runner.releaseLock();
      process.exit(130);
    }
  };
  const onExit = (): void => {
    runner.killAllNow();
    runner.releaseLock();
  };
  const signals: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
  for (const s of signals) process.on(s, onSignal);
  process.on('exit', onExit);

  const graphs = t.graphs.map((g) => g.label).join(', ');
  const rules = t.rules.map((r) => r.label + (r.seatLetters.length > 2 || r.roles > 2 ? ` (seats ${r.seatLetters})` : '')).join(', ');
  io.writeErr(`tournament "${t.name}": ${t.engines.map((e) => `${e.name} [${describeEngine(e)}]`).join(' vs ')}\n`);
  const handicap = t.handicap !== null ? `; handicap ${t.handicap} (White moves first)` : '';
  io.writeErr(`  on ${graphs}; rules ${rules}${handicap}; ${t.games} games per pairing; ${queued !== null ? `on the queue ${queued.label}` : `concurrency ${t.concurrency}`}; output in ${t.out}\n`);
  let summary: RunSummary;
  try {
    summary = await runner.run();
  } catch (e) {
    if (e instanceof LockError || e instanceof FolderError) throw new CliError(e.message);
    throw e;
  } finally {
    for (const s of signals) process.off(s, onSignal);
    process.off('exit', onExit);
    clearLine();
  }

  const { records } = readResults(t.out);
  const standings = computeStandings(
    t.engines.map((e) => e.name),
    records,
    t.sprt,
  );
  // A run halted while starting has no plan yet: no table, and no "0 of 0 games" that hides the cause.
  const halted = summary.status === 'halted';
  const beforePlan = halted && summary.total === 0;
  if (summary.status !== 'aborted' && !beforePlan) io.writeOut(standingsText(standings, `tournament "${t.name}": ${summary.done} of ${summary.total} games`));
  const rate = summary.playedThisRun > 0 ? ` (${((1000 * summary.playedThisRun) / Math.max(1, summary.elapsedMs)).toFixed(2)} games/s)` : '';
  const played = `${summary.playedThisRun} games played in ${(summary.elapsedMs / 1000).toFixed(1)} s${rate}`;
  switch (summary.status) {
    case 'complete':
      io.writeErr(`done: ${played}; all ${summary.total} games are in ${t.out}\n`);
      return;
    case 'sprt':
      io.writeErr(`SPRT decided: ${played}; ${summary.done} games in ${t.out}\n`);
      return;
    case 'stopped':
      io.writeErr(`stopped: ${played}; ${summary.done} of ${summary.total} games in ${t.out}; run the same command to resume\n`);
      return;
    case 'aborted':
      if (summary.total === 0) throw new CliError(`interrupted while starting the engines; nothing was played`, 130);
      throw new CliError(`interrupted: ${summary.done} of ${summary.total} games are recorded in ${t.out}; run the same command again to resume`, 130);
    case 'halted':
      if (beforePlan) {
        const kept = records.length > 0 ? `; the ${records.length} games already recorded in ${t.out} are kept` : '';
        throw new CliError(`tournament could not start: ${summary.error ?? 'unknown reason'}\nno game was played${kept}; fix the cause and run the same command again`);
      }
      throw new CliError(`tournament halted: ${summary.error ?? 'unknown reason'} (${summary.done} of ${summary.total} games recorded; fix the cause and run the same command to resume)`);
  }
}
