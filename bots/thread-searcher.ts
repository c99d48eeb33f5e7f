/**
 * What a search thread of a parallel UCT bot (uct-worker.ts, shared-tree-worker.ts) searches with: its own UctBot,
 * with the main thread's knowledge, and a mirror of the main thread's game. A thread that cannot search (its set-up
 * or a search threw) still answers every request, with nothing, so the main thread never waits out its grace period
 * for it; the reason is reported once.
 */
import { parseGraphSpec } from '../src/families.js';
import type { Game } from '../src/game.js';
import { GameMirror, type SearchRequest } from './parallel-protocol.js';
import { UctBot, type UctSettings } from './uct.js';

export class ThreadSearcher {
  private failure: string | null = null;
  private bot: UctBot | null = null;
  private mirror: GameMirror | null = null;

  /** `report` hears why the thread stopped searching, once. */
  constructor(
    graphLine: string,
    settings: UctSettings,
    private readonly report: (reason: string) => void,
  ) {
    try {
      const built = parseGraphSpec(graphLine);
      if (!built.ok) throw new Error(`cannot read the graph: ${built.error.message}`);
      this.mirror = new GameMirror(built.value);
      this.bot = new UctBot(settings, 'uct-worker');
    } catch (e) {
      this.fail(e);
    }
  }

  /** The request's game brought up to date and searched with `run`; null when this thread cannot search. */
  search<T>(request: SearchRequest, run: (game: Game, bot: UctBot) => T): T | null {
    const { mirror, bot } = this;
    if (this.failure !== null || mirror === null || bot === null) return null;
    try {
      const game = mirror.sync(request);
      bot.followMargin(request.marginKomi);
      return run(game, bot);
    } catch (e) {
      this.fail(e);
      mirror.reset();
      return null;
    }
  }

  private fail(e: unknown): void {
    if (this.failure !== null) return;
    this.failure = e instanceof Error ? e.message : String(e);
    this.report(this.failure);
  }
}
