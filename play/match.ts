/**
 * A person against the computer, whatever the front end: the game, which colour the person holds, one bot for every
 * other colour, and a log of the moves with what each captured. The terminal game (play/terminal-game.ts) and the
 * web server (play/web-server.ts) both drive a Match; neither touches the Game directly for moves.
 *
 * One bot plays all the computer's colours (and gives the hints): a UCT tree covers every colour's moves, so one
 * search tree serves them all and its subtree is reused from one turn to the next.
 */
import type { Bot, SearchInfo } from '../bots/bot.js';
import { createBot } from '../bots/registry.js';
import { searchLimits, solverLimits, type SearchLimits } from '../bots/search-limits.js';
import { Game } from '../src/game.js';
import type { MoveStatus } from '../src/game.js';
import type { Graph } from '../src/graph.js';
import { EMPTY, PASS, RESIGN } from '../src/vocabulary.js';
import { vertexName, parseVertex } from '../src/notation.js';
import { formatNumber } from '../src/rules.js';
import type { Rules } from '../src/rules.js';
import { colorName } from './colors.js';

/** A match as its front end read it from its user (cli/play-command.ts, play/match-request.ts). */
export interface MatchSettings {
  readonly graph: Graph;
  readonly rules: Rules;
  /** The person's colour. */
  readonly human: number;
  /** A name of bots/registry.ts, as readBotName spells it. */
  readonly bot: string;
  /** What the person asked for; the rest are a person's game's defaults (bots/search-limits.ts). */
  readonly limits: SearchLimits;
  readonly seed: string;
}

/** `uct, 10000 playouts or 2 s a move`, for headers. */
export function describeStrength(settings: MatchSettings): string {
  if (settings.bot === 'random') return 'random';
  if (settings.bot === 'solver') {
    const { maxNodes, maxSeconds } = solverLimits(settings.limits, 'person');
    return `solver, ${maxNodes} nodes or ${formatNumber(maxSeconds)} s a move`;
  }
  const { playouts, seconds } = searchLimits(settings.limits, 'person');
  const parts: string[] = [];
  if (playouts !== null) parts.push(`${playouts} playouts`);
  if (seconds !== null) parts.push(`${formatNumber(seconds)} s`);
  return `${settings.bot}, ${parts.join(' or ')} a move`;
}

export interface MoveRecord {
  readonly color: number;
  /** A vertex, PASS or RESIGN. */
  readonly move: number;
  /** Vertices the move emptied (other colours' stones, and the mover's own on a self-capture). */
  readonly captured: readonly number[];
  readonly byBot: boolean;
  /** How long the bot thought and what it saw, for the bot's moves. */
  readonly seconds?: number;
  readonly search?: SearchInfo | null;
}

export type MoveOutcome = { ok: true; record: MoveRecord } | { ok: false; status: MoveStatus; message: string };

export class Match {
  readonly game: Game;
  readonly graph: Graph;
  readonly human: number;
  readonly log: MoveRecord[] = [];
  private botInstance: Bot | null = null;

  constructor(readonly settings: MatchSettings) {
    this.graph = settings.graph;
    this.game = new Game(settings.graph, settings.rules);
    this.human = settings.human;
  }

  /** The computer, made when first needed (a UCT bot holds tens of megabytes of search tree). */
  private get bot(): Bot {
    if (this.botInstance === null) {
      const created = createBot(this.settings.bot, { seed: this.settings.seed, ...this.settings.limits, purpose: 'person' });
      if (!created.ok) throw new Error(created.error.message);
      this.botInstance = created.value;
    }
    return this.botInstance;
  }

  /** Lets the bot and its search tree go (the web server does this for games nobody is playing); made again on demand. */
  releaseBot(): void {
    this.botInstance = null;
  }

  get rules(): Rules {
    return this.game.rules;
  }

  /** The person is to move (and the game is on). */
  get humanToMove(): boolean {
    return !this.game.over && this.game.toMove === this.human;
  }

