/**
 * UCT with RAVE (AMAF), priors, tree reuse and a resign threshold, on any graph and for any number of colours.
 *
 * One simulation: copy the root position, descend the tree choosing children by the UCT-RAVE value (Gelly and
 * Silver's blend: beta = n_amaf / (n_amaf + n + n * n_amaf / E), with the RAVE equivalence E by graph:
 * raveEquivalenceFor), expand a leaf once it has been visited EXPAND_VISITS times, finish with a light playout (bots/playout.ts), score the end under the real rule
 * set (bots/evaluate.ts) and back the reward of every colour up the path. AMAF credits each child whose move its
 * colour played first anywhere later in the simulation.
 *
 * Rules: the root's children are exactly the legal moves of the game (superko included); deeper, moves follow the
 * playout's rules (simple ko, no suicide, own eyes only when nothing else is left) while passes, counters and
 * prisoners follow the rule set, so that a famine pass costs its point inside the tree too. Under free passes a
 * pass sequence by every seat ends the game in the tree and is scored directly.
 *
 * Every enhancement is a setting (rave, priors, reuse, resign threshold) so the harness can measure its worth;
 * with a fixed number of playouts and a seed the search is deterministic.
 */
import type { Graph } from '../src/graph.js';
import type { Game } from '../src/game.js';
import { EMPTY, PASS, RESIGN } from '../src/vocabulary.js';
import { PLAY_SUICIDE, Position } from '../src/position.js';
import { Rng } from '../src/rng.js';
import { describeScores } from '../src/game.js';
import type { Rules } from '../src/rules.js';
import type { Bot, SearchInfo } from './bot.js';
import { lowerConfidenceBound, type Analysis, type AnalysisOptions, type MoveAnalysis, type SlicedMoveSearch } from './analysis.js';
import { DEFAULT_DYNAMIC_KOMI, searchExtraKomi } from './dynamic-komi.js';
import { MarginKomi } from './margin-komi.js';
import { PlayoutEvaluator } from './evaluate.js';
import { savingMove } from './saving-move.js';
import { isOwnEye, JUDGE_EYE, JUDGE_ILLEGAL, judgeUndirected, LightPlayout } from './playout.js';
import { BoardLines, emptyArea } from './board-lines.js';
import { LADDER_DEAD, LadderPriors } from './ladder.js';
import { LearnedPrior } from './learned-prior.js';
import { SquarePatterns } from './patterns.js';
import { DEFAULT_PLAYOUTS } from './search-limits.js';
import { cutsOrConnects } from './cut-connect.js';
import { EXPANDING, NO_NODE, NodePool, REWARD_SCALE, type PoolBuffers } from './tree.js';

/** The tree's default memory budget, in MiB: room for about 28 million nodes of two colours, and it fits a laptop. */
export const DEFAULT_TREE_MEGABYTES = 1024;

export interface UctSettings {
  /** Simulations per move; null for no fixed count. */
  readonly playouts: number | null;
  /** Seconds per move; null for no fixed time. */
  readonly seconds: number | null;
  readonly seed: string;
  readonly rave: boolean;
  readonly priors: boolean;
  readonly reuse: boolean;
  /** Playout tactics: capture or escape after a move that leaves a chain in atari (bots/playout.ts). */
  readonly tactics: boolean;
  /** MoGo's 3x3 patterns in playouts and priors, on square lattices with two colours (bots/patterns.ts). */
  readonly patterns: boolean;
  /** Ladder reading in the priors, on any graph (bots/ladder.ts). */
  readonly ladders: boolean;
  /** Priors for cutting and connecting moves on graphs without 3x3 patterns (bots/cut-connect.ts). */
  readonly cutConnect: boolean;
  /** Priors from the learned move model (bots/learned-prior.ts) in place of the hand-set values. */
  readonly learnedPrior: boolean;
  /** How sharply the learned prior's values follow the model. */
  readonly learnedPriorScale: number;
  /**
   * Above 0, the learned prior takes Pachi's form where it uses the lattice model (square lattices, two colours): a
   * fresh child gets its prior visits at an even value plus sqrt(p) x this many virtual wins in its own statistics,
   * p the model's probability of the move among its siblings; 0, and on other graphs, the value form (0.1 to 0.9).
   */
  readonly learnedPriorWins: number;
  /** Cutting and connecting moves next to the last move in the playouts, on graphs without 3x3 patterns (bots/playout.ts). */
  readonly playoutCuts: boolean;
  /** In handicap games, playouts are counted with a larger komi early on (bots/dynamic-komi.ts). */
  readonly dynamicKomi: boolean;
  /** Its extra points per handicap stone at the first move. */
  readonly dynamicKomiPerStone: number;
  /** The move where it reaches 0, as a fraction of the number of vertices. */
  readonly dynamicKomiFade: number;
  /** Far ahead, playouts are counted as if the bot gave more komi, so it plays for a margin (bots/margin-komi.ts). */
  readonly marginKomi: boolean;
  /** The share of a playout's reward that follows its margin (bots/evaluate.ts; two colours; 0: the result alone). */
  readonly scoreWeight: number;
  /** Resign when the best move's win rate falls below this (0 never resigns). */
  readonly resignThreshold: number;
  readonly expandVisits: number;
  /** Virtual visits (and AMAF visits) a prior gives a fresh child: how long the prior outweighs the simulations. */
  readonly priorVisits: number;
  /**
   * About the visits at which a node's own statistics and its AMAF statistics weigh the same; null: by the graph,
   * RAVE_EQUIVALENCE_SQUARE on square lattices and RAVE_EQUIVALENCE_ELSEWHERE on every other graph.
   */
  readonly raveEquivalence: number | null;
  /** UCB exploration constant. */
  readonly exploration: number;
  /** The tree's memory budget in MiB (both pools: the tree and the copy kept for reuse); past it the tree stops growing. */
  readonly maxTreeMegabytes: number;
}

export const DEFAULT_UCT_SETTINGS: UctSettings = {
  playouts: DEFAULT_PLAYOUTS,
  seconds: null,
  seed: '1',
  rave: true,
  priors: true,
  reuse: true,
  tactics: true,
  patterns: true,
  ladders: true,
  cutConnect: true,
  playoutCuts: true,
  learnedPrior: true,
  learnedPriorScale: 0.4,
  // Below Pachi's 9x9 value of 210 (300 x 14 / 20): our model copies its prior only in part, and 150 beat 210 in
  // self-play on 9x9 and 13x13 (docs/bots.md, Tuning W).
  learnedPriorWins: 150,
  // Off: on 9x9 it did not win games (docs/bots.md, Dynamic komi).
  dynamicKomi: false,
  dynamicKomiPerStone: DEFAULT_DYNAMIC_KOMI.perStone,
  dynamicKomiFade: DEFAULT_DYNAMIC_KOMI.fade,
  marginKomi: false,
  scoreWeight: 0,
  resignThreshold: 0.05,
  expandVisits: 2,
  priorVisits: 10,
  raveEquivalence: null,
  exploration: 0,
  maxTreeMegabytes: DEFAULT_TREE_MEGABYTES,
};

/**
 * The RAVE equivalence by graph. On square lattices, where the 3x3 patterns and the lattice model of the learned
 * prior give fresh nodes sharp priors, 300 beat 1,000; on the other graphs AMAF is trusted ten times longer: 3,000
 * beat 300 on random graphs and led, undecided, on hex and king-move boards (docs/bots.md, "RAVE equivalence by
 * graph").
 */
export const RAVE_EQUIVALENCE_SQUARE = 300;
export const RAVE_EQUIVALENCE_ELSEWHERE = 3000;

