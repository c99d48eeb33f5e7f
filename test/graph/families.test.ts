import { describe, it, expect } from 'vitest';
import { MAX_LINKS, MAX_VERTICES } from '../../src/graph.js';
import type { Graph } from '../../src/graph.js';
import { GRAPH_FAMILIES, parseGraphSpec } from '../../src/families.js';
import { build, degreeOf, joined, linkList, refusal } from './helpers.js';

/** Vertex count, edge count, arc count and degree range in one comparable record. */
function shape(graph: Graph): { n: number; edges: number; arcs: number; degree: string } {
  const { min, max } = graph.degreeRange();
  return { n: graph.n, edges: graph.edgeCount, arcs: graph.arcCount, degree: `${min}..${max}` };
}

function coordOf(graph: Graph, a: number): [number, number] {
  const coords = graph.meta.coords!;
  return [coords[2 * (a - 1)], coords[2 * (a - 1) + 1]];
}

describe('lattice families', () => {
  it('grid W H: W*H vertices, (W-1)H + W(H-1) edges, row-major from the bottom-left', () => {
    const g = build('grid 9 9');
    expect(shape(g)).toEqual({ n: 81, edges: 144, arcs: 0, degree: '2..4' });
    expect(joined(g, 1, 2)).toBe(true); // A1-B1
    expect(joined(g, 1, 10)).toBe(true); // A1-A2: A2 is index W+1
    expect(joined(g, 9, 10)).toBe(false); // J1 and A2 are not neighbours: no wrap at the row end
    expect(joined(g, 1, 11)).toBe(false); // no diagonal
    expect(degreeOf(g, 41)).toBe(4); // E5, the centre
    expect(g.meta.lattice).toEqual({ width: 9, height: 9 });
    expect(g.meta.spec).toBe('grid 9 9');
    expect(coordOf(g, 10)).toEqual([0, 1]);
    expect(coordOf(g, 81)).toEqual([8, 8]);
  });

  it('grid with W != H keeps W as the row length', () => {
    const g = build('grid 3 2');
    expect(shape(g)).toEqual({ n: 6, edges: 7, arcs: 0, degree: '2..3' });
    expect(joined(g, 3, 6)).toBe(true);
    expect(joined(g, 3, 4)).toBe(false);
    expect(g.meta.lattice).toEqual({ width: 3, height: 2 });
  });

  it('grid 1 1 is a lone vertex', () => {
    expect(shape(build('grid 1 1'))).toEqual({ n: 1, edges: 0, arcs: 0, degree: '0..0' });
  });

  it('torus wraps both ways: 4-regular with 2WH edges', () => {
    const g = build('torus 3 3');
    expect(shape(g)).toEqual({ n: 9, edges: 18, arcs: 0, degree: '4..4' });
    expect(joined(g, 1, 3)).toBe(true); // row wrap
    expect(joined(g, 1, 7)).toBe(true); // column wrap
    expect(joined(g, 1, 5)).toBe(false);
    const big = build('torus 5 4');
    expect(shape(big)).toEqual({ n: 20, edges: 40, arcs: 0, degree: '4..4' });
    expect(joined(big, 5, 1)).toBe(true);
    expect(joined(big, 16, 1)).toBe(true);
    expect(big.meta.lattice).toEqual({ width: 5, height: 4 });
  });

  it('king adds both diagonals', () => {
    const g = build('king 3 3');
    // 12 straight edges + 2 diagonals per unit square (4 squares).
    expect(shape(g)).toEqual({ n: 9, edges: 20, arcs: 0, degree: '3..8' });
    expect(degreeOf(g, 5)).toBe(8);
    expect(joined(g, 1, 5)).toBe(true);
    expect(joined(g, 2, 4)).toBe(true);
    expect(joined(g, 1, 9)).toBe(false);
    expect(g.meta.lattice).toEqual({ width: 3, height: 3 });
  });

  it('tri adds only the diagonal (x,y)-(x+1,y+1)', () => {
    const g = build('tri 3 3');
    expect(shape(g)).toEqual({ n: 9, edges: 16, arcs: 0, degree: '2..6' });
    expect(joined(g, 1, 5)).toBe(true); // (1,1)-(2,2)
    expect(joined(g, 2, 4)).toBe(false); // the other diagonal is absent
    expect(joined(g, 3, 5)).toBe(false);
    expect(degreeOf(g, 1)).toBe(3);
    expect(degreeOf(g, 3)).toBe(2);
    expect(degreeOf(g, 7)).toBe(2);
    expect(degreeOf(g, 9)).toBe(3);
    expect(degreeOf(g, 5)).toBe(6);
  });
});

