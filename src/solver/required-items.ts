/**
 * The history items a df-pn result rests on (docs/solver.md, "Soundness under superko"), as stack indices of the
 * game's history: a short list of the oldest, oldest first and NO_DEP after the last, and `drop`, the oldest of any
 * beyond the list. A result whose drop is set rests on more items than a table entry holds and is not stored; the
 * frames above still need the drop, since an ancestor older than every item beyond the list no longer depends on them.
 */

/** No item: larger than every history index, so that "older than the node" tests fail for it. */
export const NO_DEP = 0x3fffffff;

/**
 * Adds history index j to a list of required items: arr[at..at + n), oldest first, NO_DEP after the last, and `drop`,
 * the oldest item beyond the list. Returns the new drop: the n oldest items stay in the list, the oldest of the
 * others is the drop.
 */
export function insertRequired(arr: Int32Array, at: number, n: number, j: number, drop: number): number {
  if (j >= drop) return drop;
  const end = at + n;
  let i = at;
  while (i < end && arr[i] < j) i++;
  if (i === end) return j;
  if (arr[i] === j) return drop;
  const last = arr[end - 1];
  for (let k = end - 1; k > i; k--) arr[k] = arr[k - 1];
  arr[i] = j;
  return last < drop ? last : drop;
}

/**
 * Empties the list arr[at..at + n). A plain loop: the lists hold a few items, and TypedArray.fill's call cost more
 * than the stores (measured: a sixteenth of df-pn's time went to fill and set on these lists).
 */
export function clearRequired(arr: Int32Array, at: number, n: number): void {
  for (let i = at; i < at + n; i++) arr[i] = NO_DEP;
}

/** Copies the list from[fromAt..fromAt + n) to to[toAt..toAt + n), as a plain loop (see clearRequired). */
export function copyRequired(from: Int32Array, fromAt: number, to: Int32Array, toAt: number, n: number): void {
  for (let i = 0; i < n; i++) to[toAt + i] = from[fromAt + i];
}
