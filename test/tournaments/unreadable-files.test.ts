/**
 * Every file `graphgo tournament` reads (a tournament file, the graph files it names, a run folder's records) is read
 * with the bound the rest of the program uses, and one it cannot read is refused in the same words: `/dev/zero` ends
 * in `cannot read /dev/zero: larger than 268435456 bytes` instead of a hang that fills memory, and a directory where
 * a file belongs in `cannot read PATH: is a directory` instead of an internal error.
 */
import { existsSync, mkdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readUserFile } from '../../cli/io.js';
import { UnreadableFileError, readBoundedText } from '../../tournaments/bounded-read.js';
import { LOCK_FILE } from '../../tournaments/lock.js';
import { CONFIG_FILE, RESULTS_FILE, VOID_FILE } from '../../tournaments/records.js';
import { runCliCaptured } from '../helpers/cli.js';
import { TournamentRunner, type RunEvent } from '../../tournaments/runner.js';
import { HOST, fake, play, tempDir, tournament } from './helpers.js';

const ZERO_REFUSAL = 'cannot read /dev/zero: larger than 268435456 bytes';

function thrownMessage(read: () => unknown): string {
  try {
    read();
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error('read without an error');
}

describe.skipIf(!existsSync('/dev/zero'))('tournament files from /dev/zero', () => {
  it('status, report, run, compare and replay refuse it after the bound, as graph --from does', async () => {
    const runs = [
      ['tournament', 'status', '/dev/zero'],
      ['tournament', 'report', '/dev/zero'],
      ['tournament', 'run', '/dev/zero'],
      ['tournament', 'compare', '/dev/zero', 'elsewhere'],
      ['tournament', 'replay', '/dev/zero', '--game', '0'],
    ];
    for (const args of runs) {
      expect(await runCliCaptured(args), args.join(' ')).toEqual({ code: 1, out: '', err: `graphgo: ${ZERO_REFUSAL}\n` });
    }
  }, 60_000);

  it('a graph file named /dev/zero in a tournament file is refused by name', async () => {
    const file = join(tempDir(), 'zero-graph.json');
    writeFileSync(file, JSON.stringify({ engines: [fake('a'), fake('b')], graphs: [{ file: '/dev/zero' }], rules: ['area'] }));
    for (const command of ['run', 'status']) {
      expect(await runCliCaptured(['tournament', command, file]), command).toEqual({
        code: 1,
        out: '',
        err: `graphgo: invalid tournament ${file}:\n  graphs[0].file: ${ZERO_REFUSAL}\n`,
      });
    }
  }, 60_000);

  it("a run folder's results.jsonl that is /dev/zero is refused by its path", async () => {
    const out = tempDir();
    symlinkSync('/dev/zero', join(out, RESULTS_FILE));
    const path = join(out, RESULTS_FILE);
    expect(await runCliCaptured(['tournament', 'status', out])).toEqual({
      code: 1,
      out: '',
      err: `graphgo: cannot read ${path}: larger than 268435456 bytes\n`,
    });
  }, 60_000);
});

describe('a run folder with a directory where a file belongs', () => {
  let out = '';
  beforeAll(async () => {
    out = tempDir();
    const played = await play(tournament({ engines: [fake('a'), fake('b')], games: 1 }, out));
    expect(played.summary.status).toBe('complete');
  }, 60_000);

  /** Makes `name` a directory for the length of `check`, then puts the file back as it was. */
  async function withDirectory(name: string, check: (path: string) => Promise<void>): Promise<void> {
    const path = join(out, name);
    const aside = `${path}.aside`;
    const existed = existsSync(path);
    if (existed) renameSync(path, aside);
    mkdirSync(path);
    try {
      await check(path);
    } finally {
      rmSync(path, { recursive: true });
      if (existed) renameSync(aside, path);
    }
  }

  it('status, report, compare and replay say results.jsonl is a directory', async () => {
    await withDirectory(RESULTS_FILE, async (path) => {
      for (const args of [['status', out], ['report', out], ['compare', out, out], ['replay', out, '--game', '0']]) {
        expect(await runCliCaptured(['tournament', ...args]), args[0]).toEqual({ code: 1, out: '', err: `graphgo: cannot read ${path}: is a directory\n` });
      }
    });
  });

  it('status says so of void.jsonl and tournament.json too', async () => {
    for (const name of [VOID_FILE, CONFIG_FILE]) {
      await withDirectory(name, async (path) => {
        expect(await runCliCaptured(['tournament', 'status', out]), name).toEqual({ code: 1, out: '', err: `graphgo: cannot read ${path}: is a directory\n` });
      });
    }
  });

  it('a run of the folder halts before any game with the same words, and so does tournament run', async () => {
    await withDirectory(RESULTS_FILE, async (path) => {
      const events: RunEvent[] = [];
      const runner = new TournamentRunner(tournament({ engines: [fake('a'), fake('b')], games: 1 }, out), { host: HOST, onEvent: (e) => events.push(e) });
      const summary = await runner.run();
      expect(summary).toMatchObject({ status: 'halted', error: `cannot read ${path}: is a directory`, playedThisRun: 0 });
      expect(events.filter((e) => e.type === 'game')).toEqual([]);

      const file = join(tempDir(), 'run.json');
      writeFileSync(file, JSON.stringify({ engines: [fake('a'), fake('b')], graphs: ['grid 5 5'], rules: ['area'], games: 1, out }));
      const run = await runCliCaptured(['tournament', 'run', file, '--quiet']);
      expect(run.code).toBe(1);
      expect(run.out).toBe('');
      expect(run.err.split('\n').slice(-2)).toEqual([`graphgo: cannot read ${path}: is a directory`, '']);
    });
  });
});

describe('a lock that is a directory', () => {
  it('is refused at once instead of waited on for ever', async () => {
    const out = tempDir();
    const lock = join(out, LOCK_FILE);
    mkdirSync(lock);
    const file = join(tempDir(), 'locked.json');
    writeFileSync(file, JSON.stringify({ engines: [fake('a'), fake('b')], graphs: ['grid 5 5'], rules: ['area'], games: 1, out }));
    const run = await runCliCaptured(['tournament', 'run', file, '--quiet']);
    expect(run.code).toBe(1);
    expect(run.err.split('\n').slice(-2)).toEqual([`graphgo: cannot read ${lock}: is a directory; delete it if no run is using ${out}`, '']);
  });
});

describe('the harness reads with the command line bound and words', () => {
  it('refuses a device, a directory and a missing file exactly as cli/io.ts does', () => {
    const dir = tempDir();
    const paths = [dir, join(dir, 'missing.json'), ...(existsSync('/dev/zero') ? ['/dev/zero'] : [])];
    for (const path of paths) {
      const ours = thrownMessage(() => readBoundedText(path));
      expect(ours, path).toBe(thrownMessage(() => readUserFile(path)));
      expect(() => readBoundedText(path)).toThrow(UnreadableFileError);
    }
    expect(thrownMessage(() => readBoundedText(dir))).toBe(`cannot read ${dir}: is a directory`);
  });
});
