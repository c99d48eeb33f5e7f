/**
 * `graphgo bench positions`: positions from SGF files with moves to find and to avoid. On the empty 3x3 board under
 * area rules the centre is the only opening that wins (the solver's +9, docs/solver.md), and UCT finds it at 1,000
 * playouts; the same answer counts as found or as avoided by what the file says.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliCaptured } from '../helpers/cli.js';
import { readPositionCases, runPositions } from '../../bench/positions.js';

function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'graphgo-positions-'));
  writeFileSync(join(dir, 'c.sgf'), '(;FF[4]GM[1]SZ[3]KM[0.5];B[bb];W[aa])');
  return dir;
}

const cli = runCliCaptured;

describe('bench positions', () => {
  it('counts the move found, the move avoided and any other, per seed', () => {
    const dir = folder();
    const cases = readPositionCases(
      ['# the empty 3x3 board', '{"sgf":"c.sgf","move":1,"expect":["B2"],"avoid":["A1","C3"]}', '', '{"sgf":"c.sgf","move":1,"avoid":["b2"]}'].join('\n'),
      'p.jsonl',
    );
    if (!cases.ok) throw new Error(cases.error.message);
    expect(cases.value.map((c) => c.line)).toEqual([2, 4]);
    const seen: string[] = [];
    const summary = runPositions(
      cases.value.map((c) => ({ ...c, sgf: join(dir, c.sgf) })),
      { bot: { bot: 'uct', playouts: 1000 }, seed: 's', rules: 'area', seeds: 2, readFile: (p) => readFileSync(p, 'utf8') },
      (o) => seen.push(`${o.position.line} ${o.colour} ${o.answer} ${o.verdict} ${o.seed}`),
    );
    if (!summary.ok) throw new Error(summary.error.message);
    expect(summary.value).toEqual({ searches: 4, expected: 2, avoided: 2, other: 0 });
    expect(seen).toEqual(['2 black b2 expected s.2.0', '2 black b2 expected s.2.1', '4 black b2 avoided s.4.0', '4 black b2 avoided s.4.1']);
  }, 60_000);

  it('from the command line: paths relative to the file, one line a search and a summary with intervals', async () => {
    const dir = folder();
    writeFileSync(join(dir, 'p.jsonl'), '{"sgf":"c.sgf","move":2,"expect":["b2"],"note":"after the centre"}\n');
    // Before move 2: White to move after the black centre stone, which White cannot play on: "another" move.
    const r = await cli(['bench', 'positions', join(dir, 'p.jsonl'), '--playouts', '200']);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/^line 1 \(move 2, after the centre\): white ([a-c][1-3]|pass) other\n/);
    expect(r.out).toContain('1 searches at 200 playouts: the judge\'s move 0 (0.0% [0.0, 79.3]), the losing move 0 (0.0% [0.0, 79.3]), another 1 (100.0% [20.7, 100.0])');
  }, 60_000);

  it('names every bad line, and a position that cannot be loaded', async () => {
    const bad = readPositionCases(
      ['{"sgf":"a.sgf","move":0,"expect":["b2"]}', 'not json', '{"sgf":"a.sgf","move":3}', '{"sgf":"a.sgf","move":3,"avoid":"b2","colour":"b"}'].join('\n'),
      'p.jsonl',
    );
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(bad.error.message).toContain('p.jsonl:1: "move" must be a move number from 1');
    expect(bad.error.message).toContain('p.jsonl:2: not JSON');
    expect(bad.error.message).toContain('p.jsonl:3: give moves to "avoid", to "expect", or both');
    expect(bad.error.message).toContain('p.jsonl:4: unknown key "colour"');
    expect(bad.error.message).toContain('p.jsonl:4: "avoid" must be a list of vertex names');
    const dir = folder();
    writeFileSync(join(dir, 'p.jsonl'), '{"sgf":"c.sgf","move":9,"expect":["b2"]}\n');
    const r = await cli(['bench', 'positions', join(dir, 'p.jsonl'), '--playouts', '10']);
    expect(r.code).toBe(1);
    expect(r.err).toContain('line 1: move 9 is past the end of');
    expect(r.err).toContain('(2 moves; 3 is the final position)');
    writeFileSync(join(dir, 'p.jsonl'), '{"sgf":"none.sgf","move":1,"expect":["b2"]}\n');
    const missing = await cli(['bench', 'positions', join(dir, 'p.jsonl'), '--playouts', '10']);
    expect(missing.code).toBe(1);
    expect(missing.err).toContain('line 1: cannot load');
    // A move the board does not have is a mistake in the file, not a move the bot never plays: Q16 is off the 3x3
    // board, I3 is no GTP name (GTP skips I).
    for (const [line, word] of [
      ['{"sgf":"c.sgf","move":1,"expect":["Q16"]}', '"expect": no vertex "Q16" on this graph'],
      ['{"sgf":"c.sgf","move":1,"expect":["b2"],"avoid":["foo bar"]}', '"avoid": no vertex "foo bar" on this graph'],
      ['{"sgf":"c.sgf","move":1,"avoid":["I3"]}', '"avoid": no vertex "I3" on this graph'],
    ]) {
      writeFileSync(join(dir, 'p.jsonl'), `${line}\n`);
      const off = await cli(['bench', 'positions', join(dir, 'p.jsonl'), '--playouts', '10']);
      expect(off).toMatchObject({ code: 1, out: '' });
      expect(off.err).toContain(`line 1: ${word}`);
    }
    const empty = await cli(['bench', 'positions', join(dir, 'missing.jsonl')]);
    expect(empty.code).toBe(1);
    expect(empty.err).toContain('cannot read');
  }, 60_000);
});
