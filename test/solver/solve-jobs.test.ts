/**
 * `graphgo solve --family ... --jobs N`: the rows in the family's order whatever order they are solved in
 * (FamilyOutput), and the built command on a pool of worker threads: the same rows as one at a time, and Ctrl-C.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { FamilyOutput } from '../../cli/family-output.js';
import type { SolveRecord } from '../../cli/solve-command.js';
import { ENGINE_MAIN, ensureDist } from '../gtp/build-dist.js';

function record(graph: string, komi: number): SolveRecord {
  return { graph, vertices: 3, edges: 3, arcs: 0, rules: 'famine', kind: 'komi', status: 'solved', reason: null, komi, pv: [], pvTruncated: false, nodes: 10, seconds: 0.5 };
}

describe('FamilyOutput', () => {
  it('writes each row once it and every earlier row are in, so rows solved out of order come out in order', () => {
    const writes: string[] = [];
    const out = new FamilyOutput('komi', 'csv', (t) => writes.push(t));
    out.add(2, record('c', 2));
    out.add(1, record('b', 1));
    // Row 0 is missing: nothing but the header yet.
    expect(writes).toEqual(['graph,vertices,edges,komi,nodes,seconds\n']);
    out.add(0, record('a', 0));
    expect(writes.slice(1)).toEqual(['a,3,3,0,10,0.50\n', 'b,3,3,1,10,0.50\n', 'c,3,3,2,10,0.50\n']);
    out.finish();
  });

  it('keeps a JSON array whole, and calls a missing or doubled row a bug', () => {
    let text = '';
    const out = new FamilyOutput('komi', 'json', (t) => (text += t));
    out.add(1, record('b', 1));
    out.add(0, record('a', 0));
    out.finish();
    expect((JSON.parse(text) as SolveRecord[]).map((r) => r.graph)).toEqual(['a', 'b']);
    const gap = new FamilyOutput('komi', 'markdown', () => {});
    gap.add(1, record('b', 1));
    expect(() => gap.finish()).toThrow('row 0 missing');
    expect(() => gap.add(1, record('b', 1))).toThrow('row 1 twice');
  });
});

describe('graphgo solve --jobs (the built command)', () => {
  beforeAll(async () => {
    await ensureDist();
  }, 120_000);

  it('solves a family on worker threads with the same rows, nodes included, as one graph at a time', async () => {
    const solve = async (...more: string[]): Promise<SolveRecord[]> => {
      const what = more[0] === '--graphs' ? [] : ['--family', 'connected 5..5'];
      const { stdout } = await promisify(execFile)(process.execPath, [ENGINE_MAIN, 'solve', ...what, '--json', '--no-progress', ...more]);
      return JSON.parse(stdout) as SolveRecord[];
    };
    const [alone, side] = await Promise.all([solve(), solve('--jobs', '3')]);
    // The 21 connected graphs on 5 vertices (docs/solver-komi-table.md); seconds are the only column that may differ.
    expect(alone).toHaveLength(21);
    const withoutTime = (rows: SolveRecord[]) => rows.map(({ seconds: _, ...rest }) => rest);
    expect(withoutTime(side)).toEqual(withoutTime(alone));
    expect(side.every((r) => r.status === 'solved')).toBe(true);
    // The same graphs from a --graphs list, backwards, on 2 threads: the rows in the list's order.
    const dir = mkdtempSync(join(tmpdir(), 'graphgo-jobs-'));
    try {
      const list = join(dir, 'list.txt');
      writeFileSync(list, ['# connected 5..5, backwards', ...alone.map((r) => r.graph).reverse()].join('\n'));
      const fromList = await solve('--graphs', list, '--jobs', '2');
      expect(withoutTime(fromList)).toEqual(withoutTime(alone).reverse());
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('Ctrl-C ends the graphs being solved as "interrupted", prints their rows in order, starts no more and exits 130', async () => {
    // Complete 5 is solved at once; complete 7's komi search takes tens of millions of expansions
    // (docs/solver-komi-table-7.md) and complete 8's is open, so both run until the signal, and complete 9 never
    // starts. (Complete 6 is settled in a few seconds since 2026-12-01.)
    const dir = mkdtempSync(join(tmpdir(), 'graphgo-jobs-interrupt-'));
    try {
      const list = join(dir, 'complete.txt');
      writeFileSync(list, 'complete 5\ncomplete 7\ncomplete 8\ncomplete 9\n');
      const child = spawn(process.execPath, [ENGINE_MAIN, 'solve', '--graphs', list, '--jobs', '2', '--tt-bits', '16', '--json']);
      let out = '';
      let err = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      child.stderr.on('data', (d: Buffer) => {
        err += d.toString();
        // Both open graphs have reported progress (after 2 s of search each): both are under way.
        if (/solve complete 7: \d+ nodes/.test(err) && /solve complete 8: \d+ nodes/.test(err) && !child.killed) child.kill('SIGINT');
      });
      const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
      expect(code).toBe(130);
      const rows = JSON.parse(out) as SolveRecord[];
      expect(rows.map((r) => [r.graph, r.status, r.reason])).toEqual([
        ['complete 5', 'solved', null],
        ['complete 7', 'unknown', 'interrupted'],
        ['complete 8', 'unknown', 'interrupted'],
      ]);
      expect(err).toContain('stopping the graphs being solved; no more will start');
      expect(err).toContain('graphgo: interrupted');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