/** The values a prior gives a fresh child's virtual visits (settings.priorVisits of them). */
const PRIOR_EVEN = 0.5;
const PRIOR_CAPTURE = 0.9;
const PRIOR_SELF_ATARI = 0.25;
const PRIOR_PASS = 0.3;
const PRIOR_PATTERN = 0.7;
const PRIOR_LOW_LINE = 0.1;
const PRIOR_THIRD_LINE = 0.9;
/** Without RAVE, plain UCB needs more exploration than the RAVE blend does. */
const EXPLORATION_WITHOUT_RAVE = 0.7;
/** How often (in simulations) the clock is read. */
const CLOCK_EVERY = 16;
/**
 * The fewest simulations a timed search runs before its time may end it, so that even the smallest clock budget
 * answers with something searched: a cold first search can spend a budget of 20 ms on setting up alone. One
 * batch between readings of the clock, so the search runs past its deadline by no more than it may anyway.
 */
export const MIN_SIMULATIONS = CLOCK_EVERY;
/** The deepest descent; deeper trees are not grown. */
const MAX_DEPTH = 4096;
/** AMAF marks: generation * AMAF_COLORS + colour in 32 bits (colours are fewer than 16). */
const AMAF_COLORS = 16;
const AMAF_GENERATIONS = 2 ** 32 / AMAF_COLORS;
/** A resignation needs at least this many simulations behind it. */
const RESIGN_MIN_SIMULATIONS = 500;
/** Marks a reused root child that the real rules forbid. */
const DEAD_MOVE = -3;
const MEBIBYTE = 1 << 20;
/** Words of a shared search's control array: simulations claimed by all threads, and the main thread's stop. */
export const SHARED_STARTED = 0;
export const SHARED_STOP = 1;
/** The longest principal variation an analysis reports. */
const MAX_PV_LENGTH = 30;

export class UctBot implements Bot, SlicedMoveSearch {
  readonly name: string;
  readonly settings: UctSettings;
  private readonly rng: Rng;
  private pool: NodePool | null = null;
  /** Nodes the last search added to the pool: the room tree reuse keeps free for the next one. */
  private lastGrowth = 0;
  /** The pool's size when the current search began. */
  private sizeAtStart = 0;
  private root = NO_NODE;
  private rootGame: Game | null = null;
  private rootEpoch = -1;
  private rootHistory: { vertex: number; color: number }[] = [];
  private state: SearchState | null = null;
  /** Seconds the engine's clock allows for the next move (time_settings / time_left), or null. */
  private clockBudget: number | null = null;
  /** Seconds the clock lets a move in doubt add to its budget. */
  private clockExtra = 0;
  lastSearch: SearchInfo | null = null;
  /** Where the bot says what the user should know (the tree's budget is spent); the engine passes stderr. */
  notify: ((message: string) => void) | null = null;
  private fullNoticed = false;
  /** The search run in slices (analysis, interruptible genmove): its colour, simulations and limits. */
  private sliceColor = 0;
  private sliceGame: Game | null = null;
  private sliceSimulations = 0;
  private sliceStart = 0;
  private slicePlayouts: number | null = null;
  private sliceSeconds: number | null = null;
  /** Seconds this move may still add when in doubt at its deadline (used once). */
  private sliceExtra = 0;
  private readonly margin = new MarginKomi();
  /** The margin komi (points added to White's komi) the current search counts with. */
  private searchMargin = 0;
  /** A worker thread's search counts with the main thread's margin komi, not one of its own. */
  private followedMargin: number | null = null;

  constructor(settings: UctSettings, name = 'uct') {
    this.settings = settings;
    this.name = name;
    this.rng = new Rng(settings.seed);
  }

  setTimeBudget(seconds: number | null, extraSeconds = 0): void {
    this.clockBudget = seconds;
    this.clockExtra = extraSeconds;
  }

  /** The margin komi (points added to White's komi; bots/margin-komi.ts) of the last search prepared. */
  get marginKomi(): number {
    return this.searchMargin;
  }

  /** The margin komi the next search of `color` in `game` counts with (root parallelism sends it to the workers). */
  nextMarginKomi(game: Game, color: number): number {
    if (this.followedMargin !== null) return this.followedMargin;
    return this.settings.marginKomi ? this.margin.extraKomi(game, color) : 0;
  }

  /** A worker thread's bot: count the next searches with this margin komi (the main thread's), or its own (null). */
  followMargin(points: number | null): void {
    this.followedMargin = points;
  }

  /** After a search for the game: the chosen move's win rate moves the margin komi for the next one. */
  noteResult(winrate: number, simulations: number): void {
    if (this.settings.marginKomi && this.followedMargin === null) this.margin.noteResult(winrate, simulations);
  }

  /**
   * The resign threshold for the search just run: none while it counted with a margin, whose win rate understates
   * the real one (the margin is dropped at the next move instead).
   */
  resignThreshold(): number {
    return this.searchMargin === 0 ? this.settings.resignThreshold : 0;
  }

  /**
   * The seconds a move in doubt may add to timeLimit(): the clock's extra time, when the clock sets this move's
   * limit, and never past hardTimeLimit().
   */
  doubtSeconds(): number {
    const limit = this.timeLimit();
    const hard = this.hardTimeLimit();
    return limit === null || hard === null ? 0 : Math.max(0, hard - limit);
  }

  /** Whether the search so far leaves the move in doubt (see inDoubt). */
  inDoubt(): boolean {
    return inDoubt(this.rootStats());
  }

  /** Nodes in the tree now. */
  get nodeCount(): number {
    return this.pool?.size ?? 0;
  }

  genmove(game: Game, color: number): number {
    const early = this.beginMove(game, color, null);
    if (early !== null) return early;
    while (!this.runMove(Infinity));
    return this.endMove();
  }

  get analyzer(): this {
    return this;
  }

  get slicedSearch(): this {
    return this;
  }

  beginMove(game: Game, color: number, options: AnalysisOptions | null): number | null {
    const start = performance.now();
    const early = earlyMove(game, color);
    if (early !== null) return this.finish(early, start, 0, early === PASS ? 1 : 0, game);
    this.startSlices(game, color, options, true);
    this.sliceStart = start;
    this.slicePlayouts = this.settings.playouts;
    this.sliceSeconds = this.timeLimit();
    this.sliceExtra = this.doubtSeconds();
    return null;
  }

  runMove(milliseconds: number): boolean {
    const state = this.state!;
    const playouts = this.slicePlayouts;
    const seconds = this.sliceSeconds;
    if (playouts === null && seconds === null) return true;
    let deadline = seconds === null ? Infinity : this.sliceStart + seconds * 1000;
    const sliceEnd = performance.now() + milliseconds;
    let simulations = this.sliceSimulations;
    try {
      for (;;) {
        if (playouts !== null && simulations >= playouts) return true;
        if (simulations % CLOCK_EVERY === 0) {
          const now = performance.now();
          if (now >= deadline && simulations >= MIN_SIMULATIONS) {
            if (this.sliceExtra <= 0 || !this.inDoubt()) return true;
            this.sliceSeconds! += this.sliceExtra;
            deadline += this.sliceExtra * 1000;
            this.sliceExtra = 0;
          }
          if (now >= sliceEnd) return false;
        }
        state.simulate(this.root, this.rng);
        simulations++;
      }
    } finally {
      this.sliceSimulations = simulations;
    }
  }

  endMove(): number {
    const game = this.sliceGame!;
    const color = this.sliceColor;
    const simulations = this.sliceSimulations;
    const { move, winrate } = decide(game, color, this.rootStats(), simulations, this.resignThreshold(), simulations === 0 ? this.favouriteMove() : null);
    this.state!.stopAnalysis();
    this.noticeFullTree();
    return this.finish(move, this.sliceStart, simulations, winrate, game);
  }

