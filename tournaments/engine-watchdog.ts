/**
 * Engines must not outlive the harness. A GTP engine normally ends when its input closes, and a killed harness closes
 * it; but an engine stuck in a search (or one that ignores end of input) never reads again, and a harness killed
 * with SIGKILL cannot kill it. So every engine is started through `/bin/sh`, which starts a watcher in the engine's
 * process group and then `exec`s the engine, keeping the pid the harness knows. The watcher checks once a second
 * that the shell's parent (the harness) is alive; once it is gone, it kills the whole group with SIGKILL, the engine
 * and itself included. When the harness ends the engine first, the group kill takes the watcher with it.
 *
 * The engine runs in a group of its own (protocol/client.ts spawns it detached), so the group is exactly the engine,
 * its children and the watcher. The watcher's output goes to /dev/null, so it never holds the engine's pipes open.
 *
 * A program that cannot be found is started without the wrapper, so its failure still reads `spawn ... ENOENT`
 * rather than the shell's words. Without /bin/sh (Windows) engines are started directly.
 */
import { existsSync } from 'node:fs';
import { platform } from 'node:os';
import { locateProgram } from './program-path.js';

export const SHELL = '/bin/sh';

/** Seconds between two checks that the harness is alive: how long an engine can outlive it. */
export const WATCH_INTERVAL_S = 1;

const SCRIPT =
  `( while kill -0 "$PPID" 2>/dev/null; do sleep ${WATCH_INTERVAL_S}; done; kill -KILL 0 ) </dev/null >/dev/null 2>&1 &\n` +
  'exec "$@"';

/** The argv that starts `program args` under the watcher, or the same argv where the watcher cannot be used. */
export function watchedArgv(
  program: string,
  args: readonly string[],
  cwd: string | undefined,
  env: Readonly<Record<string, string | undefined>> | undefined,
): { program: string; args: string[] } {
  if (platform() === 'win32' || !existsSync(SHELL) || locateProgram(program, cwd, env?.PATH) === null) return { program, args: [...args] };
  return { program: SHELL, args: ['-c', SCRIPT, 'graphgo-engine', program, ...args] };
}
