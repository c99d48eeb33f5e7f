/**
 * From records to tables: colours, pairs, duplicates, team games split into pairwise results, the text table and
 * the CSV.
 */
import { describe, expect, it } from 'vitest';
import type { GameRecord } from '../../tournaments/records.js';
import { formatElo, formatTable, pairingsCsv, progressLine, standingsText } from '../../tournaments/report.js';
import { RunningScore, computeStandings, findDuplicates, pairwise } from '../../tournaments/standings.js';

let next = 0;
function game(black: string, white: string, winner: 0 | 1 | 2, extra: Partial<GameRecord> = {}): GameRecord {
  const index = next++;
  return {
    version: 1,
    game: index,
    block: 0,
    number: index,
    round: Math.floor(index / 2),
    rotation: index % 2,
    graph: 'grid 9 9',
    rules: 'area',
    seats: [black, white],
    colors: [[black], [white]],
    black,
    white,
    seed: `1.${index}`,
    result: winner === 0 ? '0' : `${winner === 1 ? 'B' : 'W'}+1`,
    winner,
    winners: winner === 0 ? [] : [winner === 1 ? black : white],
    losers: winner === 0 ? [] : [winner === 1 ? white : black],
    reason: 'passes',
    moves: [{ color: 1, move: `m${index}`, engine: black, ms: 1 }],
    durationMs: 1,
    thinkMs: {},
    started: '',
    finished: '',
    worker: 0,
    engines: {},
    ...extra,
  };
}

