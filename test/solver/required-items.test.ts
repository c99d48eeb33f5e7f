/**
 * The list of history items a df-pn result rests on (src/solver/required-items.ts): the n oldest, oldest first, and
 * the oldest beyond them. Losing an item would store a proof under a weaker condition than it needs (unsound), so the
 * list is checked here directly; the searches that use it are checked against the naive minimax in dfpn.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { DfpnTable } from '../../src/solver/dfpn-table.js';
import { insertRequired, NO_DEP } from '../../src/solver/required-items.js';

function listOf(n: number, items: number[]): { list: number[]; drop: number } {
  const arr = new Int32Array(n + 2).fill(-7);
  arr.fill(NO_DEP, 1, 1 + n);
  let drop = NO_DEP;
  for (const j of items) drop = insertRequired(arr, 1, n, j, drop);
  // The words around the list are never written.
  expect([arr[0], arr[n + 1]]).toEqual([-7, -7]);
  return { list: Array.from(arr.subarray(1, 1 + n)), drop };
}

describe('required items', () => {
  it('keep the n oldest in order, without repeats, and no drop while they fit', () => {
    expect(listOf(4, [9, 3, 9, 12, 3])).toEqual({ list: [3, 9, 12, NO_DEP], drop: NO_DEP });
    expect(listOf(2, [])).toEqual({ list: [NO_DEP, NO_DEP], drop: NO_DEP });
  });

  it('give the oldest item beyond the list as the drop, whatever the order of insertion', () => {
    expect(listOf(2, [5, 3, 7, 1])).toEqual({ list: [1, 3], drop: 5 });
    expect(listOf(2, [1, 3, 5, 7])).toEqual({ list: [1, 3], drop: 5 });
    expect(listOf(2, [7, 5, 3, 1])).toEqual({ list: [1, 3], drop: 5 });
    expect(listOf(4, [20, 4, 16, 8, 12, 0, 24])).toEqual({ list: [0, 4, 8, 12], drop: 16 });
  });

  it('ignore an item already beyond the drop, or one in the list', () => {
    expect(listOf(2, [1, 3, 5, 9, 3, 1])).toEqual({ list: [1, 3], drop: 5 });
    expect(listOf(1, [6, 2, 4])).toEqual({ list: [2], drop: 4 });
  });
});

describe("the table's items of a proof", () => {
  it('hold as many items as the table was made for, each with its colouring and superko tag', () => {
    const table = new DfpnTable(16, 0, 32, 0, 5);
    const slot = table.store(3, 4, 1, 0, 0, true, 0, 1e9, 2, -1, 7, 8, 1, 0, 10);
    table.setRequired(slot, 5);
    for (let k = 1; k <= 5; k++) table.setRequiredItem(slot, k, 100 + k, 200 + k, k % 3);
    expect(table.required(slot)).toBe(5);
    const items = [1, 2, 3, 4, 5].map((k) => [table.reqBlack(slot, k), table.reqWhite(slot, k), table.reqTag(slot, k)]);
    expect(items).toEqual([1, 2, 3, 4, 5].map((k) => [100 + k, 200 + k, k % 3]));
    // The proof's own conditions are untouched by its items.
    expect([table.maskEmpty(slot), table.maskBlack(slot), table.maskWhite(slot)]).toEqual([-1, 7, 8]);
    expect(() => table.setRequired(slot, 6)).toThrow(/5 history items/);
  });

  it('are saved with the table only beyond two, so that tables saved before still load', () => {
    // Five arrays, two more for the items beyond two, and last the histories proofs were made under (2026-12-02).
    expect(new DfpnTable(16).arrays()).toHaveLength(6);
    expect(new DfpnTable(16, 0, 32, 0, 4).arrays()).toHaveLength(8);
    for (const bad of [1, 17, 2.5]) expect(() => new DfpnTable(16, 0, 32, 0, bad)).toThrow(/required items/);
  });
});
