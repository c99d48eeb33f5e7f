/**
 * docs/rules.md, "Turn order" and docs/protocol.md, "Vertices, colours, moves": `order` is the sequence of seats.
 * With the default two-colour order 1,2 GTP's convention holds (any colour may play, the other colour moves next);
 * with any other order only the seat's colour may play ('wrong-color'). Resigning ends the game at once (`B+R`/`W+R`).
 */
import { describe, expect, it } from 'vitest';
import { Game } from '../../src/game.js';
import { RESIGN } from '../../src/vocabulary.js';
import { graphOf, playAt, playMoves, rulesOf } from '../helpers/diagram.js';

function emptyGame(rules: string): Game {
  return new Game(graphOf('grid 5 5'), rulesOf(rules));
}

describe('default order 1,2 (GTP convention)', () => {
  it('Black may play twice in a row; then White is to move', () => {
    const game = emptyGame('area');
    expect(playAt(game, 1, 'A1')).toBe('ok');
    // GTP: any colour may play; the other colour moves next.
    expect(playAt(game, 1, 'C3')).toBe('ok');
    expect(game.toMove).toBe(2);
    expect(game.state().toMove).toBe(2);
    expect(game.moveCount).toBe(2);
  });

  it('White may open; Black is then to move', () => {
    const game = emptyGame('famine');
    expect(playAt(game, 2, 'C3')).toBe('ok');
    expect(game.state().toMove).toBe(1);
  });

  it('a colour above colors is refused', () => {
    const game = emptyGame('area');
    // Two colours only: colour 3 does not exist.
    expect(playAt(game, 3, 'C3')).toBe('bad-color');
    expect(game.moveCount).toBe(0);
  });
});

describe('order=1,2,2,1 (NetGo "ACBC")', () => {
  it('only the colour of the seat to move may play, and to_move follows the order', () => {
    const game = emptyGame('area order=1,2,2,1');
    // Seat 0 is Black: White may not play.
    expect(playAt(game, 2, 'A1')).toBe('wrong-color');
    expect(game.moveCount).toBe(0);
    const seen: (number | null)[] = [game.state().toMove];
    playMoves(game, 'B A1');
    seen.push(game.state().toMove);
    // Seat 1 is White: Black may not play.
    expect(playAt(game, 1, 'B1')).toBe('wrong-color');
    playMoves(game, 'W E5');
    seen.push(game.state().toMove);
    playMoves(game, 'W E3');
    seen.push(game.state().toMove);
    // Seat 3 is Black again; White may not.
    expect(playAt(game, 2, 'C1')).toBe('wrong-color');
    playMoves(game, 'B C1');
    seen.push(game.state().toMove);
    playMoves(game, 'B A3');
    seen.push(game.state().toMove);
    // 1,2,2,1 repeating: B, W, W, B, B, W.
    expect(seen).toEqual([1, 2, 2, 1, 1, 2]);
  });

  it('a pass also belongs to the seat: White may not pass for Black', () => {
    const game = emptyGame('area order=1,2,2,1');
    expect(playAt(game, 2, 'pass')).toBe('wrong-color');
    expect(playAt(game, 1, 'pass')).toBe('ok');
  });
});

describe('three colours', () => {
  it('default order 1,2,3 is enforced seat by seat', () => {
    const game = emptyGame('netgo colors=3');
    // Not GTP's two-colour alternation, so colour 2 may not open.
    expect(playAt(game, 2, 'A1')).toBe('wrong-color');
    const seen: (number | null)[] = [];
    for (const [c, v] of [[1, 'A1'], [2, 'C3'], [3, 'E5'], [1, 'A5']] as const) {
      seen.push(game.state().toMove);
      expect(playAt(game, c, v)).toBe('ok');
    }
    seen.push(game.state().toMove);
    expect(seen).toEqual([1, 2, 3, 1, 2]);
  });
});

describe('resignation', () => {
  it('Black resigns: W+R, at once', () => {
    const game = emptyGame('area');
    playMoves(game, 'B C3');
    expect(game.play(1, RESIGN)).toBe('ok');
    // Resigning ends the game immediately; the other colour wins.
    expect(game.over).toBe(true);
    expect(game.reason).toBe('resign');
    expect(game.result).toBe('W+R');
    expect(game.winner).toBe(2);
    expect(game.state()).toMatchObject({ over: true, toMove: null, result: 'W+R' });
  });

  it('White resigns: B+R', () => {
    const game = emptyGame('famine');
    expect(game.play(2, RESIGN)).toBe('ok');
    expect(game.result).toBe('B+R');
  });
});
