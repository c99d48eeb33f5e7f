/**
 * docs/protocol.md, "State commands, for controllers, GUIs and tests", legal_moves: every vertex the colour may play
 * now, in index order; occupied vertices, simple-ko bans, suicides (when forbidden) and superko repetitions are all
 * excluded, exactly as `play` would judge them.
 */
import { describe, expect, it } from 'vitest';
import { gameFromDiagram, playAt, playMoves, vx } from '../helpers/diagram.js';
import { KO_SHAPE as KO } from '../helpers/ko-shapes.js';

// After Black C2 captures White B2 (index names: A1=0 B1=1 C1=2 D1=3, A2=4 .. D2=7, A3=8 .. D3=11):
//   . X O .    White to move. Empty: A3 D3 B2 A1 D1.
//   X . X O    B2: the ko (retake).       A1, A3: White alone between black stones, capturing nothing.
//   . X O .    D3: joins C3/D2, liberty D1.  D1: joins C1/D2, liberty D3.

describe('legalMoves', () => {
  it('kim: excludes occupied vertices, the ko vertex and suicides, in index order', () => {
    const game = gameFromDiagram(KO, 'kim');
    playMoves(game, 'B C2');
    // B2 is banned by simple ko; A1 and A3 would be suicide (forbidden); stones fill the rest.
    expect(game.legalMoves(2)).toEqual([vx(game, 'D1'), vx(game, 'D3')]);
    expect(game.legalMoves(2)).toEqual([3, 11]);
    // Each exclusion, as play reports it.
    expect(playAt(game, 2, 'B2')).toBe('ko');
    expect(playAt(game, 2, 'A1')).toBe('suicide');
    expect(playAt(game, 2, 'A3')).toBe('suicide');
    expect(playAt(game, 2, 'C2')).toBe('occupied');
    expect(game.canPass(2)).toBe(true);
  });

  it('area: the same vertices, now excluded by positional superko', () => {
    const game = gameFromDiagram(KO, 'area');
    playMoves(game, 'B C2');
    // B2 recreates the start; A1/A3 self-capture and leave the current colouring, which has occurred.
    expect(game.legalMoves(2)).toEqual([3, 11]);
    expect(playAt(game, 2, 'B2')).toBe('superko');
    expect(playAt(game, 2, 'A1')).toBe('superko');
  });

  it('area ko=simple: suicide allowed and no superko, so only occupied vertices and the ko are excluded', () => {
    const game = gameFromDiagram(KO, 'area ko=simple');
    playMoves(game, 'B C2');
    // A1 and A3 are legal self-captures here; B2 stays banned by simple ko.
    expect(game.legalMoves(2)).toEqual([0, 3, 8, 11]);
  });

  it('is in index order on an empty board and empty once the game is over', () => {
    const game = gameFromDiagram(`
      . .
      . .
    `, 'area');
    // Every vertex, ascending.
    expect(game.legalMoves(1)).toEqual([0, 1, 2, 3]);
    playMoves(game, 'B pass, W pass');
    expect(game.legalMoves(1)).toEqual([]);
  });
});
