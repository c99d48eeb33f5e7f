/**
 * A game: a Position plus the Rules and the history that enforces them (docs/rules.md). The fast board knows nothing
 * of turn order, ko bans, superko, passes or the end; this class owns all of those, as KataGo keeps its
 * BoardHistory apart from its Board.
 *
 * Expected outcomes (occupied, suicide, ko, superko, a pass that is not allowed, the wrong colour) are returned as
 * MoveStatus values, never thrown. Playing a legal move allocates nothing: the history lives in typed arrays that
 * only grow, rarely, by doubling.
 */
import { Graph } from './graph.js';
import { grown } from './grown.js';
import { HashMultiset } from './hash-multiset.js';
import { EMPTY, PASS, RESIGN, colorLetter } from './vocabulary.js';
import { PLAY_SUICIDE, Position, zobristHi, zobristLo } from './position.js';
import { DEFAULT_RULES, Rules, formatNumber, isTwoColorAlternation } from './rules.js';
import { countBoard } from './scoring.js';

export const MOVE_STATUSES = [
  'ok',
  'occupied',
  'suicide',
  'ko',
  'superko',
  'pass-forbidden',
  'game-over',
  'wrong-color',
  'bad-vertex',
  'bad-color',
] as const;
export type MoveStatus = (typeof MOVE_STATUSES)[number];

/** Why the game ended: every seat passed in succession, the player to move could neither move nor pass, or a resignation. */
export type EndReason = 'passes' | 'no-move' | 'resign';

export interface GameState {
  /** The colour to move, or null once the game is over. */
  readonly toMove: number | null;
  /** One character per vertex: `.` or the colour digit. */
  readonly position: string;
  /** Per colour (index 0 unused). */
  readonly counters: number[];
  readonly prisoners: number[];
  /** Moves and passes played. */
  readonly moves: number;
  /** Passes in a row just played. */
  readonly passes: number;
  readonly over: boolean;
  readonly result: string | null;
}

export interface SetupStone {
  readonly vertex: number;
  readonly color: number;
}

export class Game {
  readonly graph: Graph;
  readonly position: Position;
  private currentRules: Rules;

  /** Index into rules.order of the seat to move. */
  private seat = 0;
  private turns = 0;
  private passesInRow = 0;
  /** Seats (bit per seat index) that passed since the last stone: the game ends when every seat has. */
  private passedSeats = 0;
  private readonly prisonerCount: Float64Array;
  private readonly paidPasses: Float64Array;
  private readonly seen = new HashMultiset(256);
  private setupStones: SetupStone[] = [];
  private resets = 0;
  private startSeat = 0;

  private isOver = false;
  private endReason: EndReason | null = null;
  private resultText: string | null = null;
  private winnerColor = 0;
  /** The colour that resigned, 0 if none. */
  private resigned = 0;

  // One record per turn (move or pass).
  private turnVertex = new Int32Array(256);
  private turnColor = new Uint8Array(256);
  private turnSeat = new Int32Array(256);
  private turnPrevSeat = new Int32Array(256);
  private turnPrevPasses = new Int32Array(256);
  private turnPrevPassedSeats = new Int32Array(256);
  /** The vertex a simple-ko capture at this turn forbids, or -1. */
  private turnKo = new Int32Array(256);
  private turnCaptured = new Int32Array(256);
  private turnSelfCaptured = new Int32Array(256);
  private turnPaid = new Uint8Array(256);

  constructor(graph: Graph, rules: Rules = DEFAULT_RULES) {
    this.graph = graph;
    this.currentRules = rules;
    this.position = new Position(graph);
    this.prisonerCount = new Float64Array(rules.colors + 1);
    this.paidPasses = new Float64Array(rules.colors + 1);
    this.reset();
  }

  get rules(): Rules {
    return this.currentRules;
  }

