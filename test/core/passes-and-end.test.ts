/**
 * docs/rules.md, "Passing and the end" and "Counters and komi": free passes end the game when every seat of the
 * order has passed in succession; paid passes need a counter > 0 and cost 1 (counters may reach -0.5); none forbids
 * passing; under paid/none the player to move with no legal move and no pass loses (`B+M`/`W+M`).
 */
import { describe, expect, it } from 'vitest';
import { PASS } from '../../src/vocabulary.js';
import { gameFromDiagram, gameFromPosition, graphOf, playAt, playMoves, rulesOf } from '../helpers/diagram.js';
import { KO_WITH_ROOM } from '../helpers/ko-shapes.js';
import { Game } from '../../src/game.js';

function emptyGame(spec: string, rules: string): Game {
  return new Game(graphOf(spec), rulesOf(rules));
}

describe('free passes', () => {
  it('a game ended by passes can be taken up again; a pass ends it again, undo brings the end back', () => {
    const game = emptyGame('grid 3 3', 'area komi=0.5');
    game.play(1, 4);
    game.play(2, PASS);
    game.play(1, PASS);
    expect([game.over, game.result]).toEqual([true, 'B+8.5']);
    expect(game.resume()).toBe(true);
    expect(game.over).toBe(false);
    // A stone clears the passes as any stone does: White may play on.
    expect(game.play(2, 0)).toBe('ok');
    expect([game.over, game.toMove]).toEqual([false, 1]);
    // Undoing it restores the record of the closing passes, and with it the end and its result.
    expect(game.undo()).toBe(true);
    expect([game.over, game.result]).toEqual([true, 'B+8.5']);
    // After a resume one more pass ends the game at once: every seat has still passed since the last stone.
    game.resume();
    expect(game.play(2, PASS)).toBe('ok');
    expect([game.over, game.result]).toEqual([true, 'B+8.5']);
    // A resume that no turn follows is undone by settle.
    game.resume();
    game.settle();
    expect([game.over, game.result]).toEqual([true, 'B+8.5']);
  });

  it('only an end by passes can be taken up again', () => {
    const resigned = emptyGame('grid 3 3', 'area');
    resigned.play(1, -2);
    expect([resigned.resume(), resigned.over]).toEqual([false, true]);
    const running = emptyGame('grid 3 3', 'area');
    expect(running.resume()).toBe(false);
    const famine = emptyGame('path 3', 'famine komi=0');
    famine.play(1, 1);
    expect([famine.over, famine.reason, famine.resume(), famine.over]).toEqual([true, 'no-move', false, true]);
  });

  it('one colour passing twice out of turn (GTP convention) does not end a 1,2 game; the other colour passing does', () => {
    const game = emptyGame('grid 3 3', 'area');
    expect(game.play(1, PASS)).toBe('ok');
    expect(game.play(1, PASS)).toBe('ok');
    // Only Black's seat has passed: "every seat of order has passed in succession" is not yet true.
    expect(game.over).toBe(false);
    expect(game.state().passes).toBe(2);
    expect(game.play(2, PASS)).toBe('ok');
    expect(game.over).toBe(true);
    // Undo restores the set of seats that had passed: only Black again, so the game goes on.
    expect(game.undo()).toBe(true);
    expect(game.over).toBe(false);
    expect(game.play(1, PASS)).toBe('ok');
    expect(game.over).toBe(false);
  });

  it('two passes in a row end a 1,2 game and it is counted', () => {
    const game = emptyGame('grid 3 3', 'area');
    expect(game.play(1, PASS)).toBe('ok');
    // One seat of two has passed: not over yet.
    expect(game.over).toBe(false);
    expect(game.state().passes).toBe(1);
    expect(game.play(2, PASS)).toBe('ok');
    // Both seats passed in succession: over. Empty board: no stones, the one region touches no colour, so the score
    // is 0 to 0 plus komi 7.5 for White.
    expect(game.over).toBe(true);
    expect(game.reason).toBe('passes');
    expect(game.result).toBe('W+7.5');
    expect(game.state()).toMatchObject({ toMove: null, over: true, result: 'W+7.5', passes: 2, moves: 2 });
  });

  // Each line: the moves that leave the game one pass short of its end (and how many passes in a row that is), then
  // the pass that ends it.
  it.each([
    // The run of passes restarted after White's move: one pass in a row.
    { title: 'a move between passes resets the count', rules: 'area', before: 'B pass, W C3, B pass', passes: 1, last: 'W pass' },
    // Three of the four seats have passed.
    { title: 'order=1,2,2,1 needs four passes in succession', rules: 'area order=1,2,2,1', before: 'B pass, W pass, W pass', passes: 3, last: 'B pass' },
    // Only three passes since White's move.
    {
      title: 'order=1,2,2,1: a move after three passes resets, and four fresh passes are needed',
      rules: 'area order=1,2,2,1',
      before: 'B pass, W pass, W B2, B pass, B pass, W pass',
      passes: 3,
      last: 'W pass',
    },
    // Every seat of 1,2,3 passes in succession.
    { title: 'three colours: three passes end the game', rules: 'area colors=3', before: '1 pass, 2 pass', passes: 2, last: '3 pass' },
  ])('$title', ({ rules, before, passes, last }) => {
    const game = emptyGame('grid 3 3', rules);
    playMoves(game, before);
    expect(game.state().passes).toBe(passes);
    expect(game.over).toBe(false);
    playMoves(game, last);
    expect(game.over).toBe(true);
    expect(game.state().passes).toBe(passes + 1);
  });

  it('after the end no move is accepted', () => {
    const game = emptyGame('grid 3 3', 'area');
    playMoves(game, 'B pass, W pass');
    // The game is over: plays and passes are refused and no move is legal.
    expect(playAt(game, 1, 'B2')).toBe('game-over');
    expect(game.play(1, PASS)).toBe('game-over');
    expect(game.legalMoves(1)).toEqual([]);
    expect(game.canPass(1)).toBe(false);
  });
});

