/**
 * Growing a typed array that holds a variable number of items (turn records, undo logs, stacks, link lists): a copy
 * into a larger array of the same type. Callers grow only when full, by doubling, so the steady state allocates
 * nothing.
 */
export type GrowableArray = Int32Array | Uint8Array | Float64Array;

/** A copy of `a`, of the same type, with room for `size` elements (`size` >= a.length). */
export function grown<T extends GrowableArray>(a: T, size: number): T {
  const b = new (a.constructor as new (length: number) => T)(size);
  b.set(a);
  return b;
}
