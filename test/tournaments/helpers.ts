/**
 * Shared pieces of the harness tests: the fake engine, a host for the runner, temporary folders, and a way to run
 * a tournament object in-process and collect what it reports.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateTournament, type Tournament } from '../../tournaments/config.js';
import { readResults, readVoids, type GameRecord, type VoidRecord } from '../../tournaments/records.js';
import { TournamentRunner, type RunEvent, type RunHost, type RunSummary } from '../../tournaments/runner.js';

export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const FAKE_ENGINE = join(REPO_ROOT, 'test', 'tournaments', 'fixtures', 'fake-engine.mjs');
export const GRAPHGO_MAIN = join(REPO_ROOT, 'dist', 'cli', 'main.js');

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export const HOST: RunHost = { node: process.execPath, graphgoMain: GRAPHGO_MAIN, pid: process.pid, isAlive };

export function tempDir(prefix = 'graphgo-tournament-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** A fake engine entry for a tournament object. */
export function fake(name: string, ...args: string[]): { name: string; command: string[] } {
  return { name, command: [process.execPath, FAKE_ENGINE, '--name', name, ...args] };
}

export function tournament(raw: Record<string, unknown>, out: string): Tournament {
  const result = validateTournament({ graphs: ['grid 5 5'], rules: ['area'], ...raw, out }, { baseDir: REPO_ROOT, defaultOut: () => out });
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

export interface Played {
  readonly summary: RunSummary;
  readonly events: RunEvent[];
  readonly messages: string[];
  readonly records: GameRecord[];
  readonly voids: VoidRecord[];
  readonly runner: TournamentRunner;
}

export async function play(t: Tournament, setup?: (runner: TournamentRunner, events: RunEvent[]) => void): Promise<Played> {
  const events: RunEvent[] = [];
  const runner = new TournamentRunner(t, { host: HOST, onEvent: (e) => events.push(e) });
  setup?.(runner, events);
  const summary = await runner.run();
  const messages = events.flatMap((e) => (e.type === 'message' ? [e.text] : e.type === 'void' ? [`void ${e.game}: ${e.reason}`] : []));
  return { summary, events, messages, records: readResults(t.out).records, voids: readVoids(t.out).records, runner };
}
