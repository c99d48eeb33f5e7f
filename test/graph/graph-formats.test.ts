import { describe, it, expect } from 'vitest';
import type { Graph } from '../../src/graph.js';
import {
  GRAPH_FORMATS,
  detectGraphFormat,
  formatEdgesLine,
  formatGraph,
  parseDimacs,
  parseGovariants,
  parseGraphFile,
  parseGraphJson,
} from '../../src/graph-formats.js';
import type { GraphFormat } from '../../src/graph-formats.js';
import { parseGraphSpec } from '../../src/families.js';
import { vertexName } from '../../src/notation.js';
import { build, linkList, refusal, sameLinks, unwrap } from './helpers.js';

/** One small instance of every family, plus graphs with arcs. */
const SPECS = [
  'grid 4 3', 'torus 4 3', 'king 4 3', 'tri 4 3', 'hex 3', 'path 6', 'cycle 6', 'complete 5', 'star 6', 'wheel 6',
  'hypercube 4', 'petersen', 'random 40 0.1 3', 'edges 5', 'edges 4 1>2 2-3 4>3', 'edges 3 2>1 3>2 1>3',
];

function roundTrip(graph: Graph, format: GraphFormat): Graph {
  const text = formatGraph(graph, format);
  expect(detectGraphFormat(text)).toBe(format);
  return unwrap(parseGraphFile(text));
}

describe('round trips: format then parse gives the same graph', () => {
  for (const spec of SPECS) {
    it(spec, () => {
      const original = build(spec);
      for (const format of GRAPH_FORMATS) {
        const back = roundTrip(original, format);
        expect(linkList(back), `${spec} via ${format}`).toEqual(linkList(original));
        expect(back.n).toBe(original.n);
      }
      // JSON keeps everything: spec (and so the lattice), coordinates, names.
      const json = roundTrip(original, 'json');
      expect(json.meta.coords).toEqual(original.meta.coords);
      expect(json.meta.lattice).toEqual(original.meta.lattice);
      if (!spec.startsWith('edges')) expect(json.meta.spec).toBe(original.meta.spec);
      for (let v = 0; v < original.n; v++) expect(vertexName(json, v)).toBe(vertexName(original, v));
      // govariants keeps the coordinates (y flips sign there and back).
      expect(roundTrip(original, 'govariants').meta.coords).toEqual(original.meta.coords);
      // The edges line is the family's canonical text: a second trip gives the very same line.
      const line = formatEdgesLine(original);
      expect(formatEdgesLine(unwrap(parseGraphSpec(line)))).toBe(line);
    });
  }

  it('a graph with custom names and odd coordinates survives JSON exactly, twice', () => {
    const text =
      '{"graphgo":1,"vertices":[{"name":"a","x":0.1,"y":-2.5e-7},{"name":"Bé","x":1e21,"y":3},' +
      '{"x":-0.3333333333333333,"y":0}],"edges":[[1,2]],"arcs":[[3,1]]}';
    const g = unwrap(parseGraphFile(text));
    expect(g.meta.names).toEqual(['a', 'Bé', '3']);
    expect(Array.from(g.meta.coords!)).toEqual([0.1, -2.5e-7, 1e21, 3, -0.3333333333333333, 0]);
    const once = unwrap(parseGraphFile(formatGraph(g, 'json')));
    const twice = unwrap(parseGraphFile(formatGraph(once, 'json')));
    for (const back of [once, twice]) {
      expect(back.meta.names).toEqual(g.meta.names);
      expect(back.meta.coords).toEqual(g.meta.coords);
      expect(linkList(back)).toEqual(['1-2', '3>1']);
    }
    expect(formatGraph(once, 'json')).toBe(formatGraph(g, 'json'));
  });

  it('a graph without coordinates writes a vertex count and reads back without coordinates', () => {
    const g = unwrap(parseDimacs('p edge 3 1\ne 1 3\n'));
    expect(g.meta.coords).toBeUndefined();
    const text = formatGraph(g, 'json');
    expect(text).toContain('"vertices": 3');
    expect(unwrap(parseGraphFile(text)).meta.coords).toBeUndefined();
    // govariants needs coordinates: a circle is used.
    expect(unwrap(parseGraphFile(formatGraph(g, 'govariants'))).meta.coords).toHaveLength(6);
  });

  it('a 100000-vertex random graph (about 200000 edges) through every format', () => {
    const g = build('random 100000 0.00004 1');
    for (const format of GRAPH_FORMATS) expect(sameLinks(unwrap(parseGraphFile(formatGraph(g, format))), g), format).toBe(true);
  }, 30_000);
});

