/**
 * The analysis commands in process (docs/protocol.md, "Analysis"): argument checks, the two dialects' fields, the
 * ownership order on a lattice and on another graph, GoGui's graphical commands, and that an analysis leaves the
 * game as it found it. The streaming itself (latency, stopping) is tested through a real pipe in sabaki.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { GtpEngine } from '../../protocol/engine.js';
import { testEngine } from '../helpers/engine.js';

function engine(graph = 'grid 5 5', rules = 'area', bot = 'uct'): GtpEngine {
  return testEngine(graph, rules, { bot, seed: '4', playouts: 300 });
}

/** Runs a command in process: a stream runs one slice and ends. */
function run(e: GtpEngine, line: string): string {
  return e.execute(line) ?? '';
}

/** The info entries of a stream's answer. */
function infos(answer: string): string[] {
  return answer
    .split('\n')
    .filter((l) => l.startsWith('info '))
    .flatMap((l) => l.split(/ (?=info move )/));
}

describe('analysis arguments', () => {
  it('refuses unknown options, a missing value, ownership in the Leela Zero dialect and a colour not in the game', () => {
    const e = engine();
    expect(run(e, 'kata-analyze B 10 avoid B C3 1')).toMatch(/^\? unsupported analysis option "avoid" \(known: interval/);
    expect(run(e, 'kata-analyze B 10 ownership')).toBe('? missing value after "ownership"\n\n');
    expect(run(e, 'kata-analyze B 10 ownership yes')).toBe('? ownership must be true or false, got "yes"\n\n');
    expect(run(e, 'lz-analyze B 10 ownership true')).toBe('? ownership is a kata-analyze option\n\n');
    expect(run(e, 'lz-analyze B 10 maxmoves -1')).toBe('? maxmoves must be a whole number, got "-1"\n\n');
    // The interval is checked the same whether it comes alone or after its key.
    expect(run(e, 'lz-analyze B -1')).toBe('? interval must be a number of centiseconds, got "-1"\n\n');
    expect(run(e, 'lz-analyze B interval -1')).toBe('? interval must be a number of centiseconds, got "-1"\n\n');
    // A positional interval past the floating-point range is named as the interval, not read as an option key.
    expect(run(e, 'kata-analyze B 1e309')).toBe('? interval must be a number of centiseconds, got "1e309"\n\n');
    expect(run(e, 'lz-analyze B 5x')).toBe('? interval must be a number of centiseconds, got "5x"\n\n');
    // Under area rules with two colours a third colour has no seat.
    expect(run(e, 'lz-analyze 3 10')).toBe('? wrong colour\n\n');
  });

  it('answers with =, report lines and the blank line; lz-analyze in integers, kata-analyze in floats', () => {
    const e = engine();
    const lz = run(e, '7 lz-analyze B 10');
    expect(lz.startsWith('=7\n')).toBe(true);
    expect(lz.endsWith('\n\n')).toBe(true);
    const lzInfos = infos(lz);
    expect(lzInfos.length).toBeGreaterThan(0);
    for (const [order, info] of lzInfos.entries()) {
      const m = /^info move ([A-E][1-5]|pass) visits (\d+) winrate (\d+) prior (\d+) lcb (\d+) order (\d+) pv( \S+)+$/.exec(info);
      expect(m, info).not.toBeNull();
      expect(Number(m![3])).toBeLessThanOrEqual(10000);
      expect(Number(m![5])).toBeLessThanOrEqual(Number(m![3]));
      expect(Number(m![6])).toBe(order);
    }
    const kata = run(e, 'kata-analyze B 10 pvVisits true rootInfo true');
    const kataInfos = infos(kata);
    const first = kataInfos[0];
    expect(first).toMatch(/^info move \S+ visits \d+ utility -?[\d.]+ winrate [\d.]+ scoreMean -?[\d.]+ scoreStdev [\d.]+ scoreLead -?[\d.]+ prior [\d.]+ lcb [\d.]+ order 0 pv /);
    // pvVisits: one count per pv move, never growing along the line.
    const pv = /pv (.*) pvVisits (.*?)( rootInfo|$)/.exec(first)!;
    const moves = pv[1].split(' ');
    const visits = pv[2].split(' ').map(Number);
    expect(visits).toHaveLength(moves.length);
    for (let i = 1; i < visits.length; i++) expect(visits[i]).toBeLessThanOrEqual(visits[i - 1]);
    expect(kata).toMatch(/ rootInfo visits \d+ winrate [\d.]+ scoreLead -?[\d.]+ utility -?[\d.]+\n/);
    // The root's visits are the sum of its moves' (every one listed without maxmoves), as KataGo's are.
    const last = kata.trimEnd().split('\n').at(-1)!;
    const moveVisits = [...last.matchAll(/info move \S+ visits (\d+)/g)].map((m) => Number(m[1]));
    expect(Number(/rootInfo visits (\d+)/.exec(last)![1])).toBe(moveVisits.reduce((a, b) => a + b, 0));
    // maxmoves caps the list.
    expect(infos(run(e, 'kata-analyze B 10 maxmoves 2')).length).toBeLessThanOrEqual(2);
  });

  it('leaves the game as it was, also a game ended by two passes', () => {
    const e = engine();
    run(e, 'play b c3');
    run(e, 'play w pass');
    run(e, 'play b pass');
    const before = run(e, 'get_state');
    expect(before).toMatch(/"over":true/);
    expect(infos(run(e, 'lz-analyze W 10')).length).toBeGreaterThan(0);
    expect(run(e, 'get_state')).toBe(before);
  });
});

/** The 6 x 4 grid's edges in `edges` spec form: the same board, without GTP names. */
function gridEdges(width: number, height: number): string {
  const edges: string[] = [];
  for (let v = 1; v <= width * height; v++) {
    if (v % width !== 0) edges.push(`${v}-${v + 1}`);
    if (v + width <= width * height) edges.push(`${v}-${v + width}`);
  }
  return `edges ${width * height} ${edges.join(' ')}`;
}

/**
 * Black's wall on column B and White's on column E of a 6 x 4 board: each wall has a straight four (columns A and F)
 * behind it, alive with two eyes, so A and B end Black's and E and F White's in most simulations (light playouts
 * let the side to move kill the other's wall in about a fifth of them: measured 0.92 and 0.70); C and D are
 * contested.
 */
const WALLS = ['b b1', 'w e1', 'b b2', 'w e2', 'b b3', 'w e3', 'b b4', 'w e4'];

describe('ownership', () => {
  it('on a lattice, row by row from the top left, from the analysed colour\'s side', () => {
    const e = engine('grid 6 4');
    for (const move of WALLS) run(e, `play ${move}`);
    const answer = run(e, 'kata-analyze W 10 ownership true');
    const values = / ownership (.*)$/m.exec(answer)![1].split(' ').map(Number);
    expect(values).toHaveLength(24);
    // White's side: columns A and B (first of each row) negative, E and F positive.
    for (let row = 0; row < 4; row++) {
      expect(values[row * 6]).toBeLessThan(-0.5);
      expect(values[row * 6 + 1]).toBeLessThan(-0.5);
      expect(values[row * 6 + 4]).toBeGreaterThan(0.5);
      expect(values[row * 6 + 5]).toBeGreaterThan(0.5);
    }
  });

  it('on a graph without GTP names, in vertex index order', () => {
    const e = engine(gridEdges(6, 4));
    // The same walls by index: column B is 2, 8, 14, 20; column E is 5, 11, 17, 23.
    for (const [b, w] of [[2, 5], [8, 11], [14, 17], [20, 23]]) {
      run(e, `play b ${b}`);
      run(e, `play w ${w}`);
    }
    const values = / ownership (.*)$/m.exec(run(e, 'kata-analyze B 10 ownership true'))![1].split(' ').map(Number);
    expect(values).toHaveLength(24);
    // Index order from the bottom left: vertex v is column v mod 6; Black's side now.
    for (let v = 0; v < 24; v++) {
      if (v % 6 <= 1) expect(values[v]).toBeGreaterThan(0.5);
      if (v % 6 >= 4) expect(values[v]).toBeLessThan(-0.5);
    }
  });
});

describe('analysis after a game ended by passes', () => {
  it('defaults to the colour that would move once the game is taken up again (it answered wrong colour)', () => {
    const e = engine();
    for (const line of ['play b c3', 'play w pass', 'play b pass']) run(e, line);
    for (const command of ['lz-analyze 10', 'kata-analyze 10', 'analyze 10']) {
      expect(infos(run(e, command)).length, command).toBeGreaterThan(0);
    }
    // White would move: its analysis is the same request with the colour given.
    expect(infos(run(e, 'lz-analyze w 10')).length).toBeGreaterThan(0);
  });
});

describe('the root\'s visits in a kept tree', () => {
  it('count the visits of earlier slices, which the moves\' visits count too', () => {
    const e = engine();
    // A second slice on the same position goes on in the same tree: its moves carry the first slice's visits as well.
    const first = /^= (\d+) visits, (\d+) simulations this search/.exec(run(e, 'gogui-graphgo-analysis'))!.map(Number);
    const text = run(e, 'gogui-graphgo-analysis');
    const [, root, slice] = /^= (\d+) visits, (\d+) simulations this search/.exec(text)!.map(Number);
    const best = Number(/ visits (\d+) winrate/.exec(text)![1]);
    expect(root).toBeGreaterThan(slice);
    expect(root).toBeGreaterThanOrEqual(first[1] + slice - 2);
    expect(best).toBeLessThanOrEqual(root);
  });
});

describe('GoGui', () => {
  it('lists graphical commands whose answers GoGui draws', () => {
    const e = engine();
    expect(run(e, 'gogui-analyze_commands')).toBe(
      '= gfx/Ownership/gogui-graphgo-ownership\ngfx/Principal variation/gogui-graphgo-pv\n' +
        'gfx/Win rates/gogui-graphgo-winrates\nstring/Analysis/gogui-graphgo-analysis\n\n',
    );
    expect(run(e, 'gogui-interrupt')).toBe('= \n\n');
  });

  it('draws ownership as INFLUENCE, the best line as VAR and win rates as LABEL', () => {
    const e = engine('grid 5 5');
    run(e, 'play b c3');
    const influence = run(e, 'gogui-graphgo-ownership');
    const words = /^= INFLUENCE (.*)\n\n$/.exec(influence)![1].split(' ');
    expect(words).toHaveLength(50);
    // C3 is Black's stone at the end of every simulation that does not capture it.
    expect(Number(words[words.indexOf('C3') + 1])).toBeGreaterThan(0.5);
    expect(run(e, 'gogui-graphgo-pv')).toMatch(/^= VAR w [A-E][1-5]( [bw] ([A-E][1-5]|pass))*\n\n$/);
    for (const line of run(e, 'gogui-graphgo-winrates').slice(2, -2).split('\n')) {
      expect(line).toMatch(/^LABEL [A-E][1-5] \d{1,3}$/);
    }
    // The root's visits count what the moves' visits count (a reused tree's earlier visits too), so none exceeds them.
    const text = run(e, 'gogui-graphgo-analysis');
    expect(text).toMatch(/^= \d+ visits, \d+ simulations this search\n[A-E][1-5] visits \d+ winrate [\d.]+% pv /);
    const rootVisits = Number(/^= (\d+) visits/.exec(text)![1]);
    for (const m of text.matchAll(/ visits (\d+) winrate/g)) expect(Number(m[1])).toBeLessThanOrEqual(rootVisits);
  });
});

describe('the priors an analysis reports', () => {
  it('are the learned prior\'s: the capture of two stones in atari gets a larger share than the hand-set 0.9 gives it', () => {
    // White to play; Black's B3-C3 has one liberty, C2 (the diagram of test/bots/move-features.test.ts). 18 empty
    // points and the pass: the hand-set values give the capture 0.9 of about 9.7 in all (0.09), the learned prior
    // rates it far above an average move.
    const captureShare = (learnedPrior: boolean) => {
      const e = testEngine('grid 5 5', 'area', { bot: 'uct', seed: '4', playouts: 300, learnedPrior });
      for (const move of ['W B4', 'W C4', 'W A3', 'B B3', 'B C3', 'W D3', 'W B2']) expect(run(e, `play ${move}`)).toBe('= \n\n');
      const c2 = infos(run(e, 'kata-analyze W 10')).find((info) => info.startsWith('info move C2 '));
      return Number(/ prior ([\d.]+) /.exec(c2 ?? '')?.[1]);
    };
    expect(captureShare(false)).toBeLessThan(0.1);
    expect(captureShare(true)).toBeGreaterThan(0.13);
  });
});
