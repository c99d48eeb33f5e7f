/**
 * Output folders, made one level at a time. Node's `mkdirSync(path, { recursive: true })` spins for ever, at full
 * CPU and deaf to SIGTERM, on a path the kernel refuses with ENOENT under a parent that exists (any new name under
 * /proc): it reads the ENOENT as a missing parent, finds the parent there, and tries again. Made here level by
 * level, every refusal is an error that names the folder.
 */
import { lstatSync, mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/** A folder that cannot be made or used; its message is for the user as it stands. */
export class FolderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FolderError';
  }
}

const REASONS: Readonly<Record<string, string>> = {
  ENOENT: 'the system refuses to create it there',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'read-only file system',
  ENOSPC: 'no space left on the device',
  ENOTDIR: 'part of the path is a file, not a folder',
  ENAMETOOLONG: 'the name is too long',
};

function reasonOf(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  return (code !== undefined ? REASONS[code] : undefined) ?? (e instanceof Error ? e.message : String(e));
}

/** Whether `path` is a folder (following links); false when it is missing or cannot be read. */
export function isFolder(path: string): boolean {
  return statSync(path, { throwIfNoEntry: false })?.isDirectory() ?? false;
}

function isLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}

/** Makes `path` and any missing parents (like mkdir -p); throws FolderError naming `path` when it cannot. */
export function makeFolder(path: string): void {
  const missing: string[] = [];
  for (let p = resolve(path); ; ) {
    let isFolder: boolean;
    try {
      isFolder = statSync(p).isDirectory();
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT') throw new FolderError(`cannot create the folder ${path}: ${reasonOf(e)}`);
      // stat follows links: a link to nothing reads as missing, but mkdir cannot make a folder in its place.
      if (isLink(p)) throw new FolderError(`cannot create the folder ${path}: ${p} is a symbolic link to nothing`);
      missing.push(p);
      const parent = dirname(p);
      if (parent === p) break;
      p = parent;
      continue;
    }
    if (!isFolder) {
      const what = p === resolve(path) ? 'it is a file, not a folder' : `${p} is a file, not a folder`;
      throw new FolderError(`cannot create the folder ${path}: ${what}`);
    }
    break;
  }
  for (let i = missing.length - 1; i >= 0; i--) {
    try {
      mkdirSync(missing[i]);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw new FolderError(`cannot create the folder ${path}: ${reasonOf(e)}`);
      // Made by someone else meanwhile: fine if it is a folder.
      if (!isFolder(missing[i])) {
        throw new FolderError(`cannot create the folder ${path}: ${missing[i]} exists and is not a folder`);
      }
    }
  }
}
