/**
 * Undo takes back a turn completely (position, counters, prisoners, passes, colour to move, the end and the
 * repetition history); set-up stones (handicap, an SGF's AB/AW: docs/protocol.md, "Handicap" and "Loading a game")
 * come before the first move, may hand the first move to another colour, and may not leave a group without liberty.
 */
import { describe, expect, it } from 'vitest';
import { Game } from '../../src/game.js';
import { RESIGN } from '../../src/vocabulary.js';
import { gameFromDiagram, gameFromPosition, graphOf, playMoves, rulesOf, vx } from '../helpers/diagram.js';
import { KO_WITH_ROOM } from '../helpers/ko-shapes.js';

/** Everything a player or controller can observe about a two-colour game. */
function snapshot(game: Game) {
  return {
    state: game.state(),
    reason: game.reason,
    winner: game.winner,
    legal: [game.legalMoves(1), game.legalMoves(2)],
    canPass: [game.canPass(1), game.canPass(2)],
  };
}

/** Plays the moves one by one, then undoes them one by one, checking each earlier snapshot comes back. */
function playAndUndo(game: Game, moves: string[]): void {
  const before: ReturnType<typeof snapshot>[] = [];
  for (const m of moves) {
    before.push(snapshot(game));
    playMoves(game, m);
  }
  for (let i = moves.length - 1; i >= 0; i--) {
    expect(game.undo()).toBe(true);
    expect(snapshot(game), `after undoing "${moves[i]}"`).toEqual(before[i]);
  }
}

describe('undo', () => {
  it('restores the board, prisoners and the ko ban after a capture (kim)', () => {
    const game = gameFromDiagram(KO_WITH_ROOM, 'kim');
    // The capture creates a prisoner and a simple-ko ban; both must vanish with the undo.
    playAndUndo(game, ['B C2', 'W F3', 'B F1', 'W B2']);
  });

  it('restores the superko history: the path 3 cycle, undone and replayed, gives the same verdicts', () => {
    const game = gameFromPosition('path 3', '...', 'area');
    // Colourings added by undone moves must leave the history, or replaying them would be "superko".
    playAndUndo(game, ['B 1', 'W 3', 'B 2', 'W 3']);
    playMoves(game, 'B 1, W 3, B 2, W 3');
    expect(game.legalMoves(1)).toEqual([1]);
  });

  it('situational superko: undoing a pass forgets the pair it recorded', () => {
    const game = gameFromPosition('edges 3 1-2', '...', 'area ko=situational');
    // Black's pass records (empty, White to move), which would make Black's self-capture at 3 a repetition...
    playMoves(game, 'B pass');
    expect(game.check(1, 2)).toBe('superko');
    // ...until the pass is taken back: then the self-capture reaches a new pair again.
    game.undo();
    expect(game.play(1, 2)).toBe('ok');
  });

  it('restores passes and reopens a game ended by passes', () => {
    const game = gameFromPosition('grid 3 3', '.........', 'area');
    // The second pass ends the game; its undo must clear over/result and give the turn back.
    playAndUndo(game, ['B B2', 'W pass', 'B pass']);
    playMoves(game, 'B B2, W pass, B pass');
    expect(game.over).toBe(true);
    game.undo();
    expect(game.state()).toMatchObject({ over: false, result: null, toMove: 1, passes: 1 });
  });

  it('restores counters after paid passes (famine)', () => {
    const game = gameFromPosition('grid 3 3', '.........', 'famine');
    // Each paid pass costs White 1; undoing gives it back.
    playAndUndo(game, ['B A1', 'W pass', 'B C3', 'W pass']);
  });

  it('reopens a game lost by famine', () => {
    const game = gameFromPosition('path 2', '..', 'famine komi=0');
    // W 2 leaves Black without move or pass (see passes-and-end); the undo gives White the turn back.
    playAndUndo(game, ['B 1', 'W 2']);
    playMoves(game, 'B 1, W 2');
    game.undo();
    expect(game.state()).toEqual({
      toMove: 2,
      position: '1.',
      counters: [0, 0, 0],
      prisoners: [0, 0, 0],
      moves: 1,
      passes: 0,
      over: false,
      result: null,
    });
  });

  it('takes back a resignation', () => {
    const game = gameFromPosition('grid 3 3', '.........', 'area');
    playMoves(game, 'B B2');
    const before = snapshot(game);
    game.play(2, RESIGN);
    expect(game.result).toBe('B+R');
    // Undo of a resignation: the game goes on as before it.
    expect(game.undo()).toBe(true);
    expect(snapshot(game)).toEqual(before);
  });

  it('has nothing to take back at the start, set-up stones included', () => {
    const game = gameFromDiagram(`
      X .
      . O
    `, 'area');
    // Set-up stones are the base position, not moves.
    expect(game.undo()).toBe(false);
    expect(game.state().position).toBe('.21.');
  });
});

describe('set-up stones', () => {
  it('handicap stones then White to move', () => {
    const game = new Game(graphOf('grid 9 9'), rulesOf('area komi=0.5'));
    const stones = ['C3', 'G7', 'G3'].map((v) => ({ vertex: vx(game, v), color: 1 }));
    // Handicap: Black's stones are placed, and White makes the first move.
    expect(game.setup(stones, 2)).toBe(null);
    expect(game.state()).toMatchObject({ toMove: 2, moves: 0 });
    expect(game.position.color[vx(game, 'G7')]).toBe(1);
    playMoves(game, 'W E5');
    expect(game.toMove).toBe(1);
  });

  it('the first colour follows the order: toMove 2 with order=1,2,2,1 gives White two moves', () => {
    const game = gameFromPosition('grid 3 3', '.........', 'area order=1,2,2,1', 2);
    // Seat 1 (White) starts, then seat 2 (White), then seat 3 (Black).
    playMoves(game, 'W A1');
    expect(game.toMove).toBe(2);
    playMoves(game, 'W C3');
    expect(game.toMove).toBe(1);
  });

  it('refuses a stone that leaves a group without liberty, and changes nothing', () => {
    const game = new Game(graphOf('grid 3 3'), rulesOf('area'));
    const a1 = vx(game, 'A1');
    const b1 = vx(game, 'B1');
    const a2 = vx(game, 'A2');
    // White B1 and A2 take both liberties of Black A1: not a position the game can start from.
    const problem = game.setup([{ vertex: a1, color: 1 }, { vertex: b1, color: 2 }, { vertex: a2, color: 2 }]);
    expect(problem).not.toBe(null);
    expect(game.state().position).toBe('.........');
  });

  it('refuses a stone with no liberty on an arc graph (lib(2) is empty for 1>2)', () => {
    const game = new Game(graphOf('edges 2 1>2'), rulesOf('area'));
    // A lone stone on 2 has no liberty at all.
    expect(game.setup([{ vertex: 1, color: 1 }])).not.toBe(null);
    // On 1 it has the liberty 2.
    expect(game.setup([{ vertex: 0, color: 1 }])).toBe(null);
    expect(game.state().position).toBe('1.');
  });

  it('refuses set-up after the first move', () => {
    const game = new Game(graphOf('grid 3 3'), rulesOf('area'));
    playMoves(game, 'B B2');
    // Set-up stones describe the start; once a move is played they would rewrite history.
    expect(game.setup([{ vertex: vx(game, 'A1'), color: 2 }])).not.toBe(null);
    expect(game.state().position).toBe('....1....');
  });
});
