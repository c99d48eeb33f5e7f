/**
 * A tournament as the queue carries it to workers on other machines: plain JSON, stored once per run in Redis under
 * `graphgo:spec:<hash>` (a game's job names the hash), rebuilt on the worker into the same Tournament the local
 * harness plays from.
 *
 * - Graphs travel as their `set_graph` text (a family spec, or a file's graph as its `edges` line, which keeps the
 *   vertex numbering), rules as their full `set_rules` text and seats, engines as their definitions.
 * - The spec includes what may change on resume (games, timeouts), so its hash changes with them and a worker never
 *   plays from a stale copy.
 * - What the coordinator's folder holds (out, concurrency, the SPRT) does not travel: a worker plays games, it does
 *   not run the tournament.
 */
import { createHash } from 'node:crypto';
import { failure, ok, type Result } from '../../src/result.js';
import { readGraph, readRules } from '../../src/setup.js';
import { formatRules } from '../../src/rules.js';
import type { GraphEntry, RulesEntry, Schedule, Tournament } from '../config.js';
import type { EngineDef } from '../engine-spec.js';

/** 2: the handicap travels (a worker of version 1 would play even games). */
export const SPEC_VERSION = 2;

export interface RunSpec {
  readonly version: number;
  readonly name: string;
  readonly engines: readonly EngineDef[];
  readonly schedule: Schedule;
  readonly graphs: readonly { readonly label: string; readonly setGraph: string; readonly squareSide: number | null }[];
  readonly rules: readonly Omit<RulesEntry, 'rules'>[];
  readonly games: number;
  readonly playouts: number | null;
  readonly seconds: number | null;
  readonly seed: string;
  readonly moveTimeoutMs: number;
  readonly commandTimeoutMs: number;
  readonly startupTimeoutMs: number;
  readonly moveLimit: number | null;
  readonly handicap: number | null;
}

export function runSpec(t: Tournament): RunSpec {
  return {
    version: SPEC_VERSION,
    name: t.name,
    engines: t.engines,
    schedule: t.schedule,
    graphs: t.graphs.map((g) => ({ label: g.label, setGraph: g.setGraph, squareSide: g.squareSide })),
    rules: t.rules.map((r) => ({ label: r.label, text: r.text, seats: r.seats, roles: r.roles, seatLetters: r.seatLetters })),
    games: t.games,
    playouts: t.playouts,
    seconds: t.seconds,
    seed: t.seed,
    moveTimeoutMs: t.moveTimeoutMs,
    commandTimeoutMs: t.commandTimeoutMs,
    startupTimeoutMs: t.startupTimeoutMs,
    moveLimit: t.moveLimit,
    handicap: t.handicap,
  };
}

/** The spec as stored, and the hash a job names it by. */
export function specText(spec: RunSpec): { text: string; hash: string } {
  const text = JSON.stringify(spec);
  return { text, hash: createHash('sha256').update(text).digest('hex').slice(0, 16) };
}

export function specKey(hash: string): string {
  return `graphgo:spec:${hash}`;
}

/**
 * Rebuilds the tournament a worker plays from. `engines` replaces the definitions of the engines it names (a worker's
 * own command lines); `out` is the worker's folder for engine logs.
 */
export function tournamentFromSpec(text: string, engines: ReadonlyMap<string, EngineDef>, out: string): Result<Tournament, 'bad-spec'> {
  let spec: RunSpec;
  try {
    spec = JSON.parse(text) as RunSpec;
  } catch (e) {
    return failure('bad-spec', `the run's spec is not JSON: ${(e as Error).message}`);
  }
  if (spec.version !== SPEC_VERSION) return failure('bad-spec', `the run's spec has version ${String(spec.version)}; this worker reads version ${SPEC_VERSION} (update graphgo)`);
  const graphs: GraphEntry[] = [];
  for (const g of spec.graphs) {
    const built = readGraph({ spec: g.setGraph });
    if (!built.ok) return failure('bad-spec', `graph "${g.label}": ${built.error.message}`);
    graphs.push({ label: g.label, graph: built.value, setGraph: g.setGraph, squareSide: g.squareSide });
  }
  const rules: RulesEntry[] = [];
  for (const r of spec.rules) {
    const parsed = readRules(r.text);
    if (!parsed.ok) return failure('bad-spec', `rules "${r.label}": ${parsed.error.message}`);
    // A worker of another version could read the same text differently; the record would then lie about its rules.
    if (formatRules(parsed.value) !== r.text) return failure('bad-spec', `rules "${r.label}" read here as "${formatRules(parsed.value)}", not "${r.text}" (update graphgo)`);
    rules.push({ ...r, rules: parsed.value });
  }
  return ok({
    name: spec.name,
    engines: spec.engines.map((def) => {
      const local = engines.get(def.name);
      return local === undefined ? def : { ...local, name: def.name, startup: def.startup };
    }),
    schedule: spec.schedule,
    graphs,
    rules,
    games: spec.games,
    playouts: spec.playouts,
    seconds: spec.seconds,
    concurrency: 1,
    seed: spec.seed,
    out,
    moveTimeoutMs: spec.moveTimeoutMs,
    commandTimeoutMs: spec.commandTimeoutMs,
    startupTimeoutMs: spec.startupTimeoutMs,
    moveLimit: spec.moveLimit,
    sprt: null,
    handicap: spec.handicap ?? null,
  });
}
