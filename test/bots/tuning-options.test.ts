/**
 * The search's tuning knobs (`graphgo gtp --exploration C --rave-equivalence N --expand-visits N`, docs/bots.md
 * "Switches"): they reach the search, and bad values are refused with the flag named. They exist so the harness
 * can measure other values than the defaults without a rebuild.
 */
import { describe, expect, it } from 'vitest';
import { runCli } from '../../cli/main.js';
import { GtpEngine } from '../../protocol/engine.js';
import { readSetup } from '../../src/setup.js';

function engine(options: { exploration?: number; raveEquivalence?: number; expandVisits?: number }): GtpEngine {
  const setup = readSetup({ spec: 'grid 5 5' }, 'area');
  if (!setup.ok) throw new Error(setup.error.message);
  const created = GtpEngine.create({
    bot: 'uct',
    seed: '3',
    playouts: 2000,
    version: 'test',
    setup: setup.value,
    readFile: () => {
      throw new Error('no files');
    },
    ...options,
  });
  if (!created.ok) throw new Error(created.error.message);
  return created.value;
}

/** Visits of each root move after one analysis slice, from the lz-analyze report. */
function rootVisits(e: GtpEngine): number[] {
  const answer = e.execute('lz-analyze B 10') ?? '';
  return [...answer.matchAll(/info move \S+ visits (\d+)/g)].map((m) => Number(m[1]));
}

describe('search tuning options', () => {
  it('a larger exploration constant spreads the root visits over more moves', () => {
    const greedy = rootVisits(engine({ exploration: 0 }));
    const curious = rootVisits(engine({ exploration: 5 }));
    const share = (visits: number[]) => Math.max(...visits) / visits.reduce((a, b) => a + b, 0);
    expect(greedy.length).toBeGreaterThan(0);
    expect(share(curious)).toBeLessThan(share(greedy));
  });

  it('refuses values out of range, naming the flag', async () => {
    for (const [args, message] of [
      [['--exploration', '-1'], /--exploration must be a number in \[0, 100\], got "-1"/],
      [['--exploration', 'lots'], /--exploration must be a number/],
      [['--rave-equivalence', '0'], /--rave-equivalence/],
      [['--expand-visits', '0'], /--expand-visits/],
      [['--expand-visits', '1.5'], /--expand-visits/],
    ] as const) {
      const err: string[] = [];
      const code = await runCli(['gtp', ...args], { writeOut: () => undefined, writeErr: (t: string) => void err.push(t) });
      expect(code, args.join(' ')).not.toBe(0);
      expect(err.join(''), args.join(' ')).toMatch(message);
    }
  });
});
