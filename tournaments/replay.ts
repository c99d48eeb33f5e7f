/**
 * Replaying one engine's side of a finished game: the engine is started and seeded as the harness started it for
 * that game (seeds.ts), told the game's board, rules and handicap, and then walked through the recorded moves:
 * `genmove` on its own turns (each answer checked against the record) and `play` for everyone else's. Where its
 * answers match the record, the engine is in the very state it was in during the game, so any GTP command sent at
 * the chosen move (an analysis, `genmove` with other settings, `showboard`) asks the same program the game asked.
 *
 * The run's tournament is rebuilt from OUT/tournament.json (the identity a resume checks), so the replay needs
 * nothing but the run's folder and the engines' programs where the run found them. Searches limited by time, or
 * run on several threads, do not repeat themselves: the replay then parts from the record and says where.
 */
import { existsSync } from 'node:fs';
import { failure, ok, type Result } from '../src/result.js';
import { parseVertex } from '../src/notation.js';
import { gtpColorArgument } from '../src/vocabulary.js';
import { tournamentIdentity, validateTournament, type GraphEntry, type RulesEntry, type Tournament } from './config.js';
import { EngineProcess } from './engine-process.js';
import type { EngineDef } from './engine-spec.js';
import { handicapPlacement } from './handicap.js';
import { readResults, type GameRecord } from './records.js';
import { engineProcess, identityDifferences, readStoredTournament, type RunHost } from './runner.js';

export interface ReplayRequest {
  /** The run's folder (OUT). */
  readonly dir: string;
  /** The game number (`game` in results.jsonl, the `g` of its seed `S.g`). */
  readonly game: number;
  /** The engine to replay; null: the game's only built-in engine, when it has exactly one. */
  readonly engine: string | null;
  /** Stop before this move (1 = the first move); null: after the last recorded move. */
  readonly move: number | null;
  /** GTP commands sent once the position is reached, each answered in turn. */
  readonly then: readonly string[];
  readonly host: Pick<RunHost, 'node' | 'graphgoMain' | 'env'>;
  /** Where the engine's stderr goes (a file per engine, as in a run's logs folder). */
  readonly logDir: string;
}

/** What the replay reports as it goes, for the command line to print. */
export type ReplayEvent =
  | { readonly type: 'warning'; readonly text: string }
  | { readonly type: 'started'; readonly engine: string; readonly seed: string; readonly moves: number }
  | { readonly type: 'answer'; readonly command: string; readonly ok: boolean; readonly text: string };

export interface ReplaySummary {
  readonly engine: string;
  /** The moves replayed (the position reached is the one before move `replayed + 1`). */
  readonly replayed: number;
  /** The engine's own moves asked with genmove, every one as recorded. */
  readonly checked: number;
  readonly logPath: string;
}

export type ReplayError = 'no-run' | 'no-game' | 'bad-request' | 'engine' | 'diverged';

/** A run's tournament as its resume would rebuild it, from the identity kept in OUT/tournament.json. */
export function storedTournament(dir: string): Result<Tournament, 'no-run'> {
  const stored = readStoredTournament(dir);
  if (stored === null) return failure('no-run', `${dir} holds no readable tournament.json: not a run folder`);
  const id = stored.identity as Record<string, unknown>;
  const graphs = Array.isArray(id.graphs) ? (id.graphs as { label: string; graph: string }[]) : [];
  const schedule = id.schedule as { type?: string; challenger?: string } | undefined;
  const raw = {
    name: stored.name,
    engines: id.engines,
    ...(schedule?.type === 'gauntlet' ? { schedule: 'gauntlet', challenger: schedule.challenger } : {}),
    // A graph by its set_graph argument where the run kept it (a file graph's label is no spec), named by its label.
    graphs: graphs.map((g) => {
      const setGraph = stored.graphs?.find((s) => s.label === g.label)?.setGraph;
      return setGraph === undefined ? g.label : { spec: setGraph, name: g.label };
    }),
    rules: id.rules,
    games: stored.games,
    ...(id.playouts !== null && id.playouts !== undefined ? { playouts: id.playouts } : {}),
    ...(id.seconds !== null && id.seconds !== undefined ? { seconds: id.seconds } : {}),
    seed: id.seed,
    ...(id.moveLimit !== null && id.moveLimit !== undefined ? { moveLimit: id.moveLimit } : {}),
    ...(id.handicap !== undefined ? { handicap: id.handicap } : {}),
    out: dir,
  };
  const t = validateTournament(raw, { baseDir: dir, defaultOut: () => dir });
  const before = stored.graphs === undefined ? ' (a run made before tournament.json kept each graph names a graph read from a file by its label alone)' : '';
  if (!t.ok) return failure('no-run', `cannot rebuild the tournament of ${dir} from its tournament.json: ${t.error.message}${before}`);
  // The identity a resume checks: a graph read from a file is stored under its file's name, and the label alone may
  // not give the same graph back.
  const differences = identityDifferences(id, tournamentIdentity(t.value));
  if (differences.length > 0) {
    return failure('no-run', `cannot rebuild the tournament of ${dir} as it was played (${differences.join(', ')} differ)${before}`);
  }
  return t;
}

