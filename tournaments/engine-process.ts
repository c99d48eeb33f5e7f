/**
 * One running engine process, as the harness uses it: started once, checked, reused game after game.
 *
 * - Start-up checks: `protocol_version` (must answer), `name`, `version`, `list_commands`; then the engine's own
 *   start-up commands. An engine with `set_graph` and `set_rules` plays any graph; one with only `boardsize`,
 *   `clear_board` and `komi` (GNU Go, Leela-style engines, Pachi) plays square grids under two-colour rules with
 *   free passes, and is skipped elsewhere with a message saying why (`cannotPlay`).
 * - Every command has a wall-clock watchdog (protocol/client.ts kills the process group when it fires): start-up
 *   commands get the start-up timeout, `genmove` the move timeout (also under fixed playouts: fastchess#1029),
 *   everything else the command timeout.
 * - Before each game: `set_graph`/`set_rules` when the graph or rules change, else `clear_board` (graph engines);
 *   `boardsize` when the size changes, `clear_board`, `komi` (square engines); `time_settings 0 S 1` when the
 *   tournament gives seconds per move; `set_random_seed` (GNU Go has it) from the game's seed, so a game never
 *   depends on the games before it on that process, and a resumed run plays the games an uninterrupted one would.
 * - graphgo's `set_random_seed` builds the bot afresh, exactly as `--seed` would (a kept search tree is dropped), so a
 *   built-in bot's process is reused like any other; its number is the hash of `X.S.g.E`, its own `--seed X` included
 *   (seeds.ts), so a bot's own seed still changes its games.
 * - Every process is started under the watcher of engine-watchdog.ts, so it cannot outlive the harness by more than
 *   a second or so, and is noted in OUT/engines.json while it runs (engine-pids.ts) for the next run to end it if
 *   the watcher could not.
 * - stderr goes to OUT/logs/<engine>.w<worker>.log, with a header line per start.
 */
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { GtpClient, GtpEngineError, type GtpErrorKind, type GtpResponse } from '../protocol/client.js';
import { failure, ok, type Result } from '../src/result.js';
import { isTwoColorAlternation } from '../src/rules.js';
import { gtpColorArgument } from '../src/vocabulary.js';
import { joinCommandLine } from './command-line.js';
import { isFolder } from './folders.js';
import type { GraphEntry, RulesEntry } from './config.js';
import { addEnginePid, removeEnginePid } from './engine-pids.js';
import { handicapPlacement } from './handicap.js';
import { engineArgv, engineLaunch, gameSeedNumber, type EngineDef, type EngineHost, type SearchLimits } from './engine-spec.js';
import { watchedArgv } from './engine-watchdog.js';
import { PREFLIGHT, engineSeed, gameSeed } from './seeds.js';

export type EngineMode = 'graph' | 'square';

export interface EngineInfo {
  readonly gtpName?: string;
  readonly version?: string;
  readonly protocolVersion: string;
  readonly commands: ReadonlySet<string>;
  readonly mode: EngineMode;
  readonly pid?: number;
}

export interface ProcessSettings {
  readonly host: EngineHost;
  /** Environment of the engine processes (the harness's own, given by the CLI); undefined: inherit. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly limits: SearchLimits;
  readonly logDir: string;
  readonly worker: number;
  /** The tournament seed (seeds.ts derives every engine's seed in every game from it). */
  readonly seed: string;
  /** The run's folder, where OUT/engines.json notes the running processes (engine-pids.ts); none when absent. */
  readonly runDir?: string;
  readonly startupTimeoutMs: number;
  readonly commandTimeoutMs: number;
  readonly moveTimeoutMs: number;
}

/** The engine could not be started or failed its start-up checks. */
export class EngineStartError extends Error {
  constructor(
    readonly engine: string,
    message: string,
  ) {
    super(message);
    this.name = 'EngineStartError';
  }
}

/**
 * An engine's answer to a command (`=` or `?`, see `ok`), or why none came: the engine crashed, hung past its
 * watchdog, broke the protocol or is not running. Those are outcomes of a game, so they are values, not throws.
 */
export type EngineReply = Result<GtpResponse, GtpErrorKind>;

