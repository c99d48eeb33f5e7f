/**
 * Analysis commands (docs/protocol.md, "Analysis"): the search's view of the position, streamed in the formats
 * Sabaki, Lizzie and q5Go parse (Leela Zero's `lz-analyze`, KataGo's `kata-analyze`, Sabaki's `analyze`), the same
 * while a move is searched (`*genmove_analyze`), and GoGui's graphical commands (`gogui-analyze_commands`). On a
 * graph without GTP names the moves are the graph's vertex names and ownership lists the vertices in index order.
 */
import type { Analysis, Analyzer, MoveAnalysis } from '../../bots/analysis.js';
import type { Game } from '../../src/game.js';
import type { Graph } from '../../src/graph.js';
import { hasGtpNames, moveName } from '../../src/notation.js';
import { BLACK, WHITE, parseGtpColor } from '../../src/vocabulary.js';
import { parseFloatArg, parseIntArg } from '../gtp.js';
import type { EngineContext, Handlers } from './context.js';
import { playGenerated, resumeForGenerate, type GameContext } from './game.js';
import { SLICE_MILLISECONDS, slicedJob, type Job } from './job.js';
import { fail, ok, type Reply } from './reply.js';

/** The report interval when the controller names none, in centiseconds (GTP analysis intervals are in 1/100 s). */
export const DEFAULT_INTERVAL_CENTISECONDS = 100;
/** How long GoGui's graphical analysis commands search, unless interrupted. */
export const GFX_ANALYSIS_MILLISECONDS = 1000;

/** The output dialects: Leela Zero's integers (x 10000) or KataGo's floats (Sabaki's `analyze` takes these too). */
type Dialect = 'lz' | 'kata';

interface AnalyzeRequest {
  readonly color: number;
  readonly intervalMs: number;
  readonly minMoves: number;
  readonly maxMoves: number;
  readonly ownership: boolean;
  readonly pvVisits: boolean;
  readonly rootInfo: boolean;
}

type AnalysisContext = GameContext & Pick<EngineContext, 'bot'>;

export function analysisCommands(ctx: AnalysisContext): Handlers {
  return {
    'lz-analyze': (args) => analyze(ctx, args, 'lz'),
    'kata-analyze': (args) => analyze(ctx, args, 'kata'),
    analyze: (args) => analyze(ctx, args, 'kata'),
    'lz-genmove_analyze': (args) => genmoveAnalyze(ctx, args, 'lz'),
    'kata-genmove_analyze': (args) => genmoveAnalyze(ctx, args, 'kata'),
    genmove_analyze: (args) => genmoveAnalyze(ctx, args, 'kata'),
    'gogui-analyze_commands': () =>
      ok(
        [
          'gfx/Ownership/gogui-graphgo-ownership',
          'gfx/Principal variation/gogui-graphgo-pv',
          'gfx/Win rates/gogui-graphgo-winrates',
          'string/Analysis/gogui-graphgo-analysis',
        ].join('\n'),
      ),
    // Listed so that GoGui sends `# interrupt` to stop a genmove or an analysis (protocol/serve.ts acts on it).
    'gogui-interrupt': () => ok(),
    // No arguments, so extra ones are ignored (docs/protocol.md, "Arguments").
    'gogui-graphgo-ownership': () => gfx(ctx, ownershipGfx),
    'gogui-graphgo-pv': () => gfx(ctx, pvGfx),
    'gogui-graphgo-winrates': () => gfx(ctx, winrateGfx),
    'gogui-graphgo-analysis': () => gfx(ctx, analysisText),
  };
}

