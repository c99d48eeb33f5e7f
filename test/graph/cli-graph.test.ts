import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../cli/main.js';
import { parseGraphFile } from '../../src/graph-formats.js';
import { build, linkList, unwrap } from './helpers.js';
import { ENGINE_MAIN, ensureDist } from '../gtp/build-dist.js';

/** Runs the CLI in-process and collects what it writes. */
async function run(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runCli(args, { writeOut: (text) => (out += text), writeErr: (text) => (err += text) });
  return { code, out, err };
}

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'graphgo-cli-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('graphgo graph', () => {
  it('prints the edges line on stdout and the summary on stderr', async () => {
    expect(await run('graph', 'grid', '3', '3')).toEqual({
      code: 0,
      out: 'edges 9 1-2 1-4 2-3 2-5 3-6 4-5 4-7 5-6 5-8 6-9 7-8 8-9\n',
      err: '9 vertices, 12 edges, 0 arcs, degree 2..4\n',
    });
    expect((await run('graph', 'grid', '9', '9')).err).toBe('81 vertices, 144 edges, 0 arcs, degree 2..4\n');
    // A spec given as one quoted word works too.
    expect((await run('graph', 'edges 3 1>2 2-3')).out).toBe('edges 3 1>2 2-3\n');
    expect((await run('graph', 'edges', '2', '1-2')).err).toBe('2 vertices, 1 edge, 0 arcs, degree 1..1\n');
  });

  it('--info prints only the summary, on stdout', async () => {
    expect(await run('graph', '--info', 'hex', '2')).toEqual({
      code: 0,
      out: '7 vertices, 12 edges, 0 arcs, degree 3..6\n',
      err: '',
    });
    expect((await run('graph', 'edges', '3', '1>2', '2-3', '--info')).out).toBe(
      '3 vertices, 1 edge, 1 arc, degree 1..2\n',
    );
  });

  it('--format writes every format, and each reads back', async () => {
    for (const format of ['edges', 'json', 'dimacs', 'govariants']) {
      const { code, out } = await run('graph', 'random', '30', '0.2', '7', '--format', format);
      expect(code).toBe(0);
      expect(linkList(unwrap(parseGraphFile(out))), format).toEqual(linkList(build('random 30 0.2 7')));
    }
    expect((await run('graph', 'petersen', '--format', 'dimacs')).out).toContain('p edge 10 15\n');
  });

  it('--output writes a file that --from reads back', async () => {
    const file = join(dir, 'grid.json');
    const written = await run('graph', 'grid', '4', '4', '--format', 'json', '--output', file);
    expect(written).toEqual({ code: 0, out: '', err: '16 vertices, 24 edges, 0 arcs, degree 2..4\n' });
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ graphgo: 1, spec: 'grid 4 4' });
    expect(await run('graph', '--from', file, '--info')).toEqual({
      code: 0,
      out: '16 vertices, 24 edges, 0 arcs, degree 2..4\n',
      err: '',
    });
    const dimacs = join(dir, 'g.col');
    writeFileSync(dimacs, 'c triangle\np edge 3 3\ne 1 2\ne 2 3\ne 1 3\n');
    expect((await run('graph', '--from', dimacs)).out).toBe('edges 3 1-2 1-3 2-3\n');
  });

  it('--info with --output is refused before anything is built, and no file appears', async () => {
    const file = join(dir, 'info.txt');
    const combinations = [
      ['grid', '3', '3', '--info', '--output', file],
      ['--info', '-o', file, 'random', '500', '0.5', '1'],
    ];
    for (const args of combinations) {
      expect(await run('graph', ...args), args.join(' ')).toEqual({
        code: 1,
        out: '',
        err:
          'graphgo: --info prints only the summary, on stdout, and writes no graph: give --info or --output, not both\n',
      });
    }
    expect(existsSync(file)).toBe(false);
  });

  it('--from reads a file that starts with a UTF-8 byte order mark, in every format', async () => {
    const bom = Buffer.from([0xef, 0xbb, 0xbf]);
    for (const format of ['spec', 'edges', 'json', 'dimacs', 'govariants']) {
      const file = join(dir, `bom-${format}`);
      const body = format === 'spec' ? 'grid 2 2\n' : (await run('graph', 'grid', '2', '2', '--format', format)).out;
      writeFileSync(file, Buffer.concat([bom, Buffer.from(body)]));
      expect(await run('graph', '--from', file), format).toEqual({
        code: 0,
        out: 'edges 4 1-2 1-3 2-4 3-4\n',
        err: '4 vertices, 4 edges, 0 arcs, degree 2..2\n',
      });
    }
  });

  it('--from a file nested thousands deep is refused in one line, not a stack overflow', async () => {
    const depth = 5000;
    const nested = '['.repeat(depth) + ']'.repeat(depth);
    const cut = '['.repeat(37) + '...';
    const files: [string, string, string][] = [
      [
        'deep.json',
        `{"graphgo":1,"vertices":3,"edges":${nested}}`,
        `"edges"[0]: expected a pair of vertex numbers [u, v], got ${cut}`,
      ],
      [
        'deep-govariants.json',
        `{"type":"custom","coordinates":[[0,0]],"adjacencyList":${nested}}`,
        `"adjacencyList"[0][0]: expected an intersection 0..0, got ${cut}`,
      ],
    ];
    for (const [name, text, problem] of files) {
      const file = join(dir, name);
      writeFileSync(file, text);
      expect(await run('graph', '--from', file), name).toEqual({
        code: 1,
        out: '',
        err: `graphgo: invalid graph file ${file}: ${problem}\n`,
      });
    }
  });

  it('bad input: one line on stderr, exit code 1, nothing on stdout', async () => {
    const cases: [string[], string][] = [
      [['graph', 'edges', '3', '3-3'], 'graphgo: invalid graph: self-loop 3-3\n'],
      [['graph', 'grid', '9'], 'graphgo: invalid graph: wrong number of arguments for grid (expected 2, got 1): usage grid W H\n'],
      [['graph', 'torus', '2', '2'], 'graphgo: invalid graph: torus needs W, H >= 3\n'],
      [['graph'], 'graphgo: missing graph spec (e.g. graphgo graph grid 9 9) or --from FILE\n'],
      [['graph', 'grid', '3', '3', '--from', 'x.json'], 'graphgo: give either a spec or --from FILE, not both\n'],
      [['graph', '--from', join(dir, 'missing.json')], `graphgo: cannot read ${join(dir, 'missing.json')}: no such file or directory\n`],
      [['graph', '--from', dir], `graphgo: cannot read ${dir}: is a directory\n`],
    ];
    for (const [args, err] of cases) expect(await run(...args), args.join(' ')).toEqual({ code: 1, out: '', err });
    const unknown = await run('graph', 'square', '9');
    expect(unknown.code).toBe(1);
    expect(unknown.err).toMatch(/^graphgo: invalid graph: unknown graph family "square"; known families: grid, /);
    const badFile = join(dir, 'bad.json');
    writeFileSync(badFile, '{"graphgo":1,"vertices":2,"edges":[[1,2],[2,2]]}');
    expect((await run('graph', '--from', badFile)).err).toBe(
      `graphgo: invalid graph file ${badFile}: "edges"[1]: self-loop 2-2\n`,
    );
  });

  it('commander errors are one line with the same prefix and exit 1', async () => {
    const bad = await run('graph', 'grid', '3', '3', '--format', 'xml');
    expect(bad.code).toBe(1);
    expect(bad.out).toBe('');
    expect(bad.err).toMatch(/^graphgo: option '--format <format>' argument 'xml' is invalid/);
    expect((await run('graph', '--frobnicate')).code).toBe(1);
    // A huge argument is quoted in part: the line stays short and says how long the value was.
    const huge = await run('graph', 'grid', '3', 'x'.repeat(100_000));
    expect(huge.code).toBe(1);
    expect(huge.err.length).toBeLessThan(600);
    expect(huge.err).toMatch(/^graphgo: invalid graph: .*\.\.\. \(a line of \d{3},\d{3} characters\)\n$/);
    // Commander's own errors and an unknown help topic too.
    for (const args of [['graph', '--format', 'x'.repeat(100_000)], ['help', 'x'.repeat(100_000)]]) {
      const r = await run(...args);
      expect(r.code).toBe(1);
      expect(r.err.length).toBeLessThan(600);
    }
    expect((await run('help', '--help')).code).toBe(0);
    expect(await run('help', 'frobnicate')).toEqual({
      code: 1,
      out: '',
      err: "graphgo: unknown command 'frobnicate' (known: play, web, gtp, graph, demo, tournament, bench, solve, count)\n",
    });
  });

  it('--version and --help', async () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(await run('--version')).toEqual({ code: 0, out: `${pkg.version}\n`, err: '' });
    const help = await run('graph', '--help');
    expect(help.code).toBe(0);
    expect(help.out).toContain('Usage: graphgo graph [options] [spec...]');
    expect(help.out).toContain('random N P SEED');
  });
});

