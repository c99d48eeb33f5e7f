/**
 * The referee: plays one game between engine processes and decides it by its own Game, never by what the engines
 * claim.
 *
 * - It keeps a Game under the tournament's rules, asks the engine at the seat to move for `genmove <colour>`, and
 *   checks the answer: an unreadable answer or a move the rules forbid (occupied, suicide, ko, superko, a pass that
 *   is not allowed) is a forfeit by that engine, with its answer recorded. `resign` ends the game.
 * - Every legal move is sent as `play` to every other engine in the game. An engine that refuses a move the
 *   referee found legal disagrees with the rules (GNU Go refusing a suicide under `suicide=allowed`): the game is
 *   void and replayed, since no one broke the rules.
 * - An engine that crashes, hangs past the watchdog or breaks the protocol forfeits (and is restarted before its
 *   next game). A game aborted by the user is dropped: it is neither a result nor a void.
 * - The game ends by the rules (every seat passed, no legal move or pass under famine, resignation) and is scored
 *   by the referee, or stops at the move limit and is counted as it stands.
 * - Any other exception is a harness fault: the game is void.
 */
import { Game, colorLetter, describeScores } from '../src/game.js';
import type { Graph } from '../src/graph.js';
import { PASS, RESIGN } from '../src/move.js';
import { hasGtpNames, parseVertex, vertexName } from '../src/notation.js';
import { GtpEngineError } from '../protocol/client.js';
import type { GraphEntry, RulesEntry } from './config.js';
import { SetupRefusedError, type EngineProcess } from './engine-process.js';
import { RECORD_VERSION, type EndReason, type EngineNote, type ForfeitInfo, type ForfeitKind, type GameRecord, type MoveRecord, type VoidRecord } from './records.js';
import { enginesByColor, type ScheduledGame } from './schedule.js';

export interface GameContext {
  readonly game: ScheduledGame;
  readonly graph: GraphEntry;
  readonly rules: RulesEntry;
  readonly seed: string;
  readonly moveLimit: number;
  readonly seconds: number | null;
  readonly worker: number;
  /** The processes of the engines at the game's seats, by engine name. */
  readonly engines: ReadonlyMap<string, EngineProcess>;
  readonly signal: AbortSignal;
  /** Wall clock (tests may fake it). */
  readonly now?: () => number;
}

export type GameOutcome =
  | { readonly kind: 'finished'; readonly record: GameRecord; readonly failed: readonly string[] }
  | { readonly kind: 'void'; readonly record: VoidRecord; readonly failed: readonly string[] }
  | { readonly kind: 'aborted' };

/** The name the referee sends and records: GTP names on lattices up to 25x25, else index names. */
export function engineVertexName(graph: Graph, v: number): string {
  if (v === PASS) return 'pass';
  return hasGtpNames(graph) ? vertexName(graph, v) : String(v + 1);
}

function forfeitKindOf(e: GtpEngineError): ForfeitKind {
  switch (e.kind) {
    case 'timeout':
      return 'timeout';
    case 'protocol':
      return 'protocol';
    default:
      return 'crash';
  }
}

class Forfeit {
  constructor(readonly info: ForfeitInfo) {}
}

class Void {
  constructor(readonly reason: string) {}
}

class Aborted {}

