/**
 * docs/rules.md, "Repetition": positional superko (no earlier colouring, the initial one included), situational
 * superko (no earlier (colouring, colour to move next) pair, pairs after passes included) and simple ko (after a
 * one-stone capture by a lone stone left with one liberty, the captured vertex is forbidden to every colour until
 * the capturing seat comes round again).
 */
import { describe, expect, it } from 'vitest';
import type { Game } from '../../src/game.js';
import { PASS } from '../../src/vocabulary.js';
import { diagramOf, gameFromDiagram, gameFromPosition, normalizeDiagram, playAt, playMoves, vx } from '../helpers/diagram.js';
// A ko on the left, free space on the right for moves elsewhere.
import { KO_WITH_ROOM as KO, KO_WITH_ROOM_CAPTURED as AFTER_CAPTURE } from '../helpers/ko-shapes.js';

describe('simple ko, two colours alternating', () => {
  it('the immediate retake is "ko"; after a move elsewhere by each side it is legal', () => {
    const game = gameFromDiagram(KO, 'kim');
    playMoves(game, 'B C2');
    expect(diagramOf(game)).toBe(normalizeDiagram(AFTER_CAPTURE));
    // White B2 would capture C2 at once: the vertex is banned until Black's seat comes round.
    expect(playAt(game, 2, 'B2')).toBe('ko');
    expect(game.legalMoves(2)).not.toContain(vx(game, 'B2'));
    playMoves(game, 'W F3, B F1');
    // Black's seat has moved again, so the ban is over: White retakes, capturing C2.
    expect(playAt(game, 2, 'B2')).toBe('ok');
    expect(diagramOf(game)).toBe(normalizeDiagram(`
      . X O . . O
      X O . O . .
      . X O . . X
    `));
    // The retake has the ko shape too: now Black may not retake at once.
    expect(playAt(game, 1, 'C2')).toBe('ko');
  });

  it('a one-stone capture by a group of two makes no ko, so the immediate recapture is allowed', () => {
    // path 3 (1-2-3): Black 1, White 3, Black 2 captures one stone but its group {1,2} is not a lone stone.
    const game = gameFromPosition('path 3', '1.2', 'kim');
    expect(playAt(game, 1, '2')).toBe('ok');
    // White 3 at once recaptures two stones: no ko shape was made, so no ban.
    expect(playAt(game, 2, '3')).toBe('ok');
    expect(game.state().position).toBe('..2');
  });
});

describe('positional superko', () => {
  it('forbids the ko retake, since it recreates the initial colouring; legal once the board has changed', () => {
    const game = gameFromDiagram(KO, 'area');
    playMoves(game, 'B C2');
    // Retaking gives back exactly the starting colouring.
    expect(playAt(game, 2, 'B2')).toBe('superko');
    playMoves(game, 'W F3, B F1');
    // With F3 and F1 on the board the retake makes a colouring never seen.
    expect(playAt(game, 2, 'B2')).toBe('ok');
  });

  it('forbids a longer cycle: a colouring from three moves back (path 3)', () => {
    const game = gameFromPosition('path 3', '...', 'area');
    // "1.." -> "1.2" -> B2 captures 3: "11." -> W3 captures {1,2}: "..2".
    playMoves(game, 'B 1, W 3, B 2, W 3');
    expect(game.state().position).toBe('..2');
    // Black 1 would make "1.2" again (after move 2): superko, though no ko shape is involved.
    expect(playAt(game, 1, '1')).toBe('superko');
    // Black 2 captures White 3 and makes ".1.", never seen: the only legal move.
    expect(game.legalMoves(1)).toEqual([1]);
  });

  it('the same cycle is allowed under simple ko (no lone-stone one-stone capture)', () => {
    const game = gameFromPosition('path 3', '...', 'kim');
    playMoves(game, 'B 1, W 3, B 2, W 3');
    // Simple ko looks only at the last capture's shape; W3 took two stones, so nothing is banned.
    expect(playAt(game, 1, '1')).toBe('ok');
  });
});

