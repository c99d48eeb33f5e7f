/**
 * The referee: plays one game between engine processes and decides it by its own Game, never by what the engines
 * claim.
 *
 * - In a handicap game it places Black's stones on its Game and tells every engine (`fixed_handicap N` or
 *   `set_free_handicap`, tournaments/handicap.ts) before the first move; White moves first. An engine that refuses
 *   them, or places fixed stones elsewhere than the referee, disagrees with the referee: the game is void.
 * - It keeps a Game under the tournament's rules, asks the engine at the seat to move for `genmove <colour>`, and
 *   checks the answer: an unreadable answer or a move the rules forbid (occupied, suicide, ko, superko, a pass that
 *   is not allowed) is a forfeit by that engine, with its answer recorded. `resign` ends the game.
 * - Every legal move is sent as `play` to every other engine in the game. An engine that refuses a move the
 *   referee found legal disagrees with the rules (GNU Go refusing a suicide under `suicide=allowed`): the game is
 *   void and replayed, since no one broke the rules.
 * - An engine that crashes, hangs past the watchdog or breaks the protocol forfeits (and is restarted before its
 *   next game). A game aborted by the user is dropped: it is neither a result nor a void.
 * - The game ends by the rules (every seat passed, no legal move or pass under famine, resignation) and is scored
 *   by the referee (decision.ts), or stops at the move limit and is counted as it stands.
 * - Every way a game can end is a value (engine failures come back from engine-process.ts as values too); a throw
 *   is a harness fault, and the game is void.
 * - The referee never stops the engines: the runner reuses them game after game and stops them all at the end; each
 *   game's `set_random_seed` makes its moves independent of the games before it (engine-process.ts).
 */
import { Game } from '../src/game.js';
import type { Graph } from '../src/graph.js';
import { hasGtpNames, parseVertex, vertexName } from '../src/notation.js';
import type { Problem } from '../src/result.js';
import { PASS, RESIGN, colorLetter } from '../src/vocabulary.js';
import type { GtpErrorKind } from '../protocol/client.js';
import type { GraphEntry, RulesEntry } from './config.js';
import { setUpHandicap, type HandicapPlacement } from './handicap.js';
import { decide, type GameEnd } from './decision.js';
import type { EngineProcess } from './engine-process.js';
import { RECORD_VERSION, type EngineNote, type ForfeitInfo, type ForfeitKind, type GameRecord, type MoveRecord, type VoidRecord } from './records.js';
import { enginesByColor, type ScheduledGame } from './schedule.js';

export interface GameContext {
  readonly game: ScheduledGame;
  readonly graph: GraphEntry;
  readonly rules: RulesEntry;
  readonly seed: string;
  readonly moveLimit: number;
  /** Black's handicap stones, placed before the first move (tournaments/handicap.ts), or null. */
  readonly handicap: HandicapPlacement | null;
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

/** How play stopped: ended (by the rules, the move limit or a forfeit: scored), void (replayed) or aborted (dropped). */
type Ending = ({ readonly kind: 'ended' } & GameEnd) | { readonly kind: 'void'; readonly reason: string } | { readonly kind: 'aborted' };

/** After each step of the game: go on, or stop. */
type Step = { readonly kind: 'continue' } | Ending;

/** An engine's answer to genmove, read but not yet checked against the rules. */
interface Answer {
  readonly kind: 'answer';
  readonly vertex: number;
  /** The move as the engine wrote it (its first word), and the whole answer. */
  readonly word: string;
  readonly text: string;
  readonly ms: number;
}

/** A move the referee's Game accepted, as it is sent to the other engines. */
interface Played {
  readonly kind: 'played';
  readonly name: string;
  readonly selfCapture: boolean;
}

const CONTINUE: Step = { kind: 'continue' };
const ABORTED: Ending = { kind: 'aborted' };

/** Plays one game and returns its outcome; it throws only when an engine of the game has no process. */
export async function playGame(ctx: GameContext): Promise<GameOutcome> {
  return new Referee(ctx).play();
}

/** The name the referee sends and records: GTP names on lattices up to 25x25, else index names. */
export function engineVertexName(graph: Graph, v: number): string {
  if (v === PASS) return 'pass';
  return hasGtpNames(graph) ? vertexName(graph, v) : String(v + 1);
}

function forfeitKindOf(code: GtpErrorKind): ForfeitKind {
  switch (code) {
    case 'timeout':
      return 'timeout';
    case 'protocol':
      return 'protocol';
    default:
      return 'crash';
  }
}

function forfeit(info: ForfeitInfo): Ending {
  return { kind: 'ended', reason: info.kind, forfeit: info };
}

/** One game: its engines, its Game, the record being built and the clocks. Used once. */
class Referee {
  private readonly now: () => number;
  private readonly startedAt: number;
  private readonly seats: readonly string[];
  /** The engines of the game, each once, in seat order: their names and processes. */
  private readonly names: readonly string[];
  private readonly procs: readonly EngineProcess[];
  private readonly byColor: string[][];
  private readonly game: Game;
  private readonly moves: MoveRecord[] = [];
  private readonly thinkMs: Record<string, number>;
  /** The engines that failed during the game (they forfeited). */
  private readonly failed: string[] = [];
  private cpuStart = new Map<string, number>();

