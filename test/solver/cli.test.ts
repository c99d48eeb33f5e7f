/** `graphgo solve`, `graphgo count` and the solver's budget flag, run in-process. */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createBot } from '../../bots/registry.js';
import type { SolverBot } from '../../bots/solver.js';
import { runCli } from '../../cli/main.js';
import { tableFileFor } from '../../cli/solver-table-file.js';
import { Game } from '../../src/game.js';
import { graphOf, rulesOf } from './helpers.js';
import { runGraphgo } from './run-cli.js';

const run = runGraphgo;

describe('graphgo solve', () => {
  it('the komi of a graph under famine (no --komi)', async () => {
    const r = await run('solve', '--graph', 'cycle 4');
    expect(r.code).toBe(0);
    expect(r.out).toContain('komi of the graph: 0 (black wins at komi 0, white wins at komi 1)');
    expect(r.out).toMatch(/black's winning line at komi 0: B \d/);
    expect(r.out).toContain('rules: famine ko=positional suicide=allowed passes=paid scoring=lastmove komi=searched');
  });

  it('the optimal area score with a principal variation ending in two passes', async () => {
    const r = await run('solve', '--graph', 'path 4', '--rules', 'area');
    expect(r.code).toBe(0);
    expect(r.out).toContain('optimal score: B+4 (black minus white, no komi)');
    expect(r.out).toContain('result with komi 7.5: W+3.5');
    expect(r.out).toMatch(/line: B \d.*, W pass, B pass\n/);
  });

  it('the winner at a fixed komi, as JSON', async () => {
    const r = await run('solve', '--graph', 'path 4', '--komi', '1', '--json');
    expect(r.code).toBe(0);
    const record = JSON.parse(r.out);
    expect(record).toMatchObject({ kind: 'winner', status: 'solved', winner: 'B', result: 'B+M', vertices: 4 });
    expect(record.pv[0]).toMatch(/^B /);
    const white = JSON.parse((await run('solve', '--graph', 'path 4', '--komi', '2', '--json')).out);
    expect(white).toMatchObject({ winner: 'W', result: 'W+M' });
  });

  it('a family as a Markdown table, and as CSV', async () => {
    const md = await run('solve', '--family', 'path 1..4', '--rules', 'area komi=0');
    expect(md.code).toBe(0);
    const rows = md.out.trim().split('\n');
    expect(rows[0]).toBe('| graph | vertices | edges | score | nodes | seconds |');
    expect(rows.slice(2).map((row) => row.split(' | ').slice(0, 4).join(' | '))).toEqual([
      '| path 1 | 1 | 0 | 0',
      '| path 2 | 2 | 1 | 0',
      '| path 3 | 3 | 2 | B+3',
      '| path 4 | 4 | 3 | B+4',
    ]);
    const csv = await run('solve', '--family', 'connected 1..3', '--format', 'csv');
    const lines = csv.out.trim().split('\n');
    expect(lines[0]).toBe('graph,vertices,edges,komi,nodes,seconds');
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 4).join(','))).toEqual([
      'edges 1,1,0,-1',
      'edges 2 1-2,2,1,-1',
      'edges 3 1-2 1-3,3,2,0',
      'edges 3 1-2 1-3 2-3,3,3,-1',
    ]);
  });

  it('limits end with unknown', async () => {
    const r = await run('solve', '--graph', 'grid 3 3', '--rules', 'area', '--max-nodes', '300');
    expect(r.code).toBe(0);
    expect(r.out).toContain('optimal score: unknown (stopped at max-nodes');
    const k = JSON.parse((await run('solve', '--graph', 'grid 3 3', '--max-nodes', '2000', '--json')).out);
    expect(k).toMatchObject({ kind: 'komi', status: 'unknown', komi: null, reason: 'max-nodes' });
  });

  it('an unknown komi prints the proven interval', async () => {
    // Alpha-beta's node counts: at 60 nodes it has settled komi 0 only (df-pn settles komi 1 as well).
    const ab = ['--method', 'alphabeta'];
    const r = await run('solve', '--graph', 'path 4', '--max-nodes', '60', ...ab);
    expect(r.out).toContain('komi of the graph: unknown (stopped at max-nodes after 60 nodes)');
    expect(r.out).toContain('proven: komi >= 0 (black wins at komi 0)');
    const k = JSON.parse((await run('solve', '--graph', 'path 4', '--max-nodes', '60', '--json', ...ab)).out);
    expect(k).toMatchObject({ status: 'unknown', komiLow: 0, komiHigh: null, blackWinsAt: 0, whiteWinsAt: null, nodes: 60 });
    const solved = JSON.parse((await run('solve', '--graph', 'path 4', '--json')).out);
    expect(solved).toMatchObject({ status: 'solved', komi: 1, komiLow: 1, komiHigh: 1 });
    const row = await run('solve', '--family', 'path 4..4', '--max-nodes', '60', '--format', 'csv', ...ab);
    expect(row.out.split('\n')[1]).toMatch(/^path 4,4,3,unknown \(>= 0\),60,/);
  });

  it('--moves: every legal first move with its exact value', async () => {
    // Path 3 (1-2-3) under area: the centre takes the board (an end stone of white would be a suicide repeating the
    // colouring); after an end stone white's centre stone captures it and owns the board, and a pass lets white take
    // the centre.
    const area = await run('solve', '--graph', 'path 3', '--rules', 'area', '--moves');
    expect(area.out).toContain(
      'first moves (optimal score after it, black minus white, no komi): B 1 W+3, B 2 B+3, B 3 W+3, B pass W+3',
    );
    const json = JSON.parse((await run('solve', '--graph', 'path 3', '--rules', 'area', '--moves', '--json')).out);
    expect(json.moves).toEqual([
      { move: '1', value: -3, result: 'W+3' },
      { move: '2', value: 3, result: 'B+3' },
      { move: '3', value: -3, result: 'W+3' },
      { move: 'pass', value: -3, result: 'W+3' },
    ]);
    // Famine: at the komi of the graph (0) only the centre wins; black has no counter point to pass with.
    const famine = await run('solve', '--graph', 'path 3', '--moves');
    expect(famine.out).toContain('first moves at komi 0 (winner after it): B 1 W+M, B 2 B+M, B 3 W+M\n');
    const fixed = await run('solve', '--graph', 'path 3', '--komi', '1', '--moves');
    expect(fixed.out).toContain('first moves at komi 1 (winner after it): B 1 W+M, B 2 W+M, B 3 W+M\n');
    // Limits: what is not settled is marked unknown.
    const limited = JSON.parse((await run('solve', '--graph', 'grid 3 3', '--rules', 'area', '--moves', '--max-nodes', '50', '--json')).out);
    expect(limited.moves.every((m: { value: number | null }) => m.value === null)).toBe(true);
    expect(limited.nodes).toBe(50);
    expect((await run('solve', '--family', 'path 1..3', '--moves')).err).toContain('--moves lists the first moves of one graph');
  });

  it('--max-nodes is exact', async () => {
    for (const n of [1, 7, 1025]) {
      const area = JSON.parse((await run('solve', '--graph', 'grid 3 3', '--rules', 'area', '--max-nodes', String(n), '--json')).out);
      expect(area).toMatchObject({ status: 'unknown', reason: 'max-nodes', nodes: n });
    }
    const komi = JSON.parse((await run('solve', '--graph', 'grid 3 3', '--max-nodes', '1', '--json')).out);
    expect(komi).toMatchObject({ status: 'unknown', nodes: 1, solves: [{ komi: 0, winner: null, nodes: 1 }] });
  });

  it('an area solve ending unknown prints its proven bounds', async () => {
    const r = await run('solve', '--graph', 'grid 3 3', '--rules', 'area', '--max-nodes', '1000');
    expect(r.out).toContain('proven: -9 <= score <= 9 (black minus white, no komi)');
    const k = JSON.parse((await run('solve', '--graph', 'grid 3 3', '--rules', 'area', '--max-nodes', '1000', '--json')).out);
    expect(k).toMatchObject({ status: 'unknown', lower: -9, upper: 9 });
  });

  it('families: checked before enumerating, each row written as its graph is solved', async () => {
    const t0 = Date.now();
    const bad = await run('solve', '--family', 'connected 1..9');
    expect(bad).toMatchObject({ code: 1, err: 'graphgo: invalid family: connected graphs are enumerated for 1..8 vertices, not 9\n' });
    expect((await run('solve', '--family', 'connected 1..40')).err).toBe('graphgo: invalid family: connected graphs are enumerated for 1..8 vertices, not 9..40\n');
    expect((await run('solve', '--family', 'connected 0..40')).err).toBe('graphgo: invalid family: connected graphs are enumerated for 1..8 vertices, not 0, 9..40\n');
    expect((await run('solve', '--family', 'grid 5..6 5..6')).err).toContain('graphgo: grid 6 6: the exact solver takes graphs of at most 32 vertices');
    // A rule set the solver refuses is refused before an enumerated family is enumerated.
    expect(await run('solve', '--family', 'connected 3..3', '--rules', 'kim')).toMatchObject({ code: 1, out: '' });
    expect((await run('solve', '--family', 'connected 3..3', '--rules', 'kim')).err).toContain('needs superko');
    expect(Date.now() - t0).toBeLessThan(5000);
    // The rows of 1 and 2 vertices come before 8 is enumerated (a second or two). The output stops the run after two.
    let out = '';
    let rows = 0;
    const start = Date.now();
    const code = await runCli(['solve', '--family', 'connected 1..8', '--format', 'csv', '--no-progress'], {
      writeOut: (text) => {
        out += text;
        if (++rows === 3) throw new Error('enough rows');
      },
      writeErr: () => {},
    });
    expect(code).toBe(1);
    expect(Date.now() - start).toBeLessThan(10000);
    expect(out.split('\n').slice(0, 3).map((l) => l.split(',').slice(0, 4).join(','))).toEqual([
      'graph,vertices,edges,komi',
      'edges 1,1,0,-1',
      'edges 2 1-2,2,1,-1',
    ]);
    // JSON is an array written one element at a time.
    const chunks: string[] = [];
    await runCli(['solve', '--family', 'path 1..3', '--json'], { writeOut: (t) => void chunks.push(t), writeErr: () => {} });
    expect(chunks.length).toBe(5);
    expect(JSON.parse(chunks.join('')).map((r: { graph: string; komi: number }) => [r.graph, r.komi])).toEqual([
      ['path 1', -1],
      ['path 2', -1],
      ['path 3', 0],
    ]);
  });

  it('--list: the specs of a family, one per line, which --graphs solves as the family itself', async () => {
    expect(await run('solve', '--family', 'connected 1..3', '--list')).toEqual({
      code: 0,
      out: 'edges 1\nedges 2 1-2\nedges 3 1-2 1-3\nedges 3 1-2 1-3 2-3\n',
      err: '',
    });
    expect((await run('solve', '--family', 'connected 8', '--list')).out.split('\n').length - 1).toBe(11117);
    const dir = mkdtempSync(join(tmpdir(), 'graphgo-list-'));
    try {
      const list = join(dir, 'four.txt');
      writeFileSync(list, (await run('solve', '--family', 'connected 4..4', '--list')).out);
      const rows = (out: string) => out.split('\n').map((l) => l.split(',').slice(0, 5).join(','));
      const fromFamily = await run('solve', '--family', 'connected 4..4', '--format', 'csv', '--no-progress');
      const fromList = await run('solve', '--graphs', list, '--format', 'csv', '--no-progress');
      expect(rows(fromList.out)).toEqual(rows(fromFamily.out));
      expect(rows(fromList.out).length).toBe(8);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect((await run('solve', '--graph', 'cycle 3', '--list')).err).toBe('graphgo: --list prints the graphs of a family: use it with --family or --graphs\n');
  });

  it('--graphs FILE: a family from a list of specs, comments and blank lines skipped, checked whole first', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'graphgo-graphs-'));
    try {
      const list = join(dir, 'list.txt');
      writeFileSync(list, '# the unknown rows\ncycle 5\n\n  edges 4 1-2 2-3 3-4 4-1  \r\npath 3\n');
      const r = await run('solve', '--graphs', list, '--format', 'csv', '--no-progress');
      expect(r.code).toBe(0);
      // cycle 5 and the 4-cycle have komi -1 and 0; path 3 has 0 (docs/solver-komi-table.md).
      expect(r.out.split('\n').map((l) => l.split(',').slice(0, 4).join(','))).toEqual([
        'graph,vertices,edges,komi',
        'cycle 5,5,5,-1',
        'edges 4 1-2 2-3 3-4 4-1,4,4,0',
        'path 3,3,2,0',
        '',
      ]);
      writeFileSync(list, 'cycle 4\n# fine so far\nnope 3\n');
      expect(await run('solve', '--graphs', list)).toMatchObject({ code: 1, out: '' });
      expect((await run('solve', '--graphs', list)).err).toMatch(new RegExp(`^graphgo: ${list.replace(/[.\\]/g, '\\$&')} line 3: `));
      writeFileSync(list, 'cycle 4\ngrid 6 6\n');
      expect((await run('solve', '--graphs', list)).err).toContain('line 2 (grid 6 6): the exact solver takes graphs of at most 32 vertices');
      writeFileSync(list, '# nothing\n\n');
      expect((await run('solve', '--graphs', list)).err).toContain('no graph specs (one per line; # starts a comment line)');
      expect((await run('solve', '--graphs', join(dir, 'absent.txt'))).err).toContain('no such file or directory');
      expect((await run('solve', '--graphs', list, '--graph', 'cycle 4')).err).toContain('give exactly one of --graph SPEC, --family SPEC or --graphs FILE');
      expect((await run('solve', '--graphs', list, '--moves')).err).toContain('--moves lists the first moves of one graph');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('--method: proof-number search (the default for famine) and alpha-beta give the same answers', async () => {
    // The komi of path 6 is 0 (docs/solver.md); df-pn needs far fewer nodes for it than alpha-beta (5,677 against
    // 1,085,867, principal variation included for both).
    const dfpn = JSON.parse((await run('solve', '--graph', 'path 6', '--json', '--no-progress')).out);
    const explicit = JSON.parse((await run('solve', '--graph', 'path 6', '--method', 'dfpn', '--json', '--no-progress')).out);
    const ab = JSON.parse((await run('solve', '--graph', 'path 6', '--method', 'alphabeta', '--json', '--no-progress')).out);
    expect([dfpn.komi, explicit.komi, ab.komi]).toEqual([0, 0, 0]);
    expect(explicit.nodes).toBe(dfpn.nodes);
    expect(dfpn.nodes * 10).toBeLessThan(ab.nodes);
    // A fixed komi, and Conway's no-pass game: the same winner either way.
    for (const args of [['--komi', '1'], ['--rules', 'conway']]) {
      const a = JSON.parse((await run('solve', '--graph', 'cycle 5', ...args, '--json')).out);
      const b = JSON.parse((await run('solve', '--graph', 'cycle 5', ...args, '--method', 'alphabeta', '--json')).out);
      expect({ args, winner: a.winner }).toEqual({ args, winner: b.winner });
    }
    // Area scores: df-pn by thresholds on request (alpha-beta is the default there), the same score and a line.
    const area = (await run('solve', '--graph', 'grid 2 2', '--rules', 'area', '--method', 'dfpn')).out;
    expect(area).toContain('optimal score: B+1');
    expect(area).toMatch(/line: B .*pass, B pass|line: B .*pass, W pass/);
    const stopped = JSON.parse((await run('solve', '--graph', 'grid 3 3', '--rules', 'area', '--method', 'dfpn', '--max-nodes', '300', '--json', '--no-progress')).out);
    expect(stopped).toMatchObject({ status: 'unknown', score: null, reason: 'max-nodes' });
    expect(stopped.lower).toBeLessThanOrEqual(9);
    expect(stopped.upper).toBeGreaterThanOrEqual(9);
    expect((await run('solve', '--graph', 'path 3', '--rules', 'area scoring=territory', '--method', 'dfpn')).err).toMatch(/not territory/);
    const bad = await run('solve', '--graph', 'path 3', '--method', 'pns');
    expect(bad).toMatchObject({ code: 1, err: 'graphgo: --method must be dfpn or alphabeta, got "pns"\n' });
  });

  it('measurement switches give the same answer', async () => {
    const r = await run('solve', '--graph', 'grid 2 2', '--rules', 'area', '--no-tt', '--no-symmetry', '--no-benson');
    expect(r.out).toContain('optimal score: B+1');
  });

  it('user errors', async () => {
    expect((await run('solve')).err).toContain('give exactly one of --graph SPEC, --family SPEC or --graphs FILE');
    expect((await run('solve', '--graph', 'grid 6 6')).err).toContain('at most 32 vertices');
    expect((await run('solve', '--graph', 'path 3', '--rules', 'kim')).err).toContain('superko');
    expect((await run('solve', '--graph', 'path 3', '--komi', 'x')).err).toContain('--komi must be a number, got "x"');
    expect((await run('solve', '--graph', 'path 3', '--komi', '1e309')).err).toContain('--komi must be a number, got "1e309"');
    expect((await run('solve', '--graph', 'path 3', '--komi', '- 5')).err).toContain('--komi must be a number, got "- 5"');
    // Counters are 16-bit half points in the table keys: a komi past 10000 would wrap (cycle 5, whose komi is -1,
    // came out black's at komi 2147483647), so it is refused, on both sides and under --rules too.
    for (const komi of ['2147483647', '-2147483647', '10000.5', '1e308']) {
      const r = await run('solve', '--graph', 'cycle 5', '--komi', komi, '--no-progress');
      expect(r).toMatchObject({ code: 1, out: '' });
      expect(r.err).toContain(`the exact solver takes a komi of at most 10000 in size, got ${Number(komi)}`);
    }
    expect((await run('solve', '--graph', 'cycle 5', '--rules', 'famine komi=20000', '--no-progress')).err).toContain('at most 10000');
    expect((await run('solve', '--graph', 'path 2', '--komi', '10000', '--no-progress')).out).toContain('winner: W+M');
    // The exponent form the rules and GTP's komi take: 5e-1 is komi 0.5.
    expect((await run('solve', '--graph', 'path 3', '--komi', '5e-1', '--no-progress')).out).toContain('komi=0.5');
    expect((await run('solve', '--graph', 'nope 3')).code).toBe(1);
    expect((await run('solve', '--family', 'cycle 5..3')).err).toContain('invalid family');
    expect((await run('solve', '--graph', 'path 3', '--tt-bits', '15')).err).toContain('--tt-bits');
    expect((await run('solve', '--graph', 'path 3', '--tt-bits', '27')).code).toBe(1);
    expect((await run('solve', '--graph', 'path 3', '--jobs', '2')).err).toContain('--jobs solves the graphs of a family side by side: use it with --family or --graphs');
    expect((await run('solve', '--family', 'cycle 3..5', '--jobs', '0')).err).toContain('--jobs must be a whole number from 1 to 256, got "0"');
    expect((await run('solve', '--family', 'cycle 3..5', '--jobs', '2x')).code).toBe(1);
    expect((await run('solve', '--graph', 'path 3', '--estimate-cap', '0')).err).toContain('--estimate-cap must be a whole number from 1 to 1000000000, got "0"');
    expect((await run('solve', '--graph', 'path 3', '--estimate-cap', '2.5')).code).toBe(1);
    expect((await run('solve', '--graph', 'path 3', '--required-items', '1')).err).toContain('--required-items must be a whole number from 2 to 16, got "1"');
    expect((await run('solve', '--graph', 'path 3', '--required-items', '17')).code).toBe(1);
  });

  it('--tt-bits, --no-signatures, --no-exact-sets, --no-winner-moves-only, --no-stabiliser-probes, --no-tied-proofs-in-turn and --estimate-cap keep the answer', async () => {
    const small = JSON.parse((await run('solve', '--graph', 'complete 5', '--tt-bits', '16', '--json', '--no-progress')).out);
    const large = JSON.parse((await run('solve', '--graph', 'complete 5', '--tt-bits', '22', '--json', '--no-progress')).out);
    expect(small).toMatchObject({ status: 'solved', komi: -1 });
    expect(large).toMatchObject({ status: 'solved', komi: -1 });
    const plain = JSON.parse((await run('solve', '--graph', 'complete 5', '--no-signatures', '--json', '--no-progress')).out);
    expect(plain).toMatchObject({ status: 'solved', komi: -1 });
    const noRecords = JSON.parse(
      (
        await run(
          'solve', '--graph', 'complete 5', '--no-exact-sets', '--no-winner-moves-only', '--no-stabiliser-probes', '--no-counter-lead', '--no-tied-proofs-in-turn',
          '--estimate-cap', '256', '--required-items', '2', '--json', '--no-progress',
        )
      ).out,
    );
    // The komi search without records, with conditions on every colouring, one automorphism per key, both counters
    // kept, first-visit estimates capped at 256, proofs resting on two earlier positions at most and a bucket full of
    // one state's proofs taking only a costlier one: docs/solver.md measured 44,643 before all seven; 43,129 since
    // 2026-12-02, when the winning line is read from the table's proofs and such a bucket makes room for a larger one.
    expect(noRecords).toMatchObject({ status: 'solved', komi: -1, nodes: 43129 });
    const cap256 = JSON.parse((await run('solve', '--graph', 'complete 5', '--estimate-cap', '256', '--json', '--no-progress')).out);
    expect(cap256).toMatchObject({ status: 'solved', komi: -1 });
    expect(cap256.nodes).toBeLessThan(43129 / 10);
    // The default, estimates capped at 4: 806 expansions against 1,534 (docs/solver.md, "Working numbers").
    const lead = JSON.parse((await run('solve', '--graph', 'complete 5', '--json', '--no-progress')).out);
    expect(lead).toMatchObject({ status: 'solved', komi: -1 });
    expect(lead.nodes).toBeLessThan(cap256.nodes);
  });
});

