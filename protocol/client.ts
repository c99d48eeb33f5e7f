/**
 * A GTP controller: starts any engine command as a child process and talks GTP v2 to it (docs/protocol.md, "The
 * client: protocol/client.ts"), for the tournament harness, the benchmarks and the conformance tests.
 *
 * - One command in flight at a time: `send` queues, writes the next command only when the previous one is answered.
 * - Responses are read as the spec's section 3.1 tells a controller: CR and every control character but HT and LF are
 *   dropped, HT becomes a space; a response is `=[id] result` or `?[id] message` and ends at the first empty line.
 *   Anything else on stdout (a banner, a stray line, an answer nobody asked for, an id that is not the one sent) is a
 *   protocol error: the engine is out of step, so it is killed.
 * - A wall-clock watchdog on every command (an engine on fixed playouts has no clock, so a hang would go unnoticed
 *   otherwise): after the timeout the engine counts as hung, its whole process group gets SIGKILL, and every pending
 *   command is rejected with a GtpEngineError of kind 'timeout'. An exit before the answer is kind 'crashed', with
 *   the exit code or signal and the tail of stderr. `close()` sends `quit`, waits a little, then kills the group.
 * - stderr is kept (the last STDERR_KEEP characters) and optionally appended to a log file.
 * - Nothing leaks: timers are cleared, listeners go with the child, and while no command is in flight the child and
 *   its pipes are unref'd, so a program that forgets `close()` still exits (the engine then reads end of input).
 *
 * Layering: protocol/ does not touch the process globals (argv, stdin, stdout, exit). A controller must still start
 * and stop a child, so this file, and only this file in protocol/, uses node:child_process and `process.kill` on
 * the child's own process group (the child is spawned `detached`, so its pid is its group id).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, type WriteStream } from 'node:fs';
import type { Socket } from 'node:net';
import { parseCommand, preprocessLine } from './gtp.js';

export interface GtpResponse {
  /** true for `=`, false for `?`. */
  readonly ok: boolean;
  /** The result or error message, without `=id ` / `?id ` and without the final newlines; may span lines. */
  readonly text: string;
  /** The id the engine echoed, when the command had one. */
  readonly id?: string;
}

export const GTP_ERROR_KINDS = ['timeout', 'crashed', 'protocol', 'closed'] as const;
export type GtpErrorKind = (typeof GTP_ERROR_KINDS)[number];

/** Why a command got no answer. The engine is gone (or being killed) whenever one of these is raised. */
export class GtpEngineError extends Error {
  constructor(
    readonly kind: GtpErrorKind,
    message: string,
    readonly details: {
      readonly command?: string;
      readonly exitCode?: number | null;
      readonly signal?: NodeJS.Signals | null;
      readonly stderrTail?: string;
    } = {},
  ) {
    super(message);
    this.name = 'GtpEngineError';
  }
}

export interface GtpClientOptions {
  /** Per-command timeout in milliseconds when `send` is given none (default 30,000; 0 or Infinity: none). */
  readonly timeoutMs?: number;
  /** Appends everything the engine writes to stderr to this file. */
  readonly stderrLog?: string;
  readonly cwd?: string;
  readonly env?: NodeJS.ProcessEnv;
  /** How long `close()` waits for the engine to answer `quit` and exit before killing it (default 2,000 ms). */
  readonly closeGraceMs?: number;
  /** Sees every command line written and every raw response read (before preprocessing), for logs and tests. */
  readonly onTraffic?: (direction: 'sent' | 'received', text: string) => void;
}

export interface GtpExit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

/** The last this many characters of stderr are kept in memory. */
export const STDERR_KEEP = 64 * 1024;
export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_CLOSE_GRACE_MS = 2_000;

interface Pending {
  readonly line: string;
  /** The command name: a successful `quit` makes the exit that follows normal. */
  readonly name: string;
  /** The id the response must carry (null: none). */
  readonly id: string | null;
  readonly timeoutMs: number;
  readonly resolve: (response: GtpResponse) => void;
  readonly reject: (error: GtpEngineError) => void;
}

/** Controller-side preprocessing of engine output (spec 3.1, steps 1 and 3). */
function cleanOutput(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\x00-\x08\x0b-\x1f\x7f]/g, '').replace(/\t/g, ' ');
}

export class GtpClient {
  private readonly child: ChildProcess;
  private readonly options: GtpClientOptions;
  private readonly queue: Pending[] = [];
  private inFlight: Pending | null = null;
  private timer: NodeJS.Timeout | null = null;
  private buffer = '';
  /** How far `buffer` has been searched for the blank line that ends a response. */
  private scanned = 0;
  private rawBuffer = '';
  private stderrText = '';
  private log: WriteStream | null = null;
  /** Set once the engine is gone or being killed: every later send is rejected with it. */
  private failure: GtpEngineError | null = null;
  private quitAnswered = false;
  private exitInfo: GtpExit | null = null;
  private readonly closed: Promise<GtpExit>;
  private closeStarted: Promise<GtpExit> | null = null;
  /** Called once no command is in flight (close() waits there before sending quit). */
  private idleWaiters: (() => void)[] = [];

