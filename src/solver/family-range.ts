/**
 * Families of graphs for tables: a `set_graph` spec in which any number may be a range `a..b`, e.g. `cycle 3..10`
 * or `grid 2..4 2..4` (every combination, in order), plus `connected a..b`: every connected graph with a..b
 * vertices, one per isomorphism class (graph-enumeration.ts), each written as an `edges` spec.
 */
import { connectedGraphs, edgesSpec, MAX_ENUMERATED_VERTICES } from './graph-enumeration.js';
import { failure, ok, type Result } from '../result.js';

export type FamilyResult = Result<string[], 'bad-family'>;

/** At most this many graphs in one family. */
export const MAX_FAMILY_SIZE = 10_000;

/**
 * A family checked and ready to list: `size` graphs (null for `connected`, whose sizes are known only by
 * enumerating) and their specs, produced one at a time (`connected 1..8` grows each size from the one before: the
 * first graphs of a family are solved and printed before the larger sizes are enumerated).
 */
export interface FamilyPlan {
  readonly size: number | null;
  specs(): Generator<string>;
}

/** Checks a family spec entirely (every range, the enumerator's limit) before anything is enumerated. */
export function planFamily(text: string): Result<FamilyPlan, 'bad-family'> {
  const words = text.trim().split(/\s+/).filter((w) => w.length > 0);
  if (words.length === 0) return failure('bad-family', 'empty family (e.g. "cycle 3..10")');
  const choices: string[][] = [];
  for (const word of words) {
    const range = /^(-?\d+)\.\.(-?\d+)$/.exec(word);
    if (range === null) {
      choices.push([word]);
      continue;
    }
    const from = Number(range[1]);
    const to = Number(range[2]);
    if (to < from) return failure('bad-family', `empty range ${word}`);
    if (to - from >= MAX_FAMILY_SIZE) return failure('bad-family', `range ${word} is too long`);
    const values: string[] = [];
    for (let k = from; k <= to; k++) values.push(String(k));
    choices.push(values);
  }
  if (words[0].toLowerCase() === 'connected') {
    if (choices.length !== 2) return failure('bad-family', 'usage: connected N or connected A..B (vertices)');
    const sizes = choices[1].map(Number);
    const isBad = (i: number) => !Number.isInteger(sizes[i]) || sizes[i] < 1 || sizes[i] > MAX_ENUMERATED_VERTICES;
    // The sizes it cannot take, as runs of consecutive ones: `0, 8..40` for `connected 0..40`.
    const runs: string[] = [];
    for (let i = 0; i < sizes.length; i++) {
      if (!isBad(i)) continue;
      let j = i;
      while (j + 1 < sizes.length && isBad(j + 1)) j++;
      runs.push(j === i ? choices[1][i] : `${choices[1][i]}..${choices[1][j]}`);
      i = j;
    }
    if (runs.length > 0) {
      return failure('bad-family', `connected graphs are enumerated for 1..${MAX_ENUMERATED_VERTICES} vertices, not ${runs.join(', ')}`);
    }
    return ok({
      size: null,
      *specs() {
        for (const n of sizes) for (const edges of connectedGraphs(n)) yield edgesSpec(n, edges);
      },
    });
  }
  let specs: string[][] = [[]];
  for (const options of choices) {
    const next: string[][] = [];
    for (const prefix of specs) for (const option of options) next.push([...prefix, option]);
    if (next.length > MAX_FAMILY_SIZE) return failure('bad-family', `more than ${MAX_FAMILY_SIZE} graphs`);
    specs = next;
  }
  const list = specs.map((s) => s.join(' '));
  return ok({
    size: list.length,
    *specs() {
      yield* list;
    },
  });
}

/** Every spec of a family, as a list. */
export function expandFamily(text: string): FamilyResult {
  const plan = planFamily(text);
  if (!plan.ok) return plan;
  return ok([...plan.value.specs()]);
}
