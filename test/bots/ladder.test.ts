/**
 * The ladder reader (bots/ladder.ts) on diagrams: a ladder that works runs to the edge and captures; a ladder
 * breaker on its path lets the chain escape; the reader leaves the position as it found it; and it reads the same
 * on a graph that is not a lattice (the 9x9 grid given as an edge list, a path).
 */
import { describe, expect, it } from 'vitest';
import { LADDER_CAPTURE, LADDER_DEAD, LADDER_ESCAPE, LadderPriors } from '../../bots/ladder.js';
import { parseGraphSpec } from '../../src/families.js';
import { Game } from '../../src/game.js';
import { parseRules } from '../../src/rules.js';
import { gameFromDiagram, vx } from '../helpers/diagram.js';

/**
 * White's D3 against Black's C3, C4 and D2: White's liberties are D4 and E3. Black's atari at E3 starts a ladder:
 * White extends to D4 with two liberties (D5, E4), Black ataris again, and the chase climbs up and right to the top
 * edge, where White runs out of liberties. The atari at D4 lets White out at E3 with three liberties.
 */
const LADDER = `
  . . . . . . . . .
  . . . . . . . . .
  . . . . . . . . .
  . . . . . . . . .
  . . . . . . . . .
  . . X . . . . . .
  . . X O . . . . .
  . . . X . . . . .
  . . . . . . . . .`;

/** The same with a White stone at G7 on the ladder's path: the chase reaches it and White connects out. */
const BROKEN = `
  . . . . . . . . .
  . . . . . . . . .
  . . . . . . O . .
  . . . . . . . . .
  . . . . . . . . .
  . . X . . . . . .
  . . X O . . . . .
  . . . X . . . . .
  . . . . . . . . .`;

/** Black has already played the atari at E3: White, to move, is in atari at D3. */
const IN_ATARI = `
  . . . . . . . . .
  . . . . . . . . .
  . . . . . . . . .
  . . . . . . . . .
  . . . . . . . . .
  . . X . . . . . .
  . . X O X . . . .
  . . . X . . . . .
  . . . . . . . . .`;

function priors(game: Game, mover: number): LadderPriors {
  const reader = new LadderPriors(game.graph.n);
  reader.prepare(game.position, mover);
  return reader;
}

describe('ladder reading on a lattice', () => {
  it('the atari that starts a working ladder captures; the other atari does not', () => {
    const game = gameFromDiagram(LADDER, 'area', 1);
    const reader = priors(game, 1);
    expect(reader.valueAt(vx(game, 'E3'))).toBe(LADDER_CAPTURE);
    expect(reader.valueAt(vx(game, 'D4'))).toBe(0);
  });

  it('a ladder breaker on the path makes the same atari no capture', () => {
    const game = gameFromDiagram(BROKEN, 'area', 1);
    expect(priors(game, 1).valueAt(vx(game, 'E3'))).toBe(0);
  });

  it('for the chain in atari: running is a dead ladder, unless a breaker waits on the path', () => {
    const dead = gameFromDiagram(IN_ATARI, 'area', 2);
    expect(priors(dead, 2).valueAt(vx(dead, 'D4'))).toBe(LADDER_DEAD);
    const withBreaker = gameFromDiagram(IN_ATARI.replace('. . . . . . . . .\n  . . . . . . . . .\n  . . . . . . . . .\n  . . . . . . . . .', '. . . . . . . . .\n  . . . . . . . . .\n  . . . . . . O . .\n  . . . . . . . . .'), 'area', 2);
    expect(priors(withBreaker, 2).valueAt(vx(withBreaker, 'D4'))).toBe(LADDER_ESCAPE);
  });

  it('a chain in atari that can capture an attacking stone escapes', () => {
    // Black's E3 has one liberty, E4 (White holds F3 and E2): White captures it rather than run.
    const game = gameFromDiagram(
      `
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      . . X . . . . . .
      . . X O X O . . .
      . . . X O . . . .
      . . . . . . . . .`,
      'area',
      2,
    );
    expect(priors(game, 2).valueAt(vx(game, 'D4'))).toBe(LADDER_ESCAPE);
  });

  it('leaves the position exactly as it was', () => {
    const game = gameFromDiagram(LADDER, 'area', 1);
    const before = game.position.toText();
    const hash = [game.position.hashLo, game.position.hashHi];
    const empties = [...game.position.emptyList.subarray(0, game.position.emptyCount)];
    priors(game, 1);
    expect(game.position.toText()).toBe(before);
    expect([game.position.hashLo, game.position.hashHi]).toEqual(hash);
    expect([...game.position.emptyList.subarray(0, game.position.emptyCount)]).toEqual(empties);
  });
});

describe('ladder reading on other graphs', () => {
  it('reads the same on the 9x9 grid given as an edge list (no lattice, no GTP names)', () => {
    const lattice = gameFromDiagram(LADDER, 'area', 1);
    const edges: string[] = [];
    for (let v = 1; v <= 81; v++) {
      if (v % 9 !== 0) edges.push(`${v}-${v + 1}`);
      if (v + 9 <= 81) edges.push(`${v}-${v + 9}`);
    }
    const built = parseGraphSpec(`edges 81 ${edges.join(' ')}`);
    const rules = parseRules('area');
    if (!built.ok || !rules.ok) throw new Error('bad fixture');
    expect(built.value.meta.lattice).toBeUndefined();
    const game = new Game(built.value, rules.value);
    for (let v = 0; v < 81; v++) {
      const c = lattice.position.color[v];
      if (c !== 0) game.setup([{ vertex: v, color: c }], 1);
    }
    const stones = lattice.position.toText();
    expect(game.position.toText()).toBe(stones);
    const reader = priors(game, 1);
    const onLattice = priors(lattice, 1);
    for (let v = 0; v < 81; v++) expect(reader.valueAt(v)).toBe(onLattice.valueAt(v));
  });

  it('on a path an atari leaves the attacking stone itself in atari, so the chain captures it and lives', () => {
    // 1-2-3-4-5-6-7, White on 4, Black on 1: White's liberties are 3 and 5. On a path every vertex has two
    // neighbours, so Black's stone at 5 (or 3) would have one liberty, 6 (or 2), and White takes it.
    const built = parseGraphSpec('path 7');
    const rules = parseRules('area');
    if (!built.ok || !rules.ok) throw new Error('bad fixture');
    const game = new Game(built.value, rules.value);
    game.setup([{ vertex: 3, color: 2 }, { vertex: 0, color: 1 }], 1);
    const reader = priors(game, 1);
    expect(reader.valueAt(4)).toBe(0);
    expect(reader.valueAt(2)).toBe(0);
  });
});