describe('graphgo solve --pv-length 0', () => {
  it('gives the answer without working out its line, in fewer nodes', async () => {
    const bare = await run('solve', '--graph', 'cycle 7', '--komi', '0', '--pv-length', '0');
    expect(bare.code).toBe(0);
    expect(bare.out).toContain('winner: W+M');
    expect(bare.out).toContain('line: not worked out');
    const json = JSON.parse((await run('solve', '--graph', 'cycle 7', '--komi', '0', '--pv-length', '0', '--json')).out);
    const full = JSON.parse((await run('solve', '--graph', 'cycle 7', '--komi', '0', '--json')).out);
    // Nothing of a line not asked for was cut: pvTruncated is false, as in the komi search and under area scoring.
    expect(json).toMatchObject({ status: 'solved', winner: 'W', pv: [], pvTruncated: false });
    const komiJson = JSON.parse((await run('solve', '--graph', 'cycle 5', '--pv-length', '0', '--json')).out);
    expect(komiJson).toMatchObject({ komi: -1, pv: [], pvTruncated: false });
    const area = JSON.parse((await run('solve', '--graph', 'grid 2 2', '--rules', 'area', '--pv-length', '0', '--json')).out);
    expect(area).toMatchObject({ status: 'solved', pv: [], pvTruncated: false });
    // The line takes expansions of its own, even read from the table.
    expect(full.pv.length).toBeGreaterThan(1);
    expect(json.nodes).toBeLessThan(full.nodes);
    const komi = await run('solve', '--graph', 'cycle 5', '--pv-length', '0');
    expect(komi.out).toContain("komi of the graph: -1 (black wins at komi -1, white wins at komi 0)\nblack's winning line at komi -1: not worked out");
    expect((await run('solve', '--graph', 'cycle 5', '--pv-length', 'x')).err).toContain('--pv-length must be a whole number');
  });
});