describe('hex', () => {
  it('hex 2: 7 vertices, 12 edges, centre of degree 6, rows from the bottom', () => {
    const g = build('hex 2');
    expect(shape(g)).toEqual({ n: 7, edges: 12, arcs: 0, degree: '3..6' });
    // Rows: 1 2 (bottom), 3 4 5, 6 7 (top); the centre is 4.
    expect(degreeOf(g, 4)).toBe(6);
    expect(joined(g, 1, 2)).toBe(true);
    expect(joined(g, 1, 3)).toBe(true);
    expect(joined(g, 1, 4)).toBe(true);
    expect(joined(g, 1, 5)).toBe(false);
    expect(joined(g, 2, 5)).toBe(true);
    expect(joined(g, 6, 3)).toBe(true);
    expect(joined(g, 6, 5)).toBe(false);
    expect(coordOf(g, 4)).toEqual([0, 0]);
    expect(coordOf(g, 1)[1]).toBeLessThan(0);
    expect(coordOf(g, 7)[1]).toBeGreaterThan(0);
    expect(coordOf(g, 3)[0]).toBeLessThan(coordOf(g, 5)[0]);
    expect(g.meta.lattice).toBeUndefined();
  });

  it('hex R has 3R(R-1)+1 vertices; side 3 has 42 edges (6 corners of degree 3, 6 border cells of 4)', () => {
    const g = build('hex 3');
    expect(shape(g)).toEqual({ n: 19, edges: 42, arcs: 0, degree: '3..6' });
    const degrees = Array.from({ length: g.n }, (_, v) => g.degree(v));
    expect(degrees.filter((d) => d === 3)).toHaveLength(6);
    expect(degrees.filter((d) => d === 4)).toHaveLength(6);
    expect(degrees.filter((d) => d === 6)).toHaveLength(7);
    expect(shape(build('hex 1'))).toEqual({ n: 1, edges: 0, arcs: 0, degree: '0..0' });
    expect(build('hex 10').n).toBe(271);
  });

  it('neighbouring hex cells are drawn one unit apart', () => {
    const g = build('hex 3');
    for (let i = 0; i < g.linkCount; i++) {
      const [x1, y1] = coordOf(g, g.linkU[i] + 1);
      const [x2, y2] = coordOf(g, g.linkV[i] + 1);
      expect(Math.hypot(x1 - x2, y1 - y2)).toBeCloseTo(1, 12);
    }
  });
});

