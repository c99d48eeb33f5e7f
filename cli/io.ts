/**
 * What a subcommand needs from the outside world, passed in by cli/main.ts so that tests can run a command and read
 * its output without a child process. Commands may still use node:fs for the files the user names.
 */
import { fsErrorText, MAX_FILE_BYTES, readBoundedText, UnreadableFileError } from '../tournaments/bounded-read.js';

// The command line reads the files a user names as the harness reads its own, with one bound and one wording.
export { fsErrorText, MAX_FILE_BYTES };

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
    return readBoundedText(path);
  } catch (e) {
    throw new CliError(e instanceof UnreadableFileError ? e.message : `cannot read ${path}: ${fsErrorText(e)}`);
  }
}

/**
 * Reads a file as UTF-8, refusing it once it is longer than `maxBytes` (devices and pipes included). For readers that
 * word the failure themselves (GTP's `cannot load file: ...`), the error says only why, not the path again.
 */
export function readBoundedFile(path: string, maxBytes = MAX_FILE_BYTES): string {
  try {
    return readBoundedText(path, maxBytes);
  } catch (e) {
    throw e instanceof UnreadableFileError ? new Error(e.reason) : e;
  }
}
