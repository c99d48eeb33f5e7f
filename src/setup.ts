/**
 * The one door from user text to a board and a rule set. Every front end (CLI flags, GTP commands, the tournament
 * file, the web API) reads a graph and rules through here, so a bad spec is worded the same everywhere:
 * `invalid graph: ...`, `invalid graph file NAME: ...`, `invalid rules: ...`.
 */
import { parseGraphSpec } from './families.js';
import type { Graph, GraphErrorCode } from './graph.js';
import { parseGraphFile } from './graph-formats.js';
import { ok, withContext, type Result } from './result.js';
import { parseRules, type Rules, type RulesErrorCode } from './rules.js';

/** Where a board comes from: a `set_graph` spec, or the text of a graph file in any format graph-formats reads. */
export type GraphSource = { readonly spec: string } | { readonly fileName: string; readonly text: string };

export interface GameSetup {
  readonly graph: Graph;
  readonly rules: Rules;
}

export type SetupErrorCode = GraphErrorCode | RulesErrorCode;

/** Every graph it returns has at least one vertex: the spec and file parsers refuse empty graphs. */
export function readGraph(source: GraphSource): Result<Graph, GraphErrorCode> {
  if ('text' in source) {
    const built = parseGraphFile(source.text);
    return built.ok ? built : withContext(built, `invalid graph file ${source.fileName}: `);
  }
  const built = parseGraphSpec(source.spec);
  return built.ok ? built : withContext(built, 'invalid graph: ');
}

export function readRules(text: string): Result<Rules, RulesErrorCode> {
  const parsed = parseRules(text);
  return parsed.ok ? parsed : withContext(parsed, 'invalid rules: ');
}

export function readSetup(graph: GraphSource, rules: string): Result<GameSetup, SetupErrorCode> {
  const builtGraph = readGraph(graph);
  if (!builtGraph.ok) return builtGraph;
  const parsedRules = readRules(rules);
  if (!parsedRules.ok) return parsedRules;
  return ok({ graph: builtGraph.value, rules: parsedRules.value });
}