describe('small families', () => {
  it('path N: 1-2-...-N', () => {
    const g = build('path 5');
    expect(shape(g)).toEqual({ n: 5, edges: 4, arcs: 0, degree: '1..2' });
    expect(linkList(g)).toEqual(['1-2', '2-3', '3-4', '4-5']);
    expect(shape(build('path 1'))).toEqual({ n: 1, edges: 0, arcs: 0, degree: '0..0' });
  });

  it('cycle N: the path plus N-1', () => {
    const g = build('cycle 5');
    expect(shape(g)).toEqual({ n: 5, edges: 5, arcs: 0, degree: '2..2' });
    expect(joined(g, 5, 1)).toBe(true);
    expect(shape(build('cycle 3'))).toEqual({ n: 3, edges: 3, arcs: 0, degree: '2..2' });
  });

  it('complete N: every pair', () => {
    expect(shape(build('complete 5'))).toEqual({ n: 5, edges: 10, arcs: 0, degree: '4..4' });
    expect(shape(build('complete 1'))).toEqual({ n: 1, edges: 0, arcs: 0, degree: '0..0' });
  });

  it('star N: hub 1 joined to leaves 2..N, hub drawn at the centre', () => {
    const g = build('star 5');
    expect(shape(g)).toEqual({ n: 5, edges: 4, arcs: 0, degree: '1..4' });
    expect(degreeOf(g, 1)).toBe(4);
    expect(joined(g, 2, 3)).toBe(false);
    expect(coordOf(g, 1)).toEqual([0, 0]);
  });

  it('wheel N: hub 1, rim cycle 2..N', () => {
    const g = build('wheel 5');
    expect(shape(g)).toEqual({ n: 5, edges: 8, arcs: 0, degree: '3..4' });
    expect(degreeOf(g, 1)).toBe(4);
    expect(joined(g, 2, 3)).toBe(true);
    expect(joined(g, 5, 2)).toBe(true);
    expect(joined(g, 2, 4)).toBe(false);
    expect(coordOf(g, 1)).toEqual([0, 0]);
    expect(shape(build('wheel 4'))).toEqual({ n: 4, edges: 6, arcs: 0, degree: '3..3' }); // K4
  });

  it('hypercube D: vertex i is the bit pattern i-1', () => {
    const g = build('hypercube 3');
    expect(shape(g)).toEqual({ n: 8, edges: 12, arcs: 0, degree: '3..3' });
    expect(joined(g, 1, 2)).toBe(true); // 000-001
    expect(joined(g, 1, 3)).toBe(true); // 000-010
    expect(joined(g, 1, 5)).toBe(true); // 000-100
    expect(joined(g, 1, 4)).toBe(false); // 000-011
    expect(joined(g, 4, 8)).toBe(true); // 011-111
    expect(shape(build('hypercube 0'))).toEqual({ n: 1, edges: 0, arcs: 0, degree: '0..0' });
    // Every vertex is drawn at its own place.
    const points = new Set(Array.from({ length: 8 }, (_, v) => coordOf(g, v + 1).join(',')));
    expect(points.size).toBe(8);
  });

  it('petersen: 3-regular, 15 edges, no triangle, two non-neighbours share exactly one neighbour', () => {
    const g = build('petersen');
    expect(shape(g)).toEqual({ n: 10, edges: 15, arcs: 0, degree: '3..3' });
    expect(joined(g, 1, 2)).toBe(true); // outer cycle
    expect(joined(g, 5, 1)).toBe(true);
    expect(joined(g, 1, 6)).toBe(true); // spoke
    expect(joined(g, 6, 8)).toBe(true); // inner: 6 to 6+((0+2) mod 5)
    expect(joined(g, 6, 9)).toBe(true); // inner: 9 to 6+((3+2) mod 5)
    expect(joined(g, 6, 7)).toBe(false);
    // The Petersen graph is strongly regular with parameters (10, 3, 0, 1).
    for (let a = 0; a < 10; a++) {
      for (let b = a + 1; b < 10; b++) {
        const common = g.neighbors(a).filter((x) => g.neighbors(b).includes(x)).length;
        expect(common).toBe(g.neighbors(a).includes(b) ? 0 : 1);
      }
    }
    expect(g.meta.spec).toBe('petersen');
  });
});

describe('edges family and arcs', () => {
  it('edges N with links u-v and arcs u>v, lib/rlib views follow the arcs', () => {
    const g = build('edges 3 1>2 2-3');
    expect(shape(g)).toEqual({ n: 3, edges: 1, arcs: 1, degree: '1..2' });
    expect(linkList(g)).toEqual(['1>2', '2-3']);
    expect(g.liberties(0)).toEqual([1]); // 2 is a liberty of 1
    expect(g.liberties(1)).toEqual([2]); // but 1 is not a liberty of 2
    expect(g.neighbors(1)).toEqual([0, 2]); // both join 2's group in the underlying graph
    expect(Array.from(g.rlib.subarray(g.rlibStart[1], g.rlibStart[2]))).toEqual([0, 2]);
    expect(g.meta.lattice).toBeUndefined();
    expect(g.meta.coords).toHaveLength(6);
  });

  it('opposite arcs become an edge', () => {
    const g = build('edges 2 1>2 2>1');
    expect(shape(g)).toEqual({ n: 2, edges: 1, arcs: 0, degree: '1..1' });
    expect(linkList(g)).toEqual(['1-2']);
  });

  it('an arc from the larger vertex keeps its direction', () => {
    const g = build('edges 3 3>1');
    expect(linkList(g)).toEqual(['3>1']);
    expect(g.liberties(2)).toEqual([0]);
    expect(g.liberties(0)).toEqual([]);
  });

  it('edges N without links: isolated vertices', () => {
    expect(shape(build('edges 5'))).toEqual({ n: 5, edges: 0, arcs: 0, degree: '0..0' });
  });

  it('links come out sorted by (smaller, larger) endpoint whatever the input order', () => {
    expect(linkList(build('edges 4 3-4 2>1 1-3'))).toEqual(['2>1', '1-3', '3-4']);
  });
});

