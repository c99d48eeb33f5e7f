/**
 * Runs GTP regression transcripts (`*.tst`) in the style of GNU Go's regression suite against an engine, through
 * protocol/client.ts.
 *
 * File format, line by line:
 * - `#? [regex]` checks the response of the numbered command just above it (the command must carry an id and have
 *   no check yet): the response must be a success whose text (without `=id `) matches `^(?:regex)$`. The regex runs
 *   with the `s` flag (`.` matches a newline), so a multi-line answer can be matched; `|` gives alternatives.
 *   `#? [!regex]` wants a success that does not match. `#? ?[regex]` wants a failure (`?`) whose message matches,
 *   `#? ?[!regex]` a failure whose message does not. The regex is everything between the first `[` and the last `]`.
 * - `#! text` sends `text` with C-style escapes decoded (`\r`, `\t`, `\n` is refused, `\xHH`, `\uHHHH`, `\\`), for
 *   lines with control characters that a text file should not hold. When GTP would ignore the decoded line (empty,
 *   blank, comment only) it is written without waiting for a response; any response it provoked would put the
 *   engine out of step and fail the file.
 * - Any other line starting with `#`, and blank lines, are comments of the file and are not sent.
 * - Every other line is sent as it is. A numbered command without a `#?` line is not checked; an unnumbered
 *   command must succeed (it is set-up), else the file fails there.
 * At the end the runner closes the engine (`quit`) and reports its exit status; a file ending with its own `quit`
 * is fine too.
 */
import { readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GtpClient, GtpEngineError, type GtpExit, type GtpResponse } from '../../protocol/client.js';
import { parseCommand, preprocessLine } from '../../protocol/gtp.js';

export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The engine the transcripts are written for: the random bot, so that genmove is instant and reproducible. */
export const DEFAULT_ENGINE: EngineCommand = {
  command: 'node',
  args: [join(REPO_ROOT, 'dist', 'cli', 'main.js'), 'gtp', '--bot', 'random', '--seed', '1'],
};

export interface EngineCommand {
  readonly command: string;
  readonly args: readonly string[];
}

export interface TstCheck {
  /** 1-based line of the `#?` line. */
  readonly line: number;
  readonly negate: boolean;
  /** true: the response must be a failure (`#? ?[...]`). */
  readonly wantFailure: boolean;
  readonly regex: string;
}

export interface TstStep {
  /** 1-based line in the file. */
  readonly line: number;
  /** The text sent (escapes decoded for `#!` lines). */
  readonly text: string;
  /** The command's id after GTP preprocessing, or null. */
  readonly id: string | null;
  /** true when GTP ignores the line (no response). */
  readonly silent: boolean;
  check: TstCheck | null;
}

export interface TstOutcome {
  readonly file: string;
  readonly line: number;
  readonly command: string;
  /** The `#?` text, or a note for unchecked commands. */
  readonly expected: string;
  readonly response: GtpResponse | null;
  readonly passed: boolean;
  readonly reason?: string;
}

export interface TstReport {
  readonly file: string;
  readonly outcomes: TstOutcome[];
  readonly failures: TstOutcome[];
  /** Numbered commands checked by a `#?` line. */
  readonly checks: number;
  readonly exit: GtpExit | null;
  readonly stderr: string;
}

/** Decodes the escapes of a `#!` line. */
export function decodeEscapes(text: string, where: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c !== '\\') {
      out += c;
      continue;
    }
    const e = text[++i];
    if (e === 'r') out += '\r';
    else if (e === 't') out += '\t';
    else if (e === '\\') out += '\\';
    else if (e === 'x' || e === 'u') {
      const len = e === 'x' ? 2 : 4;
      const hex = text.slice(i + 1, i + 1 + len);
      if (!new RegExp(`^[0-9a-fA-F]{${len}}$`).test(hex)) throw new Error(`${where}: bad escape \\${e}${hex}`);
      out += String.fromCharCode(parseInt(hex, 16));
      i += len;
    } else {
      throw new Error(`${where}: unknown escape \\${e ?? ''} (known: \\r \\t \\\\ \\xHH \\uHHHH)`);
    }
  }
  return out;
}

