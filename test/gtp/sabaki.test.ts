/**
 * `graphgo gtp` driven by Sabaki's own engine layer (@sabaki/gtp from npm), as Sabaki drives it: a state sync,
 * analysis streams stopped by the next command, genmove_analyze and genmove, GoGui's `# interrupt`. Streams are
 * checked for latency (the first info line within the interval) and for stopping (the next command answered at
 * once).
 */
import { createRequire } from 'node:module';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ensureDist, ENGINE_MAIN } from './build-dist.js';

const require = createRequire(import.meta.url);
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { Controller, ControllerStateTracker } = require('@sabaki/gtp') as SabakiGtp;

interface SabakiResponse {
  readonly error: boolean;
  readonly content: string;
}
interface SabakiCommand {
  readonly name: string;
  readonly args?: readonly string[];
}
interface SabakiController {
  start(): void;
  stop(timeout?: number): Promise<void>;
  kill(): Promise<void>;
  sendCommand(command: SabakiCommand, subscriber?: (event: { line: string; end: boolean }) => void): Promise<SabakiResponse>;
  process: { stdin: { write(text: string): void } } | null;
}
interface SabakiGtp {
  Controller: new (path: string, args: readonly string[]) => SabakiController;
  ControllerStateTracker: new (controller: SabakiController) => {
    sync(state: { komi?: number; boardsize?: [number, number]; history?: SabakiCommand[] }): Promise<void>;
  };
}

/** The engine as a user adds it to Sabaki: no flags beyond a short move search. */
function engine(...flags: string[]): SabakiController {
  const controller = new Controller('node', [ENGINE_MAIN, 'gtp', '--seed', '3', ...flags]);
  controller.start();
  running.push(controller);
  return controller;
}

const running: SabakiController[] = [];

beforeAll(async () => {
  await ensureDist();
}, 120_000);

afterEach(async () => {
  for (const c of running.splice(0)) await c.stop(2000);
});