describe('spec syntax', () => {
  it('family names are case-insensitive, whitespace is free, numbers are normalised in meta.spec', () => {
    const g = build('  GRID \t 09   9 \n');
    expect(g.meta.spec).toBe('grid 9 9');
    expect(build('Petersen').meta.spec).toBe('petersen');
    expect(build('random 10 4e-1 007').meta.spec).toBe('random 10 0.4 7');
    expect(build('EDGES 3 01-2  2>3').meta.spec).toBe('edges 3 1-2 2>3');
  });

  it('every family fills spec and drawing coordinates (2n finite numbers)', () => {
    const specs = [
      'grid 4 3', 'torus 4 3', 'king 4 3', 'tri 4 3', 'hex 3', 'path 7', 'cycle 7', 'complete 7', 'star 7',
      'wheel 7', 'hypercube 4', 'petersen', 'random 30 0.2 1', 'edges 4 1-2 3>4',
    ];
    expect(new Set(specs.map((s) => s.split(' ')[0]))).toEqual(new Set(GRAPH_FAMILIES));
    for (const spec of specs) {
      const g = build(spec);
      expect(g.meta.spec, spec).toBe(spec);
      expect(g.meta.coords, spec).toHaveLength(2 * g.n);
      expect(g.meta.coords!.every(Number.isFinite), spec).toBe(true);
      const isLattice = ['grid', 'torus', 'king', 'tri'].includes(spec.split(' ')[0]);
      expect(g.meta.lattice !== undefined, spec).toBe(isLattice);
    }
  });
});

