/**
 * Handicap commands (docs/protocol.md, "Handicap"). Handicap stones are set-up stones, not moves, so undo cannot
 * take them back and White moves next.
 */
import type { Game } from '../../src/game.js';
import type { Graph } from '../../src/graph.js';
import { fixedHandicap, freeHandicap } from '../../src/handicap.js';
import { parseVertex, vertexName } from '../../src/notation.js';
import { BLACK, WHITE } from '../../src/vocabulary.js';
import { parseIntArg } from '../gtp.js';
import type { EngineContext, Handlers } from './context.js';
import { SYNTAX, fail, ok, type Reply } from './reply.js';

type HandicapContext = Pick<EngineContext, 'game'>;

export function handicapCommands(ctx: HandicapContext): Handlers {
  return {
    fixed_handicap: (args) => placeHandicap(ctx, args, fixedPoints),
    // The fixed points where they exist, so that a square grid gets the stones a Go player expects.
    place_free_handicap: (args) =>
      placeHandicap(ctx, args, (graph, count) => fixedPoints(graph, count) ?? freeHandicap(graph, count)),
    set_free_handicap: (args) => {
      const game = ctx.game;
      if (!boardEmpty(game)) return fail('board not empty');
      const stones: number[] = [];
      // A mark per vertex rather than a search of the list so far, which made a list of 100,000 stones take seconds.
      const listed = new Uint8Array(game.graph.n);
      for (const word of args) {
        const vertex = parseVertex(game.graph, word);
        if (!vertex.ok || vertex.value < 0 || listed[vertex.value] === 1) return fail('bad vertex list');
        listed[vertex.value] = 1;
        stones.push(vertex.value);
      }
      if (stones.length < 2 || stones.length >= game.graph.n) return fail('bad vertex list');
      return placeStones(game, stones) ?? ok();
    },
  };
}

/** The engine chooses the stones (null: not that many) and answers their names. */
function placeHandicap(
  ctx: HandicapContext,
  args: readonly string[],
  choose: (graph: Graph, count: number) => number[] | null,
): Reply {
  if (args.length !== 1) return SYNTAX;
  const count = parseIntArg(args[0]);
  if (count === null) return SYNTAX;
  const game = ctx.game;
  if (!boardEmpty(game)) return fail('board not empty');
  const stones = choose(game.graph, count);
  if (stones === null) return fail('invalid number of stones');
  return placeStones(game, stones) ?? ok(stones.map((v) => vertexName(game.graph, v)).join(' '));
}

/** GTP's fixed points exist only on a square `grid`. */
function fixedPoints(graph: Graph, count: number): number[] | null {
  const lattice = graph.meta.lattice;
  const spec = graph.meta.spec ?? '';
  if (lattice === undefined || !spec.startsWith('grid ') || lattice.width !== lattice.height) return null;
  return fixedHandicap(lattice.width, count);
}

/** A board with a move on it is never empty, even if captures have cleared it. */
function boardEmpty(game: Game): boolean {
  return game.moveCount === 0 && game.position.emptyCount === game.graph.n;
}

/** Null when the stones are placed; the failure when the game refuses them. */
function placeStones(game: Game, stones: readonly number[]): Reply | null {
  const error = game.setup(
    stones.map((vertex) => ({ vertex, color: BLACK })),
    WHITE,
  );
  return error === null ? null : fail('bad vertex list');
}