describe('situational superko', () => {
  it('allows a repeated colouring when the colour to move differs (path 3, odd cycle)', () => {
    const game = gameFromPosition('path 3', '...', 'area ko=situational');
    playMoves(game, 'B 1, W 3, B 2, W 3');
    // "1.2" occurred after White's move (Black to move). Black 1 now makes "1.2" with White to move: a new pair.
    expect(playAt(game, 1, '1')).toBe('ok');
    expect(game.state().position).toBe('1.2');
  });

  it('still forbids the ko retake: same colouring and same colour to move as at the start', () => {
    const game = gameFromDiagram(KO, 'area ko=situational');
    playMoves(game, 'B C2');
    // White's retake gives (initial colouring, Black to move): the starting pair.
    expect(playAt(game, 2, 'B2')).toBe('superko');
  });

  it('isolated vertex: Black self-captures to (empty, White to move), new; White then repeats the start', () => {
    const positional = gameFromPosition('edges 3 1-2', '...', 'area');
    const situational = gameFromPosition('edges 3 1-2', '...', 'area ko=situational');
    // The self-capture leaves the empty colouring: positional superko has seen it (the start)...
    expect(playAt(positional, 1, '3')).toBe('superko');
    // ...situational has seen (empty, Black to move) only, and this gives (empty, White to move).
    expect(playAt(situational, 1, '3')).toBe('ok');
    // White doing the same gives (empty, Black to move), the starting pair.
    expect(playAt(situational, 2, '3')).toBe('superko');
  });

  it('pairs reached after a pass count: after Black passes, (empty, White to move) is taken', () => {
    const game = gameFromPosition('edges 3 1-2', '...', 'area ko=situational');
    // The pass records (empty, White to move)...
    expect(game.play(1, PASS)).toBe('ok');
    // ...so Black (GTP's convention lets Black move again) self-capturing at 3, which gives that pair, is refused.
    expect(playAt(game, 1, '3')).toBe('superko');
  });
});

describe('simple ko with other turn orders: banned to every colour until the capturing seat comes round', () => {
  /**
   * Seat after seat from the capture on: the colour to move is `color`, B2 is refused to it as ko and is not among its
   * legal moves; then it plays `move` elsewhere.
   */
  function expectBannedSeats(game: Game, seats: readonly (readonly [color: number, move: string])[]): void {
    for (const [color, move] of seats) {
      expect(game.toMove, `before ${move}`).toBe(color);
      expect(playAt(game, color, 'B2'), `before ${move}`).toBe('ko');
      expect(game.legalMoves(color)).not.toContain(vx(game, 'B2'));
      playMoves(game, move);
    }
  }

  it('order=1,2,2,1: the ban covers both White seats and the other Black seat, and ends at the capturer seat', () => {
    const game = gameFromDiagram(KO, 'netgo order=1,2,2,1');
    // Seat 0 (Black) captures.
    playMoves(game, 'B C2');
    // Seat 1 (White): banned. Seat 2 (White again): still banned, the capturing seat has not come round. Seat 3 is
    // Black, but not the capturing seat: banned to every colour, Black included.
    expectBannedSeats(game, [[2, 'W F3'], [2, 'W F1'], [1, 'B E3']]);
    // Seat 0 again: the capturer's seat has come round, so B2 is legal (Black fills the ko).
    expect(game.legalMoves(1)).toContain(vx(game, 'B2'));
    expect(playAt(game, 1, 'B2')).toBe('ok');
  });

  it('three colours: colours 2 and 3 may not take the ko vertex; after colour 1 moves again it is free', () => {
    const game = gameFromDiagram(KO, 'netgo colors=3');
    playMoves(game, '1 C2');
    // Colour 2's seat: banned. Colour 3 at B2 would capture C2 (its only liberty) and be legal otherwise; the ban
    // covers every colour.
    expectBannedSeats(game, [[2, '2 F3'], [3, '3 F1']]);
    // Colour 1, the capturing seat, comes round: B2 is legal for it.
    expect(game.check(1, vx(game, 'B2'))).toBe('ok');
    playMoves(game, '1 E3');
    // The ban has ended: colour 2 may now retake, capturing Black C2.
    expect(playAt(game, 2, 'B2')).toBe('ok');
    expect(diagramOf(game)).toBe(normalizeDiagram(`
      . X O . X O
      X O . O . .
      . X O . . 3
    `));
    expect(game.state().prisoners).toEqual([0, 1, 1, 0]);
  });
});
