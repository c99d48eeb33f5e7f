/**
 * `graphgo gtp`: the engine on stdin/stdout (docs/protocol.md). Diagnostics go to stderr only, since stdout belongs to
 * the protocol.
 */
import { writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { DEFAULT_BOT, DEFAULT_PARALLEL } from '../bots/registry.js';
import { DEFAULT_TREE_MEGABYTES } from '../bots/uct.js';
import { GtpEngine } from '../protocol/engine.js';
import { serveGtp } from '../protocol/serve.js';
import { readSetup } from '../src/setup.js';
import {
  addBotOption,
  addGraphOption,
  addRulesOption,
  addSearchLimitOptions,
  addSeedOption,
  MAX_THREADS,
  positiveNumber,
  readParallelMode,
  readSearchLimitFlags,
  wholeNumber,
  type SearchLimitFlags,
} from './options.js';
import { CliError, readBoundedFile, type CliIo } from './io.js';
import { addUctSwitches, readUctSwitches, type UctSwitchFlags } from './uct-switches.js';

/** A typo guard: 1 TiB. */
const MAX_TREE_MEGABYTES = 1 << 20;

interface GtpOptions extends SearchLimitFlags, UctSwitchFlags {
  bot: string;
  ponder?: boolean;
  resign?: string;
  threads: string;
  parallel: string;
  maxTreeMb: string;
  seed: string;
  graph: string;
  rules: string;
}

export function registerGtpCommand(program: Command, _io: CliIo, version: string): void {
  const gtp = program.command('gtp').description('speak GTP v2 (extended with graphs) on stdin/stdout');
  addBotOption(gtp, 'the player behind genmove', DEFAULT_BOT);
  addSearchLimitOptions(gtp, 'engine');
  addSeedOption(gtp, 'seed of every random choice');
  addGraphOption(gtp, { default: 'grid 19 19', help: 'the starting board' });
  // GUI front ends expect free passes and a count at the end; famine and the graph rule sets are one flag away.
  addRulesOption(gtp, 'area', 'the starting rule set');
  addUctSwitches(gtp);
  gtp
    .option('--ponder', 'think on the opponent\'s time: after the bot\'s move, search until the next command arrives (one thread)')
    .option('--resign <rate>', 'UCT resigns below this win rate (0 never)')
    .option('--threads <n>', 'UCT search threads (the main thread and worker threads)', '1')
    .option('--parallel <mode>', 'how UCT threads share the work: tree (one shared tree) or root (a tree each)', DEFAULT_PARALLEL)
    .option('--max-tree-mb <n>', 'UCT tree memory budget in MiB, all threads together', String(DEFAULT_TREE_MEGABYTES))
    .action(async (opts: GtpOptions) => {
      const { playouts, seconds, maxNodes } = readSearchLimitFlags(opts, 'engine');
      const resign = opts.resign === undefined ? undefined : Number(opts.resign);
      if (resign !== undefined && (!Number.isFinite(resign) || resign < 0 || resign >= 1)) {
        throw new CliError(`--resign must be a win rate in [0, 1), got "${opts.resign}"`);
      }
      const switches = readUctSwitches(opts);
      const threads = wholeNumber('--threads', opts.threads, 1, MAX_THREADS);
      const parallel = readParallelMode(opts.parallel);
      const maxTreeMegabytes = positiveNumber('--max-tree-mb', opts.maxTreeMb, MAX_TREE_MEGABYTES);
      const setup = readSetup({ spec: opts.graph }, opts.rules);
      if (!setup.ok) throw new CliError(setup.error.message);
      const created = GtpEngine.create({
        threads,
        parallel,
        maxTreeMegabytes,
        notify: (message) => process.stderr.write(`graphgo: ${message}\n`),
        ...switches,
        ponder: opts.ponder ?? false,
        resign,
        bot: opts.bot,
        seed: opts.seed,
        playouts,
        seconds,
        maxNodes,
        setup: setup.value,
        version,
        readFile: (path) => readBoundedFile(path),
        writeFile: (path, text) => writeFileSync(path, text),
        cpuSeconds: () => {
          const used = process.cpuUsage();
          return (used.user + used.system) / 1e6;
        },
      });
      if (!created.ok) throw new CliError(created.error.message);
      const stdout = process.stdout;
      await serveGtp(created.value, process.stdin, (text) =>
        stdout.write(text) ? undefined : new Promise<void>((resolve) => stdout.once('drain', () => resolve())),
      );
      // Stop reading so that the process can exit after quit even if the controller keeps stdin open.
      process.stdin.destroy();
    });
}
