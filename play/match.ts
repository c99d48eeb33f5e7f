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
import { TurnPondering } from './turn-pondering.js';

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
  /** The most of one of the person's turns spent pondering (default MAX_PONDER_MILLISECONDS). */
  readonly ponderMilliseconds?: number;
  /**
   * Make the bot able to ponder on a worker thread while the front end blocks on the person's input
   * (ponderInBackground; the terminal game). The moves are still searched on one thread.
   */
  readonly backgroundPonder?: boolean;
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
  /** For the bot's moves: simulations searched on the person's time before it (pondering), when there were any. */
  readonly pondered?: number;
}

export type MoveOutcome = { ok: true; record: MoveRecord } | { ok: false; status: MoveStatus; message: string };

/** How long an analysis searches when the caller names no time, and the most it may ask for (milliseconds). */
export const DEFAULT_ANALYSIS_MILLISECONDS = 1000;
export const MAX_ANALYSIS_MILLISECONDS = 5000;
/** Candidate moves an analysis lists. */
const ANALYSIS_MOVES = 10;

/** One candidate move of an analysis, as the page shows it. */
export interface MoveAnalysisView {
  /** Index name (`"17"`) or `"pass"`. */
  readonly move: string;
  /** Display name (`"C3"`, `"pass"`). */
  readonly name: string;
  readonly visits: number;
  /** The mover's win rate in [0, 1]. */
  readonly winrate: number;
  /** The principal variation from this move on, display names. */
  readonly pv: readonly string[];
}

/**
 * The engine's analysis of the side to move, in plain numbers and names (a JSON answer as it is). Ownership: with two
 * colours, per vertex Black's share of the simulations' ends minus White's, in [-1, 1]; with more, per vertex the
 * colour with the largest share and that share ([0, 0] when no colour ever owned it), since a single signed number
 * cannot say which of three or more colours leads.
 */
export interface AnalysisView {
  /** The colour analysed: the side to move. */
  readonly color: number;
  /** Simulations this analysis ran (the tree may hold more from earlier searches). */
  readonly simulations: number;
  readonly milliseconds: number;
  /** The most visited move's win rate for the side to move, null when no move was visited. */
  readonly winrate: number | null;
  /** Most visited first. */
  readonly moves: readonly MoveAnalysisView[];
  readonly ownership: readonly number[] | null;
  readonly owners: readonly (readonly [number, number])[] | null;
}

export type AnalysisOutcome =
  | { ok: true; analysis: AnalysisView }
  | { ok: false; reason: 'game-over' | 'no-search' | 'no-move'; message: string };

/**
 * Pondering stops after this much of one of the person's turns: past it the search tree mostly deepens lines the
 * person will not play, and a page left open should not keep a core busy.
 */
export const MAX_PONDER_MILLISECONDS = 20_000;

export class Match {
  readonly game: Game;
  readonly graph: Graph;
  readonly human: number;
  readonly log: MoveRecord[] = [];
  private botInstance: Bot | null = null;
  private readonly pondering: TurnPondering;
  /** Simulations pondered in the person's turn that just ended: the computer's reply reports them. */
  private ponderedForReply = 0;

  constructor(readonly settings: MatchSettings) {
    this.graph = settings.graph;
    this.game = new Game(settings.graph, settings.rules);
    this.human = settings.human;
    this.pondering = new TurnPondering(settings.ponderMilliseconds ?? MAX_PONDER_MILLISECONDS);
  }

  /** The computer, made when first needed (a UCT bot holds tens of megabytes of search tree). */
  private get bot(): Bot {
    if (this.botInstance === null) {
      const created = createBot(this.settings.bot, {
        seed: this.settings.seed,
        ...this.settings.limits,
        purpose: 'person',
        background: this.settings.backgroundPonder ?? false,
      });
      if (!created.ok) throw new Error(created.error.message);
      this.botInstance = created.value;
    }
    return this.botInstance;
  }

  /** Lets the bot and its search tree go (the web server does this for games nobody is playing); made again on demand. */
  releaseBot(): void {
    this.pondering.interrupt(this.botInstance);
    this.botInstance?.dispose?.();
    this.botInstance = null;
  }

  /**
   * Thinks on the person's time (play/turn-pondering.ts): searches the position the person is to move in, for about
   * `milliseconds`, in the bot's own tree, so that the reply the person plays finds its subtree grown when the
   * computer's turn comes. Returns the simulations run: 0 when there is nothing to ponder (not the person's turn,
   * the game over, a bot without a search, the turn's pondering time spent). The bot is made here if it is not yet:
   * the person's first turn, or a game rebuilt or let go, is thought on as every other.
   */
  ponder(milliseconds: number): number {
    if (!this.humanToMove) return 0;
    return this.pondering.slice(this.bot, this.game, this.human, milliseconds);
  }

