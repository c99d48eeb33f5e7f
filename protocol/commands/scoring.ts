/**
 * Scoring commands (docs/protocol.md, "Scoring and the end"). There is no dead-stone marking: every stone on the
 * board at the end counts as alive (docs/rules.md, "Scoring"), so dead stones must be captured in play.
 */
import { describeScores, type Game } from '../../src/game.js';
import { vertexName } from '../../src/notation.js';
import { EMPTY } from '../../src/vocabulary.js';
import type { EngineContext, Handlers } from './context.js';
import { SYNTAX, ok } from './reply.js';

export function scoringCommands(ctx: Pick<EngineContext, 'game'>): Handlers {
  return {
    final_score: () => {
      const game = ctx.game;
      // Before the end, the rule set's count of the position stands in as an estimate.
      return ok(game.over ? (game.result ?? '0') : describeScores(game.scores(), game.rules.colors).text);
    },
    final_status_list: (args) => {
      if (args.length !== 1) return SYNTAX;
      const status = args[0].toLowerCase();
      if (status === 'dead' || status === 'seki') return ok();
      if (status !== 'alive') return SYNTAX;
      return ok(chains(ctx.game).join('\n'));
    },
  };
}

/** Vertex names of every chain, one chain per line, each in index order. */
function chains(game: Game): string[] {
  const position = game.position;
  const lines: string[] = [];
  for (let v = 0; v < game.graph.n; v++) {
    if (position.color[v] === EMPTY || position.head[v] !== v) continue;
    const members: number[] = [];
    let s = v;
    do {
      members.push(s);
      s = position.next[s];
    } while (s !== v);
    members.sort((a, b) => a - b);
    lines.push(members.map((x) => vertexName(game.graph, x)).join(' '));
  }
  return lines;
}
