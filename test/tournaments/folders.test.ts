/**
 * Output folders (tournaments/folders.ts): made level by level, every refusal a FolderError naming the folder.
 * Node's recursive mkdir spins for ever under /proc, which is how a tournament once hung at full CPU.
 */
import { existsSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FolderError, makeFolder } from '../../tournaments/folders.js';
import { tempDir } from './helpers.js';

describe('makeFolder', () => {
  it('makes missing parents, and leaves an existing folder alone', () => {
    const root = tempDir('graphgo-folders-');
    const deep = join(root, 'a', 'b', 'c');
    makeFolder(deep);
    expect(statSync(deep).isDirectory()).toBe(true);
    makeFolder(deep);
    makeFolder(root);
    expect(statSync(deep).isDirectory()).toBe(true);
  });

  it('refuses a path through a file, naming the folder asked for', () => {
    const root = tempDir('graphgo-folders-');
    const file = join(root, 'results.json');
    writeFileSync(file, '{}');
    expect(() => makeFolder(file)).toThrow(new FolderError(`cannot create the folder ${file}: it is a file, not a folder`));
    expect(() => makeFolder(join(file, 'logs'))).toThrow(
      new FolderError(`cannot create the folder ${join(file, 'logs')}: part of the path is a file, not a folder`),
    );
  });

  it('refuses a symbolic link to nothing, which stat reads as missing', () => {
    const root = tempDir('graphgo-folders-');
    const link = join(root, 'dangling');
    symlinkSync(join(root, 'nowhere'), link);
    expect(() => makeFolder(link)).toThrow(new FolderError(`cannot create the folder ${link}: ${link} is a symbolic link to nothing`));
    expect(() => makeFolder(join(link, 'logs'))).toThrow(
      new FolderError(`cannot create the folder ${join(link, 'logs')}: ${link} is a symbolic link to nothing`),
    );
  });

  it.skipIf(!existsSync('/proc/self'))('refuses a new name under /proc at once instead of spinning', () => {
    const started = performance.now();
    expect(() => makeFolder('/proc/graphgo-test/logs')).toThrow(
      new FolderError('cannot create the folder /proc/graphgo-test/logs: the system refuses to create it there'),
    );
    expect(performance.now() - started).toBeLessThan(5000);
  });
});