  /** Back to the start: the set-up stones (if any) and the first seat to move. */
  reset(): void {
    this.resets++;
    this.position.clear();
    for (const s of this.setupStones) this.position.play(s.vertex, s.color, true);
    this.position.forgetUndo();
    this.seat = this.startSeat;
    this.turns = 0;
    this.passesInRow = 0;
    this.passedSeats = 0;
    this.prisonerCount.fill(0);
    this.paidPasses.fill(0);
    this.clearEnd();
    this.seen.clear();
    if (this.rules.ko !== 'simple') this.seen.add(this.keyLo(this.seat), this.keyHi(this.seat));
    this.checkEnd();
  }

  /** Clears the board, removing set-up stones too. */
  clear(): void {
    this.setupStones = [];
    this.startSeat = 0;
    this.reset();
  }

  /** The set-up stones placed before the first move (handicap), in order. */
  get initialStones(): readonly SetupStone[] {
    return this.setupStones;
  }

  /** The colour of the seat that moved first (after set-up stones). */
  get firstColor(): number {
    return this.rules.order[this.startSeat];
  }

  /** Changes whenever the game restarts (clear, set-up stones), so a searcher knows its old tree is void. */
  get epoch(): number {
    return this.resets;
  }

  get over(): boolean {
    return this.isOver;
  }
  get result(): string | null {
    return this.resultText;
  }
  /** The winning colour once over (0 for a tie or while playing). */
  get winner(): number {
    return this.winnerColor;
  }
  get reason(): EndReason | null {
    return this.endReason;
  }
  get moveCount(): number {
    return this.turns;
  }
  get passes(): number {
    return this.passesInRow;
  }
  /** The colour to move, or 0 once the game is over. */
  get toMove(): number {
    return this.isOver ? 0 : this.rules.order[this.seat];
  }
  /** The seat index (into rules.order) to move. */
  get seatToMove(): number {
    return this.seat;
  }

  /** The last turn's vertex (PASS for a pass), or null before the first move. */
  get lastMove(): { vertex: number; color: number } | null {
    if (this.turns === 0) return null;
    return { vertex: this.turnVertex[this.turns - 1], color: this.turnColor[this.turns - 1] };
  }

  /** Every move and pass played, in order. */
  moves(): { vertex: number; color: number }[] {
    const out: { vertex: number; color: number }[] = [];
    for (let t = 0; t < this.turns; t++) out.push({ vertex: this.turnVertex[t], color: this.turnColor[t] });
    return out;
  }

  prisoners(color: number): number {
    return this.prisonerCount[color];
  }

  /** Counter of a colour: komi's share, plus prisoners, minus paid passes (docs/rules.md, "Counters and komi"). */
  counter(color: number): number {
    const komi = this.rules.komi;
    let base = 0;
    if (color === 2 && komi >= 0) base = komi;
    else if (color === 1 && komi < 0) base = -komi;
    return base + this.prisonerCount[color] - this.paidPasses[color];
  }

  /**
   * Why komi `komi` cannot apply to this game, or null: set from the start, it would have left a colour that paid for a
   * pass without the counter point the pass needed (docs/rules.md, "Counters and komi"). Paid passes come with two
   * colours only, so a turn's prisoners go to its mover (captures) or to the other colour (its own stones taken).
   */
  komiConflict(komi: number): string | null {
    if (this.rules.passes !== 'paid') return null;
    const base = (color: number) => (color === 2 && komi >= 0 ? komi : color === 1 && komi < 0 ? -komi : 0);
    const counter = [0, base(1), base(2)];
    for (let t = 0; t < this.turns; t++) {
      const color = this.turnColor[t];
      if (this.turnPaid[t] !== 0) {
        if (counter[color] <= 0) return `komi ${komi} would have refused move ${t + 1}, a pass with no counter left`;
        counter[color] -= this.turnPaid[t];
      }
      counter[color] += this.turnCaptured[t];
      counter[3 - color] += this.turnSelfCaptured[t];
    }
    return null;
  }

  /**
   * Komi applies as if set from the start (docs/rules.md, "Counters and komi"): the end and its result are decided
   * again. The caller checks komiConflict first.
   */
  setKomi(komi: number): void {
    this.currentRules = { ...this.currentRules, komi };
    this.settle();
  }

  /** The colour to move, or after a game that ended by passes, the colour that would move once it is taken up again. */
  get colorToPlayOn(): number {
    return this.endReason === 'passes' ? this.rules.order[this.seat] : this.toMove;
  }

