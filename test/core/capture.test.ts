/**
 * docs/rules.md, "A move": the mover colours an empty vertex; 1. every group of another colour without liberty is
 * removed, all at once; 2. then the mover's own group is removed if it has no liberty (self-capture), unless suicide
 * is forbidden, which makes the move illegal. Prisoners: to the opponent with two colours; with more, step-1 stones
 * to the mover and self-captured stones to no one.
 */
import { describe, expect, it } from 'vitest';
import { diagramOf, gameFromDiagram, gameFromPosition, normalizeDiagram, playAt } from '../helpers/diagram.js';
import { KO_SHAPE as SHARED_LIBERTY, KO_SHAPE_CAPTURED } from '../helpers/ko-shapes.js';

describe('capture order: opponents first, then self', () => {
  it('filling the last liberty shared with an opponent group captures it and the mover survives (area)', () => {
    const game = gameFromDiagram(SHARED_LIBERTY, 'area');
    // Black C2 takes the last liberty of White B2 and has none of its own; step 1 removes B2, which frees B2 for C2.
    expect(playAt(game, 1, 'C2')).toBe('ok');
    expect(diagramOf(game)).toBe(normalizeDiagram(KO_SHAPE_CAPTURED));
    expect(game.prisoners(1)).toBe(1);
    expect(game.prisoners(2)).toBe(0);
  });

  it('the same move is no suicide when suicide is forbidden (kim), since the liberty is judged after step 1', () => {
    const game = gameFromDiagram(SHARED_LIBERTY, 'kim');
    // Only the mover's group *after* removing White B2 is judged, and then C2 has the liberty B2.
    expect(playAt(game, 1, 'C2')).toBe('ok');
    expect(diagramOf(game)).toBe(normalizeDiagram(KO_SHAPE_CAPTURED));
  });

  it('removes two separate opponent groups left without liberty by one move', () => {
    const game = gameFromDiagram(`
      X O X
      . . .
      X O X
    `, 'area');
    // White B3 and White B1 each have B2 as their only liberty; Black B2 removes both in step 1.
    expect(playAt(game, 1, 'B2')).toBe('ok');
    expect(diagramOf(game)).toBe(normalizeDiagram(`
      X . X
      . X .
      X . X
    `));
    expect(game.prisoners(1)).toBe(2);
  });
});

describe('self-capture', () => {
  const SELF = `
    . O X .
    X X X .
  `;
  /** SELF after White A2 self-captures. */
  const SELF_CAPTURED = `
    . . X .
    X X X .
  `;

  it('under area a multi-stone self-capture is legal: the stones go and the opponent gets them as prisoners', () => {
    const game = gameFromDiagram(SELF, 'area', 2);
    // White A2 joins B2; the pair touches only black stones, so it has no liberty; Black keeps D1/D2, so step 1
    // removes nothing and step 2 removes the two white stones, credited to Black (two colours: the opponent).
    expect(playAt(game, 2, 'A2')).toBe('ok');
    expect(diagramOf(game)).toBe(normalizeDiagram(SELF_CAPTURED));
    expect(game.prisoners(1)).toBe(2);
    expect(game.prisoners(2)).toBe(0);
    // Counters include prisoners in every rule set (shown, not decisive, under area).
    expect(game.state().counters).toEqual([0, 2, 7.5]);
    expect(game.toMove).toBe(1);
  });

  it('under kim (suicide=forbidden) the same move is refused as suicide and nothing changes', () => {
    const game = gameFromDiagram(SELF, 'kim', 2);
    const before = game.state();
    // Step 2 would remove the mover's own group and suicide is forbidden, so the move is illegal.
    expect(playAt(game, 2, 'A2')).toBe('suicide');
    expect(game.state()).toEqual(before);
  });

  it('area suicide=forbidden refuses it too (the parameter, not the preset, decides)', () => {
    const game = gameFromDiagram(SELF, 'area suicide=forbidden', 2);
    // Same shape, suicide forbidden by override.
    expect(playAt(game, 2, 'A2')).toBe('suicide');
    expect(diagramOf(game)).toBe(normalizeDiagram(SELF));
  });

  it('with three colours self-captured stones are credited to no one', () => {
    const game = gameFromDiagram(SELF, 'area colors=3', 2);
    // k > 2: step-2 stones are nobody's prisoners.
    expect(playAt(game, 2, 'A2')).toBe('ok');
    expect(diagramOf(game)).toBe(normalizeDiagram(SELF_CAPTURED));
    expect(game.state().prisoners).toEqual([0, 0, 0, 0]);
  });
});

describe('more than two colours', () => {
  it('one move removes groups of two other colours at once, all credited to the mover', () => {
    const game = gameFromDiagram(`
      3 X 3
      . . .
      3 O 3
    `, 'area colors=3', 3);
    // Black B3 and White B1 each have only B2; colour 3 there removes both in step 1, 2 prisoners for colour 3.
    expect(playAt(game, 3, 'B2')).toBe('ok');
    expect(diagramOf(game)).toBe(normalizeDiagram(`
      3 . 3
      . 3 .
      3 . 3
    `));
    expect(game.state().prisoners).toEqual([0, 0, 0, 2]);
  });

  it('"all at once": two adjacent groups without liberty are both removed, neither rescued by the other', () => {
    // cycle 3: vertices 1, 2, 3 pairwise joined. Colour 1 on 1, colour 2 on 2, colour 3 plays 3.
    const game = gameFromPosition('cycle 3', '12.', 'area colors=3', 3);
    // After 3 is filled, 1 and 2 have no liberty; removed one by one, the second would regain the first's vertex
    // as a liberty and survive. Removed together, both go, and then colour 3 has liberties 1 and 2.
    expect(game.play(3, 2)).toBe('ok');
    expect(game.state().position).toBe('..3');
    expect(game.state().prisoners).toEqual([0, 0, 0, 2]);
  });
});
