/**
 * docs/rules.md, "The board": an arc u>v joins u and v for connection, but only v counts as a liberty of u. Groups
 * use the underlying graph; liberties use the direction. A vertex with no link gives a lone stone no liberty at all.
 * Vertex names here are index names (1..n); `game.play` takes 0-based vertices, so vertex k is k-1.
 */
import { describe, expect, it } from 'vitest';
import type { Game } from '../../src/game.js';
import { gameFromPosition, playAt } from '../helpers/diagram.js';

/** Plays `vertex` for `color`, checks the answer, then the position and the prisoners [Black's, White's] after it. */
function expectPlay(game: Game, color: number, vertex: string, status: string, position: string, prisoners: [number, number]): void {
  expect(playAt(game, color, vertex)).toBe(status);
  expect(game.state().position).toBe(position);
  expect([game.prisoners(1), game.prisoners(2)]).toEqual(prisoners);
}

describe('liberties follow the arc direction', () => {
  it('v is a liberty of u: a stone on u whose only liberty is v is captured when v is filled', () => {
    // 1>2, 2-3: lib(1) = {2}.
    const game = gameFromPosition('edges 3 1>2 2-3', '1..', 'area', 2);
    // White 2 fills Black 1's only liberty; White 2 keeps liberty 3.
    expectPlay(game, 2, '2', 'ok', '.2.', [0, 1]);
  });

  it('u is not a liberty of v: a stone on v is captured when its other liberty is filled, though u is empty', () => {
    // lib(2) = {3} only: the arc 1>2 does not make 1 a liberty of 2.
    const game = gameFromPosition('edges 3 1>2 2-3', '.1.', 'area', 2);
    // White 3 takes Black 2's last liberty; empty vertex 1 next to it does not count. White 3 then has liberty 2.
    expectPlay(game, 2, '3', 'ok', '..2', [0, 1]);
  });

  it('a stone on u does not take a liberty from v: White 1 is suicide (kim), Black 2 is not captured', () => {
    const game = gameFromPosition('edges 3 1>2 2-3', '.1.', 'kim', 2);
    // White 1's only liberty is 2 (occupied); Black 2 never had 1 as a liberty, so it keeps 3 and is not
    // captured: the move removes nothing and leaves White without liberty, forbidden under kim.
    expectPlay(game, 2, '1', 'suicide', '.1.', [0, 0]);
  });

  it('the same stone on u under area ko=simple is self-captured at once and Black 2 stays', () => {
    const game = gameFromPosition('edges 3 1>2 2-3', '.1.', 'area ko=simple', 2);
    // Step 1 removes nothing (Black 2 keeps liberty 3); step 2 removes White 1, one prisoner for Black.
    expectPlay(game, 2, '1', 'ok', '.1.', [1, 0]);
    expect(game.toMove).toBe(1);
  });

  it('a move can capture through an arc and then self-capture: both groups go (area)', () => {
    // 1>2 alone: lib(1) = {2}, lib(2) = {}.
    const game = gameFromPosition('edges 2 1>2', '2.', 'area');
    // Black 2 removes White 1 (step 1), but 1 is no liberty of 2, so Black 2 still has none and goes too (step 2).
    // The empty colouring is new (the game started from "2."), so positional superko allows it.
    expectPlay(game, 1, '2', 'ok', '..', [1, 1]);
  });

  it('the same capture-then-self-capture move is illegal when suicide is forbidden, capture included', () => {
    const game = gameFromPosition('edges 2 1>2', '2.', 'kim');
    // After step 1 the mover's group has no liberty: with suicide forbidden the whole move is refused.
    expectPlay(game, 1, '2', 'suicide', '2.', [0, 0]);
  });
});

describe('groups connect both ways along an arc', () => {
  it('a stone at the head of an arc shares the liberties of the stone at its tail', () => {
    // 1>2, 1>3, 3-4: lib(1) = {2, 3}, lib(2) = {}. Black 2 alone would have no liberty (set-up would refuse it);
    // joined to Black 1 through the arc, the group {1, 2} has liberty 3.
    const game = gameFromPosition('edges 4 1>2 1>3 3-4', '11..', 'area', 2);
    // White 3 takes the group's last liberty: both stones go together; White 3 keeps liberty 4.
    expectPlay(game, 2, '3', 'ok', '..2.', [0, 2]);
  });

  it('a stone at the tail of an arc shares the liberties of the stone at its head', () => {
    // 1>2, 2-3: lib(1) = {2} is occupied by its own colour, so Black 1 lives only through the group {1, 2}.
    const game = gameFromPosition('edges 3 1>2 2-3', '11.', 'area', 2);
    // White 3 fills the group's only liberty: two stones captured; White 3 then has liberty 2.
    expectPlay(game, 2, '3', 'ok', '..2', [0, 2]);
  });
});

describe('an isolated vertex (no link)', () => {
  const ISOLATED = 'edges 3 1-2'; // vertex 3 has no link

  it('a stone there is self-captured at once when suicide is allowed (area ko=simple)', () => {
    const game = gameFromPosition(ISOLATED, '...', 'area ko=simple');
    // No liberty can ever exist at 3: step 2 removes the stone; White gets the prisoner; the turn passes to White.
    expectPlay(game, 1, '3', 'ok', '...', [0, 1]);
    expect(game.toMove).toBe(2);
    expect(game.moveCount).toBe(1);
  });

  it('it is suicide when suicide is forbidden (kim)', () => {
    const game = gameFromPosition(ISOLATED, '...', 'kim');
    // Self-capture with suicide forbidden: illegal.
    expect(playAt(game, 1, '3')).toBe('suicide');
    expect(game.moveCount).toBe(0);
  });

  it('under positional superko on an empty board it is superko: the empty colouring repeats', () => {
    const game = gameFromPosition(ISOLATED, '...', 'area');
    // The stone vanishes, leaving the initial (empty) colouring, which has occurred: forbidden.
    expect(playAt(game, 1, '3')).toBe('superko');
    expect(game.moveCount).toBe(0);
    expect(game.legalMoves(1)).toEqual([0, 1]);
  });
});
