/**
 * A Position can keep its arrays in memory the caller provides (a WebAssembly playout kernel's): the arrays are
 * views on that buffer from the given offset, the position plays exactly as one with its own arrays, and a bad
 * offset or a buffer too small is refused.
 */
import { describe, expect, it } from 'vitest';
import { parseGraphSpec } from '../../src/families.js';
import { Position } from '../../src/position.js';
import { Rng } from '../../src/rng.js';

const built = parseGraphSpec('grid 5 5');
if (!built.ok) throw built.error;
const graph = built.value;

describe('Position storage', () => {
  it('lays its arrays out in the buffer given, from the offset, within storageBytes', () => {
    const offset = 64;
    const buffer = new ArrayBuffer(offset + Position.storageBytes(graph.n));
    const p = new Position(graph, { buffer, byteOffset: offset });
    const views = [p.libSum, p.libSumSq, p.head, p.next, p.size, p.libCount, p.emptyList, p.emptyIndex, p.emptyNeighbours, p.color];
    for (const view of views) {
      expect(view.buffer).toBe(buffer);
      expect(view.byteOffset).toBeGreaterThanOrEqual(offset);
      expect(view.byteOffset + view.byteLength).toBeLessThanOrEqual(buffer.byteLength);
      expect(view.byteOffset % view.BYTES_PER_ELEMENT).toBe(0);
    }
    // No two arrays overlap: sorted by offset, each ends where or before the next begins.
    const spans = views.map((v) => [v.byteOffset, v.byteOffset + v.byteLength]).sort((a, b) => a[0] - b[0]);
    for (let k = 1; k < spans.length; k++) expect(spans[k][0]).toBeGreaterThanOrEqual(spans[k - 1][1]);
  });

  it('plays and undoes exactly like a position with its own arrays', () => {
    const shared = new Position(graph, { buffer: new ArrayBuffer(8 + Position.storageBytes(graph.n)), byteOffset: 8 });
    const own = new Position(graph);
    const rng = new Rng('storage');
    for (let i = 0; i < 200; i++) {
      const v = own.emptyList[rng.int(own.emptyCount)];
      const c = 1 + (i % 2);
      expect(shared.play(v, c, true)).toBe(own.play(v, c, true));
      if (i % 7 === 6) {
        shared.undo();
        own.undo();
      }
      expect(shared.toText()).toBe(own.toText());
      expect([shared.hashLo, shared.hashHi, shared.emptyCount]).toEqual([own.hashLo, own.hashHi, own.emptyCount]);
      if (own.emptyCount === 0) break;
    }
    expect(Array.from(shared.libCount)).toEqual(Array.from(own.libCount));
  });

  it('refuses a misaligned offset and a buffer too small', () => {
    const bytes = Position.storageBytes(graph.n);
    expect(() => new Position(graph, { buffer: new ArrayBuffer(bytes + 8), byteOffset: 4 })).toThrow(/multiple of 8/);
    expect(() => new Position(graph, { buffer: new ArrayBuffer(bytes - 1), byteOffset: 0 })).toThrow(/too small/);
  });
});
