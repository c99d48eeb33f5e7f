/**
 * Rules commands (docs/protocol.md, "Rules commands"). A new rule set starts a new game on the same graph, with the
 * rule set's own komi: the komi set by `komi` belongs to the rules it was set under.
 */
import { Game } from '../../src/game.js';
import { formatRules } from '../../src/rules.js';
import { readRules } from '../../src/setup.js';
import { NAMED_RULES, namedRules } from '../named-rules.js';
import type { EngineContext, Handlers } from './context.js';
import { SYNTAX, fail, ok, type Reply } from './reply.js';

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
  const rules = namedRules(args[0], ctx.game.rules.komi);
  if (rules === undefined) return fail(`unknown rules "${args[0]}" (known: ${Object.keys(NAMED_RULES).join(', ')})`);
  ctx.replaceGame(new Game(ctx.game.graph, rules));
  return ok();
}
