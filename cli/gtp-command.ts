/**
 * `graphgo gtp`: the engine on stdin/stdout (docs/protocol.md). Diagnostics go to stderr only, since stdout belongs to
 * the protocol.
 */
import type { Command } from 'commander';
import { DEFAULT_BOT, DEFAULT_PARALLEL } from '../bots/registry.js';
import { DEFAULT_TREE_MEGABYTES, DEFAULT_UCT_SETTINGS } from '../bots/uct.js';
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

/** Typo guards for the search's tuning knobs. */
const MAX_EXPLORATION = 100;
const MAX_VISITS = 1e9;
/** Prior visits are stored with their rewards in 32-bit fixed point: keep them far from its range. */
const MAX_PRIOR_VISITS = 10_000;
/** The learned prior's scale: past a few units every value is already 0.1 or 0.9. */
const MAX_PRIOR_SCALE = 100;
/** Typo guards for the dynamic komi: points per stone, and the fade as a fraction of the vertices. */
const MAX_KOMI_PER_STONE = 100;
const MAX_KOMI_FADE = 10;
/** A typo guard: 1 TiB. */
const MAX_TREE_MEGABYTES = 1 << 20;

interface GtpOptions extends SearchLimitFlags {
  bot: string;
  rave: boolean;
  priors: boolean;
  reuse: boolean;
  tactics: boolean;
  patterns: boolean;
  ladders: boolean;
  cutConnect: boolean;
  playoutCuts: boolean;
  learnedPrior: boolean;
  learnedPriorScale?: string;
  dynamicKomi?: boolean;
  dynamicKomiStone?: string;
  dynamicKomiFade?: string;
  marginKomi?: boolean;
  ponder?: boolean;
  resign?: string;
  exploration?: string;
  raveEquivalence?: string;
  expandVisits?: string;
  priorVisits?: string;
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
  gtp
    .option('--no-rave', 'UCT without RAVE/AMAF')
    .option('--no-priors', 'UCT without prior knowledge for fresh nodes')
    .option('--no-reuse', 'UCT builds a fresh tree for every move')
    .option('--no-tactics', 'UCT playouts without the capture/escape answers (pure light playouts)')
    .option('--no-patterns', "UCT without MoGo's 3x3 patterns (square lattices only) in playouts and priors")
    .option('--no-ladders', 'UCT priors without ladder reading')
    .option('--no-cut-connect', 'UCT priors without cutting and connecting moves (graphs without 3x3 patterns)')
    .option('--no-learned-prior', 'UCT priors from the hand-set values instead of the learned move model')
    .option('--learned-prior-scale <s>', `how sharply the learned prior's values follow the model (default ${DEFAULT_UCT_SETTINGS.learnedPriorScale})`)
    .option('--no-playout-cuts', 'UCT playouts without cutting and connecting next to the last move (graphs without 3x3 patterns)')
    .option('--dynamic-komi', 'UCT counts playouts with a larger komi early in handicap games (off by default)')
    .option('--no-dynamic-komi', 'UCT counts playouts with the real komi in handicap games too (the default)')
    .option('--dynamic-komi-stone <p>', `UCT dynamic komi: extra points per handicap stone at the start (default ${DEFAULT_UCT_SETTINGS.dynamicKomiPerStone})`)
    .option('--dynamic-komi-fade <f>', `UCT dynamic komi: gone by move F x vertices (default ${DEFAULT_UCT_SETTINGS.dynamicKomiFade})`)
    .option('--margin-komi', 'UCT plays for a margin when far ahead: playouts counted as if it gave more komi (off by default)')
    .option('--no-margin-komi', 'UCT counts playouts with the real komi when far ahead too (the default)')
    .option('--ponder', 'think on the opponent\'s time: after the bot\'s move, search until the next command arrives (one thread)')
    .option('--resign <rate>', 'UCT resigns below this win rate (0 never)')
    .option('--exploration <c>', `UCT exploration constant (default ${DEFAULT_UCT_SETTINGS.exploration})`)
    .option('--rave-equivalence <n>', `UCT RAVE equivalence in visits (default ${DEFAULT_UCT_SETTINGS.raveEquivalence})`)
    .option('--expand-visits <n>', `UCT visits before a leaf is expanded (default ${DEFAULT_UCT_SETTINGS.expandVisits})`)
    .option('--prior-visits <n>', `UCT virtual visits a prior gives a fresh child (default ${DEFAULT_UCT_SETTINGS.priorVisits})`)
    .option('--threads <n>', 'UCT search threads (the main thread and worker threads)', '1')
    .option('--parallel <mode>', 'how UCT threads share the work: tree (one shared tree) or root (a tree each)', DEFAULT_PARALLEL)
    .option('--max-tree-mb <n>', 'UCT tree memory budget in MiB, all threads together', String(DEFAULT_TREE_MEGABYTES))
    .action(async (opts: GtpOptions) => {
      const { playouts, seconds, maxNodes } = readSearchLimitFlags(opts, 'engine');
      const resign = opts.resign === undefined ? undefined : Number(opts.resign);
      if (resign !== undefined && (!Number.isFinite(resign) || resign < 0 || resign >= 1)) {
        throw new CliError(`--resign must be a win rate in [0, 1), got "${opts.resign}"`);
      }
      const exploration = opts.exploration === undefined ? undefined : Number(opts.exploration);
      if (exploration !== undefined && (!Number.isFinite(exploration) || exploration < 0 || exploration > MAX_EXPLORATION)) {
        throw new CliError(`--exploration must be a number in [0, ${MAX_EXPLORATION}], got "${opts.exploration}"`);
      }
      const raveEquivalence =
        opts.raveEquivalence === undefined ? undefined : positiveNumber('--rave-equivalence', opts.raveEquivalence, MAX_VISITS);
      const expandVisits =
        opts.expandVisits === undefined ? undefined : wholeNumber('--expand-visits', opts.expandVisits, 1, MAX_VISITS);
      const priorVisits =
        opts.priorVisits === undefined ? undefined : wholeNumber('--prior-visits', opts.priorVisits, 1, MAX_PRIOR_VISITS);
      const dynamicKomiPerStone =
        opts.dynamicKomiStone === undefined ? undefined : boundedNumber('--dynamic-komi-stone', opts.dynamicKomiStone, MAX_KOMI_PER_STONE);
      const dynamicKomiFade =
        opts.dynamicKomiFade === undefined ? undefined : positiveNumber('--dynamic-komi-fade', opts.dynamicKomiFade, MAX_KOMI_FADE);
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
        rave: opts.rave,
        priors: opts.priors,
        reuse: opts.reuse,
        tactics: opts.tactics,
        patterns: opts.patterns,
        ladders: opts.ladders,
        cutConnect: opts.cutConnect,
        playoutCuts: opts.playoutCuts,
        learnedPrior: opts.learnedPrior,
        learnedPriorScale:
          opts.learnedPriorScale === undefined ? undefined : positiveNumber('--learned-prior-scale', opts.learnedPriorScale, MAX_PRIOR_SCALE),
        dynamicKomi: opts.dynamicKomi,
        dynamicKomiPerStone,
        dynamicKomiFade,
        marginKomi: opts.marginKomi,
        ponder: opts.ponder ?? false,
        resign,
        exploration,
        raveEquivalence,
        expandVisits,
        priorVisits,
        bot: opts.bot,
        seed: opts.seed,
        playouts,
        seconds,
        maxNodes,
        setup: setup.value,
        version,
        readFile: (path) => readBoundedFile(path),
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

/** A number in [0, max] (the exploration constant's kind of check), for knobs where 0 means "none". */
function boundedNumber(flag: string, text: string, max: number): number {
  const value = Number(text);
  if (text.trim().length === 0 || !Number.isFinite(value) || value < 0 || value > max) {
    throw new CliError(`${flag} must be a number in [0, ${max}], got "${text}"`);
  }
  return value;
}