  /**
   * Takes up a game that ended because every seat passed, as GTP controllers expect (GNU Go plays on after two
   * passes, KGS resumes play when dead stones are disputed, GoGui and Sabaki let the user play on). The passes stay
   * in the record: a stone clears them as any stone does, a pass now ends the game again at once, and undoing the
   * next turn brings the end back. False, and nothing changed, for any other end or while the game runs.
   */
  resume(): boolean {
    if (this.endReason !== 'passes') return false;
    this.clearEnd();
    return true;
  }

  /** Decides the end again from the record: after a resume that no turn followed (a refused move), the game is over again. */
  settle(): void {
    if (this.endReason === 'resign') return;
    this.clearEnd();
    this.checkEnd();
  }

  private clearEnd(): void {
    this.isOver = false;
    this.endReason = null;
    this.resultText = null;
    this.winnerColor = 0;
    this.resigned = 0;
  }

  /**
   * The seat a colour would move from now: the current seat when it is that colour's, else (two alternating
   * colours, GTP's convention) the colour's own seat. -1 when the colour may not move now.
   */
  seatFor(color: number): number {
    const order = this.rules.order;
    if (order[this.seat] === color) return this.seat;
    if (isTwoColorAlternation(this.rules)) {
      for (let k = 1; k < order.length; k++) {
        const s = (this.seat + k) % order.length;
        if (order[s] === color) return s;
      }
    }
    return -1;
  }

  private keyLo(nextSeat: number): number {
    const lo = this.position.hashLo;
    return this.rules.ko === 'situational' ? lo ^ zobristLo(this.graph.n, this.rules.order[nextSeat]) : lo;
  }
  private keyHi(nextSeat: number): number {
    const hi = this.position.hashHi;
    return this.rules.ko === 'situational' ? hi ^ zobristHi(this.graph.n, this.rules.order[nextSeat]) : hi;
  }

  /**
   * Whether a simple-ko capture within the last round forbids v to the mover at `seat` (docs/rules.md, "Repetition";
   * NetGo art. 6).
   */
  private koForbids(v: number, seat: number): boolean {
    if (this.rules.ko !== 'simple') return false;
    const window = this.rules.order.length - 1;
    for (let t = this.turns - 1; t >= 0 && t >= this.turns - window; t--) {
      if (this.turnKo[t] === v && this.turnSeat[t] !== seat) return true;
    }
    return false;
  }

  private colorProblem(color: number): MoveStatus | null {
    if (this.isOver) return 'game-over';
    if (!Number.isInteger(color) || color < 1 || color > this.rules.colors) return 'bad-color';
    return null;
  }

  /** Whether `color` may pass now. */
  canPass(color: number): boolean {
    return this.passStatus(color) === 'ok';
  }

  private passStatus(color: number): MoveStatus {
    const problem = this.colorProblem(color);
    if (problem) return problem;
    if (this.seatFor(color) < 0) return 'wrong-color';
    switch (this.rules.passes) {
      case 'free':
        return 'ok';
      case 'paid':
        return this.counter(color) > 0 ? 'ok' : 'pass-forbidden';
      case 'none':
        return 'pass-forbidden';
    }
  }

  /**
   * Tries a stone of `color` at v from `seat`. On 'ok' the stone stays on the position when `keep`, else it is
   * lifted again; on any other status the position is unchanged.
   */
  private tryStone(v: number, color: number, seat: number, keep: boolean): MoveStatus {
    const position = this.position;
    if (!Number.isInteger(v) || v < 0 || v >= this.graph.n) return 'bad-vertex';
    if (position.color[v] !== EMPTY) return 'occupied';
    if (this.koForbids(v, seat)) return 'ko';
    if (position.play(v, color, this.rules.suicide === 'allowed') === PLAY_SUICIDE) return 'suicide';
    if (this.rules.ko !== 'simple') {
      const nextSeat = (seat + 1) % this.rules.order.length;
      if (this.seen.has(this.keyLo(nextSeat), this.keyHi(nextSeat))) {
        position.undo();
        return 'superko';
      }
    }
    if (!keep) position.undo();
    return 'ok';
  }