describe('the edges line', () => {
  it('lists each link once, sorted, 1-based', () => {
    expect(formatEdgesLine(build('grid 3 3'))).toBe('edges 9 1-2 1-4 2-3 2-5 3-6 4-5 4-7 5-6 5-8 6-9 7-8 8-9');
    expect(formatEdgesLine(build('edges 4 4>3 2-3 2>1'))).toBe('edges 4 2>1 2-3 4>3');
    expect(formatEdgesLine(build('edges 5'))).toBe('edges 5');
    expect(formatGraph(build('path 2'), 'edges')).toBe('edges 2 1-2\n');
  });

  it('a file may spread the line and carry # comments; any family spec reads too', () => {
    const g = unwrap(parseGraphFile('# a triangle\nedges 3\n  1-2 2-3 # two sides\n 1-3\n'));
    expect(linkList(g)).toEqual(['1-2', '1-3', '2-3']);
    expect(unwrap(parseGraphFile('grid 9 9\n')).meta.lattice).toEqual({ width: 9, height: 9 });
    expect(refusal(parseGraphFile('edges 3 1-1'))).toEqual({ code: 'self-loop', message: 'self-loop 1-1' });
    expect(refusal(parseGraphFile('# nothing\n'))).toEqual({ code: 'bad-file', message: 'empty graph file' });
    expect(refusal(parseGraphFile(''))).toEqual({ code: 'bad-file', message: 'empty graph file' });
  });
});

describe('DIMACS', () => {
  it('writes p edge N M then e and a lines', () => {
    expect(formatGraph(build('edges 3 1>2 2-3'), 'dimacs')).toBe(
      'c graphgo graph: 3 vertices, 1 edges, 1 arcs\n' +
        'c "a u v" lines are arcs, a graphgo extension: v is a liberty of u, not u of v\n' +
        'p edge 3 2\na 1 2\ne 2 3\n',
    );
    expect(formatGraph(build('path 3'), 'dimacs')).toBe(
      'c graphgo graph: 3 vertices, 2 edges, 0 arcs\nc spec path 3\np edge 3 2\ne 1 2\ne 2 3\n',
    );
  });

  it('reads comments, blank lines, CRLF, p col, and arcs', () => {
    const g = unwrap(parseDimacs('c a test\r\n\r\np col 4 3\r\ne 1 2\r\na 3 4\r\nc late comment\r\ne 2 3\r\n'));
    expect(linkList(g)).toEqual(['1-2', '2-3', '3>4']);
    expect(g.liberties(3)).toEqual([]);
    // Opposite arcs make an edge here too.
    expect(linkList(unwrap(parseDimacs('p edge 2 2\na 1 2\na 2 1\n')))).toEqual(['1-2']);
  });

  it('errors carry line numbers', () => {
    const cases: [string, string, string][] = [
      ['c only comments\ne 1 2\n', 'bad-file', 'line 2: "e" line before the "p edge N M" line'],
      ['c nothing\n', 'bad-file', 'missing "p edge N M" line'],
      ['p edge 3 2\ne 1 2\n', 'bad-file', 'line 1: the p line announces 2 links but the file has 1'],
      ['c x\np edge 3 1\ne 1 2\ne 2 3\n', 'bad-file', 'line 2: the p line announces 1 links but the file has 2'],
      ['p edge 3 1\ne 1 x\n', 'bad-file', 'line 2: bad token "x" in "e 1 x"'],
      ['p edge 3 1\ne 1 -2\n', 'bad-file', 'line 2: bad token "-2" in "e 1 -2"'],
      ['p edge 3 1\ne 1 2 3\n', 'bad-file', 'line 2: expected "e u v", got "e 1 2 3"'],
      ['p edge three 1\n', 'bad-file', 'line 1: bad token "three" for N in "p edge three 1"'],
      ['p graph 3 1\n', 'bad-file', 'line 1: expected "p edge N M", got "p graph 3 1"'],
      ['p edge 3 0\np edge 3 0\n', 'bad-file', 'line 2: second p line (the first is line 1)'],
      ['p edge 3 1\nx 1 2\n', 'bad-file', 'line 2: unknown line type "x" (expected c, p, e or a)'],
      ['p edge 3 1\n\ne 2 2\n', 'self-loop', 'line 3: self-loop 2-2'],
      ['p edge 3 1\ne 1 4\n', 'out-of-range', 'line 2: vertex 4 out of range 1..3 in 1-4'],
      ['p edge 3 2\ne 1 2\ne 2 1\n', 'duplicate', 'duplicate link 2-1'],
      ['p edge 0 0\n', 'too-small', 'line 1: a graph needs N >= 1 vertices'],
    ];
    for (const [text, code, message] of cases) expect(refusal(parseDimacs(text)), text).toEqual({ code, message });
  });
});

