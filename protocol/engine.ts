/**
 * The GTP engine: a dispatcher over one game and one bot (docs/protocol.md). The handlers live in protocol/commands/,
 * one file per section of that page; the engine joins them into one table, in list_commands order. The engine does
 * no I/O: the entry point feeds it lines and writes back what it returns; files are read and written through
 * injected functions. No input can make it throw: a handler that fails unexpectedly answers `? internal error: ...`.
 */
import type { Bot } from '../bots/bot.js';
import { createBot, type BotOptions } from '../bots/registry.js';
import { Game } from '../src/game.js';
import { failure, ok, type Result } from '../src/result.js';
import type { GameSetup } from '../src/setup.js';
import { analysisCommands } from './commands/analysis.js';
import type { EngineContext, Handlers } from './commands/context.js';
import { coreCommands } from './commands/core.js';
import { gameCommands } from './commands/game.js';
import { graphCommands } from './commands/graph.js';
import { handicapCommands } from './commands/handicap.js';
import { isJob, SLICE_MILLISECONDS, type Job } from './commands/job.js';
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
  /**
   * Writes (or replaces) a file for `printsgf FILE`; throws with a message when it cannot. Without it the engine
   * writes no files, and `printsgf FILE` fails.
   */
  readonly writeFile?: (path: string, text: string) => void;
  /** The processor time used so far, in seconds; without it `cputime` answers the wall time since the engine started. */
  readonly cpuSeconds?: () => number;
  /** Think on the opponent's time: after the bot's move, search the opponent's reply until the next command. */
  readonly ponder?: boolean;
}

/** Commands after which the bot has just moved, so the wait for the next command is the opponent's time. */
const MOVE_COMMANDS = new Set(['genmove', 'kgs-genmove_cleanup', 'genmove_analyze', 'lz-genmove_analyze', 'kata-genmove_analyze']);

/** Searching while the engine waits for input (pondering): one slice at a time, ended when a line arrives. */
export interface IdleWork {
  /** Runs one slice (a few dozen milliseconds). */
  step(): void;
}

export class GtpEngine {
  private game: Game;
  private bot: Bot;
  private seed: string;
  /** Set by `quit`: the entry point stops reading after writing the answer. */
  quitRequested = false;
  private readonly handlers: Readonly<Handlers>;
  /** The commands handled, in the order list_commands prints them. */
  readonly commands: readonly string[];
  private readonly ponder: boolean;
  /** The last command's name: pondering follows the bot's own move only. */
  private lastCommand = '';

