/**
 * The one door from user text to a board and a rule set. Every front end (CLI flags, GTP commands, the tournament
 * file, the web API) reads a graph and rules through here, so a bad spec is worded the same everywhere:
 * `invalid graph: ...`, `invalid graph file NAME: ...`, `invalid rules: ...`.
 */
import { parseGraphSpec } from './families.js';
import type { Graph, GraphErrorCode, GraphLimits } from './graph.js';
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

/**
 * The largest board a game may be played on, whoever asks (CLI flags, GTP, the web page, the tournament file).
 * Measured on a 2-core machine (docs/graphs.md, "Size limits"): at 250,000 vertices (`grid 500 500`) a default UCT
 * genmove answers in about 20 s and the random bot at once, in 200 MB; at 1,000,000 vertices 16 playouts take
 * minutes, and `grid 3000 3000` took 3 GB before the first move. The links bound graphs of high degree alike
 * (`king 500 500` has 997,002; `complete 1414`, 998,991, about 40 s a move).
 */
export const BOARD_LIMITS: GraphLimits = { vertices: 250_000, links: 1_000_000 };

/**
 * Every graph it returns has at least one vertex: the spec and file parsers refuse empty graphs. `limits` is the
 * board's unless the caller only converts graphs (`graphgo graph`, with the graph library's own limits).
 */
export function readGraph(source: GraphSource, limits: GraphLimits = BOARD_LIMITS): Result<Graph, GraphErrorCode> {
  if ('text' in source) {
    const built = parseGraphFile(source.text, limits);
    return built.ok ? built : withContext(built, `invalid graph file ${source.fileName}: `);
  }
  const built = parseGraphSpec(source.spec, limits);
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
