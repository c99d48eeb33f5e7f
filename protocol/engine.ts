/**
 * The GTP engine: a table of command handlers over one game and one bot (PROTOCOL.md). `list_commands` and
 * `known_command` read the table itself, so they cannot drift from what is handled. The engine does no I/O: the
 * entry point feeds it lines and writes back what it returns; files are read through an injected function.
 * No input can make it throw: a handler that fails unexpectedly answers `? internal error: ...`.
 */
import type { Bot } from '../bots/bot.js';
import { createBot, type BotOptions } from '../bots/registry.js';
import { secondsForMove } from '../bots/time-control.js';
import { renderBoard, stoneChar } from '../src/diagram.js';
import { parseGraphSpec } from '../src/families.js';
import { Game, describeScores, type MoveStatus } from '../src/game.js';
import type { Graph } from '../src/graph.js';
import { formatEdgesLine, parseGraphFile } from '../src/graph-formats.js';
import { fixedHandicap, freeHandicap } from '../src/handicap.js';
import { PASS, RESIGN } from '../src/move.js';
import { parseVertex, vertexName } from '../src/notation.js';
import { EMPTY } from '../src/position.js';
import { DEFAULT_RULES, formatNumber, formatRules, parseRules, type Rules } from '../src/rules.js';
import { parseSgf } from '../src/sgf.js';
import {
  formatFailure,
  formatSuccess,
  parseColor,
  parseCommand,
  parseFloatArg,
  parseIntArg,
  preprocessLine,
} from './gtp.js';

/** The bot's name and its options (seed, limits, search switches), plus the starting board and rules. */
export interface EngineOptions extends BotOptions {
  readonly bot: string;
  readonly graph?: string;
  readonly rules?: string;
  readonly version: string;
  /** Reads a file for load_graph and loadsgf; throws with a message when it cannot. */
  readonly readFile: (path: string) => string;
}

type Reply = { readonly ok: boolean; readonly text: string };
type Handler = (args: readonly string[]) => Reply;

const ok = (text = ''): Reply => ({ ok: true, text });
const fail = (text: string): Reply => ({ ok: false, text });
const SYNTAX = fail('syntax error');

/** GTP's name for the colours that have one; digits for the rest. */
function colorWord(c: number): string {
  return c === 1 ? 'black' : c === 2 ? 'white' : String(c);
}

/** The GTP text of a refused move (PROTOCOL.md, "Play"). */
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

export type EngineResult = { ok: true; engine: GtpEngine } | { ok: false; error: string };

export interface TimeSettings {
  mainSeconds: number;
  byoYomiSeconds: number;
  byoYomiStones: number;
}

export class GtpEngine {
  private graph: Graph;
  private rules: Rules;
  private game: Game;
  private readonly bot: Bot;
  private readonly options: EngineOptions;
  /** From time_settings; null means no time limit. */
  timeSettings: TimeSettings | null = null;
  /** From time_left, per colour: seconds and stones left in the period. */
  readonly timeLeft = new Map<number, { seconds: number; stones: number }>();
  /** Set by `quit`: the entry point stops reading after writing the answer. */
  quitRequested = false;
  private readonly handlers: Readonly<Record<string, Handler>>;

  private constructor(options: EngineOptions, graph: Graph, rules: Rules, bot: Bot) {
    this.options = options;
    this.graph = graph;
    this.rules = rules;
    this.bot = bot;
    this.game = new Game(graph, rules);
    this.handlers = this.buildHandlers();
  }

  static create(options: EngineOptions): EngineResult {
    const built = parseGraphSpec(options.graph ?? 'grid 19 19');
    if (!built.ok) return { ok: false, error: `invalid graph: ${built.error.message}` };
    let rules = DEFAULT_RULES;
    if (options.rules !== undefined) {
      const parsed = parseRules(options.rules);
      if (!parsed.ok) return { ok: false, error: `invalid rules: ${parsed.error}` };
      rules = parsed.rules;
    }
    const bot = createBot(options.bot, options);
    if (!bot.ok) return { ok: false, error: bot.error };
    return { ok: true, engine: new GtpEngine(options, built.graph, rules, bot.bot) };
  }

  /** The commands handled, in the order list_commands prints them. */
  get commands(): string[] {
    return Object.keys(this.handlers);
  }

  get currentGame(): Game {
    return this.game;
  }