  begin(game: Game, color: number, options: AnalysisOptions): boolean {
    const legal = game.legalMoves(color);
    const canPass = game.canPass(color);
    if (legal.length === 0 && !canPass) return false;
    this.startSlices(game, color, options, false, legal, canPass);
    return true;
  }

  run(milliseconds: number): number {
    const state = this.state!;
    const end = performance.now() + milliseconds;
    let simulations = 0;
    do {
      for (let i = 0; i < CLOCK_EVERY; i++) state.simulate(this.root, this.rng);
      simulations += CLOCK_EVERY;
    } while (performance.now() < end);
    this.sliceSimulations += simulations;
    this.noticeFullTree();
    return simulations;
  }

  report(): Analysis {
    const pool = this.pool!;
    pool.refresh();
    const state = this.state!;
    const root = this.root;
    const first = pool.firstChild[root];
    const count = pool.childCount[root];
    const virtual = this.settings.priors ? this.settings.priorVisits : 0;
    const priors = state.rootPriors(first, count);
    const moves: MoveAnalysis[] = [];
    for (let k = 0; k < count; k++) {
      const child = first + k;
      if (pool.move[child] === DEAD_MOVE) continue;
      const visits = Math.max(0, pool.searchedVisits(child) - virtual);
      if (visits === 0) continue;
      const winrate = pool.searchedReward(child) / pool.searchedVisits(child);
      moves.push({
        move: pool.move[child],
        visits,
        winrate,
        prior: priors[k],
        lcb: lowerConfidenceBound(winrate, visits),
        scoreLead: state.marginOf(k),
        scoreStdev: state.marginDeviationOf(k),
        ...this.principalVariation(child, virtual),
      });
    }
    moves.sort((a, b) => b.visits - a.visits || b.winrate - a.winrate);
    const rootVisits = moves.reduce((sum, m) => sum + m.visits, 0);
    return { color: this.sliceColor, visits: this.sliceSimulations, rootVisits, moves, ownership: state.ownership() };
  }

  /** The most visited line from `node` on, while its nodes have real visits, and those visits. */
  private principalVariation(node: number, virtual: number): { pv: number[]; pvVisits: number[] } {
    const pool = this.pool!;
    const line = [pool.move[node]];
    const visits = [pool.searchedVisits(node) - virtual];
    let at = node;
    while (line.length < MAX_PV_LENGTH && pool.childCount[at] > 0) {
      const first = pool.firstChild[at];
      let best = NO_NODE;
      for (let k = 0; k < pool.childCount[at]; k++) {
        const child = first + k;
        if (pool.move[child] === DEAD_MOVE || pool.searchedVisits(child) <= virtual) continue;
        if (best === NO_NODE || pool.searchedVisits(child) > pool.searchedVisits(best)) best = child;
      }
      if (best === NO_NODE) break;
      line.push(pool.move[best]);
      visits.push(pool.searchedVisits(best) - virtual);
      at = best;
    }
    return { pv: line, pvVisits: visits };
  }

  /**
   * Sets up the root for a search in slices; analysis statistics are gathered when `options` asks for them.
   * `ownMove`: a search for the move the bot will play (the margin komi counts there, not in analysis or pondering).
   */
  private startSlices(
    game: Game,
    color: number,
    options: AnalysisOptions | null,
    ownMove: boolean,
    legal = game.legalMoves(color),
    canPass = game.canPass(color),
  ): void {
    const state = this.prepare(game, color, legal, canPass, ownMove);
    if (options === null) state.stopAnalysis();
    else state.startAnalysis(this.pool!.firstChild[this.root], options.ownership);
    this.sliceGame = game;
    this.sliceColor = color;
    this.sliceSimulations = 0;
    this.fullNoticed = false;
  }

  /**
   * Runs simulations for `color` until `playouts` (if not null) or `seconds` after `start` (if not null) is
   * reached; returns the number run. The root's statistics are then in rootStats(). Precondition: the colour has
   * a legal move (earlyMove returned null).
   */
  search(game: Game, color: number, playouts: number | null, seconds: number | null, start = performance.now()): number {
    const state = this.prepare(game, color, game.legalMoves(color), game.canPass(color));
    // Root parallelism searches here: a full tree is said once a move, as in the other searches.
    this.fullNoticed = false;
    let simulations = 0;
    const deadline = seconds === null ? Infinity : start + seconds * 1000;
    for (;;) {
      if (playouts !== null && simulations >= playouts) break;
      if (seconds !== null && simulations >= MIN_SIMULATIONS && simulations % CLOCK_EVERY === 0 && performance.now() >= deadline) break;
      if (playouts === null && seconds === null) break;
      state.simulate(this.root, this.rng);
      simulations++;
    }
    this.noticeFullTree();
    return simulations;
  }

  /**
   * Sets up the root for a search that other threads share (tree parallelism, bots/parallel-uct.ts), with tree
   * reuse as in search(); returns the tree's buffers and root for them. Precondition as search().
   */
  prepareShared(game: Game, color: number): { buffers: PoolBuffers; root: number } {
    this.prepare(game, color, game.legalMoves(color), game.canPass(color));
    return { buffers: this.pool!.buffers, root: this.root };
  }

  /**
   * A worker thread's part of a shared search: the same search state as the main thread's (priors, patterns,
   * ladders, playouts), on the tree behind `buffers` with its root at `root`, which the main thread prepared. It
   * ends at the stop word, at `playouts` counted across threads, or `seconds` after it began (pondering's limit).
   */
  joinShared(
    game: Game,
    color: number,
    buffers: PoolBuffers,
    root: number,
    control: Int32Array,
    playouts: number | null,
    seconds: number | null = null,
  ): number {
    const start = performance.now();
    const pool = NodePool.attach(buffers);
    const rules = game.rules;
    if (this.state === null || this.rootGame === null || this.rootGame.graph !== game.graph || !sameRules(this.rootGame.rules, rules)) {
      this.state = new SearchState(game.graph.n, rules, pool, this.settings);
    }
    this.rootGame = game;
    this.pool = pool;
    this.root = root;
    this.state.usePool(pool);
    this.state.setRoot(game, game.seatFor(color), this.followedMargin ?? 0);
    return this.runShared(control, playouts, seconds, start);
  }

  /**
   * Simulations on the shared tree until the shared count reaches `playouts` (if not null), the main thread raises
   * the stop word, or `seconds` after `start` (if not null); returns the number this thread ran.
   */
  runShared(control: Int32Array, playouts: number | null, seconds: number | null, start: number): number {
    const state = this.state!;
    const root = this.root;
    const deadline = seconds === null ? Infinity : start + seconds * 1000;
    let simulations = 0;
    for (;;) {
      if (Atomics.load(control, SHARED_STOP) !== 0) break;
      if (simulations >= MIN_SIMULATIONS && simulations % CLOCK_EVERY === 0 && performance.now() >= deadline) break;
      if (playouts !== null && Atomics.add(control, SHARED_STARTED, 1) >= playouts) break;
      state.simulate(root, this.rng);
      simulations++;
    }
    return simulations;
  }

  /** Ends a shared search on the main thread: the move from the shared root and the search's figures. */
  finishShared(game: Game, color: number, simulations: number, start: number): number {
    const { move, winrate } = decide(game, color, this.rootStats(), simulations, this.resignThreshold(), simulations === 0 ? this.favouriteMove() : null);
    this.fullNoticed = false;
    this.noticeFullTree();
    return this.finish(move, start, simulations, winrate, game);
  }

