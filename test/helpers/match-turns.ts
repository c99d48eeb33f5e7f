/**
 * Turns of a 5x5 person-against-UCT Match, for the pondering tests (test/play/ponder.test.ts and
 * background-ponder.test.ts, which loads the compiled Match: only the instance's methods are used here).
 */
import { expect } from 'vitest';
import type { Match } from '../../play/match.js';

/** The person's first move and the computer's reply: the person is to move again, with the bot made. */
export function afterFirstExchange(match: Match): void {
  expect(match.playHumanText('C3').ok).toBe(true);
  match.playBot();
  expect(match.humanToMove).toBe(true);
}

/** A 1 ms analysis of the side to move: its simulations, the visits under its reported moves, and the top move. */
export function reportedVisits(match: Match): { simulations: number; visits: number; top: string } {
  const outcome = match.analyze(1);
  if (!outcome.ok) throw new Error(outcome.message);
  const { simulations, moves } = outcome.analysis;
  return { simulations, visits: moves.reduce((sum, m) => sum + m.visits, 0), top: moves[0].move };
}