  /**
   * Answers one input line (without its LF): the full response text ending in an empty line, or null when the
   * line is ignored (empty, blank or a comment).
   */
  execute(rawLine: string): string | null {
    const line = preprocessLine(rawLine);
    if (line === null) return null;
    const command = parseCommand(line);
    if (command.name === '') return formatFailure(command.id, 'syntax error');
    const handler = Object.prototype.hasOwnProperty.call(this.handlers, command.name)
      ? this.handlers[command.name]
      : undefined;
    if (handler === undefined) return formatFailure(command.id, 'unknown command');
    let reply: Reply;
    try {
      reply = handler(command.args);
    } catch (e) {
      reply = fail(`internal error: ${e instanceof Error ? e.message : String(e)}`);
    }
    return reply.ok ? formatSuccess(command.id, reply.text) : formatFailure(command.id, reply.text);
  }

  private newGame(graph: Graph, rules: Rules): void {
    this.graph = graph;
    this.rules = rules;
    this.game = new Game(graph, rules);
  }

  private name(v: number): string {
    if (v === PASS) return 'pass';
    if (v === RESIGN) return 'resign';
    return vertexName(this.graph, v);
  }

  /** A colour argument: null for a word that is no colour. */
  private color(word: string | undefined): number | null {
    return word === undefined ? null : parseColor(word);
  }

  private boardEmpty(): boolean {
    if (this.game.moveCount > 0) return false;
    return this.game.position.emptyCount === this.graph.n;
  }

  private setupHandicap(stones: number[]): Reply | null {
    const error = this.game.setup(
      stones.map((vertex) => ({ vertex, color: 1 })),
      2,
    );
    return error === null ? null : fail('bad vertex list');
  }

  private squareSide(): number | null {
    const lattice = this.graph.meta.lattice;
    const spec = this.graph.meta.spec ?? '';
    if (lattice === undefined || !spec.startsWith('grid ') || lattice.width !== lattice.height) return null;
    return lattice.width;
  }