describe('our JSON', () => {
  it('writes spec, vertices with coordinates, edges and arcs', () => {
    expect(formatGraph(build('grid 2 1'), 'json')).toBe(
      '{"graphgo": 1,\n"spec": "grid 2 1",\n"vertices": [{"x":0,"y":0},{"x":1,"y":0}],\n"edges": [[1,2]],\n"arcs": []}\n',
    );
    // An edges graph does not repeat its links as a spec.
    expect(formatGraph(build('edges 2 2>1'), 'json')).not.toContain('spec');
  });

  it('with a spec, the lattice comes back and the links must agree', () => {
    const g = unwrap(parseGraphJson('{"graphgo":1,"spec":"grid 3 3","vertices":9}'));
    expect(g.meta.lattice).toEqual({ width: 3, height: 3 });
    expect(g.meta.spec).toBe('grid 3 3');
    expect(g.edgeCount).toBe(12);
    expect(g.meta.coords).toEqual(build('grid 3 3').meta.coords);
    expect(vertexName(g, 4)).toBe('B2');
    expect(refusal(parseGraphJson('{"graphgo":1,"spec":"grid 2 1","vertices":2,"edges":[]}'))).toEqual({
      code: 'bad-file',
      message: 'the links differ from those of "spec": grid 2 1',
    });
    expect(refusal(parseGraphJson('{"graphgo":1,"spec":"grid 2 1","vertices":3}')).message).toBe(
      '"vertices": 3 vertices, but "spec": grid 2 1 has 2',
    );
    expect(refusal(parseGraphJson('{"graphgo":1,"spec":"grid 0 1","vertices":1}'))).toEqual({
      code: 'too-small',
      message: '"spec": grid needs W, H >= 1',
    });
  });

  it('shape errors say what and where', () => {
    const cases: [string, string][] = [
      ['[1,2]', 'expected a JSON object {"graphgo": 1, ...}'],
      ['{"graphgo":2,"vertices":1}', '"graphgo": expected 1 (the format version), got 2'],
      ['{"graphgo":1,"vertices":3,"edge":[]}', 'unknown key "edge" (expected "graphgo", "spec", "vertices", "edges", "arcs")'],
      ['{"graphgo":1}', '"vertices": expected a vertex count >= 1 or a non-empty array, got nothing'],
      ['{"graphgo":1,"vertices":0}', '"vertices": expected a vertex count >= 1 or an array, got 0'],
      ['{"graphgo":1,"vertices":2.5}', '"vertices": expected a vertex count >= 1 or an array, got 2.5'],
      ['{"graphgo":1,"vertices":3,"edges":[[1,2],[2,"3"]]}', '"edges"[1]: expected a pair of vertex numbers [u, v], got [2,"3"]'],
      ['{"graphgo":1,"vertices":3,"arcs":[[1,2,3]]}', '"arcs"[0]: expected a pair of vertex numbers [u, v], got [1,2,3]'],
      ['{"graphgo":1,"vertices":3,"edges":{}}', '"edges": expected an array of [u, v] pairs'],
      ['{"graphgo":1,"vertices":[{"x":1}]}', '"vertices"[0] (vertex 1): "x" and "y" go together'],
      ['{"graphgo":1,"vertices":[{"x":1,"y":"2"}]}', '"vertices"[0] (vertex 1): "x" and "y" must be finite numbers'],
      ['{"graphgo":1,"vertices":[{"x":1,"y":2},{}]}', '"vertices"[1] (vertex 2): either every vertex has "x" and "y" or none has'],
      ['{"graphgo":1,"vertices":[{},{"x":1,"y":2}]}', '"vertices"[1] (vertex 2): either every vertex has "x" and "y" or none has'],
      ['{"graphgo":1,"vertices":[{"colour":1}]}', '"vertices"[0] (vertex 1): unknown key "colour" (expected "name", "x", "y")'],
      ['{"graphgo":1,"vertices":[3]}', '"vertices"[0] (vertex 1): expected an object {"name"?, "x"?, "y"?}'],
      ['{"graphgo":1,"vertices":[{"name":5}]}', '"vertices"[0] (vertex 1): "name" must be a string'],
    ];
    for (const [text, message] of cases) expect(refusal(parseGraphJson(text)), text).toEqual({ code: 'bad-file', message });
  });

  it('names must be single words that name no other vertex', () => {
    const cases: [string, string][] = [
      ['[{"name":"a b"},{}]', '"vertices"[0] (vertex 1): "name" "a b" has a space, "#" or control character'],
      ['[{"name":""},{}]', '"vertices"[0] (vertex 1): empty "name"'],
      ['[{"name":"Pass"},{}]', '"vertices"[0] (vertex 1): "Pass" is not a vertex name (it is a move)'],
      ['[{"name":"2"},{}]', '"vertices"[0] (vertex 1): name "2" already names vertex 2'],
      ['[{"name":"x"},{"name":"X"}]', '"vertices"[1] (vertex 2): name "X" is already the name of vertex 1'],
    ];
    for (const [vertices, message] of cases) {
      expect(refusal(parseGraphJson(`{"graphgo":1,"vertices":${vertices}}`)), vertices).toEqual({ code: 'bad-file', message });
    }
    // A vertex may carry its own index name; on a lattice a custom name may not be another vertex's GTP name.
    expect(unwrap(parseGraphJson('{"graphgo":1,"vertices":[{"name":"1"},{}]}')).n).toBe(2);
    expect(
      refusal(parseGraphJson('{"graphgo":1,"spec":"grid 2 1","vertices":[{"name":"b1"},{}]}')).message,
    ).toBe('"vertices"[0] (vertex 1): name "b1" already names vertex 2');
  });

  it('builder errors are located', () => {
    expect(refusal(parseGraphJson('{"graphgo":1,"vertices":3,"edges":[[1,2],[3,3]]}'))).toEqual({
      code: 'self-loop',
      message: '"edges"[1]: self-loop 3-3',
    });
    expect(refusal(parseGraphJson('{"graphgo":1,"vertices":3,"arcs":[[1,4]]}'))).toEqual({
      code: 'out-of-range',
      message: '"arcs"[0]: vertex 4 out of range 1..3 in 1>4',
    });
    expect(refusal(parseGraphJson('{"graphgo":1,"vertices":3,"edges":[[1,2]],"arcs":[[2,1]]}')).code).toBe('duplicate');
  });

  it('malformed JSON gives bad-file with a line and column, never an exception', () => {
    expect(refusal(parseGraphFile('{"graphgo":1,\n"vertices":3,\n"edges":[[1,2],]}'))).toEqual({
      code: 'bad-file',
      message: "invalid JSON at line 3, column 16: expected a value, got ']'",
    });
    const located: [string, string][] = [
      ['', 'invalid JSON at line 1, column 1: unexpected end of input'],
      ['{"graphgo":1', 'invalid JSON at line 1, column 13: unexpected end of input'],
      ['{"graphgo" 1}', "invalid JSON at line 1, column 12: expected ':', got '1'"],
      ["{'graphgo':1}", "invalid JSON at line 1, column 2: expected a double-quoted key, got '''"],
      ['{"graphgo":1}}', "invalid JSON at line 1, column 14: unexpected '}' after the end of the JSON value"],
      ['{"graphgo":1 "vertices":2}', `invalid JSON at line 1, column 14: expected ',' or '}', got '"'`],
      ['{"graphgo":tru}', "invalid JSON at line 1, column 12: unexpected 't'"],
      ['{"a":"x\\q"}', 'invalid JSON at line 1, column 8: bad escape in a string'],
      ['{\n  "a": "open', 'invalid JSON at line 2, column 13: unterminated string'],
      ['{"a":[1,2 3]}', "invalid JSON at line 1, column 11: expected ',' or ']', got '3'"],
    ];
    for (const [text, message] of located) expect(refusal(parseGraphJson(text)).message, text).toBe(message);
    for (const text of ['{', '{"graphgo":1,"vertices":3,"edges":[[1,2]]', '{}', '{"type":"square"}', '{"graphgo":null}']) {
      const result = parseGraphFile(text);
      expect(result.ok, text).toBe(false);
      if (!result.ok) expect(result.error.code, text).toBe('bad-file');
    }
    expect(refusal(parseGraphFile('{"a":1}')).message).toBe(
      'JSON file is neither a graphgo graph (no "graphgo" key) nor a govariants custom board ("type": "custom")',
    );
  });
});

