/**
 * The cut-and-connect prior (bots/cut-connect.ts): a move counts when it touches two different chains of one
 * colour, not two stones of one chain; and the search gives such a move the pattern prior only where there are no
 * 3x3 patterns, unless switched off.
 */
import { describe, expect, it } from 'vitest';
import { cutsOrConnects, PLAYOUT_CUTS_MIN_TRIANGLE_SHARE, triangleShare } from '../../bots/cut-connect.js';
import { DEFAULT_UCT_SETTINGS, UctBot } from '../../bots/uct.js';
import { gameFromPosition, graphOf } from '../helpers/diagram.js';

const BLACK = 1;
const WHITE = 2;

// A hexagon 1..6 with a centre 7 joined to every corner: each corner touches its two neighbours on the ring and
// the centre (a graph no 3x3 pattern fits). Vertex v of the spec is index v - 1.
const WHEEL = 'edges 7 1-2 2-3 3-4 4-5 5-6 6-1 1-7 2-7 3-7 4-7 5-7 6-7';

describe('cutsOrConnects', () => {
  it('the centre between two separate white stones cuts for Black and connects for White', () => {
    // White on 1 and 4 (not adjacent: two chains), Black nowhere.
    const game = gameFromPosition(WHEEL, 'O..O...', 'area');
    expect(cutsOrConnects(game.position, 6, BLACK)).toBe(true);
    expect(cutsOrConnects(game.position, 6, WHITE)).toBe(true);
  });

  it('touching one chain twice is neither', () => {
    // White on 1 and 2, one chain (1-2 is an edge): the centre touches it twice.
    const game = gameFromPosition(WHEEL, 'OO.....', 'area');
    expect(cutsOrConnects(game.position, 6, BLACK)).toBe(false);
    expect(cutsOrConnects(game.position, 6, WHITE)).toBe(false);
  });

  it('one stone of each colour is neither; a third chain of either colour makes it one', () => {
    expect(cutsOrConnects(gameFromPosition(WHEEL, 'O..X...', 'area').position, 6, BLACK)).toBe(false);
    const three = gameFromPosition(WHEEL, 'O..X.X.', 'area').position;
    // Black on 4 and 6 (not adjacent), White on 1: the centre connects Black's two chains.
    expect(cutsOrConnects(three, 6, BLACK)).toBe(true);
    // For White it touches two Black chains: a cut.
    expect(cutsOrConnects(three, 6, WHITE)).toBe(true);
    // Vertex 2 (index 1) touches White's 1 and the empty 3 and centre: nothing to cut or join.
    expect(cutsOrConnects(three, 1, BLACK)).toBe(false);
  });
});

describe('the prior in the search', () => {
  it('gives the cutting point the pattern prior on a graph without patterns, and only with the switch on', () => {
    // Black to move; the centre cuts White's 1 from 4. A fresh child starts with 10 virtual visits at its prior, so
    // its reward sum is 7 with the pattern prior (0.7) and 5 with the even one, plus at most 1 from the one
    // simulation run.
    const centre = (cutConnect: boolean) => {
      const game = gameFromPosition(WHEEL, 'O..O...', 'area', BLACK);
      const bot = new UctBot({ ...DEFAULT_UCT_SETTINGS, playouts: 1, seed: 'c', resignThreshold: 0, cutConnect, learnedPrior: false });
      bot.genmove(game, BLACK);
      const stats = bot.rootStats();
      const k = stats.moves.indexOf(6);
      return { visits: stats.visits[k], reward: stats.rewards[k] };
    };
    const on = centre(true);
    expect(on.reward).toBeGreaterThanOrEqual(7);
    // The best prior of the root, so the simulation went there.
    expect(on.visits).toBe(11);
    expect(centre(false).reward).toBeLessThanOrEqual(6);
  });
});

describe('triangleShare: where the playouts cut and connect', () => {
  it('every edge of hex, king-move and triangular boards lies on a triangle; none of a grid or a cycle', () => {
    for (const spec of ['hex 5', 'king 7 7', 'tri 5 5']) expect(triangleShare(graphOf(spec)), spec).toBe(1);
    for (const spec of ['grid 9 9', 'torus 9 9', 'cycle 20']) expect(triangleShare(graphOf(spec)), spec).toBe(0);
  });

  it('a sparse random graph falls below the threshold, the wheel above it', () => {
    expect(triangleShare(graphOf('random 100 0.06 3'))).toBeLessThan(PLAYOUT_CUTS_MIN_TRIANGLE_SHARE);
    // Wheel: every rim edge has the centre as a common neighbour, every spoke two rim vertices.
    expect(triangleShare(graphOf(WHEEL))).toBe(1);
    // A path with one triangle at its end: 3 of its 5 edges.
    expect(triangleShare(graphOf('edges 5 1-2 2-3 3-4 4-5 3-5'))).toBeCloseTo(3 / 5);
  });
});