/** `refused`: the engine answered `?` to a set-up command, so it cannot play this graph or these rules. */
export type SetupCode = 'refused' | GtpErrorKind;

function shortCommand(command: string): string {
  return command.length > 80 ? `${command.slice(0, 77)}...` : command;
}

/** A file-name-safe form of an engine name. */
export function slug(name: string): string {
  const s = name
    .replace(/[^A-Za-z0-9._]+/g, '-')
    .replace(/^[-.]+|-+$/g, '')
    .slice(0, 60);
  return s.length > 0 ? s : 'engine';
}

export { seedNumber } from './seeds.js';

export class EngineProcess {
  private client: GtpClient | null = null;
  private engineInfo: EngineInfo | null = null;
  private lastSetup: string | null = null;
  /** Every start: the first one and restarts after a failure (numbered so in the log's headers). */
  private startCount = 0;
  /** The last failure that killed the process (for restart messages). */
  lastFailure: string | null = null;

  constructor(
    readonly def: EngineDef,
    private readonly settings: ProcessSettings,
  ) {}

  get name(): string {
    return this.def.name;
  }

  get info(): EngineInfo | null {
    return this.engineInfo;
  }

  get starts(): number {
    return this.startCount;
  }

  get pid(): number | undefined {
    return this.client?.pid;
  }

  get logPath(): string {
    return join(this.settings.logDir, `${slug(this.def.name)}.w${this.settings.worker}.log`);
  }

  /** Whether a started process is still able to take commands. */
  get alive(): boolean {
    return this.client !== null && this.client.alive;
  }

  /**
   * Starts (or restarts) the process and runs the start-up checks; throws EngineStartError. Built-in bots start with
   * the pre-flight's seed; each game's `set_random_seed` (prepareGame) rebuilds them with that game's.
   */
  async start(): Promise<EngineInfo> {
    await this.stopProcess();
    this.engineInfo = null;
    this.lastSetup = null;
    this.startCount++;
    const s = this.settings;
    const argv = engineArgv(this.def, s.host, s.limits, engineSeed(gameSeed(s.seed, PREFLIGHT), this.def.name));
    const args = argv.args;
    const env = this.def.env !== undefined ? { ...(s.env ?? {}), ...this.def.env } : s.env;
    const { program, cwd } = engineLaunch(this.def, argv.program, env?.PATH);
    // Spawning in a missing folder fails as if the program were missing (ENOENT): say which it is.
    if (cwd !== undefined && !isFolder(cwd)) {
      throw new EngineStartError(this.def.name, `engine "${this.def.name}" cannot start: its working folder ${cwd} does not exist or is not a folder`);
    }
    try {
      appendFileSync(this.logPath, `--- ${new Date().toISOString()} start #${this.startCount}: ${joinCommandLine([program, ...args])}${cwd !== undefined ? ` (in ${cwd})` : ''}\n`);
    } catch {
      // The log is a convenience; the stderr tail in memory still reaches error messages.
    }
    const watched = watchedArgv(program, args, cwd, env);
    const client = new GtpClient(watched.program, watched.args, {
      timeoutMs: s.commandTimeoutMs,
      stderrLog: this.logPath,
      ...(cwd !== undefined ? { cwd } : {}),
      ...(env !== undefined ? { env: env as NodeJS.ProcessEnv } : {}),
    });
    this.client = client;
    if (client.pid !== undefined && s.runDir !== undefined) addEnginePid(s.runDir, client.pid, this.def.name, s.worker);
    const fail = async (message: string): Promise<never> => {
      await client.kill();
      this.forget(client);
      let text = `engine "${this.def.name}" (${joinCommandLine([program, ...args])}) failed to start: ${message}`;
      if (this.def.missingProgramHint !== undefined && /ENOENT/.test(message)) text += ` (${this.def.missingProgramHint})`;
      throw new EngineStartError(this.def.name, text);
    };
    const ask = async (command: string): Promise<GtpResponse> => client.send(command, s.startupTimeoutMs);
    try {
      const pv = await ask('protocol_version');
      if (!pv.ok) return await fail(`protocol_version answered "? ${pv.text}"`);
      const name = await ask('name');
      const version = await ask('version');
      const list = await ask('list_commands');
      const commands = new Set<string>();
      if (list.ok) {
        for (const line of list.text.split('\n')) if (line.trim().length > 0) commands.add(line.trim());
      } else {
        // GTP v1 engines may lack list_commands: ask for what matters one by one.
        for (const c of ['play', 'genmove', 'set_graph', 'set_rules', 'boardsize', 'clear_board', 'komi', 'time_settings', 'set_random_seed', 'cputime', 'fixed_handicap', 'set_free_handicap']) {
          const known = await ask(`known_command ${c}`);
          if (known.ok && known.text.trim() === 'true') commands.add(c);
        }
      }
      for (const needed of ['play', 'genmove']) {
        if (!commands.has(needed)) return await fail(`it does not list the GTP command "${needed}"`);
      }
      let mode: EngineMode;
      if (commands.has('set_graph') && commands.has('set_rules')) mode = 'graph';
      else if (commands.has('boardsize') && commands.has('clear_board') && commands.has('komi')) mode = 'square';
      else return await fail('it has neither set_graph and set_rules (any graph) nor boardsize, clear_board and komi (square boards)');
      for (const command of this.def.startup) {
        const r = await ask(command);
        if (!r.ok) return await fail(`its start-up command "${command}" was refused: ${r.text}`);
      }
      this.engineInfo = {
        ...(name.ok && name.text.trim() ? { gtpName: name.text.trim() } : {}),
        ...(version.ok && version.text.trim() ? { version: version.text.trim() } : {}),
        protocolVersion: pv.text.trim(),
        commands,
        mode,
        ...(client.pid !== undefined ? { pid: client.pid } : {}),
      };
      this.lastFailure = null;
      return this.engineInfo;
    } catch (e) {
      if (e instanceof EngineStartError) throw e;
      if (e instanceof GtpEngineError) return await fail(e.message);
      throw e;
    }
  }

