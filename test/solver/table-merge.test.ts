/**
 * scripts/solver-table-merge.mjs: a later run's rows merged into a komi table in CSV (how docs/solver-komi-table-8.csv
 * was made), and scripts/solver-open-rows.mjs reading the merged table back.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runScript } from './run-script.js';

const dir = mkdtempSync(join(tmpdir(), 'graphgo-merge-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const HEADER = 'graph,vertices,edges,komi,nodes,seconds';

function file(name: string, rows: string[], header = HEADER): string {
  const path = join(dir, name);
  writeFileSync(path, [header, ...rows].join('\n') + '\n');
  return path;
}

const run = runScript;

const base = file('base.csv', [
  'edges 3 1-2 2-3,3,2,1,10,0.01',
  'edges 3 1-2 1-3 2-3,3,3,unknown (5..6),100,0.50',
  'edges 4 1-2 2-3 3-4,4,3,unknown (>= 0),100,0.40',
  'edges 4 1-2 1-3 1-4,4,3,unknown,100,0.30',
]);

describe('scripts/solver-table-merge.mjs', () => {
  it("takes a later run's komi or narrower interval, adds its nodes and seconds, and leaves the other rows alone", () => {
    const later = file('later.csv', [
      'edges 3 1-2 1-3 2-3,3,3,5 (5..6 given),300,1.25',
      'edges 4 1-2 2-3 3-4,4,3,unknown (2..4; 0.. given),400,2.00',
      'edges 4 1-2 1-3 1-4,4,3,unknown,900,3.00',
    ]);
    const r = run('solver-table-merge.mjs', base, later);
    expect(r.code).toBe(0);
    expect(r.out.trim().split('\n')).toEqual([
      HEADER,
      'edges 3 1-2 2-3,3,2,1,10,0.01',
      'edges 3 1-2 1-3 2-3,3,3,5,400,1.75',
      'edges 4 1-2 2-3 3-4,4,3,unknown (2..4),500,2.40',
      'edges 4 1-2 1-3 1-4,4,3,unknown,1000,3.30',
    ]);
    // A later run's own cells, with the intervals it was given, read as the run reports them.
    const openLater = run('solver-open-rows.mjs', later);
    expect(openLater.code).toBe(0);
    expect(openLater.out.trim().split('\n')).toEqual(['edges 4 1-2 2-3 3-4 komi-within=2..4', 'edges 4 1-2 1-3 1-4']);
    const merged = join(dir, 'merged.csv');
    writeFileSync(merged, r.out);
    const open = run('solver-open-rows.mjs', merged);
    expect(open.code).toBe(0);
    expect(open.out.trim().split('\n')).toEqual(['edges 4 1-2 2-3 3-4 komi-within=2..4', 'edges 4 1-2 1-3 1-4']);
  });

  it('refuses a komi outside the interval the table proved, and a row the table lacks, printing no table', () => {
    const outside = run('solver-table-merge.mjs', base, file('outside.csv', ['edges 3 1-2 1-3 2-3,3,3,4,300,1.00']));
    expect(outside.code).toBe(1);
    expect(outside.out).toBe('');
    expect(outside.err).toContain('the runs disagree');
    const stranger = run('solver-table-merge.mjs', base, file('stranger.csv', ['edges 2 1-2,2,1,0,5,0.01']));
    expect(stranger.code).toBe(1);
    expect(stranger.out).toBe('');
    expect(stranger.err).toContain('is not a row of');
    const notCsv = run('solver-table-merge.mjs', base, fileURLToPath(new URL('../../README.md', import.meta.url)));
    expect(notCsv.code).toBe(1);
    expect(notCsv.err).toContain('not a komi table in CSV');
  });

  it('merges a run at one komi with --komi: black\'s win at K proves komi >= K, white\'s komi <= K - 1', () => {
    const atZero = file(
      'at-zero.csv',
      [
        // 5..6 in the table: white's win at 6 makes it 5.
        'edges 3 1-2 1-3 2-3,3,3,W+M,300,1.00',
        // >= 0 in the table: black's win at 6 makes it >= 6.
        'edges 4 1-2 2-3 3-4,4,3,B+M,400,2.00',
        'edges 4 1-2 1-3 1-4,4,3,unknown,900,3.00',
      ],
      'graph,vertices,edges,winner,nodes,seconds',
    );
    const r = run('solver-table-merge.mjs', base, atZero, '--komi', '6');
    expect(r.code).toBe(0);
    expect(r.out.trim().split('\n')).toEqual([
      HEADER,
      'edges 3 1-2 2-3,3,2,1,10,0.01',
      'edges 3 1-2 1-3 2-3,3,3,5,400,1.50',
      'edges 4 1-2 2-3 3-4,4,3,unknown (>= 6),500,2.40',
      'edges 4 1-2 1-3 1-4,4,3,unknown,1000,3.30',
    ]);
    // Read at komi 5, white's win would put the 5..6 row's komi at 4 or less: the runs disagree.
    const clash = run('solver-table-merge.mjs', base, atZero, '--komi', '5');
    expect(clash.code).toBe(1);
    expect(clash.out).toBe('');
    expect(clash.err).toContain('the runs disagree');
    const noKomi = run('solver-table-merge.mjs', base, atZero);
    expect(noKomi.code).toBe(2);
    expect(noKomi.err).toContain('give that komi with --komi K');
    const komiOnKomiTable = run('solver-table-merge.mjs', base, base, '--komi', '0');
    expect(komiOnKomiTable.code).toBe(2);
    expect(komiOnKomiTable.err).toContain('--komi is for a run at one komi');
    const badKomi = run('solver-table-merge.mjs', base, atZero, '--komi', 'zero');
    expect(badKomi.code).toBe(2);
    expect(badKomi.err).toContain('--komi takes an integer');
  });
});