describe('standings', () => {
  it('counts by colour, over pairs, and flags duplicates', () => {
    next = 0;
    const records = [
      game('a', 'b', 1), // a wins as Black
      game('b', 'a', 2), // a wins as White: pair won both
      game('a', 'b', 2), // b wins
      game('b', 'a', 1), // b wins: pair lost both
      game('a', 'b', 1, { moves: [{ color: 1, move: 'm0', engine: 'a', ms: 1 }], result: 'B+1' }), // repeats game 0
      game('b', 'a', 2), // pair won both
    ];
    expect([...findDuplicates(records)]).toEqual([[4, 0]]);
    const s = computeStandings(['a', 'b'], records);
    const p = s.pairings[0];
    expect(p).toMatchObject({ a: 'a', b: 'b', games: 6, aWins: 4, bWins: 2, draws: 0, aBlack: { games: 3, wins: 2 }, aWhite: { games: 3, wins: 2 }, duplicates: 1 });
    expect(p.pairs).toMatchObject({ pairs: 3, wonBoth: 2, split: 0, lostBoth: 1 });
    expect(s.blackWins).toBe(3);
    const text = standingsText(s, 'title');
    expect(text).toMatch(/^title\na vs b\n/);
    expect(text).toMatch(/Elo of a over b: \+120 \[-\d+, \+\d+\] \(95%, Wilson\)/);
    expect(text).toMatch(/duplicate games: 1/);
    expect(text).toMatch(/Duplicate games: 1 \(e\.g\. game 4 = game 0\)/);
    const csv = pairingsCsv(s).split('\n');
    expect(csv[1]).toMatch(/^all,all,a,b,6,4,2,0,3,2,1,0,3,2,1,0,0\.6667,120\.412,/);
  });

  it('counts wins, losses and draws by colour separately, a draw scoring half a point as in the total row', () => {
    next = 0;
    const records = [
      // a as Black: 2 wins, 1 loss, 1 draw.
      game('a', 'b', 1),
      game('a', 'b', 1),
      game('a', 'b', 2),
      game('a', 'b', 0),
      // a as White: 1 win, 2 losses, 2 draws.
      game('b', 'a', 2),
      game('b', 'a', 1),
      game('b', 'a', 1),
      game('b', 'a', 0),
      game('b', 'a', 0),
    ];
    const s = computeStandings(['a', 'b'], records);
    const p = s.pairings[0];
    expect(p).toMatchObject({
      games: 9,
      aWins: 3,
      bWins: 3,
      draws: 3,
      aBlack: { games: 4, wins: 2, losses: 1, draws: 1 },
      aWhite: { games: 5, wins: 1, losses: 2, draws: 2 },
    });
    const lines = standingsText(s).split('\n');
    // Black: (2 + 1/2) / 4 = 62.5%; White: (1 + 2/2) / 5 = 40.0%; total: (3 + 3/2) / 9 = 50.0%.
    expect(lines.slice(0, 5)).toEqual([
      'a vs b',
      '              games  wins  losses  draws  score',
      '  a as Black      4     2       1      1  62.5%',
      '  a as White      5     1       2      2  40.0%',
      '  total           9     3       3      3  50.0%',
    ]);
    const csv = pairingsCsv(s).split('\n');
    expect(csv[0]).toMatch(/,a_black_games,a_black_wins,a_black_losses,a_black_draws,a_white_games,a_white_wins,a_white_losses,a_white_draws,score,/);
    expect(csv[1]).toMatch(/^all,all,a,b,9,3,3,3,4,2,1,1,5,1,2,2,0\.5,0,/);
  });

  it('splits a team game into pairwise results and rates many engines', () => {
    next = 0;
    // NetGo ACBC: x and z are colour 1, z and y colour 2; colour 1 wins: x beats y, z is on both sides.
    const team = game('x', 'y', 1, { seats: ['x', 'z', 'y', 'z'], colors: [['x', 'z'], ['z', 'y']], winners: ['x', 'z'], losers: ['y'] });
    delete (team as { black?: string }).black;
    delete (team as { white?: string }).white;
    expect(pairwise(team).map((o) => `${o.x}>${o.y}`)).toEqual(['x>y', 'z>y']);
    const tie = game('p', 'q', 0);
    expect(pairwise(tie).map((o) => `${o.x}=${o.y}:${o.score}`)).toEqual(['p=q:0.5']);
    const records = [team, game('x', 'y', 2), game('y', 'z', 1), game('z', 'x', 1)];
    const s = computeStandings(['x', 'y', 'z'], records);
    expect(s.pairings.map((p) => `${p.a}-${p.b} ${p.aWins}-${p.bWins}`)).toEqual(['x-y 1-1', 'x-z 0-1', 'y-z 1-1']);
    expect(s.ratings.map((r) => r.name)).toEqual(['z', 'y', 'x']);
    expect(s.connected).toBe(true);
    expect(standingsText(s)).toMatch(/Ratings \(Bradley-Terry maximum likelihood, mean 0, 95% interval\)\n\s+rank\s+engine/);
  });

  it('keeps a running score and formats the progress line', () => {
    next = 0;
    const score = new RunningScore(['a', 'b']);
    for (const r of [game('a', 'b', 1), game('b', 'a', 2), game('a', 'b', 2)]) score.add(r);
    expect([score.wins, score.losses, score.draws]).toEqual([2, 1, 0]);
    expect(progressLine(score, { done: 3, total: 10, running: 2, etaMs: 65_000, sprt: { elo0: 0, elo1: 10, alpha: 0.05, beta: 0.05 } })).toBe(
      '[3/10] a 2-1 b (66.7%) Elo +120 [-233, +473] LOS 71.8% LLR 0.03 | 2 running | ETA 1m05s',
    );
  });

  it('formats numbers and tables', () => {
    expect([formatElo(70.4), formatElo(-0.2), formatElo(Infinity), formatElo(-Infinity), formatElo(NaN)]).toEqual(['+70', '0', '+inf', '-inf', '?']);
    expect(formatTable([['a', '1'], ['long', '22']], ['l', 'r'])).toBe('a      1\nlong  22');
  });
});

describe('the rows by graph and rules', () => {
  it('come in the plan\'s order (first block), not in the order the games finished', () => {
    // Block 1 (hex 3, famine) finished first, block 0 (cycle 8, area) after it, as two workers may finish them.
    const records = [
      game('a', 'b', 1, { block: 1, graph: 'hex 3', rules: 'famine' }),
      game('b', 'a', 2, { block: 0, graph: 'cycle 8', rules: 'area' }),
      game('a', 'b', 1, { block: 1, graph: 'hex 3', rules: 'famine' }),
    ];
    const rows = computeStandings(['a', 'b'], records).bySetting.map((p) => ({ graph: p.graph, rules: p.rules }));
    expect(rows).toEqual([
      { graph: 'cycle 8', rules: 'area' },
      { graph: 'hex 3', rules: 'famine' },
    ]);
  });
});
