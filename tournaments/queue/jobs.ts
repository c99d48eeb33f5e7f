/**
 * One game as a BullMQ job, and what a worker sends back.
 *
 * - The job id is the run's id and the game number (`<run>-g17`), so adding a game twice is a no-op while its job
 *   exists, and the coordinator finds a result by the game alone, also one that arrived while it was not running.
 * - The run's id is a hash of the tournament's identity, the output folder and the coordinator's host: the same
 *   command resumes the same run, and the same tournament in another folder is another run.
 * - The job holds only the run, the spec's hash and the game number; the worker derives the game's seats, seed and
 *   board from the spec exactly as the local harness does (schedule.ts, runner.ts's gameContext).
 * - A worker answers with the finished game's record, a void record (the game is replayed), or a skip (an engine
 *   that cannot play the game's graph or rules, which the local harness finds in its pre-flight). Records carry the
 *   worker's host.
 */
import { createHash } from 'node:crypto';
import { failure, ok, type Result } from '../../src/result.js';
import { tournamentIdentity, type Tournament } from '../config.js';
import type { GameRecord, VoidRecord } from '../records.js';

export const JOB_NAME = 'game';

export interface GameJob {
  readonly run: string;
  /** The hash of the run's spec (run-spec.ts). */
  readonly spec: string;
  readonly game: number;
}

export type GameJobResult =
  | { readonly kind: 'finished'; readonly record: GameRecord }
  | { readonly kind: 'void'; readonly record: VoidRecord }
  | { readonly kind: 'skip'; readonly reason: string };

export function runId(t: Tournament, coordinatorHost: string): string {
  const text = JSON.stringify({ identity: tournamentIdentity(t), out: t.out, host: coordinatorHost });
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}

export function jobId(run: string, game: number): string {
  return `${run}-g${game}`;
}

/** The game number of one of this run's job ids, or null for another run's job. */
export function gameOfJob(run: string, id: string | undefined): number | null {
  if (id === undefined || !id.startsWith(`${run}-g`)) return null;
  const n = Number(id.slice(run.length + 2));
  return Number.isInteger(n) && n >= 0 ? n : null;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function parseGameJob(v: unknown): Result<GameJob, 'bad-job'> {
  if (!isObject(v) || typeof v.run !== 'string' || typeof v.spec !== 'string' || !Number.isInteger(v.game)) {
    return failure('bad-job', `not a graphgo game job: ${JSON.stringify(v)?.slice(0, 200)}`);
  }
  return ok({ run: v.run, spec: v.spec, game: v.game as number });
}

/** Reads a worker's answer for game `game`. */
export function parseJobResult(v: unknown, game: number): Result<GameJobResult, 'bad-result'> {
  const bad = (why: string) => failure('bad-result', `game ${game}: a worker's answer ${why}`);
  if (!isObject(v)) return bad('is not an object');
  if (v.kind === 'skip') return typeof v.reason === 'string' ? ok({ kind: 'skip', reason: v.reason }) : bad('gives no reason to skip');
  if (v.kind !== 'finished' && v.kind !== 'void') return bad(`has an unknown kind ${JSON.stringify(v.kind)}`);
  const r = v.record;
  if (!isObject(r) || r.game !== game || !Array.isArray(r.moves)) return bad('holds no record of this game');
  if (v.kind === 'finished') {
    if (typeof r.result !== 'string') return bad('holds a record without a result');
    return ok({ kind: 'finished', record: r as unknown as GameRecord });
  }
  if (typeof r.reason !== 'string') return bad('holds a void record without a reason');
  return ok({ kind: 'void', record: r as unknown as VoidRecord });
}
