/**
 * Rule sets as data (docs/rules.md): one record, five presets, key=value overrides, and a parse/format pair that
 * round-trips, so `get_rules` output is accepted back by `set_rules`. Parsing never throws: it returns a Result.
 */

import { failure, ok, type Result } from './result.js';

export const KO_RULES = ['positional', 'situational', 'simple'] as const;
export const SUICIDE_RULES = ['allowed', 'forbidden'] as const;
export const PASS_RULES = ['free', 'paid', 'none'] as const;
export const SCORING_RULES = ['area', 'territory', 'lastmove'] as const;
export const PRESETS = ['famine', 'area', 'conway', 'kim', 'netgo'] as const;

export type KoRule = (typeof KO_RULES)[number];
export type SuicideRule = (typeof SUICIDE_RULES)[number];
export type PassRule = (typeof PASS_RULES)[number];
export type ScoringRule = (typeof SCORING_RULES)[number];
export type Preset = (typeof PRESETS)[number];

export const MIN_COLORS = 2;
export const MAX_COLORS = 9;
/** A turn order longer than this is surely a typo; the game keeps the seats that passed as bits of one integer. */
export const MAX_ORDER_LENGTH = 30;
/**
 * The largest komi in size. Far beyond any board's score (250,000 vertices at most), and small enough that a paid
 * pass, which takes one point from a counter, changes it: past about 2^52 a counter minus one is the same number.
 */
export const MAX_KOMI = 1_000_000;

/** Why a komi is refused (not a finite number, or larger than MAX_KOMI in size), or null. */
export function komiProblem(komi: number): string | null {
  if (!Number.isFinite(komi)) return 'komi must be a finite number';
  if (Math.abs(komi) > MAX_KOMI) return `komi must be at most ${MAX_KOMI} in size, got ${komi}`;
  return null;
}

export interface Rules {
  readonly preset: Preset;
  readonly ko: KoRule;
  readonly suicide: SuicideRule;
  readonly passes: PassRule;
  readonly scoring: ScoringRule;
  readonly komi: number;
  readonly colors: number;
  /** The seats: the colour moving at each turn, repeating forever. */
  readonly order: readonly number[];
}

type PresetBody = Omit<Rules, 'preset' | 'order'>;

const PRESET_TABLE: Record<Preset, PresetBody> = {
  famine: { ko: 'positional', suicide: 'allowed', passes: 'paid', scoring: 'lastmove', komi: 7.5, colors: 2 },
  area: { ko: 'positional', suicide: 'allowed', passes: 'free', scoring: 'area', komi: 7.5, colors: 2 },
  conway: { ko: 'positional', suicide: 'allowed', passes: 'none', scoring: 'lastmove', komi: 0, colors: 2 },
  kim: { ko: 'simple', suicide: 'forbidden', passes: 'free', scoring: 'territory', komi: 7.5, colors: 2 },
  netgo: { ko: 'simple', suicide: 'forbidden', passes: 'free', scoring: 'territory', komi: 0, colors: 2 },
};

export function defaultOrder(colors: number): number[] {
  return Array.from({ length: colors }, (_, i) => i + 1);
}

export function presetRules(preset: Preset): Rules {
  const body = PRESET_TABLE[preset];
  return { preset, ...body, order: defaultOrder(body.colors) };
}

export const DEFAULT_RULES: Rules = presetRules('famine');

/** Why a rules text was refused: an unknown preset or key, a malformed word or value, or values that contradict. */
export type RulesErrorCode = 'missing-preset' | 'unknown-preset' | 'syntax' | 'unknown-key' | 'bad-value' | 'inconsistent';

export type RulesResult = Result<Rules, RulesErrorCode>;

function isOneOf<T extends string>(list: readonly T[], value: string): value is T {
  return (list as readonly string[]).includes(value);
}

/** The reason a complete record makes no sense (docs/rules.md, "Presets"), or null when it is playable. */
export function rulesProblem(r: Rules): string | null {
  if (r.scoring === 'lastmove' && r.passes === 'free') {
    return 'scoring=lastmove needs passes=paid or passes=none (with free passes the game has no last move)';
  }
  if ((r.scoring === 'area' || r.scoring === 'territory') && r.passes !== 'free') {
    return `scoring=${r.scoring} needs passes=free (the game ends by passing, then is counted)`;
  }
  if (r.passes !== 'free' && r.colors !== 2) {
    return `passes=${r.passes} needs exactly 2 colours, not ${r.colors}`;
  }
  if (!Number.isInteger(r.colors) || r.colors < MIN_COLORS || r.colors > MAX_COLORS) {
    return `colors must be ${MIN_COLORS}..${MAX_COLORS}`;
  }
  if (r.order.length === 0) return 'order is empty';
  if (r.order.length > MAX_ORDER_LENGTH) return `order is longer than ${MAX_ORDER_LENGTH} seats`;
  for (const c of r.order) {
    if (c > r.colors) return `order names colour ${c} but colors=${r.colors}`;
  }
  for (let c = 1; c <= r.colors; c++) {
    if (!r.order.includes(c)) return `order ${r.order.join(',')} misses colour ${c}`;
  }
  return komiProblem(r.komi);
}

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** The keys whose value is one word of a fixed list, with their lists. */
const WORD_KEYS = { ko: KO_RULES, suicide: SUICIDE_RULES, passes: PASS_RULES, scoring: SCORING_RULES } as const;
type WordKey = keyof typeof WORD_KEYS;