  /**
   * Pondering on the bot's worker thread (settings.backgroundPonder) for a front end about to block on the person's
   * input; stopBackgroundPonder ends it. False when there is nothing to ponder (as ponder).
   */
  ponderInBackground(): boolean {
    if (!this.humanToMove) return false;
    return this.pondering.startBackground(this.bot, this.game, this.human);
  }

  /** Ends ponderInBackground's search and waits for its thread: the simulations it ran (0 if none ran). */
  stopBackgroundPonder(): number {
    return this.pondering.stopBackground(this.botInstance);
  }

  /** Simulations searched on the person's time in the turn now (0 when it is not the person's turn). */
  get pondered(): number {
    return this.humanToMove ? this.pondering.simulations : 0;
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
    this.pondering.interrupt(this.botInstance);
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
    const ended = this.pondering.newTurn(this.botInstance);
    const pondered = byBot ? this.ponderedForReply : 0;
    this.ponderedForReply = byBot ? 0 : ended;
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
      ...(pondered > 0 ? { pondered } : {}),
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
    this.pondering.newTurn(this.botInstance);
    this.ponderedForReply = 0;
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
    this.pondering.interrupt(this.botInstance);
    const move = this.bot.genmove(this.game, this.human);
    return { move, search: this.bot.lastSearch ?? null };
  }

  /**
   * The bot's analysis of the side to move, searched for `milliseconds` (clamped to 1..MAX_ANALYSIS_MILLISECONDS).
   * It searches in the bot's own tree, so the computer's next move builds on what the analysis saw.
   */
  analyze(milliseconds = DEFAULT_ANALYSIS_MILLISECONDS): AnalysisOutcome {
    const game = this.game;
    if (game.over) return { ok: false, reason: 'game-over', message: 'the game is over: there is no move to analyse' };
    const analyzer = this.bot.analyzer;
    if (analyzer === undefined) {
      return {
        ok: false,
        reason: 'no-search',
        message: `the ${this.settings.bot} bot has no search to analyse with (start a game with the uct bot)`,
      };
    }
    const color = game.toMove;
    this.pondering.interrupt(this.botInstance);
    if (!analyzer.begin(game, color, { ownership: true })) {
      return { ok: false, reason: 'no-move', message: `${colorName(color)} has no move to analyse` };
    }
    const budget = Number.isFinite(milliseconds)
      ? Math.min(MAX_ANALYSIS_MILLISECONDS, Math.max(1, milliseconds))
      : DEFAULT_ANALYSIS_MILLISECONDS;
    const start = performance.now();
    const simulations = analyzer.run(budget);
    const elapsed = performance.now() - start;
    const report = analyzer.report();
    const graph = this.graph;
    const moves = report.moves.slice(0, ANALYSIS_MOVES).map((m) => ({
      move: moveText(m.move, graph, true),
      name: moveText(m.move, graph),
      visits: m.visits,
      winrate: round3(m.winrate),
      pv: m.pv.map((v) => moveText(v, graph)),
    }));
    const { ownership, owners } = ownershipView(report.ownership, graph.n, this.rules.colors);
    return {
      ok: true,
      analysis: {
        color,
        simulations,
        milliseconds: Math.round(elapsed),
        winrate: moves.length > 0 ? moves[0].winrate : null,
        moves,
        ownership,
        owners,
      },
    };
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
        return `${colorName(loser)}, to move, could ${game.rules.passes === 'paid' ? 'neither play nor pass' : 'not play'}`;
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

/** The analyzer's shares (index v * (colors + 1) + c) as AnalysisView's ownership or owners. */
function ownershipView(
  shares: Float64Array | null,
  n: number,
  colors: number,
): { ownership: number[] | null; owners: [number, number][] | null } {
  if (shares === null) return { ownership: null, owners: null };
  const stride = colors + 1;
  if (colors === 2) {
    const ownership: number[] = [];
    for (let v = 0; v < n; v++) ownership.push(round3(shares[v * stride + 1] - shares[v * stride + 2]));
    return { ownership, owners: null };
  }
  const owners: [number, number][] = [];
  for (let v = 0; v < n; v++) {
    let owner = 0;
    let share = 0;
    for (let c = 1; c <= colors; c++) {
      if (shares[v * stride + c] > share) {
        owner = c;
        share = shares[v * stride + c];
      }
    }
    owners.push([owner, round3(share)]);
  }
  return { ownership: null, owners };
}

function round3(x: number): number {
  return Math.round(x * 1000) / 1000;
}