/** Parses a transcript; throws with file:line on a malformed `#?` or `#!` line. */
export function parseTst(text: string, file = '<tst>'): TstStep[] {
  const steps: TstStep[] = [];
  const lines = text.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const lineNumber = index + 1;
    const where = `${file}:${lineNumber}`;
    const raw = lines[index];
    if (raw.startsWith('#?')) {
      const body = raw.slice(2).trim();
      const m = /^(\?)?\[(!)?(.*)\]$/s.exec(body);
      if (m === null) throw new Error(`${where}: expected "#? [regex]", "#? [!regex]" or "#? ?[regex]", got ${JSON.stringify(raw)}`);
      const last = steps[steps.length - 1];
      if (last === undefined || last.silent || last.id === null) {
        throw new Error(`${where}: a #? line must follow a numbered command`);
      }
      if (last.check !== null) throw new Error(`${where}: the command on line ${last.line} has a #? line already`);
      try {
        new RegExp(m[3]);
      } catch (e) {
        throw new Error(`${where}: bad regex: ${e instanceof Error ? e.message : String(e)}`);
      }
      last.check = { line: lineNumber, negate: m[2] === '!', wantFailure: m[1] === '?', regex: m[3] };
      continue;
    }
    let sendText: string;
    if (raw.startsWith('#!')) {
      sendText = decodeEscapes(raw.slice(2).replace(/^ /, ''), where);
    } else {
      if (raw.trim().length === 0 || raw.startsWith('#')) continue;
      sendText = raw;
    }
    const processed = preprocessLine(sendText);
    steps.push({
      line: lineNumber,
      text: sendText,
      id: processed === null ? null : parseCommand(processed).id,
      silent: processed === null,
      check: null,
    });
  }
  return steps;
}

/** Whether a response passes a check. */
export function checkResponse(check: TstCheck, response: GtpResponse): { passed: boolean; reason?: string } {
  if (response.ok === check.wantFailure) {
    return { passed: false, reason: check.wantFailure ? 'expected a failure (?), got a success (=)' : 'expected a success (=), got a failure (?)' };
  }
  const matches = new RegExp(`^(?:${check.regex})$`, 's').test(response.text);
  if (matches === check.negate) {
    return { passed: false, reason: check.negate ? 'the response matches, but must not' : 'the response does not match' };
  }
  return { passed: true };
}

function describeCheck(check: TstCheck): string {
  return `#? ${check.wantFailure ? '?' : ''}[${check.negate ? '!' : ''}${check.regex}]`;
}

/** Runs one transcript's text against a fresh engine. */
export async function runTst(
  text: string,
  file = '<tst>',
  engine: EngineCommand = DEFAULT_ENGINE,
  timeoutMs = 20_000,
): Promise<TstReport> {
  const steps = parseTst(text, file);
  const client = new GtpClient(engine.command, engine.args, { timeoutMs, cwd: REPO_ROOT });
  const outcomes: TstOutcome[] = [];
  let checks = 0;
  try {
    for (const step of steps) {
      if (step.silent) {
        client.writeRaw(step.text + '\n');
        continue;
      }
      let response: GtpResponse;
      try {
        response = await client.send(step.text);
      } catch (e) {
        const message = e instanceof GtpEngineError ? `${e.kind}: ${e.message}` : String(e);
        outcomes.push({
          file,
          line: step.line,
          command: step.text,
          expected: step.check ? describeCheck(step.check) : '(set-up)',
          response: null,
          passed: false,
          reason: message,
        });
        break;
      }
      if (step.check !== null) {
        checks++;
        outcomes.push({
          file,
          line: step.line,
          command: step.text,
          expected: describeCheck(step.check),
          response,
          ...checkResponse(step.check, response),
        });
      } else if (step.id === null && !response.ok) {
        outcomes.push({
          file,
          line: step.line,
          command: step.text,
          expected: '(unnumbered set-up command must succeed)',
          response,
          passed: false,
          reason: 'an unnumbered command failed',
        });
      }
    }
  } finally {
    await client.close();
  }
  return {
    file,
    outcomes,
    failures: outcomes.filter((o) => !o.passed),
    checks,
    exit: client.exit,
    stderr: client.stderr,
  };
}

export async function runTstFile(path: string, engine: EngineCommand = DEFAULT_ENGINE): Promise<TstReport> {
  return runTst(readFileSync(path, 'utf8'), basename(path), engine);
}

/** One line per failure: `file:line: command -> expected ..., got ... (reason)`. */
export function formatFailures(report: TstReport): string {
  return report.failures
    .map((f) => {
      const got = f.response === null ? 'no response' : `${f.response.ok ? '=' : '?'} ${JSON.stringify(f.response.text)}`;
      return `${f.file}:${f.line}: ${JSON.stringify(f.command)} -> expected ${f.expected}, got ${got} (${f.reason})`;
    })
    .join('\n');
}
