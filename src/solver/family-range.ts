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

export function expandFamily(text: string): FamilyResult {
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
    const specs: string[] = [];
    for (const value of choices[1]) {
      const n = Number(value);
      if (!Number.isInteger(n) || n < 1 || n > MAX_ENUMERATED_VERTICES) {
        return failure('bad-family', `connected graphs are enumerated for 1..${MAX_ENUMERATED_VERTICES} vertices`);
      }
      for (const edges of connectedGraphs(n)) specs.push(edgesSpec(n, edges));
    }
    return ok(specs);
  }
  let specs: string[][] = [[]];
  for (const options of choices) {
    const next: string[][] = [];
    for (const prefix of specs) for (const option of options) next.push([...prefix, option]);
    if (next.length > MAX_FAMILY_SIZE) return failure('bad-family', `more than ${MAX_FAMILY_SIZE} graphs`);
    specs = next;
  }
  return ok(specs.map((s) => s.join(' ')));
}
