/**
 * Scoring commands (docs/protocol.md, "Scoring and the end"): the count, each chain's status at the end, and the
 * clean-up move KGS asks for when the players disagree about dead stones.
 *
 * GUI front ends (GoGui, Sabaki, KGS, GNU Go-style controllers) end a game with two passes and ask the engine
 * which stones are dead, then count with those removed. Dead stones are judged here from the ownership of many
 * playouts (bots/ownership.ts). That judgement is an estimate, so it stays out of the game itself: the game's
 * result (get_state, the tournament referee) keeps the strict count in which every stone on the board is alive
 * (docs/rules.md, "Scoring").
 */
import { aliveChains, judgeDeadStones, type ChainJudgement, type DeadStoneJudgement } from '../../bots/ownership.js';
import { describeScores, type Game } from '../../src/game.js';
import { vertexName } from '../../src/notation.js';
import { Position } from '../../src/position.js';
import { countBoard } from '../../src/scoring.js';
import { EMPTY, parseGtpColor } from '../../src/vocabulary.js';
import { generate, playGenerated, resumeForGenerate, type GameContext } from './game.js';
import type { Handlers } from './context.js';
import { SYNTAX, ok } from './reply.js';

const STATUSES = ['alive', 'dead', 'seki'] as const;

export function scoringCommands(ctx: GameContext): Handlers {
  const judge = new CachedJudge();
  // kgs-genmove_cleanup falls back on the ordinary genmove (its search, clock and interrupt) once nothing is left
  // to capture.
  const genmove = (args: readonly string[]) => generate(ctx, args, true);
  return {
    final_score: () => {
      const game = ctx.game;
      // A resignation or a famine end has no count; lastmove rule sets count nothing at all (their estimate before
      // the end is the plain area count).
      if (game.over && game.reason !== 'passes') return ok(game.result ?? '0');
      const scores = game.rules.scoring === 'lastmove' ? game.scores() : deadStoneScores(game, judge.chains(game));
      return ok(describeScores(scores, game.rules.colors).text);
    },
    final_status_list: (args) => {
      if (args.length !== 1) return SYNTAX;
      const status = args[0].toLowerCase();
      if (!(STATUSES as readonly string[]).includes(status)) return SYNTAX;
      const game = ctx.game;
      const lines = judge
        .chains(game)
        .filter((chain) => chain.status === status)
        .map((chain) => chain.vertices.map((v) => vertexName(game.graph, v)).join(' '));
      return ok(lines.join('\n'));
    },
    'kgs-genmove_cleanup': (args) => {
      if (args.length !== 1) return SYNTAX;
      const color = parseGtpColor(args[0]);
      if (color === null) return SYNTAX;
      const game = ctx.game;
      const resumed = resumeForGenerate(ctx, color);
      if (typeof resumed !== 'boolean') return resumed;
      const capture = countsEveryChainAlive(game) ? -1 : cleanupMove(game, color, judge.judgement(game));
      if (capture >= 0) return playGenerated(game, color, capture, true, resumed);
      if (resumed) game.settle();
      return genmove(args);
    },
  };
}

/**
 * The judgement of the last position asked about: GUIs ask for the dead, the seki and the living chains and the
 * score of one position in a row, and the estimate is a function of the position (seeded), so it is made once.
 */
class CachedJudge {
  private game: Game | null = null;
  private key = '';
  private last: DeadStoneJudgement | null = null;

  judgement(game: Game): DeadStoneJudgement {
    const p = game.position;
    // The stones (by their hash), the first mover and the turn order decide the playouts; the komi does not.
    const key = `${p.hashLo},${p.hashHi},${game.seatToMove},${game.rules.order.join(' ')}`;
    if (this.game !== game || this.key !== key || this.last === null) {
      this.game = game;
      this.key = key;
      this.last = judgeDeadStones(game);
    }
    return this.last;
  }

  chains(game: Game): readonly ChainJudgement[] {
    return countsEveryChainAlive(game) ? aliveChains(game.position) : this.judgement(game).chains;
  }
}

/**
 * Under `lastmove` rule sets (famine, Conway) a game ends when a player cannot move, and nothing is counted, so no
 * stone is dead there: every chain is alive, as before any count. With more than two colours (Kim, NetGo) every
 * chain counts alive too: no front end marks dead stones there, and playouts cannot stand in for agreement when a
 * third player decides who is captured (the estimate was checked against GNU Go on two colours only).
 */
function countsEveryChainAlive(game: Game): boolean {
  return game.rules.scoring === 'lastmove' || game.rules.colors > 2;
}

/**
 * Each colour's count (index 0 unused) as the front ends count: the dead chains come off the board first, as
 * prisoners of the colour that owns their points, and then the rule set counts the board that is left (area:
 * stones and regions of one colour; territory: regions of one colour and prisoners). White adds komi. Apart from
 * the dead chains this is exactly Game.scores.
 */
export function deadStoneScores(game: Game, chains: readonly ChainJudgement[]): number[] {
  const { graph, rules, position } = game;
  const colors = rules.colors;
  const color = Uint8Array.from(position.color);
  const taken = new Array<number>(colors + 1).fill(0);
  for (const chain of chains) {
    if (chain.status !== 'dead') continue;
    for (const v of chain.vertices) color[v] = EMPTY;
    taken[chain.owner] += chain.vertices.length;
  }
  const count = countBoard({ graph, color, n: graph.n }, colors);
  const scores = new Array<number>(colors + 1).fill(0);
  for (let c = 1; c <= colors; c++) {
    scores[c] =
      rules.scoring === 'territory' ? count.territory[c] + game.prisoners(c) + taken[c] : count.stones[c] + count.territory[c];
  }
  scores[2] += rules.komi;
  return scores;
}

/**
 * A move for `color` that takes another colour's dead chain off the board, or -1 when none is left to take. Only
 * liberties of dead chains are candidates, best first: a capture; then a move whose own chain keeps two liberties
 * (no self-atari); then a throw-in that leaves the dead chain in atari (killing an eye of two points needs one).
 * Among equals, the point `color` owns most often, then the lowest index.
 */
function cleanupMove(game: Game, color: number, judgement: DeadStoneJudgement): number {
  const { chains, light } = judgement;
  const position = game.position;
  const { libStart, lib } = game.graph;
  let scratch: Position | null = null;
  let best = -1;
  let bestRank = Infinity;
  let bestShare = -1;
  for (const chain of chains) {
    if (chain.status !== 'dead' || chain.color === color) continue;
    const stone = chain.vertices[0];
    for (const s of chain.vertices) {
      for (let i = libStart[s]; i < libStart[s + 1]; i++) {
        const w = lib[i];
        if (position.color[w] !== EMPTY || game.check(color, w) !== 'ok') continue;
        scratch ??= new Position(game.graph);
        scratch.copyFrom(position);
        scratch.play(w, color, true);
        if (scratch.selfCaptured > 0) continue;
        let rank: number;
        if (scratch.captured > 0) rank = 0;
        else if (!scratch.inAtari(scratch.head[w])) rank = 1;
        else if (scratch.inAtari(scratch.head[stone])) rank = 2;
        else continue;
        const share = light.share(w, color);
        if (rank < bestRank || (rank === bestRank && (share > bestShare || (share === bestShare && w < best)))) {
          best = w;
          bestRank = rank;
          bestShare = share;
        }
      }
    }
  }
  return best;
}