  /** Starts `command args` as an engine. A command that cannot be started fails the first `send` as 'crashed'. */
  constructor(command: string, args: readonly string[] = [], options: GtpClientOptions = {}) {
    this.options = options;
    this.child = spawn(command, [...args], {
      cwd: options.cwd,
      env: options.env,
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    if (options.stderrLog !== undefined) {
      this.log = createWriteStream(options.stderrLog, { flags: 'a' });
      this.log.on('error', () => {
        // A log that cannot be written must not take the engine down; the in-memory tail still has everything.
        this.log = null;
      });
    }
    const { stdin, stdout, stderr } = this.child;
    stdout!.setEncoding('utf8');
    stderr!.setEncoding('utf8');
    stdout!.on('data', (chunk: string) => this.onStdout(chunk));
    stderr!.on('data', (chunk: string) => this.onStderr(chunk));
    // EPIPE and friends when the engine is gone: 'close' below reports it with the exit status.
    stdin!.on('error', () => {});
    this.closed = new Promise<GtpExit>((resolve) => {
      let spawnError: Error | null = null;
      this.child.on('error', (e) => {
        spawnError = e;
        // A failed spawn emits no 'exit'; 'close' still follows once the pipes are shut.
      });
      this.child.on('exit', () => {
        // Grandchildren that inherited the pipes would keep 'close' from ever firing: end the group now.
        this.killGroup();
      });
      this.child.on('close', (code: number | null, signal: NodeJS.Signals | null) => {
        this.exitInfo = { code, signal };
        this.clearTimer();
        if (spawnError !== null && this.failure === null) {
          this.failure = new GtpEngineError('crashed', `cannot start engine "${command}": ${spawnError.message}`, {
            exitCode: code,
            signal,
            stderrTail: this.stderrTail(),
          });
        }
        if (this.failure === null) {
          const status = signal !== null ? `killed by ${signal}` : `exit code ${code}`;
          this.failure =
            this.quitAnswered || this.closeStarted !== null
              ? new GtpEngineError('closed', `engine has exited (${status})`, { exitCode: code, signal })
              : new GtpEngineError('crashed', `engine exited (${status})${this.tailNote()}`, {
                  exitCode: code,
                  signal,
                  stderrTail: this.stderrTail(),
                });
        }
        this.rejectAll(this.failure);
        const log = this.log;
        this.log = null;
        const info = this.exitInfo;
        if (log === null) {
          resolve(info);
        } else {
          // The log holds the engine's last words: the exit is reported once they are on disk (or cannot be).
          log.once('error', () => resolve(info));
          log.end(() => resolve(info));
        }
      });
    });
    this.setRef(false);
  }

  /** Shorthand for `new GtpClient(command, args, options)`. */
  static start(command: string, args: readonly string[] = [], options: GtpClientOptions = {}): GtpClient {
    return new GtpClient(command, args, options);
  }

  /** The engine's process id (also its process group id), or undefined if it could not be started. */
  get pid(): number | undefined {
    return this.child.pid;
  }

  /** Everything the engine wrote to stderr, up to the last STDERR_KEEP characters. */
  get stderr(): string {
    return this.stderrText;
  }

  /** The exit status once the engine has exited (and its pipes are closed), else null. */
  get exit(): GtpExit | null {
    return this.exitInfo;
  }

  /** Resolves when the engine has exited and its pipes are closed. */
  get exited(): Promise<GtpExit> {
    return this.closed;
  }

  /** Whether the engine may still take commands. */
  get alive(): boolean {
    return this.failure === null && this.closeStarted === null;
  }

  /**
   * Sends one command line (without LF) and resolves with its response; `=` and `?` both resolve (check `ok`).
   * Rejects with GtpEngineError when the engine times out, crashes, breaks the protocol or is closed. A line with an
   * LF, or one GTP would ignore (empty, blank, comment only), is refused with a RangeError, since no response (or
   * more than one) would come: use `writeRaw` for such lines.
   */
  send(command: string, timeoutMs?: number): Promise<GtpResponse> {
    if (command.includes('\n')) return Promise.reject(new RangeError('a GTP command must not contain a line feed'));
    const line = preprocessLine(command);
    if (line === null) {
      return Promise.reject(new RangeError(`GTP ignores this line, so no response would come: ${JSON.stringify(command)}`));
    }
    if (this.closeStarted !== null && this.failure === null) {
      return Promise.reject(new GtpEngineError('closed', 'the client is closing', { command }));
    }
    if (this.failure !== null) {
      return Promise.reject(
        new GtpEngineError(this.failure.kind, `engine is not running (${this.failure.message})`, {
          ...this.failure.details,
          command,
        }),
      );
    }
    const { id, name } = parseCommand(line);
    const limit = timeoutMs ?? this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    return new Promise<GtpResponse>((resolve, reject) => {
      this.queue.push({ line: command, name, id, timeoutMs: limit, resolve, reject });
      this.pump();
    });
  }

  /**
   * Writes text to the engine as it is, expecting no response: for lines GTP ignores (comments, blank lines), in
   * tests of the engine's preprocessing. Any response they provoke is a protocol error, caught like any other.
   */
  writeRaw(text: string): void {
    if (this.failure !== null || this.closeStarted !== null) return;
    this.child.stdin!.write(text);
    this.options.onTraffic?.('sent', text);
  }

  /**
   * Ends the session: queued commands not yet written are rejected ('closed'), the one in flight may finish, then
   * `quit` is sent (or, with `quit: false`, only the end of input, which GTP engines also take as the end) and the
   * engine gets `graceMs` to exit before its process group is killed. Resolves with the exit status. Safe to call
   * more than once.
   */
  close(options: { readonly graceMs?: number; readonly quit?: boolean } = {}): Promise<GtpExit> {
    if (this.closeStarted !== null) return this.closeStarted;
    const graceMs = options.graceMs ?? this.options.closeGraceMs ?? DEFAULT_CLOSE_GRACE_MS;
    const queued = this.queue.splice(0);
    const closing = new GtpEngineError('closed', 'the client was closed before the command was sent');
    for (const p of queued) p.reject(closing);
    this.closeStarted = (async () => {
      if (this.exitInfo !== null || this.failure !== null) return this.closed;
      this.setRef(true);
      const grace = new Promise<'late'>((resolve) => {
        const t = setTimeout(() => resolve('late'), graceMs);
        void this.closed.finally(() => clearTimeout(t));
      });
      const finish = async (): Promise<void> => {
        // Let the command in flight finish (or fail) first; then quit unless the engine already did.
        if (this.inFlight !== null) await new Promise<void>((resolve) => this.idleWaiters.push(resolve));
        if (this.failure !== null) return;
        if (options.quit === false) {
          this.child.stdin!.end();
          return;
        }
        this.writeCommand({
          line: 'quit',
          name: 'quit',
          id: null,
          timeoutMs: graceMs,
          // The engine may ignore the end of input as well as quit: the grace period below settles it.
          resolve: () => this.child.stdin!.end(),
          reject: () => {},
        });
      };
      void finish();
      const outcome = await Promise.race([this.closed, grace]);
      if (outcome === 'late') {
        this.killGroup();
        this.child.stdin!.destroy();
      }
      return this.closed;
    })();
    return this.closeStarted;
  }

  /** Kills the engine's whole process group at once (no `quit`); resolves when it is gone. */
  kill(): Promise<GtpExit> {
    if (this.failure === null) this.fail(new GtpEngineError('closed', 'the engine was killed by the client'));
    // Keep the event loop alive until the exit is seen: an idle child is unref'd, and a caller awaiting this promise
    // would otherwise find its process ending under it (Node's exit code 13, an unsettled top-level await).
    if (this.exitInfo === null) this.setRef(true);
    return this.closed;
  }

  // -------------------------------------------------------------------------------------------------------------

  private pump(): void {
    if (this.inFlight !== null || this.failure !== null) return;
    const next = this.queue.shift();
    if (next === undefined) return;
    this.writeCommand(next);
  }

  private writeCommand(p: Pending): void {
    this.inFlight = p;
    this.setRef(true);
    if (Number.isFinite(p.timeoutMs) && p.timeoutMs > 0) {
      this.timer = setTimeout(() => {
        this.timer = null;
        this.fail(
          new GtpEngineError('timeout', `no answer to "${shorten(p.line)}" within ${p.timeoutMs} ms; engine killed`, {
            command: p.line,
            stderrTail: this.stderrTail(),
          }),
        );
      }, p.timeoutMs);
    }
    this.child.stdin!.write(p.line + '\n');
    this.options.onTraffic?.('sent', p.line + '\n');
  }

  private onStdout(chunk: string): void {
    if (this.failure !== null) return;
    this.buffer += cleanOutput(chunk);
    if (this.options.onTraffic !== undefined) this.rawBuffer += chunk;
    for (;;) {
      if (this.buffer.length > 0 && this.buffer[0] !== '=' && this.buffer[0] !== '?') {
        this.protocolError(`unexpected output ${JSON.stringify(shorten(this.buffer))}`);
        return;
      }
      // Resume the search where the last chunk ended: a large answer arrives in many chunks.
      const end = this.buffer.indexOf('\n\n', this.scanned);
      if (end < 0) {
        this.scanned = Math.max(0, this.buffer.length - 1);
        return;
      }
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      this.scanned = 0;
      if (this.options.onTraffic !== undefined) {
        const rawEnd = findRawEnd(this.rawBuffer);
        this.options.onTraffic('received', this.rawBuffer.slice(0, rawEnd));
        this.rawBuffer = this.rawBuffer.slice(rawEnd);
      }
      const p = this.inFlight;
      if (p === null) {
        this.protocolError(`a response nobody asked for: ${JSON.stringify(shorten(block))}`);
        return;
      }
      const match = /^([=?])(\d*)(?: |\n|$)/.exec(block);
      if (match === null) {
        this.protocolError(`malformed response to "${shorten(p.line)}": ${JSON.stringify(shorten(block))}`);
        return;
      }
      const id = match[2] === '' ? null : match[2];
      if (id !== p.id) {
        this.protocolError(
          `response id ${id ?? '(none)'} does not match command id ${p.id ?? '(none)'} of "${shorten(p.line)}"`,
        );
        return;
      }
      // `=id text`: the single space after the id is the separator; a newline right after it starts the text.
      const head = match[0].endsWith(' ') ? match[0].length : match[1].length + match[2].length;
      const response: GtpResponse = { ok: match[1] === '=', text: block.slice(head), ...(id !== null ? { id } : {}) };
      this.clearTimer();
      this.inFlight = null;
      if (p.name === 'quit' && response.ok) this.quitAnswered = true;
      if (this.queue.length === 0) this.setRef(false);
      p.resolve(response);
      this.pump();
      if (this.inFlight === null) this.notifyIdle();
    }
  }

  private onStderr(chunk: string): void {
    this.stderrText += chunk;
    if (this.stderrText.length > STDERR_KEEP) this.stderrText = this.stderrText.slice(-STDERR_KEEP);
    this.log?.write(chunk);
  }

  private protocolError(message: string): void {
    this.fail(
      new GtpEngineError('protocol', `protocol error: ${message}; engine killed`, {
        command: this.inFlight?.line,
        stderrTail: this.stderrTail(),
      }),
    );
  }

  /** Marks the engine as failed, rejects every pending command and kills the process group. */
  private fail(error: GtpEngineError): void {
    if (this.failure !== null) return;
    this.failure = error;
    this.clearTimer();
    this.rejectAll(error);
    this.killGroup();
    this.child.stdin!.destroy();
  }

  private rejectAll(error: GtpEngineError): void {
    const pending = this.inFlight === null ? this.queue.splice(0) : [this.inFlight, ...this.queue.splice(0)];
    this.inFlight = null;
    for (const p of pending) p.reject(error);
    this.notifyIdle();
  }

  private notifyIdle(): void {
    for (const w of this.idleWaiters.splice(0)) w();
  }

  private killGroup(): void {
    const pid = this.child.pid;
    if (pid === undefined) return;
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // ESRCH: the group is already gone.
    }
  }

  private clearTimer(): void {
    if (this.timer !== null) {
      clearTimeout(this.timer);
      this.timer = null;
    }
  }

  /** While a command is in flight the child keeps the event loop alive; otherwise it does not. */
  private setRef(on: boolean): void {
    const streams = [this.child.stdin, this.child.stdout, this.child.stderr] as unknown as (Socket | null)[];
    for (const s of streams) {
      if (s !== null && typeof s.ref === 'function') {
        if (on) s.ref();
        else s.unref();
      }
    }
    if (on) this.child.ref();
    else this.child.unref();
  }

  private stderrTail(): string {
    return this.stderrText.slice(-2000);
  }

  private tailNote(): string {
    const tail = this.stderrText.trim().split('\n').slice(-5).join('\n');
    return tail.length > 0 ? `; stderr ends:\n${tail}` : '';
  }
}

/** The end (after the blank line) of the first response in raw output, where CRs and control characters remain. */
function findRawEnd(raw: string): number {
  let lastWasLf = false;
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (c === 10) {
      if (lastWasLf) return i + 1;
      lastWasLf = true;
    } else if (c === 9 || (c >= 32 && c !== 127)) {
      // Text (HT counts: it becomes a space); other control characters are dropped and change nothing.
      lastWasLf = false;
    }
  }
  return raw.length;
}

function shorten(text: string): string {
  return text.length > 200 ? `${text.slice(0, 200)}... (${text.length} characters)` : text;
}