describe('graphgo solve --table: a long solve saved and resumed', () => {
  const dir = mkdtempSync(join(tmpdir(), 'graphgo-table-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('a komi search stopped at a node limit resumes from the saved table and needs fewer nodes than a fresh one', async () => {
    const file = join(dir, 'grid33.tbl');
    const first = await run('solve', '--graph', 'grid 3 3', '--tt-bits', '16', '--estimate-cap', '256', '--max-nodes', '20000', '--table', file, '--json');
    expect(first.code).toBe(0);
    expect(JSON.parse(first.out)).toMatchObject({ status: 'unknown', reason: 'max-nodes', nodes: 20000 });
    expect(first.err).toMatch(/no table in .* yet: starting afresh/);
    expect(first.err).toMatch(/table saved to .* \(\d+ entries\)/);
    expect(existsSync(file)).toBe(true);
    expect(existsSync(`${file}.tmp`)).toBe(false);
    const resumed = await run('solve', '--graph', 'grid 3 3', '--tt-bits', '16', '--estimate-cap', '256', '--table', file, '--json');
    expect(resumed.err).toMatch(/resuming from .* \(\d+ entries\)/);
    const fresh = await run('solve', '--graph', 'grid 3 3', '--tt-bits', '16', '--estimate-cap', '256', '--json');
    const r = JSON.parse(resumed.out);
    const f = JSON.parse(fresh.out);
    // The same komi as docs/solver.md (6); measured: 41,225 nodes resumed against 143,985 fresh (first-visit estimates
    // capped at 256, the default before 2026-11-29, under which grid 3 3 takes the fewest nodes).
    expect(r).toMatchObject({ status: 'solved', komi: 6 });
    expect(f).toMatchObject({ status: 'solved', komi: 6 });
    expect(r.nodes).toBeLessThan(f.nodes * 0.75);
    // The table serves another komi too: its keys hold the counters, and the komi only sets them at the start.
    const atKomi = JSON.parse((await run('solve', '--graph', 'grid 3 3', '--tt-bits', '16', '--estimate-cap', '256', '--komi', '0', '--table', file, '--json')).out);
    expect(atKomi).toMatchObject({ status: 'solved', winner: 'B' });
  });

  it('loads a table saved before proofs recorded their histories (no last array), and its proofs still serve', async () => {
    const file = join(dir, 'cycle7.tbl');
    const args = ['solve', '--graph', 'cycle 7', '--komi', '0', '--tt-bits', '16', '--table', file, '--json'];
    const first = JSON.parse((await run(...args)).out);
    expect(first).toMatchObject({ status: 'solved', winner: 'W' });
    // The layout before 2026-12-02: the same header and arrays without the last one (8 bytes an entry).
    const bytes = readFileSync(file);
    const end = bytes.indexOf(10);
    const header = JSON.parse(bytes.subarray(0, end).toString()) as { lengths: number[] };
    const origins = header.lengths.pop() as number;
    expect(origins).toBe(8 * 2 ** 16);
    const old = join(dir, 'cycle7-old.tbl');
    writeFileSync(old, Buffer.concat([Buffer.from(JSON.stringify(header) + '\n'), bytes.subarray(end + 1, bytes.length - origins)]));
    const resumed = await run('solve', '--graph', 'cycle 7', '--komi', '0', '--tt-bits', '16', '--table', old, '--json');
    expect(resumed.code).toBe(0);
    expect(resumed.err).toMatch(/resuming from .* \((\d+) entries\)/);
    const again = JSON.parse(resumed.out);
    // The root's children are proved in the table: the answer takes a handful of expansions, not the first solve's.
    expect(again).toMatchObject({ status: 'solved', winner: 'W' });
    expect(again.nodes).toBeLessThan(first.nodes / 10);
    // Saved again in today's layout, with the array.
    expect(readFileSync(old).length).toBe(bytes.length);
  });

  it('refuses a table made for another graph, other rules, another size or a damaged file, before searching', async () => {
    const file = join(dir, 'path5.tbl');
    expect((await run('solve', '--graph', 'path 5', '--tt-bits', '16', '--table', file)).code).toBe(0);
    const other = await run('solve', '--graph', 'cycle 5', '--tt-bits', '16', '--table', file);
    expect(other).toMatchObject({ code: 1, out: '' });
    expect(other.err).toContain('made for another graph');
    expect((await run('solve', '--graph', 'path 5', '--tt-bits', '17', '--table', file)).err).toContain('made for --tt-bits 16');
    // Another seed lays the table out differently: refused both ways.
    expect((await run('solve', '--graph', 'path 5', '--tt-bits', '16', '--table-seed', '3', '--table', file)).err).toContain('made for --table-seed 0');
    const seeded = join(dir, 'path5-seed3.tbl');
    expect((await run('solve', '--graph', 'path 5', '--tt-bits', '16', '--table-seed', '3', '--table', seeded)).code).toBe(0);
    expect((await run('solve', '--graph', 'path 5', '--tt-bits', '16', '--table', seeded)).err).toContain('made for --table-seed 3');
    expect((await run('solve', '--graph', 'path 5', '--tt-bits', '16', '--table-seed', '3', '--table', seeded)).code).toBe(0);
    expect((await run('solve', '--graph', 'path 5', '--tt-bits', '16', '--rules', 'famine suicide=forbidden', '--table', file)).err).toContain(
      'made for other rules',
    );
    const damaged = join(dir, 'damaged.tbl');
    writeFileSync(damaged, readFileSync(file).subarray(0, 4000));
    expect((await run('solve', '--graph', 'path 5', '--tt-bits', '16', '--table', damaged)).err).toMatch(/truncated or damaged/);
    const text = join(dir, 'text.tbl');
    writeFileSync(text, 'not a table\n');
    expect((await run('solve', '--graph', 'path 5', '--table', text)).err).toContain('not a graphgo df-pn table');
    // A header line that parses but lacks a field, or says its table holds a negative or impossible count of entries:
    // the real table's header with one field changed.
    const bytes = readFileSync(file);
    const end = bytes.indexOf(10);
    const header = JSON.parse(bytes.subarray(0, end).toString()) as Record<string, unknown>;
    const edited = (name: string, change: Record<string, unknown>) => {
      const path = join(dir, name);
      const line = JSON.stringify(Object.fromEntries(Object.entries({ ...header, ...change }).filter(([, v]) => v !== undefined)));
      writeFileSync(path, Buffer.concat([Buffer.from(line), bytes.subarray(end)]));
      return path;
    };
    for (const name of ['no-lengths.tbl', 'negative.tbl']) {
      const path = edited(name, name === 'negative.tbl' ? { stored: -5 } : { lengths: undefined });
      expect(await run('solve', '--graph', 'path 5', '--tt-bits', '16', '--table', path)).toMatchObject({
        code: 1,
        out: '',
        err: `graphgo: ${path}: not a graphgo df-pn table\n`,
      });
    }
    const overfull = edited('overfull.tbl', { stored: 65537 });
    expect((await run('solve', '--graph', 'path 5', '--tt-bits', '16', '--table', overfull)).err).toBe(
      `graphgo: ${overfull}: 65537 entries in use in a table of 65536 (a damaged file)\n`,
    );
    // A directory where the file should be: said so, not an internal error.
    expect((await run('solve', '--graph', 'path 5', '--table', dir)).err).toBe(`graphgo: cannot read ${dir}: is a directory\n`);
    expect((await run('solve', '--family', 'cycle 3..4', '--table', file)).err).toContain('use it with --graph');
    expect((await run('solve', '--graph', 'path 5', '--method', 'alphabeta', '--table', join(dir, 'ab.tbl'))).err).toContain('--method dfpn');
    expect((await run('solve', '--graph', 'path 5', '--table', join(dir, 'missing', 'x.tbl'))).err).toContain('cannot write the table');
  });

  it('--table-dir: a table for each graph of a family, so that a family run resumes graph by graph', async () => {
    const tables = join(dir, 'family', 'tables');
    const list = join(dir, 'two.txt');
    writeFileSync(list, 'grid 3 3\ncycle 5\n');
    const args = ['solve', '--graphs', list, '--tt-bits', '16', '--estimate-cap', '256', '--table-dir', tables, '--no-progress'];
    const first = await run(...args, '--max-nodes', '20000', '--format', 'csv');
    expect(first.code).toBe(0);
    // 3x3 stops at the limit (its komi search takes 143,985 expansions fresh); cycle 5 settles within it (komi -1).
    expect(first.out).toMatch(/^grid 3 3,9,12,unknown/m);
    expect(first.out).toMatch(/^cycle 5,5,5,-1,/m);
    expect(first.err).toMatch(/solve grid 3 3: table saved to .*grid_3_3\.tbl \(\d+ entries\)/);
    expect(existsSync(join(tables, 'grid_3_3.tbl'))).toBe(true);
    expect(existsSync(join(tables, 'cycle_5.tbl'))).toBe(true);
    const resumed = await run(...args, '--json');
    expect(resumed.err).toMatch(/solve grid 3 3: resuming from .*grid_3_3\.tbl \(\d+ entries\)/);
    const rows = JSON.parse(resumed.out);
    expect(rows[0]).toMatchObject({ graph: 'grid 3 3', status: 'solved', komi: 6 });
    expect(rows[1]).toMatchObject({ graph: 'cycle 5', status: 'solved', komi: -1 });
    const fresh = JSON.parse((await run('solve', '--graph', 'grid 3 3', '--tt-bits', '16', '--estimate-cap', '256', '--json')).out);
    // The first run's 20,000 expansions are not searched again (the single-graph --table test: 41,225 against 143,985).
    expect(rows[0].nodes).toBeLessThan(fresh.nodes * 0.75);
    // The tables keep their own settings: another table size is refused by name, before that graph is searched.
    expect((await run('solve', '--graphs', list, '--tt-bits', '17', '--table-dir', tables, '--no-progress')).err).toContain('made for --tt-bits 16');
  });

  it('--table-dir is for families, in a directory it can write', async () => {
    expect((await run('solve', '--graph', 'path 5', '--table-dir', dir)).err).toContain('for one graph, use --table FILE');
    const file = join(dir, 'a-file');
    writeFileSync(file, 'x');
    const r = await run('solve', '--family', 'cycle 3..4', '--table-dir', file);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/--table-dir: cannot make .*a-file|--table-dir: .*a-file is not a directory/);
    expect((await run('solve', '--family', 'cycle 3..4', '--table-dir', join(file, 'below'))).err).toContain('--table-dir: cannot make');
    // A graph listed twice would have two solves share one file.
    const twice = join(dir, 'twice.txt');
    writeFileSync(twice, 'cycle 5\npath 4\n  cycle   5 komi-within=-2..0\n');
    const shared = await run('solve', '--graphs', twice, '--table-dir', join(dir, 'twice'));
    expect(shared).toMatchObject({ code: 1, out: '' });
    expect(shared.err).toContain('graph 3 (cycle 5) is graph 1 again');
    // Area scores are solved by alpha-beta, whose table is not saved: refused before the family's first line.
    const area = await run('solve', '--family', 'path 2..3', '--rules', 'area', '--table-dir', join(dir, 'area'));
    expect(area).toMatchObject({ code: 1, out: '' });
    expect(area.err).toContain('--table-dir keeps proof-number search tables: use it with --method dfpn');
    expect(existsSync(join(dir, 'area'))).toBe(false);
  });

  it("a graph's table file is named from its spec, one file a graph", () => {
    expect(tableFileFor('/t', 'grid 3 3')).toBe(join('/t', 'grid_3_3.tbl'));
    // Spacing does not change the graph, so it does not change the file.
    expect(tableFileFor('/t', '  grid   3 3 ')).toBe(tableFileFor('/t', 'grid 3 3'));
    // Arcs and underscores are written out, so no two specs share a name.
    expect(tableFileFor('/t', 'edges 3 1>2 2-3')).toBe(join('/t', 'edges_3_1%3E2_2-3.tbl'));
    expect(tableFileFor('/t', 'a_b')).not.toBe(tableFileFor('/t', 'a b'));
    // A spec of many edges: a name a file system takes, still one per spec.
    const edges = (last: string) => `edges 32 ${Array.from({ length: 60 }, (_, i) => `${(i % 31) + 1}-${(i % 31) + 2}`).join(' ')} ${last}`;
    const long = tableFileFor('/t', edges('1-32'));
    expect(long.length).toBeLessThan(200);
    expect(long).not.toBe(tableFileFor('/t', edges('2-32')));
  });
});