  /** Whether `color` may play `move` (a vertex, PASS) now: exactly what `play` would answer, changing nothing. */
  check(color: number, move: number): MoveStatus {
    if (move === PASS) return this.passStatus(color);
    const problem = this.colorProblem(color);
    if (problem) return problem;
    const seat = this.seatFor(color);
    if (seat < 0) return 'wrong-color';
    if (move === RESIGN) return 'ok';
    return this.tryStone(move, color, seat, false);
  }

  /** Plays a vertex, PASS or RESIGN for `color`. Anything but 'ok' leaves the game unchanged. */
  play(color: number, move: number): MoveStatus {
    if (move === RESIGN) return this.resign(color);
    if (move === PASS) {
      const status = this.passStatus(color);
      if (status !== 'ok') return status;
      this.record(PASS, color, this.seatFor(color));
      return 'ok';
    }
    const problem = this.colorProblem(color);
    if (problem) return problem;
    const seat = this.seatFor(color);
    if (seat < 0) return 'wrong-color';
    const status = this.tryStone(move, color, seat, true);
    if (status !== 'ok') return status;
    this.record(move, color, seat);
    return 'ok';
  }

  /** Bookkeeping of a turn already applied to the position (for a stone) or a pass. */
  private record(vertex: number, color: number, seat: number): void {
    const t = this.turns;
    if (t === this.turnVertex.length) this.growTurns();
    const position = this.position;
    const rules = this.rules;
    this.turnVertex[t] = vertex;
    this.turnColor[t] = color;
    this.turnSeat[t] = seat;
    this.turnPrevSeat[t] = this.seat;
    this.turnPrevPasses[t] = this.passesInRow;
    this.turnPrevPassedSeats[t] = this.passedSeats;
    const nextSeat = (seat + 1) % rules.order.length;
    if (vertex === PASS) {
      this.turnKo[t] = -1;
      this.turnCaptured[t] = 0;
      this.turnSelfCaptured[t] = 0;
      const paid = rules.passes === 'paid' ? 1 : 0;
      this.turnPaid[t] = paid;
      this.paidPasses[color] += paid;
      this.passesInRow++;
      this.passedSeats |= 1 << seat;
      if (rules.ko === 'situational') this.seen.add(this.keyLo(nextSeat), this.keyHi(nextSeat));
    } else {
      this.turnKo[t] = position.koVertex;
      this.turnCaptured[t] = position.captured;
      this.turnSelfCaptured[t] = position.selfCaptured;
      this.turnPaid[t] = 0;
      this.prisonerCount[color] += position.captured;
      if (rules.colors === 2) this.prisonerCount[3 - color] += position.selfCaptured;
      this.passesInRow = 0;
      this.passedSeats = 0;
      if (rules.ko !== 'simple') this.seen.add(this.keyLo(nextSeat), this.keyHi(nextSeat));
    }
    this.seat = nextSeat;
    this.turns = t + 1;
    this.checkEnd();
  }

  private growTurns(): void {
    const size = this.turnVertex.length * 2;
    this.turnVertex = grown(this.turnVertex, size);
    this.turnColor = grown(this.turnColor, size);
    this.turnSeat = grown(this.turnSeat, size);
    this.turnPrevSeat = grown(this.turnPrevSeat, size);
    this.turnPrevPasses = grown(this.turnPrevPasses, size);
    this.turnPrevPassedSeats = grown(this.turnPrevPassedSeats, size);
    this.turnKo = grown(this.turnKo, size);
    this.turnCaptured = grown(this.turnCaptured, size);
    this.turnSelfCaptured = grown(this.turnSelfCaptured, size);
    this.turnPaid = grown(this.turnPaid, size);
  }

  /** Ends the game by resignation of `color`. */
  resign(color: number): MoveStatus {
    const problem = this.colorProblem(color);
    if (problem) return problem;
    this.resigned = color;
    this.isOver = true;
    this.endReason = 'resign';
    if (this.rules.colors === 2) {
      this.winnerColor = 3 - color;
    } else {
      // Decided here: with more colours the others are ranked by the rule set's count.
      const scores = this.scores();
      let best = 0;
      for (let c = 1; c <= this.rules.colors; c++) {
        if (c !== color && (best === 0 || scores[c] > scores[best])) best = c;
      }
      this.winnerColor = best;
    }
    this.resultText = `${colorLetter(this.winnerColor, this.rules.colors)}+R`;
    return 'ok';
  }

