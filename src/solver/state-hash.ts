/**
 * The bucket hash of a solver state (colouring masks, the packed mover/passes word, counters), shared by the
 * alpha-beta table (tt.ts) and the proof-number table (dfpn-table.ts). `salt` folds in what else a table keys on
 * (df-pn: the hash of the set of earlier superko items; 0 for none). A murmur-style mix: states differing in one
 * bit of any word land in unrelated buckets.
 */
export function stateHash(black: number, white: number, meta: number, counters: number, salt: number): number {
  let h = Math.imul(black ^ salt ^ 0x2545f491, 0x9e3779b1);
  h = Math.imul(h ^ white ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (meta * 0x1b873593) ^ (h >>> 13), 0xc2b2ae35);
  h = Math.imul(h ^ counters ^ (h >>> 16), 0x27d4eb2d);
  return h ^ (h >>> 15);
}

/** A table's hash seed as a salt word: 0 for seed 0 (the layout before seeds), another word for each other seed. */
export function seedSalt(seed: number): number {
  if (!Number.isInteger(seed) || seed < 0 || seed > 0x7fffffff) throw new RangeError(`a table seed is an integer in 0..${0x7fffffff}, got ${seed}`);
  return Math.imul(seed, 0x9e3779b9);
}
