/**
 * Time commands (docs/protocol.md, "Time"): the controller's clock, kept so that genmove can give the searching
 * bots a budget for each move (bots/time-control.ts).
 */
import { extraSecondsForMove, secondsForMove, type ClockLeft, type ClockSettings } from '../../bots/time-control.js';
import { parseGtpColor } from '../../src/vocabulary.js';
import { formatNumber } from '../../src/rules.js';
import { parseFloatArg, parseIntArg } from '../gtp.js';
import type { EngineContext, Handlers } from './context.js';
import { SYNTAX, ok } from './reply.js';

export class GtpClock {
  /** null: no time limit. */
  private settings: ClockSettings | null = null;
  /** Per colour, from time_left. */
  private readonly left = new Map<number, ClockLeft>();

  /** New settings void what time_left reported under the old ones. */
  set(settings: ClockSettings | null): void {
    this.settings = settings;
    this.left.clear();
  }

  setLeft(color: number, left: ClockLeft): void {
    this.left.set(color, left);
  }

  /** The seconds `color` may spend on its next move, or null without a limit. */
  secondsForMove(color: number, emptyVertices: number): number | null {
    return secondsForMove(this.settings, this.left.get(color), emptyVertices);
  }

  /** The extra seconds `color` may add to its next move when its search is in doubt (0 without a clock). */
  extraSecondsForMove(color: number, emptyVertices: number): number {
    return extraSecondsForMove(this.settings, this.left.get(color), emptyVertices);
  }
}

export function timeCommands(ctx: Pick<EngineContext, 'clock' | 'cpuSeconds'>): Handlers {
  return {
    time_settings: (args) => {
      if (args.length !== 3) return SYNTAX;
      const clock = canadianClock(args);
      if (clock === undefined) return SYNTAX;
      ctx.clock.set(clock);
      return ok();
    },
    'kgs-time_settings': (args) => {
      const clock = kgsClock(args);
      if (clock === undefined) return SYNTAX;
      ctx.clock.set(clock);
      return ok();
    },
    time_left: (args) => {
      if (args.length !== 3) return SYNTAX;
      const color = parseGtpColor(args[0]);
      const seconds = parseFloatArg(args[1]);
      const stones = parseIntArg(args[2]);
      if (color === null || seconds === null || stones === null || seconds < 0 || stones < 0) return SYNTAX;
      ctx.clock.setLeft(color, { seconds, stones });
      return ok();
    },
    // GoGui and twogtp ask for it to report how long each engine thought. It takes no arguments, so extra ones are
    // ignored (docs/protocol.md, "Arguments").
    cputime: () => ok(formatNumber(Math.round(ctx.cpuSeconds() * 1000) / 1000)),
  };
}

/** `MAIN BYO STONES` in whole seconds; undefined when malformed, null for GTP's "no limit" (BYO > 0, STONES 0). */
export function canadianClock(args: readonly string[]): ClockSettings | null | undefined {
  if (args.length !== 3) return undefined;
  const [main, byo, stones] = args.map(parseIntArg);
  if (main === null || byo === null || stones === null || main < 0 || byo < 0 || stones < 0) return undefined;
  return byo > 0 && stones === 0 ? null : { mainSeconds: main, byoYomiSeconds: byo, byoYomiStones: stones };
}

/**
 * KGS's systems: `none`, `absolute MAIN`, `byoyomi MAIN PERIOD PERIODS`, `canadian MAIN BYO STONES`. Japanese
 * byo-yomi is planned as one stone per period: spending within a period never uses one up.
 */
export function kgsClock(args: readonly string[]): ClockSettings | null | undefined {
  const [system, ...rest] = args;
  switch (system?.toLowerCase()) {
    case 'none':
      return rest.length === 0 ? null : undefined;
    case 'absolute': {
      const main = rest.length === 1 ? parseIntArg(rest[0]) : null;
      return main === null || main < 0 ? undefined : { mainSeconds: main, byoYomiSeconds: 0, byoYomiStones: 0 };
    }
    case 'byoyomi': {
      const [main, period, periods] = rest.length === 3 ? rest.map(parseIntArg) : [null, null, null];
      if (main === null || period === null || periods === null || main < 0 || period < 0 || periods < 0) return undefined;
      return { mainSeconds: main, byoYomiSeconds: period, byoYomiStones: periods > 0 ? 1 : 0 };
    }
    case 'canadian':
      return canadianClock(rest);
    default:
      return undefined;
  }
}
