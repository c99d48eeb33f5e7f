import { describe, it, expect } from 'vitest';
import { PASS, RESIGN } from '../../src/vocabulary.js';
import { gtpColumnLetter, hasGtpNames, parseVertex, vertexName } from '../../src/notation.js';
import { parseGraphFile } from '../../src/graph-formats.js';
import type { Graph } from '../../src/graph.js';
import { build, unwrap } from './helpers.js';

/** parseVertex's answer as a 1-based index (PASS/RESIGN unchanged), or the error text. */
function parsed(graph: Graph, text: string): number | string {
  const result = parseVertex(graph, text);
  if (!result.ok) return result.error.message;
  return result.value < 0 ? result.value : result.value + 1;
}

describe('GTP names on lattices', () => {
  const grid9 = build('grid 9 9');

  it('A1 = 1, B1 = 2, A2 = W+1, the 9th column is J (no I)', () => {
    expect(vertexName(grid9, 0)).toBe('A1');
    expect(vertexName(grid9, 1)).toBe('B1');
    expect(vertexName(grid9, 9)).toBe('A2');
    expect(vertexName(grid9, 8)).toBe('J1');
    expect(vertexName(grid9, 80)).toBe('J9');
    expect(parsed(grid9, 'A1')).toBe(1);
    expect(parsed(grid9, 'B1')).toBe(2);
    expect(parsed(grid9, 'A2')).toBe(10);
    expect(parsed(grid9, 'J1')).toBe(9);
    expect(parsed(grid9, 'I1')).toBe('no vertex "I1" on this graph');
  });

  it('W != H: A2 is index W+1', () => {
    const g = build('grid 5 3');
    expect(parsed(g, 'A2')).toBe(6);
    expect(vertexName(g, 5)).toBe('A2');
    expect(parsed(g, 'E3')).toBe(15);
    expect(parsed(g, 'F1')).toBe('no vertex "F1" on this graph');
    expect(parsed(g, 'A4')).toBe('no vertex "A4" on this graph');
  });

  it('T19 on 19x19 is index 361; Z25 on 25x25 is 625', () => {
    const g19 = build('grid 19 19');
    expect(parsed(g19, 'T19')).toBe(361);
    expect(vertexName(g19, 360)).toBe('T19');
    const g25 = build('grid 25 25');
    expect(parsed(g25, 'Z25')).toBe(625);
    expect(vertexName(g25, 624)).toBe('Z25');
    expect(hasGtpNames(g25)).toBe(true);
  });

  it('every lattice family has GTP names; the name round-trips for every vertex', () => {
    for (const spec of ['grid 7 5', 'torus 7 5', 'king 7 5', 'tri 7 5']) {
      const g = build(spec);
      for (let v = 0; v < g.n; v++) expect(parseVertex(g, vertexName(g, v))).toEqual({ ok: true, value: v });
    }
  });

  it('no GTP names beyond 25 on a side, nor off lattices', () => {
    const g26 = build('grid 26 26');
    expect(hasGtpNames(g26)).toBe(false);
    expect(vertexName(g26, 0)).toBe('1');
    expect(parsed(g26, 'A1')).toBe('no vertex "A1" on this graph');
    expect(parsed(g26, '676')).toBe(676);
    const wide = build('grid 26 3');
    expect(vertexName(wide, 0)).toBe('1');
    const edges = build('edges 9 1-2');
    expect(vertexName(edges, 0)).toBe('1');
    expect(parsed(edges, 'A1')).toBe('no vertex "A1" on this graph');
    expect(parsed(build('hex 2'), 'A1')).toBe('no vertex "A1" on this graph');
  });

  it('names are case-insensitive and surrounding blanks are ignored', () => {
    expect(parsed(grid9, 'a1')).toBe(1);
    expect(parsed(grid9, 'j9')).toBe(81);
    expect(parsed(grid9, ' c3 ')).toBe(21);
  });
});

describe('index names, pass and resign', () => {
  const g = build('grid 9 9');

  it('index names 1..n are always accepted', () => {
    expect(parsed(g, '1')).toBe(1);
    expect(parsed(g, '81')).toBe(81);
    expect(parsed(g, '0')).toBe('no vertex "0" on this graph');
    expect(parsed(g, '82')).toBe('no vertex "82" on this graph');
    expect(parsed(g, '01')).toBe('no vertex "01" on this graph');
    expect(parsed(build('petersen'), '10')).toBe(10);
  });

  it('pass and resign are moves, not vertices', () => {
    expect(parsed(g, 'pass')).toBe(PASS);
    expect(parsed(g, 'PASS')).toBe(PASS);
    expect(parsed(g, 'Pass')).toBe(PASS);
    expect(parsed(g, 'resign')).toBe(RESIGN);
  });

  it('errors name the text', () => {
    expect(parsed(g, 'Z9')).toBe('no vertex "Z9" on this graph');
    expect(parsed(g, 'A1B')).toBe('no vertex "A1B" on this graph');
    expect(parsed(g, '')).toBe('no vertex "" on this graph');
  });
});

describe('custom names', () => {
  const g = unwrap(
    parseGraphFile('{"graphgo":1,"vertices":[{"name":"north"},{"name":"South"},{}],"edges":[[1,2],[2,3]]}'),
  );

  it('are printed, and accepted case-insensitively beside index names', () => {
    expect(vertexName(g, 0)).toBe('north');
    expect(vertexName(g, 1)).toBe('South');
    expect(vertexName(g, 2)).toBe('3'); // an unnamed vertex keeps its index name
    expect(parsed(g, 'NORTH')).toBe(1);
    expect(parsed(g, 'south')).toBe(2);
    expect(parsed(g, '1')).toBe(1);
    expect(parsed(g, 'east')).toBe('no vertex "east" on this graph');
  });
});

describe('gtpColumnLetter', () => {
  it('skips I', () => {
    expect(gtpColumnLetter(0)).toBe('A');
    expect(gtpColumnLetter(7)).toBe('H');
    expect(gtpColumnLetter(8)).toBe('J');
    expect(gtpColumnLetter(24)).toBe('Z');
    expect(() => gtpColumnLetter(25)).toThrow(RangeError);
  });
});