  /** The root's children after a search: move, visits and the mover's reward sum (dead children left out). */
  rootStats(): RootStats {
    const pool = this.pool!;
    pool.refresh();
    const first = pool.firstChild[this.root];
    const count = pool.childCount[this.root];
    const stats: RootStats = { moves: [], visits: [], rewards: [] };
    for (let k = 0; k < count; k++) {
      const child = first + k;
      if (pool.move[child] === DEAD_MOVE) continue;
      stats.moves.push(pool.move[child]);
      // A prior's virtual wins are not search: moves are chosen and judged on the rest.
      stats.visits.push(pool.searchedVisits(child));
      stats.rewards.push(pool.searchedReward(child));
    }
    return stats;
  }

  /**
   * The root's move with the best mean reward, its prior's virtual visits and wins included: with nothing searched
   * (every child at its prior's visits alone), the priors' favourite. Null without children.
   */
  favouriteMove(): number | null {
    const pool = this.pool!;
    pool.refresh();
    const first = pool.firstChild[this.root];
    const count = pool.childCount[this.root];
    let best = -1;
    let bestValue = -Infinity;
    for (let child = first; child < first + count; child++) {
      if (pool.move[child] === DEAD_MOVE) continue;
      const value = pool.value(child, 0);
      if (value > bestValue) {
        bestValue = value;
        best = child;
      }
    }
    return best < 0 ? null : pool.move[best];
  }

  private finish(move: number, start: number, simulations: number, winrate: number, game: Game): number {
    const seconds = (performance.now() - start) / 1000;
    this.noteResult(winrate, simulations);
    this.lastGrowth = Math.max(0, (this.pool?.size ?? 0) - this.sizeAtStart);
    this.lastSearch = {
      move,
      simulations,
      seconds,
      winrate,
      nodes: this.pool?.size ?? 0,
      bytesPerNode: NodePool.bytesPerNode(game.rules.colors),
    };
    return move;
  }

  /** The seconds this move may take: the bot's own limit and the game clock's, whichever is smaller. */
  timeLimit(): number | null {
    const own = this.settings.seconds;
    const clock = this.clockBudget;
    if (own === null) return clock;
    if (clock === null) return own;
    return Math.min(own, clock);
  }

  /**
   * The most seconds this move may take, its extra time for doubt included (null: no limit): the bot's own limit
   * (--time), and the clock's budget plus the extra time the clock allows a move in doubt, whichever is smaller.
   */
  hardTimeLimit(): number | null {
    const own = this.settings.seconds;
    const clock = this.clockBudget;
    if (clock === null) return own;
    const clockMost = clock + this.clockExtra;
    return own === null ? clockMost : Math.min(own, clockMost);
  }

  /** The most nodes one pool may hold: the budget's worth, and always room for a root and its children. */
  private maxNodes(vertices: number, colors: number): number {
    return Math.max(vertices + 2, NodePool.nodesFor(this.settings.maxTreeMegabytes * MEBIBYTE, colors));
  }

  /** Says once per search, through `notify`, that the tree has reached its budget. */
  private noticeFullTree(): void {
    const pool = this.pool;
    if (pool === null || !pool.full || this.fullNoticed) return;
    this.fullNoticed = true;
    const megabytes = (pool.bytes / MEBIBYTE).toFixed(0);
    this.notify?.(
      `tree full: ${pool.size} nodes in ${megabytes} MiB (--max-tree-mb ${this.settings.maxTreeMegabytes}); ` +
        'the search goes on refining the tree without growing it',
    );
  }

  /**
   * Sets up the root for `color` in `game`, reusing the subtree of the moves played since the last search;
   * `ownMove` as in startSlices.
   */
  private prepare(game: Game, color: number, legal: number[], canPass: boolean, ownMove = true): SearchState {
    const rules = game.rules;
    if (this.state === null || this.rootGame === null || this.rootGame.graph !== game.graph || !sameRules(this.rootGame.rules, rules)) {
      this.pool = new NodePool(this.maxNodes(game.graph.n, rules.colors), rules.colors);
      this.root = NO_NODE;
      this.state = new SearchState(game.graph.n, rules, this.pool, this.settings);
      this.rootHistory = [];
    }
    const pool = this.pool!;
    // Other threads may have grown the tree during the last search.
    pool.refresh();
    const seat = game.seatFor(color);
    const history = game.moves();
    const sameGame = game === this.rootGame && game.epoch === this.rootEpoch;
    let root = this.settings.reuse && sameGame ? this.descendTo(history) : NO_NODE;
    if (root !== NO_NODE && (pool.childCount[root] === 0 || pool.seat[pool.firstChild[root]] !== seat)) root = NO_NODE;
    if (root !== NO_NODE) {
      // The new root's subtree stays where it is and the rest of the tree becomes dead slots, until the room left
      // could run short for the next search (half the budget, or twice what the last search added): only then is
      // the subtree slid to the front. Compaction runs on one thread while the others wait, and done before every
      // search it took a tenth of a 2-second 9x9 search with two threads.
      const room = pool.maxCapacity - pool.size;
      this.root = room < Math.max(pool.maxCapacity / 2, 2 * this.lastGrowth) ? pool.compactInPlace(root) : root;
      this.rootGame = game;
      if (!this.pruneRootToLegal(legal, canPass)) root = NO_NODE;
    }
    // Before any expansion: the first search on a graph is where setRoot builds the patterns and board lines that
    // the root children's priors need.
    this.searchMargin = ownMove ? this.nextMarginKomi(game, color) : 0;
    this.state.setRoot(game, seat, this.searchMargin);
    if (root === NO_NODE) {
      const pool = this.pool!;
      pool.clear();
      const last = game.lastMove;
      this.root = pool.allocate(last === null ? PASS : last.vertex, last === null ? 0 : last.color, 0);
      this.state.usePool(pool);
      this.state.expandRoot(this.root, color, seat, legal, canPass);
    }
    this.rootGame = game;
    this.rootEpoch = game.epoch;
    this.rootHistory = history;
    this.sizeAtStart = this.pool!.size;
    return this.state;
  }

  /** The node reached from the last root by the moves played since, or NO_NODE. */
  private descendTo(history: { vertex: number; color: number }[]): number {
    const pool = this.pool!;
    if (this.root === NO_NODE || history.length < this.rootHistory.length) return NO_NODE;
    for (let i = 0; i < this.rootHistory.length; i++) {
      if (history[i].vertex !== this.rootHistory[i].vertex || history[i].color !== this.rootHistory[i].color) return NO_NODE;
    }
    let node = this.root;
    for (let i = this.rootHistory.length; i < history.length; i++) {
      const first = pool.firstChild[node];
      let next = NO_NODE;
      for (let k = 0; k < pool.childCount[node]; k++) {
        const child = first + k;
        if (pool.move[child] === history[i].vertex && pool.mover[child] === history[i].color) {
          next = child;
          break;
        }
      }
      if (next === NO_NODE) return NO_NODE;
      node = next;
    }
    return node;
  }

