/**
 * docs/rules.md, "Scoring": area = stones + empty regions touching only that colour; territory = those regions
 * + prisoners; White adds komi; regions are components of empty vertices in the underlying graph. Result texts:
 * `B+3.5`, `W+12`, `0`; with more colours `3+4`, or `0` when the first place is shared.
 */
import { describe, expect, it } from 'vitest';
import { gameFromDiagram, gameFromPosition, playMoves } from '../helpers/diagram.js';

// Black B2 captures White B1 (one prisoner for Black), then both pass. Final position:
//   . X . O .     Black stones 8: B5 B4 A3 B3 B2 C2 A1 C1; Black regions {A5,A4} {A2} {B1} = 4.
//   . X . O .     White stones 6: D5 D4 D3 E3 D2 D1;       White regions {E5,E4} {E2,E1} = 4.
//   X X . O O     {C5,C4,C3} touches both colours: neutral (3). 8 + 4 + 6 + 4 + 3 = 25.
//   . X X O .     Area:      Black 8 + 4 = 12, White 6 + 4 = 10 (+ komi).
//   X . X O .     Territory: Black 4 + 1 prisoner = 5, White 4 + 0 = 4 (+ komi).
const START = `
  . X . O .
  . X . O .
  X X . O O
  . . X O .
  X O X O .
`;

/** The game on `spec` set up as `position` and ended at once by the passes of every seat, so it is counted. */
function countedAt(spec: string, position: string, rules: string, passes = 'B pass, W pass'): ReturnType<typeof gameFromDiagram> {
  const game = gameFromPosition(spec, position, rules);
  playMoves(game, passes);
  return game;
}

function finished(rules: string): ReturnType<typeof gameFromDiagram> {
  const game = gameFromDiagram(START, rules);
  playMoves(game, 'B B2, W pass, B pass');
  return game;
}

describe('area vs territory on the same final position', () => {
  it('area counts stones and regions; the prisoner does not count', () => {
    const game = finished('area komi=0');
    expect(game.prisoners(1)).toBe(1);
    // 12 to 10, as reasoned above.
    expect(game.scores()).toEqual([0, 12, 10]);
    expect(game.result).toBe('B+2');
    expect(game.reason).toBe('passes');
  });

  it('territory counts regions and prisoners, not stones', () => {
    const game = finished('area scoring=territory komi=0');
    // 5 to 4: the stones no longer count, Black's prisoner does.
    expect(game.scores()).toEqual([0, 5, 4]);
    expect(game.result).toBe('B+1');
  });

  it('komi is added to White: area results', () => {
    // 12 vs 10 + 7.5 = 17.5.
    expect(finished('area').result).toBe('W+5.5');
    // 12 vs 10 - 1.5 = 8.5.
    expect(finished('area komi=-1.5').result).toBe('B+3.5');
    // 12 vs 10 + 14 = 24.
    expect(finished('area komi=14').result).toBe('W+12');
    // 12 vs 10 + 2: a tie.
    expect(finished('area komi=2').result).toBe('0');
    expect(finished('area komi=2').winner).toBe(0);
  });

  it('komi is added to White: territory results (kim)', () => {
    // 5 vs 4 + 7.5 = 11.5.
    expect(finished('kim').result).toBe('W+6.5');
    // 5 vs 4 + 1: a tie.
    expect(finished('kim komi=1').result).toBe('0');
  });
});

describe('regions', () => {
  it('a region touching both colours is neutral, one touching no stone belongs to nobody', () => {
    // edges 4 1-2 2-3, vertex 4 isolated. Black 1, White 3: region {2} touches both, region {4} touches nothing.
    const game = countedAt('edges 4 1-2 2-3', '1.2.', 'area komi=0');
    // One stone each and no territory: 1 to 1.
    expect(game.scores()).toEqual([0, 1, 1]);
    expect(game.result).toBe('0');
  });

  it('the empty board gives nobody anything: White wins by komi', () => {
    // The single region touches no colour.
    expect(countedAt('grid 2 2', '....', 'area').result).toBe('W+7.5');
  });

  it('the largest komi in size (docs/rules.md, "Counters and komi") decides the margin', () => {
    expect(countedAt('grid 2 2', '....', 'area komi=1000000').result).toBe('W+1000000');
    expect(countedAt('grid 2 2', '....', 'area komi=-1000000').result).toBe('B+1000000');
  });

  it('regions and touching use the underlying graph (arcs count both ways)', () => {
    // 1>2, 3>2: vertex 2 has no out-link at all. Black on 1; the region {2,3} is joined by the arc 3>2 and touches
    // Black 1 through the arc 1>2. Black: 1 stone + 2 = 3.
    expect(countedAt('edges 3 1>2 3>2', '1..', 'area komi=0').result).toBe('B+3');
  });

  it('arcs pointing into the stone and between empty vertices count too', () => {
    // 1-4, 2>1, 3>2: Black on 1 (liberty 4). Region {2,3} (arc 3>2) touches 1 through the arc 2>1 that points at
    // the stone; region {4} touches 1. Black: 1 + 2 + 1 = 4.
    expect(countedAt('edges 4 1-4 2>1 3>2', '1...', 'area komi=0').result).toBe('B+4');
  });
});

describe('more colours', () => {
  const THREE_PASSES = '1 pass, 2 pass, 3 pass';

  it('the winner number and its margin over the runner-up: 3+4', () => {
    // path 9 "3...3.1.2": colour 3 has 2 stones + region {2,3,4} = 5; {6} touches 3 and 1, {8} touches 1 and 2:
    // neutral. Colours 1 and 2: 1 each. 5 - 1 = 4.
    const game = countedAt('path 9', '3...3.1.2', 'area colors=3 komi=0', THREE_PASSES);
    expect(game.scores()).toEqual([0, 1, 1, 5]);
    expect(game.result).toBe('3+4');
    expect(game.winner).toBe(3);
  });

  it('White (colour 2) adds komi with more colours too', () => {
    // Same board as above with komi 4.5: colour 2 has 1 + 4.5 = 5.5, ahead of colour 3's 5 by 0.5.
    expect(countedAt('path 9', '3...3.1.2', 'area colors=3 komi=4.5', THREE_PASSES).result).toBe('2+0.5');
  });

  it('a shared first place is 0', () => {
    // path 9 "1.1.3.3.2": colour 1: 2 stones + {2} = 3; colour 3: 2 stones + {6} = 3; colour 2: 1; {4}, {8} neutral.
    const game = countedAt('path 9', '1.1.3.3.2', 'area colors=3 komi=0', THREE_PASSES);
    expect(game.scores()).toEqual([0, 3, 1, 3]);
    expect(game.result).toBe('0');
    expect(game.winner).toBe(0);
  });
});
