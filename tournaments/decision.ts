/**
 * The decision of an ended game, taken from the referee's own Game, never from what the engines claim.
 *
 * - A forfeit loses for every colour the forfeiting engine plays (a team engine at two seats loses both). With two
 *   colours the other colour wins, or no one when the engine played both; with more, the best count among the
 *   colours left wins, since no one else broke a rule.
 * - At the move limit the position is counted as it stands.
 * - A game ended by the rules keeps the Game's own result; it has a count only when every seat passed.
 */
import { describeScores, type Game } from '../src/game.js';
import { colorLetter } from '../src/vocabulary.js';
import type { EndReason, ForfeitInfo } from './records.js';

/** Why the game stopped, before it is scored. */
export interface GameEnd {
  readonly reason: EndReason;
  readonly forfeit?: ForfeitInfo;
}

export interface Decision {
  /** `B+3.5`, `W+F`, `3+4`, `0`... */
  readonly result: string;
  /** The winning colour, 0 for none. */
  readonly winner: number;
  /** The count per colour (index = colour) when the game was counted. */
  readonly scores?: readonly number[];
}

/** `byColor`: the engines playing each colour (index = colour - 1). */
export function decide(game: Game, end: GameEnd, byColor: readonly (readonly string[])[], colors: number): Decision {
  if (end.forfeit !== undefined) return forfeitDecision(game, end.forfeit, byColor, colors);
  if (end.reason === 'move-limit') {
    const scores = game.scores();
    const { text, winner } = describeScores(scores, colors);
    return { result: text, winner, scores };
  }
  return {
    result: game.result ?? '0',
    winner: game.winner,
    ...(end.reason === 'passes' ? { scores: game.scores() } : {}),
  };
}

function forfeitDecision(game: Game, forfeit: ForfeitInfo, byColor: readonly (readonly string[])[], colors: number): Decision {
  const loserColors = new Set(byColor.flatMap((list, i) => (list.includes(forfeit.engine) ? [i + 1] : [])));
  let winner = 0;
  if (colors === 2) {
    winner = loserColors.has(1) && loserColors.has(2) ? 0 : 3 - forfeit.color;
  } else {
    const counted = game.scores();
    for (let c = 1; c <= colors; c++) {
      if (loserColors.has(c)) continue;
      if (winner === 0 || counted[c] > counted[winner]) winner = c;
    }
  }
  return { result: winner === 0 ? '0' : `${colorLetter(winner, colors)}+F`, winner };
}
