/**
 * A second, deliberately naive implementation of the rules (docs/rules.md), living only in the tests.
 *
 * It shares no game logic with src/: plain arrays and sets, groups found by breadth-first search, liberties
 * recomputed from scratch, every colouring of the game kept as a string, every state immutable (a move returns a
 * new NaiveGame). It is slow on purpose and written from docs/rules.md line by line, so that a perft of the real Game
 * against it can disagree. The only things taken from src/ are the Graph's list of links as given (linkU, linkV,
 * linkKind: not its CSR views) and the Rules record's fields.
 */
import { ARC, type Graph } from '../../src/graph.js';
import type { Rules } from '../../src/rules.js';

export const NAIVE_PASS = -1;

/** The board as docs/rules.md, "The board" states it: underlying neighbours and out-liberties, as plain arrays. */
export interface NaiveBoard {
  readonly n: number;
  /** Underlying graph: u and v are neighbours when u-v, u>v or v>u. */
  readonly neighbours: readonly (readonly number[])[];
  /** libertyOf[u]: the vertices v with u-v or u>v (v counts as a liberty of a stone on u). */
  readonly libertyOf: readonly (readonly number[])[];
}

export interface NaiveLink {
  readonly u: number;
  readonly v: number;
  /** true for an arc u>v, false for an edge u-v. */
  readonly arc: boolean;
}

export function naiveBoard(n: number, links: readonly NaiveLink[]): NaiveBoard {
  const neighbours: Set<number>[] = [];
  const libertyOf: Set<number>[] = [];
  for (let v = 0; v < n; v++) {
    neighbours.push(new Set());
    libertyOf.push(new Set());
  }
  for (const { u, v, arc } of links) {
    neighbours[u].add(v);
    neighbours[v].add(u);
    libertyOf[u].add(v);
    if (!arc) libertyOf[v].add(u);
  }
  return {
    n,
    neighbours: neighbours.map((s) => [...s].sort((a, b) => a - b)),
    libertyOf: libertyOf.map((s) => [...s].sort((a, b) => a - b)),
  };
}

/** The board of a Graph, from its links as given (not from its CSR arrays). */
export function naiveBoardOf(graph: Graph): NaiveBoard {
  const links: NaiveLink[] = [];
  for (let i = 0; i < graph.linkU.length; i++) {
    links.push({ u: graph.linkU[i], v: graph.linkV[i], arc: graph.linkKind[i] === ARC });
  }
  return naiveBoard(graph.n, links);
}

/** The rule-set parameters, as docs/rules.md names them. */
export interface NaiveRules {
  readonly ko: 'positional' | 'situational' | 'simple';
  readonly suicide: 'allowed' | 'forbidden';
  readonly passes: 'free' | 'paid' | 'none';
  readonly scoring: 'area' | 'territory' | 'lastmove';
  readonly komi: number;
  readonly colors: number;
  readonly order: readonly number[];
}

/** The table of docs/rules.md, "Presets", copied by hand, to pin src/rules.ts's table. */
export const RULES_MD_PRESETS: Record<string, Omit<NaiveRules, 'order'>> = {
  famine: { ko: 'positional', suicide: 'allowed', passes: 'paid', scoring: 'lastmove', komi: 7.5, colors: 2 },
  area: { ko: 'positional', suicide: 'allowed', passes: 'free', scoring: 'area', komi: 7.5, colors: 2 },
  conway: { ko: 'positional', suicide: 'allowed', passes: 'none', scoring: 'lastmove', komi: 0, colors: 2 },
  kim: { ko: 'simple', suicide: 'forbidden', passes: 'free', scoring: 'territory', komi: 7.5, colors: 2 },
  netgo: { ko: 'simple', suicide: 'forbidden', passes: 'free', scoring: 'territory', komi: 0, colors: 2 },
};

export function naiveRulesOf(r: Rules): NaiveRules {
  return {
    ko: r.ko,
    suicide: r.suicide,
    passes: r.passes,
    scoring: r.scoring,
    komi: r.komi,
    colors: r.colors,
    order: [...r.order],
  };
}

