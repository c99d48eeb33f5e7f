/**
 * scripts/solver-run-summary.mjs (what one run over open rows did) and scripts/solver-komi-summary.mjs (where a whole
 * komi table stands, as the head sentence and per-edge table of docs/solver-komi-table-8.md), on small tables whose
 * answers are counted by hand.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runScript } from './run-script.js';

const dir = mkdtempSync(join(tmpdir(), 'graphgo-summary-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const HEADER = 'graph,vertices,edges,komi,nodes,seconds';

function file(name: string, lines: string[]): string {
  const path = join(dir, name);
  writeFileSync(path, lines.join('\n') + '\n');
  return path;
}

const run = runScript;

describe('scripts/solver-run-summary.mjs', () => {
  // A run at 100 million nodes and 1000 s a row: two settled, one narrowed inside what it was given, one unbounded
  // row given a first bound (narrowed too), and one open row at each of the node limit, the time limit and Ctrl-C.
  const runCsv = file('run.csv', [
    HEADER,
    'edges 3 1-2 2-3,3,2,0 (-2..0 given),40000000,200.00',
    'edges 3 1-2 1-3 2-3,3,3,0 (-1..0 given),20000000,100.00',
    'edges 4 1-2 2-3 3-4,4,3,unknown (-1..0; -2..0 given),100000000,400.00',
    'edges 4 1-2 1-3 1-4,4,3,unknown (>= 0),100000000,500.00',
    'edges 4 1-2 1-3 1-4 2-3,4,4,unknown (-2..0; -2..0 given),100000000,800.00',
    'edges 4 1-2 1-3 1-4 2-4,4,4,unknown (-2..0; -2..0 given),60000000,1000.20',
    'edges 4 1-2 1-3 1-4 3-4,4,4,unknown (-2..0; -2..0 given),10000000,50.00',
  ]);

  it('sorts the rows into settled, narrowed and why the rest stopped, with totals and the median speed', () => {
    const r = run('solver-run-summary.mjs', runCsv, '--max-nodes', '100000000', '--max-seconds', '1000');
    expect(r.code).toBe(0);
    expect(r.out.split('\n')).toEqual([
      '7 rows, 430,000,000 expansions, 3,050 s',
      // 20 and 40 million: the median of two is their mean.
      'settled 2 (komi 0 for 2), expansions 20.0M to 40.0M, median 30.0M',
      'narrowed 2',
      'open 3 (cut short for 1, node limit for 1, time limit for 1)',
      '  2 edges: settled for 1',
      '  3 edges: narrowed for 2, settled for 1',
      '  4 edges: cut short for 1, node limit for 1, time limit for 1',
      // The six rows not cut short ran at 200, 200, 250, 200, 125 and 60 thousand a second.
      'the 6 rows not cut short: 100 to 1000 s each, median 200 thousand expansions a second',
      '',
    ]);
  });

  it('without the limits, calls an open row stopped', () => {
    const r = run('solver-run-summary.mjs', runCsv);
    expect(r.code).toBe(0);
    expect(r.out).toContain('open 3 (stopped for 3)');
  });

  it('counts a run at one komi by winner, the open rows by why they stopped', () => {
    const atZero = file('at-zero.csv', [
      'graph,vertices,edges,winner,nodes,seconds',
      'edges 3 1-2 2-3,3,2,B+M,30000000,100.00',
      'edges 3 1-2 1-3 2-3,3,3,B+M,10000000,50.00',
      'edges 4 1-2 2-3 3-4,4,3,W+M,20000000,100.00',
      'edges 4 1-2 1-3 1-4,4,3,unknown,100000000,400.00',
    ]);
    const r = run('solver-run-summary.mjs', atZero, '--max-nodes', '100000000');
    expect(r.code).toBe(0);
    expect(r.out.split('\n')).toEqual([
      '4 rows, 160,000,000 expansions, 650 s',
      'decided 3 (black for 2, white for 1), expansions 10.0M to 30.0M, median 20.0M',
      'open 1 (node limit for 1)',
      '  2 edges: decided for 1',
      '  3 edges: decided for 2, node limit for 1',
      // 300, 200, 200 and 250 thousand a second.
      'the 4 rows not cut short: 50 to 400 s each, median 225 thousand expansions a second',
      '',
    ]);
  });

  it('refuses bad arguments with the usage, and a file that is not a komi table', () => {
    const none = run('solver-run-summary.mjs');
    expect(none.code).toBe(2);
    expect(none.err).toContain('usage:');
    const badLimit = run('solver-run-summary.mjs', runCsv, '--max-nodes', 'lots');
    expect(badLimit.code).toBe(2);
    expect(badLimit.err).toContain('--max-nodes takes a positive number');
    const notCsv = run('solver-run-summary.mjs', fileURLToPath(new URL('../../README.md', import.meta.url)));
    expect(notCsv.code).toBe(1);
    expect(notCsv.err).toContain('not a komi table in CSV');
    const badCell = run('solver-run-summary.mjs', file('bad.csv', [HEADER, 'edges 2 1-2,2,1,maybe,5,0.01']));
    expect(badCell.code).toBe(1);
    expect(badCell.err).toContain('not a komi or an unknown: "maybe"');
  });
});

describe('scripts/solver-komi-summary.mjs', () => {
  // Settled: komi 1 twice and 3 once, on 2 and 3 edges; unknown: 5..6 twice and >= 0 once (3 and 4 edges), and
  // three rows with no bound from 5 edges up, past the last settled row, so that 4 to 7 edges share one table row.
  const table = file('table.csv', [
    HEADER,
    'edges 3 1-2 2-3,3,2,1,10,0.01',
    'edges 3 1-3 2-3,3,2,3,10,0.01',
    'edges 3 1-2 1-3 2-3,3,3,1,10,0.01',
    'edges 4 1-2 2-3 3-4,4,3,unknown (5..6),10,0.01',
    'edges 4 1-2 1-3 1-4 2-3,4,4,unknown (5..6),10,0.01',
    'edges 4 1-2 1-3 1-4 3-4,4,4,unknown (>= 0),10,0.01',
    'edges 4 1-2 1-3 1-4 2-3 2-4,4,5,unknown,10,0.01',
    'edges 4 1-2 1-3 1-4 2-3 2-4 3-4,4,6,unknown,10,0.01',
    'edges 5 1-2 1-3 1-4 1-5 2-3 2-4 3-4,5,7,unknown,10,0.01',
  ]);
  const sentence =
    '3 of the 9 settled (komi 1 for 2, 3 for 1); 6 unknown, 3 of them with proved bounds (>= 0 for 1, 5..6 for 2), ' +
    '3 with none, all of 5 edges or more.';
  const markdownTable = [
    '| edges | graphs | settled | komi 1 | komi 2 | komi 3 | unknown with bounds | unknown, no bound |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|',
    '| 2 | 2 | 2 | 1 |  | 1 |  |  |',
    '| 3 | 2 | 1 | 1 |  |  | 1 |  |',
    '| 4 to 7 | 5 | 0 |  |  |  | 2 | 3 |',
    '| all | 9 | 3 | 2 |  | 1 | 3 | 3 |',
  ];

  it('prints the sentence and the table by edges', () => {
    const r = run('solver-komi-summary.mjs', table);
    expect(r.code).toBe(0);
    expect(r.out).toBe(`${sentence}\n\n${markdownTable.join('\n')}\n`);
  });

  it('names the three commonest intervals and counts the rest together', () => {
    const intervals = ['0..1', '0..1', '0..1', '1..2', '1..2', '2..3', '2..3', '3..4', '4..5'];
    const rows = intervals.map((k, i) => `edges 3 1-2 2-3 x${i},3,2,unknown (${k}),10,0.01`);
    const r = run('solver-komi-summary.mjs', file('many.csv', [HEADER, 'edges 2 1-2,2,1,0,5,0.01', ...rows]));
    expect(r.code).toBe(0);
    expect(r.out.split('\n')[0]).toBe(
      '1 of the 10 settled (komi 0 for 1); 9 unknown, each with a proved bound (0..1 for 3, 1..2 for 2, 2..3 for 2, ' +
        '2 in 2 other intervals).',
    );
  });

  it('with --md, rewrites the paragraph and the table in place, wrapped at 120 columns, the rest untouched', () => {
    const doc = [
      '# A table',
      '',
      '**Where it stands (2026-01-01):** 1 of the 2 settled (komi 0 for 1); 1 unknown, 1 with none, all of 3 edges or',
      'more. Two runs, merged.',
      '',
      '| edges | graphs | settled | komi 0 | unknown with bounds | unknown, no bound |',
      '|---:|---:|---:|---:|---:|---:|',
      '| all | 2 | 1 | 1 |  | 1 |',
      '',
      'After.',
      '',
    ].join('\n');
    const md = file('doc.md', [doc]);
    const r = run('solver-komi-summary.mjs', table, '--md', md, '--date', '2026-02-03');
    expect(r.code).toBe(0);
    const words = `**Where it stands (2026-02-03):** ${sentence} Two runs, merged.`;
    const paragraph = [words.slice(0, words.lastIndexOf(' ', 120)), words.slice(words.lastIndexOf(' ', 120) + 1)];
    expect(paragraph[0].length).toBeLessThanOrEqual(120);
    expect(paragraph[1].length).toBeLessThanOrEqual(120);
    expect(readFileSync(md, 'utf8')).toBe(
      ['# A table', '', ...paragraph, '', ...markdownTable, '', 'After.', '', ''].join('\n'),
    );
  });

  it('never starts a wrapped line with a word Markdown would read as a block quote', () => {
    // Whatever the text before it, ">= 0" must not begin a line (it would turn the rest into a quotation).
    const quoted = file('quoted.csv', [
      HEADER,
      'edges 2 1-2,2,1,0,5,0.01',
      'edges 3 1-2 2-3,3,2,unknown (<= -1),10,0.01',
      'edges 3 1-2 1-3 2-3,3,3,unknown (>= 0),10,0.01',
    ]);
    for (let pad = 1; pad <= 121; pad++) {
      const md = file('pad.md', [
        `${'a'.repeat(pad)} **Where it stands (2026-01-01):** 0 of the 1 settled; none unknown.`,
        '',
        ...markdownTable,
      ]);
      const r = run('solver-komi-summary.mjs', quoted, '--md', md);
      expect(r.code).toBe(0);
      const lines = readFileSync(md, 'utf8').split('\n');
      expect(lines.filter((l) => /^\s*>/.test(l))).toEqual([]);
      expect(lines.every((l) => l.length <= 120 || !l.includes(' '))).toBe(true);
    }
  });

  it('refuses a document without the paragraph or the table, and bad arguments, leaving the file as it was', () => {
    const plain = file('plain.md', ['# Nothing here', '']);
    const r = run('solver-komi-summary.mjs', table, '--md', plain);
    expect(r.code).toBe(1);
    expect(r.err).toContain('no paragraph beginning "**Where it stands (DATE):** "');
    expect(readFileSync(plain, 'utf8')).toBe('# Nothing here\n\n');
    const noTable = file('notable.md', ['**Where it stands (2026-01-01):** 0 of the 1 settled; none unknown.', '']);
    const t = run('solver-komi-summary.mjs', table, '--md', noTable);
    expect(t.code).toBe(1);
    expect(t.err).toContain('no table from a "| edges | graphs |" line');
    const badDate = run('solver-komi-summary.mjs', table, '--md', plain, '--date', 'today');
    expect(badDate.code).toBe(2);
    expect(badDate.err).toContain('--date takes YYYY-MM-DD');
    const dateAlone = run('solver-komi-summary.mjs', table, '--date', '2026-01-01');
    expect(dateAlone.code).toBe(2);
    expect(dateAlone.err).toContain('--date goes with --md');
  });
});
