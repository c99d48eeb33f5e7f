/**
 * Where every seed of a run comes from. A game's randomness must depend only on the tournament seed and the game
 * number: then a resumed run plays exactly the games an uninterrupted one would have played, whatever worker,
 * concurrency or engine restart a game lands on, and two different games never replay each other.
 *
 * - Game g of a tournament with seed S has the seed `S.g` (kept in its record and its SGF).
 * - Engine E in that game gets `S.g.E` (names are unique in a tournament), as `set_random_seed` with a 31-bit hash
 *   of that text before the game, on a process reused from game to game (graphgo builds its bot afresh from it).
 * - A built-in bot with its own `--seed X` gets the hash of `X.S.g.E`, so its games differ from the same bot's
 *   without it.
 * - Processes start with the game name `preflight` in their seed (a built-in bot's `--seed`), for the start-up
 *   checks and the pre-flight before any game.
 */

/** The game name of the start-up checks and the pre-flight. */
export const PREFLIGHT = 'preflight';

export function gameSeed(tournamentSeed: string, game: number | typeof PREFLIGHT): string {
  return `${tournamentSeed}.${game}`;
}

/** The seed of one engine in one game. */
export function engineSeed(seedOfGame: string, engine: string): string {
  return `${seedOfGame}.${engine}`;
}

/** The `--seed` a built-in bot gets: the engine's seed, after the bot's own `--seed` when it has one. */
export function builtinSeed(seedOfEngine: string, ownSeed: string | null): string {
  return ownSeed === null ? seedOfEngine : `${ownSeed}.${seedOfEngine}`;
}

/** A 31-bit integer from a text (FNV-1a), for `set_random_seed`. */
export function seedNumber(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) & 0x7fffffff;
}