/** A simple-ko ban: `vertex` is forbidden to every colour at turns before `until` (the capturing seat's next turn). */
interface KoBan {
  readonly vertex: number;
  readonly until: number;
}

interface NaiveFields {
  readonly colouring: readonly number[];
  /** Turns played (moves and passes); the seat to move is turns mod order.length. */
  readonly turns: number;
  readonly prisoners: readonly number[];
  readonly paidPasses: readonly number[];
  readonly passesInRow: number;
  /** Every colouring (positional) or colouring|colour-to-move (situational) of the game so far. */
  readonly history: ReadonlySet<string>;
  readonly bans: readonly KoBan[];
}

/** The vertices of start's colour (0 for empty regions) connected to it in the underlying graph, by BFS. */
export function naiveGroup(board: NaiveBoard, colouring: readonly number[], start: number): number[] {
  const c = colouring[start];
  const seen = new Set<number>([start]);
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    for (const w of board.neighbours[queue[i]]) {
      if (colouring[w] === c && !seen.has(w)) {
        seen.add(w);
        queue.push(w);
      }
    }
  }
  return queue;
}

/** The distinct liberties of a group: empty v with u-v or u>v for some stone u of the group. */
export function naiveLiberties(board: NaiveBoard, colouring: readonly number[], group: readonly number[]): Set<number> {
  const libs = new Set<number>();
  for (const u of group) for (const v of board.libertyOf[u]) if (colouring[v] === 0) libs.add(v);
  return libs;
}

export function colouringText(colouring: readonly number[]): string {
  return colouring.map((c) => (c === 0 ? '.' : String(c))).join('');
}

export class NaiveGame {
  readonly board: NaiveBoard;
  readonly rules: NaiveRules;
  private readonly f: NaiveFields;
  /** The end, decided when first asked (undefined: not yet decided). */
  private end: string | null | undefined = undefined;
  /** Memo of tryMove per vertex (the state is immutable, so a vertex's outcome never changes). */
  private readonly tried = new Map<number, NaiveGame | string>();

  private constructor(board: NaiveBoard, rules: NaiveRules, fields: NaiveFields) {
    this.board = board;
    this.rules = rules;
    this.f = fields;
  }

  /** The result text once the game has ended, else null. */
  get result(): string | null {
    if (this.end === undefined) this.end = this.decideEnd();
    return this.end;
  }
  get over(): boolean {
    return this.result !== null;
  }

  static start(board: NaiveBoard, rules: NaiveRules): NaiveGame {
    const colouring = new Array<number>(board.n).fill(0);
    const zeros = new Array<number>(rules.colors + 1).fill(0);
    const history = new Set<string>();
    // The initial colouring has occurred (positional); the initial pair with the first colour to move (situational).
    if (rules.ko === 'positional') history.add(colouringText(colouring));
    if (rules.ko === 'situational') history.add(`${colouringText(colouring)}|${rules.order[0]}`);
    return new NaiveGame(board, rules, {
      colouring,
      turns: 0,
      prisoners: zeros,
      paidPasses: zeros,
      passesInRow: 0,
      history,
      bans: [],
    });
  }

  get colouring(): readonly number[] {
    return this.f.colouring;
  }
  get text(): string {
    return colouringText(this.f.colouring);
  }
  get seat(): number {
    return this.f.turns % this.rules.order.length;
  }
  /** The colour to move, 0 once over. */
  get toMove(): number {
    return this.over ? 0 : this.rules.order[this.seat];
  }
  prisoners(c: number): number {
    return this.f.prisoners[c];
  }

  /** Komi K >= 0: White starts with K, Black 0; K < 0: Black starts with -K. Plus prisoners, minus paid passes. */
  counter(c: number): number {
    const k = this.rules.komi;
    const start = k >= 0 ? (c === 2 ? k : 0) : c === 1 ? -k : 0;
    return start + this.f.prisoners[c] - this.f.paidPasses[c];
  }

  /** The game after the player to move colours v, or a reason it is illegal. Ignores `over` (see legalMoves). */
  private tryMove(v: number): NaiveGame | string {
    let r = this.tried.get(v);
    if (r === undefined) {
      r = this.computeMove(v);
      this.tried.set(v, r);
    }
    return r;
  }

