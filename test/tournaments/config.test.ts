/**
 * The tournament file, engine texts, and schedules: validation messages, naming, colour rotation, gauntlets, teams.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { identityHash, loadTournamentFile, parseSeats, validateTournament } from '../../tournaments/config.js';
import { joinCommandLine, splitCommandLine } from '../../tournaments/command-line.js';
import { GNUGO_BASE_ARGS, engineArgv, gameSeedNumber, parseEngineText } from '../../tournaments/engine-spec.js';
import { seedNumber } from '../../tournaments/seeds.js';
import { buildBlocks, combinations, enginesByColor, gameAt, scheduleGames } from '../../tournaments/schedule.js';
import { parseRules } from '../../src/rules.js';
import { tempDir } from './helpers.js';

const base = { baseDir: '/tmp', defaultOut: (h: string) => `/tmp/out-${h}` };

function errorsOf(raw: unknown): string[] {
  const r = validateTournament(raw, base);
  return r.ok ? [] : [...(r.error.details ?? [])];
}

describe('command lines', () => {
  it('splits like a shell and joins back', () => {
    const r = splitCommandLine(`"/opt/my engine/bin" --name 'a b' x\\ y "q\\"uote"`);
    expect(r).toEqual({ ok: true, value: ['/opt/my engine/bin', '--name', 'a b', 'x y', 'q"uote'] });
    expect(splitCommandLine('prog "open')).toMatchObject({ ok: false });
    const words = ['a b', "it's", '--x=1', ''];
    expect(splitCommandLine(joinCommandLine(words))).toEqual({ ok: true, value: words });
  });
});

describe('engine texts', () => {
  it('reads built-in bots, the gnugo alias, command lines and NAME= prefixes', () => {
    const uct = parseEngineText('builtin:uct --playouts 2000');
    expect(uct).toMatchObject({ ok: true, value: { name: 'uct --playouts 2000', builtin: { bot: 'uct', options: ['--playouts', '2000'] } } });
    const gnugo = parseEngineText('gnugo');
    expect(gnugo.ok && gnugo.value.command!.slice(1)).toEqual([...GNUGO_BASE_ARGS, '--level', '10']);
    const level1 = parseEngineText('gnugo --level 1');
    expect(level1.ok && level1.value.command!.slice(1)).toEqual([...GNUGO_BASE_ARGS, '--level', '1']);
    expect(parseEngineText('strong=builtin:uct --playouts 10000')).toMatchObject({ ok: true, value: { name: 'strong' } });
    expect(parseEngineText('/usr/bin/leelaz --gtp -w net.gz')).toMatchObject({ ok: true, value: { name: 'leelaz --gtp -w net.gz', command: ['/usr/bin/leelaz', '--gtp', '-w', 'net.gz'] } });
    expect(parseEngineText('builtin:alphago')).toMatchObject({ ok: false, error: { message: expect.stringMatching(/unknown built-in bot "alphago" \(known: .*uct/) } });
  });

  it('gives built-in bots the tournament limits and a seed, after their own seed when they set one', () => {
    const host = { node: '/node', graphgoMain: '/repo/dist/cli/main.js' };
    const plain = parseEngineText('builtin:uct');
    const own = parseEngineText('builtin:uct --playouts 50 --seed 7');
    if (!plain.ok || !own.ok) throw new Error('parse');
    expect(engineArgv(plain.value, host, { playouts: 300, seconds: null }, 's')).toEqual({
      program: '/node',
      args: ['/repo/dist/cli/main.js', 'gtp', '--bot', 'uct', '--playouts', '300', '--seed', 's'],
    });
    expect(engineArgv(own.value, host, { playouts: 300, seconds: 2 }, 's').args.slice(2)).toEqual(['--bot', 'uct', '--playouts', '50', '--seed', '7.s']);
    // Each game's set_random_seed: the hash of the same text, the bot's own seed included; other engines hash the
    // engine's seed alone.
    const gnugo = parseEngineText('gnugo --level 1');
    if (!gnugo.ok) throw new Error('parse');
    expect(gameSeedNumber(own.value, 's')).toBe(seedNumber('7.s'));
    expect(gameSeedNumber(plain.value, 's')).toBe(seedNumber('s'));
    expect(gameSeedNumber(gnugo.value, 's')).toBe(seedNumber('s'));
    expect(seedNumber('7.s')).not.toBe(seedNumber('s'));
  });
});

describe('tournament validation', () => {
  it('accepts a full file and resolves paths against its folder', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'tri.edges'), 'edges 3 1-2 2-3 1-3\n');
    const file = join(dir, 'cup.json');
    writeFileSync(
      file,
      JSON.stringify({
        name: 'cup',
        engines: ['builtin:random', { name: 'flat', builtin: 'flat', options: '--playouts 50' }, 'builtin:random'],
        schedule: 'gauntlet',
        challenger: 'flat',
        graphs: ['grid 9 9', { file: 'tri.edges', name: 'triangle' }],
        rules: ['area suicide=forbidden', { rules: 'famine komi=0' }],
        games: 4,
        playouts: 100,
        concurrency: 2,
        seed: 42,
        out: 'results',
        sprt: { elo0: 0, elo1: 20 },
      }),
    );
    const r = loadTournamentFile(file);
    // Three engines: the SPRT is refused, everything else is fine.
    expect(r).toMatchObject({ ok: false, error: { code: 'invalid-tournament', details: ['sprt: an SPRT compares exactly two engines, not 3'] } });
    const raw = JSON.parse(JSON.stringify({ engines: ['builtin:random', 'builtin:random'], graphs: [{ file: join(dir, 'tri.edges') }], rules: 'area', sprt: [0, 10, 0.05, 0.05] }));
    const ok = validateTournament(raw, { baseDir: dir, defaultOut: () => 'x' });
    if (!ok.ok) throw new Error(ok.error.message);
    const t = ok.value;
    expect(t.engines.map((e) => e.name)).toEqual(['random', 'random#2']);
    expect(t.graphs[0]).toMatchObject({ label: 'tri.edges', setGraph: 'edges 3 1-2 2-3 1-3', squareSide: null });
    expect(t.rules[0]).toMatchObject({ label: 'area', seatLetters: 'AB', roles: 2 });
    expect(t.out).toBe(join(dir, 'x'));
    expect(t.sprt).toEqual({ elo0: 0, elo1: 10, alpha: 0.05, beta: 0.05 });
    expect(t.moveTimeoutMs).toBe(120_000);
  });

  it('reports every error with its field, and suggests the key meant', () => {
    const errors = errorsOf({
      engines: [{ comand: 'gnugo' }, 'builtin:nobot'],
      graphs: ['grid 0 0'],
      rules: ['area passes=paid', { rules: 'netgo order=1,2,2,1', seats: 'AB' }],
      games: 0,
      concurency: 2,
      sprt: [10, 0, 0.05, 0.05],
    });
    expect(errors).toEqual(
      expect.arrayContaining([
        'concurency: unknown key (did you mean "concurrency"?)',
        'engines[0].comand: unknown key (did you mean "command"?)',
        expect.stringMatching(/^engines\[1\]: unknown built-in bot "nobot"/),
        expect.stringMatching(/^graphs\[0\]: invalid graph: grid needs W, H >= 1/),
        expect.stringMatching(/^rules\[0\]: invalid rules: scoring=area needs passes=free/),
        'rules[1].seats: "AB" has 2 letters but the order 1,2,2,1 has 4 seats',
        'games: must be a whole number from 1 to 10000000, got 0',
        'sprt: elo1 (0) must be greater than elo0 (10)',
      ]),
    );
    expect(errorsOf([])).toEqual(['a tournament must be a JSON object']);
    expect(errorsOf({ engines: ['builtin:random'], graphs: ['grid 5 5'], rules: ['area'] })).toEqual(['engines: a tournament needs at least two engines']);
    // 1e309 in a file reads as Infinity, which JSON would print as null.
    expect(errorsOf({ engines: ['builtin:random', 'builtin:flat'], graphs: ['grid 5 5'], rules: ['area'], games: 1e309 })).toEqual([
      'games: must be a whole number from 1 to 10000000, got Infinity',
    ]);
    expect(errorsOf({ engines: [], graphs: ['grid 5 5'], rules: ['area'] })).toEqual(['engines: a tournament needs at least two engines']);
    expect(errorsOf({ engines: ['builtin:random', 'builtin:flat'], graphs: ['grid 5 5'], rules: ['area'], seed: 1e309 })).toEqual([
      'seed: must be a string or a number, got Infinity',
    ]);
    // Two engines given, one refused: its own message only, not a claim that two were not given.
    expect(errorsOf({ engines: ['NAME=', 'builtin:random'], graphs: ['grid 5 5'], rules: ['area'] })).toEqual(['engines[0]: empty engine "NAME="']);
    expect(errorsOf({ engines: ['builtin:random', 'builtin:flat'], graphs: ['grid 5 5'], rules: [{ rules: 'netgo order=1,2,2,1', seats: 'ACBC' }] })).toEqual([
      'rules "netgo order=1,2,2,1": its seats ACBC need 3 different engines, but the tournament has 2',
    ]);
  });

  it('derives the default output folder from the identity, which ignores games and concurrency', () => {
    const raw = { engines: ['builtin:random', 'builtin:flat'], graphs: ['grid 5 5'], rules: ['area'] };
    const a = validateTournament({ ...raw, games: 2 }, base);
    const b = validateTournament({ ...raw, games: 50, concurrency: 3 }, base);
    const c = validateTournament({ ...raw, seed: 'other' }, base);
    if (!a.ok || !b.ok || !c.ok) throw new Error('invalid');
    expect(a.value.out).toBe(b.value.out);
    expect(a.value.out).not.toBe(c.value.out);
    expect(a.value.out).toBe(`/tmp/out-${identityHash(a.value)}`);
  });
});

describe('schedules', () => {
  const names = (k: number) => Array.from({ length: k }, (_, i) => `e${i}`);
  const tour = (raw: Record<string, unknown>) => {
    const r = validateTournament({ graphs: ['grid 5 5'], rules: ['area'], ...raw }, base);
    if (!r.ok) throw new Error(r.error.message);
    return r.value;
  };

  it('makes combinations in order', () => {
    expect(combinations(['a', 'b', 'c'], 2)).toEqual([['a', 'b'], ['a', 'c'], ['b', 'c']]);
    expect(combinations(['a', 'b'], 3)).toEqual([]);
  });

  it('swaps colours in pairs and interleaves pairings, with stable indices when games grow', () => {
    const t = tour({ engines: names(3).map((n) => `${n}=builtin:random`), games: 4 });
    const blocks = buildBlocks(t);
    expect(blocks.map((b) => b.group)).toEqual([['e0', 'e1'], ['e0', 'e2'], ['e1', 'e2']]);
    const games = scheduleGames(blocks, t.rules, 4);
    expect(games).toHaveLength(12);
    expect(games.slice(0, 6).map((g) => g.seats.join('-'))).toEqual(['e0-e1', 'e0-e2', 'e1-e2', 'e1-e0', 'e2-e0', 'e2-e1']);
    expect(games[3]).toMatchObject({ block: 0, number: 1, round: 0, rotation: 1 });
    const more = scheduleGames(blocks, t.rules, 10);
    expect(more.slice(0, 12)).toEqual(games);
    expect(gameAt(blocks, t.rules, 4, 12)).toBeNull();
  });

  it('plays a gauntlet: the challenger against each of the others', () => {
    const t = tour({ engines: names(4).map((n) => `${n}=builtin:random`), schedule: 'gauntlet', challenger: 'e2' });
    expect(buildBlocks(t).map((b) => b.group)).toEqual([['e2', 'e0'], ['e2', 'e1'], ['e2', 'e3']]);
  });

  it('seats teams by the turn order: NetGo ACBC with three engines rotates through three games', () => {
    const t = tour({ engines: names(3).map((n) => `${n}=builtin:random`), rules: [{ rules: 'netgo order=1,2,2,1', seats: 'ACBC' }], games: 3 });
    const blocks = buildBlocks(t);
    expect(blocks).toHaveLength(1);
    const games = scheduleGames(blocks, t.rules, 3);
    expect(games.map((g) => g.seats.join(' '))).toEqual(['e0 e2 e1 e2', 'e1 e0 e2 e0', 'e2 e1 e0 e1']);
    expect(enginesByColor(games[0].seats, t.rules[0].rules.order, 2)).toEqual([['e0', 'e2'], ['e2', 'e1']]);
  });

  it('reads seat letters', () => {
    const parsedRules = parseRules('netgo colors=3');
    const rules = parsedRules.ok ? parsedRules.value : null;
    expect(parseSeats(rules!, undefined)).toEqual({ seats: [0, 1, 2], roles: 3, seatLetters: 'ABC' });
    expect(parseSeats(rules!, 'aab')).toEqual({ seats: [0, 0, 1], roles: 2, seatLetters: 'AAB' });
    expect(parseSeats(rules!, 'ACC')).toMatch(/skips player B/);
    expect(parseSeats(rules!, 'AAA')).toMatch(/single player/);
  });
});
