/**
 * A komi interval given to `graphgo solve` (`--komi-within 4..5`, or `komi-within=4..5` at the end of a line of a
 * `--graphs` file): one proved before, e.g. a table's "unknown (4..5)", so that the komi search spends its budget
 * only on the komis inside it (docs/solver.md, "Command line").
 */
import { MAX_SOLVER_KOMI, type KomiInterval } from '../src/solver/solve.js';

/** The word that gives a line of a `--graphs` file its own interval. */
const LINE_WORD = /^komi-within=(\S*)$/;

/** Bounds beyond the komis the solver takes are refused. */
const MAX_BOUND = MAX_SOLVER_KOMI;

/** `4..5`, `..-1` (no lower bound) or `-1..` (no upper bound), as an interval; a message for anything else. */
export function parseKomiWithin(text: string): { ok: true; value: KomiInterval } | { ok: false; message: string } {
  const m = /^\s*(-?\d+)?\.\.(-?\d+)?\s*$/.exec(text);
  const usage = `a komi interval is LO..HI, ..HI or LO.. (whole numbers, e.g. 4..5 or ..-1), got "${text}"`;
  if (m === null || (m[1] === undefined && m[2] === undefined)) return { ok: false, message: usage };
  const low = m[1] === undefined ? null : Number(m[1]);
  const high = m[2] === undefined ? null : Number(m[2]);
  if ((low !== null && Math.abs(low) > MAX_BOUND) || (high !== null && Math.abs(high) > MAX_BOUND)) {
    return { ok: false, message: `komi bounds are at most ${MAX_BOUND} in size, got "${text}"` };
  }
  if (low !== null && high !== null && low > high) return { ok: false, message: `an empty komi interval: "${text}"` };
  return { ok: true, value: { low, high } };
}

/** A line of a `--graphs` file split into the graph spec and the text of its own interval (null: none). */
export function splitListLine(line: string): { spec: string; within: string | null } {
  const words = line.trim().split(/\s+/);
  const last = LINE_WORD.exec(words[words.length - 1] ?? '');
  if (last === null) return { spec: line.trim(), within: null };
  return { spec: words.slice(0, -1).join(' '), within: last[1] };
}

/** A line of a `--graphs` file read: its spec and its own interval (null: none), or why the interval is refused. */
export function readListLine(line: string): { ok: true; spec: string; within: KomiInterval | null } | { ok: false; message: string } {
  const { spec, within } = splitListLine(line);
  if (within === null) return { ok: true, spec, within: null };
  const parsed = parseKomiWithin(within);
  return parsed.ok ? { ok: true, spec, within: parsed.value } : parsed;
}

/** The interval as written: `4..5`, `..-1`, `-1..`. */
export function komiWithinText(interval: KomiInterval): string {
  return `${interval.low ?? ''}..${interval.high ?? ''}`;
}