  /** Why this engine cannot play a graph under a rule set (null: it can, as far as its commands tell). */
  cannotPlay(graph: GraphEntry, rules: RulesEntry, handicap: number | null = null): string | null {
    const info = this.engineInfo;
    if (info === null) return null;
    if (handicap !== null) {
      const placement = handicapPlacement(graph, handicap);
      const command = typeof placement === 'string' || placement.kind === 'fixed' ? 'fixed_handicap' : 'set_free_handicap';
      if (!info.commands.has(command)) {
        return `${this.def.name} does not list the GTP command "${command}", so it cannot play a ${handicap}-stone handicap on "${graph.label}"`;
      }
    }
    if (info.mode === 'graph') return null;
    const what = `${this.def.name} knows only square boards (no set_graph/set_rules)`;
    if (graph.squareSide === null) return `${what}: it cannot play on "${graph.label}"`;
    if (graph.squareSide > 25) return `${what}: GTP's boardsize stops at 25, so it cannot play "${graph.label}"`;
    const r = rules.rules;
    if (r.colors !== 2 || !isTwoColorAlternation(r)) return `${what}: it cannot follow "${rules.label}" (${r.colors} colours, order ${r.order.join(',')})`;
    if (r.passes !== 'free') return `${what}: it cannot follow "${rules.label}" (passes=${r.passes}; it knows free passes only)`;
    return null;
  }

  private get live(): GtpClient {
    if (this.client === null) throw new GtpEngineError('closed', `engine ${this.def.name} is not running`);
    return this.client;
  }

  /** Sends a command with the command timeout; rejects with GtpEngineError when the engine is gone. */
  send(command: string, timeoutMs?: number): Promise<GtpResponse> {
    return this.live.send(command, timeoutMs ?? this.settings.commandTimeoutMs);
  }

  /** `send`, with the engine's failures as values; anything else thrown is a bug and stays thrown. */
  async request(command: string, timeoutMs?: number): Promise<EngineReply> {
    try {
      return ok(await this.send(command, timeoutMs));
    } catch (e) {
      if (e instanceof GtpEngineError) return failure(e.kind, e.message);
      throw e;
    }
  }

