/**
 * Root-parallel UCT over worker threads, through the built engine (worker threads load compiled JavaScript):
 * legal moves, and the same move for the same seed and fixed playouts (each thread runs a fixed share).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { ENGINE_MAIN, ensureDist } from '../gtp/build-dist.js';

const run = promisify(execFile);

async function session(args: string[], input: string): Promise<string> {
  const child = run(process.execPath, [ENGINE_MAIN, 'gtp', ...args], { timeout: 60_000 });
  child.child.stdin!.end(input);
  return (await child).stdout;
}

describe('uct --threads 2', () => {
  beforeAll(async () => {
    await ensureDist();
  }, 120_000);

  it('plays legal moves and reproduces them from the seed with fixed playouts', async () => {
    const script = 'boardsize 7\nset_rules area\ngenmove b\ngenmove w\ngenmove b\nget_state\nquit\n';
    const args = ['--bot', 'uct', '--threads', '2', '--playouts', '2000', '--seed', '5'];
    const first = await session(args, script);
    const second = await session(args, script);
    const answers = first.split('\n\n').filter((r) => r.length > 0);
    // Three genmoves answered with vertices (the engine refuses illegal moves from its own bot loudly).
    expect(answers.slice(2, 5).every((r) => /^= [A-HJ]\d$/.test(r.trim()))).toBe(true);
    expect(answers[5]).toContain('"moves":3');
    expect(second).toBe(first);
  }, 120_000);

  it('refuses a bad thread count with a clear message', async () => {
    await expect(run(process.execPath, [ENGINE_MAIN, 'gtp', '--threads', '0'])).rejects.toMatchObject({
      stderr: expect.stringContaining('--threads must be a whole number'),
    });
  });
});
