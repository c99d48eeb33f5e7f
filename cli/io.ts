/**
 * What a subcommand needs from the outside world, passed in by cli/main.ts so that tests can run a command and read
 * its output without a child process. Commands may still use node:fs for the files the user names.
 */
import { closeSync, openSync, readSync } from 'node:fs';

export interface CliIo {
  /** Standard output (the command's result). */
  writeOut(text: string): void;
  /** Standard error (summaries, warnings, error messages). */
  writeErr(text: string): void;
}

/**
 * A failure the user caused and can fix (bad spec, missing file). cli/main.ts prints `graphgo: <message>` on one
 * line, without a stack trace, and exits with `exitCode`.
 */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = 1,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

/** The text of a file the user named; `cannot read F: reason` when it cannot be read. */
export function readUserFile(path: string): string {
  try {
    return readBoundedFile(path);
  } catch (e) {
    throw new CliError(`cannot read ${path}: ${fsErrorText(e)}`);
  }
}

/**
 * The most a graph or game file may hold: room for the largest graph the core builds (20 million links as an
 * `edges` line), while `/dev/zero` or a runaway pipe is refused after a fraction of a second instead of filling memory.
 */
export const MAX_FILE_BYTES = 256 * 1024 * 1024;
const CHUNK_BYTES = 1024 * 1024;

/** Reads a file as UTF-8, in chunks, refusing it once it is longer than `maxBytes` (devices and pipes included). */
export function readBoundedFile(path: string, maxBytes = MAX_FILE_BYTES): string {
  const fd = openSync(path, 'r');
  try {
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(CHUNK_BYTES);
      const read = readSync(fd, chunk, 0, CHUNK_BYTES, null);
      if (read === 0) break;
      total += read;
      if (total > maxBytes) throw new Error(`larger than ${maxBytes} bytes`);
      chunks.push(read === CHUNK_BYTES ? chunk : chunk.subarray(0, read));
    }
    return Buffer.concat(chunks, total).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

/** Node's fs errors, without the stack and the repeated path. */
export function fsErrorText(e: unknown): string {
  const code = typeof e === 'object' && e !== null && 'code' in e ? String(e.code) : '';
  switch (code) {
    case 'ENOENT':
      return 'no such file or directory';
    case 'EISDIR':
      return 'is a directory';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    default:
      return e instanceof Error ? e.message : String(e);
  }
}
