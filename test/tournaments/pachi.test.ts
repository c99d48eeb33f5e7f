/**
 * The `pachi` alias: what it expands to, how bad options are refused, where the engine is started (Pachi finds its
 * data files only from its own folder), the build hint when it is missing, and one real game against our UCT bot.
 *
 * The game needs a Pachi binary: PACHI_PATH, else `pachi` on PATH. Without one it is skipped (docs/harness.md says
 * how to build Pachi).
 */
import { chmodSync, mkdirSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  PACHI_BUILD_HINT,
  PACHI_DEFAULT_PLAYOUTS,
  PACHI_MIN_PLAYOUTS,
  describeEngine,
  engineLaunch,
  parseEngineText,
  type EngineDef,
} from '../../tournaments/engine-spec.js';
import { locateRealProgram } from '../../tournaments/program-path.js';
import { sgfPath } from '../../tournaments/records.js';
import { ensureDist } from '../gtp/build-dist.js';
import { fake, play, tempDir, tournament } from './helpers.js';

function parsed(text: string): EngineDef {
  const r = parseEngineText(text);
  if (!r.ok) throw new Error(`"${text}" was refused: ${r.error.message}`);
  return r.value;
}

function refusal(text: string): string {
  const r = parseEngineText(text);
  if (r.ok) throw new Error(`"${text}" was accepted as ${JSON.stringify(r.value)}`);
  return r.error.message;
}

describe('the pachi alias', () => {
  it('expands to 20,000 playouts a move on one thread, no pondering, passing only with the dead stones taken off', () => {
    const def = parsed('pachi');
    expect(def.command).toEqual(['pachi', '-t', '=20000', 'threads=1,pondering=0,pass_all_alive']);
    expect(PACHI_DEFAULT_PLAYOUTS).toBe(20_000);
    expect(def.name).toBe('pachi');
    expect(def.startInProgramFolder).toBe(true);
    expect(def.missingProgramHint).toBe(PACHI_BUILD_HINT);
    expect(describeEngine(def)).toBe('pachi -t =20000 threads=1,pondering=0,pass_all_alive');
  });

  it('takes --playouts, --threads and --path, as two words or with "="; the name leaves out the path', () => {
    const def = parsed('pachi --playouts 2000 --threads=4 --path "/opt/go engines/pachi"');
    expect(def.command).toEqual(['/opt/go engines/pachi', '-t', '=2000', 'threads=4,pondering=0,pass_all_alive']);
    // Written either way, the same engine gets the same name.
    expect(def.name).toBe('pachi --playouts 2000 --threads 4');
    expect(parsed('pachi --path=/opt/pachi/pachi').command).toEqual(['/opt/pachi/pachi', '-t', '=20000', 'threads=1,pondering=0,pass_all_alive']);
    expect(parsed('pachi --path=/opt/pachi/pachi').name).toBe('pachi');
    expect(parsed('p20k=pachi --playouts 20000')).toMatchObject({ name: 'p20k', command: ['pachi', '-t', '=20000', 'threads=1,pondering=0,pass_all_alive'] });
    // Pachi's own floor is accepted as it is.
    expect(parsed(`pachi --playouts ${PACHI_MIN_PLAYOUTS}`).command?.[2]).toBe('=500');
  });

  it('refuses bad options with what is wrong', () => {
    expect(refusal('pachi --playouts 200')).toBe('pachi: --playouts 200 is out of range (500 to 2147483647) (Pachi plays at least 500 playouts a move)');
    expect(refusal('pachi --playouts 2k')).toBe('pachi: --playouts "2k" is not a whole number (Pachi plays at least 500 playouts a move)');
    expect(refusal('pachi --playouts -5')).toMatch(/^pachi: --playouts "-5" is not a whole number/);
    expect(refusal('pachi --playouts 3000000000')).toMatch(/^pachi: --playouts 3000000000 is out of range \(500 to 2147483647\)/);
    expect(refusal('pachi --threads 0')).toBe('pachi: --threads 0 is out of range (1 to 1024)');
    expect(refusal('pachi --threads')).toBe('pachi: --threads needs a value');
    expect(refusal('pachi --path=')).toBe('pachi: --path needs a value');
    expect(refusal('pachi --playouts 1000 --playouts 2000')).toBe('pachi: --playouts is given twice');
    expect(refusal('pachi --level 3')).toBe(
      'pachi: unknown option "--level" (the alias takes --playouts, --threads, --path; for other Pachi options give a full command line)',
    );
    expect(refusal('pachi resign_threshold=0.1')).toMatch(/^pachi: unknown option "resign_threshold=0.1"/);
  });

  it('is recognised only as the first word: a command line naming another program stays a command line', () => {
    expect(parsed('/opt/pachi/pachi -t =5000')).toMatchObject({ name: 'pachi -t =5000', command: ['/opt/pachi/pachi', '-t', '=5000'] });
    expect(parsed('/opt/pachi/pachi -t =5000').startInProgramFolder).toBeUndefined();
  });
});