  /**
   * A reused root's children were made by the tree's approximate rules; the real game may forbid some (superko):
   * those become dead children that selection skips. Returns false when a legal move is missing (then the caller
   * builds a fresh root, so every legal move is a child).
   */
  private pruneRootToLegal(legal: number[], canPass: boolean): boolean {
    const pool = this.pool!;
    const allowed = new Set(legal);
    if (canPass) allowed.add(PASS);
    const first = pool.firstChild[this.root];
    const present = new Set<number>();
    for (let k = 0; k < pool.childCount[this.root]; k++) {
      const child = first + k;
      const move = pool.move[child];
      if (allowed.has(move)) present.add(move);
      else {
        pool.visits[child] = 0;
        pool.amafVisits[child] = 0;
        for (let c = 0; c < pool.colors; c++) pool.reward[child * pool.colors + c] = 0;
        pool.childCount[child] = 0;
        pool.move[child] = DEAD_MOVE;
      }
    }
    // Own eyes are left out of the root on purpose (when anything else is left); every other legal move must be there.
    for (const move of allowed) {
      if (!present.has(move) && !(move >= 0 && isOwnEye(this.rootGame!.position, move, pool.mover[first]))) return false;
    }
    return true;
  }
}

/** Root statistics: parallel arrays over the root's children. */
export interface RootStats {
  readonly moves: number[];
  readonly visits: number[];
  /** The mover's reward sum (win rate = rewards / visits). */
  readonly rewards: number[];
}

/**
 * A move that needs no search: under free passes, when every other seat has just passed, passing ends the game,
 * so pass when the count wins; with no legal move, pass or resign. Null when a search is needed.
 */
export function earlyMove(game: Game, color: number): number | null {
  const rules = game.rules;
  if (rules.passes === 'free' && game.passes >= rules.order.length - 1 && game.canPass(color)) {
    if (describeScores(game.scores(), rules.colors).winner === color) return PASS;
  }
  if (game.legalMoves(color).length === 0) return game.canPass(color) ? PASS : RESIGN;
  return null;
}

/** The most visited move must have this many times the runner-up's visits for the search to be sure of it. */
const SURE_RATIO = 2;

/**
 * Whether a search that reached its time should go on (when the clock allows): the most visited move has fewer
 * than SURE_RATIO times the visits of the next, or a less visited move has the better win rate, so more
 * simulations may still change the move.
 */
export function inDoubt(stats: RootStats): boolean {
  let best = -1;
  let second = -1;
  for (let k = 0; k < stats.moves.length; k++) {
    if (best < 0 || stats.visits[k] > stats.visits[best]) {
      second = best;
      best = k;
    } else if (second < 0 || stats.visits[k] > stats.visits[second]) second = k;
  }
  if (best < 0 || second < 0) return false;
  if (stats.visits[best] < SURE_RATIO * stats.visits[second]) return true;
  const rate = (k: number) => (stats.visits[k] > 0 ? stats.rewards[k] / stats.visits[k] : 0);
  return rate(second) > rate(best);
}

/**
 * The move from root statistics (possibly summed over threads): the most visited child (the robust choice), ties
 * going to `preferred`, else to the first child (UctBot passes favouriteMove only when its search ran no simulation:
 * every child then ties, and the priors' favourite is played, not the first child); resign when its win rate is under the threshold after enough simulations, unless
 * reading finds a move that saves a chain of ours in atari (bots/saving-move.ts); and under free passes never end
 * the game with a pass that loses the count.
 */
export function decide(
  game: Game,
  color: number,
  stats: RootStats,
  simulations: number,
  resignThreshold: number,
  preferred: number | null = null,
): { move: number; winrate: number } {
  let best = preferred === null ? 0 : Math.max(0, stats.moves.indexOf(preferred));
  for (let k = 0; k < stats.moves.length; k++) if (stats.visits[k] > stats.visits[best]) best = k;
  const winrate = stats.visits[best] > 0 ? stats.rewards[best] / stats.visits[best] : 0.5;
  let move = stats.moves[best];
  if (resignThreshold > 0 && winrate < resignThreshold && simulations >= RESIGN_MIN_SIMULATIONS) {
    const save = savingMove(game, color);
    move = save >= 0 ? save : RESIGN;
  }
  const rules = game.rules;
  if (move === PASS && rules.passes === 'free' && game.passes >= rules.order.length - 1) {
    if (describeScores(game.scores(), rules.colors).winner !== color) {
      let alternative = -1;
      for (let k = 0; k < stats.moves.length; k++) {
        if (stats.moves[k] === PASS) continue;
        if (alternative < 0 || stats.visits[k] > stats.visits[alternative]) alternative = k;
      }
      if (alternative >= 0) move = stats.moves[alternative];
    }
  }
  return { move, winrate };
}

function sameRules(a: Rules, b: Rules): boolean {
  return (
    a.ko === b.ko &&
    a.suicide === b.suicide &&
    a.passes === b.passes &&
    a.scoring === b.scoring &&
    a.komi === b.komi &&
    a.colors === b.colors &&
    a.order.join(',') === b.order.join(',')
  );
}

/** Everything one simulation needs, preallocated once per graph and rule set. */
class SearchState {
  private pool: NodePool;
  private readonly settings: UctSettings;
  private readonly rules: Rules;
  private readonly order: readonly number[];
  private readonly colors: number;
  private rootPosition: Position | null = null;
  private work: Position | null = null;
  private playout: LightPlayout | null = null;
  private squarePatterns: SquarePatterns | null = null;
  private boardLines: BoardLines | null = null;
  private ladders: LadderPriors | null = null;
  /** The learned prior's virtual wins (Pachi's form) in this search, 0 for the value form. */
  private priorWins = 0;
  /** The RAVE equivalence on this graph (settings.raveEquivalence, or the graph's default). */
  private raveEquivalence = RAVE_EQUIVALENCE_SQUARE;
  private learned: LearnedPrior | null = null;
  /** The learned prior's values of the children being made (one per candidate). */
  private learnedValues = new Float64Array(0);
  private readonly evaluator: PlayoutEvaluator;
  private readonly rootCounters: Float64Array;
  private readonly rootPrisoners: Float64Array;
  private readonly counters: Float64Array;
  private readonly prisoners: Float64Array;
  private rootSeat = 0;
  private rootPasses = 0;
  private rootLastMove = -1;
  private rootSecondLastMove = -1;
  private readonly path = new Int32Array(MAX_DEPTH + 1);
  /**
   * Per vertex, this simulation's first player there as generation * AMAF_COLORS + colour (an older generation:
   * nobody yet), so the AMAF test of a child is one comparison.
   */
  private readonly amafMark: Uint32Array;
  private amafGeneration = 0;
  private undirected = true;
  private readonly candidates: Int32Array;
  private readonly expandAt: number;
  /**
   * Analysis statistics, gathered only while an analysis asks for them, so genmove's loop does no extra work: the
   * first root child's index (-1: off), per root child the sum and count of the mover's end margins, and per vertex
   * and colour how often the simulations ended with the vertex that colour's.
   */
  private analysisFirst = -1;
  private readonly childMargin: Float64Array;
  private readonly childSamples: Float64Array;
  private readonly childMarginSquares: Float64Array;
  private ownerCounts: Float64Array | null = null;
  private ownerSamples = 0;
  private readonly n: number;

  constructor(n: number, rules: Rules, pool: NodePool, settings: UctSettings) {
    this.pool = pool;
    this.settings = settings;
    this.rules = rules;
    this.order = rules.order;
    this.colors = rules.colors;
    this.evaluator = new PlayoutEvaluator(n, rules);
    this.evaluator.scoreWeight = settings.scoreWeight;
    // Half the board's side: about 4.5 points on 9x9, 9.5 on 19x19, where playout margins spread over tens of points.
    this.evaluator.scoreScale = Math.max(1, Math.sqrt(n) / 2);
    this.rootCounters = new Float64Array(rules.colors + 1);
    this.rootPrisoners = new Float64Array(rules.colors + 1);
    this.counters = new Float64Array(rules.colors + 1);
    this.prisoners = new Float64Array(rules.colors + 1);
    this.amafMark = new Uint32Array(n);
    this.candidates = new Int32Array(n + 1);
    this.expandAt = settings.expandVisits + (settings.priors ? settings.priorVisits : 0);
    this.n = n;
    this.childMargin = new Float64Array(n + 1);
    this.childSamples = new Float64Array(n + 1);
    this.childMarginSquares = new Float64Array(n + 1);
  }

