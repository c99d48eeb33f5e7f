/**
 * Administration commands (docs/protocol.md, "Administration"). `known_command` and `list_commands` read the
 * engine's own table, so they cannot drift from what is handled.
 */
import type { EngineContext, Handlers } from './context.js';
import { SYNTAX, ok } from './reply.js';

export function coreCommands(ctx: Pick<EngineContext, 'version' | 'commands' | 'quit'>): Handlers {
  return {
    protocol_version: () => ok('2'),
    name: () => ok('graphgo'),
    version: () => ok(ctx.version),
    known_command: (args) => (args.length === 1 ? ok(String(ctx.commands.includes(args[0]))) : SYNTAX),
    list_commands: () => ok(ctx.commands.join('\n')),
    quit: () => {
      ctx.quit();
      return ok();
    },
  };
}
