/**
 * Files a user names are read with a bound: `/dev/zero`, a runaway pipe or a directory in the wrong place is refused
 * with one clear line instead of filling memory or crashing. The harness reads every file this way (a tournament
 * file, the graph files it names, a run folder's records, lock and notes), and so does the command line above it
 * (cli/io.ts): the lowest layer that reads the user's files keeps the one reader.
 */
import { closeSync, openSync, readSync } from 'node:fs';

/**
 * Room for the largest graph the core builds (20 million links as an `edges` line), far more than any run's records,
 * while `/dev/zero` is refused after a fraction of a second.
 */
export const MAX_FILE_BYTES = 256 * 1024 * 1024;
const CHUNK_BYTES = 1024 * 1024;

/** A file that could not be read; the message is the command line's own: `cannot read PATH: reason`. */
export class UnreadableFileError extends Error {
  constructor(
    readonly path: string,
    readonly reason: string,
  ) {
    super(`cannot read ${path}: ${reason}`);
    this.name = 'UnreadableFileError';
  }
}

/** A file's text (UTF-8), or UnreadableFileError once it passes `maxBytes` or cannot be opened or read. */
export function readBoundedText(path: string, maxBytes = MAX_FILE_BYTES): string {
  try {
    const fd = openSync(path, 'r');
    try {
      const chunks: Buffer[] = [];
      let total = 0;
      for (;;) {
        const chunk = Buffer.allocUnsafe(CHUNK_BYTES);
        const read = readSync(fd, chunk, 0, CHUNK_BYTES, null);
        if (read === 0) break;
        total += read;
        if (total > maxBytes) throw new UnreadableFileError(path, `larger than ${maxBytes} bytes`);
        chunks.push(read === CHUNK_BYTES ? chunk : chunk.subarray(0, read));
      }
      return Buffer.concat(chunks, total).toString('utf8');
    } finally {
      closeSync(fd);
    }
  } catch (e) {
    if (e instanceof UnreadableFileError) throw e;
    throw new UnreadableFileError(path, fsErrorText(e));
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