  startAnalysis(firstRootChild: number, ownership: boolean): void {
    this.analysisFirst = firstRootChild;
    this.childMargin.fill(0);
    this.childSamples.fill(0);
    this.childMarginSquares.fill(0);
    this.ownerSamples = 0;
    if (!ownership) this.ownerCounts = null;
    else if (this.ownerCounts === null) this.ownerCounts = new Float64Array(this.n * (this.colors + 1));
    else this.ownerCounts.fill(0);
  }

  stopAnalysis(): void {
    this.analysisFirst = -1;
    this.ownerCounts = null;
  }

  /** The mover's average end margin through root child `k` (0 before any sample). */
  marginOf(k: number): number {
    return this.childSamples[k] > 0 ? this.childMargin[k] / this.childSamples[k] : 0;
  }

  marginDeviationOf(k: number): number {
    const samples = this.childSamples[k];
    if (samples < 2) return 0;
    const mean = this.childMargin[k] / samples;
    return Math.sqrt(Math.max(0, this.childMarginSquares[k] / samples - mean * mean));
  }

  /** Per vertex and colour, the share of simulations that ended with the vertex that colour's; null when not asked. */
  ownership(): Float64Array | null {
    const counts = this.ownerCounts;
    if (counts === null) return null;
    const shares = new Float64Array(counts.length);
    if (this.ownerSamples > 0) for (let i = 0; i < counts.length; i++) shares[i] = counts[i] / this.ownerSamples;
    return shares;
  }

  /** The root children's prior values, normalised to sum to 1 (even when the search runs without priors). */
  rootPriors(first: number, count: number): number[] {
    const pool = this.pool;
    const position = this.rootPosition!;
    const values: number[] = [];
    // The learned prior rates the root's moves among themselves, as at the expansion (dead moves and the pass aside).
    const played: number[] = [];
    for (let k = 0; k < count; k++) if (pool.move[first + k] >= 0) played.push(pool.move[first + k]);
    const learned =
      this.settings.priors && count > 0
        ? this.learnedValuesOf(position, played, played.length, pool.mover[first], this.rootLastMove, this.rootSecondLastMove)
        : null;
    let next = 0;
    let sum = 0;
    for (let k = 0; k < count; k++) {
      const child = first + k;
      const move = pool.move[child];
      let value = 0;
      if (move !== DEAD_MOVE) {
        if (!this.settings.priors) value = 1;
        // In Pachi's form the moves' values are the model's probabilities, which leave the pass out.
        else if (move === PASS) value = this.priorWins > 0 ? 0 : PRIOR_PASS;
        else if (learned !== null) value = learned[next++];
        else value = priorValue(position, move, pool.mover[child], this.squarePatterns, this.boardLines, this.settings.cutConnect);
      }
      values.push(value);
      sum += value;
    }
    return values.map((v) => (sum > 0 ? v / sum : 0));
  }

  /** One simulation's end, for the analysis: the first move's margin and who owns each vertex. */
  private recordAnalysis(depth: number): void {
    if (depth >= 1) {
      const k = this.path[1] - this.analysisFirst;
      const mover = this.pool.mover[this.path[1]];
      const score = this.evaluator.score;
      let best = -Infinity;
      for (let c = 1; c <= this.colors; c++) if (c !== mover && score[c] > best) best = score[c];
      // Margins are against the real komi: the dynamic komi (two colours only) is taken back out of White's score.
      const extra = this.evaluator.extraKomi;
      const margin = score[mover] - best + (mover === 2 ? -extra : extra);
      this.childMargin[k] += margin;
      this.childMarginSquares[k] += margin * margin;
      this.childSamples[k]++;
    }
    const counts = this.ownerCounts;
    if (counts === null) return;
    const work = this.work!;
    const { adjStart, adj } = work.graph;
    const color = work.color;
    const stride = this.colors + 1;
    for (let v = 0; v < this.n; v++) {
      let owner = color[v];
      if (owner === EMPTY) {
        for (let i = adjStart[v], end = adjStart[v + 1]; i < end; i++) {
          const c = color[adj[i]];
          if (c === EMPTY) continue;
          if (owner === EMPTY) owner = c;
          else if (owner !== c) {
            owner = EMPTY;
            break;
          }
        }
      }
      counts[v * stride + owner]++;
    }
    this.ownerSamples++;
  }

  usePool(pool: NodePool): void {
    this.pool = pool;
  }

  /** `marginKomi`: points added to White's komi on top of the handicap's dynamic komi (bots/margin-komi.ts). */
  setRoot(game: Game, seat: number, marginKomi = 0): void {
    const graph = game.graph;
    if (this.rootPosition === null || this.rootPosition.graph !== graph) {
      this.rootPosition = new Position(graph);
      this.playout = LightPlayout.forGraph(graph);
      this.work = this.playout.position;
      this.playout.useSearchKnowledge(this.settings, this.colors);
      this.squarePatterns = this.playout.patterns;
      this.boardLines = BoardLines.forGraph(graph);
      this.ladders = this.settings.priors && this.settings.ladders ? new LadderPriors(graph.n) : null;
      this.learned =
        this.settings.priors && this.settings.learnedPrior && graph.arcCount === 0
          ? new LearnedPrior(graph, this.squarePatterns, this.boardLines, this.settings.learnedPriorScale)
          : null;
      // The model without shapes (other graphs) keeps the value form, which is what was measured there.
      this.priorWins = this.learned !== null && this.squarePatterns !== null ? this.settings.learnedPriorWins : 0;
      this.raveEquivalence = this.settings.raveEquivalence ?? raveEquivalenceFor(graph);
      this.learnedValues = new Float64Array(graph.n + 1);
      this.undirected = graph.arcCount === 0;
    }
    this.rootPosition.copyFrom(game.position);
    for (let c = 1; c <= this.colors; c++) {
      this.rootCounters[c] = game.counter(c);
      this.rootPrisoners[c] = game.prisoners(c);
    }
    const { dynamicKomi, dynamicKomiPerStone, dynamicKomiFade } = this.settings;
    this.evaluator.extraKomi =
      (dynamicKomi ? searchExtraKomi(game, { perStone: dynamicKomiPerStone, fade: dynamicKomiFade }) : 0) + marginKomi;
    this.rootSeat = seat;
    this.rootPasses = game.passes;
    this.rootLastMove = game.lastMove?.vertex ?? -1;
    const played = game.moves();
    this.rootSecondLastMove = played.length >= 2 ? played[played.length - 2].vertex : -1;
  }

  /**
   * The root's children: exactly the game's legal moves (own eyes last resort), plus pass when allowed. Read on the
   * copy of the game's position, since the ladder reader plays and undoes on the position it reads.
   */
  expandRoot(root: number, color: number, seat: number, legal: number[], canPass: boolean): void {
    const pool = this.pool;
    const position = this.rootPosition!;
    this.ladders?.prepare(position, color);
    let moves = legal.filter((v) => !isOwnEye(position, v, color));
    if (moves.length === 0 && !canPass) moves = legal;
    const count = moves.length + (canPass ? 1 : 0);
    const first = pool.reserve(count);
    if (first === NO_NODE) throw new RangeError('node pool full: a root\'s children always fit a cleared pool');
    const learned = this.learnedValuesOf(position, moves, moves.length, color, this.rootLastMove, this.rootSecondLastMove);
    for (let k = 0; k < moves.length; k++) this.addChild(first + k, moves[k], color, seat, position, learned?.[k]);
    if (canPass) this.addChild(first + moves.length, PASS, color, seat, position);
    pool.firstChild[root] = first;
    pool.childCount[root] = count;
  }

