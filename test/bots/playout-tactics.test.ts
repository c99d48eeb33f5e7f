/**
 * The playout tactics' first move after a last move (bots/playout.ts), in both engines (TypeScript and the
 * WebAssembly kernel): the answer to a chain left with two liberties, and the sacrifice inside the opponent's eye
 * space that the self-atari guard lets through. Each diagram has one tactical answer, which the playout must play
 * first whatever its random stream; without the tactic the first move would be random.
 */
import { describe, expect, it } from 'vitest';
import { LightPlayout, NAKADE_MAX_STONES, isNakadeSacrifice, selfAtariLiberty, type PlayoutEngine } from '../../bots/playout.js';
import type { Game } from '../../src/game.js';
import { Rng } from '../../src/rng.js';
import { gameFromDiagram, gameFromPosition, vx } from '../helpers/diagram.js';

const BLACK = 1;
const WHITE = 2;
const ENGINES: readonly PlayoutEngine[] = ['typescript', 'wasm'];

/** The first move of one-move playouts for Black after White's `last`, over several seeds (all the same). */
function firstMoves(game: Game, last: string, engine: PlayoutEngine, tactics = true, sacrifices = tactics): Set<number> {
  const playout = LightPlayout.forGraph(game.graph, { engine, moveCap: 1 });
  playout.tactics = tactics;
  playout.sacrifices = sacrifices;
  const moves = new Set<number>();
  for (let seed = 0; seed < 8; seed++) {
    playout.position.copyFrom(game.position);
    playout.run(new Rng(`tactics ${seed}`), [BLACK, WHITE], 0, -1, vx(game, last));
    moves.add(playout.playedVertex[0]);
  }
  return moves;
}

describe.each(ENGINES)('two-liberty tactics (%s)', (engine) => {
  it("ataris White's two-liberty chain where extending cannot escape", () => {
    // White D4-D3 has the liberties D5 and E4. Black D5 leaves E4, whose only empty neighbour is E5: extending
    // there gives White one liberty. Black E4 would have one empty neighbour itself, so D5 is the atari.
    const game = gameFromDiagram(`
      . . . . . . .
      . . . . . . .
      . . . . . . .
      . . X O . X .
      . . X O X . .
      . . . X . . .
      . . . . . . .`);
    expect([...firstMoves(game, 'D4', engine)]).toEqual([vx(game, 'D5')]);
    // Without the tactics the first move is anywhere.
    expect(firstMoves(game, 'D4', engine, false).size).toBeGreaterThan(4);
  });

  it('gives an own chain that the last move left two liberties a third, where it gains most', () => {
    // White D3 leaves Black C3 with C4 and C2; C2 touches White B2 and D2, so only C4 gains two more liberties.
    const game = gameFromDiagram(`
      . . . . . . .
      . . . . . . .
      . . . . . . .
      . . . . . . .
      . O X O . . .
      . O . O . . .
      . . . . . . .`);
    expect([...firstMoves(game, 'D3', engine)]).toEqual([vx(game, 'C4')]);
  });

  it('reads the same on the 7x7 grid given as an edge list (no lattice: no patterns, no layout)', () => {
    const lattice = gameFromDiagram(`
      . . . . . . .
      . . . . . . .
      . . . . . . .
      . . X O . X .
      . . X O X . .
      . . . X . . .
      . . . . . . .`);
    const edges: string[] = [];
    for (let v = 1; v <= 49; v++) {
      if (v % 7 !== 0) edges.push(`${v}-${v + 1}`);
      if (v + 7 <= 49) edges.push(`${v}-${v + 7}`);
    }
    const position = Array.from(lattice.position.color, (c) => (c === 0 ? '.' : String(c))).join('');
    const game = gameFromPosition(`edges 49 ${edges.join(' ')}`, position);
    // Vertex names are 1-based indices here: D4 is index 3 * 7 + 3 = 24, so name 25; D5 is name 32.
    expect([...firstMoves(game, '25', engine)]).toEqual([vx(game, '32')]);
  });
});

/** Whether Black's move at `name` is a self-atari, and if so whether it is a sacrifice in White's eye space. */
function sacrifice(game: Game, name: string): 'no self-atari' | 'sacrifice' | 'refused' {
  const v = vx(game, name);
  const lib = selfAtariLiberty(game.position, v, BLACK);
  if (lib < 0) return 'no self-atari';
  return isNakadeSacrifice(game.position, v, BLACK, lib) ? 'sacrifice' : 'refused';
}

describe('sacrifices inside the eye space of the opponent (nakade)', () => {
  it("lets Black fill White's enclosed eye space to two stones, leaving one point", () => {
    // Black C3 joins B3: two stones whose one liberty, D3, touches only White and the chain.
    const game = gameFromDiagram(`
      . . . . .
      O O O O O
      O X . . O
      O O O O O
      . . . . .`);
    expect(sacrifice(game, 'C3')).toBe('sacrifice');
  });

  it('refuses the self-atari when the liberty opens out, or touches another own chain', () => {
    const open = gameFromDiagram(`
      . . . . .
      O O O . O
      O X . . O
      O O O O O
      . . . . .`);
    expect(sacrifice(open, 'C3')).toBe('refused');
    const touching = gameFromDiagram(`
      . . . . . .
      O O O O O O
      O X . . X O
      O O O O O O
      . . . . . .`);
    expect(sacrifice(touching, 'C3')).toBe('refused');
  });

  it('refuses a chain of more than five stones', () => {
    expect(NAKADE_MAX_STONES).toBe(5);
    // A3 gives White a liberty outside the eye space.
    const six = gameFromDiagram(`
      . O O O O O O O
      O X X X X X . .
      O O O O O O O O`);
    expect(sacrifice(six, 'G2')).toBe('refused');
    const five = gameFromDiagram(`
      . O O O O O O O
      O O X X X X . .
      O O O O O O O O`);
    expect(sacrifice(five, 'G2')).toBe('sacrifice');
  });

  it('on a path: Black 4 joins Black 3 between White 2 and White 6, the liberty 5 enclosed', () => {
    expect(sacrifice(gameFromPosition('path 7', '.21..2.'), '4')).toBe('sacrifice');
    expect(sacrifice(gameFromPosition('path 7', '.21....'), '4')).toBe('refused');
  });

  it.each(ENGINES)('the playout plays the sacrifice (%s)', (engine) => {
    // Black's moves: D3, a single stone in atari (always allowed), and C3, two stones in atari with the liberty D3
    // enclosed by White: refused before the exception, played now.
    // A1 is White's liberty outside the eye space, and suicide for Black.
    const game = gameFromDiagram(`
      O O O O O
      O O O O O
      O X . . O
      O O O O O
      . O O O O`);
    expect([...firstMoves(game, 'A1', engine)].sort()).toEqual([vx(game, 'C3'), vx(game, 'D3')].sort());
  });

  it.each(ENGINES)('refuses it without sacrifices, as the dead-stone judge plays (%s)', (engine) => {
    // The judge's seki test needs shared liberties left empty: there only the lone stone at D3 is allowed.
    const game = gameFromDiagram(`
      O O O O O
      O O O O O
      O X . . O
      O O O O O
      . O O O O`);
    expect([...firstMoves(game, 'A1', engine, true, false)]).toEqual([vx(game, 'D3')]);
  });
});
