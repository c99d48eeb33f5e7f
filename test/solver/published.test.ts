/**
 * Published values, under the rule variants they assume.
 *
 * Optimal area scores (black minus white, no komi), black moving first, two passes end the game:
 * - 1xn: 1x1 0, 1x2 0, 1x3 3, 1x4 4, 1x5 0, 1x6 1 (1x7 2 takes a minute: docs/solver.md). Sources: T. Drange et al.,
 *   "Mini-Go" table of area-counting results (1998, http://www.mathpuzzle.com/go), and N. Weninger and R. Hayward,
 *   "Exploring Positional Linear Go", ACG 2017, who solve 1xn up to n = 9 under positional superko without suicide
 *   (Tromp-Taylor without suicide), the rule set that matters for these boards.
 * - 2x2: +1 (proved by Bill Taylor under superko, Sensei's Library "2x2 board"; also E. van der Werf, H.J. van den
 *   Herik, J. Uiterwijk, "Solving Go on small boards", ICGA Journal 26(2), 2003).
 * - 2x3: 0 (Drange's table: black's best first move is a pass).
 * - 3x3: +9 (van der Werf et al. 2003; Drange's table).
 * van der Werf et al. used area scoring without suicide and a repetition rule under which returning to an earlier
 * position can be a draw (Weninger and Hayward point out it is not positional superko); Drange's rules are area
 * counting with superko. The values agree under all four variants checked below (positional or situational
 * superko, suicide allowed or not), which is what the solver computes for each.
 *
 * Legal-position counts (every group has a liberty): OEIS A094777 (n x n, J. Tromp and G. Farnebäck, "Combinatorics
 * of Go", CG 2006), A102620 (1 x n), A266278 (2 x n).
 */
import { describe, expect, it } from 'vitest';
import { countLegalPositions } from '../../src/solver/count.js';
import { Solver } from '../../src/solver/search.js';
import { startRoot } from '../../src/solver/solve.js';
import { graphOf, rulesOf } from './helpers.js';

function areaScore(spec: string, rulesText: string): number | null {
  const rules = rulesOf(rulesText);
  return new Solver(graphOf(spec), rules).solve(startRoot(rules)).value;
}

const VARIANTS = [
  'area komi=0',
  'area komi=0 suicide=forbidden',
  'area komi=0 ko=situational suicide=forbidden',
];

describe('optimal area scores of small boards', () => {
  const linear = [0, 0, 3, 4, 0, 1];
  for (const variant of VARIANTS) {
    it(`1x1 .. 1x6 under ${variant}`, () => {
      expect(linear.map((_, i) => areaScore(`path ${i + 1}`, variant))).toEqual(linear);
    });
  }
  it('1x1 .. 1x5 with situational superko and suicide allowed', () => {
    expect([1, 2, 3, 4, 5].map((n) => areaScore(`path ${n}`, 'area komi=0 ko=situational'))).toEqual([0, 0, 3, 4, 0]);
  });
  for (const variant of [...VARIANTS, 'area komi=0 ko=situational']) {
    it(`2x2 = 1, 2x3 = 0, 3x3 = 9 under ${variant}`, () => {
      expect(areaScore('grid 2 2', variant)).toBe(1);
      expect(areaScore('grid 3 2', variant)).toBe(0);
      expect(areaScore('grid 3 3', variant)).toBe(9);
    });
  }
});

describe('legal positions', () => {
  it('1 x n (A102620)', () => {
    const expected = [1, 5, 15, 41, 113, 313, 867, 2401, 6649, 18413, 50991, 141209, 391049, 1082929, 2998947];
    expect(expected.map((_, i) => countLegalPositions(graphOf(`path ${i + 1}`)).count)).toEqual(expected.map(BigInt));
  });
  it('2 x n (A266278)', () => {
    const expected = [5, 57, 489, 4125, 35117, 299681, 2557605, 21826045];
    expect(expected.map((_, i) => countLegalPositions(graphOf(`grid 2 ${i + 1}`)).count)).toEqual(expected.map(BigInt));
  });
  it('n x n up to 5 x 5 (A094777), in either orientation', () => {
    const expected = [1n, 57n, 12675n, 24318165n, 414295148741n];
    expect(expected.map((_, i) => countLegalPositions(graphOf(`grid ${i + 1} ${i + 1}`)).count)).toEqual(expected);
    expect(countLegalPositions(graphOf('grid 5 2')).count).toBe(35117n);
  });
  it('7 x 7 (A094777), far beyond brute force', () => {
    expect(countLegalPositions(graphOf('grid 7 7')).count).toBe(83677847847984287628595n);
  });
});
