/**
 * A record graphgo writes (printsgf, the harness) names its rules in RU, and loadsgf plays it back under them: a
 * famine game loaded into an engine that plays area rules goes on as a famine game.
 */
import { describe, expect, it } from 'vitest';
import { testEngine } from '../helpers/engine.js';

function answer(engine: ReturnType<typeof testEngine>, command: string): string {
  return (engine.execute(command) ?? '').trim();
}

describe('loadsgf and the rules a record names', () => {
  it('a famine game printed by printsgf loads back under famine into an area engine', () => {
    const famine = 'famine komi=2.5';
    const writer = testEngine('grid 5 5', famine, { bot: 'random', seed: 'w' });
    for (const move of ['play b c3', 'play w pass', 'play b d4', 'play w b2']) expect(answer(writer, move)).toBe('=');
    const rules = answer(writer, 'get_rules');
    const state = answer(writer, 'get_state');
    const record = answer(writer, 'printsgf').replace(/^=\s*/, '');
    expect(record).toContain('RU[famine ');

    const reader = testEngine('grid 5 5', 'area', { bot: 'random', seed: 'r', readFile: () => record });
    expect(answer(reader, 'loadsgf game.sgf')).toBe('= black');
    expect(answer(reader, 'get_rules')).toBe(rules);
    // The counters too: White paid a point of its 2.5 for its pass.
    expect(answer(reader, 'get_state')).toBe(state);
    // Under famine Black, whose counter is 0, may not pass; under area it could.
    expect(answer(reader, 'play b pass')).toMatch(/^\?/);
  });

  it('the same record without RU keeps the engine rules', () => {
    const writer = testEngine('grid 5 5', 'famine komi=2.5', { bot: 'random', seed: 'w' });
    for (const move of ['play b c3', 'play w d4']) expect(answer(writer, move)).toBe('=');
    const record = answer(writer, 'printsgf').replace(/^=\s*/, '').replace(/RU\[[^\]]*\]/, '');
    const reader = testEngine('grid 5 5', 'area', { bot: 'random', seed: 'r', readFile: () => record });
    expect(answer(reader, 'loadsgf game.sgf')).toBe('= black');
    expect(answer(reader, 'get_rules')).toMatch(/^= area .* komi=2\.5 /);
    expect(answer(reader, 'play b pass')).toBe('=');
  });
});

describe('printsgf and loadsgf: who moves first after the set-up', () => {
  // loadsgf guesses from the set-up (black stones alone: a handicap, White to move; otherwise Black) unless PL says;
  // the record printsgf writes must say PL wherever the guess would be wrong, or the side to move changes on reload.
  for (const [setUp, first] of [
    ['AB[aa][bb]AW[cc][dd]PL[W]', 'white'],
    ['AB[aa][bb]PL[B]', 'black'],
    ['AB[aa][bb]', 'white'],
    ['AW[cc]', 'black'],
  ]) {
    it(`${setUp}: ${first} to move, before and after a round trip`, () => {
      const original = `(;FF[4]GM[1]SZ[7]KM[0.5]${setUp})`;
      const writer = testEngine('grid 7 7', 'area', { bot: 'random', seed: 'w', readFile: () => original });
      expect(answer(writer, 'loadsgf game.sgf')).toBe(`= ${first}`);
      const state = answer(writer, 'get_state');
      const record = answer(writer, 'printsgf').replace(/^=\s*/, '');
      const reader = testEngine('grid 7 7', 'area', { bot: 'random', seed: 'r', readFile: () => record });
      expect(answer(reader, 'loadsgf game.sgf')).toBe(`= ${first}`);
      expect(answer(reader, 'get_state')).toBe(state);
    });
  }
});

describe('loadsgf of a long main line inside a variation', () => {
  it('reads 200,001 moves (spreading them into the line overflowed the stack: "game tree nested too deeply")', () => {
    // B C7, then 100,000 pairs of passes (each pair ends the game, the next pass takes it up again, as records go on).
    const record = `(;FF[4]GM[1]SZ[9](;B[cc]${';W[];B[]'.repeat(100_000)})(;B[dd]))`;
    const reader = testEngine('grid 9 9', 'area', { bot: 'random', seed: 'r', readFile: () => record });
    expect(answer(reader, 'loadsgf game.sgf')).toBe('= white');
    expect(answer(reader, 'get_state')).toMatch(/"moves":200001,/);
  });
});
