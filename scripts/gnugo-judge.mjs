// What the GNU Go judging scripts share (gnugo-finish.mjs, gnugo-turning-points.mjs): reading their arguments, a
// run's records, and a GNU Go process driven through the project's GtpClient. A development tool, not the product.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { GtpClient } from '../dist/protocol/client.js';

/** A function that prints `tool: message` on stderr and exits with 1. */
export function failer(tool) {
  return (message) => {
    process.stderr.write(`${tool}: ${message}\n`);
    process.exit(1);
  };
}

/** Takes `--name VALUE` out of args (fallback when absent). */
export function takeOption(args, name, fallback, fail) {
  const i = args.indexOf(name);
  if (i < 0) return fallback;
  const value = args[i + 1];
  if (value === undefined) fail(`${name} needs a value`);
  args.splice(i, 2);
  return value;
}

/** The games of a harness run (its results.jsonl). */
export function readRun(runDir, fail) {
  try {
    return readFileSync(join(runDir, 'results.jsonl'), 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line));
  } catch (e) {
    return fail(`cannot read ${join(runDir, 'results.jsonl')}: ${e.message}`);
  }
}

/**
 * GNU Go at a level, with area scoring and dead stones taken off as the harness's alias runs it: `send` answers a
 * command's text, ending the script with GNU Go's message when it refuses or is gone.
 */
export function startGnuGo(gnugo, level, fail) {
  const gtp = new GtpClient(gnugo, ['--mode', 'gtp', '--level', level, '--chinese-rules', '--capture-all-dead'], { timeoutMs: 120_000 });
  const send = async (command) => {
    let reply;
    try {
      reply = await gtp.send(command);
    } catch (e) {
      fail(`GNU Go (${gnugo}) gave no answer to "${command}": ${e.message}`);
    }
    if (!reply.ok) fail(`GNU Go refused "${command}": ${reply.text}`);
    return reply.text.trim();
  };
  return { send, close: () => gtp.close() };
}
