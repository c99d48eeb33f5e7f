/**
 * The GTP engine: a dispatcher over one game and one bot (docs/protocol.md). The handlers live in protocol/commands/,
 * one file per section of that page; the engine joins them into one table, in list_commands order. The engine does
 * no I/O: the entry point feeds it lines and writes back what it returns; files are read through an injected
 * function. No input can make it throw: a handler that fails unexpectedly answers `? internal error: ...`.
 */
import type { Bot } from '../bots/bot.js';
import { createBot, type BotOptions } from '../bots/registry.js';
import { Game } from '../src/game.js';
import { failure, ok, type Result } from '../src/result.js';
import type { GameSetup } from '../src/setup.js';
import type { EngineContext, Handlers } from './commands/context.js';
import { coreCommands } from './commands/core.js';
import { gameCommands } from './commands/game.js';
import { graphCommands } from './commands/graph.js';
import { handicapCommands } from './commands/handicap.js';
import { fail, type Reply } from './commands/reply.js';
import { rulesCommands } from './commands/rules.js';
import { scoringCommands } from './commands/scoring.js';
import { sgfCommands } from './commands/sgf.js';
import { stateCommands } from './commands/state.js';
import { GtpClock, timeCommands } from './commands/time.js';
import { formatFailure, formatSuccess, parseCommand, preprocessLine } from './gtp.js';

/** The bot's name and its options (seed, limits, search switches), plus the starting board and rules. */
export interface EngineOptions extends BotOptions {
  readonly bot: string;
  /** Already read from its text (src/setup.ts) where the text arrived, so the engine never words a bad spec. */
  readonly setup: GameSetup;
  readonly version: string;
  /** Reads a file for load_graph and loadsgf; throws with a message when it cannot. */
  readonly readFile: (path: string) => string;
  /** The processor time used so far, in seconds; without it `cputime` answers the wall time since the engine started. */
  readonly cpuSeconds?: () => number;
}

export class GtpEngine {
  private game: Game;
  /** Set by `quit`: the entry point stops reading after writing the answer. */
  quitRequested = false;
  private readonly handlers: Readonly<Handlers>;
  /** The commands handled, in the order list_commands prints them. */
  readonly commands: readonly string[];

  private constructor(options: EngineOptions, bot: Bot) {
    this.game = new Game(options.setup.graph, options.setup.rules);
    // The handlers read the engine's state when they run, not when the table is built.
    const engine = this;
    const context: EngineContext = {
      get game() {
        return engine.game;
      },
      replaceGame: (game) => {
        engine.game = game;
      },
      bot,
      clock: new GtpClock(),
      version: options.version,
      readFile: (path) => {
        try {
          return ok(options.readFile(path));
        } catch (e) {
          return failure('unreadable', messageOf(e));
        }
      },
      get commands() {
        return engine.commands;
      },
      quit: () => {
        engine.quitRequested = true;
      },
      cpuSeconds: options.cpuSeconds ?? wallClockSince(Date.now()),
    };
    // The groups' order is list_commands' order, which docs/protocol.md and the transcripts pin.
    this.handlers = {
      ...coreCommands(context),
      ...gameCommands(context),
      ...scoringCommands(context),
      ...timeCommands(context),
      ...handicapCommands(context),
      ...sgfCommands(context),
      ...graphCommands(context),
      ...rulesCommands(context),
      ...stateCommands(context),
    };
    this.commands = Object.keys(this.handlers);
  }

  /** Fails only when the bot's name is unknown. */
  static create(options: EngineOptions): Result<GtpEngine, 'unknown-bot'> {
    const bot = createBot(options.bot, options);
    return bot.ok ? ok(new GtpEngine(options, bot.value)) : bot;
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
    // Own keys only: `constructor` or `__proto__` is no command.
    const handler = Object.prototype.hasOwnProperty.call(this.handlers, command.name)
      ? this.handlers[command.name]
      : undefined;
    if (handler === undefined) return formatFailure(command.id, 'unknown command');
    let reply: Reply;
    try {
      reply = handler(command.args);
    } catch (e) {
      reply = fail(`internal error: ${messageOf(e)}`);
    }
    return reply.ok ? formatSuccess(command.id, reply.text) : formatFailure(command.id, clipFailure(reply.text));
  }
}

/** Failures may quote the controller's input, and an argument may be megabytes long: only its start comes back. */
export const MAX_FAILURE_CHARACTERS = 240;

function clipFailure(text: string): string {
  return text.length <= MAX_FAILURE_CHARACTERS ? text : `${text.slice(0, MAX_FAILURE_CHARACTERS)}...`;
}

function wallClockSince(start: number): () => number {
  return () => (Date.now() - start) / 1000;
}

function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
