/**
 * `graphgo tournament help NAME` and `graphgo bench help NAME` name an unknown NAME the way `graphgo help NAME` does,
 * instead of printing the general help alone; a known NAME, or none, still gets its help.
 */
import { describe, expect, it } from 'vitest';
import { runCliCaptured } from './helpers/cli.js';

describe('graphgo tournament help', () => {
  it('says an unknown command is unknown, and lists the known ones, as the top level does', async () => {
    expect(await runCliCaptured(['tournament', 'help', 'foo'])).toEqual({
      code: 1,
      out: '',
      err: "graphgo: unknown command 'foo' (known: run, match, status, report, compare, replay, worker)\n",
    });
    expect((await runCliCaptured(['help', 'foo'])).err).toMatch(/^graphgo: unknown command 'foo' \(known: /);
  });

  it('still shows the help of a known command, and its own help without one', async () => {
    const status = await runCliCaptured(['tournament', 'help', 'status']);
    expect(status.code).toBe(0);
    expect(status.out).toMatch(/^Usage: graphgo tournament status \[options\] <target>\n/);
    const general = await runCliCaptured(['tournament', 'help']);
    expect(general.code).toBe(0);
    expect(general.out).toMatch(/^Usage: graphgo tournament \[options\] \[command\]\n/);
    expect(general.out).toMatch(/\n {2}help \[command\] +display help for command\n/);
  });
});

describe('graphgo bench help', () => {
  it('says an unknown command is unknown, and shows a known one', async () => {
    expect(await runCliCaptured(['bench', 'help', 'foo'])).toEqual({
      code: 1,
      out: '',
      err: "graphgo: unknown command 'foo' (known: core, playouts, search, optimal, positions, engine)\n",
    });
    const playouts = await runCliCaptured(['bench', 'help', 'playouts']);
    expect(playouts.code).toBe(0);
    expect(playouts.out).toMatch(/^Usage: graphgo bench playouts \[options\]\n/);
  });
});
