/**
 * The rule sets controllers and game records name, as graphgo rules texts: KGS's `kgs-rules`, KataGo's
 * `kata-set-rules` and the SGF property RU (its standard names and the ones KGS, OGS and Sabaki write). Chinese, AGA
 * and New Zealand rules count area; they differ in suicide and in the superko they use. Japanese and Korean rules
 * count territory with simple ko and no suicide, which the `kim` preset's two-colour form is.
 */
import { parseRules, type Rules } from '../src/rules.js';

export const NAMED_RULES: Readonly<Record<string, string>> = {
  chinese: 'area suicide=forbidden ko=positional',
  'chinese-ogs': 'area suicide=forbidden ko=positional',
  'chinese-kgs': 'area suicide=forbidden ko=positional',
  aga: 'area suicide=forbidden ko=situational',
  bga: 'area suicide=forbidden ko=situational',
  nz: 'area suicide=allowed ko=situational',
  new_zealand: 'area suicide=allowed ko=situational',
  'new-zealand': 'area suicide=allowed ko=situational',
  'tromp-taylor': 'area suicide=allowed ko=positional',
  japanese: 'kim colors=2',
  korean: 'kim colors=2',
};

/** A named rule set (any case) with the given komi, or undefined when the name is not one of NAMED_RULES. */
export function namedRules(name: string, komi: number): Rules | undefined {
  const key = name.trim().toLowerCase();
  if (!Object.hasOwn(NAMED_RULES, key)) return undefined;
  const parsed = parseRules(`${NAMED_RULES[key]} komi=${komi}`);
  if (!parsed.ok) throw new Error(`the rules table is wrong: ${parsed.error.message}`);
  return parsed.value;
}
