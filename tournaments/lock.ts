/**
 * One run per output folder. `OUT/lock` holds the owner's pid, host, start time and a token unique to this taking of
 * the lock.
 *
 * - Taking it is one atomic step: the record is written to a private file, which is then hard-linked as OUT/lock.
 *   link(2) fails when OUT/lock exists, so of any number of contenders exactly one wins, and no one ever reads a
 *   half-written lock. (Where the file system has no hard links, open with O_EXCL and then write.)
 * - A lock whose pid is dead on this host is stale (a run that was SIGKILLed). Breaking it is where two runs used to
 *   both win: both saw the stale lock, one removed it and took the folder, then the other removed that fresh lock and
 *   took the folder too. So a stale lock is removed only by the contender that claims it first, by creating a claim
 *   file named after the stale lock's content (O_EXCL again), and only while OUT/lock still has that very content.
 *   Tokens are never reused, so a fresh lock is never mistaken for the stale one. Then everyone tries link again.
 * - A claim whose owner died before finishing would block the folder for good, so a claim with a dead pid is passed
 *   over for the next claim number, which is again created exclusively.
 * - A lock from another host cannot be checked and is refused with a message saying so.
 * - `release` removes OUT/lock only while it still holds this run's token, so it never removes another run's lock.
 *
 * Whether a pid is alive is asked through `isAlive`, given by the command-line layer (tournaments/ does not touch
 * process globals).
 */
import { createHash } from 'node:crypto';
import { closeSync, existsSync, linkSync, openSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname, join } from 'node:path';
import { UnreadableFileError, readBoundedText } from './bounded-read.js';

export const LOCK_FILE = 'lock';

/** How long to wait for a contender that is in the middle of taking or breaking the lock. */
const BUSY_WAIT_MS = 3000;
/** A lock file that cannot be read and is younger than this may still be being written by an older harness. */
const UNREADABLE_GRACE_MS = 5000;

export interface LockOwner {
  readonly pid: number;
  readonly host: string;
  readonly started: string;
  /** Unique to one taking of the lock (absent in locks written by older versions). */
  readonly token?: string;
}

export interface LockOptions {
  readonly pid: number;
  readonly isAlive: (pid: number) => boolean;
  /** Called with a message when a stale lock is removed. */
  readonly onStale?: (message: string) => void;
}

export class LockError extends Error {
  constructor(
    message: string,
    readonly owner: LockOwner | null,
  ) {
    super(message);
    this.name = 'LockError';
  }
}

/** Tokens this process holds, so a second runner in the same process sees the lock as live, not as its own pid's leftover. */
const heldTokens = new Set<string>();
let tokenCount = 0;

export class FolderLock {
  private released = false;
  constructor(
    readonly path: string,
    readonly token: string,
  ) {}

  /** Removes the lock file if it is still ours (idempotent; synchronous, so it also works from an exit handler). */
  release(): void {
    if (this.released) return;
    this.released = true;
    heldTokens.delete(this.token);
    if (parseOwner(readText(this.path))?.token === this.token) rmSync(this.path, { force: true });
  }
}

function readText(path: string): string | null {
  try {
    return readBoundedText(path);
  } catch {
    return null;
  }
}

function parseOwner(text: string | null): LockOwner | null {
  if (text === null) return null;
  try {
    const v = JSON.parse(text) as Partial<LockOwner>;
    if (typeof v.pid === 'number' && typeof v.host === 'string' && typeof v.started === 'string') {
      return { pid: v.pid, host: v.host, started: v.started, ...(typeof v.token === 'string' ? { token: v.token } : {}) };
    }
  } catch {
    // unreadable
  }
  return null;
}

export function readLock(dir: string): LockOwner | null {
  return parseOwner(readText(join(dir, LOCK_FILE)));
}

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Creates `path` holding `text`, atomically and only if it does not exist; false when it exists. The text goes to a
 * private file first and is hard-linked into place, so a reader sees the whole text or no file.
 */
