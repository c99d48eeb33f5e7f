/**
 * One run per output folder: `OUT/lock` holds the owner's pid, host and start time, created with O_EXCL so two
 * runs cannot both win. A lock whose pid is no longer alive on this host is stale (a run that was SIGKILLed): it is
 * removed with a warning. A lock from another host cannot be checked and is refused with a message saying so.
 *
 * Whether a pid is alive is asked through `isAlive`, given by the command-line layer (tournaments/ does not touch
 * process globals).
 */
import { closeSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

export const LOCK_FILE = 'lock';

export interface LockOwner {
  readonly pid: number;
  readonly host: string;
  readonly started: string;
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

export class FolderLock {
  private released = false;
  constructor(readonly path: string) {}

  /** Removes the lock file (idempotent; synchronous, so it also works from an exit handler). */
  release(): void {
    if (this.released) return;
    this.released = true;
    rmSync(this.path, { force: true });
  }
}

export function readLock(dir: string): LockOwner | null {
  try {
    const v = JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')) as Partial<LockOwner>;
    if (typeof v.pid === 'number' && typeof v.host === 'string' && typeof v.started === 'string') {
      return { pid: v.pid, host: v.host, started: v.started };
    }
  } catch {
    // missing or unreadable
  }
  return null;
}

/** Takes the folder's lock or throws LockError naming the run that holds it. */
export function acquireLock(dir: string, options: LockOptions): FolderLock {
  const path = join(dir, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      const owner: LockOwner = { pid: options.pid, host: hostname(), started: new Date().toISOString() };
      writeSync(fd, JSON.stringify(owner) + '\n');
      closeSync(fd);
      return new FolderLock(path);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    const owner = readLock(dir);
    if (owner === null) {
      // Being written right now, or garbage: wait for a fresh one, treat an old one as stale.
      let age = 0;
      try {
        age = Date.now() - statSync(path).mtimeMs;
      } catch {
        continue;
      }
      if (age < 5000) throw new LockError(`${dir} is locked (${path} is being written by another run)`, null);
      options.onStale?.(`removed an unreadable lock file ${path}`);
      rmSync(path, { force: true });
      continue;
    }
    if (owner.host !== hostname()) {
      throw new LockError(
        `${dir} is locked by pid ${owner.pid} on host ${owner.host} since ${owner.started}; if that run is gone, delete ${path}`,
        owner,
      );
    }
    if (owner.pid !== options.pid && options.isAlive(owner.pid)) {
      throw new LockError(`${dir} is in use by another run (pid ${owner.pid}, started ${owner.started})`, owner);
    }
    options.onStale?.(`removed a stale lock left by pid ${owner.pid} (started ${owner.started}), which is no longer running`);
    rmSync(path, { force: true });
  }
  throw new LockError(`could not take the lock ${path}`, null);
}
