/**
 * `graphgo gtp`: the engine on stdin/stdout (PROTOCOL.md). Diagnostics go to stderr only, since stdout belongs to
 * the protocol.
 */
import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { BOT_NAMES, DEFAULT_BOT } from '../bots/registry.js';
import { GtpEngine } from '../protocol/engine.js';
import { serveGtp } from '../protocol/serve.js';
import { parseSearchLimits } from './search-limits.js';
import { CliError, type CliIo } from './io.js';

interface GtpOptions {
  bot: string;
  rave: boolean;
  priors: boolean;
  reuse: boolean;
  tactics: boolean;
  patterns: boolean;
  resign?: string;
  threads: string;
  playouts?: string;
  time?: string;
  seed: string;
  graph: string;
  rules: string;
}

export function registerGtpCommand(program: Command, _io: CliIo, version: string): void {
  program
    .command('gtp')
    .description('speak GTP v2 (extended with graphs) on stdin/stdout')
    .option('--bot <name>', `the player behind genmove: ${BOT_NAMES.join(', ')}`, DEFAULT_BOT)
    .option('--playouts <n>', 'playouts per move (searching bots)')
    .option('--time <seconds>', 'seconds per move (searching bots)')
    .option('--seed <seed>', 'seed of every random choice', '1')
    .option('--no-rave', 'UCT without RAVE/AMAF')
    .option('--no-priors', 'UCT without prior knowledge for fresh nodes')
    .option('--no-reuse', 'UCT builds a fresh tree for every move')
    .option('--no-tactics', 'UCT playouts without the capture/escape answers (pure light playouts)')
    .option('--no-patterns', "UCT without MoGo's 3x3 patterns (square lattices only) in playouts and priors")
    .option('--resign <rate>', 'UCT resigns below this win rate (0 never)')
    .option('--threads <n>', 'UCT search threads (root parallelism over worker threads)', '1')
    .option('--graph <spec>', 'the starting board, as a set_graph spec', 'grid 19 19')
    .option('--rules <spec>', 'the starting rule set, as set_rules takes it', 'famine')
    .action(async (opts: GtpOptions) => {
      const { playouts, seconds } = parseSearchLimits(opts);
      const resign = opts.resign === undefined ? undefined : Number(opts.resign);
      if (resign !== undefined && (!Number.isFinite(resign) || resign < 0 || resign >= 1)) {
        throw new CliError(`--resign must be a win rate in [0, 1), got "${opts.resign}"`);
      }
      const threads = Number(opts.threads);
      if (!Number.isInteger(threads) || threads < 1 || threads > 64) {
        throw new CliError(`--threads must be a whole number 1..64, got "${opts.threads}"`);
      }
      const created = GtpEngine.create({
        threads,
        rave: opts.rave,
        priors: opts.priors,
        reuse: opts.reuse,
        tactics: opts.tactics,
        patterns: opts.patterns,
        resign,
        bot: opts.bot,
        seed: opts.seed,
        playouts,
        seconds,
        graph: opts.graph,
        rules: opts.rules,
        version,
        readFile: (path) => readFileSync(path, 'utf8'),
      });
      if (!created.ok) throw new CliError(created.error);
      const stdout = process.stdout;
      await serveGtp(created.engine, process.stdin, (text) =>
        stdout.write(text) ? undefined : new Promise<void>((resolve) => stdout.once('drain', () => resolve())),
      );
      // Stop reading so that the process can exit after quit even if the controller keeps stdin open.
      process.stdin.destroy();
    });
}
