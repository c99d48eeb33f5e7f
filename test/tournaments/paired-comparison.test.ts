/**
 * `graphgo tournament compare`: two runs against the same opponent, paired by game number
 * (tournaments/paired-comparison.ts), on hand-made records whose counts are known.
 */
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliCaptured } from '../helpers/cli.js';
import { comparePaired, gameScore, signTest } from '../../tournaments/paired-comparison.js';
import type { GameRecord } from '../../tournaments/records.js';

/** A finished 9x9 game of `engine` against gnugo: `outcome` 'win', 'loss' or 'tie'; Black on even game numbers. */
function record(game: number, engine: string, outcome: 'win' | 'loss' | 'tie', extra: Partial<GameRecord> = {}): GameRecord {
  const black = game % 2 === 0 ? engine : 'gnugo';
  const white = black === engine ? 'gnugo' : engine;
  const winnerName = outcome === 'tie' ? null : outcome === 'win' ? engine : 'gnugo';
  const winner = winnerName === null ? 0 : winnerName === black ? 1 : 2;
  return {
    version: 1,
    game,
    block: 0,
    number: game,
    round: 0,
    rotation: game % 2,
    graph: 'grid 9 9',
    rules: 'area komi=7.5',
    seats: [black, white],
    colors: [[black], [white]],
    black,
    white,
    seed: `s.${game}`,
    result: winner === 0 ? '0' : winner === 1 ? 'B+1.5' : 'W+1.5',
    winner,
    winners: winnerName === null ? [] : [winnerName],
    losers: winnerName === null ? [] : [winnerName === engine ? 'gnugo' : engine],
    reason: 'passes',
    moves: [],
    durationMs: 1,
    thinkMs: {},
    engines: {},
    started: '',
    finished: '',
    worker: 0,
    ...extra,
  };
}

describe('the sign test', () => {
  it('is the exact two-sided binomial tail', () => {
    expect(signTest(9, 1)).toBeCloseTo((2 * (1 + 10)) / 1024, 12);
    expect(signTest(1, 9)).toBe(signTest(9, 1));
    expect(signTest(0, 0)).toBe(1);
    expect(signTest(5, 5)).toBe(1);
    // 54 against 49 (the wide-shape prior against the shipped build, docs/bots.md): p = 0.6937 by exact sum.
    expect(signTest(54, 49)).toBeCloseTo(0.693686, 5);
    // Thousands of games do not underflow: 600 against 400 is far beyond chance.
    const p = signTest(600, 400);
    expect(p).toBeGreaterThan(0);
    expect(p).toBeLessThan(1e-9);
  });
});