describe('paid passes (famine)', () => {
  it('with komi 7.5 White may pass 8 times (7.5 -> -0.5), then not', () => {
    const game = emptyGame('grid 5 5', 'famine');
    const blackMoves = ['A1', 'C1', 'E1', 'A3', 'C3', 'E3', 'A5', 'C5'];
    expect(game.counter(2)).toBe(7.5);
    blackMoves.forEach((v, i) => {
      playMoves(game, `B ${v}`);
      // Counter 7.5 - i > 0: the pass is allowed and costs 1.
      expect(game.play(2, PASS)).toBe('ok');
      expect(game.counter(2)).toBe(6.5 - i);
    });
    expect(game.state().counters).toEqual([0, 0, -0.5]);
    playMoves(game, 'B E5');
    // Counter -0.5 <= 0: White may not pass (and still has moves, so the game goes on).
    expect(game.canPass(2)).toBe(false);
    expect(game.play(2, PASS)).toBe('pass-forbidden');
    expect(game.over).toBe(false);
  });

  it('Black with counter 0 may not pass', () => {
    const game = emptyGame('grid 3 3', 'famine');
    // Komi 7.5 >= 0 goes to White; Black starts at 0.
    expect(game.counter(1)).toBe(0);
    expect(game.canPass(1)).toBe(false);
    expect(game.play(1, PASS)).toBe('pass-forbidden');
    expect(game.moveCount).toBe(0);
  });

  it('each prisoner adds 1 to the captor counter, which pays for a pass', () => {
    const game = gameFromDiagram(KO_WITH_ROOM, 'famine');
    // Black C2 captures White B2: Black's counter becomes 1.
    playMoves(game, 'B C2, W F3');
    expect(game.counter(1)).toBe(1);
    expect(game.play(1, PASS)).toBe('ok');
    expect(game.counter(1)).toBe(0);
    playMoves(game, 'W F1');
    // Spent: 0 is not > 0.
    expect(game.play(1, PASS)).toBe('pass-forbidden');
  });

  it('negative komi gives Black the counter', () => {
    const game = emptyGame('grid 3 3', 'famine komi=-2');
    // K < 0: Black starts with -K = 2, White with 0.
    expect(game.state().counters).toEqual([0, 2, 0]);
    expect(game.play(1, PASS)).toBe('ok');
    expect(game.play(2, PASS)).toBe('pass-forbidden');
  });

  it('komi changed after moves applies as if set from the start', () => {
    const game = emptyGame('grid 5 5', 'famine');
    playMoves(game, 'B A1, W pass, B C1, W pass, B E1, W pass');
    expect(game.counter(2)).toBe(4.5);
    game.setKomi(2);
    // From the start: 2 - 3 paid passes = -1, so White may no longer pass.
    expect(game.counter(2)).toBe(-1);
    playMoves(game, 'B A3');
    expect(game.play(2, PASS)).toBe('pass-forbidden');
    game.setKomi(-1);
    // Negative komi: Black gets 1, White 0 - 3 = -3.
    expect(game.state().counters).toEqual([0, 1, -3]);
  });

  it('a komi under which a pass already paid for would have been refused conflicts with the game', () => {
    const game = emptyGame('grid 5 5', 'famine');
    // White's 7.5 paid for three passes; Black captured nothing. From the start, komi 2 leaves White 2, 1, 0: the
    // third pass (move 6) finds no counter. 2.5 leaves 0.5 for it, and 0 refuses the first (move 2).
    playMoves(game, 'B A1, W pass, B C1, W pass, B E1, W pass');
    expect(game.komiConflict(2)).toBe('komi 2 would have refused move 6, a pass with no counter left');
    expect(game.komiConflict(2.5)).toBeNull();
    expect(game.komiConflict(0)).toBe('komi 0 would have refused move 2, a pass with no counter left');
    expect(game.komiConflict(-3)).toBe('komi -3 would have refused move 2, a pass with no counter left');
    // Prisoners pay too: on path 4, W 2 takes B 1 (White's counter +1), and that point pays for White's pass at any
    // komi that gives White nothing.
    const capture = gameFromPosition('path 4', '....', 'famine komi=0');
    playMoves(capture, 'B 1, W 2, B 4, W pass');
    expect(capture.komiConflict(0)).toBeNull();
    expect(capture.komiConflict(-1)).toBeNull();
    expect(emptyGame('grid 3 3', 'area').komiConflict(-5)).toBeNull();
  });

  it('komi changed after a game ended by passes re-counts it', () => {
    const game = emptyGame('grid 3 3', 'area');
    playMoves(game, 'B pass, W pass');
    expect(game.result).toBe('W+7.5');
    game.setKomi(-2);
    // Empty board, 0 to 0: with komi -2 from the start White would have -2.
    expect(game.over).toBe(true);
    expect(game.result).toBe('B+2');
  });

  it('komi changed after the end decides the end again', () => {
    // path 2 (1-2) under famine: B 1, W 2 captures; Black to move, 1 would recreate "1." (superko), counter 0.
    const game = gameFromPosition('path 2', '..', 'famine');
    playMoves(game, 'B 1, W 2');
    expect(game.result).toBe('W+M');
    game.setKomi(-1);
    // With komi -1 from the start Black would hold 1 and could pass: the game is not over.
    expect(game.over).toBe(false);
    expect(game.toMove).toBe(1);
    expect(game.canPass(1)).toBe(true);
    game.setKomi(7.5);
    expect(game.result).toBe('W+M');
  });
});

