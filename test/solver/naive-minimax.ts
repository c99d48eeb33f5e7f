/**
 * A naive full minimax, written only for the tests, over the naive rules of test/perft/naive-go.ts (which share no
 * code with src/). Every action is searched, no pruning, no symmetry, no bounds. Memoisation is keyed by the whole
 * state, the set of earlier superko items included, so it is exact under superko (and useless across different
 * histories, which is the point). Values are black's: the final area score without komi (area), +1 / -1 for a
 * black / white win (lastmove).
 */
import { NAIVE_PASS, NaiveGame } from '../perft/naive-go.js';

export interface NaiveResult {
  readonly value: number;
  /** States searched (memo misses). */
  readonly states: number;
}

export class NaiveLimit extends Error {}

export function naiveSolve(start: NaiveGame, maxStates = 2_000_000): NaiveResult {
  const memo = new Map<string, number>();
  const rules = start.rules;
  const situational = rules.ko === 'situational';
  let states = 0;
  // The superko items of the line: colourings (positional) or colouring|colour-to-move (situational).
  const items = new Set<string>();
  const itemOf = (g: NaiveGame): string => (situational ? `${g.text}|${g.toMove}` : g.text);
  const valueOfEnd = (g: NaiveGame): number => {
    const r = g.result as string;
    if (r === 'B+M') return 1;
    if (r === 'W+M') return -1;
    if (rules.scoring === 'area') {
      const s = g.scores();
      // scores() adds komi to white; the solver's value is without komi.
      return s[1] - (s[2] - rules.komi);
    }
    throw new Error(`unexpected result ${r}`);
  };
  const search = (g: NaiveGame, passes: number): number => {
    if (g.over) return valueOfEnd(g);
    const key = `${g.text}|${g.toMove}|${passes}|${g.counter(1)}|${g.counter(2)}|${[...items].sort().join(',')}`;
    const known = memo.get(key);
    if (known !== undefined) return known;
    if (++states > maxStates) throw new NaiveLimit(`more than ${maxStates} states`);
    const black = g.toMove === 1;
    let best = black ? -Infinity : Infinity;
    for (const a of g.actions()) {
      const child = g.play(a);
      const item = itemOf(child);
      const added = (a !== NAIVE_PASS || situational) && !items.has(item);
      if (added) items.add(item);
      const v = search(child, a === NAIVE_PASS ? passes + 1 : 0);
      if (added) items.delete(item);
      best = black ? Math.max(best, v) : Math.min(best, v);
    }
    memo.set(key, best);
    return best;
  };
  items.add(itemOf(start));
  const value = search(start, 0);
  return { value, states };
}