describe('govariants custom boards', () => {
  it('a symmetric pair is an edge, a one-sided entry an arc; 0-based', () => {
    const g = unwrap(
      parseGovariants('{"type":"custom","coordinates":[[0,0],[1,0],[2,5]],"adjacencyList":[[1],[0,2],[]]}'),
    );
    expect(linkList(g)).toEqual(['1-2', '2>3']);
    expect(g.liberties(1)).toEqual([0, 2]); // 3 (0-based 2) is a liberty of 2
    expect(g.liberties(2)).toEqual([]); // but 2 is not a liberty of 3
    expect(Array.from(g.meta.coords!)).toEqual([0, 0, 1, 0, 2, -5]); // govariants draws y downward
  });

  it('writes liberty lists and y-down coordinates', () => {
    expect(formatGraph(build('edges 3 1-2 2>3'), 'govariants')).toMatch(/"adjacencyList": \[\[1\],\[0,2\],\[\]\]\}\n$/);
    expect(formatGraph(build('grid 2 2'), 'govariants')).toBe(
      '{"type": "custom",\n"coordinates": [[0,0],[1,0],[0,-1],[1,-1]],\n"adjacencyList": [[1,2],[0,3],[0,3],[1,2]]}\n',
    );
  });

  it('reads a govariants grid board as the grid', () => {
    const board = {
      type: 'custom',
      coordinates: [[0, 0], [1, 0], [0, 1], [1, 1]],
      adjacencyList: [[1, 2], [0, 3], [0, 3], [1, 2]],
    };
    expect(linkList(unwrap(parseGraphFile(JSON.stringify(board))))).toEqual(linkList(build('grid 2 2')));
  });

  it('errors say what and where', () => {
    const cases: [string, string, string][] = [
      ['{"type":"custom","adjacencyList":[]}', 'bad-file', '"coordinates": expected an array of [x, y] pairs'],
      ['{"type":"custom","coordinates":[]}', 'bad-file', '"adjacencyList": expected an array of arrays'],
      ['{"type":"custom","coordinates":[[0,0]],"adjacencyList":[]}', 'bad-file', '"coordinates" has 1 entries but "adjacencyList" has 0'],
      ['{"type":"custom","coordinates":[],"adjacencyList":[]}', 'too-small', 'a board needs at least one intersection'],
      ['{"type":"custom","coordinates":[[0,0],[1]],"adjacencyList":[[],[]]}', 'bad-file', '"coordinates"[1]: expected [x, y] with finite numbers, got [1]'],
      ['{"type":"custom","coordinates":[[0,0],[1,1]],"adjacencyList":[[1],3]}', 'bad-file', '"adjacencyList"[1]: expected an array, got 3'],
      ['{"type":"custom","coordinates":[[0,0],[1,1]],"adjacencyList":[[1],[2]]}', 'out-of-range', '"adjacencyList"[1][0]: expected an intersection 0..1, got 2'],
      ['{"type":"custom","coordinates":[[0,0],[1,1]],"adjacencyList":[[0],[]]}', 'self-loop', '"adjacencyList"[0][0]: intersection 0 lists itself'],
      ['{"type":"custom","coordinates":[[0,0],[1,1]],"adjacencyList":[[1,1],[0]]}', 'duplicate', '"adjacencyList"[0][1]: intersection 0 lists 1 twice'],
    ];
    for (const [text, code, message] of cases) expect(refusal(parseGraphFile(text)), text).toEqual({ code, message });
  });
});

