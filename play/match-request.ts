/**
 * The web API's door to a match: POST /api/new sends the setup as text and JSON numbers, and this reads it into
 * MatchSettings with the checks every front end shares (src/setup.ts for the board and rules, bots/registry.ts for
 * the bot, bots/search-limits.ts for the limits). The terminal game gets its settings from cli/play-command.ts,
 * which reads the same things from its flags. A person's game's defaults are here, for both.
 */
import { DEFAULT_BOT, readBotName } from '../bots/registry.js';
import { readSearchLimits, type LimitNames } from '../bots/search-limits.js';
import type { NumberErrorCode } from '../src/number-input.js';
import { failure, ok, type Result } from '../src/result.js';
import { readGraph, readRules, type SetupErrorCode } from '../src/setup.js';
import { parseColorChoice } from './colors.js';
import type { MatchSettings } from './match.js';

/** What a person's game is when they say nothing. */
export const PLAY_DEFAULTS = { graph: 'grid 9 9', rules: 'famine', color: 'black', bot: DEFAULT_BOT, seed: '1' } as const;

/** A setup as the page sends it. */
export interface MatchRequest {
  /** A set_graph spec (default `grid 9 9`), unless graphText is given. */
  readonly graph?: string;
  /** The text of a graph file (any format src/graph-formats.ts reads). */
  readonly graphText?: string;
  readonly rules?: string;
  readonly color?: string;
  readonly bot?: string;
  readonly playouts?: number;
  readonly seconds?: number;
  readonly seed?: string;
}

export type MatchRequestErrorCode = SetupErrorCode | NumberErrorCode | 'unknown-bot' | 'bad-color';

const JSON_NAMES: LimitNames = { playouts: 'playouts', seconds: 'seconds', maxNodes: 'maxNodes' };

/** The settings of a match, or what is wrong with the request (one line). */
export function readMatchRequest(request: MatchRequest): Result<MatchSettings, MatchRequestErrorCode> {
  const graph = readGraph(
    request.graphText !== undefined
      ? { fileName: 'graphText', text: request.graphText }
      : { spec: request.graph ?? PLAY_DEFAULTS.graph },
  );
  if (!graph.ok) return graph;
  const rules = readRules(request.rules ?? PLAY_DEFAULTS.rules);
  if (!rules.ok) return rules;
  const color = parseColorChoice(request.color ?? PLAY_DEFAULTS.color, rules.value.colors);
  if (!color.ok) return failure('bad-color', color.error);
  const bot = readBotName(request.bot ?? PLAY_DEFAULTS.bot);
  if (!bot.ok) return bot;
  const limits = readSearchLimits({ playouts: request.playouts, seconds: request.seconds }, JSON_NAMES, 'person');
  if (!limits.ok) return limits;
  return ok({
    graph: graph.value,
    rules: rules.value,
    human: color.color,
    bot: bot.value,
    limits: limits.value,
    seed: request.seed ?? PLAY_DEFAULTS.seed,
  });
}
