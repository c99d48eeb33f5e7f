/**
 * Handicap games in the harness (tournaments/handicap.ts): the config's checks, the identity, and real games between
 * built-in bots: GTP's fixed points on a 7x7 grid (`fixed_handicap`), the referee's own points on a 5x5 grid, which
 * has no fixed points (`set_free_handicap`); White moves first, colours alternate, the SGF has HA and AB. An engine
 * without the handicap commands is skipped with the reason.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { identityHash, tournamentIdentity, validateTournament } from '../../tournaments/config.js';
import { runSpec, specText, tournamentFromSpec } from '../../tournaments/queue/run-spec.js';
import { sgfPath } from '../../tournaments/records.js';
import { ensureDist } from '../gtp/build-dist.js';
import { gameFromPosition, playAt, vx } from '../helpers/diagram.js';
import { REPO_ROOT, fake, play, tempDir, tournament } from './helpers.js';

function errorsOf(raw: Record<string, unknown>): string[] {
  const result = validateTournament({ engines: ['builtin:random', 'builtin:flat'], graphs: ['grid 9 9'], rules: ['area komi=0.5'], ...raw }, { baseDir: REPO_ROOT, defaultOut: () => '/tmp/x' });
  return result.ok ? [] : [...(result.error.details as string[])];
}

describe('the handicap setting', () => {
  it('refuses fewer than 2 stones, more than the board holds, and rules without Black and White in turn', () => {
    expect(errorsOf({ handicap: 1 })).toEqual([
      'handicap: must be a whole number of stones from 2 up, got 1 (leave it out for even games; one stone is no handicap: give Black the first move with komi 0.5 instead)',
    ]);
    expect(errorsOf({ handicap: 2.5 })[0]).toMatch(/^handicap: must be a whole number of stones from 2 up, got 2\.5/);
    expect(errorsOf({ handicap: 25, graphs: ['grid 5 5'] })).toEqual(['handicap: 25 handicap stones do not fit on "grid 5 5" (25 vertices)']);
    expect(errorsOf({ handicap: 2, engines: ['a=builtin:random', 'b=builtin:random', 'c=builtin:random'], rules: [{ rules: 'netgo order=1,2,2,1', seats: 'ACBC' }] })).toContain(
      'handicap: rules "netgo order=1,2,2,1": a handicap gives Black stones and White the first move, so it needs two colours in turn (order 1,2), not 2 colours in the order 1,2,2,1',
    );
    expect(errorsOf({ handicap: 9 })).toEqual([]);
    // More than GTP's fixed points: the referee's free placement.
    expect(errorsOf({ handicap: 12 })).toEqual([]);
  });

  it('is part of the identity, which stays as it was for even games', () => {
    const base = { engines: ['builtin:random', 'builtin:flat'], graphs: ['grid 9 9'], rules: ['area komi=0.5'] };
    const even = tournament(base, tempDir());
    const two = tournament({ ...base, handicap: 2 }, tempDir());
    const three = tournament({ ...base, handicap: 3 }, tempDir());
    expect('handicap' in tournamentIdentity(even)).toBe(false);
    expect(tournamentIdentity(two).handicap).toBe(2);
    expect(new Set([identityHash(even), identityHash(two), identityHash(three)]).size).toBe(3);
  });

  it('travels to queue workers with the run spec', () => {
    const t = tournament({ engines: ['builtin:random', 'builtin:flat'], graphs: ['grid 9 9'], rules: ['area komi=0.5'], handicap: 3 }, tempDir());
    const rebuilt = tournamentFromSpec(specText(runSpec(t)).text, new Map(), tempDir());
    expect(rebuilt).toMatchObject({ ok: true, value: { handicap: 3 } });
  });
});

describe('handicap games between built-in bots', () => {
  beforeAll(async () => {
    await ensureDist();
  }, 120_000);

  it('fixed points on 7x7: the stones before the first move, White first, colours alternating, HA and AB in the SGF', async () => {
    const out = tempDir();
    const t = tournament({ engines: ['builtin:uct --playouts 30', 'builtin:random'], graphs: ['grid 7 7'], rules: ['area komi=0.5'], handicap: 2, games: 2 }, out);
    const { summary, records, voids } = await play(t);
    expect(voids).toEqual([]);
    expect(summary).toMatchObject({ status: 'complete', done: 2 });
    expect(records.map((r) => [r.black, r.white])).toEqual([
      ['uct --playouts 30', 'random'],
      ['random', 'uct --playouts 30'],
    ]);
    for (const r of records) {
      // GTP's fixed points on 7x7 for 2 stones: the third-line corners C3 and E5 (src/handicap.ts).
      expect(r.handicap).toEqual(['C3', 'E5']);
      expect(r.forfeit).toBeUndefined();
      expect(r.moves[0]).toMatchObject({ color: 2, engine: r.white });
      expect(r.moves.every((m, i) => m.color === (i % 2 === 0 ? 2 : 1))).toBe(true);
      // Every move is legal on the board that starts with the two stones: none lands on a stone still standing
      // (a handicap stone may be captured and its point played later).
      const game = gameFromPosition('grid 7 7', '.'.repeat(49), 'area komi=0.5');
      expect(game.setup([{ vertex: vx(game, 'C3'), color: 1 }, { vertex: vx(game, 'E5'), color: 1 }], 2)).toBeNull();
      for (const m of r.moves) if (m.move !== 'resign') expect(playAt(game, m.color, m.move), `${m.color} ${m.move}`).toBe('ok');
      const sgf = readFileSync(sgfPath(out, r.game), 'utf8');
      // SGF rows count from the top: C3 is column c, row 7 - 3 = e; E5 is e, c.
      expect(sgf).toContain('KM[0.5]HA[2]');
      expect(sgf).toContain('AB[ce][ec]');
      expect(sgf).toMatch(/\n;W\[/);
      expect(sgf).not.toMatch(/\n;B\[/);
    }
  }, 120_000);

  it('free points on 5x5 (no fixed points there), sent with set_free_handicap', async () => {
    const out = tempDir();
    const t = tournament({ engines: ['builtin:uct --playouts 30', 'builtin:random'], graphs: ['grid 5 5'], rules: ['area komi=0.5'], handicap: 3, games: 2 }, out);
    const { summary, records, voids } = await play(t);
    expect(voids).toEqual([]);
    expect(summary).toMatchObject({ status: 'complete', done: 2 });
    for (const r of records) {
      // Farthest-point placement (src/handicap.ts): first the vertex of highest degree with the lowest index (B2),
      // then the farthest from it (E5), then the farthest from both, the tie of E1 and A5 going to the lower index.
      expect(r.handicap).toEqual(['B2', 'E5', 'E1']);
      // An engine that had not been told the stones would sooner or later play on one of them and forfeit.
      expect(r.forfeit).toBeUndefined();
      expect(r.moves[0].color).toBe(2);
      expect(readFileSync(sgfPath(out, r.game), 'utf8')).toContain('HA[3]');
    }
  }, 120_000);

  it('skips an engine without the handicap commands, saying why', async () => {
    const t = tournament({ engines: [fake('a'), fake('b')], graphs: ['grid 7 7'], handicap: 2, games: 2 }, tempDir());
    const { summary, messages } = await play(t);
    expect(summary).toMatchObject({ status: 'complete', total: 0 });
    expect(messages).toContain('skipped: a does not list the GTP command "fixed_handicap", so it cannot play a 2-stone handicap on "grid 7 7"');
  }, 60_000);
});