  private buildHandlers(): Record<string, Handler> {
    const table: Record<string, Handler> = {
      protocol_version: () => ok('2'),
      name: () => ok('graphgo'),
      version: () => ok(this.options.version),
      known_command: (args) => {
        if (args.length !== 1) return SYNTAX;
        return ok(String(Object.prototype.hasOwnProperty.call(this.handlers, args[0])));
      },
      list_commands: () => ok(this.commands.join('\n')),
      quit: () => {
        this.quitRequested = true;
        return ok();
      },
      boardsize: (args) => {
        if (args.length !== 1) return SYNTAX;
        const size = parseIntArg(args[0]);
        if (size === null) return SYNTAX;
        if (size < 1 || size > 25) return fail('unacceptable size');
        const built = parseGraphSpec(`grid ${size} ${size}`);
        if (!built.ok) return fail('unacceptable size');
        this.newGame(built.graph, this.rules);
        return ok();
      },
      clear_board: () => {
        this.game.clear();
        return ok();
      },
      komi: (args) => {
        if (args.length !== 1) return SYNTAX;
        const komi = parseFloatArg(args[0]);
        if (komi === null) return SYNTAX;
        this.rules = { ...this.rules, komi };
        this.game.setKomi(komi);
        return ok();
      },
      play: (args) => {
        if (args.length !== 2) return SYNTAX;
        const color = this.color(args[0]);
        if (color === null) return SYNTAX;
        const vertex = parseVertex(this.graph, args[1]);
        if (!vertex.ok) return fail(vertex.error);
        if (vertex.vertex === RESIGN) return SYNTAX;
        const status = this.game.play(color, vertex.vertex);
        return status === 'ok' ? ok() : moveFailure(status);
      },
      genmove: (args) => this.generate(args, true),
      reg_genmove: (args) => this.generate(args, false),
      undo: (args) => {
        if (args.length !== 0) return SYNTAX;
        return this.game.undo() ? ok() : fail('cannot undo');
      },
      showboard: () => ok('\n' + this.boardText()),
      final_score: () => {
        if (this.game.over) return ok(this.game.result ?? '0');
        return ok(describeScores(this.game.scores(), this.rules.colors).text);
      },
      final_status_list: (args) => {
        if (args.length !== 1) return SYNTAX;
        const status = args[0].toLowerCase();
        if (status === 'dead' || status === 'seki') return ok();
        if (status !== 'alive') return SYNTAX;
        // Every stone on the board at the end counts as alive (RULES.md): dead stones must be captured in play.
        return ok(this.chains().join('\n'));
      },
      time_settings: (args) => {
        if (args.length !== 3) return SYNTAX;
        const [main, byo, stones] = args.map(parseIntArg);
        if (main === null || byo === null || stones === null || main < 0 || byo < 0 || stones < 0) return SYNTAX;
        // GTP: byo-yomi time > 0 with 0 stones means no time limit.
        this.timeSettings = byo > 0 && stones === 0 ? null : { mainSeconds: main, byoYomiSeconds: byo, byoYomiStones: stones };
        this.timeLeft.clear();
        return ok();
      },
      time_left: (args) => {
        if (args.length !== 3) return SYNTAX;
        const color = this.color(args[0]);
        const seconds = parseFloatArg(args[1]);
        const stones = parseIntArg(args[2]);
        if (color === null || seconds === null || stones === null || seconds < 0 || stones < 0) return SYNTAX;
        this.timeLeft.set(color, { seconds, stones });
        return ok();
      },
      fixed_handicap: (args) => {
        if (args.length !== 1) return SYNTAX;
        const count = parseIntArg(args[0]);
        if (count === null) return SYNTAX;
        if (!this.boardEmpty()) return fail('board not empty');
        const side = this.squareSide();
        const stones = side === null ? null : fixedHandicap(side, count);
        if (stones === null) return fail('invalid number of stones');
        return this.setupHandicap(stones) ?? ok(stones.map((v) => this.name(v)).join(' '));
      },
      place_free_handicap: (args) => {
        if (args.length !== 1) return SYNTAX;
        const count = parseIntArg(args[0]);
        if (count === null) return SYNTAX;
        if (!this.boardEmpty()) return fail('board not empty');
        const side = this.squareSide();
        const stones = (side !== null ? fixedHandicap(side, count) : null) ?? freeHandicap(this.graph, count);
        if (stones === null) return fail('invalid number of stones');
        return this.setupHandicap(stones) ?? ok(stones.map((v) => this.name(v)).join(' '));
      },
      set_free_handicap: (args) => {
        if (!this.boardEmpty()) return fail('board not empty');
        const stones: number[] = [];
        for (const word of args) {
          const vertex = parseVertex(this.graph, word);
          if (!vertex.ok || vertex.vertex < 0 || stones.includes(vertex.vertex)) return fail('bad vertex list');
          stones.push(vertex.vertex);
        }
        if (stones.length < 2 || stones.length >= this.graph.n) return fail('bad vertex list');
        return this.setupHandicap(stones) ?? ok();
      },
      loadsgf: (args) => this.loadSgf(args),
      set_graph: (args) => {
        if (args.length === 0) return SYNTAX;
        const built = parseGraphSpec(args.join(' '));
        if (!built.ok) {
          return built.error.code === 'syntax' ? SYNTAX : fail(`invalid graph: ${built.error.message}`);
        }
        this.newGame(built.graph, this.rules);
        return ok();
      },
      get_graph: (args) => (args.length === 0 ? ok(formatEdgesLine(this.graph)) : SYNTAX),
      load_graph: (args) => {
        if (args.length !== 1) return SYNTAX;
        let text: string;
        try {
          text = this.options.readFile(args[0]);
        } catch (e) {
          return fail(`cannot load file: ${e instanceof Error ? e.message : String(e)}`);
        }
        const built = parseGraphFile(text);
        if (!built.ok) return fail(`invalid graph: ${built.error.message}`);
        this.newGame(built.graph, this.rules);
        return ok();
      },
      set_rules: (args) => {
        if (args.length === 0) return SYNTAX;
        const parsed = parseRules(args.join(' '));
        if (!parsed.ok) return fail(`invalid rules: ${parsed.error}`);
        this.newGame(this.graph, parsed.rules);
        return ok();
      },
      get_rules: (args) => (args.length === 0 ? ok(formatRules(this.game.rules)) : SYNTAX),
      get_state: (args) => (args.length === 0 ? ok(this.stateJson()) : SYNTAX),
      legal_moves: (args) => {
        if (args.length > 1) return SYNTAX;
        const color = args.length === 1 ? this.color(args[0]) : this.game.toMove;
        if (color === null) return SYNTAX;
        if (this.game.over || color < 1 || color > this.rules.colors) return ok();
        const words = this.game.legalMoves(color).map((v) => this.name(v));
        if (this.game.canPass(color, true)) words.push('pass');
        return ok(words.join(' '));
      },
    };
    return table;
  }