  private computeMove(v: number): NaiveGame | string {
    const { board, rules, f } = this;
    if (f.colouring[v] !== 0) return 'occupied';
    if (rules.ko === 'simple' && f.bans.some((b) => b.vertex === v && f.turns < b.until)) return 'ko';
    const mover = rules.order[this.seat];
    const col = [...f.colouring];
    col[v] = mover;

    // 1. Every group of another colour with no liberty is removed, all at once.
    const doomed: number[][] = [];
    const looked = new Set<number>();
    for (let u = 0; u < board.n; u++) {
      if (col[u] === 0 || col[u] === mover || looked.has(u)) continue;
      const g = naiveGroup(board, col, u);
      for (const s of g) looked.add(s);
      if (naiveLiberties(board, col, g).size === 0) doomed.push(g);
    }
    let captured = 0;
    let capturedVertex = -1;
    for (const g of doomed) {
      for (const s of g) {
        col[s] = 0;
        captured++;
        capturedVertex = s;
      }
    }

    // 2. Then the mover's own group, if it has no liberty: self-capture, or illegal when suicide is forbidden.
    const own = naiveGroup(board, col, v);
    const ownLibs = naiveLiberties(board, col, own);
    let selfCaptured = 0;
    if (ownLibs.size === 0) {
      if (rules.suicide === 'forbidden') return 'suicide';
      for (const s of own) col[s] = 0;
      selfCaptured = own.length;
    }

    // Repetition.
    const L = rules.order.length;
    const nextColour = rules.order[(f.turns + 1) % L];
    const history = new Set(f.history);
    if (rules.ko === 'positional') {
      const key = colouringText(col);
      if (history.has(key)) return 'superko';
      history.add(key);
    } else if (rules.ko === 'situational') {
      const key = `${colouringText(col)}|${nextColour}`;
      if (history.has(key)) return 'superko';
      history.add(key);
    }
    const bans = f.bans.filter((b) => f.turns + 1 < b.until);
    if (
      rules.ko === 'simple' &&
      captured === 1 &&
      own.length === 1 &&
      selfCaptured === 0 &&
      ownLibs.size === 1 &&
      ownLibs.has(capturedVertex)
    ) {
      // Forbidden to every colour until the capturing seat comes round again, L turns later.
      bans.push({ vertex: capturedVertex, until: f.turns + L });
    }

    // Prisoners: two colours, each removed stone to the colour other than its own; more colours, step 1 stones to
    // the mover and self-captured stones to no one.
    const prisoners = [...f.prisoners];
    prisoners[mover] += captured;
    if (rules.colors === 2) prisoners[3 - mover] += selfCaptured;

    return new NaiveGame(board, rules, {
      colouring: col,
      turns: f.turns + 1,
      prisoners,
      paidPasses: f.paidPasses,
      passesInRow: 0,
      history,
      bans,
    });
  }

  /** Whether the colour to move may pass now (ignores `over`). */
  private passAllowed(): boolean {
    const mover = this.rules.order[this.seat];
    if (this.rules.passes === 'free') return true;
    if (this.rules.passes === 'paid') return this.counter(mover) > 0;
    return false;
  }

  private legalIgnoringEnd(): number[] {
    const out: number[] = [];
    for (let v = 0; v < this.board.n; v++) if (typeof this.tryMove(v) !== 'string') out.push(v);
    return out;
  }

  /** The vertices the colour to move may play, in index order; none once over. */
  legalMoves(): number[] {
    return this.over ? [] : this.legalIgnoringEnd();
  }

  canPass(): boolean {
    return !this.over && this.passAllowed();
  }

  /** Why a vertex is illegal for the colour to move, or 'ok'. */
  status(v: number): string {
    if (this.over) return 'game-over';
    const r = this.tryMove(v);
    return typeof r === 'string' ? r : 'ok';
  }