  /**
   * The learned prior's values of moves[0..count) (in Pachi's form, the model's probabilities), or null when the
   * search runs without it.
   */
  private learnedValuesOf(position: Position, moves: ArrayLike<number>, count: number, color: number, last: number, secondLast: number): Float64Array | null {
    if (this.learned === null) return null;
    if (this.priorWins > 0) this.learned.probabilities(position, moves, count, color, last, secondLast, this.learnedValues);
    else this.learned.values(position, moves, count, color, last, secondLast, this.learnedValues);
    return this.learnedValues;
  }

  /**
   * Initialises reserved slot `child` as a child, with its prior (`learned`: the learned prior's value, or in
   * Pachi's form the model's probability of the move).
   */
  private addChild(child: number, move: number, color: number, seat: number, position: Position, learned?: number): void {
    const pool = this.pool;
    pool.init(child, move, color, seat);
    if (!this.settings.priors) return;
    let value =
      move === PASS
        ? PRIOR_PASS
        : learned === undefined
          ? priorValue(position, move, color, this.squarePatterns, this.boardLines, this.settings.cutConnect)
          : this.priorWins > 0
            ? 0.5
            : learned;
    const ladder = move === PASS || this.ladders === null ? 0 : this.ladders.valueAt(move);
    // A dead ladder is bad whatever else the move does; an escape or a ladder capture is at least as good as it says.
    if (ladder === LADDER_DEAD) value = ladder;
    else if (ladder > value) value = ladder;
    const visits = this.settings.priorVisits;
    // Pachi's form: the prior visits at an even value, plus sqrt(p) x W virtual wins in the node's own statistics,
    // so a likely move is rated higher and trusted longer; none for a dead ladder.
    const extra = learned !== undefined && this.priorWins > 0 && ladder !== LADDER_DEAD ? Math.round(Math.sqrt(learned) * this.priorWins) : 0;
    pool.visits[child] = visits + extra;
    pool.extraWins[child] = extra;
    pool.reward[child * pool.colors + color - 1] = Math.round((visits * value + extra) * REWARD_SCALE);
    // The prior seeds the AMAF statistics as well (as Fuego's prior knowledge does): early in a node's life the RAVE
    // term carries almost all the weight, and AMAF alone rates opening moves on the second line highly.
    pool.amafVisits[child] = visits;
    pool.amafReward[child] = Math.round(visits * value * REWARD_SCALE);
  }

  /**
   * Children of a leaf at the current simulation position; false when the colour to move has no move at all. One
   * thread expands a leaf: it claims it by swapping firstChild from NO_NODE to EXPANDING; a thread that finds it
   * claimed goes on as at a leaf. The children are written first and published last (childCount, an atomic store),
   * so a thread that reads a non-zero childCount (an atomic load) sees them whole.
   */
  private expand(node: number, seat: number, ko: number, lastMove: number, secondLastMove: number): boolean {
    const pool = this.pool;
    if (Atomics.compareExchange(pool.firstChild, node, NO_NODE, EXPANDING) !== NO_NODE) return true;
    const work = this.work!;
    const color = this.order[seat];
    const candidates = this.candidates;
    let count = 0;
    let eyes = 0;
    for (let i = 0; i < work.emptyCount; i++) {
      const v = work.emptyList[i];
      if (v === ko) continue;
      const verdict = this.judge(v, color);
      if (verdict === JUDGE_ILLEGAL) continue;
      if (verdict === JUDGE_EYE) {
        // Own eyes go at the far end of the buffer: used only when nothing else is left.
        candidates[candidates.length - 1 - eyes++] = v;
        continue;
      }
      candidates[count++] = v;
    }
    const canPass = this.passAllowed(color);
    if (count === 0 && !canPass) {
      for (let k = 0; k < eyes; k++) candidates[count++] = candidates[candidates.length - 1 - k];
    }
    const total = count + (canPass ? 1 : 0);
    const first = total === 0 ? NO_NODE : pool.reserve(total);
    if (first === NO_NODE) {
      Atomics.store(pool.firstChild, node, NO_NODE);
      return total > 0;
    }
    if (this.settings.priors) this.ladders?.prepare(work, color);
    const learned = this.learnedValuesOf(work, candidates, count, color, lastMove, secondLastMove);
    for (let k = 0; k < count; k++) this.addChild(first + k, candidates[k], color, seat, work, learned?.[k]);
    if (canPass) this.addChild(first + count, PASS, color, seat, work);
    Atomics.store(pool.firstChild, node, first);
    Atomics.store(pool.childCount, node, total);
    return true;
  }

  private judge(v: number, color: number): number {
    const work = this.work!;
    if (this.undirected) return judgeUndirected(work, v, color);
    if (isOwnEye(work, v, color)) return JUDGE_EYE;
    work.forgetUndo();
    if (work.play(v, color, false) === PLAY_SUICIDE) return JUDGE_ILLEGAL;
    work.undo();
    return -1;
  }

  private passAllowed(color: number): boolean {
    switch (this.rules.passes) {
      case 'free':
        return true;
      case 'paid':
        return this.counters[color] > 0;
      case 'none':
        return false;
    }
  }

  private select(node: number): number {
    const pool = this.pool;
    const first = pool.firstChild[node];
    const count = pool.childCount[node];
    const rave = this.settings.rave;
    const exploration = rave ? this.settings.exploration : EXPLORATION_WITHOUT_RAVE;
    // The node's visits already count this simulation (counted on the way down): log(n + 1) of the finished ones.
    const logParent = exploration > 0 ? Math.log(pool.visits[node]) : 0;
    const visits = pool.visits;
    const reward = pool.reward;
    const colors = pool.colors;
    // Every child of a node is a move of the colour to move there.
    const own = pool.mover[first] - 1;
    const unit = 1 / REWARD_SCALE;
    const equivalence = this.raveEquivalence;
    const amafVisits = pool.amafVisits;
    const amafReward = pool.amafReward;
    let best = first;
    let bestValue = -Infinity;
    for (let child = first, end = first + count; child < end; child++) {
      if (pool.move[child] === DEAD_MOVE) continue;
      const n = visits[child];
      let value: number;
      if (rave) {
        // The RAVE blend (1 - b) r / n + b ra / na, with b = na / (na + n + n na / E) and r, ra the reward sums,
        // is (r (E + na) + ra E) / (E (na + n) + n na): one division where the blend as written takes four, in
        // the loop that is a third of a simulation's time. It is r / n without AMAF, ra / na before a visit.
        const na = amafVisits[child];
        const denominator = equivalence * (na + n) + n * na;
        value =
          denominator > 0
            ? ((reward[child * colors + own] * (equivalence + na) + amafReward[child] * equivalence) * unit) / denominator
            : 1;
      } else {
        value = n > 0 ? (reward[child * colors + own] * unit) / n : 1;
      }
      if (exploration > 0) value += exploration * Math.sqrt(logParent / (n + 1));
      if (value > bestValue) {
        bestValue = value;
        best = child;
      }
    }
    return best;
  }

