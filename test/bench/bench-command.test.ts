import { beforeAll, describe, expect, it } from 'vitest';
import { Command } from 'commander';
import { ensureDist } from '../gtp/build-dist.js';
import { coreBenchOptions, formatFigure, registerBenchCommand } from '../../cli/bench-command.js';
import { CliError } from '../../cli/io.js';

function program(lines: string[]): Command {
  const p = new Command('graphgo').exitOverride();
  registerBenchCommand(p, (line) => lines.push(line), { cpuTimeMs: () => performance.now() });
  return p;
}

describe('graphgo bench core options', () => {
  it('turns options into runCoreBench options', () => {
    const now = () => 0;
    const options = coreBenchOptions({ time: '50', graph: ['grid 9 9', 'cycle 5'], pairs: '0', cpuTime: true }, { cpuTimeMs: now });
    expect(options).toMatchObject({ time: 50, allocationPairs: 0, now, clock: 'cpu' });
    expect(options.graphs?.map((g) => [g.meta.spec, g.n])).toEqual([['grid 9 9', 81], ['cycle 5', 5]]);
    expect(coreBenchOptions({}, {})).toEqual({});
  });

  it('refuses bad options with a CliError', () => {
    expect(() => coreBenchOptions({ time: 'fast' }, {})).toThrow(CliError);
    expect(() => coreBenchOptions({ time: '0' }, {})).toThrow(/--time/);
    expect(() => coreBenchOptions({ graph: ['grid 9'] }, {})).toThrow(/^invalid graph: wrong number of arguments for grid/);
    expect(() => coreBenchOptions({ pairs: '1.5' }, {})).toThrow(/--pairs/);
    expect(() => coreBenchOptions({ cpuTime: true }, {})).toThrow(/--cpu-time/);
  });

  it('formats figures with three or four significant digits', () => {
    expect(formatFigure(1541438.9)).toBe('1,541,439');
    expect(formatFigure(907.68)).toBe('908');
    expect(formatFigure(36.817)).toBe('36.8');
    expect(formatFigure(1.234)).toBe('1.23');
    expect(formatFigure(0.41963)).toBe('0.420');
  });
});

describe('graphgo bench core', () => {
  it('prints one JSON report with --json', async () => {
    const lines: string[] = [];
    await program(lines).parseAsync(['bench', 'core', '--graph', 'cycle 12', '--time', '5', '--pairs', '0', '--json'], {
      from: 'user',
    });
    expect(lines).toHaveLength(1);
    const report = JSON.parse(lines[0]);
    expect(report.results.map((r: { graph: string }) => r.graph)).toEqual(Array(5).fill('cycle 12'));
    expect(report.allocation).toEqual([]);
  });

  it('prints a table row by row', async () => {
    const lines: string[] = [];
    await program(lines).parseAsync(['bench', 'core', '--graph', 'cycle 12', '--time', '5', '--pairs', '0', '--cpu-time'], {
      from: 'user',
    });
    expect(lines[0]).toMatch(/^bench core: cycle 12; 5 ms per benchmark on the CPU-time clock/);
    expect(lines[1]).toMatch(/^graph +vertices +benchmark +ops\/s +mean µs +±% +samples +notes$/);
    expect(lines.filter((l) => l.startsWith('cycle 12 '))).toHaveLength(5);
    expect(lines.some((l) => /legalMoves .* legal moves$/.test(l))).toBe(true);
    expect(lines.some((l) => /random game \(area\) .* avg [\d.]+ turns over \d+ games$/.test(l))).toBe(true);
  });
});

describe('graphgo bench playouts', () => {
  it('prints one JSON line per graph, naming the engine that played', async () => {
    const lines: string[] = [];
    await program(lines).parseAsync(
      ['bench', 'playouts', '--graph', 'grid 5 5', '--graph', 'cycle 12', '--seconds', '0.05', '--engine', 'typescript'],
      { from: 'user' },
    );
    expect(lines.map((l) => JSON.parse(l)).map((r) => [r.graph, r.vertices, r.engine, r.capped])).toEqual([
      ['grid 5 5', 25, 'typescript', 0],
      ['cycle 12', 12, 'typescript', 0],
    ]);
    lines.length = 0;
    await program(lines).parseAsync(['bench', 'playouts', '--graph', 'grid 5 5', '--seconds', '0.05'], { from: 'user' });
    const auto = JSON.parse(lines[0]);
    expect(auto.engine).toBe('wasm');
    // A 5x5 light playout is some 30 moves, far from the cap of 125.
    expect(auto.avgMoves).toBeGreaterThan(20);
    expect(auto.avgMoves).toBeLessThan(60);
  });

  it('refuses an unknown engine, and plays graphs with arcs in the kernel', async () => {
    await expect(program([]).parseAsync(['bench', 'playouts', '--engine', 'c'], { from: 'user' })).rejects.toThrow(
      /--engine: expected auto, wasm or typescript/,
    );
    const lines: string[] = [];
    for (const engine of ['wasm', 'auto']) {
      await program(lines).parseAsync(['bench', 'playouts', '--graph', 'edges 3 1>2 2-3', '--engine', engine, '--seconds', '0.05'], {
        from: 'user',
      });
    }
    expect(lines.map((l) => JSON.parse(l)).map((r) => [r.graph, r.engine])).toEqual([
      ['edges 3 1>2 2-3', 'wasm'],
      ['edges 3 1>2 2-3', 'wasm'],
    ]);
  });
});

