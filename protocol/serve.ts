/**
 * The engine's read loop: bytes in, one response per command out. Lines are split on LF bytes only (node:readline
 * would also end a line at a lone CR, which GTP says to drop: `pro\rtocol_version` is one command). A line longer
 * than MAX_LINE_BYTES is discarded up to its LF and answered with one `?`, so no input can exhaust memory; the
 * end of input ends the loop cleanly.
 */
import { formatFailure } from './gtp.js';

/** Large enough for an `edges` line of a graph with a few million links; bigger graphs go through load_graph. */
export const MAX_LINE_BYTES = 64 * 1024 * 1024;

export interface LineEngine {
  execute(line: string): string | null;
  readonly quitRequested: boolean;
}

/** Serves GTP until end of input or `quit`. `write` resolves when the output may continue (back-pressure). */
export async function serveGtp(
  engine: LineEngine,
  input: AsyncIterable<Uint8Array>,
  write: (text: string) => Promise<void> | void,
): Promise<void> {
  const decoder = new TextDecoder('utf-8');
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  let discarding = false;

  const answer = async (bytes: Uint8Array): Promise<boolean> => {
    const response = engine.execute(decoder.decode(bytes));
    if (response !== null) await write(response);
    return engine.quitRequested;
  };

  for await (const chunk of input) {
    let start = 0;
    for (;;) {
      const lf = chunk.indexOf(10, start);
      if (lf < 0) break;
      const piece = chunk.subarray(start, lf);
      start = lf + 1;
      if (discarding) {
        discarding = false;
        pending = [];
        pendingBytes = 0;
        await write(formatFailure(null, `line too long (limit ${MAX_LINE_BYTES} bytes)`));
        continue;
      }
      let line: Uint8Array = piece;
      if (pendingBytes > 0) {
        line = concat([...pending, piece], pendingBytes + piece.length);
        pending = [];
        pendingBytes = 0;
      }
      if (line.length > MAX_LINE_BYTES) {
        await write(formatFailure(null, `line too long (limit ${MAX_LINE_BYTES} bytes)`));
        continue;
      }
      if (await answer(line)) return;
    }
    if (start < chunk.length && !discarding) {
      const rest = chunk.subarray(start);
      pendingBytes += rest.length;
      // Copy: the stream may reuse its buffer.
      pending.push(rest.slice());
      if (pendingBytes > MAX_LINE_BYTES) {
        discarding = true;
        pending = [];
        pendingBytes = 0;
      }
    }
  }
  // A last line without LF is still a command.
  if (!discarding && pendingBytes > 0) await answer(concat(pending, pendingBytes));
}

function concat(parts: Uint8Array[], total: number): Uint8Array {
  const out = new Uint8Array(total);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
