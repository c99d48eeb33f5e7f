/**
 * What a subcommand needs from the outside world, passed in by cli/main.ts so that tests can run a command and read
 * its output without a child process. Commands may still use node:fs for the files the user names.
 */
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