  private constructor(options: EngineOptions, bot: Bot) {
    this.game = new Game(options.setup.graph, options.setup.rules);
    this.bot = bot;
    this.seed = options.seed;
    this.ponder = options.ponder ?? false;
    // The handlers read the engine's state when they run, not when the table is built.
    const engine = this;
    const context: EngineContext = {
      get game() {
        return engine.game;
      },
      replaceGame: (game) => {
        engine.game = game;
      },
      get bot() {
        return engine.bot;
      },
      get seed() {
        return engine.seed;
      },
      reseed: (seed) => {
        // A fresh bot rather than a reseeded generator: a kept search tree would make the next move depend on the
        // past, and the same seed must give the same move on the same position, as `--seed` does.
        const fresh = createBot(options.bot, { ...options, seed });
        if (!fresh.ok) throw new Error(fresh.error.message);
        engine.bot.dispose?.();
        engine.bot = fresh.value;
        engine.seed = seed;
      },
      clock: new GtpClock(),
      version: options.version,
      readFile: (path) => {
        try {
          return ok(options.readFile(path));
        } catch (e) {
          return failure('unreadable', messageOf(e));
        }
      },
      writeFile: (path, text) => {
        if (options.writeFile === undefined) return failure('unwritable', 'this engine writes no files');
        try {
          options.writeFile(path, text);
          return ok(true);
        } catch (e) {
          return failure('unwritable', messageOf(e));
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
      ...analysisCommands(context),
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
   * What to search while waiting for the next line (the read loop runs it until one arrives), or null: with
   * `ponder`, after the bot's own move in a game still going on, the opponent's reply, so that the next genmove
   * finds that part of the tree grown (tree reuse). Any other command in between ends it: only a move of the bot is
   * followed by the opponent's time.
   */
  idleWork(): IdleWork | null {
    const analyzer = this.bot.analyzer;
    const game = this.game;
    if (!this.ponder || analyzer === undefined || !MOVE_COMMANDS.has(this.lastCommand) || game.over) return null;
    if (!analyzer.begin(game, game.toMove, { ownership: false })) return null;
    return { step: () => void analyzer.run(SLICE_MILLISECONDS) };
  }

  /**
   * Answers one input line (without its LF): the full response text ending in an empty line, or null when the
   * line is ignored (empty, blank or a comment). A command that runs on (a stream, an interruptible search) is run
   * here to its end: a search to its limit, a stream for one slice. The read loop uses `start` instead.
   */
  execute(rawLine: string): string | null {
    const started = this.start(rawLine);
    if (started.job === null) return started.text;
    const job = started.job;
    let text = started.text ?? '';
    do text += job.step();
    while (!job.done && job.stoppedBy === 'interrupt');
    return text + job.finish();
  }

  /** Answers one input line, or starts the command that runs on: its first text, and the job to run and finish. */
  start(rawLine: string): StartedCommand {
    const line = preprocessLine(rawLine);
    if (line === null) return { text: null, job: null };
    const command = parseCommand(line);
    if (command.name === '') return { text: formatFailure(command.id, 'syntax error'), job: null };
    // Own keys only: `constructor` or `__proto__` is no command.
    const handler = Object.prototype.hasOwnProperty.call(this.handlers, command.name)
      ? this.handlers[command.name]
      : undefined;
    if (handler === undefined) return { text: formatFailure(command.id, 'unknown command'), job: null };
    this.lastCommand = command.name;
    let answer: Reply | Job;
    try {
      answer = handler(command.args);
    } catch (e) {
      answer = fail(`internal error: ${messageOf(e)}`);
    }
    if (isJob(answer)) {
      const job = new RunningJob(command.id, answer);
      return { text: answer.streams ? `=${command.id ?? ''}\n` : null, job };
    }
    return { text: frame(command.id, answer), job: null };
  }
}

export interface StartedCommand {
  /** Text to write now (a whole answer, or a stream's first line), or null. */
  readonly text: string | null;
  /** The command that runs on, or null. */
  readonly job: RunningJob | null;
}

/** A job with its command's id: the read loop steps it and writes what `finish` frames. */
export class RunningJob {
  constructor(
    private readonly id: string | null,
    private readonly job: Job,
  ) {}

  get done(): boolean {
    return this.job.done;
  }

  get stoppedBy(): Job['stoppedBy'] {
    return this.job.stoppedBy;
  }

  step(): string {
    try {
      return this.job.step();
    } catch (e) {
      this.failed = fail(`internal error: ${messageOf(e)}`);
      return '';
    }
  }

  private failed: Reply | null = null;

  /** The rest of the answer, ending in its blank line. */
  finish(): string {
    let reply: Reply;
    try {
      reply = this.failed ?? this.job.finish();
    } catch (e) {
      reply = fail(`internal error: ${messageOf(e)}`);
    }
    // A stream's `=` is out already: what is left are its last lines, and a failure can only be told as a line.
    if (this.job.streams) return reply.ok ? `${reply.text}\n` : `error ${clipFailure(reply.text)}\n\n`;
    return frame(this.id, reply);
  }
}

function frame(id: string | null, reply: Reply): string {
  return reply.ok ? formatSuccess(id, reply.text) : formatFailure(id, clipFailure(reply.text));
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