/** `[colour] [interval] [key value]...` as Leela Zero and KataGo take them; a message when the words are wrong. */
function readRequest(game: Game, args: readonly string[], dialect: Dialect): AnalyzeRequest | string {
  let at = 0;
  // A game that ended by passes is analysed as if taken up again: by default for the colour that would move then.
  let color = game.colorToPlayOn;
  const first = args.length > 0 ? parseGtpColor(args[0]) : null;
  if (first !== null) {
    color = first;
    at = 1;
  }
  let interval = DEFAULT_INTERVAL_CENTISECONDS;
  // A word that starts like a number is the positional interval, even when it is no usable number (1e309, 5x):
  // read as an option key it would only be reported as a key without a value.
  if (at < args.length && /^[-+]?\.?\d/.test(args[at])) {
    const x = parseFloatArg(args[at++]);
    if (x === null || x < 0) return `interval must be a number of centiseconds, got "${args[at - 1]}"`;
    interval = x;
  }
  const request = { color, interval, minMoves: 0, maxMoves: Infinity, ownership: false, pvVisits: false, rootInfo: false };
  while (at < args.length) {
    const key = args[at].toLowerCase();
    const value = args[at + 1];
    if (value === undefined) return `missing value after "${args[at]}"`;
    at += 2;
    switch (key) {
      case 'interval': {
        const x = parseFloatArg(value);
        if (x === null || x < 0) return `interval must be a number of centiseconds, got "${value}"`;
        request.interval = x;
        break;
      }
      case 'minmoves':
      case 'maxmoves': {
        const x = parseIntArg(value);
        if (x === null || x < 0) return `${key} must be a whole number, got "${value}"`;
        if (key === 'minmoves') request.minMoves = x;
        else request.maxMoves = x;
        break;
      }
      case 'ownership':
      case 'pvvisits':
      case 'rootinfo': {
        const flag = value.toLowerCase();
        if (flag !== 'true' && flag !== 'false') return `${args[at - 2]} must be true or false, got "${value}"`;
        if (key === 'ownership') request.ownership = flag === 'true';
        else if (key === 'pvvisits') request.pvVisits = flag === 'true';
        else request.rootInfo = flag === 'true';
        break;
      }
      default:
        return `unsupported analysis option "${args[at - 2]}" (known: interval, minmoves, maxmoves, ownership, pvVisits, rootInfo)`;
    }
  }
  if (dialect === 'lz' && request.ownership) return 'ownership is a kata-analyze option';
  if (request.ownership && game.rules.colors !== 2) return 'ownership is reported for two colours only';
  return { ...request, intervalMs: Math.max(SLICE_MILLISECONDS, request.interval * 10) };
}

/** An analysis under way: its search, and what ends it (a game ended by passes goes back to its end). */
interface Started {
  readonly analyzer: Analyzer;
  readonly end: () => void;
}

/** Begins analysing `color`'s move in the game (taken up again if its passes ended it), or says why it cannot. */
function beginAnalysis(ctx: AnalysisContext, color: number | null, ownership: boolean): Started | Reply {
  const analyzer = ctx.bot.analyzer;
  if (analyzer === undefined) return noSearch(ctx);
  const game = ctx.game;
  const resumed = game.resume();
  const end = (): void => {
    if (resumed) game.settle();
  };
  const analysed = color ?? game.toMove;
  let refusal: string | null = null;
  // The end first, as genmove words it: a finished game has no colour to move, so every colour would look wrong.
  if (game.over) refusal = 'game over';
  else if (analysed > game.rules.colors || game.seatFor(analysed) < 0) refusal = 'wrong colour';
  else if (!analyzer.begin(game, analysed, { ownership })) refusal = 'no move to analyse';
  if (refusal === null) return { analyzer, end };
  end();
  return fail(refusal);
}

function noSearch(ctx: AnalysisContext): Reply {
  return fail(`the ${ctx.bot.name} bot has no search to analyse with (use --bot uct)`);
}

function isStarted(x: Started | Reply): x is Started {
  return 'analyzer' in x;
}

/** lz-analyze, kata-analyze, analyze: a stream of info lines every interval until the next command. */
function analyze(ctx: AnalysisContext, args: readonly string[], dialect: Dialect): Reply | Job {
  if (ctx.bot.analyzer === undefined) return noSearch(ctx);
  const game = ctx.game;
  const request = readRequest(game, args, dialect);
  if (typeof request === 'string') return fail(request);
  const started = beginAnalysis(ctx, request.color, request.ownership);
  if (!isStarted(started)) return started;
  const { analyzer, end } = started;
  const reporter = new Reporter(game, request, dialect);
  return slicedJob({
    streams: true,
    stoppedBy: 'any-line',
    slice: () => {
      analyzer.run(SLICE_MILLISECONDS);
      return { text: reporter.due() ? reporter.line(analyzer.report()) : '', done: false };
    },
    finish: () => {
      end();
      return ok();
    },
  });
}

