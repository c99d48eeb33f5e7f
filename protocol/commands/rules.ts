/**
 * Rules commands (docs/protocol.md, "Rules commands"). A new rule set starts a new game on the same graph, with the
 * rule set's own komi: the komi set by `komi` belongs to the rules it was set under.
 */
import { Game } from '../../src/game.js';
import { formatRules } from '../../src/rules.js';
import { readRules } from '../../src/setup.js';
import type { EngineContext, Handlers } from './context.js';
import { SYNTAX, fail, ok, type Reply } from './reply.js';

/**
 * The rule sets controllers name (KGS's `kgs-rules`, KataGo's `kata-set-rules`) as graphgo rules texts. Chinese,
 * AGA and New Zealand rules count area; they differ in suicide and in the superko they use. Japanese and Korean
 * rules count territory with simple ko and no suicide, which the `kim` preset's two-colour form is.
 */
const NAMED_RULES: Readonly<Record<string, string>> = {
  chinese: 'area suicide=forbidden ko=positional',
  'chinese-ogs': 'area suicide=forbidden ko=positional',
  'chinese-kgs': 'area suicide=forbidden ko=positional',
  aga: 'area suicide=forbidden ko=situational',
  bga: 'area suicide=forbidden ko=situational',
  new_zealand: 'area suicide=allowed ko=situational',
  'new-zealand': 'area suicide=allowed ko=situational',
  'tromp-taylor': 'area suicide=allowed ko=positional',
  japanese: 'kim colors=2',
  korean: 'kim colors=2',
};

type RulesContext = Pick<EngineContext, 'game' | 'replaceGame'>;

export function rulesCommands(ctx: RulesContext): Handlers {
  return {
    set_rules: (args) => {
      if (args.length === 0) return SYNTAX;
      const parsed = readRules(args.join(' '));
      if (!parsed.ok) return fail(parsed.error.message);
      ctx.replaceGame(new Game(ctx.game.graph, parsed.value));
      return ok();
    },
    get_rules: (args) => (args.length === 0 ? ok(formatRules(ctx.game.rules)) : SYNTAX),
    'kgs-rules': (args) => setNamedRules(ctx, args),
    'kata-set-rules': (args) => setNamedRules(ctx, args),
  };
}

/** A controller's named rule set, keeping the komi: controllers send `komi` on its own, before or after. */
function setNamedRules(ctx: RulesContext, args: readonly string[]): Reply {
  if (args.length !== 1) return SYNTAX;
  const text = NAMED_RULES[args[0].toLowerCase()];
  if (text === undefined) return fail(`unknown rules "${args[0]}" (known: ${Object.keys(NAMED_RULES).join(', ')})`);
  const parsed = readRules(`${text} komi=${ctx.game.rules.komi}`);
  if (!parsed.ok) throw new Error(`the rules table is wrong: ${parsed.error.message}`);
  ctx.replaceGame(new Game(ctx.game.graph, parsed.value));
  return ok();
}
