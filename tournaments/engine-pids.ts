/**
 * OUT/engines.json: the engine processes the run holding the folder has started and not yet ended, so that the next
 * run can end any that a killed run left behind (engine-watchdog.ts normally ends them within a second; this is the
 * second line, for a watcher that was itself killed, or an engine that left its process group).
 *
 * - Each entry is a pid with the identity of that process: this boot's id and the process's start time, from
 *   /proc/PID/stat. A pid is reused once its process is gone, so a leftover is killed only when both still match;
 *   a recycled pid belongs to some other program and is left alone. Where /proc is missing (not Linux) the
 *   identity is unknown and nothing is killed.
 * - Only the run that holds the lock reads and writes the file (lock.ts), so it is rewritten whole, atomically
 *   (write a temporary file, rename), with no locking of its own.
 * - Killing means SIGKILL to the process group: an engine is the leader of its own group (protocol/client.ts), so
 *   its children and its watcher go too. The kill itself is given by the command-line layer, as `isAlive` is.
 */
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readBoundedText } from './bounded-read.js';

export const ENGINE_PIDS_FILE = 'engines.json';

export interface EnginePid {
  readonly pid: number;
  /** `<boot id>:<start time in clock ticks>`, or null where it cannot be read. */
  readonly identity: string | null;
  readonly engine: string;
  readonly worker: number;
}

function readProc(path: string): string | null {
  try {
    return readBoundedText(path);
  } catch {
    return null;
  }
}

/** Who a pid is now: the boot and the start time of the process that has it (null: no such process, or no /proc). */
export function processIdentity(pid: number): string | null {
  const stat = readProc(`/proc/${pid}/stat`);
  const boot = readProc('/proc/sys/kernel/random/boot_id');
  if (stat === null || boot === null) return null;
  // The command name, in parentheses, may hold spaces and parentheses: fields are counted after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Field 22 of stat is the start time; the fields here start at field 3 (the state).
  const start = fields[22 - 3];
  return start === undefined ? null : `${boot.trim()}:${start}`;
}

export function readEnginePids(dir: string): EnginePid[] {
  const text = readProc(join(dir, ENGINE_PIDS_FILE));
  if (text === null) return [];
  try {
    const v = JSON.parse(text) as unknown;
    if (!Array.isArray(v)) return [];
    return v.filter(
      (e): e is EnginePid =>
        typeof e === 'object' && e !== null && typeof (e as EnginePid).pid === 'number' && (e as EnginePid).pid > 0,
    );
  } catch {
    return [];
  }
}

function write(dir: string, entries: readonly EnginePid[]): void {
  const path = join(dir, ENGINE_PIDS_FILE);
  if (entries.length === 0) {
    rmSync(path, { force: true });
    return;
  }
  const tmp = `${path}.tmp`;
  writeFileSync(tmp, JSON.stringify(entries) + '\n');
  renameSync(tmp, path);
}

/**
 * Notes a started engine process (its identity is read now, while it surely runs). The note is a second line of
 * defence, so a folder that cannot be written (a full disk) costs the note, not the game: failures are ignored.
 */
export function addEnginePid(dir: string, pid: number, engine: string, worker: number): void {
  try {
    const entries = readEnginePids(dir).filter((e) => e.pid !== pid);
    entries.push({ pid, identity: processIdentity(pid), engine, worker });
    write(dir, entries);
  } catch {
    // see above
  }
}

/** Forgets an engine process that has been ended (failures ignored, as in addEnginePid). */
export function removeEnginePid(dir: string, pid: number): void {
  try {
    const entries = readEnginePids(dir);
    const rest = entries.filter((e) => e.pid !== pid);
    if (rest.length !== entries.length) write(dir, rest);
  } catch {
    // see addEnginePid
  }
}

/**
 * Kills the engines a previous run of the folder left running (call it holding the lock) and empties the file.
 * Returns a description of each one killed.
 */
export function endLeftoverEngines(dir: string, killGroup: (pid: number) => void): string[] {
  const killed: string[] = [];
  for (const e of readEnginePids(dir)) {
    if (e.identity === null || processIdentity(e.pid) !== e.identity) continue;
    killGroup(e.pid);
    killed.push(`${e.engine} (worker ${e.worker}, pid ${e.pid})`);
  }
  write(dir, []);
  return killed;
}