export async function playGame(ctx: GameContext): Promise<GameOutcome> {
  const now = ctx.now ?? Date.now;
  const { game: scheduled, graph: graphEntry, rules: rulesEntry } = ctx;
  const graph = graphEntry.graph;
  const rules = rulesEntry.rules;
  const colors = rules.colors;
  const startedAt = now();
  const started = new Date(startedAt).toISOString();
  const seats = scheduled.seats;
  const distinct = [...new Set(seats)];
  const procs = distinct.map((name) => {
    const p = ctx.engines.get(name);
    if (p === undefined) throw new Error(`no process for engine ${name}`);
    return p;
  });
  const byColor = enginesByColor(seats, rules.order, colors);
  const moves: MoveRecord[] = [];
  const thinkMs: Record<string, number> = Object.fromEntries(distinct.map((n) => [n, 0]));
  const failed: string[] = [];
  const referee = new Game(graph, rules);
  let cpuStart = new Map<string, number>();

  const checkAbort = (): void => {
    if (ctx.signal.aborted) throw new Aborted();
  };
  /** Turns an engine failure into a forfeit (or an abort, when the user's abort killed it). */
  const engineFailure = (e: unknown, engine: string, color: number): never => {
    if (ctx.signal.aborted) throw new Aborted();
    if (e instanceof GtpEngineError) {
      failed.push(engine);
      const proc = ctx.engines.get(engine);
      if (proc !== undefined) proc.lastFailure = e.message;
      throw new Forfeit({ engine, color, kind: forfeitKindOf(e), detail: e.message });
    }
    throw e;
  };
  /** The first colour an engine plays in this game (for forfeits outside its own turn). */
  const colorOf = (engine: string): number => rules.order[seats.indexOf(engine)];

  let end: { reason: EndReason; forfeit?: ForfeitInfo } | null = null;
  try {
    // Set-up.
    for (const p of procs) {
      checkAbort();
      try {
        await p.prepareGame(graphEntry, rulesEntry, ctx.seed, ctx.seconds);
      } catch (e) {
        if (e instanceof SetupRefusedError) throw new Void(e.message);
        engineFailure(e, p.name, colorOf(p.name));
      }
    }
    cpuStart = await cpuTimes(procs);

    while (!referee.over) {
      checkAbort();
      if (moves.length >= ctx.moveLimit) {
        end = { reason: 'move-limit' };
        break;
      }
      const seat = referee.seatToMove;
      const color = referee.toMove;
      const engine = seats[seat];
      const proc = ctx.engines.get(engine)!;
      const t0 = now();
      let answer;
      try {
        answer = await proc.genmove(color, colors);
      } catch (e) {
        thinkMs[engine] += now() - t0;
        engineFailure(e, engine, color);
      }
      const ms = now() - t0;
      thinkMs[engine] += ms;
      if (!answer!.ok) {
        throw new Forfeit({ engine, color, kind: 'genmove-error', detail: `genmove failed: ? ${answer!.text}` });
      }
      const text = answer!.text.trim();
      const word = text.split(/\s+/)[0] ?? '';
      const parsed = parseVertex(graph, word);
      if (!parsed.ok || word.length === 0) {
        throw new Forfeit({ engine, color, kind: 'illegal-move', detail: `unreadable answer to genmove`, move: text });
      }
      if (parsed.vertex === RESIGN) {
        referee.resign(color);
        break;
      }
      const status = referee.play(color, parsed.vertex);
      if (status !== 'ok') {
        throw new Forfeit({ engine, color, kind: 'illegal-move', detail: `illegal move ${word} (${status})`, move: text });
      }
      const selfCapture = parsed.vertex !== PASS && referee.position.selfCaptured > 0;
      const name = engineVertexName(graph, parsed.vertex);
      moves.push({ color, move: name, engine, ms });
      for (const other of procs) {
        if (other === proc) continue;
        checkAbort();
        let reply;
        try {
          reply = await other.play(color, colors, name);
        } catch (e) {
          engineFailure(e, other.name, colorOf(other.name));
        }
        if (!reply!.ok) {
          throw new Void(
            `${other.name} refused "play ${colorLetter(color, colors)} ${name}", which the rules "${rulesEntry.text}" allow: ? ${reply!.text}` +
              (selfCapture ? ' (the move is a suicide: play engines that refuse suicide under suicide=forbidden)' : ''),
          );
        }
      }
    }
    if (end === null) end = { reason: referee.reason ?? 'passes' };
  } catch (e) {
    if (e instanceof Aborted) return { kind: 'aborted' };
    if (e instanceof Forfeit) end = { reason: e.info.kind, forfeit: e.info };
    else {
      const reason = e instanceof Void ? e.reason : `harness fault: ${e instanceof Error ? e.message : String(e)}`;
      const finishedAt = now();
      return {
        kind: 'void',
        failed,
        record: {
          version: RECORD_VERSION,
          game: scheduled.index,
          reason,
          seats: [...seats],
          moves,
          started,
          finished: new Date(finishedAt).toISOString(),
          worker: ctx.worker,
        },
      };
    }
  }

  if (ctx.signal.aborted) return { kind: 'aborted' };
  const cpuEnd = await cpuTimes(procs);
  const cpuSeconds: Record<string, number> = {};
  for (const [name, start] of cpuStart) {
    const stop = cpuEnd.get(name);
    if (stop !== undefined) cpuSeconds[name] = Math.round((stop - start) * 1000) / 1000;
  }

  // The decision.
  let result: string;
  let winner: number;
  let scores: number[] | undefined;
  if (end.forfeit !== undefined) {
    const loserColors = new Set(byColor.flatMap((list, i) => (list.includes(end!.forfeit!.engine) ? [i + 1] : [])));
    if (colors === 2) {
      winner = loserColors.has(1) && loserColors.has(2) ? 0 : 3 - end.forfeit.color;
    } else {
      const counted = referee.scores();
      winner = 0;
      for (let c = 1; c <= colors; c++) {
        if (loserColors.has(c)) continue;
        if (winner === 0 || counted[c] > counted[winner]) winner = c;
      }
    }
    result = winner === 0 ? '0' : `${colorLetter(winner, colors)}+F`;
  } else if (end.reason === 'move-limit') {
    scores = referee.scores();
    const described = describeScores(scores, colors);
    result = described.text;
    winner = described.winner;
  } else {
    result = referee.result ?? '0';
    winner = referee.winner;
    if (end.reason === 'passes') scores = referee.scores();
  }
  const winners = winner === 0 ? [] : [...byColor[winner - 1]];
  const losers = winner === 0 ? [] : distinct.filter((n) => !winners.includes(n));
  const finishedAt = now();
  const engines: Record<string, EngineNote> = {};
  for (const p of procs) {
    const info = p.info;
    engines[p.name] = {
      ...(info?.gtpName !== undefined ? { gtpName: info.gtpName } : {}),
      ...(info?.version !== undefined ? { version: info.version } : {}),
      ...(info?.pid !== undefined ? { pid: info.pid } : {}),
      starts: p.starts,
    };
  }
  const record: GameRecord = {
    version: RECORD_VERSION,
    game: scheduled.index,
    block: scheduled.block,
    number: scheduled.number,
    round: scheduled.round,
    rotation: scheduled.rotation,
    graph: graphEntry.label,
    rules: rulesEntry.text,
    seats: [...seats],
    colors: byColor,
    ...(colors === 2 && byColor[0].length === 1 && byColor[1].length === 1 ? { black: byColor[0][0], white: byColor[1][0] } : {}),
    seed: ctx.seed,
    result,
    winner,
    winners,
    losers,
    reason: end.reason,
    ...(end.forfeit !== undefined ? { forfeit: end.forfeit } : {}),
    moves,
    ...(scores !== undefined ? { scores: scores.map((x) => Math.round(x * 1e9) / 1e9) } : {}),
    durationMs: finishedAt - startedAt,
    thinkMs,
    ...(Object.keys(cpuSeconds).length > 0 ? { cpuSeconds } : {}),
    started,
    finished: new Date(finishedAt).toISOString(),
    worker: ctx.worker,
    engines,
  };
  return { kind: 'finished', record, failed };
}

async function cpuTimes(procs: readonly EngineProcess[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const p of procs) {
    if (!p.alive) continue;
    const t = await p.cpuTime();
    if (t !== null) out.set(p.name, t);
  }
  return out;
}
