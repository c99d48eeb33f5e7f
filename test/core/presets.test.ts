/**
 * docs/rules.md, "Presets": the table, overrides, and the refused combinations; docs/protocol.md, "Rules commands":
 * get_rules prints the preset and every key, and set_rules accepts it back unchanged.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_RULES, PRESETS, formatRules, parseRules, presetRules } from '../../src/rules.js';
import type { Rules } from '../../src/rules.js';

function parsed(text: string): Rules {
  const r = parseRules(text);
  if (!r.ok) throw new Error(`refused "${text}": ${r.error.message}`);
  return r.value;
}

function refusal(text: string): string {
  const r = parseRules(text);
  if (r.ok) throw new Error(`"${text}" was accepted`);
  return r.error.message;
}

describe('the preset table', () => {
  // Each row copied from the table of docs/rules.md, "Presets".
  const TABLE: Record<string, Omit<Rules, 'preset'>> = {
    famine: { ko: 'positional', suicide: 'allowed', passes: 'paid', scoring: 'lastmove', komi: 7.5, colors: 2, order: [1, 2] },
    area: { ko: 'positional', suicide: 'allowed', passes: 'free', scoring: 'area', komi: 7.5, colors: 2, order: [1, 2] },
    conway: { ko: 'positional', suicide: 'allowed', passes: 'none', scoring: 'lastmove', komi: 0, colors: 2, order: [1, 2] },
    kim: { ko: 'simple', suicide: 'forbidden', passes: 'free', scoring: 'territory', komi: 7.5, colors: 2, order: [1, 2] },
    netgo: { ko: 'simple', suicide: 'forbidden', passes: 'free', scoring: 'territory', komi: 0, colors: 2, order: [1, 2] },
  };

  for (const name of PRESETS) {
    it(`${name} has exactly the values of docs/rules.md`, () => {
      // presetRules and parsing the bare name agree with the table row.
      expect(presetRules(name)).toEqual({ preset: name, ...TABLE[name] });
      expect(parsed(name)).toEqual({ preset: name, ...TABLE[name] });
    });
  }

  it('famine is the default', () => {
    // docs/rules.md, "Presets": "famine (default)".
    expect(DEFAULT_RULES).toEqual(presetRules('famine'));
  });

  it('kim allows 3 colours, netgo any number of colours and any order', () => {
    // kim: "2 or 3" colours; netgo: "k >= 2, any order".
    expect(parsed('kim colors=3').order).toEqual([1, 2, 3]);
    expect(parsed('netgo colors=4 order=1,2,3,4,4,3,2,1').colors).toBe(4);
    expect(parsed('netgo order=1,2,2,1')).toMatchObject({ colors: 2, order: [1, 2, 2, 1] });
  });
});

describe('refused combinations name the problem', () => {
  it('lastmove with free passes', () => {
    // With free passes the game ends by passing: there is no last move.
    expect(refusal('area scoring=lastmove')).toMatch(/lastmove/);
    expect(refusal('famine passes=free')).toMatch(/lastmove/);
  });

  it('area or territory without free passes', () => {
    // Counting needs the game to end by passes.
    expect(refusal('area passes=paid')).toMatch(/area.*free|free.*area/);
    expect(refusal('kim passes=none')).toMatch(/territory.*free|free.*territory/);
    expect(refusal('famine scoring=area')).toMatch(/area/);
  });

  it('paid or no passes with more than two colours', () => {
    // "Only two colours may use paid or none."
    expect(refusal('famine colors=3')).toMatch(/paid/);
    expect(refusal('conway colors=3')).toMatch(/none/);
  });

  it('an order missing a colour', () => {
    // "Every colour 1..k must appear in it."
    expect(refusal('area colors=3 order=1,2')).toMatch(/3/);
    expect(refusal('netgo colors=3 order=1,2,1,2')).toMatch(/miss/);
  });

  it('an order naming a colour above colors', () => {
    // An explicit colors=2 with a seat for colour 3: that seat has no colour.
    expect(refusal('area colors=2 order=1,2,3')).toMatch(/3/);
    expect(refusal('kim colors=2 order=1,3,2')).toMatch(/colors=2/);
  });

  it('a komi beyond a million in size', () => {
    // Past about 2^52 a famine counter minus one is the same number, so a paid pass would cost nothing; a million is
    // already far beyond any board's score (docs/rules.md, "Counters and komi").
    expect(refusal('famine komi=-1e16')).toBe('komi must be at most 1000000 in size, got -10000000000000000');
    expect(refusal('area komi=1000000.5')).toMatch(/at most 1000000/);
    expect(parsed('area komi=-1000000').komi).toBe(-1000000);
  });

  it('unknown presets, keys and values', () => {
    // Only the five presets and seven keys of docs/rules.md exist; each error names the offending word.
    expect(refusal('go')).toMatch(/preset/);
    expect(refusal('area handicap=2')).toMatch(/handicap/);
    expect(refusal('area ko=super')).toMatch(/ko/);
  });
});

describe('formatRules and parseRules round-trip', () => {
  const CASES = [
    ...PRESETS,
    'famine komi=0',
    'area ko=situational komi=-3.5',
    'area suicide=forbidden scoring=territory',
    'kim colors=3',
    'netgo colors=3 order=1,2,3,3,2,1',
    'netgo order=1,2,2,1 komi=2',
    'conway ko=simple suicide=forbidden',
    'famine passes=none',
  ];
  for (const text of CASES) {
    it(`"${text}"`, () => {
      const rules = parsed(text);
      // get_rules' text parses back to the same record, and prints the same again.
      const line = formatRules(rules);
      expect(parsed(line)).toEqual(rules);
      expect(formatRules(parsed(line))).toBe(line);
    });
  }

  it("docs/protocol.md's get_rules example is printed exactly and accepted back", () => {
    const line = 'famine ko=positional suicide=allowed passes=paid scoring=lastmove komi=7.5 colors=2 order=1,2';
    expect(formatRules(presetRules('famine'))).toBe(line);
    expect(formatRules(parsed(line))).toBe(line);
    expect(parsed(line)).toEqual(presetRules('famine'));
  });
});