  /** The computer is to move (and the game is on). */
  get botToMove(): boolean {
    return !this.game.over && this.game.toMove !== this.human;
  }

  /** The person's move, as typed or clicked: a vertex name, `pass` or `resign`. */
  playHumanText(text: string): MoveOutcome {
    const parsed = parseVertex(this.graph, text);
    if (!parsed.ok) return { ok: false, status: 'bad-vertex', message: parsed.error.message };
    return this.playHuman(parsed.value);
  }

  /** The person's move: a vertex, PASS or RESIGN. */
  playHuman(move: number): MoveOutcome {
    if (this.game.over) return { ok: false, status: 'game-over', message: 'the game is over' };
    if (this.game.toMove !== this.human) {
      return { ok: false, status: 'wrong-color', message: `it is not your turn (${colorName(this.game.toMove)} to move)` };
    }
    return this.apply(this.human, move, false);
  }

  /** The computer's move for the colour to move. Throws when it is the person's turn or the game is over. */
  playBot(): MoveRecord {
    if (!this.botToMove) throw new Error('playBot: not the computer\'s turn');
    const color = this.game.toMove;
    const start = performance.now();
    let move = this.bot.genmove(this.game, color);
    const seconds = (performance.now() - start) / 1000;
    const search = this.bot.lastSearch ?? null;
    let outcome = this.apply(color, move, true, seconds, search);
    if (!outcome.ok) {
      // A bot must not stall the game: fall back on a pass, then on the first legal move, then on resigning.
      move = this.game.canPass(color) ? PASS : (this.game.legalMoves(color)[0] ?? RESIGN);
      outcome = this.apply(color, move, true, seconds, search);
      if (!outcome.ok) throw new Error(`the bot could not move: ${outcome.message}`);
    }
    return outcome.record;
  }

  private apply(color: number, move: number, byBot: boolean, seconds?: number, search?: SearchInfo | null): MoveOutcome {
    const game = this.game;
    const before = move >= 0 ? game.position.color.slice() : null;
    const status = game.play(color, move);
    if (status !== 'ok') return { ok: false, status, message: this.refusal(status, color, move) };
    const captured: number[] = [];
    if (before !== null) {
      const now = game.position.color;
      for (let v = 0; v < before.length; v++) if (before[v] !== EMPTY && now[v] === EMPTY) captured.push(v);
    }
    const record: MoveRecord = {
      color,
      move,
      captured,
      byBot,
      ...(seconds !== undefined ? { seconds } : {}),
      ...(search !== undefined ? { search } : {}),
    };
    this.log.push(record);
    return { ok: true, record };
  }

  /** One line saying why a move was refused. */
  refusal(status: MoveStatus, color: number, move: number): string {
    const game = this.game;
    const name = move >= 0 && move < this.graph.n ? vertexName(this.graph, move) : String(move + 1);
    switch (status) {
      case 'ok':
        return 'ok';
      case 'occupied':
        return `${name} is occupied`;
      case 'suicide':
        return `${name} would be suicide (a stone or group without liberty), which these rules forbid`;
      case 'ko':
        return `${name} is forbidden by ko: a single stone just captured there may not be retaken at once`;
      case 'superko':
        return `${name} would repeat an earlier position of the game (superko, ko=${game.rules.ko})`;
      case 'pass-forbidden':
        if (game.rules.passes === 'none') return `passing is not allowed under these rules (passes=none): play a stone`;
        return (
          `you may not pass: under famine rules a pass costs 1 from your counter, which must be above 0, and ` +
          `yours is ${formatNumber(game.counter(color))}`
        );
      case 'game-over':
        return 'the game is over';
      case 'wrong-color':
        return `it is not ${colorName(color)}'s turn`;
      case 'bad-vertex':
        return `no vertex ${name} on this graph`;
      case 'bad-color':
        return `no colour ${color} under these rules`;
    }
  }

