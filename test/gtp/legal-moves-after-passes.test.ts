/**
 * legal_moves after a game that ended by passes (docs/protocol.md, "legal_moves"): `play` takes such a game up again,
 * so the list is the moves that would resume it, and asking leaves the game over as it was.
 */
import { describe, expect, it } from 'vitest';
import { testEngine } from '../helpers/engine.js';

describe('legal_moves after two passes', () => {
  it('lists the moves play would take to resume the game, and leaves it over', () => {
    const e = testEngine('grid 3 3', 'area', { bot: 'random', seed: '1' });
    for (const line of ['play b b2', 'play w pass', 'play b pass']) expect(e.execute(line)).toBe('= \n\n');
    const before = e.execute('get_state') ?? '';
    expect(before).toContain('"over":true');
    // Every empty vertex but none of Black's own; a pass would end the game again at once, and play takes it too.
    expect(e.execute('legal_moves')).toBe('= A1 B1 C1 A2 C2 A3 B3 C3 pass\n\n');
    expect(e.execute('legal_moves b')).toBe('= A1 B1 C1 A2 C2 A3 B3 C3 pass\n\n');
    expect(e.execute('get_state')).toBe(before);
    // What it listed, play accepts.
    expect(e.execute('play w a1')).toBe('= \n\n');
    expect(e.execute('get_state')).toContain('"over":false');
  });

  it('still lists nothing after any other end', () => {
    // Famine on path 3: Black's stone at 2 leaves White no legal stone (each is a suicide that repeats the board) and
    // no counter at komi 0: B+M, which play does not take up again.
    const e = testEngine('path 3', 'famine komi=0', { bot: 'random', seed: '1' });
    expect(e.execute('play b 2')).toBe('= \n\n');
    expect(e.execute('get_state')).toContain('"result":"B+M"');
    expect(e.execute('legal_moves w')).toBe('= \n\n');
    expect(e.execute('legal_moves')).toBe('= \n\n');
  });
});