describe('where the alias starts Pachi', () => {
  // A stand-in program in a folder of its own, reached through a link from another folder, as `make install`-less
  // setups often do (a link in ~/bin to the build folder).
  // Real path: where the temp folder is itself a link (macOS), the launch names the folder behind it.
  const root = realpathSync(tempDir('graphgo-pachi-launch-'));
  const buildDir = join(root, 'build');
  const binDir = join(root, 'bin');
  mkdirSync(buildDir);
  mkdirSync(binDir);
  const realProgram = join(buildDir, 'pachi');
  writeFileSync(realProgram, '#!/bin/sh\nexit 0\n');
  chmodSync(realProgram, 0o755);
  symlinkSync(realProgram, join(binDir, 'pachi'));

  it('in the folder of the real file, by its absolute path, when found on PATH through a link', () => {
    const launch = engineLaunch(parsed('pachi'), 'pachi', ['/nonexistent', binDir].join(delimiter));
    expect(launch).toEqual({ program: realProgram, cwd: buildDir });
  });

  it('from --path through a link, the same', () => {
    expect(engineLaunch(parsed(`pachi --path ${join(binDir, 'pachi')}`), join(binDir, 'pachi'), undefined)).toEqual({ program: realProgram, cwd: buildDir });
  });

  it('in the folder a tournament file gives, when it gives one', () => {
    const def = { ...parsed('pachi'), cwd: root };
    expect(engineLaunch(def, 'bin/pachi', undefined)).toEqual({ program: realProgram, cwd: root });
  });

  it('unchanged when the program is not found, so the spawn fails with ENOENT and the build hint', () => {
    expect(engineLaunch(parsed('pachi'), 'pachi', '/nonexistent')).toEqual({ program: 'pachi', cwd: undefined });
    expect(engineLaunch(parsed('pachi'), 'pachi', undefined)).toEqual({ program: 'pachi', cwd: undefined });
  });

  it('unchanged for other engines', () => {
    const other = parsed(`${join(binDir, 'pachi')} -t =5000`);
    expect(engineLaunch(other, join(binDir, 'pachi'), undefined)).toEqual({ program: join(binDir, 'pachi'), cwd: undefined });
  });

  it('halts the run with how to build Pachi when the binary is missing', async () => {
    const out = tempDir();
    const { summary } = await play(tournament({ engines: [fake('good'), 'pachi --path /nonexistent/pachi --playouts 500'], games: 2 }, out));
    expect(summary.status).toBe('halted');
    expect(summary.error).toContain('spawn /nonexistent/pachi ENOENT');
    expect(summary.error).toContain(
      '(build Pachi without its neural network: git clone https://github.com/pasky/pachi && cd pachi && make -j2 DCNN=0 JOSEKIFIX=0 GENERIC=1; ' +
        'then give "pachi --path /path/to/pachi/pachi" or put pachi on PATH)',
    );
  });
});

// Test code may read the environment; the harness itself gets PATH from its entry point.
const PACHI_BINARY = process.env.PACHI_PATH !== undefined && process.env.PACHI_PATH !== '' ? process.env.PACHI_PATH : locateRealProgram('pachi', undefined, process.env.PATH);
const NO_PACHI = PACHI_BINARY === null;

describe.skipIf(NO_PACHI)('against Pachi (skipped: no Pachi binary; set PACHI_PATH or put pachi on PATH)', () => {
  beforeAll(async () => {
    await ensureDist();
  }, 120_000);

  it('plays a game on 5x5 as Black, takes the dead stones off before passing, and the referee scores it', async () => {
    const out = tempDir();
    // Black wins 5x5 with correct play, so Pachi plays the game out rather than resigning, and the ending shows
    // pass_all_alive: Pachi goes on capturing after our bot passes, then passes itself.
    const t = tournament(
      {
        engines: [`pachi --path "${PACHI_BINARY}" --playouts ${PACHI_MIN_PLAYOUTS}`, 'builtin:uct --playouts 200'],
        graphs: ['grid 5 5'],
        rules: ['area suicide=forbidden'],
        games: 1,
        seed: 'pachi-test',
      },
      out,
    );
    const { summary, records, voids } = await play(t);
    expect(voids).toEqual([]);
    expect(summary).toMatchObject({ status: 'complete', total: 1, done: 1 });
    const [r] = records;
    expect(r.black).toBe('pachi --playouts 500');
    expect(r.forfeit).toBeUndefined();
    expect(r.reason).toBe('passes');
    expect(r.moves.slice(-2).map((m) => m.move)).toEqual(['pass', 'pass']);
    expect(r.winners).toEqual(['pachi --playouts 500']);
    // The referee's score with every stone alive is the result: [unused, Black's area, White's area + komi].
    const [, black, white] = r.scores ?? [];
    expect(r.result).toBe(`B+${black - white}`);
    expect(r.engines['pachi --playouts 500']).toMatchObject({ gtpName: 'Pachi' });
    expect(r.engines['pachi --playouts 500'].version).toMatch(/^\d+\.\d+/);
    expect(readFileSync(sgfPath(out, r.game), 'utf8')).toContain('SZ[5]KM[7.5]');
    // Pachi was started in its own folder, where it found its pattern files.
    const log = readFileSync(join(out, 'logs', 'pachi-playouts-500.w0.log'), 'utf8');
    expect(log).toMatch(/ \(in \/.+\)\n/);
    expect(log).toContain('Loaded spatial dictionary');
  }, 60_000);
});