  /**
   * Takes back the person's last move and every move played after it (the computer's replies), or a resignation
   * (and the moves back to the person's last turn). Refused when the person has not moved yet.
   */
  undo(): { ok: true; undone: MoveRecord[] } | { ok: false; error: string } {
    let lastHuman = -1;
    for (let i = this.log.length - 1; i >= 0; i--) {
      if (!this.log[i].byBot) {
        lastHuman = i;
        break;
      }
    }
    if (lastHuman < 0) return { ok: false, error: 'nothing to undo: you have not moved yet' };
    const undone: MoveRecord[] = [];
    while (this.log.length > lastHuman) {
      const record = this.log.pop()!;
      if (!this.game.undo()) throw new Error('undo: the game and the move log disagree');
      undone.push(record);
    }
    return { ok: true, undone };
  }

  /** The computer's suggestion for the person (it does not play it). */
  hint(): { move: number; search: SearchInfo | null } {
    if (!this.humanToMove) throw new Error('hint: not the person\'s turn');
    const move = this.bot.genmove(this.game, this.human);
    return { move, search: this.bot.lastSearch ?? null };
  }

  /** The count now: exact for area and territory scoring (if the game ended now), an area estimate otherwise. */
  score(): { exact: boolean; scores: number[] } {
    return { exact: this.rules.scoring !== 'lastmove', scores: this.game.scores() };
  }

  /** The move list as the web client keeps it: index names, `pass` and `resign`. */
  moveTexts(): string[] {
    return this.log.map((r) => moveText(r.move, this.graph, true));
  }

  /**
   * Plays a list of moves (as moveTexts gives them) from the start: every move is checked and must be the person's
   * or the computer's in turn. Used to rebuild a game the server no longer holds.
   */
  replay(moves: readonly string[]): { ok: true } | { ok: false; error: string } {
    for (let i = 0; i < moves.length; i++) {
      const text = moves[i];
      if (typeof text !== 'string') return { ok: false, error: `move ${i + 1} is not a string` };
      if (this.game.over) return { ok: false, error: `move ${i + 1} (${text}) comes after the end of the game` };
      const parsed = parseVertex(this.graph, text);
      if (!parsed.ok) return { ok: false, error: `move ${i + 1}: ${parsed.error.message}` };
      const color = this.game.toMove;
      const outcome = this.apply(color, parsed.value, color !== this.human);
      if (!outcome.ok) return { ok: false, error: `move ${i + 1} (${text}): ${outcome.message}` };
    }
    return { ok: true };
  }

  /** Why the game ended, in words (null while it goes on). */
  endReason(): string | null {
    const game = this.game;
    if (!game.over) return null;
    switch (game.reason) {
      case 'resign': {
        const last = this.log[this.log.length - 1];
        const who = last !== undefined && last.move === RESIGN ? last.color : 0;
        return who === 0 ? 'resignation' : `${colorName(who)} resigned`;
      }
      case 'no-move': {
        const loser = 3 - game.winner;
        return `${colorName(loser)}, to move, could neither play nor pass`;
      }
      case 'passes': {
        const scores = game.scores();
        const counts = [];
        for (let c = 1; c <= this.rules.colors; c++) counts.push(`${colorName(c)} ${formatNumber(scores[c])}`);
        const how = this.rules.scoring === 'territory' ? 'territory and prisoners' : 'area';
        const komi = this.rules.komi !== 0 ? `, komi ${formatNumber(this.rules.komi)}` : '';
        return `every player passed in succession; count by ${how}${komi}: ${counts.join(', ')}`;
      }
      default:
        return null;
    }
  }
}

/** A move for display (`C3`, `17`, `pass`, `resign`), or its index name with `index`. */
export function moveText(move: number, graph: Graph, index = false): string {
  if (move === PASS) return 'pass';
  if (move === RESIGN) return 'resign';
  return index ? String(move + 1) : vertexName(graph, move);
}
