/**
 * A real match: our UCT bot (200 playouts) against GNU Go level 1 on 7x7 under `area suicide=forbidden` (GNU Go
 * refuses suicide), two colour-swapped games at once. GNU Go knows only square boards, so it gets boardsize/komi/
 * clear_board; on the Petersen graph it is skipped with a message.
 *
 * When /usr/games/gnugo is missing the test is skipped, unless CI is set: then it fails and says how to install it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { GNUGO_PATH } from '../../tournaments/engine-spec.js';
import { sgfPath } from '../../tournaments/records.js';
import { ensureDist } from '../gtp/build-dist.js';
import { play, tempDir, tournament } from './helpers.js';

const HAVE_GNUGO = existsSync(GNUGO_PATH);
const IN_CI = Boolean(process.env.CI);

beforeAll(async () => {
  if (HAVE_GNUGO || IN_CI) await ensureDist();
}, 120_000);

describe('against GNU Go', () => {
  it.skipIf(!HAVE_GNUGO && !IN_CI)('plays a colour-swapped pair on 7x7 and skips GNU Go on a non-square graph', async () => {
    if (!HAVE_GNUGO) throw new Error(`GNU Go is missing: ${GNUGO_PATH} not found (apt-get install -y gnugo); CI is set, so this test must run`);
    const out = tempDir();
    const t = tournament(
      {
        engines: ['builtin:uct --playouts 200', 'gnugo --level 1'],
        graphs: ['grid 7 7', 'petersen'],
        rules: ['area suicide=forbidden'],
        games: 2,
        concurrency: 2,
      },
      out,
    );
    const { summary, records } = await play(t);
    expect(summary).toMatchObject({ status: 'complete', total: 2, done: 2 });
    expect(summary.skipped).toEqual(['gnugo --level 1 knows only square boards (no set_graph/set_rules): it cannot play on "petersen"']);
    const bySeat = records.map((r) => [r.black, r.white]).sort();
    expect(bySeat).toEqual([
      ['gnugo --level 1', 'uct --playouts 200'],
      ['uct --playouts 200', 'gnugo --level 1'],
    ]);
    for (const r of records) {
      expect(['passes', 'resign']).toContain(r.reason);
      expect(r.forfeit).toBeUndefined();
      expect(r.result).toMatch(/^[BW]\+(\d+(\.\d+)?|R)$/);
      expect(r.moves.length).toBeGreaterThan(4);
      expect(r.engines['gnugo --level 1']).toMatchObject({ gtpName: 'GNU Go' });
      expect(r.cpuSeconds?.['gnugo --level 1']).toBeGreaterThanOrEqual(0);
      const sgf = readFileSync(sgfPath(out, r.game), 'utf8');
      expect(sgf).toContain(`PB[${r.black}]PW[${r.white}]`);
      expect(sgf).toContain(`RE[${r.result}]`);
      expect(sgf).toContain('SZ[7]KM[7.5]');
    }
  }, 60_000);

  it.skipIf(!HAVE_GNUGO && !IN_CI)('plays handicap games: fixed_handicap on 9x9, the referee\'s set_free_handicap on 8x8', async () => {
    if (!HAVE_GNUGO) throw new Error(`GNU Go is missing: ${GNUGO_PATH} not found (apt-get install -y gnugo); CI is set, so this test must run`);
    const out = tempDir();
    // 5 stones: GTP's fixed points on 9x9; 8x8 has fixed points only up to 4, so there the referee places them.
    const t = tournament(
      { engines: ['builtin:uct --playouts 200', 'gnugo --level 1'], graphs: ['grid 9 9', 'grid 8 8'], rules: ['area suicide=forbidden komi=0.5'], handicap: 5, games: 2, concurrency: 2 },
      out,
    );
    const { summary, records, voids } = await play(t);
    expect(voids).toEqual([]);
    expect(summary).toMatchObject({ status: 'complete', total: 4, done: 4 });
    for (const r of records) {
      expect(r.forfeit).toBeUndefined();
      expect(r.moves[0].color).toBe(2);
      expect(r.handicap).toHaveLength(5);
      // GNU Go answered fixed_handicap 5 with the referee's points (the four third-line corners and the centre), or
      // the game would be void.
      if (r.graph === 'grid 9 9') expect(r.handicap).toEqual(['C3', 'G7', 'C7', 'G3', 'E5']);
      expect(readFileSync(sgfPath(out, r.game), 'utf8')).toContain('KM[0.5]HA[5]');
    }
    expect(records.filter((r) => r.graph === 'grid 8 8')).toHaveLength(2);
  }, 120_000);
});
