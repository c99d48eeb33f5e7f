/**
 * What the command groups see of the engine. Each file beside this one is one section of docs/protocol.md
 * ("Commands" and after) and turns this context into its handlers, so adding a command touches one file; the engine
 * joins the groups into its table. Each group asks only for the part of the context it uses.
 *
 * The Game is the only holder of the graph and the rules: `komi` changes the Game's rules, and a command that
 * starts a new board builds its Game from `game.rules`, so the komi reaches get_rules, final_score, get_state and
 * every later game alike.
 */
import type { Bot } from '../../bots/bot.js';
import type { Game } from '../../src/game.js';
import type { Result } from '../../src/result.js';
import type { Job } from './job.js';
import type { Reply } from './reply.js';
import type { GtpClock } from './time.js';

/** A reply, or a job that runs on after the handler returns (protocol/commands/job.ts). */
export type Handler = (args: readonly string[]) => Reply | Job;
/** Command name -> handler. The key order is the order list_commands prints. */
export type Handlers = Record<string, Handler>;

export interface EngineContext {
  /** The game being played; read it at each call, since commands replace it. */
  readonly game: Game;
  replaceGame(game: Game): void;
  /** Who answers genmove; read it at each call, since set_random_seed replaces it. */
  readonly bot: Bot;
  /** The seed the bot was built from: `--seed`, or the last `set_random_seed`. */
  readonly seed: string;
  /** Builds the bot afresh from the engine's options with this seed, as `--seed` would have built it. */
  reseed(seed: string): void;
  /** The controller's time_settings and time_left. */
  readonly clock: GtpClock;
  /** The package version that `version` answers. */
  readonly version: string;
  /** A file's text for load_graph and loadsgf, or why it cannot be read. */
  readFile(path: string): Result<string, 'unreadable'>;
  /** Writes (or replaces) a file for `printsgf FILE`, or says why it cannot. */
  writeFile(path: string, text: string): Result<true, 'unwritable'>;
  /** Every command handled, in list_commands order. */
  readonly commands: readonly string[];
  /** Makes the entry point stop reading once this answer is written. */
  quit(): void;
  /** The processor time the engine has used, in seconds (`cputime`); the entry point measures it. */
  cpuSeconds(): number;
}
