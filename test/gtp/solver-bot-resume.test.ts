/**
 * The solver bot plays on after a game ended by passes, as the other bots do (docs/protocol.md: genmove takes such a
 * game up again). Its view of the game replays the record, whose closing passes ended the game again under it, so
 * every genmove answered `? internal error: the bot chose pass, which is refused (game-over)`.
 */
import { describe, expect, it } from 'vitest';
import { testEngine } from '../helpers/engine.js';

describe('--bot solver after two passes', () => {
  it('answers genmove, reg_genmove and kgs-genmove_cleanup with a legal move', () => {
    const e = testEngine('grid 3 3', 'area', { bot: 'solver', seed: '1' });
    for (const line of ['play b b2', 'play w pass', 'play b pass']) expect(e.execute(line)).toBe('= \n\n');
    expect(e.execute('get_state')).toContain('"over":true');
    // reg_genmove only answers; genmove and kgs-genmove_cleanup play their move (on the record: 4, then 5 turns).
    expect(e.execute('reg_genmove w')).toMatch(/^= ([A-C][1-3]|pass)\n\n$/);
    expect(e.execute('genmove w')).toMatch(/^= ([A-C][1-3]|pass)\n\n$/);
    expect(e.execute('get_state')).toMatch(/"moves":4,/);
    for (const line of ['play w pass', 'play b pass']) e.execute(line);
    expect(e.execute('kgs-genmove_cleanup w')).toMatch(/^= ([A-C][1-3]|pass)\n\n$/);
    expect(e.execute('get_state')).toMatch(/"moves":7,/);
  });
});