describe('values nested deeper than a message can show', () => {
  // JSON.parse takes any depth; the message quoting the bad value must not recurse into all of it.
  const DEPTH = 100_000;
  const deep = '['.repeat(DEPTH) + ']'.repeat(DEPTH);
  const deepObject = '{"a":'.repeat(DEPTH) + '1' + '}'.repeat(DEPTH);
  // What JSON.stringify's text would start with; the file texts are compact, so they are that text.
  const cut = deep.slice(0, 37) + '...';
  const cutObject = deepObject.slice(0, 37) + '...';

  it('are quoted cut short, in the usual "expected ..." message', () => {
    const pairExpected = 'expected a pair of vertex numbers [u, v], got';
    const cases: [string, string, string][] = [
      [`{"graphgo":1,"vertices":3,"edges":[${deep}]}`, 'bad-file', `"edges"[0]: ${pairExpected} ${cut}`],
      [`{"graphgo":1,"vertices":3,"arcs":[${deep}]}`, 'bad-file', `"arcs"[0]: ${pairExpected} ${cut}`],
      [`{"graphgo":1,"vertices":3,"edges":[${deepObject}]}`, 'bad-file', `"edges"[0]: ${pairExpected} ${cutObject}`],
      [`{"graphgo":${deep},"vertices":3}`, 'bad-file', `"graphgo": expected 1 (the format version), got ${cut}`],
      [`{"graphgo":1,"spec":${deep},"vertices":3}`, 'bad-file', `"spec": expected a string, got ${cut}`],
      [
        `{"graphgo":1,"vertices":${deepObject}}`,
        'bad-file',
        `"vertices": expected a vertex count >= 1 or a non-empty array, got ${cutObject}`,
      ],
      [
        `{"type":"custom","coordinates":[[0,0],[1,0]],"adjacencyList":[[${deep}],[0]]}`,
        'out-of-range',
        `"adjacencyList"[0][0]: expected an intersection 0..1, got ${cut}`,
      ],
      [
        `{"type":"custom","coordinates":[[0,0],[1,0]],"adjacencyList":[${deepObject},[0]]}`,
        'bad-file',
        `"adjacencyList"[0]: expected an array, got ${cutObject}`,
      ],
      [
        `{"type":"custom","coordinates":[${deep},[1,0]],"adjacencyList":[[1],[0]]}`,
        'bad-file',
        `"coordinates"[0]: expected [x, y] with finite numbers, got ${cut}`,
      ],
    ];
    for (const [text, code, message] of cases) {
      let result: ReturnType<typeof parseGraphFile> | undefined;
      expect(() => (result = parseGraphFile(text)), message).not.toThrow();
      expect(refusal(result!), message).toEqual({ code, message });
    }
    // Only a file read as govariants can have a "type" other than "custom".
    expect(refusal(parseGovariants(`{"type":${deep},"coordinates":[],"adjacencyList":[]}`)).message).toBe(
      `"type": expected "custom", got ${cut}`,
    );
  });

  it('quote exactly what JSON.stringify would, up to the cut, and only look at the start of a huge value', () => {
    const long = Array.from({ length: 1_000_000 }, (_, i) => i);
    const longText = `{"graphgo":1,"vertices":3,"edges":[${JSON.stringify(long)}]}`;
    expect(refusal(parseGraphJson(longText)).message).toBe(
      `"edges"[0]: expected a pair of vertex numbers [u, v], got ${JSON.stringify(long).slice(0, 37)}...`,
    );
    const mixed = [1, 'two', null, true, { x: -0.5, 'é"\n': [[]] }];
    expect(refusal(parseGraphJson(`{"graphgo":1,"vertices":3,"edges":[${JSON.stringify(mixed)}]}`)).message).toBe(
      `"edges"[0]: expected a pair of vertex numbers [u, v], got ${JSON.stringify(mixed).slice(0, 37)}...`,
    );
    const short = [[1], { a: 'b' }, 'x'];
    expect(refusal(parseGraphJson(`{"graphgo":1,"vertices":3,"edges":[${JSON.stringify(short)}]}`)).message).toBe(
      `"edges"[0]: expected a pair of vertex numbers [u, v], got [[1],{"a":"b"},"x"]`,
    );
  });

  it('keys and names from the file are quoted cut short too', () => {
    const key = 'k'.repeat(1_000_000);
    expect(refusal(parseGraphJson(`{"graphgo":1,"vertices":3,"${key}":1}`)).message).toBe(
      `unknown key "${'k'.repeat(36)}... (expected "graphgo", "spec", "vertices", "edges", "arcs")`,
    );
    const name = 'n '.repeat(500_000);
    expect(refusal(parseGraphJson(`{"graphgo":1,"vertices":[{"name":"${name}"}]}`)).message).toBe(
      `"vertices"[0] (vertex 1): "name" "${'n '.repeat(18)}... has a space, "#" or control character`,
    );
  });
});