  /** Takes back the last turn (or a resignation). False when there is nothing to take back. */
  undo(): boolean {
    if (this.resigned !== 0) {
      this.clearEnd();
      this.checkEnd();
      return true;
    }
    if (this.turns === 0) return false;
    const t = this.turns - 1;
    const vertex = this.turnVertex[t];
    const color = this.turnColor[t];
    const nextSeat = (this.turnSeat[t] + 1) % this.rules.order.length;
    if (vertex === PASS) {
      if (this.rules.ko === 'situational') this.seen.remove(this.keyLo(nextSeat), this.keyHi(nextSeat));
      this.paidPasses[color] -= this.turnPaid[t];
    } else {
      if (this.rules.ko !== 'simple') this.seen.remove(this.keyLo(nextSeat), this.keyHi(nextSeat));
      this.position.undo();
      this.prisonerCount[color] -= this.turnCaptured[t];
      if (this.rules.colors === 2) this.prisonerCount[3 - color] -= this.turnSelfCaptured[t];
    }
    this.seat = this.turnPrevSeat[t];
    this.passesInRow = this.turnPrevPasses[t];
    this.passedSeats = this.turnPrevPassedSeats[t];
    this.turns = t;
    this.clearEnd();
    this.checkEnd();
    return true;
  }

  /**
   * Places set-up stones (handicap, ancient set-ups) before the first move; `toMove` picks the first colour to move.
   * Refused (with a reason, nothing changed) after a move, or when a stone would capture or leave a chain without
   * liberty.
   */
  setup(stones: readonly SetupStone[], toMove?: number): string | null {
    if (this.turns > 0) return 'set-up stones only before the first move';
    const rules = this.rules;
    const position = this.position;
    const placed: SetupStone[] = [];
    const undoPlaced = () => {
      for (let i = 0; i < placed.length; i++) position.undo();
    };
    for (const s of stones) {
      if (!Number.isInteger(s.color) || s.color < 1 || s.color > rules.colors) {
        undoPlaced();
        return `bad colour ${s.color}`;
      }
      if (!Number.isInteger(s.vertex) || s.vertex < 0 || s.vertex >= this.graph.n) {
        undoPlaced();
        return `bad vertex ${s.vertex + 1}`;
      }
      if (position.color[s.vertex] !== EMPTY) {
        undoPlaced();
        return `vertex ${s.vertex + 1} is not empty`;
      }
      position.play(s.vertex, s.color, true);
      placed.push(s);
      if (position.captured > 0 || position.selfCaptured > 0) {
        undoPlaced();
        return `a stone at ${s.vertex + 1} would leave a group without liberty`;
      }
    }
    let seat = this.seat;
    if (toMove !== undefined) {
      seat = rules.order.indexOf(toMove);
      if (seat < 0) {
        undoPlaced();
        return `colour ${toMove} has no seat`;
      }
    }
    undoPlaced();
    this.setupStones = [...this.setupStones, ...placed];
    this.startSeat = seat;
    this.reset();
    return null;
  }

  /**
   * Every vertex where `play` would accept a stone of `color` now, in index order. Empty once the game is over, and
   * for a colour that may not move now (orders other than two alternating colours), since `play` accepts nothing
   * from it: a list judged at that colour's next turn answered moves `play` refuses (the simple-ko vertex the
   * colour had just captured, legal only once its seat comes round).
   */
  legalMoves(color: number): number[] {
    const out: number[] = [];
    if (this.colorProblem(color) !== null) return out;
    const seat = this.seatFor(color);
    if (seat < 0) return out;
    const colors = this.position.color;
    for (let v = 0; v < this.graph.n; v++) {
      if (colors[v] === EMPTY && this.tryStone(v, color, seat, false) === 'ok') out.push(v);
    }
    return out;
  }

