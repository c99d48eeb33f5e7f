/**
 * `graphgo graph <spec...>`: build a graph from a `set_graph` spec (or read a graph file) and print it in one of the
 * graph formats, with a one-line summary on stderr.
 */
import { writeFileSync } from 'node:fs';
import { Command, Option } from 'commander';
import { GRAPH_LIMITS, type Graph, type GraphLimits } from '../src/graph.js';
import { FAMILY_USAGE, GRAPH_FAMILIES } from '../src/families.js';
import { GRAPH_FORMATS, formatGraph } from '../src/graph-formats.js';
import type { GraphFormat } from '../src/graph-formats.js';
import { CliError, fsErrorText, readUserFile } from './io.js';
import type { CliIo } from './io.js';
import { orCliError } from './options.js';
import { readGraph } from '../src/setup.js';

export interface GraphCommandOptions {
  from?: string;
  format: GraphFormat;
  output?: string;
  info?: boolean;
}

const EXAMPLES = `
Families:
${GRAPH_FAMILIES.map((family) => `  ${FAMILY_USAGE[family]}`).join('\n')}

Examples:
  graphgo graph grid 9 9
  graphgo graph random 100 0.05 7 --format json --output random.json
  graphgo graph --from random.json --info
  graphgo graph "edges 3 1>2 2-3" --format dimacs`;

export function registerGraphCommand(program: Command, io: CliIo): void {
  program
    .command('graph')
    .summary('build or convert a graph and print it')
    .description(
      'Build the graph a set_graph spec describes (the words are joined by spaces), or read a graph file, and print ' +
        'it in the chosen format on stdout, with a summary on stderr. See docs/graphs.md.',
    )
    .argument('[spec...]', 'a set_graph spec, e.g. grid 9 9 or random 100 0.05 7')
    .option('--from <file>', 'read a graph file (edges line, DIMACS, JSON or govariants) instead of a spec')
    .addOption(new Option('--format <format>', 'output format').choices(GRAPH_FORMATS).default('edges'))
    .option('-o, --output <file>', 'write the graph to this file instead of stdout')
    .option('--info', 'print only the summary line, on stdout (not with --output)')
    .addHelpText('after', EXAMPLES)
    .action((specWords: string[], options: GraphCommandOptions) => runGraphCommand(specWords, options, io));
}

/** The command's work, apart from commander: exported for tests and for other commands that load graphs. */
export function runGraphCommand(specWords: readonly string[], options: GraphCommandOptions, io: CliIo): void {
  // --info writes no graph, so an --output file would silently never appear: refuse before doing any work.
  if (options.info && options.output !== undefined) {
    throw new CliError(
      '--info prints only the summary, on stdout, and writes no graph: give --info or --output, not both',
    );
  }
  const graph = loadGraph(specWords, options.from);
  const summary = graphSummary(graph);
  if (options.info) {
    io.writeOut(summary + '\n');
    return;
  }
  const text = formatGraph(graph, options.format);
  if (options.output !== undefined) {
    try {
      writeFileSync(options.output, text);
    } catch (e) {
      throw new CliError(`cannot write ${options.output}: ${fsErrorText(e)}`);
    }
  } else {
    io.writeOut(text);
  }
  io.writeErr(summary + '\n');
}

/**
 * The graph from a spec or from `--from FILE` (exactly one of them); user errors become CliErrors. Converting a
 * graph plays no game on it, so by default the graph library's limits apply, not a board's.
 */
export function loadGraph(specWords: readonly string[], fromFile: string | undefined, limits: GraphLimits = GRAPH_LIMITS): Graph {
  if (fromFile !== undefined) {
    if (specWords.length > 0) throw new CliError(`give either a spec or --from FILE, not both`);
    return orCliError(readGraph({ fileName: fromFile, text: readUserFile(fromFile) }, limits));
  }
  if (specWords.length === 0) throw new CliError('missing graph spec (e.g. graphgo graph grid 9 9) or --from FILE');
  return orCliError(readGraph({ spec: specWords.join(' ') }, limits));
}

/** `81 vertices, 144 edges, 0 arcs, degree 2..4` (underlying degree). */
export function graphSummary(graph: Graph): string {
  const { min, max } = graph.degreeRange();
  return (
    `${count(graph.n, 'vertex', 'vertices')}, ${count(graph.edgeCount, 'edge', 'edges')}, ` +
    `${count(graph.arcCount, 'arc', 'arcs')}, degree ${min}..${max}`
  );
}

function count(n: number, singular: string, plural: string): string {
  return `${n} ${n === 1 ? singular : plural}`;
}
