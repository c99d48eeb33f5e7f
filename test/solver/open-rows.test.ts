/**
 * docs/solver-open-7.txt lists the rows of docs/solver-komi-table-7.md still unknown, with their proved intervals, in
 * the format `graphgo solve --graphs` reads: the two must say the same, so that a run of the file is a run of exactly
 * the open rows of the table.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runGraphgo } from './run-cli.js';

const docs = new URL('../../docs/', import.meta.url);

/** The table's open rows (before its first section) as `SPEC komi-within=LO..HI` lines, in the table's order. */
function openRowsOfTable(): string[] {
  const table = readFileSync(new URL('solver-komi-table-7.md', docs), 'utf8').split(/^## /m)[0];
  const rows: string[] = [];
  for (const line of table.split('\n')) {
    const m = /^\| `(edges [^`]*)` \| \d+ \| unknown \((-?\d+)\.\.(-?\d+)\)/.exec(line);
    if (m !== null) rows.push(`${m[1]} komi-within=${m[2]}..${m[3]}`);
  }
  return rows;
}

describe('docs/solver-open-7.txt', () => {
  it("is the table's open rows with their intervals, and graphgo reads it whole", async () => {
    const path = new URL('solver-open-7.txt', docs);
    const lines = readFileSync(path, 'utf8')
      .split('\n')
      .filter((l) => l.trim() !== '' && !l.startsWith('#'));
    const open = openRowsOfTable();
    // Every unknown row of the table has a proved interval (docs/solver-komi-table-7.md, its header).
    expect(open.length).toBeGreaterThan(0);
    expect(lines).toEqual(open);
    const listed = await runGraphgo('solve', '--graphs', path.pathname, '--list');
    expect(listed.code).toBe(0);
    expect(listed.out.trim().split('\n')).toEqual(open);
  });
});