describe('a leading UTF-8 byte order mark', () => {
  const BOM = '\ufeff';
  const files: [string, string][] = [
    ['a family spec', 'grid 2 2\n'],
    ['an edges line', 'edges 4 1-2 1-3 2-4 3-4\n'],
    ['DIMACS', 'p edge 4 4\ne 1 2\ne 1 3\ne 2 4\ne 3 4\n'],
    ['our JSON', formatGraph(build('grid 2 2'), 'json')],
    ['govariants', formatGraph(build('grid 2 2'), 'govariants')],
  ];

  it('is skipped in every format', () => {
    for (const [format, text] of files) {
      const withBom = parseGraphFile(BOM + text);
      expect(withBom.ok ? '' : withBom.error.message, format).toBe('');
      expect(linkList(unwrap(withBom)), format).toEqual(linkList(build('grid 2 2')));
    }
  });

  it('is only skipped at the very start: one anywhere else is still an error', () => {
    expect(refusal(parseGraphFile(BOM + BOM + 'grid 2 2')).message).toMatch(/^unknown graph family "\ufeffgrid"/);
  });
});

describe('format detection', () => {
  it('tells the four formats apart', () => {
    expect(detectGraphFormat('edges 3 1-2')).toBe('edges');
    expect(detectGraphFormat('  grid 9 9')).toBe('edges');
    expect(detectGraphFormat('c hello\np edge 1 0\n')).toBe('dimacs');
    expect(detectGraphFormat('p edge 1 0\n')).toBe('dimacs');
    expect(detectGraphFormat('{"graphgo":1,"vertices":1}')).toBe('json');
    expect(detectGraphFormat('{"type":"custom","coordinates":[],"adjacencyList":[]}')).toBe('govariants');
    expect(detectGraphFormat('  \n')).toBeNull();
  });
});