  /** Whether the colour at `seat` has any legal move or pass (no allocation). */
  private hasAnyAction(seat: number): boolean {
    const color = this.rules.order[seat];
    if (this.rules.passes === 'free') return true;
    if (this.rules.passes === 'paid' && this.counter(color) > 0) return true;
    const list = this.position.emptyList;
    for (let i = 0; i < this.position.emptyCount; i++) {
      if (this.tryStone(list[i], color, seat, false) === 'ok') return true;
    }
    return false;
  }

  /** Decides whether the game has just ended (docs/rules.md, "Passing and the end") and sets the result. */
  private checkEnd(): void {
    const rules = this.rules;
    if (rules.passes === 'free') {
      // With GTP's any-colour convention one colour may pass twice; only a pass from every seat ends the game.
      if (this.turns > 0 && this.passedSeats === (1 << rules.order.length) - 1) {
        this.finishByCount();
      }
      return;
    }
    if (!this.hasAnyAction(this.seat)) {
      const loser = rules.order[this.seat];
      this.isOver = true;
      this.endReason = 'no-move';
      this.winnerColor = 3 - loser;
      this.resultText = `${colorLetter(this.winnerColor, 2)}+M`;
    }
  }

  private finishByCount(): void {
    this.isOver = true;
    this.endReason = 'passes';
    const { text, winner } = describeScores(this.scores(), this.rules.colors);
    this.resultText = text;
    this.winnerColor = winner;
  }

  /**
   * Each colour's count under the rule set's scoring (area, or territory plus prisoners; White adds komi). For
   * `lastmove` rule sets, which have no count, the area count: an estimate, for final_score before the end.
   */
  scores(): number[] {
    const colors = this.rules.colors;
    const count = countBoard(this.position, colors);
    const scores = new Array<number>(colors + 1).fill(0);
    for (let c = 1; c <= colors; c++) {
      scores[c] =
        this.rules.scoring === 'territory'
          ? count.territory[c] + this.prisonerCount[c]
          : count.stones[c] + count.territory[c];
    }
    scores[2] += this.rules.komi;
    return scores;
  }

  /** The state as get_state reports it (docs/protocol.md, "State commands, for controllers, GUIs and tests"). */
  state(): GameState {
    const colors = this.rules.colors;
    const counters = [0];
    const prisoners = [0];
    for (let c = 1; c <= colors; c++) {
      counters.push(this.counter(c));
      prisoners.push(this.prisonerCount[c]);
    }
    return {
      toMove: this.isOver ? null : this.rules.order[this.seat],
      position: this.position.toText(),
      counters,
      prisoners,
      moves: this.turns,
      passes: this.passesInRow,
      over: this.isOver,
      result: this.resultText,
    };
  }
}

/** x with float noise rounded away in 1e9ths; past 1e15 a double has no such digits (and x * 1e9 could overflow). */
function withoutNoise(x: number): number {
  return Math.abs(x) < 1e15 ? Math.round(x * 1e9) / 1e9 : x;
}

function formatMargin(x: number): string {
  return formatNumber(withoutNoise(x));
}

/**
 * Result text from counts (docs/rules.md, "Scoring"): `B+3.5`, `W+12`, `0`; with more colours `3+4`, or `0` for a
 * shared first place.
 */
export function describeScores(scores: readonly number[], colors: number): { text: string; winner: number } {
  if (colors === 2) {
    const diff = withoutNoise(scores[1] - scores[2]);
    if (diff > 0) return { text: `B+${formatMargin(diff)}`, winner: 1 };
    if (diff < 0) return { text: `W+${formatMargin(-diff)}`, winner: 2 };
    return { text: '0', winner: 0 };
  }
  let best = 1;
  for (let c = 2; c <= colors; c++) if (scores[c] > scores[best]) best = c;
  let runnerUp = -Infinity;
  for (let c = 1; c <= colors; c++) if (c !== best && scores[c] > runnerUp) runnerUp = scores[c];
  const margin = withoutNoise(scores[best] - runnerUp);
  if (margin <= 0) return { text: '0', winner: 0 };
  return { text: `${best}+${formatMargin(margin)}`, winner: best };
}