  constructor(private readonly ctx: GameContext) {
    this.now = ctx.now ?? Date.now;
    this.startedAt = this.now();
    this.seats = ctx.game.seats;
    this.names = [...new Set(this.seats)];
    this.procs = this.names.map((name) => this.process(name));
    this.byColor = enginesByColor(this.seats, ctx.rules.rules.order, ctx.rules.rules.colors);
    this.thinkMs = Object.fromEntries(this.names.map((name) => [name, 0]));
    this.game = new Game(ctx.graph.graph, ctx.rules.rules);
  }

  async play(): Promise<GameOutcome> {
    const ending = await this.playOut();
    switch (ending.kind) {
      case 'aborted':
        return { kind: 'aborted' };
      case 'void':
        return this.voided(ending.reason);
      case 'ended':
        return this.finish(ending);
    }
  }

  private async playOut(): Promise<Ending> {
    try {
      const setUp = await this.setUpEngines();
      if (setUp.kind !== 'continue') return setUp;
      const handicap = await this.placeHandicap();
      if (handicap.kind !== 'continue') return handicap;
      this.cpuStart = await cpuTimes(this.procs);
      let step: Step = CONTINUE;
      while (step.kind === 'continue') step = await this.turn();
      return step;
    } catch (e) {
      // Engines' failures arrive as values, so this is the harness's own bug: void the game rather than score it.
      return { kind: 'void', reason: `harness fault: ${e instanceof Error ? e.message : String(e)}` };
    }
  }

  private async setUpEngines(): Promise<Step> {
    const { graph, rules, seed, seconds } = this.ctx;
    for (const p of this.procs) {
      if (this.ctx.signal.aborted) return ABORTED;
      const setUp = await p.prepareGame(graph, rules, seed, seconds);
      if (setUp.ok) continue;
      const { code, message } = setUp.error;
      if (code === 'refused') return { kind: 'void', reason: message };
      return this.engineFailure({ code, message }, p.name, this.firstColorOf(p.name));
    }
    return CONTINUE;
  }

  /** Places the handicap on the referee's Game and on every engine's board (nothing to do in an even game). */
  private async placeHandicap(): Promise<Step> {
    const placement = this.ctx.handicap;
    if (placement === null) return CONTINUE;
    const graph = this.ctx.graph.graph;
    // Validation tried these stones on a fresh game under these rules, so a refusal here is the harness's fault.
    const problem = setUpHandicap(this.game, placement);
    if (problem !== null) throw new Error(`the referee cannot place its handicap: ${problem}`);
    const names = placement.stones.map((v) => engineVertexName(graph, v));
    const command = placement.kind === 'fixed' ? `fixed_handicap ${placement.stones.length}` : `set_free_handicap ${names.join(' ')}`;
    const expected = [...names].sort().join(' ');
    for (const p of this.procs) {
      if (this.ctx.signal.aborted) return ABORTED;
      const reply = await p.request(command);
      if (!reply.ok) return this.engineFailure(reply.error, p.name, this.firstColorOf(p.name));
      if (!reply.value.ok) return { kind: 'void', reason: `${p.name} refused "${command}": ? ${reply.value.text}` };
      if (placement.kind !== 'fixed') continue;
      const answered = this.stoneNames(reply.value.text);
      if (answered !== expected) {
        return { kind: 'void', reason: `${p.name} answered "${command}" with ${reply.value.text.trim()}, but the referee's fixed points are ${names.join(' ')}` };
      }
    }
    return CONTINUE;
  }