describe('readers never throw', () => {
  it('on 2000 mangled copies of valid files', async () => {
    const { Rng } = await import('../../src/rng.js');
    const rng = new Rng('fuzz');
    const samples = [
      formatGraph(build('edges 4 1>2 2-3 4>3'), 'json'),
      formatGraph(build('grid 3 2'), 'json'),
      formatGraph(build('edges 4 1>2 2-3 4>3'), 'dimacs'),
      formatGraph(build('wheel 5'), 'govariants'),
      formatGraph(build('edges 4 1>2 2-3 4>3'), 'edges'),
    ];
    const alphabet = '{}[],:"0123456789-> \nepacx.e';
    for (let round = 0; round < 2000; round++) {
      let text = samples[rng.int(samples.length)];
      for (let k = 1 + rng.int(3); k > 0; k--) {
        const at = rng.int(text.length + 1);
        const action = rng.int(3);
        const char = alphabet[rng.int(alphabet.length)];
        if (action === 0) text = text.slice(0, at) + char + text.slice(at); // insert
        else if (action === 1) text = text.slice(0, at) + text.slice(at + 1); // delete
        else text = text.slice(0, at); // truncate
      }
      let result: ReturnType<typeof parseGraphFile> | undefined;
      expect(() => (result = parseGraphFile(text)), text).not.toThrow();
      if (result && !result.ok) expect(result.error.message.length, text).toBeGreaterThan(0);
    }
  });
});