describe('Sabaki (@sabaki/gtp) drives graphgo gtp', () => {
  it('syncs a game (komi, board size, history, undo) and the engine holds the same position', async () => {
    const controller = engine('--playouts', '200');
    const tracker = new ControllerStateTracker(controller);
    const history = (moves: string[]): SabakiCommand[] =>
      moves.map((m, i) => ({ name: 'play', args: [i % 2 === 0 ? 'B' : 'W', m] }));
    await tracker.sync({ komi: 6.5, boardsize: [9, 9], history: history(['E5', 'C3', 'G7']) });
    // Sabaki undoes back to the shared prefix and plays on.
    await tracker.sync({ komi: 6.5, boardsize: [9, 9], history: history(['E5', 'C3', 'D7', 'pass']) });
    const state = await stateOf(controller, 9);
    expect(state.black).toEqual(['D7', 'E5']);
    expect(state.white).toEqual(['C3']);
    expect(state.toMove).toBe(1);
    expect((await controller.sendCommand({ name: 'get_rules' })).content).toMatch(/ komi=6\.5 /);
    // A non-square board goes through rectangular_boardsize.
    await tracker.sync({ boardsize: [7, 5], history: [] });
    expect((await controller.sendCommand({ name: 'play', args: ['B', 'G5'] })).error).toBe(false);
    expect((await controller.sendCommand({ name: 'play', args: ['W', 'A6'] })).error).toBe(true);
  });

  for (const [command, winrate] of [
    ['lz-analyze', /winrate \d+ /],
    ['kata-analyze', /winrate 0?\.\d+|winrate [01] /],
    ['analyze', /winrate 0?\.\d+|winrate [01] /],
  ] as const) {
    it(`${command}: the first info line comes after one slice, not one interval, and the next command stops the stream`, async () => {
      const controller = engine();
      await controller.sendCommand({ name: 'boardsize', args: ['9'] });
      // With a 20-second interval, a first line that waited for the interval would miss the 10-second wait by 10 s;
      // one that comes after the first slice (40 ms) arrives long before it even on a loaded machine.
      const firstLines: string[] = [];
      const slow = controller.sendCommand({ name: command, args: ['B', '2000'] }, ({ line }) => {
        firstLines.push(line);
      });
      await waitFor(() => firstLines.some((l) => l.startsWith('info')), 10_000);
      expect((await controller.sendCommand({ name: 'name' })).content).toBe('graphgo');
      expect((await slow).error).toBe(false);
      const interval = 30;
      const lines: string[] = [];
      const stream = controller.sendCommand({ name: command, args: ['B', String(interval)] }, ({ line }) => {
        lines.push(line);
      });
      await waitFor(() => lines.filter((l) => l.startsWith('info')).length >= 3, 10_000);
      const infos = lines.filter((l) => l.startsWith('info'));
      // Every info line is a list of candidates in the dialect's format, each with its principal variation.
      for (const line of infos) {
        for (const part of line.split(/(?=info move )/)) {
          expect(part).toMatch(/^info move [A-J][1-9] visits \d+ .*order \d+ pv( [A-J][1-9]| pass)+/);
          expect(part).toMatch(winrate);
        }
      }
      // An unstopped stream never ends, so the answer to the next command is the proof that it stopped.
      expect((await controller.sendCommand({ name: 'name' })).content).toBe('graphgo');
      expect((await stream).error).toBe(false);
    });
  }

  it('loadsgf takes the rules a record names: an NZ record with a suicide loads, a Chinese one is refused', async () => {
    const controller = engine('--playouts', '200');
    const nz = await controller.sendCommand({ name: 'loadsgf', args: ['test/gtp/fixtures/rules-nz-suicide.sgf'] });
    expect(nz).toMatchObject({ error: false, content: 'white' });
    const rules = await controller.sendCommand({ name: 'get_rules' });
    expect(rules.content).toBe('area ko=situational suicide=allowed passes=free scoring=area komi=7.5 colors=2 order=1,2');
    const chinese = await controller.sendCommand({ name: 'loadsgf', args: ['test/gtp/fixtures/rules-chinese-suicide.sgf'] });
    expect(chinese).toMatchObject({ error: true, content: 'cannot load file: move 5 is refused (suicide)' });
  });

  it('kata-analyze ownership true: one value per vertex, row by row from the top left, for the player to move', async () => {
    const controller = engine();
    await controller.sendCommand({ name: 'boardsize', args: ['5'] });
    // Black owns the left columns, White the right: walls on B and D.
    for (const [color, vertex] of [
      ['B', 'B1'], ['W', 'D1'], ['B', 'B2'], ['W', 'D2'], ['B', 'B3'], ['W', 'D3'], ['B', 'B4'], ['W', 'D4'], ['B', 'B5'], ['W', 'D5'],
    ]) {
      await controller.sendCommand({ name: 'play', args: [color, vertex] });
    }
    const lines: string[] = [];
    const stream = controller.sendCommand({ name: 'kata-analyze', args: ['B', '20', 'ownership', 'true'] }, ({ line }) => {
      lines.push(line);
    });
    await waitFor(() => lines.filter((l) => l.includes(' ownership ')).length >= 2, 5000);
    await controller.sendCommand({ name: 'name' });
    await stream;
    const last = lines.filter((l) => l.includes(' ownership ')).at(-1)!;
    const values = last.split(' ownership ')[1].trim().split(' ').map(Number);
    expect(values).toHaveLength(25);
    // Column A (index 0 of each row) is Black's, column E White's: from Black's side +1 and -1.
    for (let row = 0; row < 5; row++) {
      expect(values[row * 5]).toBeGreaterThan(0.8);
      expect(values[row * 5 + 4]).toBeLessThan(-0.8);
    }
  });

  it('lz-genmove_analyze streams info lines, then plays and answers `play MOVE`', async () => {
    const controller = engine('--playouts', '3000');
    await controller.sendCommand({ name: 'boardsize', args: ['9'] });
    const lines: string[] = [];
    const response = await controller.sendCommand({ name: 'lz-genmove_analyze', args: ['B', '5'] }, ({ line }) => {
      lines.push(line);
    });
    expect(response.error).toBe(false);
    expect(lines.some((l) => l.startsWith('info move '))).toBe(true);
    const play = lines.find((l) => l.startsWith('play '));
    expect(play).toMatch(/^play [A-J][1-9]$/);
    // The move is on the board.
    expect((await stateOf(controller, 9)).black).toEqual([play!.slice(5)]);
  });

  it('genmove answers a move, and GoGui\'s "# interrupt" cuts a long search short', async () => {
    const controller = engine('--playouts', '50000000');
    await controller.sendCommand({ name: 'boardsize', args: ['9'] });
    const started = performance.now();
    const move = controller.sendCommand({ name: 'genmove', args: ['B'] });
    await new Promise((resolve) => setTimeout(resolve, 300));
    controller.process!.stdin.write('# interrupt\n');
    const response = await move;
    expect(response.error).toBe(false);
    expect(response.content).toMatch(/^[A-J][1-9]$/);
    // 50 million playouts would take many minutes.
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('with --ponder, the engine thinks while Sabaki waits for the human, and answers the next commands as usual', async () => {
    // CPU seconds (`cputime`) the engine spends in a one-second wait after its move, with and without pondering.
    const busyWhileWaiting = async (...flags: string[]): Promise<number> => {
      const controller = engine('--playouts', '300', '--graph', 'grid 9 9', ...flags);
      const before = Number((await controller.sendCommand({ name: 'cputime' })).content);
      const move = await controller.sendCommand({ name: 'genmove', args: ['B'] });
      expect(move.error).toBe(false);
      expect(move.content).toMatch(/^[A-J][1-9]$/);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const after = Number((await controller.sendCommand({ name: 'cputime' })).content);
      // The human's move and the engine's answer go through as without pondering.
      const reply = move.content === 'E5' ? 'D4' : 'E5';
      expect((await controller.sendCommand({ name: 'play', args: ['W', reply] })).error).toBe(false);
      const next = await controller.sendCommand({ name: 'genmove', args: ['B'] });
      expect(next.error).toBe(false);
      expect(next.content).toMatch(/^[A-J][1-9]$/);
      return after - before;
    };
    const quiet = await busyWhileWaiting();
    const pondering = await busyWhileWaiting('--ponder');
    // 300 playouts take a few hundredths of a second; a second of pondering keeps the engine busy most of it.
    expect(pondering).toBeGreaterThan(quiet + 0.2);
  });

  it('analysis commands on a bot without a tree search fail with a clear message', async () => {
    const controller = engine('--bot', 'random');
    const response = await controller.sendCommand({ name: 'lz-analyze', args: ['B', '10'] });
    expect(response.error).toBe(true);
    expect(response.content).toMatch(/random bot has no search to analyse with/);
    expect((await controller.sendCommand({ name: 'kata-analyze', args: ['B', '10', 'avoid', 'x'] })).content).toMatch(
      /no search/,
    );
  });
});

/** The stones on a square board from get_state (position: one character per vertex, A1 first, row by row). */
async function stateOf(controller: SabakiController, size: number): Promise<{ black: string[]; white: string[]; toMove: number }> {
  const state = JSON.parse((await controller.sendCommand({ name: 'get_state' })).content) as { position: string; to_move: number };
  const names = (digit: string): string[] =>
    [...state.position]
      .map((c, v) => (c === digit ? 'ABCDEFGHJ'[v % size] + String(Math.floor(v / size) + 1) : ''))
      .filter((name) => name !== '')
      .sort();
  return { black: names('1'), white: names('2'), toMove: state.to_move };
}

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<void> {
  const end = performance.now() + timeoutMs;
  while (!condition()) {
    if (performance.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