  /**
   * One simulation. Several threads may run it on one tree at once: each node's visit is counted on the way down
   * (Atomics.add), its reward on the way back, so a path being searched looks like a loss to the other threads
   * until it returns (virtual loss) and they spread out; with one thread this is the classic update.
   */
  simulate(root: number, rng: Rng): void {
    const pool = this.pool;
    pool.refresh();
    const work = this.work!;
    const order = this.order;
    const seats = order.length;
    work.copyFrom(this.rootPosition!);
    this.counters.set(this.rootCounters);
    this.prisoners.set(this.rootPrisoners);
    const path = this.path;
    let depth = 0;
    path[0] = root;
    let node = root;
    let seat = this.rootSeat;
    let passes = this.rootPasses;
    let ko = work.koVertex;
    let lastMove = this.rootLastMove;
    let secondLastMove = this.rootSecondLastMove;
    let rewards: Float64Array | null = null;
    const paid = this.rules.passes === 'paid';
    Atomics.add(pool.visits, root, 1);

    while (depth < MAX_DEPTH) {
      let count = Atomics.load(pool.childCount, node);
      if (count === 0) {
        // Real visits only (this one included, counted on the way down): a prior's virtual visits must not expand a
        // leaf on its first visit.
        if (node === root || pool.searchedVisits(node) <= this.expandAt) break;
        if (!this.expand(node, seat, ko, lastMove, secondLastMove)) {
          // The colour to move can neither move nor pass: it loses (famine, Conway).
          rewards = this.lossFor(order[seat]);
          break;
        }
        count = Atomics.load(pool.childCount, node);
        if (count === 0) break;
      }
      // Another thread may have grown the pool past this thread's views to make these children.
      if (pool.firstChild[node] + count > pool.capacity) pool.refresh();
      const child = this.select(node);
      Atomics.add(pool.visits, child, 1);
      const move = pool.move[child];
      const color = order[seat];
      if (move === PASS) {
        passes++;
        if (paid) this.counters[color] -= 1;
        ko = -1;
        secondLastMove = lastMove;
        lastMove = -1;
      } else {
        if (this.undirected) work.playQuick(move, color);
        else {
          work.forgetUndo();
          work.play(move, color, false);
        }
        this.counters[color] += work.captured;
        this.prisoners[color] += work.captured;
        passes = 0;
        ko = work.koVertex;
        secondLastMove = lastMove;
        lastMove = move;
      }
      node = child;
      path[++depth] = node;
      seat = seat + 1 === seats ? 0 : seat + 1;
      if (passes >= seats && this.rules.passes === 'free') {
        rewards = this.evaluator.evaluate(work, this.counters, this.prisoners, order[seat]);
        break;
      }
    }

    const playout = this.playout!;
    let playoutMoves = 0;
    if (rewards === null) {
      const result = playout.run(rng, order, seat, ko, lastMove);
      playoutMoves = playout.playedCount;
      const captures = playout.captures;
      for (let c = 1; c <= this.colors; c++) {
        this.counters[c] += captures[c];
        this.prisoners[c] += captures[c];
      }
      rewards = this.evaluator.evaluate(work, this.counters, this.prisoners, order[result.endSeat]);
    }

    if (this.analysisFirst >= 0 && rewards === this.evaluator.reward) this.recordAnalysis(depth);

    const colors = this.colors;
    const scaled = this.scaledRewards;
    for (let c = 0; c < colors; c++) scaled[c] = Math.round(rewards[c + 1] * REWARD_SCALE);
    for (let d = 0; d <= depth; d++) {
      const base = path[d] * colors;
      for (let c = 0; c < colors; c++) Atomics.add(pool.reward, base + c, scaled[c]);
    }
    if (this.settings.rave) this.updateAmaf(depth, playoutMoves, scaled);
  }

  /** AMAF: each child of a path node whose move its colour played first, anywhere later in this simulation. */
  private updateAmaf(depth: number, playoutMoves: number, scaled: Int32Array): void {
    const pool = this.pool;
    const playout = this.playout!;
    this.amafGeneration++;
    if (this.amafGeneration >= AMAF_GENERATIONS) {
      this.amafMark.fill(0);
      this.amafGeneration = 1;
    }
    const base = this.amafGeneration * AMAF_COLORS;
    const mark = this.amafMark;
    // Playout moves, last to first, so the earliest play of each vertex wins.
    for (let i = playoutMoves - 1; i >= 0; i--) mark[playout.playedVertex[i]] = base + playout.playedColor[i];
    const path = this.path;
    const amafVisits = pool.amafVisits;
    const amafReward = pool.amafReward;
    for (let d = depth - 1; d >= 0; d--) {
      // The move from path[d] to path[d + 1] comes first after path[d].
      const step = path[d + 1];
      const v = pool.move[step];
      if (v >= 0) mark[v] = base + pool.mover[step];
      const node = path[d];
      const first = pool.firstChild[node];
      const end = first + pool.childCount[node];
      // Every child of a node is a move of the colour to move there.
      const mover = pool.mover[first];
      const wanted = base + mover;
      const reward = scaled[mover - 1];
      for (let child = first; child < end; child++) {
        const mv = pool.move[child];
        if (mv >= 0 && mark[mv] === wanted) {
          // Plain read-modify-write, not Atomics.add: a root child gets an AMAF update from nearly every simulation,
          // and locked adds from two threads on those few cache lines cost a third of the search's speed. A race
          // loses one AMAF sample in very many (lock-free MCTS accepts the same: Enzenberger and Mueller, 2009).
          amafVisits[child]++;
          amafReward[child] += reward;
        }
      }
    }
  }

  private readonly loss = new Float64Array(10);
  /** A simulation's rewards per colour (index colour - 1) in the tree's fixed point. */
  private readonly scaledRewards = new Int32Array(10);
  private lossFor(loser: number): Float64Array {
    const reward = this.loss;
    const others = this.colors - 1;
    for (let c = 1; c <= this.colors; c++) reward[c] = c === loser ? 0 : 1 / others;
    return reward;
  }
}

/**
 * A fresh child's prior win rate: captures look good, self-ataris bad, pattern shapes good (where there are no 3x3
 * patterns, with `cutConnect`, cutting and connecting moves: bots/cut-connect.ts); on a lattice, in an empty area,
 * the first two lines bad and the third good (bots/board-lines.ts); the rest even.
 */
function priorValue(
  position: Position,
  v: number,
  color: number,
  patterns: SquarePatterns | null,
  lines: BoardLines | null,
  cutConnect: boolean,
): number {
  const { adjStart, adj } = position.graph;
  let libertiesAfter = 0;
  let captures = false;
  for (let i = adjStart[v]; i < adjStart[v + 1]; i++) {
    const w = adj[i];
    const cw = position.color[w];
    if (cw === EMPTY) libertiesAfter++;
    else if (cw !== color && position.inAtari(position.head[w])) captures = true;
    else if (cw === color && !position.inAtari(position.head[w])) libertiesAfter += 2;
  }
  if (captures) return PRIOR_CAPTURE;
  if (libertiesAfter <= 1) return PRIOR_SELF_ATARI;
  if (patterns !== null && patterns.matches(position, v)) return PRIOR_PATTERN;
  if (patterns === null && cutConnect && cutsOrConnects(position, v, color)) return PRIOR_PATTERN;
  if (lines !== null) {
    const line = lines.line[v];
    if (line <= 3 && emptyArea(position, v)) return line === 3 ? PRIOR_THIRD_LINE : PRIOR_LOW_LINE;
  }
  return PRIOR_EVEN;
}

/** The graph's default RAVE equivalence: RAVE_EQUIVALENCE_SQUARE on square lattices, else RAVE_EQUIVALENCE_ELSEWHERE. */
export function raveEquivalenceFor(graph: Graph): number {
  return SquarePatterns.fits(graph) ? RAVE_EQUIVALENCE_SQUARE : RAVE_EQUIVALENCE_ELSEWHERE;
}