  /** Plays a vertex or NAIVE_PASS; throws when it is not legal (the perft only plays legal actions). */
  play(move: number): NaiveGame {
    if (this.over) throw new Error('naive: game over');
    if (move === NAIVE_PASS) {
      if (!this.passAllowed()) throw new Error('naive: pass not allowed');
      const { rules, f } = this;
      const mover = rules.order[this.seat];
      const paidPasses = [...f.paidPasses];
      if (rules.passes === 'paid') paidPasses[mover] += 1;
      const L = rules.order.length;
      const history = new Set(f.history);
      if (rules.ko === 'situational') history.add(`${colouringText(f.colouring)}|${rules.order[(f.turns + 1) % L]}`);
      return new NaiveGame(this.board, rules, {
        colouring: f.colouring,
        turns: f.turns + 1,
        prisoners: f.prisoners,
        paidPasses,
        passesInRow: f.passesInRow + 1,
        history,
        bans: f.bans.filter((b) => f.turns + 1 < b.until),
      });
    }
    const r = this.tryMove(move);
    if (typeof r === 'string') throw new Error(`naive: illegal ${move + 1}: ${r}`);
    // The child is handed over: forgetting it here keeps a perft from holding its whole tree in the memos.
    this.tried.delete(move);
    return r;
  }

  /** Legal vertices then, if allowed, NAIVE_PASS. */
  actions(): number[] {
    if (this.over) return [];
    const out = this.legalIgnoringEnd();
    if (this.passAllowed()) out.push(NAIVE_PASS);
    return out;
  }

  /** The result text if the game has ended here, else null. */
  private decideEnd(): string | null {
    const { rules, f } = this;
    if (rules.passes === 'free') {
      // Ends when every seat of the order has passed in succession; then counted.
      if (f.passesInRow >= rules.order.length) return this.countResult();
      return null;
    }
    // paid / none: the player to move with no legal move that may not pass loses (two colours only).
    if (this.passAllowed() || this.legalIgnoringEnd().length > 0) return null;
    const loser = rules.order[this.seat];
    return loser === 1 ? 'W+M' : 'B+M';
  }

  /** Each colour's score (index 0 unused) under area or territory scoring; White (2) adds komi. */
  scores(): number[] {
    const { board, rules, f } = this;
    const col = f.colouring;
    const stones = new Array<number>(rules.colors + 1).fill(0);
    const territory = new Array<number>(rules.colors + 1).fill(0);
    const seen = new Set<number>();
    for (let v = 0; v < board.n; v++) {
      if (col[v] !== 0) {
        stones[col[v]]++;
        continue;
      }
      if (seen.has(v)) continue;
      // An empty region: connected component of empty vertices in the underlying graph.
      const region = naiveGroup(board, col, v);
      for (const s of region) seen.add(s);
      const touches = new Set<number>();
      for (const s of region) for (const w of board.neighbours[s]) if (col[w] !== 0) touches.add(col[w]);
      if (touches.size === 1) territory[[...touches][0]] += region.length;
    }
    const scores = new Array<number>(rules.colors + 1).fill(0);
    for (let c = 1; c <= rules.colors; c++) {
      scores[c] = rules.scoring === 'territory' ? territory[c] + f.prisoners[c] : stones[c] + territory[c];
    }
    scores[2] += rules.komi;
    return scores;
  }

  private countResult(): string {
    const s = this.scores();
    const k = this.rules.colors;
    if (k === 2) {
      const d = s[1] - s[2];
      return d > 0 ? `B+${d}` : d < 0 ? `W+${-d}` : '0';
    }
    const ranked = [];
    for (let c = 1; c <= k; c++) ranked.push({ c, score: s[c] });
    ranked.sort((a, b) => b.score - a.score);
    if (ranked[0].score === ranked[1].score) return '0';
    return `${ranked[0].c}+${ranked[0].score - ranked[1].score}`;
  }
}

/** Perft of the naive game: leaves of the tree of moves and passes cut at depth d (a finished game is a leaf). */
export function naivePerft(game: NaiveGame, depth: number): number {
  if (depth === 0 || game.over) return 1;
  let total = 0;
  for (const a of game.actions()) total += naivePerft(game.play(a), depth - 1);
  return total;
}
