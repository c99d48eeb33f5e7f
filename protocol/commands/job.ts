/**
 * A command that goes on after its handler returns: an analysis stream (lz-analyze, kata-analyze, ...) or a move
 * search that GoGui may interrupt. The read loop (protocol/serve.ts) runs it one slice at a time, a few dozen
 * milliseconds each, and reads input between slices, so a stream stops as soon as the next command arrives.
 */
import type { Reply } from './reply.js';

/** How long one slice runs: the longest wait between a command's arrival and the end of the stream before it. */
export const SLICE_MILLISECONDS = 40;

export interface Job {
  readonly kind: 'job';
  /**
   * A stream answers `=id` at once, then the lines its slices return, then its last lines and the blank line
   * (Leela Zero's and KataGo's framing). Otherwise the answer goes out whole when the job ends.
   */
  readonly streams: boolean;
  /** What stops it early: any input line (analysis), or only GoGui's `# interrupt` line (a move search). */
  readonly stoppedBy: 'any-line' | 'interrupt';
  /** Runs one slice; returns whole lines (each ending in LF) to send now, or ''. */
  step(): string;
  /** True once it has finished by itself. */
  readonly done: boolean;
  /** Ends it. A stream: its last lines (each ending in LF, or ''); otherwise the whole answer. */
  finish(): Reply;
}

export function isJob(answer: Reply | Job): answer is Job {
  return (answer as Job).kind === 'job';
}

/** A job from its slice, which runs a few dozen milliseconds and says what to send and whether it has finished. */
export function slicedJob(parts: {
  readonly streams: boolean;
  readonly stoppedBy: Job['stoppedBy'];
  readonly slice: () => { readonly text: string; readonly done: boolean };
  readonly finish: () => Reply;
}): Job {
  let done = false;
  return {
    kind: 'job',
    streams: parts.streams,
    stoppedBy: parts.stoppedBy,
    get done() {
      return done;
    },
    step: () => {
      const result = parts.slice();
      done = result.done;
      return result.text;
    },
    finish: parts.finish,
  };
}