describe('the compiled entry point', () => {
  // The built program, as a user runs it (dist/ is rebuilt first when any source is newer).
  const mainJs = ENGINE_MAIN;

  beforeAll(async () => {
    await ensureDist();
  }, 120_000);

  it('prints a graph and exits 0; refuses a bad one with exit 1 and no stack trace', () => {
    const good = spawnSync(process.execPath, [mainJs, 'graph', 'path', '3'], { encoding: 'utf8' });
    expect(good.status).toBe(0);
    expect(good.stdout).toBe('edges 3 1-2 2-3\n');
    expect(good.stderr).toBe('3 vertices, 2 edges, 0 arcs, degree 1..2\n');
    const bad = spawnSync(process.execPath, [mainJs, 'graph', 'edges', '3', '1-4'], { encoding: 'utf8' });
    expect(bad.status).toBe(1);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toBe('graphgo: invalid graph: vertex 4 out of range 1..3 in 1-4\n');
    expect(readFileSync(mainJs, 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true);
  });

  it.skipIf(!existsSync('/dev/full'))('an output it cannot write (a full disk) is one line and exit 1, not a stack trace', () => {
    const full = openSync('/dev/full', 'w');
    try {
      const r = spawnSync(process.execPath, [mainJs, 'graph', 'path', '3'], { encoding: 'utf8', stdio: ['ignore', full, 'pipe'] });
      expect(r.status).toBe(1);
      expect(r.stderr).toBe('3 vertices, 2 edges, 0 arcs, degree 1..2\ngraphgo: cannot write the output: ENOSPC\n');
    } finally {
      closeSync(full);
    }
  });
});