  private generate(args: readonly string[], play: boolean): Reply {
    if (args.length !== 1) return SYNTAX;
    const color = this.color(args[0]);
    if (color === null) return SYNTAX;
    const game = this.game;
    if (game.over) return fail('game over');
    if (color > this.rules.colors || game.seatFor(color) < 0) return fail('wrong colour');
    this.bot.setTimeBudget?.(secondsForMove(this.timeSettings, this.timeLeft.get(color), game.position.emptyCount));
    const move = this.bot.genmove(game, color);
    if (play) {
      const status = game.play(color, move);
      if (status !== 'ok') return fail(`internal error: the bot chose ${this.name(move)}, which is refused (${status})`);
    } else if (move !== RESIGN && game.check(color, move) !== 'ok') {
      return fail(`internal error: the bot chose ${this.name(move)}, which is illegal`);
    }
    return ok(this.name(move));
  }

  private loadSgf(args: readonly string[]): Reply {
    if (args.length < 1 || args.length > 2) return SYNTAX;
    let moveNumber = Infinity;
    if (args.length === 2) {
      const k = parseIntArg(args[1]);
      if (k === null || k < 1) return SYNTAX;
      moveNumber = k;
    }
    let text: string;
    try {
      text = this.options.readFile(args[0]);
    } catch {
      return fail('cannot load file');
    }
    const parsed = parseSgf(text);
    if (!parsed.ok) return fail(`cannot load file: ${parsed.error}`);
    const record = parsed.record;
    const built = parseGraphSpec(`grid ${record.width} ${record.height}`);
    if (!built.ok) return fail(`cannot load file: ${built.error.message}`);
    const rules = record.komi !== null ? { ...this.rules, komi: record.komi } : this.rules;
    const game = new Game(built.graph, rules);
    const at = (p: { x: number; y: number }) => p.y * record.width + p.x;
    if (record.setup.length > 0 || record.toPlay !== null) {
      const error = game.setup(
        record.setup.map((s) => ({ vertex: at(s.point), color: s.color })),
        record.toPlay ?? (record.setup.length > 0 && record.setup.every((s) => s.color === 1) ? 2 : 1),
      );
      if (error !== null) return fail(`cannot load file: ${error}`);
    }
    // GTP: replay up to the position before move number `moveNumber` (moves counted from 1).
    for (let k = 0; k < record.moves.length && k + 1 < moveNumber; k++) {
      const m = record.moves[k];
      const status = game.play(m.color, m.point === null ? PASS : at(m.point));
      if (status !== 'ok') return fail(`cannot load file: move ${k + 1} is refused (${status})`);
    }
    this.graph = built.graph;
    this.rules = rules;
    this.game = game;
    return ok(colorWord(game.toMove || 1));
  }

  /** Vertex names of every chain, one chain per line. */
  private chains(): string[] {
    const position = this.game.position;
    const lines: string[] = [];
    for (let v = 0; v < this.graph.n; v++) {
      if (position.color[v] === EMPTY || position.head[v] !== v) continue;
      const names: number[] = [];
      let s = v;
      do {
        names.push(s);
        s = position.next[s];
      } while (s !== v);
      names.sort((a, b) => a - b);
      lines.push(names.map((x) => this.name(x)).join(' '));
    }
    return lines;
  }

  private boardText(): string {
    const game = this.game;
    const lines = renderBoard(this.graph, game.position.color, { lastMove: game.lastMove?.vertex });
    const colors = this.rules.colors;
    const parts: string[] = [];
    for (let c = 1; c <= colors; c++) {
      parts.push(`${colorWord(c)} (${stoneChar(c)}) captured ${game.prisoners(c)}, counter ${formatNumber(game.counter(c))}`);
    }
    lines.push(...parts);
    lines.push(game.over ? `game over: ${game.result}` : `${colorWord(game.toMove)} to move, move ${game.moveCount + 1}`);
    return lines.join('\n');
  }

  private stateJson(): string {
    const s = this.game.state();
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
}
