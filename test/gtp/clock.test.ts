// The clocks controllers set (protocol/commands/time.ts): GTP's time_settings and KGS's kgs-time_settings, as the
// settings genmove budgets its moves from.
import { describe, expect, it } from 'vitest';
import { canadianClock, kgsClock } from '../../protocol/commands/time.js';

describe('controller clocks', () => {
  it('reads GTP time_settings, with byo-yomi time but no stones meaning no limit', () => {
    expect(canadianClock(['300', '30', '5'])).toEqual({ mainSeconds: 300, byoYomiSeconds: 30, byoYomiStones: 5 });
    expect(canadianClock(['0', '1', '0'])).toBeNull();
    expect(canadianClock(['1', '2'])).toBeUndefined();
    expect(canadianClock(['-1', '0', '0'])).toBeUndefined();
  });

  it('maps KGS systems onto the same settings', () => {
    expect(kgsClock(['none'])).toBeNull();
    expect(kgsClock(['absolute', '600'])).toEqual({ mainSeconds: 600, byoYomiSeconds: 0, byoYomiStones: 0 });
    // Japanese byo-yomi: each period is planned as one stone, so a move never spends more than one period.
    expect(kgsClock(['byoyomi', '600', '30', '5'])).toEqual({ mainSeconds: 600, byoYomiSeconds: 30, byoYomiStones: 1 });
    expect(kgsClock(['byoyomi', '600', '30', '0'])).toEqual({ mainSeconds: 600, byoYomiSeconds: 30, byoYomiStones: 0 });
    expect(kgsClock(['canadian', '600', '300', '25'])).toEqual({ mainSeconds: 600, byoYomiSeconds: 300, byoYomiStones: 25 });
    expect([kgsClock(['fischer', '600', '10']), kgsClock([]), kgsClock(['absolute'])]).toEqual([undefined, undefined, undefined]);
  });
});
