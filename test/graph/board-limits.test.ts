/**
 * The board size limits (docs/graphs.md, "Size limits"): every door to a game (src/setup.ts, so CLI flags, GTP's
 * set_graph and load_graph, the web API) refuses a board past BOARD_LIMITS at once with the limit in the message,
 * in every graph format; `graphgo graph` keeps the graph library's larger limits.
 */
import { describe, expect, it } from 'vitest';
import { readMatchRequest } from '../../play/match-request.js';
import { GRAPH_LIMITS } from '../../src/graph.js';
import { BOARD_LIMITS, readGraph, readSetup } from '../../src/setup.js';
import { runCli } from '../../cli/main.js';
import { testEngine } from '../helpers/engine.js';

function refusal(source: Parameters<typeof readGraph>[0]): { code: string; message: string } {
  const built = readGraph(source);
  if (built.ok) throw new Error('expected a refusal');
  return { code: built.error.code, message: built.error.message };
}

describe('board limits', () => {
  it('are 250,000 vertices and 1,000,000 links, below the graph library', () => {
    expect(BOARD_LIMITS).toEqual({ vertices: 250_000, links: 1_000_000 });
    expect(BOARD_LIMITS.vertices).toBeLessThan(GRAPH_LIMITS.vertices);
    expect(BOARD_LIMITS.links).toBeLessThan(GRAPH_LIMITS.links);
  });

  it('a spec past them is refused from the arithmetic, quoting the limit; at them it builds', () => {
    const started = performance.now();
    expect(refusal({ spec: 'grid 3000 3000' })).toEqual({
      code: 'too-large',
      message: 'invalid graph: grid 3000 3000 has 9000000 vertices, too large (limit 250000)',
    });
    // Refused before anything is allocated: building it took 13 s and 1.6 GB.
    expect(performance.now() - started).toBeLessThan(1000);
    expect(refusal({ spec: 'grid 501 500' }).message).toBe(
      'invalid graph: grid 501 500 has 250500 vertices, too large (limit 250000)',
    );
    expect(refusal({ spec: 'complete 1415' }).message).toBe(
      'invalid graph: complete 1415 has 1000405 edges, too large (limit 1000000 links)',
    );
    expect(refusal({ spec: 'edges 250001' }).message).toBe(
      'invalid graph: edges 250001 has 250001 vertices, too large (limit 250000)',
    );
    const atLimit = readGraph({ spec: 'grid 500 500' });
    expect(atLimit.ok && atLimit.value.n).toBe(250_000);
    const manyLinks = readGraph({ spec: 'king 500 500' });
    expect(manyLinks.ok && manyLinks.value.linkCount).toBe(997_002);
  });

  it('every file format is held to them', () => {
    const files: Record<string, string> = {
      edges: 'edges 250001',
      dimacs: 'p edge 250001 0\n',
      json: '{"graphgo": 1, "vertices": 250001}',
      jsonSpec: '{"graphgo": 1, "spec": "grid 600 600"}',
    };
    for (const [name, text] of Object.entries(files)) {
      const refused = refusal({ fileName: name, text });
      expect(refused.code, name).toBe('too-large');
      expect(refused.message, name).toMatch(/too large \(limit 250000\)$/);
    }
  });

  it('reach the command line, GTP and the web API alike', () => {
    const setup = readSetup({ spec: 'grid 600 600' }, 'area');
    expect(!setup.ok && setup.error.message).toBe('invalid graph: grid 600 600 has 360000 vertices, too large (limit 250000)');

    const engine = testEngine('grid 9 9', 'area', { bot: 'random', seed: '1', readFile: () => 'p edge 300000 0\n' });
    expect(engine.execute('set_graph grid 3000 3000')).toBe(
      '? invalid graph: grid 3000 3000 has 9000000 vertices, too large (limit 250000)\n\n',
    );
    expect(engine.execute('load_graph big.dimacs')).toBe(
      '? invalid graph: line 1: 300000 vertices is too large (limit 250000)\n\n',
    );
    // A refused board changes nothing.
    expect(engine.currentGame.graph.n).toBe(81);

    const web = readMatchRequest({ graph: 'torus 1000 1000' });
    expect(!web.ok && web.error.message).toBe(
      'invalid graph: torus 1000 1000 has 1000000 vertices, too large (limit 250000)',
    );
  });

  it('graphgo graph converts graphs up to the library limits', async () => {
    const out: string[] = [];
    const err: string[] = [];
    const io = {
      writeOut: (text: string) => void out.push(text),
      writeErr: (text: string) => void err.push(text),
    };
    const code = await runCli(['graph', 'path', '300000', '--info'], io);
    expect(code, err.join('')).toBe(0);
    expect(err.join('') + out.join('')).toMatch(/300000 vertices/);
  });
});
