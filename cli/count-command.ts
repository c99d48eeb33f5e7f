/**
 * `graphgo count`: the exact number of legal positions of a graph (every group has a liberty), printed as a whole
 * number on stdout; how it was counted (order, frontier, states, time) goes to stderr. See docs/solver.md.
 */
import type { Command } from 'commander';
import { BOARD_LIMITS } from '../src/setup.js';
import { CountLimitError, CountTimeError, countLegalPositions } from '../src/solver/count.js';
import { loadGraph } from './graph-command.js';
import { CliError } from './io.js';
import type { CliIo } from './io.js';
import { addGraphOption, positiveSeconds } from './options.js';

interface CountOptions {
  graph?: string;
  from?: string;
  json?: boolean;
  maxSeconds?: string;
  progress: boolean;
}

export function registerCountCommand(program: Command, io: CliIo): void {
  const count = program
    .command('count')
    .summary('count the legal positions of a graph exactly')
    .description(
      'Count the colourings of the graph in which every group has a liberty (arcs give liberties in their ' +
        'direction only), exactly, by a frontier dynamic programme over a vertex order (docs/solver.md).',
    );
  addGraphOption(count, { help: 'the graph (e.g. "grid 9 9")' });
  count
    .option('--from <file>', 'read the graph from a file instead')
    .option('--json', 'print a JSON object with the count (as a string) and how it was counted')
    .option('--max-seconds <s>', 'give up after this many seconds (no count is printed; exit status 1)')
    .option('--no-progress', 'no progress lines on stderr (every 2 s: vertices done, frontier states, seconds)')
    .addHelpText(
      'after',
      '\nExamples:\n  graphgo count --graph "grid 5 5"     # 414295148741\n  graphgo count --graph petersen\n' +
        '  graphgo count --graph "grid 11 11" --max-seconds 60',
    )
    .action((opts: CountOptions) => {
      if (opts.graph === undefined && opts.from === undefined) throw new CliError('missing --graph SPEC (or --from FILE)');
      const maxSeconds = opts.maxSeconds === undefined ? null : positiveSeconds('--max-seconds', opts.maxSeconds);
      // Positions are a board's: a board's limits apply (a path of millions of vertices took seconds to set up before
      // the time limit was first checked, and its count would have millions of digits).
      const graph = loadGraph(opts.graph === undefined ? [] : [opts.graph], opts.from, BOARD_LIMITS);
      const name = opts.graph ?? opts.from;
      let report;
      try {
        report = countLegalPositions(graph, {
          maxSeconds,
          onTick: opts.progress
            ? (done, states, seconds) =>
                io.writeErr(`count ${name}: ${done} of ${graph.n} vertices, ${states} frontier states, ${seconds.toFixed(1)} s\n`)
            : undefined,
        });
      } catch (e) {
        if (e instanceof CountLimitError || e instanceof CountTimeError) throw new CliError(`cannot count ${name}: ${e.message}`);
        throw e;
      }
      const how = `${graph.n} vertices, frontier ${report.frontier}, up to ${report.states} states, ${report.seconds.toFixed(2)} s`;
      if (opts.json) {
        io.writeOut(
          JSON.stringify({
            graph: opts.graph ?? opts.from,
            vertices: graph.n,
            count: report.count.toString(),
            frontier: report.frontier,
            states: report.states,
            seconds: report.seconds,
          }) + '\n',
        );
      } else {
        io.writeOut(report.count.toString() + '\n');
      }
      io.writeErr(how + '\n');
    });
}
