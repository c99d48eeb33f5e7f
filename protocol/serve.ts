/**
 * The engine's read loop: bytes in, one response per command out. Lines are split on LF bytes only (node:readline
 * would also end a line at a lone CR, which GTP says to drop: `pro\rtocol_version` is one command). A line longer
 * than MAX_LINE_BYTES is discarded up to its LF and answered with one `?`, and reading pauses while much input
 * waits, so no input can exhaust memory; the end of input ends the loop cleanly. Commands that run on (streams,
 * interruptible searches: protocol/commands/job.ts) are stepped here, between reads.
 */
import type { IdleWork, RunningJob, StartedCommand } from './engine.js';
import { formatFailure } from './gtp.js';

/** Large enough for an `edges` line of a graph with a few million links; bigger graphs go through load_graph. */
export const MAX_LINE_BYTES = 64 * 1024 * 1024;

export interface LineEngine {
  start(line: string): StartedCommand;
  readonly quitRequested: boolean;
  /** Work to run while no input waits (pondering), or null. */
  idleWork?(): IdleWork | null;
}

/** GoGui's interrupt: a comment line sent while a command runs (docs/protocol.md, "Analysis"). */
const INTERRUPT_LINE = '# interrupt';

/** Input read ahead of the command running now; beyond it the reading pauses, so a flood cannot fill memory. */
const MAX_QUEUED_BYTES = 2 * MAX_LINE_BYTES;

/** One line read, or a line that was too long and was dropped. */
type InputLine = { readonly bytes: Uint8Array } | { readonly tooLong: true };

/**
 * Serves GTP until end of input or `quit`. `write` resolves when the output may continue (back-pressure). Input is
 * read while a command runs on, so a stream stops when the next line arrives and `# interrupt` reaches a search.
 */
export async function serveGtp(
  engine: LineEngine,
  input: AsyncIterable<Uint8Array>,
  write: (text: string) => Promise<void> | void,
): Promise<void> {
  const decoder = new TextDecoder('utf-8');
  const decode = (bytes: Uint8Array): string => decoder.decode(bytes);
  const lines = new LineQueue(input);
  for (;;) {
    if (lines.waiting === 0 && !lines.ended) {
      const idle = engine.idleWork?.() ?? null;
      if (idle !== null) await runIdle(idle, lines);
    }
    const next = await lines.next();
    if (next === null) return;
    if ('tooLong' in next) {
      await write(formatFailure(null, `line too long (limit ${MAX_LINE_BYTES} bytes)`));
      continue;
    }
    const started = engine.start(decode(next.bytes));
    if (started.text !== null) await write(started.text);
    if (started.job !== null) await runJob(started.job, lines, decode, write);
    if (engine.quitRequested) {
      lines.stop();
      return;
    }
  }
}

/** Steps idle work until a line (or the end of input) arrives. */
async function runIdle(idle: IdleWork, lines: LineQueue): Promise<void> {
  for (;;) {
    // Let the input stream deliver what has arrived.
    await new Promise<void>((resolve) => setImmediate(resolve));
    if (lines.waiting > 0 || lines.ended) return;
    try {
      idle.step();
    } catch {
      // Pondering is a bonus: a search that fails here is dropped, and the next command is answered as usual.
      return;
    }
  }
}

/** Steps a job until it ends by itself or what stops it arrives, then writes the rest of its answer. */
async function runJob(
  job: RunningJob,
  lines: LineQueue,
  decode: (bytes: Uint8Array) => string,
  write: (text: string) => Promise<void> | void,
): Promise<void> {
  for (;;) {
    const text = job.step();
    if (text !== '') await write(text);
    if (job.done) break;
    // Let the input stream deliver what has arrived.
    await new Promise<void>((resolve) => setImmediate(resolve));
    if (job.stoppedBy === 'any-line') {
      if (lines.waiting > 0 || lines.ended) break;
    } else {
      const first = lines.peek();
      if (first !== undefined && 'bytes' in first && decode(first.bytes).trim() === INTERRUPT_LINE) {
        lines.drop();
        break;
      }
    }
  }
  await write(job.finish());
}

/**
 * Splits the input into lines as it arrives, on LF bytes only. A line longer than MAX_LINE_BYTES is discarded up
 * to its LF (or to the end of input) and stands as one `tooLong` entry; the end of input ends the queue (a last
 * line without LF counts).
 */
class LineQueue {
  private readonly queue: InputLine[] = [];
  private wake: (() => void) | null = null;
  private resume: (() => void) | null = null;
  private queuedBytes = 0;
  private finished = false;
  private stopped = false;

  constructor(input: AsyncIterable<Uint8Array>) {
    void this.read(input);
  }

  get waiting(): number {
    return this.queue.length;
  }

  /** True when the input has ended (lines may still wait). */
  get ended(): boolean {
    return this.finished;
  }

  peek(): InputLine | undefined {
    return this.queue[0];
  }

  drop(): void {
    this.take();
  }

  /** The next line, waiting for it; null at the end of input. */
  async next(): Promise<InputLine | null> {
    while (this.queue.length === 0) {
      if (this.finished) return null;
      await new Promise<void>((resolve) => {
        this.wake = resolve;
      });
    }
    return this.take()!;
  }

  private take(): InputLine | undefined {
    const line = this.queue.shift();
    if (line !== undefined && 'bytes' in line) this.queuedBytes -= line.bytes.length;
    if (this.queuedBytes <= MAX_QUEUED_BYTES) {
      const resume = this.resume;
      this.resume = null;
      resume?.();
    }
    return line;
  }

  /** Stops reading (after quit). */
  stop(): void {
    this.stopped = true;
  }

  private push(line: InputLine): void {
    this.queue.push(line);
    if ('bytes' in line) this.queuedBytes += line.bytes.length;
    this.signal();
  }

  private signal(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }

  private async read(input: AsyncIterable<Uint8Array>): Promise<void> {
    let pending: Uint8Array[] = [];
    let pendingBytes = 0;
    let discarding = false;
    try {
      for await (const chunk of input) {
        if (this.stopped) break;
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
            this.push({ tooLong: true });
            continue;
          }
          let line: Uint8Array = piece.slice();
          if (pendingBytes > 0) {
            line = concat([...pending, piece], pendingBytes + piece.length);
            pending = [];
            pendingBytes = 0;
          }
          this.push(line.length > MAX_LINE_BYTES ? { tooLong: true } : { bytes: line });
        }
        while (this.queuedBytes > MAX_QUEUED_BYTES && !this.stopped) {
          await new Promise<void>((resolve) => {
            this.resume = resolve;
          });
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
      // A last line without LF is still a command, and an overlong one still gets its failure: the controller
      // waits for an answer to every line it sent.
      if (discarding) this.push({ tooLong: true });
      else if (pendingBytes > 0) this.push({ bytes: concat(pending, pendingBytes) });
    } catch {
      // The input closed under the reader (the entry point destroys stdin after quit): that is its end.
    } finally {
      this.finished = true;
      this.signal();
    }
  }
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
