/**
 * The terminal game (`graphgo play`), driven through play/terminal-game.ts's injected input and output: every
 * command, bad input, whole games, colours; and the real program without a terminal, which must refuse at once.
 */
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { PASS, RESIGN } from '../../src/vocabulary.js';
import { Paint, recordText } from '../../play/terminal-view.js';
import { DEFAULT_PLAYOUTS, DEFAULT_SECONDS_CAP, searchLimits } from '../../bots/search-limits.js';
import { Match, describeStrength } from '../../play/match.js';
import { readMatchRequest, type MatchRequest } from '../../play/match-request.js';
import { runTerminalGame } from '../../play/terminal-game.js';
import type { TerminalOutcome } from '../../play/terminal-game.js';
import { ENGINE_MAIN, ensureDist } from '../gtp/build-dist.js';
import { REPO_ROOT } from '../gtp/tst-runner.js';

/** A line the person types, or a function that chooses it from the game (null: end of input). */
type Input = string | ((match: Match) => string | null);

interface Session {
  readonly match: Match;
  readonly outcome: TerminalOutcome;
  /** Everything written, with each prompt and the typed answer on its own line (`> answer`). */
  readonly out: string;
  /** Lines written after each answer, by answer index. */
  readonly replies: string[];
}

function newMatch(request: MatchRequest, moves: string[] = []): Match {
  const settings = readMatchRequest({ bot: 'random', ...request });
  if (!settings.ok) throw new Error(settings.error.message);
  const match = new Match(settings.value);
  const replayed = match.replay(moves);
  if (!replayed.ok) throw new Error(replayed.error);
  return match;
}

function play(match: Match, inputs: Input[], options: { color?: boolean; repeatLast?: boolean } = {}): Session {
  let out = '';
  const replies: string[] = [];
  let i = 0;
  const outcome = runTerminalGame(match, {
    readLine: (prompt) => {
      const input = i < inputs.length ? inputs[i] : options.repeatLast && inputs.length > 0 ? inputs[inputs.length - 1] : null;
      i++;
      const line = typeof input === 'function' ? input(match) : input;
      out += `${prompt}${line ?? '<EOF>'}\n`;
      replies.push('');
      return line;
    },
    write: (text) => {
      out += text;
      if (replies.length > 0) replies[replies.length - 1] += text;
    },
    color: options.color ?? false,
  });
  return { match, outcome, out, replies };
}

// A simple-ko shape on a 5x5 board (Black to capture at C2, then White may not retake at B2 at once):
//   3 . X O . .
//   2 X O . O .
//   1 . X O . .
const KO_SETUP = ['A2', 'C3', 'B3', 'C1', 'B1', 'D2', 'E5', 'B2', 'C2'];