describe('graphgo count', () => {
  it('prints the exact count, and how on stderr', async () => {
    const r = await run('count', '--graph', 'grid 3 3');
    expect(r).toMatchObject({ code: 0, out: '12675\n' });
    expect(r.err).toMatch(/^9 vertices, frontier 3, up to \d+ states/);
    expect((await run('count', '--graph', 'edges 2 1>2')).out).toBe('3\n');
    expect(JSON.parse((await run('count', '--graph', 'grid 5 5', '--json')).out)).toMatchObject({
      count: '414295148741',
      vertices: 25,
      frontier: 5,
    });
  });
  it('needs a graph', async () => {
    expect((await run('count')).err).toContain('missing --graph');
  });
  it('--max-seconds stops a count, with how far it got', async () => {
    const r = await run('count', '--graph', 'grid 10 10', '--max-seconds', '0.3', '--no-progress');
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    expect(r.err).toMatch(/^graphgo: cannot count grid 10 10: stopped at --max-seconds 0.3 after \d+ of 100 vertices \([\d,]+ frontier states\)\n$/);
    expect((await run('count', '--graph', 'grid 3 3', '--max-seconds', 'x')).err).toContain('--max-seconds');
    // A board's limits: a path of 4 million vertices took 7 s and 1.7 GB of set-up before the first check of the time
    // limit (and a path of 16.7 million never reached it); it is refused before anything is built.
    const long = await run('count', '--graph', 'path 4000000', '--max-seconds', '1', '--no-progress');
    expect(long).toMatchObject({ code: 1, out: '' });
    expect(long.err).toBe("graphgo: invalid graph: path 4000000 has 4000000 vertices, too large (limit 250000)\n");
  });
});

describe('--bot solver', () => {
  const solveFirstMove = (options: { playouts?: number; maxNodes?: number }): SolverBot => {
    const created = createBot('solver', { seed: '1', ...options });
    if (!created.ok) throw new Error(created.error.message);
    const bot = created.value as SolverBot;
    bot.genmove(new Game(graphOf('grid 3 3'), rulesOf('area')), 1);
    return bot;
  };

  it('takes its node budget from --max-nodes, and leaves --playouts to its fallback player', () => {
    expect(solveFirstMove({ maxNodes: 50 }).lastSolve?.status).toBe('unknown');
    expect(solveFirstMove({ playouts: 50 }).lastSolve?.status).toBe('solved');
  });

  it('refuses a bad budget on the command line', async () => {
    const r = await run('gtp', '--bot', 'solver', '--max-nodes', '1.5');
    expect(r).toMatchObject({ code: 1, err: 'graphgo: --max-nodes must be a positive whole number, got "1.5"\n' });
  });
});
