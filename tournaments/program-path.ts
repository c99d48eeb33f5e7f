/**
 * Finding an engine's program file the way a spawn would, without starting it: the watcher wrapper needs to know
 * whether a spawn would find the program, and engines that read data files beside their program (Pachi) need the
 * folder it really lives in. PATH is passed in by the caller: tournaments/ never reads process globals.
 */
import { accessSync, constants, realpathSync, statSync } from 'node:fs';
import { delimiter, join, resolve } from 'node:path';

export function isExecutableFile(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/**
 * The absolute path a spawn from `cwd` with `pathVariable` as PATH would run for `program`, or null when it would
 * find nothing. A program with a slash is taken relative to `cwd`; a bare name is looked up in PATH (undefined: not
 * known, so not found).
 */
export function locateProgram(program: string, cwd: string | undefined, pathVariable: string | undefined): string | null {
  if (program.includes('/')) {
    const path = resolve(cwd ?? '.', program);
    return isExecutableFile(path) ? path : null;
  }
  if (pathVariable === undefined) return null;
  for (const dir of pathVariable.split(delimiter)) {
    // An empty PATH entry means the current folder, as in the shell.
    const path = resolve(cwd ?? '.', join(dir === '' ? '.' : dir, program));
    if (isExecutableFile(path)) return path;
  }
  return null;
}

/** Like locateProgram, with symbolic links followed to the real file (whose folder holds its data files). */
export function locateRealProgram(program: string, cwd: string | undefined, pathVariable: string | undefined): string | null {
  const found = locateProgram(program, cwd, pathVariable);
  if (found === null) return null;
  try {
    return realpathSync(found);
  } catch {
    return null;
  }
}
