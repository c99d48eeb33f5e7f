/**
 * The empty-region walk both playout scorers share: on the path 1-2-3-4-5-6-7 with black on 3 and white on 6, the
 * empty regions are {1,2} (touching black only), {4,5} (both colours) and {7} (white only).
 */
import { describe, expect, it } from 'vitest';
import { EmptyRegions } from '../../bots/empty-regions.js';
import { parseGraphSpec } from '../../src/families.js';
import { Position } from '../../src/position.js';
import { BLACK, EMPTY, WHITE } from '../../src/vocabulary.js';

function pathPosition(): Position {
  const built = parseGraphSpec('path 7');
  if (!built.ok) throw new Error('bad fixture');
  const position = new Position(built.value);
  position.play(2, BLACK, false);
  position.play(5, WHITE, false);
  return position;
}

describe('EmptyRegions', () => {
  it('walks each empty region once, with the colours it touches', () => {
    const position = pathPosition();
    const regions = new EmptyRegions(position.n);
    regions.begin();
    expect(regions.walk(position, 0)).toBe(true);
    expect([...regions.region.subarray(0, regions.size)].sort()).toEqual([0, 1]);
    expect(regions.touched).toBe(1 << BLACK);
    expect(regions.owner()).toBe(BLACK);
    // Vertex 1 belongs to the region just walked.
    expect(regions.walk(position, 1)).toBe(false);
    expect(regions.walk(position, 3)).toBe(true);
    expect([...regions.region.subarray(0, regions.size)].sort()).toEqual([3, 4]);
    expect(regions.touched).toBe((1 << BLACK) | (1 << WHITE));
    expect(regions.owner()).toBe(EMPTY);
    expect(regions.walk(position, 6)).toBe(true);
    expect(regions.size).toBe(1);
    expect(regions.owner()).toBe(WHITE);
  });

  it('sees every vertex as new after begin, and a region touching no stone has no owner', () => {
    const position = pathPosition();
    const regions = new EmptyRegions(position.n);
    regions.begin();
    expect(regions.walk(position, 0)).toBe(true);
    regions.begin();
    expect(regions.walk(position, 1)).toBe(true);
    expect(regions.size).toBe(2);
    const empty = new Position(position.graph);
    regions.begin();
    expect(regions.walk(empty, 0)).toBe(true);
    expect(regions.size).toBe(7);
    expect(regions.touched).toBe(0);
    expect(regions.owner()).toBe(EMPTY);
  });
});