/** *genmove_analyze: genmove that streams info lines while it searches and ends with `play MOVE`. */
function genmoveAnalyze(ctx: AnalysisContext, args: readonly string[], dialect: Dialect): Reply | Job {
  const game = ctx.game;
  const request = readRequest(game, args, dialect);
  if (typeof request === 'string') return fail(request);
  const resumed = resumeForGenerate(ctx, request.color);
  if (typeof resumed !== 'boolean') return resumed;
  const color = request.color;
  const playLine = (move: number): Reply => {
    const reply = playGenerated(game, color, move, true, resumed);
    return reply.ok ? ok(`play ${reply.text}\n`) : reply;
  };
  const search = ctx.bot.slicedSearch;
  const early = search === undefined ? ctx.bot.genmove(game, color) : search.beginMove(game, color, request);
  if (search === undefined || early !== null) {
    // Nothing to stream: a bot without a sliced search (random, flat, threads) or a move that needs no search.
    return slicedJob({ streams: true, stoppedBy: 'interrupt', slice: () => ({ text: '', done: true }), finish: () => playLine(early!) });
  }
  const reporter = new Reporter(game, request, dialect);
  return slicedJob({
    streams: true,
    stoppedBy: 'interrupt',
    slice: () => {
      const done = search.runMove(SLICE_MILLISECONDS);
      return { text: reporter.due() || done ? reporter.line(search.report()) : '', done };
    },
    finish: () => playLine(search.endMove()),
  });
}

/** Formats info lines, and knows when the next one is due: after the first slice, then every interval. */
class Reporter {
  private next = 0;

  constructor(
    private readonly game: Game,
    private readonly request: AnalyzeRequest,
    private readonly dialect: Dialect,
  ) {}

  due(): boolean {
    const now = performance.now();
    if (now < this.next) return false;
    this.next = now + this.request.intervalMs;
    return true;
  }

  line(analysis: Analysis): string {
    const graph = this.game.graph;
    const { minMoves, maxMoves } = this.request;
    const moves = analysis.moves.slice(0, Math.max(minMoves, Math.min(maxMoves, analysis.moves.length)));
    const parts = moves.map((m, order) => this.moveInfo(graph, m, order));
    if (this.dialect === 'kata' && this.request.rootInfo && moves.length > 0) {
      const best = moves[0];
      parts.push(`rootInfo visits ${analysis.rootVisits} winrate ${fixed(best.winrate)} scoreLead ${fixed(best.scoreLead)} utility ${fixed(2 * best.winrate - 1)}`);
    }
    if (analysis.ownership !== null) parts.push(`ownership ${ownershipWords(graph, analysis, analysis.color).join(' ')}`);
    return parts.length === 0 ? '' : `${parts.join(' ')}\n`;
  }

  private moveInfo(graph: Graph, m: MoveAnalysis, order: number): string {
    const pv = m.pv.map((move) => moveName(graph, move)).join(' ');
    const pvVisits = this.request.pvVisits ? ` pvVisits ${m.pvVisits.join(' ')}` : '';
    if (this.dialect === 'lz') {
      const x = (p: number): number => Math.round(p * 10000);
      return `info move ${moveName(graph, m.move)} visits ${m.visits} winrate ${x(m.winrate)} prior ${x(m.prior)} lcb ${x(m.lcb)} order ${order} pv ${pv}${pvVisits}`;
    }
    return (
      `info move ${moveName(graph, m.move)} visits ${m.visits} utility ${fixed(2 * m.winrate - 1)} winrate ${fixed(m.winrate)} ` +
      `scoreMean ${fixed(m.scoreLead)} scoreStdev ${fixed(m.scoreStdev)} scoreLead ${fixed(m.scoreLead)} prior ${fixed(m.prior)} ` +
      `lcb ${fixed(m.lcb)} order ${order} pv ${pv}${pvVisits}`
    );
  }
}

