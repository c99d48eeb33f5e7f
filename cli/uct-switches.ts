/**
 * The UCT search's switches and tuning knobs (docs/bots.md, "Switches"), shared by every command that builds a UCT
 * bot: `gtp` plays with them, `bench search` times the search with them, so the speed a piece of knowledge costs is
 * measured on the same build and flags as the games that say what it is worth.
 */
import type { Command } from 'commander';
import type { BotOptions } from '../bots/registry.js';
import { DEFAULT_UCT_SETTINGS, RAVE_EQUIVALENCE_ELSEWHERE, RAVE_EQUIVALENCE_SQUARE } from '../bots/uct.js';
import { positiveNumber, wholeNumber } from './options.js';
import { CliError } from './io.js';

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

/** The bot options the switches set. */
export type UctSwitches = Pick<
  BotOptions,
  | 'rave'
  | 'priors'
  | 'reuse'
  | 'tactics'
  | 'patterns'
  | 'ladders'
  | 'cutConnect'
  | 'playoutCuts'
  | 'learnedPrior'
  | 'learnedPriorScale'
  | 'learnedPriorWins'
  | 'dynamicKomi'
  | 'dynamicKomiPerStone'
  | 'dynamicKomiFade'
  | 'marginKomi'
  | 'scoreWeight'
  | 'exploration'
  | 'raveEquivalence'
  | 'expandVisits'
  | 'priorVisits'
>;

/** The switches as commander parses them. */
export interface UctSwitchFlags {
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
  learnedPriorWins?: string;
  dynamicKomi?: boolean;
  dynamicKomiStone?: string;
  dynamicKomiFade?: string;
  marginKomi?: boolean;
  scoreWeight?: string;
  exploration?: string;
  raveEquivalence?: string;
  expandVisits?: string;
  priorVisits?: string;
}

export function addUctSwitches(command: Command): Command {
  return command
    .option('--no-rave', 'UCT without RAVE/AMAF')
    .option('--no-priors', 'UCT without prior knowledge for fresh nodes')
    .option('--no-reuse', 'UCT builds a fresh tree for every move')
    .option('--no-tactics', 'UCT playouts without the capture/escape answers (pure light playouts)')
    .option('--no-patterns', "UCT without MoGo's 3x3 patterns (square lattices only) in playouts and priors")
    .option('--no-ladders', 'UCT priors without ladder reading')
    .option('--no-cut-connect', 'UCT priors without cutting and connecting moves (graphs without 3x3 patterns)')
    .option('--no-learned-prior', 'UCT priors from the hand-set values instead of the learned move model')
    .option('--learned-prior-wins <w>', `Pachi's form of the learned prior on square lattices: sqrt(p) x W virtual wins in a fresh node's own statistics (default ${DEFAULT_UCT_SETTINGS.learnedPriorWins}; 0: the value form)`)
    .option('--learned-prior-scale <s>', `how sharply the learned prior's values follow the model (default ${DEFAULT_UCT_SETTINGS.learnedPriorScale})`)
    .option('--no-playout-cuts', 'UCT playouts without cutting and connecting next to the last move (graphs without 3x3 patterns)')
    .option('--dynamic-komi', 'UCT counts playouts with a larger komi early in handicap games (off by default)')
    .option('--no-dynamic-komi', 'UCT counts playouts with the real komi in handicap games too (the default)')
    .option('--dynamic-komi-stone <p>', `UCT dynamic komi: extra points per handicap stone at the start (default ${DEFAULT_UCT_SETTINGS.dynamicKomiPerStone})`)
    .option('--dynamic-komi-fade <f>', `UCT dynamic komi: gone by move F x vertices (default ${DEFAULT_UCT_SETTINGS.dynamicKomiFade})`)
    .option('--margin-komi', 'UCT plays for a margin when far ahead: playouts counted as if it gave more komi (off by default)')
    .option('--no-margin-komi', 'UCT counts playouts with the real komi when far ahead too (the default)')
    .option('--score-weight <w>', `UCT: the share of a playout's reward that follows its margin, 0 to 1 (default ${DEFAULT_UCT_SETTINGS.scoreWeight})`)
    .option('--exploration <c>', `UCT exploration constant (default ${DEFAULT_UCT_SETTINGS.exploration})`)
    .option('--rave-equivalence <n>', `UCT RAVE equivalence in visits, on every graph (default ${RAVE_EQUIVALENCE_SQUARE} on square lattices, ${RAVE_EQUIVALENCE_ELSEWHERE} on other graphs)`)
    .option('--expand-visits <n>', `UCT visits before a leaf is expanded (default ${DEFAULT_UCT_SETTINGS.expandVisits})`)
    .option('--prior-visits <n>', `UCT virtual visits a prior gives a fresh child (default ${DEFAULT_UCT_SETTINGS.priorVisits})`);
}

/** The bot options of the parsed switches; throws CliError naming a bad value. */
export function readUctSwitches(opts: UctSwitchFlags): UctSwitches {
  return {
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
    learnedPriorWins:
      opts.learnedPriorWins === undefined ? undefined : boundedNumber('--learned-prior-wins', opts.learnedPriorWins, 10000),
    dynamicKomi: opts.dynamicKomi,
    dynamicKomiPerStone:
      opts.dynamicKomiStone === undefined ? undefined : boundedNumber('--dynamic-komi-stone', opts.dynamicKomiStone, MAX_KOMI_PER_STONE),
    dynamicKomiFade:
      opts.dynamicKomiFade === undefined ? undefined : positiveNumber('--dynamic-komi-fade', opts.dynamicKomiFade, MAX_KOMI_FADE),
    marginKomi: opts.marginKomi,
    scoreWeight: opts.scoreWeight === undefined ? undefined : boundedNumber('--score-weight', opts.scoreWeight, 1),
    exploration: opts.exploration === undefined ? undefined : boundedNumber('--exploration', opts.exploration, MAX_EXPLORATION),
    raveEquivalence:
      opts.raveEquivalence === undefined ? undefined : positiveNumber('--rave-equivalence', opts.raveEquivalence, MAX_VISITS),
    expandVisits: opts.expandVisits === undefined ? undefined : wholeNumber('--expand-visits', opts.expandVisits, 1, MAX_VISITS),
    priorVisits: opts.priorVisits === undefined ? undefined : wholeNumber('--prior-visits', opts.priorVisits, 1, MAX_PRIOR_VISITS),
  };
}

/** A number in [0, max] (the exploration constant's kind of check), for knobs where 0 means "none". */
function boundedNumber(flag: string, text: string, max: number): number {
  const value = Number(text);
  if (text.trim().length === 0 || !Number.isFinite(value) || value < 0 || value > max) {
    throw new CliError(`${flag} must be a number in [0, ${max}], got "${text}"`);
  }
  return value;
}

/** The switches that differ from the search's defaults (to label a measurement), or null when none does. */
export function changedSwitches(switches: UctSwitches): Partial<UctSwitches> | null {
  const changed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(switches)) {
    if (value !== undefined && value !== DEFAULT_UCT_SETTINGS[key as keyof UctSwitches]) changed[key] = value;
  }
  return Object.keys(changed).length === 0 ? null : (changed as Partial<UctSwitches>);
}