describe('terminal game: commands', () => {
  it('draws the board with coordinates, the turn and the counters, then takes a move', () => {
    const s = play(newMatch({ graph: 'grid 5 5' }), ['c3', 'quit']);
    expect(s.out).toContain('  A B C D E');
    expect(s.out).toContain('Black (X) to play: your move');
    expect(s.out).toContain('Counters: Black 0, White 7.5');
    // After the move: the last move is marked, and the computer (random bot) answered.
    expect(s.replies[0]).toContain('3 . .(X). . 3');
    expect(s.replies[0]).toMatch(/White \(O\) plays [A-E]\d/);
    expect(s.outcome).toEqual({ how: 'quit', result: null });
  });

  it('says what the computer did in plain English: plays, passes, resigns', () => {
    const match = newMatch({ graph: 'grid 5 5' });
    const paint = new Paint(false);
    const text = (move: number) => recordText(match, { color: 2, move, captured: [], byBot: true }, paint, false);
    expect(text(12)).toBe('White (O) plays C3');
    expect(text(PASS)).toBe('White (O) passes');
    expect(text(RESIGN)).toBe('White (O) resigns');
    expect(recordText(match, { color: 1, move: PASS, captured: [], byBot: false }, paint, false)).toBe('You pass');
  });

  it('help lists every command', () => {
    const s = play(newMatch({}), ['help', 'quit']);
    for (const word of ['pass', 'resign', 'undo', 'hint', 'score', 'help', 'quit']) expect(s.replies[0]).toContain(`  ${word}`);
  });

  it('answers a mistyped move, two words and an unknown command with one line, then prompts again', () => {
    const s = play(newMatch({ graph: 'grid 5 5' }), ['Z9', 'c 3', 'fly', '', 'quit']);
    expect(s.replies[0]).toBe('no vertex "z9" on this graph (type help for the commands)\n');
    expect(s.replies[1]).toBe('one command or vertex at a time, got "c 3" (type help)\n');
    expect(s.replies[2]).toContain('no vertex "fly"');
    expect(s.replies[3]).toBe('');
    expect(s.match.game.moveCount).toBe(0);
  });

  it('refuses an occupied vertex, suicide and ko with their reasons (kim rules)', () => {
    const match = newMatch({ graph: 'grid 5 5', rules: 'kim', color: 'white' }, KO_SETUP);
    expect(match.humanToMove).toBe(true);
    const s = play(match, ['a2', 'b2', 'a1', 'quit']);
    expect(s.replies[0]).toContain('A2 is occupied');
    expect(s.replies[1]).toContain('B2 is forbidden by ko');
    expect(s.replies[2]).toContain('A1 would be suicide');
    expect(match.game.moveCount).toBe(KO_SETUP.length);
  });

  it('refuses the same retake as superko under famine rules', () => {
    const match = newMatch({ graph: 'grid 5 5', rules: 'famine', color: 'white' }, KO_SETUP);
    const s = play(match, ['b2', 'quit']);
    expect(s.replies[0]).toContain('B2 would repeat an earlier position of the game (superko');
  });

  it('refuses a pass under famine with the counter at 0, and under conway rules', () => {
    const famine = play(newMatch({ graph: 'grid 5 5' }), ['pass', 'quit']);
    expect(famine.replies[0]).toContain('you may not pass: under famine rules a pass costs 1 from your counter');
    expect(famine.replies[0]).toContain('yours is 0');
    const conway = play(newMatch({ graph: 'grid 5 5', rules: 'conway' }), ['pass', 'quit']);
    expect(conway.replies[0]).toContain('passing is not allowed under these rules');
  });

  it('passes where passing is allowed (white under famine has komi to pay with)', () => {
    const s = play(newMatch({ graph: 'grid 5 5', color: 'white' }), ['pass', 'quit']);
    expect(s.replies[0]).toContain('Move 2: You pass');
    expect(s.match.game.counter(2)).toBe(6.5);
  });

  it('undo takes back the move and the reply; with nothing to take back it says so', () => {
    const s = play(newMatch({ graph: 'grid 5 5' }), ['undo', 'b2', 'undo', 'quit']);
    expect(s.replies[0]).toContain('nothing to undo: you have not moved yet');
    expect(s.replies[2]).toMatch(/Took back B2, [A-E]\d\./);
    expect(s.match.game.moveCount).toBe(0);
    expect(s.match.log).toHaveLength(0);
  });

  it('hint names a legal vertex and plays nothing', () => {
    const match = newMatch({ graph: 'grid 5 5', bot: 'uct', playouts: 200 });
    const s = play(match, ['hint', 'quit']);
    const hinted = /Hint: ([A-E]\d) \(200 playouts, your win rate \d+%\)/.exec(s.replies[0]);
    expect(hinted).not.toBeNull();
    expect(match.game.moveCount).toBe(0);
    expect(match.playHumanText(hinted![1]).ok).toBe(true);
  });

  it('score gives the count under area rules and counters with an estimate under famine', () => {
    const area = play(newMatch({ graph: 'grid 5 5', rules: 'area' }), ['c3', 'score', 'quit']);
    expect(area.replies[1]).toMatch(/^Count if the game ended now \(area: stones \+ surrounded empty points, White's komi 7\.5 included\): Black \d+, White [\d.]+: (B|W)\+[\d.]+|0\n$/);
    const famine = play(newMatch({ graph: 'grid 5 5' }), ['score', 'quit']);
    expect(famine.replies[0]).toContain('No count under famine rules: whoever can neither play nor pass loses.');
    expect(famine.replies[0]).toContain('Counters: Black 0, White 7.5.');
    // Conway: no passes, so no counters, and the one who cannot play loses.
    const conway = play(newMatch({ graph: 'grid 5 5', rules: 'conway' }), ['score', 'quit']);
    expect(conway.replies[0]).toContain('No count under conway rules: whoever cannot play loses.');
    expect(conway.replies[0]).not.toContain('Counters');
    expect(conway.replies[0]).toContain('Area estimate now:');
  });

  it('board draws again; quit and the end of input leave without a result', () => {
    const s = play(newMatch({ graph: 'grid 5 5' }), ['board', 'QUIT']);
    expect(s.replies[0]).toContain('  A B C D E');
    expect(s.replies[1]).toContain('Leaving the game.');
    const eof = play(newMatch({ graph: 'grid 5 5' }), []);
    expect(eof.out).toContain('End of input: leaving the game.');
    expect(eof.outcome.how).toBe('quit');
  });

  it('resign ends the game with the result and the reason', () => {
    const s = play(newMatch({ graph: 'grid 5 5' }), ['resign']);
    expect(s.outcome).toEqual({ how: 'over', result: 'W+R' });
    expect(s.out).toContain('Game over: W+R (Black resigned)');
    expect(s.out).toContain('The computer wins.');
  });

  it('undo takes back a resignation when called on the match', () => {
    const match = newMatch({ graph: 'grid 5 5' });
    match.playHumanText('resign');
    expect(match.game.over).toBe(true);
    expect(match.undo().ok).toBe(true);
    expect(match.game.over).toBe(false);
    expect(match.humanToMove).toBe(true);
  });
});

describe('terminal game: views', () => {
  it('draws other graphs as an adjacency list with stones, and marks arcs', () => {
    const s = play(newMatch({ graph: 'petersen', rules: 'area' }), ['1', 'quit']);
    expect(s.replies[0]).toContain(' 1 X : 2 5 6');
    expect(s.replies[0]).toContain('each entry: vertex, stone (* last move), then its neighbours');
    const arcs = play(newMatch({ graph: 'edges 3 1>2 2-3', rules: 'area' }), ['quit']);
    expect(arcs.out).toContain('1 . : >2');
    expect(arcs.out).toContain('2 . : <1 3');
  });

  it('draws hex boards with each row\'s first and last index, and notes torus and king adjacency', () => {
    const hex = play(newMatch({ graph: 'hex 2', rules: 'area' }), ['quit']);
    expect(hex.out).toContain('6   . .  7\n3  . . . 5\n1   . .  2\n');
    expect(play(newMatch({ graph: 'torus 5 5' }), ['quit']).out).toContain('torus: the board wraps around');
    expect(play(newMatch({ graph: 'king 5 5' }), ['quit']).out).toContain('king: diagonal neighbours are adjacent too');
  });

  it('uses ANSI colours only when asked', () => {
    expect(play(newMatch({ graph: 'grid 5 5' }), ['c3', 'quit'], { color: true }).out).toContain('\x1b[');
    expect(play(newMatch({ graph: 'grid 5 5' }), ['c3', 'quit']).out).not.toContain('\x1b');
  });

  it('lets the computer move first when the person plays white, and handles three colours', () => {
    const white = play(newMatch({ graph: 'grid 5 5', color: 'white' }), ['quit']);
    expect(white.out).toMatch(/Black \(X\) plays [A-E]\d/);
    expect(white.match.game.moveCount).toBe(1);
    const three = play(newMatch({ graph: 'hex 3', rules: 'netgo colors=3', color: '2' }), ['quit']);
    expect(three.out).toContain('you: White (O)');
    expect(three.out).toMatch(/Black \(X\) plays \d+/);
    expect(three.match.game.toMove).toBe(2);
    const after = play(three.match, ['1', 'quit']);
    expect(after.replies[0]).toMatch(/Red \(3\) plays \d+[\s\S]*Black \(X\) plays \d+/);
  });
});

describe('terminal game: whole games', () => {
  /** The person's strategy: a legal vertex that is not an eye of their own, else pass. */
  const firstOpenVertex = (match: Match): string => {
    const legal = match.game.legalMoves(match.human);
    const color = match.game.position.color;
    const graph = match.graph;
    for (const v of legal) {
      const neighbours = graph.neighbors(v);
      if (!neighbours.every((w) => color[w] === match.human)) return String(v + 1);
    }
    return match.game.canPass(match.human) ? 'pass' : legal.length > 0 ? String(legal[0] + 1) : 'pass';
  };

  it('plays a whole game on a cycle under area rules to a counted result', () => {
    const s = play(newMatch({ graph: 'cycle 6', rules: 'area', seed: '3' }), [firstOpenVertex], { repeatLast: true });
    expect(s.outcome.how).toBe('over');
    expect(s.outcome.result).toMatch(/^(B\+|W\+|0$)/);
    expect(s.out).toContain('every player passed in succession; count by area, komi 7.5');
    expect(s.out).toMatch(/You win\.|The computer wins\.|A tie\./);
  });

  it('plays a whole famine game until someone can neither play nor pass', () => {
    const s = play(newMatch({ graph: 'grid 3 3', seed: '5' }), [firstOpenVertex], { repeatLast: true });
    expect(s.outcome.how).toBe('over');
    expect(s.outcome.result).toMatch(/^[BW]\+M$/);
    expect(s.out).toMatch(/Game over: [BW]\+M \((Black|White), to move, could neither play nor pass\)/);
  });

  it('plays a whole game against UCT with few playouts on the Petersen graph', () => {
    const match = newMatch({ graph: 'petersen', rules: 'area', bot: 'uct', playouts: 50 });
    const s = play(match, [firstOpenVertex], { repeatLast: true });
    expect(s.outcome.how).toBe('over');
    expect(match.game.result).toBe(s.outcome.result);
    expect(match.log.some((r) => r.byBot && r.move !== PASS)).toBe(true);
  });
});

describe('match settings', () => {
  it('defaults to 9x9 famine, black, UCT with 10000 playouts capped at 2 seconds', () => {
    const settings = readMatchRequest({});
    expect(settings.ok).toBe(true);
    if (!settings.ok) return;
    expect(settings.value.graph.meta.spec).toBe('grid 9 9');
    expect(settings.value.rules.preset).toBe('famine');
    expect(settings.value.human).toBe(1);
    expect(settings.value.bot).toBe('uct');
    expect(settings.value.limits).toEqual({});
    expect(describeStrength(settings.value)).toBe('uct, 10000 playouts or 2 s a move');
    expect(describeStrength({ ...settings.value, limits: { playouts: 50 } })).toBe('uct, 50 playouts a move');
    expect(describeStrength({ ...settings.value, bot: 'solver' })).toBe('solver, 5000000 nodes or 2 s a move');
  });

  it('reads the default limits from one place: a person waits less than the engine\'s controller', () => {
    expect(searchLimits({}, 'person')).toEqual({ playouts: DEFAULT_PLAYOUTS, seconds: DEFAULT_SECONDS_CAP.person });
    expect(searchLimits({}, 'engine')).toEqual({ playouts: DEFAULT_PLAYOUTS, seconds: DEFAULT_SECONDS_CAP.engine });
    expect(DEFAULT_SECONDS_CAP.person).toBeLessThan(DEFAULT_SECONDS_CAP.engine);
    expect(searchLimits({ playouts: 50 }, 'person')).toEqual({ playouts: 50, seconds: null });
    expect(searchLimits({ seconds: 1 }, 'person')).toEqual({ playouts: null, seconds: 1 });
  });

  it('refuses bad graphs, rules, colours, bots and limits with a reason', () => {
    const error = (request: MatchRequest) => {
      const settings = readMatchRequest(request);
      return settings.ok ? '' : settings.error.message;
    };
    expect(error({ graph: 'grid 0 0' })).toMatch(/^invalid graph: /);
    expect(error({ graphText: 'nonsense' })).toMatch(/^invalid graph file graphText: /);
    expect(error({ rules: 'chess' })).toMatch(/^invalid rules: unknown preset/);
    expect(error({ color: 'green' })).toContain('colour 5 does not play');
    expect(error({ color: 'pink' })).toContain('unknown colour "pink"');
    expect(error({ color: '3' })).toContain('colour 3 does not play under these rules (colors=2)');
    expect(error({ bot: 'gnugo' })).toContain('unknown bot "gnugo"');
    expect(error({ playouts: 0 })).toContain('playouts must be');
    expect(error({ seconds: -1 })).toContain('seconds must be');
  });
});

describe('graphgo play without a terminal', () => {
  beforeAll(async () => {
    await ensureDist();
  }, 180_000);

  const run = (args: string[], stdin: 'devnull' | 'pipe'): Promise<{ code: number | null; stdout: string; stderr: string; ms: number }> =>
    new Promise((resolve, reject) => {
      const start = Date.now();
      const fd = stdin === 'devnull' ? openSync('/dev/null', 'r') : null;
      const child = spawn(process.execPath, [ENGINE_MAIN, ...args], {
        cwd: REPO_ROOT,
        stdio: [fd ?? 'pipe', 'pipe', 'pipe'],
        env: { ...process.env, NO_COLOR: '1' },
      });
      if (fd !== null) closeSync(fd);
      let stdout = '';
      let stderr = '';
      child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
      child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new Error(`graphgo ${args.join(' ')} hung (it must refuse at once without a TTY)`));
      }, 20_000);
      child.on('error', reject);
      child.on('close', (code) => {
        clearTimeout(timer);
        resolve({ code, stdout, stderr, ms: Date.now() - start });
      });
      if (stdin === 'pipe') child.stdin!.end('c3\nquit\n');
    });

  it('exits non-zero at once with a message when stdin is /dev/null', async () => {
    const r = await run(['play'], 'devnull');
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('graphgo: play needs an interactive terminal, and stdin is not a TTY');
    expect(r.stdout).toBe('');
  });

  it('exits non-zero at once when stdin is a pipe, even with moves in it', async () => {
    const r = await run(['play', '--graph', 'cycle 5', '--rules', 'area'], 'pipe');
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('stdin is not a TTY');
  });

  // util-linux's script gives the child a terminal on stdin, and setsid takes its controlling terminal away: readline-
  // sync, which opens /dev/tty, failed there with an internal error after the stdin check had passed.
  const hasUtilLinux = existsSync('/usr/bin/script') && existsSync('/usr/bin/setsid');
  it.skipIf(!hasUtilLinux)('exits with the same message when stdin is a terminal but there is no controlling terminal', () => {
    const command = `setsid -w ${process.execPath} ${ENGINE_MAIN} play --graph 'grid 3 3'; echo "exit $?"`;
    const r = spawnSync('script', ['-qec', command, '/dev/null'], { encoding: 'utf8', timeout: 20_000 });
    expect(r.stdout).toContain('graphgo: play needs an interactive terminal, and this process has no controlling terminal (/dev/tty)');
    expect(r.stdout).toContain('exit 2');
    expect(r.stdout).not.toContain('internal error');
  });

  it('reports bad options before anything else', async () => {
    const r = await run(['play', '--color', 'pink'], 'devnull');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('graphgo: unknown colour "pink"');
    const both = await run(['play', '--graph', 'cycle 5', '--graph-file', join(REPO_ROOT, 'package.json')], 'devnull');
    expect(both.stderr).toContain('give --graph or --graph-file, not both');
    const nodes = await run(['play', '--bot', 'solver', '--max-nodes', '0'], 'devnull');
    expect(nodes.stderr).toBe('graphgo: --max-nodes must be a positive whole number, got "0"\n');
    const playouts = await run(['play', '--playouts', '20000000'], 'devnull');
    expect(playouts.stderr).toBe('graphgo: --playouts must be a whole number from 1 to 10000000, got "20000000"\n');
  });
});
