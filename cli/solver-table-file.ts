/**
 * A df-pn table on disk (`graphgo solve --table FILE`, docs/solver.md "Resuming a long solve"): a solve stopped at a
 * limit is saved with everything its search learned (proofs with their conditions, working numbers), and the next
 * solve of the same graph, rules and solver settings starts from it, at any komi. Df-pn keeps nothing else between
 * calls that matters (the recursion's child arrays are rebuilt from the table on the way down), so a resumed search
 * goes on about where the saved one stopped; every proof in the table holds under its conditions whoever stored it.
 *
 * Format: one line of JSON (the format name, the solver's table fingerprint, how many entries are in use, the byte
 * length of each array), then the arrays' bytes in DfpnTable.arrays() order, in the machine's byte order. It is
 * written to FILE.tmp and renamed, so a stopped write never leaves a partial FILE.
 */
import { createHash } from 'node:crypto';
import { closeSync, existsSync, fstatSync, mkdirSync, openSync, readSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { Solver } from '../src/solver/search.js';
import type { DfpnTable } from '../src/solver/dfpn-table.js';
import { CliError } from './io.js';

const FORMAT = 'graphgo df-pn table';
/** fs reads and writes at most about 2 GiB a call. */
const CHUNK = 1 << 30;
/** The header line is read in one go: a fingerprint of a 32-vertex graph takes a few kilobytes. */
const HEADER_MAX = 1 << 20;
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

interface Header {
  format: string;
  endian: 'little' | 'big';
  fingerprint: string;
  stored: number;
  lengths: number[];
}

/** Whether a parsed header line has every field, each of its type (a damaged or hand-made one may not). */
function isHeader(value: unknown): value is Header {
  if (typeof value !== 'object' || value === null) return false;
  const h = value as Record<string, unknown>;
  const count = (n: unknown) => Number.isSafeInteger(n) && (n as number) >= 0;
  return (
    typeof h.format === 'string' &&
    (h.endian === 'little' || h.endian === 'big') &&
    typeof h.fingerprint === 'string' &&
    count(h.stored) &&
    Array.isArray(h.lengths) &&
    h.lengths.every(count)
  );
}

function tableOf(solver: Solver): DfpnTable {
  const table = solver.dfpnTable;
  if (table === null) throw new CliError('--table keeps a proof-number search table: use it with --method dfpn (the default for famine and conway)');
  return table;
}

function bytesOf(view: ArrayBufferView): Uint8Array {
  return new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
}

/**
 * Loads FILE into the solver's df-pn table when FILE exists; returns how many entries it held (null: no file).
 * A file made for another graph, other rules or other settings, or damaged, is refused with a clear error.
 */
export function loadSolverTable(path: string, solver: Solver): number | null {
  const table = tableOf(solver);
  if (!existsSync(path)) return null;
  let fd: number;
  try {
    if (statSync(path).isDirectory()) throw new Error('is a directory');
    fd = openSync(path, 'r');
  } catch (e) {
    throw new CliError(`cannot read ${path}: ${(e as Error).message}`);
  }
  try {
    const size = fstatSync(fd).size;
    const head = new Uint8Array(Math.min(HEADER_MAX, size));
    readSync(fd, head, 0, head.length, 0);
    const end = head.indexOf(10);
    let header: unknown;
    try {
      if (end < 0) throw new Error('no header line');
      header = JSON.parse(new TextDecoder().decode(head.subarray(0, end)));
    } catch {
      throw new CliError(`${path}: not a graphgo df-pn table`);
    }
    if (!isHeader(header) || header.format !== FORMAT) throw new CliError(`${path}: not a graphgo df-pn table`);
    if (header.endian !== (LITTLE_ENDIAN ? 'little' : 'big')) throw new CliError(`${path}: written on a machine of the other byte order`);
    const mismatch = fingerprintMismatch(header.fingerprint, solver.tableFingerprint());
    if (mismatch !== null) throw new CliError(`${path}: made for ${mismatch}; give the same graph, rules and solver options, or another file`);
    // Tables saved before proofs recorded the history they were made under lack that last array: they load without
    // it (their proofs serve as before, the winning line searches for what they would have told).
    const all = table.arrays();
    const arrays = header.lengths.length === all.length - 1 ? all.slice(0, -1) : all;
    const lengths = arrays.map((a) => a.byteLength);
    if (header.lengths.length !== lengths.length || header.lengths.some((n, i) => n !== lengths[i])) {
      throw new CliError(`${path}: its arrays do not fit this table (a damaged file)`);
    }
    if (header.stored > table.size) throw new CliError(`${path}: ${header.stored} entries in use in a table of ${table.size} (a damaged file)`);
    const total = lengths.reduce((a, b) => a + b, 0);
    if (size !== end + 1 + total) throw new CliError(`${path}: ${size} bytes where ${end + 1 + total} were expected (a truncated or damaged file)`);
    let position = end + 1;
    for (const array of arrays) {
      const bytes = bytesOf(array);
      for (let at = 0; at < bytes.length; at += CHUNK) {
        const n = Math.min(CHUNK, bytes.length - at);
        if (readSync(fd, bytes, at, n, position) !== n) throw new CliError(`${path}: could not be read whole`);
        position += n;
      }
    }
    table.rebuildChecks();
    table.stored = header.stored;
    return header.stored;
  } finally {
    closeSync(fd);
  }
}

/** Fails now, before a long search, if FILE cannot be written (FILE.tmp is created and removed). */
export function checkTableWritable(path: string): void {
  const temporary = `${path}.tmp`;
  try {
    closeSync(openSync(temporary, 'w'));
    unlinkSync(temporary);
  } catch (e) {
    throw new CliError(`cannot write the table to ${path}: ${(e as Error).message}`);
  }
}

/**
 * The file of a graph's table in a --table-dir (a family's tables, one a graph): the spec with its spaces as `_` and
 * every other character but letters, digits, `.` and `-` as %XX of its UTF-8 bytes, so that distinct specs never share a
 * file; specs that differ only in spacing are the same graph and share one. A name too long for a file system
 * (a spec of many edges) keeps its first 140 characters and adds a SHA-256 digest of the whole spec.
 */
export function tableFileFor(dir: string, spec: string): string {
  const normal = spec.trim().replace(/\s+/g, ' ');
  let name = '';
  for (const byte of new TextEncoder().encode(normal)) {
    const c = String.fromCharCode(byte);
    name += c === ' ' ? '_' : /[A-Za-z0-9.-]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  if (name.length > 180) name = `${name.slice(0, 140)}~${createHash('sha256').update(normal).digest('hex').slice(0, 32)}`;
  return join(dir, `${name}.tbl`);
}

/** Makes DIR (and its parents) if missing and checks, before a family's long search, that tables can be written there. */
export function prepareTableDir(dir: string): void {
  try {
    mkdirSync(dir, { recursive: true });
  } catch (e) {
    throw new CliError(`--table-dir: cannot make ${dir}: ${(e as Error).message}`);
  }
  if (!statSync(dir).isDirectory()) throw new CliError(`--table-dir: ${dir} is not a directory`);
  checkTableWritable(join(dir, 'graphgo-write-check'));
}

/** Writes the solver's df-pn table to FILE (through FILE.tmp, renamed when complete). */
export function saveSolverTable(path: string, solver: Solver): void {
  const table = tableOf(solver);
  const arrays = table.arrays();
  const header: Header = {
    format: FORMAT,
    endian: LITTLE_ENDIAN ? 'little' : 'big',
    fingerprint: solver.tableFingerprint(),
    stored: table.stored,
    lengths: arrays.map((a) => a.byteLength),
  };
  const temporary = `${path}.tmp`;
  let fd: number;
  try {
    fd = openSync(temporary, 'w');
  } catch (e) {
    throw new CliError(`cannot write the table to ${path}: ${(e as Error).message}`);
  }
  try {
    writeSync(fd, new TextEncoder().encode(JSON.stringify(header) + '\n'));
    for (const array of arrays) {
      const bytes = bytesOf(array);
      for (let at = 0; at < bytes.length; at += CHUNK) writeSync(fd, bytes, at, Math.min(CHUNK, bytes.length - at));
    }
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, path);
}

/** What differs between two fingerprints, in words (null: none). */
function fingerprintMismatch(saved: string, wanted: string): string | null {
  if (saved === wanted) return null;
  let a: Record<string, unknown>;
  let b: Record<string, unknown>;
  try {
    a = JSON.parse(saved) as Record<string, unknown>;
    b = JSON.parse(wanted) as Record<string, unknown>;
  } catch {
    return 'another solver';
  }
  // Both sides' keys: a key is left out of a fingerprint at its default (tableSeed 0).
  const differing = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]));
  const words: Record<string, string> = {
    table: 'another version of the solver',
    vertices: 'another graph',
    adjacency: 'another graph',
    liberties: 'another graph',
    rules: 'other rules',
    ttBits: `--tt-bits ${String(a.ttBits)}`,
    tableSeed: `--table-seed ${String(a.tableSeed ?? 0)}`,
    proofs: 'other solver options (--no-tt)',
    automorphisms: 'other symmetry options',
    keyAutomorphisms: 'other symmetry options',
    signatures: 'other solver options (--no-signatures)',
    exactSetSize: 'other solver options (--no-exact-sets)',
    winnerMovesOnly: 'other solver options (--no-winner-moves-only)',
  };
  // Another graph has other automorphisms too: that says nothing more.
  const graphDiffers = differing.some((k) => words[k] === 'another graph');
  const shown = graphDiffers ? differing.filter((k) => k !== 'automorphisms' && k !== 'keyAutomorphisms') : differing;
  const reasons = [...new Set(shown.map((k) => words[k] ?? 'another solver'))];
  return reasons.length === 0 ? 'another solver' : reasons.join(', ');
}
