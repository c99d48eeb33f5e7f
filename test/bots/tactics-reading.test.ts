/**
 * The search reads the tactics that decide games between chains without two eyes: the vital point of a small eye
 * space (nakade) and a capturing race, on a square lattice and on a graph that is no lattice. Each position is
 * built so that the tactic alone decides the game (the komi balances the rest), so one move wins and the others
 * lose: a search that misreads the shape picks a losing move or the wrong win rate. The ladder, the other
 * tactic of the list, has its own tests (ladder.test.ts), with a ladder breaker, on both kinds of graph.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_UCT_SETTINGS, UctBot } from '../../bots/uct.js';
import type { Game } from '../../src/game.js';
import { vertexName } from '../../src/notation.js';
import { gameFromDiagram, gameFromPosition } from '../helpers/diagram.js';

const BLACK = 1;
const WHITE = 2;

/** Searches of a position per test, each with its own seed: one seed could hit or miss by luck. */
const SEEDS = 6;

/**
 * The moves (by name) and the mover's win rates of searches of `make(color)`, one per seed, with resigning off so
 * that a lost position still shows its estimate.
 */
function read(make: (color: number) => Game, color: number, playouts = 2000): { moves: string[]; winrates: number[] } {
  const moves: string[] = [];
  const winrates: number[] = [];
  for (let i = 1; i <= SEEDS; i++) {
    const game = make(color);
    const bot = new UctBot({ ...DEFAULT_UCT_SETTINGS, playouts, seed: `tactics ${i}`, resignThreshold: 0 });
    const move = bot.genmove(game, color);
    moves.push(move < 0 ? 'pass' : vertexName(game.graph, move));
    winrates.push(bot.lastSearch!.winrate);
  }
  return { moves, winrates };
}

function expectEvery(values: readonly string[], allowed: readonly string[]): void {
  for (const v of values) expect(allowed).toContain(v);
}

describe('nakade: the vital point of a three-vertex eye space', () => {
  // White's chain has the straight three A1-B1-C1 on the edge and nothing else. B1 is the vital point: White there
  // makes two eyes, Black there leaves White one eye whatever follows (White A1 or C1 is self-atari, and Black
  // captures). White alive has 8 points and komi 9.5 against Black's 17, so the corner decides the game.
  const corner = `
    . . . . .
    . . . . .
    X X X X X
    O O O O X
    . . . O X`;

  const cornerGame = (color: number) => gameFromDiagram(corner, 'area komi=9.5', color);

  it('on a lattice: Black kills at B1 and White lives at B1', () => {
    const black = read(cornerGame, BLACK);
    expectEvery(black.moves, ['B1']);
    expect(Math.min(...black.winrates)).toBeGreaterThan(0.7);
    const white = read(cornerGame, WHITE);
    expectEvery(white.moves, ['B1']);
    expect(Math.min(...white.winrates)).toBeGreaterThan(0.9);
  });

  // The same shape on a graph of 16 vertices with a triangle in it: eye space 1-2-3 (a path, 2 in the middle), the
  // White chain 4-5-6-7 around it (1 touches 4, 2 touches 5, 3 touches 6 and 7), a Black wall 8-11 around that
  // and Black's area 12-16 behind the wall. White alive: 7 points and komi 2.5 against 9.
  const spec =
    'edges 16 1-2 2-3 1-4 2-5 3-6 3-7 4-5 5-6 6-7 4-8 5-9 6-10 7-11 8-9 9-10 10-11 8-12 9-13 10-14 11-15 ' +
    '12-13 13-14 14-15 15-16 16-12 12-14';
  const position = '...OOOOXXXX.....';

  const eyeSpaceGame = (color: number) => gameFromPosition(spec, position, 'area komi=2.5', color);

  it('on a graph that is no lattice: both sides take vertex 2, the middle of the eye space', () => {
    const black = read(eyeSpaceGame, BLACK);
    expectEvery(black.moves, ['2']);
    expect(Math.min(...black.winrates)).toBeGreaterThan(0.6);
    const white = read(eyeSpaceGame, WHITE);
    expectEvery(white.moves, ['2']);
    expect(Math.min(...white.winrates)).toBeGreaterThan(0.9);
  });
});