  /** Sends set-up commands in order, stopping at the first the engine refuses or cannot answer. */
  private async setupCommands(...commands: string[]): Promise<Result<void, SetupCode>> {
    for (const command of commands) {
      const r = await this.request(command);
      if (!r.ok) return r;
      if (!r.value.ok) {
        this.lastSetup = null;
        return failure('refused', `${this.def.name} refused "${shortCommand(command)}": ${r.value.text}`);
      }
    }
    return ok(undefined);
  }

  /** Readies the engine for a new game; fails with `refused` when it refuses the graph, rules or size. */
  async prepareGame(graph: GraphEntry, rules: RulesEntry, seedOfGame: string, seconds: number | null): Promise<Result<void, SetupCode>> {
    const info = this.engineInfo;
    if (info === null) return failure('closed', `engine ${this.def.name} is not running`);
    let board: Result<void, SetupCode>;
    if (info.mode === 'graph') {
      const key = `${graph.setGraph}\n${rules.text}`;
      if (this.lastSetup !== key) {
        this.lastSetup = null;
        board = await this.setupCommands(`set_graph ${graph.setGraph}`, `set_rules ${rules.text}`);
        if (board.ok) this.lastSetup = key;
      } else {
        board = await this.setupCommands('clear_board');
      }
    } else {
      const key = `boardsize ${graph.squareSide}`;
      board = ok(undefined);
      if (this.lastSetup !== key) {
        this.lastSetup = null;
        board = await this.setupCommands(key);
        if (board.ok) this.lastSetup = key;
      }
      if (board.ok) board = await this.setupCommands('clear_board', `komi ${rules.rules.komi}`);
    }
    if (!board.ok) return board;
    if (seconds !== null && info.commands.has('time_settings')) {
      // Canadian byo-yomi of one stone per period: S seconds for every move. A refusal is not fatal.
      const r = await this.request(`time_settings 0 ${seconds} 1`);
      if (!r.ok) return r;
    }
    if (info.commands.has('set_random_seed')) {
      const r = await this.request(`set_random_seed ${gameSeedNumber(this.def, engineSeed(seedOfGame, this.def.name))}`);
      if (!r.ok) return r;
    }
    return ok(undefined);
  }

  genmove(color: number, colors: number): Promise<EngineReply> {
    return this.request(`genmove ${gtpColorArgument(color, colors)}`, this.settings.moveTimeoutMs);
  }

  play(color: number, colors: number, vertex: string): Promise<EngineReply> {
    return this.request(`play ${gtpColorArgument(color, colors)} ${vertex}`);
  }

  /** CPU seconds the engine has used, when it reports them (GNU Go's `cputime`, gomill's `gomill-cpu_time`). */
  async cpuTime(): Promise<number | null> {
    const info = this.engineInfo;
    if (info === null || !this.alive) return null;
    const command = info.commands.has('cputime') ? 'cputime' : info.commands.has('gomill-cpu_time') ? 'gomill-cpu_time' : null;
    if (command === null) return null;
    try {
      const r = await this.send(command);
      const x = Number(r.text.trim());
      return r.ok && Number.isFinite(x) ? x : null;
    } catch {
      return null;
    }
  }

  /** Ends the process politely (quit, then a kill after the grace period). */
  async close(): Promise<void> {
    const client = this.client;
    this.client = null;
    if (client !== null) {
      await client.close();
      this.forget(client);
    }
  }

  /** Kills the process group at once; synchronous in effect (the signal is sent before this returns). */
  kill(): Promise<unknown> {
    const client = this.client;
    if (client === null) return Promise.resolve();
    return client.kill().then(() => this.forget(client));
  }

  /** Kills the running process, if any, before a new one starts (a restart after a failure needs no politeness). */
  private async stopProcess(): Promise<void> {
    const client = this.client;
    this.client = null;
    if (client === null) return;
    await client.kill();
    this.forget(client);
  }

  /** Takes an ended process out of OUT/engines.json. */
  private forget(client: GtpClient): void {
    const dir = this.settings.runDir;
    if (client.pid !== undefined && dir !== undefined) removeEnginePid(dir, client.pid);
  }
}
