/**
 * Turns of a 5x5 person-against-UCT Match, for the pondering tests (test/play/ponder.test.ts and
 * background-ponder.test.ts, which loads the compiled Match: only the instance's methods are used here).
 */
import { expect } from 'vitest';
import type { Match } from '../../play/match.js';
import { parseVertex } from '../../src/notation.js';

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

/** The person's second move: the first of B2, D2, B4 and D4 that the computer's reply left empty. */
export function secondMove(match: Match): string {
  const { graph, position } = match.game;
  for (const name of ['B2', 'D2', 'B4', 'D4']) {
    const parsed = parseVertex(graph, name);
    if (parsed.ok && parsed.value >= 0 && position.color[parsed.value] === 0) return name;
  }
  throw new Error('no free second move');
}