function createExclusive(path: string, text: string, unique: string): boolean {
  const tmp = `${path}.${unique}.tmp`;
  writeFileSync(tmp, text);
  try {
    linkSync(tmp, path);
    return true;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'ENOSYS') throw e;
    // No hard links here: O_EXCL still lets one contender win; readers wait out the moment before the write.
    let fd: number;
    try {
      fd = openSync(path, 'wx');
    } catch (e2) {
      if ((e2 as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw e2;
    }
    writeSync(fd, text);
    closeSync(fd);
    return true;
  } finally {
    rmSync(tmp, { force: true });
  }
}

/** What identifies one lock file: its text and its inode and time, which a later file of the same text would not share. */
interface Seen {
  readonly text: string;
  readonly ino: number;
  readonly mtimeMs: number;
}

/** The lock file as it is now, or null when it is gone (released or broken meanwhile: look again). */
function see(path: string): Seen | null {
  try {
    const st = statSync(path);
    const text = readBoundedText(path);
    return { text, ino: st.ino, mtimeMs: st.mtimeMs };
  } catch (e) {
    // One that is there but cannot be read (a directory, a device) was written by no run and never changes: looking
    // again would spin for ever.
    if (e instanceof UnreadableFileError && existsSync(path)) throw new LockError(`${e.message}; delete it if no run is using ${dirname(path)}`, null);
    return null;
  }
}

function sameFile(a: Seen, b: Seen | null): boolean {
  return b !== null && a.text === b.text && a.ino === b.ino && a.mtimeMs === b.mtimeMs;
}

type BreakOutcome = 'removed' | 'gone' | 'busy';

/**
 * Removes the stale lock `seen` if this contender is the first to claim it (see the file comment); 'gone' when
 * another contender already dealt with it, 'busy' when a live contender holds the claim.
 */
function breakStale(path: string, seen: Seen, options: LockOptions, unique: string): BreakOutcome {
  const key = createHash('sha256').update(`${seen.ino}\n${seen.mtimeMs}\n${seen.text}`).digest('hex').slice(0, 16);
  const claimRecord = JSON.stringify({ pid: options.pid, host: hostname() }) + '\n';
  const claims: string[] = [];
  for (let k = 0; ; k++) {
    const claim = `${path}.break-${key}-${k}`;
    if (createExclusive(claim, claimRecord, unique)) {
      claims.push(claim);
      break;
    }
    const holder = parseOwnerPid(readText(claim));
    if (holder === null) return 'busy'; // removed meanwhile, or being replaced: look again
    if (holder.host === hostname() && !options.isAlive(holder.pid)) {
      claims.push(claim);
      continue;
    }
    return 'busy';
  }
  try {
    // Only the claimer removes this stale lock, and only while it is still that very file.
    if (!sameFile(seen, see(path))) return 'gone';
    rmSync(path, { force: true });
    return 'removed';
  } finally {
    for (const c of claims) rmSync(c, { force: true });
  }
}

function parseOwnerPid(text: string | null): { pid: number; host: string } | null {
  if (text === null) return null;
  try {
    const v = JSON.parse(text) as { pid?: unknown; host?: unknown };
    if (typeof v.pid === 'number' && typeof v.host === 'string') return { pid: v.pid, host: v.host };
  } catch {
    // unreadable
  }
  return null;
}

/** Takes the folder's lock or throws LockError naming the run that holds it. */
export function acquireLock(dir: string, options: LockOptions): FolderLock {
  const path = join(dir, LOCK_FILE);
  const host = hostname();
  const started = new Date().toISOString();
  const unique = `${options.pid}-${++tokenCount}`;
  const token = `${host}:${options.pid}:${started}:${tokenCount}`;
  const record = JSON.stringify({ pid: options.pid, host, started, token } satisfies LockOwner) + '\n';
  const deadline = Date.now() + BUSY_WAIT_MS;
  for (;;) {
    if (createExclusive(path, record, unique)) {
      // link(2) cannot have lost, but a lock that is not ours now must never be run under.
      if (readLock(dir)?.token === token) {
        heldTokens.add(token);
        return new FolderLock(path, token);
      }
      continue;
    }
    const seen = see(path);
    if (seen === null) continue; // released or broken meanwhile: try again
    const owner = parseOwner(seen.text);
    let stale: string;
    if (owner === null) {
      if (Date.now() - seen.mtimeMs < UNREADABLE_GRACE_MS) {
        if (Date.now() < deadline) {
          sleepSync(20);
          continue;
        }
        throw new LockError(`${dir} is locked (${path} is being written by another run)`, null);
      }
      stale = `removed an unreadable lock file ${path}`;
    } else if (owner.host !== host) {
      throw new LockError(`${dir} is locked by pid ${owner.pid} on host ${owner.host} since ${owner.started}; if that run is gone, delete ${path}`, owner);
    } else if (owner.pid === options.pid ? owner.token !== undefined && heldTokens.has(owner.token) : options.isAlive(owner.pid)) {
      throw new LockError(`${dir} is in use by another run (pid ${owner.pid}, started ${owner.started})`, owner);
    } else {
      stale = `removed a stale lock left by pid ${owner.pid} (started ${owner.started}), which is no longer running`;
    }
    const outcome = breakStale(path, seen, options, unique);
    if (outcome === 'removed') options.onStale?.(stale);
    else if (outcome === 'busy') {
      if (Date.now() >= deadline) throw new LockError(`could not take the lock ${path}: another run is taking it`, owner);
      sleepSync(5);
    }
  }
}