describe('graphgo bench search and optimal', () => {
  it('label their JSON with the graph and rules as typed', async () => {
    const lines: string[] = [];
    await program(lines).parseAsync(
      ['bench', 'optimal', '--graph', 'path 4', '--bot', 'random', '--positions', '3', '--json'],
      { from: 'user' },
    );
    expect(JSON.parse(lines[0])).toMatchObject({ graph: 'path 4', rules: 'area', bot: 'random', playouts: 1000, positions: 3 });
  });

  it('bench search prints the machine\'s CPUs and physical cores beside each thread count', async () => {
    const lines: string[] = [];
    const p = new Command('graphgo').exitOverride();
    registerBenchCommand(p, (line) => lines.push(line), {
      cpuTimeMs: () => performance.now(),
      topology: () => ({ cpus: 16, physicalCores: 8 }),
    });
    await p.parseAsync(['bench', 'search', '--graph', 'grid 5 5', '--threads', '1', '--seconds', '0.05', '--repeats', '1'], { from: 'user' });
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0])).toMatchObject({ graph: 'grid 5 5', threads: 1, cpus: 16, physicalCores: 8 });
  });

  it("bench search takes gtp's search switches and names those that differ from the defaults", async () => {
    const lines: string[] = [];
    const args = ['bench', 'search', '--graph', 'grid 5 5', '--threads', '1', '--seconds', '0.05', '--repeats', '1'];
    await program(lines).parseAsync([...args, '--no-learned-prior', '--prior-visits', '10', '--rave-equivalence', '100'], { from: 'user' });
    await program(lines).parseAsync(args, { from: 'user' });
    // --prior-visits 10 is the default, so only the two changed settings label the line; a plain run has no label.
    expect(JSON.parse(lines[0]).settings).toEqual({ learnedPrior: false, raveEquivalence: 100 });
    expect(JSON.parse(lines[1]).settings).toBeUndefined();
  });

  it('refuse bad flags before measuring, in the wording every front end uses', async () => {
    const refusal = (args: string[]) => program([]).parseAsync(['bench', ...args], { from: 'user' });
    await expect(refusal(['search', '--graph', 'grid 0 0'])).rejects.toThrow(/^invalid graph: /);
    await expect(refusal(['search', '--rules', 'nonsense'])).rejects.toThrow(/^invalid rules: /);
    await expect(refusal(['search', '--threads', '1,65'])).rejects.toThrow('--threads (each count) must be a whole number from 1 to 64');
    await expect(refusal(['search', '--exploration', 'x'])).rejects.toThrow('--exploration must be a number in [0, 100], got "x"');
    await expect(refusal(['optimal', '--bot', 'gnugo'])).rejects.toThrow('unknown bot "gnugo"');
    await expect(refusal(['optimal', '--graph', 'grid 9 9'])).rejects.toThrow('the solver cannot take grid 9 9');
    await expect(refusal(['playouts', '--seconds', '0'])).rejects.toThrow('--seconds must be a positive number of seconds, got "0"');
  });
});

describe('graphgo bench engine', () => {
  beforeAll(async () => {
    await ensureDist();
  }, 120_000);

  it('starts engines, times each command both ways and prints the report; bad input is refused in one line', async () => {
    const lines: string[] = [];
    await program(lines).parseAsync(
      ['bench', 'engine', '--graph', 'grid 5 5', '--time', '5', '--startup-runs', '1', '--json'],
      { from: 'user' },
    );
    expect(lines).toHaveLength(1);
    const report = JSON.parse(lines[0]);
    expect(report.startup.runs).toBe(1);
    // Three commands in-process, four through the pipe (protocol_version is the bare round trip).
    const rows = (via: string, commands: string[]) => commands.map((c) => `${c}/${via}`);
    expect(report.results.map((r: { command: string; via: string }) => `${r.command}/${r.via}`)).toEqual([
      ...rows('in-process', ['play', 'legal_moves', 'get_state']),
      ...rows('pipe', ['protocol_version', 'play', 'legal_moves', 'get_state']),
    ]);
    expect(new Set(report.results.map((r: { graph: string }) => r.graph))).toEqual(new Set(['grid 5 5']));

    const refusal = (args: string[]) => program([]).parseAsync(['bench', 'engine', ...args], { from: 'user' });
    await expect(refusal(['--time', '0'])).rejects.toThrow('--time must be a positive number of milliseconds, got "0"');
    await expect(refusal(['--startup-runs', '1.5'])).rejects.toThrow('--startup-runs must be a positive whole number, got "1.5"');
    await expect(refusal(['--graph', 'grid 2'])).rejects.toThrow(/^invalid graph: /);
    await expect(refusal(['--graph', 'path 1', '--startup-runs', '1', '--time', '5'])).rejects.toThrow(
      'bench engine: path 1: no legal move in the mid-game position',
    );
  }, 60_000);
});