describe('no passes (conway)', () => {
  it('passing is always forbidden', () => {
    const game = emptyGame('grid 3 3', 'conway');
    // passes=none: no counter makes a pass legal.
    expect(game.canPass(1)).toBe(false);
    expect(game.canPass(2)).toBe(false);
    expect(game.play(1, PASS)).toBe('pass-forbidden');
    playMoves(game, 'B B2');
    expect(game.play(2, PASS)).toBe('pass-forbidden');
  });
});

describe('the famine loss: no legal move and no pass', () => {
  /** path 2 (1-2) from the empty board after `moves` (`toMove`, when given, moving first). */
  function path2After(rules: string, moves: string, toMove?: number): Game {
    const game = gameFromPosition('path 2', '..', rules, toMove);
    playMoves(game, moves);
    return game;
  }

  it('path 2, famine komi=0: after B 1, W 2 Black is stuck and loses, W+M', () => {
    // B 1 gives "1." (new). White, counter 0, cannot pass; W 2 fills Black's only liberty: ".2".
    const game = path2After('famine komi=0', 'B 1, W 2');
    // Black: 1 would capture White 2 and make "1." again (superko); 2 is occupied; counter 0, no pass. Black loses.
    expect(game.over).toBe(true);
    expect(game.reason).toBe('no-move');
    expect(game.result).toBe('W+M');
    expect(game.winner).toBe(2);
    expect(game.state()).toEqual({
      toMove: null,
      position: '.2',
      counters: [0, 0, 1],
      prisoners: [0, 0, 1],
      moves: 2,
      passes: 0,
      over: true,
      result: 'W+M',
    });
  });

  it('the same with White first: White is stuck and Black wins, B+M', () => {
    // Mirror of the previous line: W 1, B 2 captures; White's only vertex would recreate "2.".
    const game = path2After('famine komi=0', 'W 1, B 2', 2);
    expect(game.result).toBe('B+M');
    expect(game.winner).toBe(1);
  });

  it('famine with komi 7.5: White wins by passing, since Black then has only a self-capture to the start', () => {
    // B 1, W passes (7.5 -> 6.5). Black at 2 would self-capture {1,2} back to the empty start: superko; no pass.
    const game = path2After('famine', 'B 1, W pass');
    expect(game.result).toBe('W+M');
    expect(game.reason).toBe('no-move');
  });

  it('conway: the same path 2 line loses for Black', () => {
    // No passes at all; Black's only empty vertex is superko.
    expect(path2After('conway', 'B 1, W 2').result).toBe('W+M');
  });

  it('a single vertex: Black loses before moving (its only move self-captures to the start)', () => {
    const game = gameFromPosition('path 1', '.', 'famine');
    // The stone would have no liberty and vanish, repeating the empty colouring; counter 0: no pass.
    expect(game.over).toBe(true);
    expect(game.result).toBe('W+M');
    expect(game.moveCount).toBe(0);
    expect(game.state().toMove).toBe(null);
  });
});
