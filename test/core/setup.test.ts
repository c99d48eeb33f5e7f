// The one door from user text to a board and rules (src/setup.ts), the Result shape every parser shares
// (src/result.ts) and the colour words (src/vocabulary.ts).
import { describe, expect, it } from 'vitest';
import { failure, ok, withContext } from '../../src/result.js';
import { readGraph, readRules, readSetup } from '../../src/setup.js';
import {
  BLACK,
  WHITE,
  colorLetter,
  gtpColorArgument,
  gtpColorName,
  opponentOf,
  parseGtpColor,
} from '../../src/vocabulary.js';

describe('Result', () => {
  it('carries a value or a coded problem', () => {
    expect(ok(3)).toEqual({ ok: true, value: 3 });
    expect(failure('bad', 'it is bad')).toEqual({ ok: false, error: { code: 'bad', message: 'it is bad' } });
    expect(failure('bad', 'two', ['a', 'b']).error.details).toEqual(['a', 'b']);
  });

  it('puts context in front of the message and keeps the code', () => {
    expect(withContext(failure('syntax', 'oops'), 'invalid graph: ')).toEqual({
      ok: false,
      error: { code: 'syntax', message: 'invalid graph: oops' },
    });
  });
});

describe('readGraph', () => {
  it('builds a spec', () => {
    const built = readGraph({ spec: 'grid 3 2' });
    expect(built.ok && built.value.n).toBe(6);
  });

  it('words a bad spec as "invalid graph" and keeps the family parser\'s code', () => {
    const built = readGraph({ spec: 'torus 2 2' });
    expect(built).toEqual({ ok: false, error: { code: 'too-small', message: 'invalid graph: torus needs W, H >= 3' } });
  });

  it('names the file of a bad graph file', () => {
    const built = readGraph({ fileName: 'board.edges', text: 'edges 2 1-1' });
    expect(built.ok).toBe(false);
    if (!built.ok) expect(built.error.message).toMatch(/^invalid graph file board\.edges: .*self-loop 1-1/);
  });

  it('never hands out a graph without vertices', () => {
    for (const text of ['{"vertices": 0, "edges": []}', 'p edge 0 0', 'edges 0']) {
      const built = readGraph({ fileName: 'empty', text });
      expect(built.ok || built.error.message).toMatch(/^invalid graph file empty: /);
    }
  });
});

describe('readRules and readSetup', () => {
  it('words a bad rules text as "invalid rules" with the parser\'s code', () => {
    expect(readRules('area ko=sometimes')).toEqual({
      ok: false,
      error: { code: 'bad-value', message: 'invalid rules: ko must be one of positional, situational, simple, got "sometimes"' },
    });
    const chess = readRules('chess');
    expect(chess.ok || chess.error.code).toBe('unknown-preset');
  });

  it('reads a graph and rules together, reporting the graph first', () => {
    const setup = readSetup({ spec: 'cycle 5' }, 'area komi=0.5');
    expect(setup.ok && [setup.value.graph.n, setup.value.rules.preset, setup.value.rules.komi]).toEqual([5, 'area', 0.5]);
    const both = readSetup({ spec: 'cycle 2' }, 'chess');
    expect(both.ok || both.error.message).toBe('invalid graph: cycle needs N >= 3');
  });
});

describe('colour words', () => {
  it('reads what GTP controllers send and writes what they expect', () => {
    expect(['b', 'BLACK', 'w', 'White', '3', '0', 'red'].map(parseGtpColor)).toEqual([BLACK, BLACK, WHITE, WHITE, 3, null, null]);
    expect([gtpColorName(BLACK), gtpColorName(WHITE), gtpColorName(4)]).toEqual(['black', 'white', '4']);
    expect([gtpColorArgument(BLACK, 2), gtpColorArgument(WHITE, 2), gtpColorArgument(2, 3)]).toEqual(['b', 'w', '2']);
    expect([colorLetter(BLACK, 2), colorLetter(WHITE, 2), colorLetter(1, 3)]).toEqual(['B', 'W', '1']);
    expect([opponentOf(BLACK), opponentOf(WHITE)]).toEqual([WHITE, BLACK]);
  });
});
