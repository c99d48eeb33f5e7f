/** Runs one of scripts/*.mjs with node, as a user would, and returns its exit status and output. */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const scripts = new URL('../../scripts/', import.meta.url);

export function runScript(script: string, ...args: string[]): { code: number | null; out: string; err: string } {
  const r = spawnSync(process.execPath, [fileURLToPath(new URL(script, scripts)), ...args], { encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}