describe('a capturing race between two eyeless chains', () => {
  // Black's chain B4-F4 and White's chain B3-F3 touch each other and nothing of their own; Black's liberties are
  // B5, C5, D5 under White's living wall, White's are B2, C2, D2 over Black's. With three liberties each the side
  // to move wins by filling one of the other chain's; with two against three, the chain with two is lost whoever
  // moves. The race is worth the game at komi 0.5.
  const threeEach = `
    . O . O . O .
    O O O O O O O
    O . . . O O O
    O X X X X X O
    X O O O O O X
    X . . . X X X
    X X . X . X .`;
  const twoAgainstThree = threeEach.replace('O . . . O O O', 'O . . O O O O');

  const latticeRace = (diagram: string) => (color: number) => gameFromDiagram(diagram, 'area komi=0.5', color);

  it('on a lattice: three against three, the side to move fills an outside liberty and wins', () => {
    // Both sides need 4,000 playouts. At 2,000, one White search in six passes with a 6% win rate: a pass is the
    // one child AMAF never rates, and the filling moves' AMAF statistics come mostly from lines where White filled
    // too late (after passing first), so they look lost and the search never tries them. A lower prior for a pass
    // cured this position but lost in self-play (docs/bots.md, "Tried and left out"). And one Black search in six
    // plays C1 (58%), which the learned prior rates above the fills, while C2 wins 99.7%: without an exploration
    // term a move that looks fair early keeps its visits. The weakness is pinned here.
    const black = read(latticeRace(threeEach), BLACK, 4000);
    expectEvery(black.moves, ['B2', 'C2', 'D2']);
    expect(Math.min(...black.winrates)).toBeGreaterThan(0.9);
    const white = read(latticeRace(threeEach), WHITE, 4000);
    expectEvery(white.moves, ['B5', 'C5', 'D5']);
    expect(Math.min(...white.winrates)).toBeGreaterThan(0.9);
  });

  it('on a lattice: the chain with more liberties wins, whoever moves first', () => {
    expect(Math.max(...read(latticeRace(twoAgainstThree), BLACK).winrates)).toBeLessThan(0.1);
    expect(Math.min(...read(latticeRace(twoAgainstThree), WHITE).winrates)).toBeGreaterThan(0.9);
  });

  // The same race as a graph of 20 vertices: Black's chain 1-2 against White's 3-4 (1 touches 3, 2 touches 4);
  // Black's liberties 5, 6, 7 each touch White's wall 11-12-13 (eyes 14 and 15); White's liberties 8, 9 and 10
  // each touch Black's wall 16-17-18 (eyes 19 and 20). Without the edge 4-10, vertex 10 is Black's and White's
  // chain has two liberties.
  const race = (whiteLiberties: 2 | 3) =>
    'edges 20 1-2 3-4 1-3 2-4 1-5 2-6 2-7 3-8 4-9 5-11 6-12 7-13 11-12 12-13 14-11 14-12 15-12 15-13 8-16 9-17 ' +
    `16-17 17-18 19-16 19-17 20-17 20-18 10-18${whiteLiberties === 3 ? ' 4-10' : ''}`;
  const stones = 'XXOO......OOO..XXX..';

  const graphRace = (whiteLiberties: 2 | 3) => (color: number) =>
    gameFromPosition(race(whiteLiberties), stones, 'area komi=0.5', color);

  it('on a graph that is no lattice: three against three goes to the side to move, two against three to the three', () => {
    const black = read(graphRace(3), BLACK);
    expectEvery(black.moves, ['8', '9', '10']);
    expect(Math.min(...black.winrates)).toBeGreaterThan(0.9);
    const white = read(graphRace(3), WHITE);
    expectEvery(white.moves, ['5', '6', '7']);
    expect(Math.min(...white.winrates)).toBeGreaterThan(0.9);
    expect(Math.max(...read(graphRace(2), WHITE).winrates)).toBeLessThan(0.1);
    expect(Math.min(...read(graphRace(2), BLACK).winrates)).toBeGreaterThan(0.9);
  });
});
