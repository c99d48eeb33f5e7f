/**
 * `graphgo solve --komi-within LO..HI` and `komi-within=` on a --graphs line: a komi interval proved before is taken
 * as given, and only the komis inside it are solved (docs/solver.md, "Command line").
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseKomiWithin, splitListLine } from '../../cli/komi-within.js';
import { komiOfGraph } from '../../src/solver/solve.js';
import { graphOf, rulesOf } from './helpers.js';
import { runGraphgo } from './run-cli.js';

const run = runGraphgo;

describe('the komi search within a given interval', () => {
  // path 7 has komi 1 and cycle 8 komi 0 (docs/solver.md, "The largest graph of each family solved").
  it('solves only the komis inside the interval and finds the same komi', () => {
    const plain = komiOfGraph(graphOf('path 7'), rulesOf('famine'));
    expect(plain.komi).toBe(1);
    for (const [low, high] of [[0, 2], [-5, 1], [1, 9], [null, 3], [0, null]] as const) {
      const r = komiOfGraph(graphOf('path 7'), rulesOf('famine'), {}, false, { given: { low, high } });
      expect(r.komi).toBe(1);
      expect(r.given).toEqual({ low, high });
      for (const s of r.solves) {
        expect(s.komi).toBeGreaterThan(low ?? -Infinity);
        expect(s.komi).toBeLessThanOrEqual(high ?? Infinity);
      }
    }
    // Black's win at 1 given: only komi 2 is solved, and no line is searched at 1.
    const edge = komiOfGraph(graphOf('path 7'), rulesOf('famine'), {}, true, { given: { low: 1, high: 2 } });
    expect(edge.solves.map((s) => [s.komi, s.value])).toEqual([[2, -1]]);
    expect(edge.pv).toEqual([]);
    expect(() => komiOfGraph(graphOf('path 3'), rulesOf('famine'), {}, false, { given: { low: 2, high: 1 } })).toThrow(/empty komi interval/);
  });

  it('reads LO..HI, ..HI and LO.., and a --graphs line ending in komi-within=', () => {
    expect(parseKomiWithin('4..5')).toEqual({ ok: true, value: { low: 4, high: 5 } });
    expect(parseKomiWithin('..-1')).toEqual({ ok: true, value: { low: null, high: -1 } });
    expect(parseKomiWithin('-1..')).toEqual({ ok: true, value: { low: -1, high: null } });
    for (const bad of ['..', '3', '3..1', '1.5..2', 'a..b', '0..99999']) expect(parseKomiWithin(bad).ok).toBe(false);
    expect(splitListLine('  edges 3 1-2 2-3   komi-within=0..1 ')).toEqual({ spec: 'edges 3 1-2 2-3', within: '0..1' });
    expect(splitListLine('cycle 5')).toEqual({ spec: 'cycle 5', within: null });
  });

  it('on the command line: the given bounds marked, the line not searched when black\'s win is given', async () => {
    const r = await run('solve', '--graph', 'cycle 8', '--komi-within', '-1..1', '--no-progress');
    expect(r.code).toBe(0);
    expect(r.out).toContain('given: the komi lies in -1..1 (proved before, not here: black wins at komi -1 and white wins at komi 2)');
    expect(r.out).toContain('komi of the graph: 0 (black wins at komi 0, white wins at komi 1)');
    expect(r.out).toMatch(/black's winning line at komi 0: B \d/);
    const given = JSON.parse((await run('solve', '--graph', 'cycle 8', '--komi-within', '0..1', '--json', '--no-progress')).out);
    expect(given).toMatchObject({ status: 'solved', komi: 0, komiGiven: { low: 0, high: 1 }, pv: [] });
    expect(given.solves.map((s: { komi: number; winner: string }) => [s.komi, s.winner])).toEqual([[1, 'W']]);
    const text = await run('solve', '--graph', 'cycle 8', '--komi-within', '0..1', '--no-progress');
    expect(text.out).toContain('komi of the graph: 0 (black wins at komi 0 (given), white wins at komi 1)');
    expect(text.out).toContain("black's winning line at komi 0: not searched (black's win there is given)");
  });

  it('refuses what makes no sense', async () => {
    expect(await run('solve', '--graph', 'cycle 8', '--komi-within', '3..1')).toMatchObject({
      code: 1,
      out: '',
      err: 'graphgo: --komi-within: an empty komi interval: "3..1"\n',
    });
    expect((await run('solve', '--graph', 'cycle 8', '--komi-within', '3')).err).toContain('a komi interval is LO..HI, ..HI or LO..');
    const needs = 'graphgo: a komi interval is for the komi search: famine rules without --komi\n';
    expect((await run('solve', '--graph', 'cycle 8', '--komi', '1', '--komi-within', '0..1')).err).toBe(needs);
    expect((await run('solve', '--graph', 'cycle 8', '--rules', 'area', '--komi-within', '0..1')).err).toBe(needs);
    expect((await run('solve', '--graph', 'cycle 8', '--moves', '--komi-within', '0..1')).err).toContain('--moves needs black');
  });

  it('--graphs: each line may give its own interval; the table says what rests on one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'graphgo-within-'));
    try {
      const list = join(dir, 'list.txt');
      writeFileSync(list, 'cycle 8 komi-within=0..1\npath 7\npath 7 komi-within=..3\n');
      const r = await run('solve', '--graphs', list, '--format', 'csv', '--no-progress', '--jobs', '2');
      expect(r.code).toBe(0);
      expect(r.out.split('\n').map((l) => l.split(',').slice(0, 4).join(','))).toEqual([
        'graph,vertices,edges,komi',
        'cycle 8,8,8,0 (0..1 given)',
        'path 7,7,6,1',
        'path 7,7,6,1 (..3 given)',
        '',
      ]);
      // --komi-within gives every line without its own the same interval; at a tiny limit the cells say what is given.
      const small = await run('solve', '--graphs', list, '--format', 'csv', '--no-progress', '--komi-within', '1..1', '--max-nodes', '10');
      expect(small.out.split('\n').map((l) => l.split(',')[3])).toEqual(['komi', 'unknown (0..1; 0..1 given)', '1 (1..1 given)', 'unknown (<= 3; ..3 given)', undefined]);
      writeFileSync(list, 'cycle 8\ncycle 5 komi-within=2..1\n');
      expect((await run('solve', '--graphs', list)).err).toMatch(/line 2: an empty komi interval: "2\.\.1"\n$/);
      writeFileSync(list, 'cycle 8 komi-within=0..1\n');
      expect((await run('solve', '--graphs', list, '--rules', 'area')).err).toMatch(/line 1: a komi interval is for the komi search/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
