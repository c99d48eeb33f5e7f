/**
 * GTP conformance: every test/gtp/*.tst transcript, run against `node dist/cli/main.js gtp --bot random --seed 1` through
 * protocol/client.ts (test/gtp/tst-runner.ts explains the format). One test per file; a failure lists every failing
 * check with its line number.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureDist } from './build-dist.js';
import { REPO_ROOT, checkResponse, formatFailures, parseTst, runTst, runTstFile } from './tst-runner.js';

const TST_DIR = join(REPO_ROOT, 'test', 'gtp');
const files = readdirSync(TST_DIR)
  .filter((f) => f.endsWith('.tst'))
  .sort();

beforeAll(async () => {
  await ensureDist();
}, 120_000);

describe('the .tst runner', () => {
  it('parses checks, negations, expected failures and escaped lines', () => {
    const steps = parseTst('1 name\n#? [graphgo]\n2 foo\n#? ?[!ok|fine]\n#! 3 pro\\rtocol_version\n#? [!1]\n#! # comment\nboardsize 9\n');
    expect(steps.map((s) => [s.line, s.id, s.silent])).toEqual([
      [1, '1', false],
      [3, '2', false],
      [5, '3', false],
      [7, null, true],
      [8, null, false],
    ]);
    expect(steps[1].check).toEqual({ line: 4, negate: true, wantFailure: true, regex: 'ok|fine' });
    expect(steps[2].text).toBe('3 pro\rtocol_version');
    expect(checkResponse(steps[0].check!, { ok: true, text: 'graphgo' }).passed).toBe(true);
    expect(checkResponse(steps[0].check!, { ok: true, text: 'graphgo2' }).passed).toBe(false);
    expect(checkResponse(steps[0].check!, { ok: false, text: 'graphgo' }).passed).toBe(false);
    expect(checkResponse(steps[1].check!, { ok: false, text: 'unknown command' }).passed).toBe(true);
    expect(checkResponse(steps[1].check!, { ok: false, text: 'fine' }).passed).toBe(false);
  });

  it('refuses a #? line that follows no numbered command', () => {
    expect(() => parseTst('name\n#? [graphgo]\n', 'x.tst')).toThrow(/x\.tst:2: a #\? line must follow a numbered command/);
    expect(() => parseTst('1 name\n#? graphgo\n', 'x.tst')).toThrow(/x\.tst:2: expected/);
  });

  it('reports wrong expectations with their line numbers', async () => {
    const report = await runTst('1 name\n#? [gnugo]\n2 protocol_version\n#? [2]\nboardsize 99\n3 foo\n#? [.*]\n', 'wrong.tst');
    expect(report.checks).toBe(3);
    expect(report.failures.map((f) => f.line)).toEqual([1, 5, 6]);
    expect(formatFailures(report)).toMatch(/^wrong\.tst:1: "1 name" -> expected #\? \[gnugo\], got = "graphgo"/);
    expect(report.exit).toEqual({ code: 0, signal: null });
  });
});

describe('GTP transcripts', () => {
  it('has transcripts', () => {
    expect(files.length).toBeGreaterThan(5);
  });
  for (const file of files) {
    it(file, async () => {
      const report = await runTstFile(join(TST_DIR, file));
      expect(formatFailures(report), `stderr:\n${report.stderr}`).toBe('');
      expect(report.checks).toBeGreaterThan(0);
      expect(report.exit).toEqual({ code: 0, signal: null });
    });
  }
});