describe('comparePaired', () => {
  it('counts the pairs by game number and gives the paired difference with its interval', () => {
    // Games 0-9: both won 0-3, only A 4-6, only B 7, both lost 8-9; A has game 10 alone, B has 11 alone.
    const outcomesA = ['win', 'win', 'win', 'win', 'win', 'win', 'win', 'loss', 'loss', 'loss', 'win'] as const;
    const outcomesB = ['win', 'win', 'win', 'win', 'loss', 'loss', 'loss', 'win', 'loss', 'loss'] as const;
    const runA = outcomesA.map((o, g) => record(g, 'new', o));
    const runB = [...outcomesB.map((o, g) => record(g, 'old', o)), record(11, 'old', 'win')];
    const compared = comparePaired(runA, 'new', runB, 'old');
    if (!compared.ok) throw new Error(compared.error);
    const c = compared.value;
    expect(c.games).toBe(10);
    expect([c.bothWon, c.aBetter, c.bBetter, c.bothLost, c.otherSame]).toEqual([4, 3, 1, 2, 0]);
    expect(c.a.score).toBe(7);
    expect(c.b.score).toBe(5);
    expect(c.difference).toBeCloseTo(0.2, 12);
    // Differences: three +1, one -1, six 0: sample variance (4 - 10 * 0.04) / 9 = 0.4, half-width 1.96 sqrt(0.04).
    expect(c.interval[0]).toBeCloseTo(0.2 - 1.959964 * 0.2, 5);
    expect(c.interval[1]).toBeCloseTo(0.2 + 1.959964 * 0.2, 5);
    expect(c.signTestP).toBeCloseTo(signTest(3, 1), 12);
    expect([c.onlyInA, c.onlyInB, c.mismatched, c.seedsDiffer, c.coloursDiffer]).toEqual([1, 1, 0, 0, 0]);
  });

  it('scores a tie as half, and says when seeds, colours or settings differ', () => {
    const runA = [record(0, 'a', 'tie'), record(1, 'a', 'tie'), record(2, 'a', 'win'), record(3, 'a', 'win', { graph: 'hex 5' })];
    const runB = [
      record(0, 'b', 'win', { seed: 'other.0' }),
      record(1, 'b', 'tie'),
      // The same game number with the engine as White instead of Black.
      { ...record(2, 'b', 'win'), seats: ['gnugo', 'b'], colors: [['gnugo'], ['b']], black: 'gnugo', white: 'b', winner: 2 },
      record(3, 'b', 'win'),
    ];
    expect(gameScore(runA[0], 'a')).toBe(0.5);
    expect(gameScore(runA[0], 'nobody')).toBeNull();
    const compared = comparePaired(runA, 'a', runB, 'b');
    if (!compared.ok) throw new Error(compared.error);
    const c = compared.value;
    expect(c.games).toBe(3);
    expect([c.bothWon, c.aBetter, c.bBetter, c.bothLost, c.otherSame]).toEqual([1, 0, 1, 0, 1]);
    expect(c.a.score).toBe(2);
    expect(c.b.score).toBe(2.5);
    expect([c.mismatched, c.seedsDiffer, c.coloursDiffer]).toEqual([1, 1, 1]);
  });

  it('leaves out games on two graph files of one name: the runs\' graph hashes tell them apart', () => {
    const runA = [record(0, 'a', 'win'), record(1, 'a', 'win')];
    const runB = [record(0, 'b', 'loss'), record(1, 'b', 'loss')];
    // Both label their graph "grid 9 9" (as a graph file's "name" may); the hashes say one is another graph.
    const differ = comparePaired(runA, 'a', runB, 'b', new Map([['grid 9 9', 'h1']]), new Map([['grid 9 9', 'h2']]));
    expect(differ).toEqual({ ok: false, error: 'the two runs share no game number with the same graph and rules (were they played with the same settings?)' });
    const same = comparePaired(runA, 'a', runB, 'b', new Map([['grid 9 9', 'h1']]), new Map([['grid 9 9', 'h1']]));
    expect(same.ok && same.value.games).toBe(2);
    // A run without its tournament.json (no hashes) is paired by label, as before.
    const unknown = comparePaired(runA, 'a', runB, 'b', new Map([['grid 9 9', 'h1']]), new Map());
    expect(unknown.ok && unknown.value.games).toBe(2);
  });

  it('refuses an engine that played nothing and runs with no game in common', () => {
    const runA = [record(0, 'a', 'win')];
    const runB = [record(1, 'b', 'win')];
    expect(comparePaired(runA, 'x', runB, 'b')).toEqual({ ok: false, error: 'engine "x" played no game in the first run' });
    expect(comparePaired(runA, 'a', runB, 'x')).toEqual({ ok: false, error: 'engine "x" played no game in the second run' });
    const none = comparePaired(runA, 'a', runB, 'b');
    expect(none.ok).toBe(false);
  });
});

describe('graphgo tournament compare', () => {
  function run(name: string, records: GameRecord[]): string {
    const dir = join(mkdtempSync(join(tmpdir(), 'graphgo-compare-')), name);
    mkdirSync(dir);
    writeFileSync(join(dir, 'results.jsonl'), records.map((r) => JSON.stringify(r)).join('\n') + '\n');
    return dir;
  }
  const cli = (args: string[]) => runCliCaptured(['tournament', 'compare', ...args]);

  it('finds the engines each run has alone, prints the pairs, and --json the same figures', async () => {
    const a = run('a', [record(0, 'new', 'win'), record(1, 'new', 'win'), record(2, 'new', 'loss')]);
    const b = run('b', [record(0, 'old', 'win'), record(1, 'old', 'loss'), record(2, 'old', 'loss')]);
    const text = await cli([a, b]);
    expect(text.code).toBe(0);
    expect(text.out).toContain('paired by game number: 3 games');
    expect(text.out).toContain('both won 1, only A 1, only B 0, both lost 1');
    expect(text.out).toContain('A - B: +33.3 points');
    const json = await cli([a, b, '--json']);
    const parsed = JSON.parse(json.out);
    expect([parsed.a.engine, parsed.b.engine, parsed.games, parsed.aBetter, parsed.signTestP]).toEqual(['new', 'old', 3, 1, 1]);
  });

  it('asks which engine when both runs name theirs alike, and refuses unknown names', async () => {
    const a = run('a', [record(0, 'bot', 'win')]);
    const b = run('b', [record(0, 'bot', 'loss')]);
    const ambiguous = await cli([a, b]);
    expect(ambiguous.code).toBe(1);
    expect(ambiguous.err).toContain('say which engines to compare with --engine NAME or --engines A,B');
    expect((await cli([a, b, '--engine', 'bot'])).out).toContain('only A 1');
    const unknown = await cli([a, b, '--engines', 'bot,nobody']);
    expect(unknown.err).toContain('the second run has no engine "nobody" (it has bot, gnugo)');
    expect((await cli([a, b, '--engines', 'bot'])).err).toContain('--engines takes two names');
    expect((await cli([a, join(a, 'missing')])).err).toContain('no such file or folder');
  });
});
