/**
 * The web server's thinking on the person's time: after each request it follows the game that request touched, and
 * while no request is being answered it searches that game's position in slices (Match.ponder), so that the
 * computer's next move starts from a grown tree. One game at a time: the one last used. A slice blocks the server
 * for SLICE_MILLISECONDS at most, so a request waits no longer than that; the slices stop by themselves when the
 * person moves, the game ends, or the turn's pondering limit is spent.
 */
import type { Match } from './match.js';

/** Long enough to amortise the search's set-up, short enough that a click is answered at once. */
export const SLICE_MILLISECONDS = 50;

export class Ponderer {
  private target: Match | null = null;
  private running = false;
  private stopped = false;

  constructor(readonly enabled: boolean) {}

  /** Ponders `match` from the next turn of the event loop on (after the request now being answered). */
  follow(match: Match): void {
    if (!this.enabled || this.stopped) return;
    this.target = match;
    if (this.running) return;
    this.running = true;
    setImmediate(this.step);
  }

  /** No more slices (the server is closing). */
  stop(): void {
    this.stopped = true;
    this.target = null;
  }

  private readonly step = (): void => {
    const match = this.target;
    let simulations = 0;
    if (!this.stopped && match !== null) {
      try {
        simulations = match.ponder(SLICE_MILLISECONDS);
      } catch {
        // Pondering is a bonus: a search that fails here is dropped, and the next request is answered as usual.
        simulations = 0;
      }
    }
    if (simulations === 0) {
      this.running = false;
      return;
    }
    setImmediate(this.step);
  };
}
