/**
 * The last look before resigning: a move that saves one of the mover's chains of two or more stones from capture,
 * found by reading rather than by playouts. Light playouts misjudge exactly these positions (a chain in atari that
 * can run, or capture its way out), and a search that rates every move under the resign threshold may still have
 * one. The bot plays it instead of resigning, and resigns a move later if the position is lost all the same.
 */
import type { Game } from '../src/game.js';
import { Position } from '../src/position.js';
import { EMPTY } from '../src/vocabulary.js';
import { LADDER_ESCAPE, LadderPriors } from './ladder.js';

/** Chains smaller than this are not worth a resignation's second look. */
const SMALLEST_SAVED_CHAIN = 2;

/**
 * The legal move that saves the mover's largest chain in atari (of SMALLEST_SAVED_CHAIN stones or more), by
 * capturing an enemy chain in atari that touches it, or by extending at its liberty when ladder reading says the
 * chain escapes; -1 when there is none.
 */
export function savingMove(game: Game, color: number): number {
  const position = new Position(game.graph);
  position.copyFrom(game.position);
  const legal = new Set(game.legalMoves(color));
  const ladders = new LadderPriors(position.n);
  ladders.prepare(position, color);
  const { adjStart, adj } = game.graph;
  let best = -1;
  let bestSize = SMALLEST_SAVED_CHAIN - 1;
  for (let h = 0; h < position.n; h++) {
    if (position.color[h] !== color || position.head[h] !== h || !position.inAtari(h)) continue;
    const size = position.size[h];
    if (size <= bestSize) continue;
    let save = -1;
    // A capture next to the chain gives it a liberty whatever the shape around it.
    let s = h;
    do {
      for (let i = adjStart[s], end = adjStart[s + 1]; i < end && save < 0; i++) {
        const w = adj[i];
        const cw = position.color[w];
        if (cw === EMPTY || cw === color || !position.inAtari(position.head[w])) continue;
        const liberty = position.atariLiberty(position.head[w]);
        if (legal.has(liberty)) save = liberty;
      }
      s = position.next[s];
    } while (s !== h && save < 0);
    if (save < 0) {
      const liberty = position.atariLiberty(h);
      if (ladders.valueAt(liberty) === LADDER_ESCAPE && legal.has(liberty)) save = liberty;
    }
    if (save >= 0) {
      best = save;
      bestSize = size;
    }
  }
  return best;
}