  /** An engine's answer to fixed_handicap in the referee's vertex names, sorted (an unreadable word never matches). */
  private stoneNames(text: string): string {
    const graph = this.ctx.graph.graph;
    const words = text.trim().split(/\s+/).filter((w) => w.length > 0);
    return words
      .map((w) => {
        const parsed = parseVertex(graph, w);
        return parsed.ok && parsed.value >= 0 ? engineVertexName(graph, parsed.value) : `?${w}`;
      })
      .sort()
      .join(' ');
  }

  private async turn(): Promise<Step> {
    if (this.game.over) return this.endedByRules();
    if (this.ctx.signal.aborted) return ABORTED;
    if (this.moves.length >= this.ctx.moveLimit) return { kind: 'ended', reason: 'move-limit' };
    const engine = this.seats[this.game.seatToMove];
    const color = this.game.toMove;
    const answer = await this.askMove(engine, color);
    if (answer.kind !== 'answer') return answer;
    const played = this.applyMove(engine, color, answer);
    if (played.kind !== 'played') return played;
    return this.tellOthers(engine, color, played);
  }

  private async askMove(engine: string, color: number): Promise<Answer | Ending> {
    const t0 = this.now();
    const reply = await this.process(engine).genmove(color, this.ctx.rules.rules.colors);
    const ms = this.now() - t0;
    this.thinkMs[engine] += ms;
    if (!reply.ok) return this.engineFailure(reply.error, engine, color);
    if (!reply.value.ok) return forfeit({ engine, color, kind: 'genmove-error', detail: `genmove failed: ? ${reply.value.text}` });
    const text = reply.value.text.trim();
    const word = text.split(/\s+/)[0] ?? '';
    const parsed = parseVertex(this.ctx.graph.graph, word);
    if (!parsed.ok || word.length === 0) {
      return forfeit({ engine, color, kind: 'illegal-move', detail: `unreadable answer to genmove`, move: text });
    }
    return { kind: 'answer', vertex: parsed.value, word, text, ms };
  }

  /** Plays the answer on the referee's Game, which alone judges it. */
  private applyMove(engine: string, color: number, answer: Answer): Played | Ending {
    if (answer.vertex === RESIGN) {
      this.game.resign(color);
      return this.endedByRules();
    }
    const status = this.game.play(color, answer.vertex);
    if (status !== 'ok') {
      return forfeit({ engine, color, kind: 'illegal-move', detail: `illegal move ${answer.word} (${status})`, move: answer.text });
    }
    const selfCapture = answer.vertex !== PASS && this.game.position.selfCaptured > 0;
    const name = engineVertexName(this.ctx.graph.graph, answer.vertex);
    this.moves.push({ color, move: name, engine, ms: answer.ms });
    return { kind: 'played', name, selfCapture };
  }

  private async tellOthers(mover: string, color: number, move: Played): Promise<Step> {
    const colors = this.ctx.rules.rules.colors;
    const moverProcess = this.process(mover);
    for (const other of this.procs) {
      if (other === moverProcess) continue;
      if (this.ctx.signal.aborted) return ABORTED;
      const reply = await other.play(color, colors, move.name);
      if (!reply.ok) return this.engineFailure(reply.error, other.name, this.firstColorOf(other.name));
      if (!reply.value.ok) {
        const suicideNote = move.selfCapture ? ' (the move is a suicide: play engines that refuse suicide under suicide=forbidden)' : '';
        const reason = `${other.name} refused "play ${colorLetter(color, colors)} ${move.name}", which the rules "${this.ctx.rules.text}" allow: ? ${reply.value.text}`;
        return { kind: 'void', reason: reason + suicideNote };
      }
    }
    return CONTINUE;
  }

