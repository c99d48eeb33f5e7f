/** The command-line search limits shared by `gtp` and `play`: --playouts N and --time S, checked once. */
import { CliError } from './io.js';

export function parseSearchLimits(opts: { playouts?: string; time?: string }): { playouts?: number; seconds?: number } {
  const playouts = opts.playouts === undefined ? undefined : Number(opts.playouts);
  if (playouts !== undefined && (!Number.isInteger(playouts) || playouts < 1)) {
    throw new CliError(`--playouts must be a positive whole number, got "${opts.playouts}"`);
  }
  const seconds = opts.time === undefined ? undefined : Number(opts.time);
  if (seconds !== undefined && (!Number.isFinite(seconds) || seconds <= 0)) {
    throw new CliError(`--time must be a positive number of seconds, got "${opts.time}"`);
  }
  return { playouts, seconds };
}
