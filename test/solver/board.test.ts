/**
 * The solver's building blocks: the bit-mask board against the real Position (every move of random games, arcs
 * included), automorphisms, and Benson's unconditional life generalised to graphs.
 */
import { describe, expect, it } from 'vitest';
import { Game } from '../../src/game.js';
import { EMPTY, PASS } from '../../src/vocabulary.js';
import { PLAY_SUICIDE } from '../../src/position.js';
import { Rng } from '../../src/rng.js';
import { countBoard } from '../../src/scoring.js';
import { Benson } from '../../src/solver/benson.js';
import { BB_OK, BB_SUICIDE, BitBoard, masksOf, popcount } from '../../src/solver/bitboard.js';
import { Symmetries, findAutomorphisms } from '../../src/solver/symmetry.js';
import { graphOf, rulesOf } from './helpers.js';

describe('bit-mask board = Position', () => {
  const cases: [string, string][] = [
    ['grid 4 4', 'area'],
    ['grid 3 3', 'area suicide=forbidden'],
    ['hex 3', 'area'],
    ['petersen', 'area'],
    ['random 20 0.2 5', 'area'],
    ['edges 6 1>2 2>3 3>1 3-4 4>5 5-6 6>4', 'area'],
    ['king 4 4', 'area suicide=forbidden'],
    ['grid 8 4', 'area'],
  ];
  for (const [spec, rulesText] of cases) {
    it(`${spec} | ${rulesText}`, () => {
      const graph = graphOf(spec);
      const rules = rulesOf(rulesText);
      const suicide = rules.suicide === 'allowed';
      const bb = new BitBoard(graph);
      const rng = new Rng(spec);
      for (let gameNo = 0; gameNo < 6; gameNo++) {
        const game = new Game(graph, rules);
        for (let ply = 0; ply < 60 && !game.over; ply++) {
          const pos = game.position;
          const { black, white } = masksOf(pos.color);
          const color = game.toMove;
          expect(bb.areaScore(black, white)).toBe(
            (() => {
              const c = countBoard(pos, 2);
              return c.stones[1] + c.territory[1] - c.stones[2] - c.territory[2];
            })(),
          );
          for (let v = 0; v < graph.n; v++) {
            if (pos.color[v] !== EMPTY) continue;
            const expected = pos.play(v, color, suicide);
            const after = expected === PLAY_SUICIDE ? null : masksOf(pos.color);
            const captured = pos.captured;
            const selfCaptured = pos.selfCaptured;
            if (expected !== PLAY_SUICIDE) pos.undo();
            const got = bb.play(black, white, v, color, suicide);
            if (after === null) {
              expect(got).toBe(BB_SUICIDE);
            } else {
              expect(got).toBe(BB_OK);
              expect([bb.black, bb.white]).toEqual([after.black, after.white]);
              expect(popcount(bb.captured)).toBe(captured);
              expect(popcount(bb.selfCaptured)).toBe(selfCaptured);
            }
          }
          const legal = game.legalMoves(color);
          const m = legal.length === 0 || rng.int(12) === 0 ? PASS : legal[rng.int(legal.length)];
          expect(game.play(color, m)).toBe('ok');
        }
      }
    });
  }
});

