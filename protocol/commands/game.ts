/**
 * Board, komi and game commands (docs/protocol.md, "Board, komi and game"): the moves themselves, by the controller
 * (`play`, `undo`) or by the bot (`genmove`, `reg_genmove`), and the board they are played on.
 */
import { renderBoard, stoneChar } from '../../src/diagram.js';
import { Game, type MoveStatus } from '../../src/game.js';
import { MAX_GTP_SIDE, moveName, parseVertex } from '../../src/notation.js';
import { formatNumber } from '../../src/rules.js';
import { readGraph } from '../../src/setup.js';
import { RESIGN, gtpColorName, parseGtpColor } from '../../src/vocabulary.js';
import { parseFloatArg, parseIntArg } from '../gtp.js';
import type { EngineContext, Handlers } from './context.js';
import { SYNTAX, fail, ok, type Reply } from './reply.js';

type GameContext = Pick<EngineContext, 'game' | 'replaceGame' | 'bot' | 'clock'>;

export function gameCommands(ctx: GameContext): Handlers {
  return {
    boardsize: (args) => (args.length === 1 ? newGrid(ctx, args[0], args[0]) : SYNTAX),
    // GoGui's and KGS's non-square boards.
    rectangular_boardsize: (args) => (args.length === 2 ? newGrid(ctx, args[0], args[1]) : SYNTAX),
    clear_board: () => {
      ctx.game.clear();
      return ok();
    },
    komi: (args) => {
      if (args.length !== 1) return SYNTAX;
      const komi = parseFloatArg(args[0]);
      if (komi === null) return SYNTAX;
      ctx.game.setKomi(komi);
      return ok();
    },
    play: (args) => {
      if (args.length !== 2) return SYNTAX;
      const color = parseGtpColor(args[0]);
      if (color === null) return SYNTAX;
      const vertex = parseVertex(ctx.game.graph, args[1]);
      if (!vertex.ok) return fail(vertex.error.message);
      if (vertex.value === RESIGN) return SYNTAX;
      const game = ctx.game;
      // GTP has no finished state: a move after the closing passes takes the game up again.
      const resumed = game.resume();
      const status = game.play(color, vertex.value);
      if (status === 'ok') return ok();
      if (resumed) game.settle();
      return moveFailure(status);
    },
    genmove: (args) => generate(ctx, args, true),
    reg_genmove: (args) => generate(ctx, args, false),
    undo: (args) => {
      if (args.length !== 0) return SYNTAX;
      return ctx.game.undo() ? ok() : fail('cannot undo');
    },
    showboard: () => ok('\n' + boardText(ctx.game)),
  };
}

/** A new game on a W x H grid, keeping the rules and komi. */
function newGrid(ctx: GameContext, widthWord: string, heightWord: string): Reply {
  const width = parseIntArg(widthWord);
  const height = parseIntArg(heightWord);
  if (width === null || height === null) return SYNTAX;
  // GTP boards are those its vertex names reach; set_graph makes larger grids.
  if (width < 1 || height < 1 || width > MAX_GTP_SIDE || height > MAX_GTP_SIDE) return fail('unacceptable size');
  const built = readGraph({ spec: `grid ${width} ${height}` });
  if (!built.ok) return fail('unacceptable size');
  ctx.replaceGame(new Game(built.value, ctx.game.rules));
  return ok();
}

/** The GTP text of a refused move. */
function moveFailure(status: MoveStatus): Reply {
  switch (status) {
    case 'game-over':
      return fail('game over');
    case 'wrong-color':
    case 'bad-color':
      return fail('wrong colour');
    default:
      return fail('illegal move');
  }
}

/** genmove, and reg_genmove when `play` is false. A move the game refuses is the bot's bug, not the controller's. */
function generate(ctx: GameContext, args: readonly string[], play: boolean): Reply {
  if (args.length !== 1) return SYNTAX;
  const color = parseGtpColor(args[0]);
  if (color === null) return SYNTAX;
  const game = ctx.game;
  const resumed = game.resume();
  const reply = generateIn(ctx, game, color, play);
  if (resumed && !(play && reply.ok)) game.settle();
  return reply;
}

/** The bot's move in a running game (or one just taken up again after its closing passes). */
function generateIn(ctx: GameContext, game: Game, color: number, play: boolean): Reply {
  if (game.over) return fail('game over');
  if (color > game.rules.colors || game.seatFor(color) < 0) return fail('wrong colour');
  ctx.bot.setTimeBudget?.(ctx.clock.secondsForMove(color, game.position.emptyCount));
  const move = ctx.bot.genmove(game, color);
  const name = moveName(game.graph, move);
  if (play) {
    const status = game.play(color, move);
    if (status !== 'ok') return fail(`internal error: the bot chose ${name}, which is refused (${status})`);
  } else if (move !== RESIGN && game.check(color, move) !== 'ok') {
    return fail(`internal error: the bot chose ${name}, which is illegal`);
  }
  return ok(name);
}

/** showboard's diagram, then one line per colour, then whose move it is or the result. */
function boardText(game: Game): string {
  const lines = renderBoard(game.graph, game.position.color, { lastMove: game.lastMove?.vertex });
  for (let c = 1; c <= game.rules.colors; c++) {
    lines.push(`${gtpColorName(c)} (${stoneChar(c)}) captured ${game.prisoners(c)}, counter ${formatNumber(game.counter(c))}`);
  }
  lines.push(game.over ? `game over: ${game.result}` : `${gtpColorName(game.toMove)} to move, move ${game.moveCount + 1}`);
  return lines.join('\n');
}