function fixed(x: number): string {
  return String(Math.round(x * 1e6) / 1e6);
}

/**
 * KataGo's ownership: per vertex, +1 when `color` owns it at the end and -1 when the other colour does; on a GTP
 * lattice row by row from the top left, elsewhere in vertex index order.
 */
function ownershipWords(graph: Graph, analysis: Analysis, color: number): string[] {
  const shares = analysis.ownership!;
  const other = color === BLACK ? WHITE : BLACK;
  return verticesInReadingOrder(graph).map((v) => fixed(shares[v * 3 + color] - shares[v * 3 + other]));
}

function verticesInReadingOrder(graph: Graph): number[] {
  const lattice = graph.meta.lattice;
  const order: number[] = [];
  if (lattice !== undefined && hasGtpNames(graph)) {
    for (let row = lattice.height - 1; row >= 0; row--) for (let x = 0; x < lattice.width; x++) order.push(row * lattice.width + x);
  } else {
    for (let v = 0; v < graph.n; v++) order.push(v);
  }
  return order;
}

/**
 * A GoGui graphical command: analyses the side to move for GFX_ANALYSIS_MILLISECONDS (or until `# interrupt`),
 * then draws the result.
 */
function gfx(ctx: AnalysisContext, draw: (game: Game, analysis: Analysis) => Reply): Reply | Job {
  const game = ctx.game;
  const started = beginAnalysis(ctx, null, game.rules.colors === 2);
  if (!isStarted(started)) return started;
  const { analyzer, end } = started;
  const deadline = performance.now() + GFX_ANALYSIS_MILLISECONDS;
  return slicedJob({
    streams: false,
    stoppedBy: 'interrupt',
    slice: () => {
      analyzer.run(Math.min(SLICE_MILLISECONDS, deadline - performance.now()));
      return { text: '', done: performance.now() >= deadline };
    },
    finish: () => {
      const reply = draw(game, analyzer.report());
      end();
      return reply;
    },
  });
}

/** INFLUENCE: +1 for Black's, -1 for White's (GoGui's convention, whoever is to move). */
function ownershipGfx(game: Game, analysis: Analysis): Reply {
  const shares = analysis.ownership;
  if (shares === null) return fail('ownership shading needs two colours');
  const words: string[] = [];
  for (let v = 0; v < game.graph.n; v++) {
    words.push(moveName(game.graph, v), fixed(shares[v * 3 + BLACK] - shares[v * 3 + WHITE]));
  }
  return ok(`INFLUENCE ${words.join(' ')}`);
}

/** VAR: the best move's principal variation, colour by colour. */
function pvGfx(game: Game, analysis: Analysis): Reply {
  const best = analysis.moves[0];
  if (best === undefined) return ok();
  const order = game.rules.order;
  let seat = game.seatFor(analysis.color);
  const words: string[] = [];
  for (const move of best.pv) {
    const color = order[seat];
    words.push(color === BLACK ? 'b' : color === WHITE ? 'w' : String(color), moveName(game.graph, move));
    seat = (seat + 1) % order.length;
  }
  return ok(`VAR ${words.join(' ')}`);
}

/** LABEL: each visited move's win rate in percent. */
function winrateGfx(game: Game, analysis: Analysis): Reply {
  const lines = analysis.moves
    .filter((m) => m.move >= 0)
    .map((m) => `LABEL ${moveName(game.graph, m.move)} ${Math.round(m.winrate * 100)}`);
  return ok(lines.join('\n'));
}

/**
 * A few lines of text: the root's visits and this search's simulations (a reused tree holds visits of earlier
 * searches, which the moves' visits count), then the best moves with visits, win rate and line.
 */
function analysisText(game: Game, analysis: Analysis): Reply {
  const lines = [`${analysis.rootVisits} visits, ${analysis.visits} simulations this search`];
  for (const m of analysis.moves.slice(0, 5)) {
    const pv = m.pv.map((move) => moveName(game.graph, move)).join(' ');
    lines.push(`${moveName(game.graph, m.move)} visits ${m.visits} winrate ${(m.winrate * 100).toFixed(1)}% pv ${pv}`);
  }
  return ok(lines.join('\n'));
}
