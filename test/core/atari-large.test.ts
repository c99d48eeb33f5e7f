/**
 * inAtari on a graph where count * sumSq passes 2^53 (liberty links times vertices above 2^26.5), so Position must
 * decide atari without the sum-of-squares identity. It is compared with the distinct liberties counted by walking
 * each chain, over random games on a dense random graph, at many points of each game.
 */
import { describe, expect, it } from 'vitest';
import { parseGraphSpec } from '../../src/families.js';
import { Position } from '../../src/position.js';
import { EMPTY } from '../../src/vocabulary.js';
import { Rng } from '../../src/rng.js';

describe('atari on large graphs', () => {
  it('agrees with a walk of each chain on a 6,000-vertex graph of average degree 12', () => {
    const built = parseGraphSpec('random 6000 0.002 3');
    if (!built.ok) throw built.error;
    const g = built.value;
    // The case under test: about 72,000 links times 6,000 vertices, beyond the exact range of the identity.
    expect(g.rlibStart[g.n] * g.n).toBeGreaterThan(94906265);
    const p = new Position(g);
    const rng = new Rng('atari-large');
    let ataris = 0;
    let checked = 0;
    for (let move = 0; move < 12000; move++) {
      const v = p.emptyList[rng.int(p.emptyCount)];
      p.forgetUndo();
      p.play(v, 1 + (move & 1), true);
      if (move % 500 !== 499) continue;
      for (let u = 0; u < g.n; u++) {
        if (p.color[u] === EMPTY || p.head[u] !== u) continue;
        const one = p.exactLibertyCount(u) === 1;
        expect(p.inAtari(u)).toBe(one);
        if (one) ataris++;
        checked++;
      }
    }
    // Make sure the games reached both kinds of chains, big and in atari.
    expect(checked).toBeGreaterThan(2000);
    expect(ataris).toBeGreaterThan(100);
  });
});