  /** An engine that died or hung forfeits, unless the user's abort is what killed it. */
  private engineFailure(error: Problem<GtpErrorKind>, engine: string, color: number): Ending {
    if (this.ctx.signal.aborted) return ABORTED;
    this.failed.push(engine);
    const proc = this.ctx.engines.get(engine);
    if (proc !== undefined) proc.lastFailure = error.message;
    return forfeit({ engine, color, kind: forfeitKindOf(error.code), detail: error.message });
  }

  private endedByRules(): Ending {
    return { kind: 'ended', reason: this.game.reason ?? 'passes' };
  }

  private voided(reason: string): GameOutcome {
    const { ctx } = this;
    const finishedAt = this.now();
    const record: VoidRecord = {
      version: RECORD_VERSION,
      game: ctx.game.index,
      reason,
      seats: [...this.seats],
      moves: this.moves,
      started: new Date(this.startedAt).toISOString(),
      finished: new Date(finishedAt).toISOString(),
      worker: ctx.worker,
    };
    return { kind: 'void', failed: this.failed, record };
  }

  /** Scores the game and builds its record (the field order is the order in results.jsonl). */
  private async finish(end: GameEnd): Promise<GameOutcome> {
    if (this.ctx.signal.aborted) return { kind: 'aborted' };
    const { ctx, byColor } = this;
    const colors = ctx.rules.rules.colors;
    const cpuSeconds = await this.cpuSeconds();
    const { result, winner, scores } = decide(this.game, end, byColor, colors);
    const winners = winner === 0 ? [] : [...byColor[winner - 1]];
    const losers = winner === 0 ? [] : this.names.filter((n) => !winners.includes(n));
    const finishedAt = this.now();
    const record: GameRecord = {
      version: RECORD_VERSION,
      game: ctx.game.index,
      block: ctx.game.block,
      number: ctx.game.number,
      round: ctx.game.round,
      rotation: ctx.game.rotation,
      graph: ctx.graph.label,
      rules: ctx.rules.text,
      seats: [...this.seats],
      colors: byColor,
      ...(colors === 2 && byColor[0].length === 1 && byColor[1].length === 1 ? { black: byColor[0][0], white: byColor[1][0] } : {}),
      ...(ctx.handicap !== null ? { handicap: ctx.handicap.stones.map((v) => engineVertexName(ctx.graph.graph, v)) } : {}),
      seed: ctx.seed,
      result,
      winner,
      winners,
      losers,
      reason: end.reason,
      ...(end.forfeit !== undefined ? { forfeit: end.forfeit } : {}),
      moves: this.moves,
      ...(scores !== undefined ? { scores: scores.map((x) => Math.round(x * 1e9) / 1e9) } : {}),
      durationMs: finishedAt - this.startedAt,
      thinkMs: this.thinkMs,
      ...(Object.keys(cpuSeconds).length > 0 ? { cpuSeconds } : {}),
      started: new Date(this.startedAt).toISOString(),
      finished: new Date(finishedAt).toISOString(),
      worker: ctx.worker,
      engines: this.engineNotes(),
    };
    return { kind: 'finished', record, failed: this.failed };
  }

  /** CPU seconds each engine spent on this game, from those that report their CPU time. */
  private async cpuSeconds(): Promise<Record<string, number>> {
    const cpuEnd = await cpuTimes(this.procs);
    const out: Record<string, number> = {};
    for (const [name, start] of this.cpuStart) {
      const stop = cpuEnd.get(name);
      if (stop !== undefined) out[name] = Math.round((stop - start) * 1000) / 1000;
    }
    return out;
  }

  private engineNotes(): Record<string, EngineNote> {
    const notes: Record<string, EngineNote> = {};
    for (const p of this.procs) {
      const info = p.info;
      notes[p.name] = {
        ...(info?.gtpName !== undefined ? { gtpName: info.gtpName } : {}),
        ...(info?.version !== undefined ? { version: info.version } : {}),
        ...(info?.pid !== undefined ? { pid: info.pid } : {}),
        starts: p.starts,
      };
    }
    return notes;
  }

  /** The first colour an engine plays in this game (for its forfeits outside its own turn). */
  private firstColorOf(engine: string): number {
    return this.ctx.rules.rules.order[this.seats.indexOf(engine)];
  }

  private process(engine: string): EngineProcess {
    const p = this.ctx.engines.get(engine);
    if (p === undefined) throw new Error(`no process for engine ${engine}`);
    return p;
  }
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
