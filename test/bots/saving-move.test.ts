/**
 * Resigning (bots/uct.ts decide) takes a last look with bots/saving-move.ts: a chain of two or more stones in atari
 * that can capture its way out, or run out of a ladder it escapes, is saved instead of resigning; a chain in a
 * dead ladder, or a lone stone, is not a reason to play on.
 */
import { describe, expect, it } from 'vitest';
import { decide } from '../../bots/uct.js';
import { savingMove } from '../../bots/saving-move.js';
import { RESIGN } from '../../src/vocabulary.js';
import { gameFromDiagram, vx } from '../helpers/diagram.js';

/** Root statistics that call for resigning: one move, won 1 simulation in 1,000. */
function hopeless(move: number) {
  return { moves: [move], visits: [1000], rewards: [1] };
}

describe('the last look before resigning', () => {
  it('captures the stone that holds a two-stone chain in atari', () => {
    // C3-D3 has one liberty (D2); White's E3 is in atari at E4.
    const game = gameFromDiagram(
      `
      . . . . . . .
      . . . . . . .
      . . . . . . .
      . . O O . . .
      . O X X O X .
      . . O . X . .
      . . . . . . .`,
      'area',
      1,
    );
    expect(savingMove(game, 1)).toBe(vx(game, 'E4'));
    expect(decide(game, 1, hopeless(vx(game, 'A7')), 2000, 0.05).move).toBe(vx(game, 'E4'));
  });

  it('runs out at the liberty when the chain escapes, and resigns when the ladder is dead', () => {
    // D3-D4 has one liberty, D2; extending there gives three liberties.
    const open = `
      . . . . . . .
      . . . . . . .
      . . . O . . .
      . . O X O . .
      . . O X O . .
      . . . . . . .
      . . . . . . .`;
    const escapes = gameFromDiagram(open, 'area', 1);
    expect(decide(escapes, 1, hopeless(vx(escapes, 'A7')), 2000, 0.05).move).toBe(vx(escapes, 'D2'));
    // With White on C2 and E2, extending at D2 leaves one liberty: nothing to save, so resign.
    const closed = gameFromDiagram(open.replace(/\n( +)\. \. \. \. \. \. \.\n( +)\. \. \. \. \. \. \.$/, '\n$1. . O . O . .\n$2. . . . . . .'), 'area', 1);
    expect(closed.position.color[vx(closed, 'C2')]).toBe(2);
    expect(savingMove(closed, 1)).toBe(-1);
    expect(decide(closed, 1, hopeless(vx(closed, 'A7')), 2000, 0.05).move).toBe(RESIGN);
  });

  it('does not play on for a lone stone, and never resigns with the threshold at 0', () => {
    const lone = gameFromDiagram(
      `
      . . . . .
      . . O . .
      . O X O .
      . . . . .
      . . . . .`,
      'area',
      1,
    );
    expect(savingMove(lone, 1)).toBe(-1);
    expect(decide(lone, 1, hopeless(vx(lone, 'A5')), 2000, 0.05).move).toBe(RESIGN);
    expect(decide(lone, 1, hopeless(vx(lone, 'A5')), 2000, 0).move).toBe(vx(lone, 'A5'));
  });
});
