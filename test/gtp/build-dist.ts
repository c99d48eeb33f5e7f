/**
 * Makes sure dist/ is built from the current sources before a test spawns `node dist/cli/main.js`. Vitest runs test
 * files in parallel workers, so the build is guarded by a lock directory: one worker builds, the others wait and then
 * find dist fresh. dist counts as stale when any .ts file of the build (or a tsconfig) is newer than
 * dist/cli/main.js. Type errors do not stop the build (tsc still emits; `npm test` type-checks separately).
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from './tst-runner.js';

const run = promisify(execFile);
const BUILD_DIRS = ['src', 'bots', 'protocol', 'tournaments', 'bench', 'cli', 'play'];
const LOCK = join(REPO_ROOT, 'dist', '.build-lock');
export const ENGINE_MAIN = join(REPO_ROOT, 'dist', 'cli', 'main.js');

function newestSource(): number {
  let newest = 0;
  const visit = (dir: string): void => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (entry.name.endsWith('.ts')) newest = Math.max(newest, statSync(path).mtimeMs);
    }
  };
  for (const d of BUILD_DIRS) visit(join(REPO_ROOT, d));
  for (const f of ['tsconfig.json', 'tsconfig.build.json', 'package.json']) {
    newest = Math.max(newest, statSync(join(REPO_ROOT, f)).mtimeMs);
  }
  return newest;
}

function isStale(): boolean {
  return !existsSync(ENGINE_MAIN) || statSync(ENGINE_MAIN).mtimeMs < newestSource();
}

async function acquireLock(): Promise<void> {
  mkdirSync(join(REPO_ROOT, 'dist'), { recursive: true });
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      mkdirSync(LOCK);
      return;
    } catch {
      // A lock older than two minutes was left by a killed run.
      try {
        if (Date.now() - statSync(LOCK).mtimeMs > 120_000) rmSync(LOCK, { recursive: true, force: true });
      } catch {
        // gone meanwhile
      }
      if (Date.now() > deadline) throw new Error(`timed out waiting for the build lock ${LOCK}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** Builds dist with `tsc -p tsconfig.build.json` when it is missing or older than the sources. */
export async function ensureDist(): Promise<void> {
  if (!isStale()) return;
  await acquireLock();
  try {
    if (!isStale()) return;
    try {
      await run('npx', ['--no-install', 'tsc', '-p', 'tsconfig.build.json'], { cwd: REPO_ROOT, maxBuffer: 1 << 24 });
    } catch (e) {
      // tsc emits even with type errors (npm test's `tsc --noEmit` reports those); only a build that left dist
      // stale stops the tests here.
      if (isStale()) {
        const out = e as { stdout?: string; stderr?: string; message: string };
        throw new Error(`npx tsc -p tsconfig.build.json failed:\n${out.stdout ?? ''}${out.stderr ?? ''}${out.message}`);
      }
    }
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}
