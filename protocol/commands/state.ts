/**
 * State commands (docs/protocol.md, "State commands, for controllers, GUIs and tests"): the whole game in one
 * machine-readable answer, and the moves a colour may make.
 */
import type { Game } from '../../src/game.js';
import { moveName } from '../../src/notation.js';
import { PASS, parseGtpColor } from '../../src/vocabulary.js';
import type { EngineContext, Handlers } from './context.js';
import { SYNTAX, ok } from './reply.js';

export function stateCommands(ctx: Pick<EngineContext, 'game'>): Handlers {
  return {
    get_state: (args) => (args.length === 0 ? ok(stateJson(ctx.game)) : SYNTAX),
    legal_moves: (args) => {
      if (args.length > 1) return SYNTAX;
      const game = ctx.game;
      const asked = args.length === 1 ? parseGtpColor(args[0]) : null;
      if (args.length === 1 && asked === null) return SYNTAX;
      // A game that ended by passes is taken up again by `play` (game.ts, resume): its list is what would resume it,
      // and the end is decided again from the record once it is made.
      const resumed = game.over && game.resume();
      const color = asked ?? game.toMove;
      let moves: number[] = [];
      if (!game.over && color !== null && color >= 1 && color <= game.rules.colors) {
        moves = game.legalMoves(color);
        if (game.canPass(color)) moves.push(PASS);
      }
      if (resumed) game.settle();
      return ok(moves.map((move) => moveName(game.graph, move)).join(' '));
    },
  };
}

/** GTP's snake_case names for the game's state. */
function stateJson(game: Game): string {
  const s = game.state();
  return JSON.stringify({
    to_move: s.toMove,
    position: s.position,
    counters: s.counters,
    prisoners: s.prisoners,
    moves: s.moves,
    passes: s.passes,
    over: s.over,
    result: s.result,
  });
}