/**
 * Parses `<preset> [key=value ...]`, e.g. `famine komi=0` or the full `get_rules` line. Later keys override
 * earlier ones. Without `order=`, the order is 1..colors; without `colors=`, an explicit order sets colors to the
 * highest colour it names.
 */
export function parseRules(text: string): RulesResult {
  const words = text.trim().split(/\s+/).filter((w) => w.length > 0);
  if (words.length === 0) return failure('missing-preset', `missing preset (one of ${PRESETS.join(', ')})`);
  const presetName = words[0].toLowerCase();
  if (!isOneOf(PRESETS, presetName)) {
    return failure('unknown-preset', `unknown preset "${words[0]}" (known: ${PRESETS.join(', ')})`);
  }
  const body: { -readonly [K in keyof PresetBody]: PresetBody[K] } = { ...PRESET_TABLE[presetName] };
  let order: number[] | null = null;
  let colorsGiven = false;
  for (const word of words.slice(1)) {
    const eq = word.indexOf('=');
    if (eq <= 0) return failure('syntax', `expected key=value, got "${word}"`);
    const key = word.slice(0, eq).toLowerCase();
    const value = word.slice(eq + 1);
    const lower = value.toLowerCase();
    switch (key) {
      case 'ko':
      case 'suicide':
      case 'passes':
      case 'scoring': {
        const allowed: readonly string[] = WORD_KEYS[key];
        if (!allowed.includes(lower)) return badValue(key, value, allowed);
        // Checked against the key's own list just above, which is the type of body[key].
        (body as Record<WordKey, string>)[key] = lower;
        break;
      }
      case 'komi': {
        const k = Number(value);
        if (!NUMBER.test(value) || !Number.isFinite(k)) return failure('bad-value', `komi must be a number, got "${value}"`);
        const tooLarge = komiProblem(k);
        if (tooLarge !== null) return failure('bad-value', tooLarge);
        body.komi = k === 0 ? 0 : k;
        break;
      }
      case 'colors':
      case 'colours': {
        if (!/^\d+$/.test(value)) return failure('bad-value', `colors must be an integer ${MIN_COLORS}..${MAX_COLORS}, got "${value}"`);
        const k = Number(value);
        if (k < MIN_COLORS || k > MAX_COLORS) {
          return failure('bad-value', `colors must be ${MIN_COLORS}..${MAX_COLORS}, got ${value}`);
        }
        body.colors = k;
        colorsGiven = true;
        break;
      }
      case 'order': {
        const seats = value.split(',');
        if (seats.length > MAX_ORDER_LENGTH) return failure('bad-value', `order is longer than ${MAX_ORDER_LENGTH} seats`);
        const parsed: number[] = [];
        for (const s of seats) {
          if (!/^[1-9]$/.test(s)) return failure('bad-value', `order must be colours 1..9 separated by commas, got "${value}"`);
          parsed.push(Number(s));
        }
        order = parsed;
        break;
      }
      default:
        return failure('unknown-key', `unknown key "${word.slice(0, eq)}" (known: ko, suicide, passes, scoring, komi, colors, order)`);
    }
  }
  if (order !== null && !colorsGiven) body.colors = Math.max(MIN_COLORS, ...order);
  const rules: Rules = { preset: presetName, ...body, order: order ?? defaultOrder(body.colors) };
  const problem = rulesProblem(rules);
  if (problem !== null) return failure('inconsistent', problem);
  return ok(rules);
}

function badValue(key: string, value: string, allowed: readonly string[]): RulesResult {
  return failure('bad-value', `${key} must be one of ${allowed.join(', ')}, got "${value}"`);
}

/** `famine ko=positional suicide=allowed passes=paid scoring=lastmove komi=7.5 colors=2 order=1,2` */
export function formatRules(r: Rules): string {
  return (
    `${r.preset} ko=${r.ko} suicide=${r.suicide} passes=${r.passes} scoring=${r.scoring} ` +
    `komi=${formatNumber(r.komi)} colors=${r.colors} order=${r.order.join(',')}`
  );
}

/** Shortest exact text of a number: 7.5, 12, -0.5 (never "-0"). */
export function formatNumber(x: number): string {
  if (Object.is(x, -0)) return '0';
  return String(x);
}

/** The same rules with another komi (komi applies as if set from the start: docs/rules.md, "Counters and komi"). */
export function withKomi(r: Rules, komi: number): Rules {
  return { ...r, komi };
}

/** True when any colour may move and the other one follows (GTP's convention for two alternating colours). */
export function isTwoColorAlternation(r: Rules): boolean {
  return r.order.length === 2 && r.order[0] !== r.order[1];
}
