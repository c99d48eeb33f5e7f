/**
 * loadsgf and the record's KM (docs/protocol.md, "Loading a game"): a KM that is no number is refused with the
 * file's error, as `komi` refuses it, instead of loading with the old komi.
 */
import { describe, expect, it } from 'vitest';
import { testEngine } from '../helpers/engine.js';

/** An engine under `area komi=3` whose every file holds `record`. */
function engineReading(record: string) {
  return testEngine('grid 5 5', 'area komi=3', { bot: 'random', seed: '1', readFile: () => record });
}

const withKomi = (km: string) => `(;FF[4]GM[1]SZ[9]KM[${km}];B[ee];W[cc])`;

describe('loadsgf KM', () => {
  it('refuses a KM that is no finite number, and changes nothing', () => {
    for (const km of ['abc', '1e400', 'NaN', 'Infinity', '-Infinity', '0x10', '6.5.1', '7,5']) {
      const e = engineReading(withKomi(km));
      expect(e.execute('loadsgf game.sgf'), km).toBe(`? cannot load file: bad komi KM[${km}]\n\n`);
      // The board and the komi are the engine's own still.
      expect(e.execute('get_rules'), km).toMatch(/^= area .* komi=3 /);
      expect(e.execute('get_state'), km).toMatch(/^= \{"to_move":1,"position":"\.{25}","counters":\[0,0,3\],/);
    }
  });

  it('refuses a huge KM with the start of it only', () => {
    const e = engineReading(withKomi('9'.repeat(500)));
    const answer = e.execute('loadsgf game.sgf') ?? '';
    expect(answer).toMatch(/^\? cannot load file: bad komi KM\[9{200,}\.\.\.\n\n$/);
    expect(answer.length).toBeLessThan(300);
  });

  it('refuses a komi past a million in size, from KM as from the komi command (docs/rules.md, "Counters and komi")', () => {
    const e = engineReading(withKomi('-2e6'));
    expect(e.execute('loadsgf game.sgf')).toBe('? cannot load file: bad komi KM[-2e6]\n\n');
    // Past about 2^52 a paid pass would leave a famine counter as it was.
    expect(e.execute('komi -1e16')).toBe('? komi must be at most 1000000 in size, got -10000000000000000\n\n');
    expect(e.execute('get_rules')).toMatch(/^= area .* komi=3 /);
    expect(e.execute('komi 1000000')).toBe('= \n\n');
    expect(e.execute('get_rules')).toMatch(/^= area .* komi=1000000 /);
  });

  it('takes the numbers `komi` takes, and an empty KM as none', () => {
    for (const [km, komi] of [
      ['6.5', '6.5'],
      [' -3 ', '-3'],
      ['+0.5', '0.5'],
      ['1.5e1', '15'],
      ['7.50', '7.5'],
    ]) {
      const e = engineReading(withKomi(km));
      expect(e.execute('loadsgf game.sgf'), km).toBe('= black\n\n');
      expect(e.execute('get_rules'), km).toMatch(new RegExp(`^= area .* komi=${komi.replace('.', '\\.')} `));
    }
    const e = engineReading(withKomi(''));
    expect(e.execute('loadsgf game.sgf')).toBe('= black\n\n');
    expect(e.execute('get_rules')).toMatch(/^= area .* komi=3 /);
  });
});

describe('komi after paid passes', () => {
  it('refuses a komi under which a pass already paid for would have been refused, so the record stays loadable', () => {
    const e = testEngine('grid 5 5', 'famine', { bot: 'random', seed: '1' });
    for (const line of ['play b c3', 'play w pass']) expect(e.execute(line)).toBe('= \n\n');
    // White's 7.5 paid for the pass; komi 0 from the start would have left it nothing to pay with.
    expect(e.execute('komi 0')).toBe('? komi 0 would have refused move 2, a pass with no counter left\n\n');
    expect(e.execute('get_rules')).toMatch(/ komi=7\.5 /);
    expect(e.execute('komi 0.5')).toBe('= \n\n');
    // The record printed now loads back.
    const record = (e.execute('printsgf') ?? '').replace(/^=\s*/, '');
    const reader = testEngine('grid 5 5', 'area', { bot: 'random', seed: 'r', readFile: () => record });
    expect(reader.execute('loadsgf game.sgf')).toBe('= black\n\n');
    expect(reader.execute('get_state')).toBe(e.execute('get_state'));
  });
});
