/**
 * Vitest's global setup: every temporary file the suite makes goes under one folder, removed when the run ends.
 *
 * The tests make their folders with `mkdtempSync(join(tmpdir(), ...))`, and the engines, servers and CLI runs they
 * start write theirs the same way; leaving each to clean up after itself left some 40 folders in /tmp a run, and more
 * from a run cut short. TMPDIR, which `os.tmpdir()` reads, is set before the workers start, so they and every
 * process they spawn inherit it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => void {
  const root = mkdtempSync(join(tmpdir(), 'graphgo-test-'));
  process.env.TMPDIR = root;
  return () => rmSync(root, { recursive: true, force: true });
}