describe('errors', () => {
  const known = 'grid, torus, king, tri, hex, path, cycle, complete, star, wheel, hypercube, petersen, random, edges';

  it('unknown family lists the known ones', () => {
    expect(refusal(parseGraphSpec('square 9'))).toEqual({
      code: 'unknown-family',
      message: `unknown graph family "square"; known families: ${known}`,
    });
    expect(refusal(parseGraphSpec('   '))).toEqual({ code: 'syntax', message: `empty graph spec; known families: ${known}` });
  });

  it('bad numbers name the text and the parameter', () => {
    expect(refusal(parseGraphSpec('grid x 9'))).toEqual({
      code: 'bad-number',
      message: 'bad number "x" for W in grid W H',
    });
    expect(refusal(parseGraphSpec('grid 9 9.5')).message).toBe('bad number "9.5" for H in grid W H');
    expect(refusal(parseGraphSpec('torus -3 3')).message).toBe('bad number "-3" for W in torus W H');
    expect(refusal(parseGraphSpec('hex R')).message).toBe('bad number "R" for R in hex R');
    expect(refusal(parseGraphSpec('random 10 half 1')).message).toBe('bad number "half" for P in random N P SEED');
    expect(refusal(parseGraphSpec('random 10 0.5 -1')).message).toBe('bad number "-1" for SEED in random N P SEED');
    expect(refusal(parseGraphSpec('edges x 1-2')).message).toBe('bad number "x" for N in edges N e1 e2 ...');
  });

  it('wrong argument counts show the usage', () => {
    expect(refusal(parseGraphSpec('grid 9'))).toEqual({
      code: 'syntax',
      message: 'wrong number of arguments for grid (expected 2, got 1): usage grid W H',
    });
    expect(refusal(parseGraphSpec('petersen 10')).message).toBe(
      'wrong number of arguments for petersen (expected 0, got 1): usage petersen',
    );
    expect(refusal(parseGraphSpec('random 10 0.5')).message).toContain('usage random N P SEED');
    expect(refusal(parseGraphSpec('edges')).message).toBe('wrong number of arguments for edges: usage edges N e1 e2 ...');
  });

  it('sizes below the smallest sensible graph', () => {
    const cases: [string, string][] = [
      ['torus 2 5', 'torus needs W, H >= 3'],
      ['torus 5 2', 'torus needs W, H >= 3'],
      ['grid 0 3', 'grid needs W, H >= 1'],
      ['king 3 0', 'king needs W, H >= 1'],
      ['hex 0', 'hex needs R >= 1'],
      ['path 0', 'path needs N >= 1'],
      ['cycle 2', 'cycle needs N >= 3'],
      ['complete 0', 'complete needs N >= 1'],
      ['star 0', 'star needs N >= 1'],
      ['wheel 3', 'wheel needs N >= 4'],
      ['random 0 0.5 1', 'random needs N >= 1'],
      ['edges 0', 'edges needs N >= 1'],
    ];
    for (const [spec, message] of cases) expect(refusal(parseGraphSpec(spec)), spec).toEqual({ code: 'too-small', message });
    expect(refusal(parseGraphSpec('random 10 1.5 1'))).toEqual({
      code: 'bad-number',
      message: 'random needs 0 <= P <= 1, got 1.5',
    });
  });

  it('too large is refused from the arithmetic, at once, with the count', () => {
    const start = performance.now();
    expect(refusal(parseGraphSpec('complete 1000000'))).toEqual({
      code: 'too-large',
      message: `complete 1000000 has 499999500000 edges, too large (limit ${MAX_LINKS} links)`,
    });
    expect(refusal(parseGraphSpec('grid 5000 5000'))).toEqual({
      code: 'too-large',
      message: `grid 5000 5000 has 25000000 vertices, too large (limit ${MAX_VERTICES})`,
    });
    // 2^23 vertices fit, but 23 * 2^22 = 96468992 links do not.
    expect(refusal(parseGraphSpec('hypercube 23')).message).toBe(
      `hypercube 23 has 96468992 edges, too large (limit ${MAX_LINKS} links)`,
    );
    expect(refusal(parseGraphSpec('hypercube 100')).message).toBe(
      `hypercube 100 has about 1.27e+30 vertices, too large (limit ${MAX_VERTICES})`,
    );
    expect(refusal(parseGraphSpec('random 1000000 0.5 1')).message).toBe(
      `random 1000000 0.5 1 has an expected 249999750000 edges, too large (limit ${MAX_LINKS} links)`,
    );
    expect(refusal(parseGraphSpec('path 99999999999999999999')).code).toBe('too-large');
    expect(refusal(parseGraphSpec('edges 20000000')).code).toBe('too-large');
    // Building any of them would take seconds to hours; a second leaves room for a loaded machine's pauses.
    expect(performance.now() - start).toBeLessThan(1000);
  });

  it('the builder refuses self-loops, out-of-range vertices and duplicates in edges', () => {
    expect(refusal(parseGraphSpec('edges 3 1-2 3-3'))).toEqual({ code: 'self-loop', message: 'self-loop 3-3' });
    expect(refusal(parseGraphSpec('edges 3 2>2')).message).toBe('self-loop 2>2');
    expect(refusal(parseGraphSpec('edges 3 1-4'))).toEqual({
      code: 'out-of-range',
      message: 'vertex 4 out of range 1..3 in 1-4',
    });
    expect(refusal(parseGraphSpec('edges 3 0-1')).message).toBe('vertex 0 out of range 1..3 in 0-1');
    expect(refusal(parseGraphSpec('edges 3 1-2 2-1'))).toEqual({ code: 'duplicate', message: 'duplicate link 2-1' });
    expect(refusal(parseGraphSpec('edges 3 1>2 1>2')).message).toBe('duplicate link 1>2');
    expect(refusal(parseGraphSpec('edges 3 1-2 1>2')).message).toBe('duplicate link 1>2');
  });

  it('malformed links', () => {
    for (const token of ['1-x', '1', '-2', '1->2', '1-2-3', '1<2', '+1-2', '1 -2']) {
      const result = refusal(parseGraphSpec(`edges 3 ${token}`));
      expect(result.code, token).toBe('syntax');
    }
    expect(refusal(parseGraphSpec('edges 3 1=2')).message).toBe('bad link "1=2" in edges (expected u-v or u>v)');
  });
});
