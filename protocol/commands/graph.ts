/**
 * Graph commands (docs/protocol.md, "Graph commands"): the board as a graph, from a spec or a file. A new board
 * starts a new game under the current rules and komi; a refused one changes nothing.
 */
import { Game } from '../../src/game.js';
import { formatEdgesLine, parseGraphFile } from '../../src/graph-formats.js';
import { BOARD_LIMITS, readGraph } from '../../src/setup.js';
import type { EngineContext, Handlers } from './context.js';
import { SYNTAX, fail, ok } from './reply.js';

export function graphCommands(ctx: Pick<EngineContext, 'game' | 'replaceGame' | 'readFile'>): Handlers {
  return {
    set_graph: (args) => {
      if (args.length === 0) return SYNTAX;
      const built = readGraph({ spec: args.join(' ') });
      if (!built.ok) return built.error.code === 'syntax' ? SYNTAX : fail(built.error.message);
      ctx.replaceGame(new Game(built.value, ctx.game.rules));
      return ok();
    },
    get_graph: (args) => (args.length === 0 ? ok(formatEdgesLine(ctx.game.graph)) : SYNTAX),
    load_graph: (args) => {
      if (args.length !== 1) return SYNTAX;
      const text = ctx.readFile(args[0]);
      if (!text.ok) return fail(`cannot load file: ${text.error.message}`);
      // Not readGraph: its file wording names the file, and GTP's contract words a bad file like a bad spec.
      const built = parseGraphFile(text.value, BOARD_LIMITS);
      if (!built.ok) return fail(`invalid graph: ${built.error.message}`);
      ctx.replaceGame(new Game(built.value, ctx.game.rules));
      return ok();
    },
  };
}