/** Options that make a built-in bot's moves depend on timing, so a replay may part from the record. */
function timingDependence(t: Tournament, def: EngineDef): string | null {
  if (t.seconds !== null) return `the run gave ${t.seconds} s a move`;
  const options = def.builtin?.options ?? def.command ?? [];
  for (let i = 0; i < options.length; i++) {
    const o = options[i];
    if (o === '--time' || o.startsWith('--time=')) return `${def.name} searches by time (${o})`;
    if ((o === '--threads' && Number(options[i + 1]) > 1) || (/^--threads=/.test(o) && Number(o.slice(10)) > 1)) return `${def.name} searches on several threads`;
  }
  return null;
}

/** Whether two vertex names of the graph name the same vertex (GTP names are case-insensitive). */
function sameVertex(entry: GraphEntry, a: string, b: string): boolean {
  const pa = parseVertex(entry.graph, a);
  const pb = parseVertex(entry.graph, b);
  if (pa.ok && pb.ok) return pa.value === pb.value;
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

function chosenEngine(record: GameRecord, t: Tournament, asked: string | null): Result<EngineDef, 'bad-request'> {
  const names = [...new Set(record.seats)];
  if (asked !== null) {
    if (!names.includes(asked)) return failure('bad-request', `game ${record.game} was played by ${names.join(' and ')}, not by "${asked}"`);
    return ok(t.engines.find((e) => e.name === asked)!);
  }
  const builtins = names.filter((n) => t.engines.find((e) => e.name === n)?.builtin !== undefined);
  if (builtins.length === 1) return ok(t.engines.find((e) => e.name === builtins[0])!);
  return failure('bad-request', `say which engine to replay with --engine (game ${record.game} was played by ${names.join(' and ')})`);
}

export async function replayGame(req: ReplayRequest, onEvent: (e: ReplayEvent) => void): Promise<Result<ReplaySummary, ReplayError>> {
  const built = storedTournament(req.dir);
  if (!built.ok) return built;
  const t = built.value;
  const { records } = readResults(req.dir);
  const record = records.find((r) => r.game === req.game);
  if (record === undefined) {
    const have = records.map((r) => r.game).sort((a, b) => a - b);
    const range = have.length === 0 ? 'no finished games' : `games ${have[0]} to ${have[have.length - 1]} (${have.length} finished)`;
    return failure('no-game', `game ${req.game} is not among the finished games of ${req.dir}: it has ${range}`);
  }
  const picked = chosenEngine(record, t, req.engine);
  if (!picked.ok) return picked;
  const def = picked.value;
  const last = record.moves.length + 1;
  const stopBefore = req.move ?? last;
  if (!Number.isInteger(stopBefore) || stopBefore < 1 || stopBefore > last) {
    return failure('bad-request', `--move must be 1 to ${last} for game ${record.game} (it has ${record.moves.length} moves; ${last} is the position after the last), got ${req.move}`);
  }
  for (const command of req.then) {
    if (command.trim() === '' || command.trim().startsWith('#')) return failure('bad-request', `--then needs a GTP command, got ${JSON.stringify(command)}`);
    if (command.includes('\n')) return failure('bad-request', `--then takes one GTP command each, got a line break in ${JSON.stringify(command)}`);
  }
  const graph = t.graphs.find((g) => g.label === record.graph);
  const rules = t.rules.find((r) => r.text === record.rules);
  if (graph === undefined || rules === undefined) {
    return failure('no-run', `game ${record.game} names a graph or rules ("${record.graph}", "${record.rules}") that the run's tournament.json does not hold`);
  }
  if (def.builtin !== undefined && !existsSync(req.host.graphgoMain)) {
    return failure('engine', `the built-in engine ${def.name} runs ${req.host.graphgoMain}, which is missing: build first (npm run build)`);
  }
  const timing = timingDependence(t, def);
  if (timing !== null) onEvent({ type: 'warning', text: `${timing}: its moves depend on timing, so the replay may part from the record` });

  const p = engineProcess(t, def, req.host, 0, req.logDir);
  try {
    return await walk(req, t, record, graph, rules, p, stopBefore - 1, onEvent);
  } finally {
    await p.close();
  }
}

async function walk(
  req: ReplayRequest,
  t: Tournament,
  record: GameRecord,
  graph: GraphEntry,
  rules: RulesEntry,
  p: EngineProcess,
  moves: number,
  onEvent: (e: ReplayEvent) => void,
): Promise<Result<ReplaySummary, ReplayError>> {
  const name = p.name;
  const engineFailed = (what: string, message: string): Result<never, 'engine'> => failure('engine', `${name} ${what}: ${message} (its stderr: ${p.logPath})`);
  // Started, then seeded with the game's seed by prepareGame, as the harness does before every game.
  try {
    await p.start();
  } catch (e) {
    return failure('engine', e instanceof Error ? e.message : String(e));
  }
  onEvent({ type: 'started', engine: name, seed: record.seed, moves });
  const ready = await p.prepareGame(graph, rules, record.seed, t.seconds);
  if (!ready.ok) return engineFailed('could not be set up for the game', ready.error.message);
  if (record.handicap !== undefined && t.handicap !== null) {
    const placement = handicapPlacement(graph, t.handicap);
    if (typeof placement === 'string') return failure('no-run', placement);
    const command = placement.kind === 'fixed' ? `fixed_handicap ${placement.stones.length}` : `set_free_handicap ${record.handicap.join(' ')}`;
    const r = await p.request(command);
    if (!r.ok) return engineFailed(`failed at "${command}"`, r.error.message);
    if (!r.value.ok) return engineFailed(`refused "${command}"`, r.value.text);
  }
  const colors = rules.rules.colors;
  let checked = 0;
  for (let i = 0; i < moves; i++) {
    const m = record.moves[i];
    const color = gtpColorArgument(m.color, colors);
    if (m.engine === name) {
      const r = await p.genmove(m.color, colors);
      if (!r.ok) return engineFailed(`failed at move ${i + 1} (genmove ${color})`, r.error.message);
      if (!r.value.ok) return engineFailed(`refused genmove ${color} at move ${i + 1}`, r.value.text);
      const word = r.value.text.trim().split(/\s+/)[0] ?? '';
      if (!sameVertex(graph, word, m.move)) {
        return failure(
          'diverged',
          `move ${i + 1}: ${name} now plays ${word || '(nothing)'} where the game has ${m.move}, so the replay has parted from the game after ${checked} matching moves of its own (a different build, settings, or a search that depends on timing)`,
        );
      }
      checked++;
    } else {
      const r = await p.play(m.color, colors, m.move);
      if (!r.ok) return engineFailed(`failed at move ${i + 1} (play ${color} ${m.move})`, r.error.message);
      if (!r.value.ok) return engineFailed(`refused "play ${color} ${m.move}" at move ${i + 1}`, r.value.text);
    }
  }
  for (const command of req.then) {
    let r;
    try {
      r = await p.request(command);
    } catch (e) {
      return failure('bad-request', `cannot send ${JSON.stringify(command)}: ${e instanceof Error ? e.message : String(e)}`);
    }
    if (!r.ok) return engineFailed(`failed at "${command}"`, r.error.message);
    onEvent({ type: 'answer', command, ok: r.value.ok, text: r.value.text });
  }
  return ok({ engine: name, replayed: moves, checked, logPath: p.logPath });
}
