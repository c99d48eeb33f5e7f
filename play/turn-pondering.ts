/**
 * Thinking on the person's time, one turn at a time, for a Match: either in slices on the calling thread (the web
 * server runs them between requests, play/ponderer.ts) or on the bot's worker threads while the calling thread
 * blocks on the person's input (the terminal game). Both grow the bot's own tree at the person's position, so that
 * the reply the person plays keeps its subtree for the computer's next search (tree reuse), and both stop after
 * the turn's limit. A move or an undo starts a new turn; any other search of the bot's (a hint, an analysis, a
 * move) ends the pondering begun, which starts again from the tree as that search left it.
 */
import type { Bot } from '../bots/bot.js';
import type { Game } from '../src/game.js';

export class TurnPondering {
  /** The bot's analyzer has begun on the current position for the slices. */
  private begun = false;
  /** The background search runs (on the bot's worker threads), since this time. */
  private backgroundSince: number | null = null;
  private milliseconds = 0;
  /** Simulations pondered in this turn. */
  simulations = 0;

  constructor(private readonly limitMilliseconds: number) {}

  /** One slice of about `milliseconds` on this thread: the simulations run, 0 when nothing is left to do. */
  slice(bot: Bot, game: Game, color: number, milliseconds: number): number {
    const analyzer = bot.analyzer;
    if (analyzer === undefined || this.backgroundSince !== null || this.milliseconds >= this.limitMilliseconds) return 0;
    if (!this.begun) {
      if (!analyzer.begin(game, color, { ownership: false })) {
        this.milliseconds = this.limitMilliseconds;
        return 0;
      }
      this.begun = true;
    }
    const start = performance.now();
    const simulations = analyzer.run(Math.max(1, Math.min(milliseconds, this.limitMilliseconds - this.milliseconds)));
    this.milliseconds += performance.now() - start;
    this.simulations += simulations;
    return simulations;
  }

  /** Starts the background search for the rest of the turn's limit; false when the bot has none or it is spent. */
  startBackground(bot: Bot, game: Game, color: number): boolean {
    const background = bot.background;
    if (background === undefined || this.backgroundSince !== null || this.milliseconds >= this.limitMilliseconds) return false;
    this.begun = false;
    if (!background.start(game, color, (this.limitMilliseconds - this.milliseconds) / 1000)) return false;
    this.backgroundSince = performance.now();
    return true;
  }

  /** Stops the background search, if one runs, and waits for it: the simulations it ran. */
  stopBackground(bot: Bot | null): number {
    if (this.backgroundSince === null) return 0;
    const simulations = bot?.background?.stop() ?? 0;
    this.milliseconds += performance.now() - this.backgroundSince;
    this.backgroundSince = null;
    this.simulations += simulations;
    return simulations;
  }

  /** Another search of the bot's is about to run on its tree. */
  interrupt(bot: Bot | null): void {
    this.stopBackground(bot);
    this.begun = false;
  }

  /** A move or an undo: the simulations of the turn that ends, and a fresh turn. */
  newTurn(bot: Bot | null): number {
    this.interrupt(bot);
    const ended = this.simulations;
    this.milliseconds = 0;
    this.simulations = 0;
    return ended;
  }
}