describe('automorphisms', () => {
  it('counts of the families (identity excluded)', () => {
    const count = (spec: string) => findAutomorphisms(new BitBoard(graphOf(spec)), 100_000).length;
    expect(count('path 5')).toBe(1);
    expect(count('cycle 6')).toBe(11);
    expect(count('grid 3 3')).toBe(7);
    expect(count('grid 3 2')).toBe(3);
    expect(count('petersen')).toBe(119);
    expect(count('complete 4')).toBe(23);
    expect(count('star 5')).toBe(23);
    expect(count('hypercube 3')).toBe(47);
    // Rotations keep a directed triangle; reflections would reverse its arcs.
    expect(count('edges 3 1>2 2>3 3>1')).toBe(2);
  });

  it('every one preserves adjacency and liberties, and the mask tables agree with the permutations', () => {
    for (const spec of ['petersen', 'edges 6 1>2 2>3 3>1 4>5 5>6 6>4 1-4', 'grid 4 4']) {
      const bb = new BitBoard(graphOf(spec));
      const perms = findAutomorphisms(bb, 1000);
      const sym = new Symmetries(perms);
      perms.forEach((p, k) => {
        for (let u = 0; u < bb.n; u++) {
          for (let v = 0; v < bb.n; v++) {
            expect((bb.adj[p[u]] >> p[v]) & 1).toBe((bb.adj[u] >> v) & 1);
            expect((bb.lib[p[u]] >> p[v]) & 1).toBe((bb.lib[u] >> v) & 1);
          }
        }
        const m = 0b1011001 & bb.full;
        let image = 0;
        for (let v = 0; v < bb.n; v++) if ((m >> v) & 1) image |= 1 << p[v];
        expect(sym.apply(k, m)).toBe(image);
        expect(sym.applyInverse(k, image)).toBe(m);
      });
    }
  });

  it('the limit caps very symmetric graphs', () => {
    expect(findAutomorphisms(new BitBoard(graphOf('complete 9')), 500).length).toBe(500);
  });
});

/** Masks from a diagram: one character per vertex in index order, `X` black, `O` white, `.` empty. */
function masks(diagram: string): [number, number] {
  let black = 0;
  let white = 0;
  [...diagram.replace(/\s/g, '')].forEach((ch, v) => {
    if (ch === 'X') black |= 1 << v;
    if (ch === 'O') white |= 1 << v;
  });
  return [black, white];
}

describe('Benson on graphs', () => {
  it('two one-point eyes: alive, and the whole board is safe', () => {
    const bb = new BitBoard(graphOf('grid 3 3'));
    const benson = new Benson(bb);
    // Row 1 (bottom) first: . X X / X X X / X X .
    const [b, w] = masks('.XX XXX XX.');
    expect(benson.aliveStones(b, w, 1, true)).toBe(b);
    expect(benson.safeArea(b, w, 1, true)).toBe(bb.full);
    expect(benson.safeArea(b, w, 2, true)).toBe(0);
  });

  it('one eye is not enough', () => {
    const bb = new BitBoard(graphOf('grid 3 3'));
    const [b, w] = masks('.XX XXX XXX');
    expect(new Benson(bb).aliveStones(b, w, 1, true)).toBe(0);
    expect(new Benson(bb).safeArea(b, w, 1, true)).toBe(0);
  });

  it('on a path: separate stones with eyes between them are alive together', () => {
    const bb = new BitBoard(graphOf('path 5'));
    const [b, w] = masks('.X.X.');
    expect(new Benson(bb).safeArea(b, w, 1, true)).toBe(bb.full);
  });

  it('suicide changes what is vital: a region holding a stone that is not a liberty of the chain', () => {
    // path 4: O . X . ; with suicide forbidden, X's regions {1,2} (empty vertex 2 is its liberty) and {4} are vital;
    // with suicide allowed, white can fill 2 (self-capturing 1-2), replay 2 with 1 as its liberty, then take 4.
    const bb = new BitBoard(graphOf('path 4'));
    const [b, w] = masks('O.X.');
    expect(new Benson(bb).aliveStones(b, w, 1, false)).toBe(b);
    expect(new Benson(bb).aliveStones(b, w, 1, true)).toBe(0);
  });

  it('an arc gives a liberty one way only', () => {
    // 2>1 and 2-3: a black stone on 2 has liberties 1 and 3, two one-point regions: alive. With 1>2 instead, 1 is
    // not a liberty of 2 and white captures the stone by playing 3.
    const [b, w] = masks('.X.');
    expect(new Benson(new BitBoard(graphOf('edges 3 2>1 2-3'))).aliveStones(b, w, 1, true)).toBe(b);
    expect(new Benson(new BitBoard(graphOf('edges 3 1>2 2-3'))).aliveStones(b, w, 1, true)).toBe(0);
  });
});
