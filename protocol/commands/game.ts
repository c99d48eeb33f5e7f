/**
 * Board, komi and game commands (docs/protocol.md, "Board, komi and game"): the moves themselves, by the controller
 * (`play`, `undo`) or by the bot (`genmove`, `reg_genmove`), and the board they are played on.
 */
import { renderBoard, stoneChar } from '../../src/diagram.js';
import { Game, type MoveStatus } from '../../src/game.js';
import { MAX_GTP_SIDE, moveName, parseVertex } from '../../src/notation.js';
import { formatNumber, komiProblem } from '../../src/rules.js';
import { readGraph } from '../../src/setup.js';
import { RESIGN, gtpColorName, parseGtpColor } from '../../src/vocabulary.js';
import { parseFloatArg, parseIntArg } from '../gtp.js';
import type { EngineContext, Handlers } from './context.js';
import { SLICE_MILLISECONDS, slicedJob, type Job } from './job.js';
import { SYNTAX, fail, ok, type Reply } from './reply.js';

export type GameContext = Pick<EngineContext, 'game' | 'replaceGame' | 'bot' | 'clock'>;

/** A seed is echoed by get_random_seed, so a controller's mistake (a whole file on one line) must not come back. */
export const MAX_SEED_CHARACTERS = 100;

export function gameCommands(ctx: GameContext & Pick<EngineContext, 'seed' | 'reseed'>): Handlers {
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
      const refused = komiProblem(komi) ?? ctx.game.komiConflict(komi);
      if (refused !== null) return fail(refused);
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
    set_random_seed: (args) => {
      if (args.length !== 1) return SYNTAX;
      if (args[0].length > MAX_SEED_CHARACTERS) return fail(`seed too long (limit ${MAX_SEED_CHARACTERS} characters)`);
      ctx.reseed(args[0]);
      return ok();
    },
    get_random_seed: () => ok(ctx.seed),
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

/**
 * genmove, and reg_genmove when `play` is false. A move the game refuses is the bot's bug, not the controller's.
 * A bot that searches in slices answers through a job, so GoGui's `# interrupt` can cut the search short.
 */
export function generate(ctx: GameContext, args: readonly string[], play: boolean): Reply | Job {
  if (args.length !== 1) return SYNTAX;
  const color = parseGtpColor(args[0]);
  if (color === null) return SYNTAX;
  const game = ctx.game;
  const resumed = resumeForGenerate(ctx, color);
  if (typeof resumed !== 'boolean') return resumed;
  const search = ctx.bot.slicedSearch;
  if (search === undefined) return playGenerated(game, color, ctx.bot.genmove(game, color), play, resumed);
  const early = search.beginMove(game, color, null);
  if (early !== null) return playGenerated(game, color, early, play, resumed);
  return slicedJob({
    streams: false,
    stoppedBy: 'interrupt',
    slice: () => ({ text: '', done: search.runMove(SLICE_MILLISECONDS) }),
    finish: () => playGenerated(game, color, search.endMove(), play, resumed),
  });
}

/**
 * Takes the game up again if its closing passes ended it (Game.resume) and checks that the bot may move for `color`
 * there; also hands the bot its clock budget. Returns whether the game was taken up again, or the refusal, the game
 * then back at its end.
 */
export function resumeForGenerate(ctx: GameContext, color: number): boolean | Reply {
  const game = ctx.game;
  const resumed = game.resume();
  let refusal: Reply | null = null;
  if (game.over) refusal = fail('game over');
  else if (color > game.rules.colors || game.seatFor(color) < 0) refusal = fail('wrong colour');
  if (refusal !== null) {
    if (resumed) game.settle();
    return refusal;
  }
  const empty = game.position.emptyCount;
  ctx.bot.setTimeBudget?.(ctx.clock.secondsForMove(color, empty), ctx.clock.extraSecondsForMove(color, empty));
  return resumed;
}

/**
 * The answer to a generated move: plays it (genmove) or only checks it (reg_genmove); a game taken up again for
 * this move goes back to its end when the move is not played.
 */
export function playGenerated(game: Game, color: number, move: number, play: boolean, resumed: boolean): Reply {
  const name = moveName(game.graph, move);
  let reply = ok(name);
  if (play) {
    const status = game.play(color, move);
    if (status !== 'ok') reply = fail(`internal error: the bot chose ${name}, which is refused (${status})`);
  } else if (move !== RESIGN && game.check(color, move) !== 'ok') {
    reply = fail(`internal error: the bot chose ${name}, which is illegal`);
  }
  if (resumed && !(play && reply.ok)) game.settle();
  return reply;
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
