/**
 * The tree's memory: a pool starts small, doubles on demand up to its budget, keeps every node's data as it grows,
 * and refuses past the budget (the search then refines the tree it has); a search with a tiny budget says so once
 * and still plays a legal move, and one with room grows its tree past the old fixed pool.
 */
import { describe, expect, it } from 'vitest';
import { INITIAL_NODES, NO_NODE, NodePool } from '../../bots/tree.js';
import { DEFAULT_UCT_SETTINGS, UctBot } from '../../bots/uct.js';
import { parseGraphSpec } from '../../src/families.js';
import { Game } from '../../src/game.js';
import { parseRules } from '../../src/rules.js';

function newGame(spec: string): Game {
  const built = parseGraphSpec(spec);
  const rules = parseRules('area');
  if (!built.ok || !rules.ok) throw new Error('bad fixture');
  return new Game(built.value, rules.value);
}

describe('NodePool', () => {
  it('grows by doubling within its budget and keeps what it holds', () => {
    const pool = new NodePool(10_000, 2, 4);
    expect(pool.capacity).toBe(4);
    for (let i = 0; i < 4; i++) {
      const node = pool.allocate(i, 1, 0, i - 1);
      pool.visits[node] = i + 1;
      pool.reward[node * 2 + 1] = 10 * i;
    }
    expect(pool.hasRoom(1)).toBe(true);
    expect(pool.capacity).toBe(8);
    expect(pool.hasRoom(100)).toBe(true);
    expect(pool.capacity).toBe(104);
    for (let i = 0; i < 4; i++) {
      expect(pool.move[i]).toBe(i);
      expect(pool.parent[i]).toBe(i - 1);
      expect(pool.visits[i]).toBe(i + 1);
      expect(pool.reward[i * 2 + 1]).toBe(10 * i);
    }
    expect(pool.bytes).toBe(104 * NodePool.bytesPerNode(2));
  });

  it('refuses room past its budget, marks itself full, and clear() forgets it', () => {
    const pool = new NodePool(10, 2, 4);
    expect(pool.hasRoom(10)).toBe(true);
    expect(pool.capacity).toBe(10);
    expect(pool.hasRoom(11)).toBe(false);
    expect(pool.full).toBe(true);
    expect(pool.capacity).toBe(10);
    pool.clear();
    expect(pool.full).toBe(false);
  });

  it('sizes a budget in bytes: 38 bytes a node with two colours', () => {
    expect(NodePool.bytesPerNode(2)).toBe(38);
    expect(NodePool.nodesFor(38 * 1000, 2)).toBe(1000);
    expect(new NodePool(1 << 30, 2).capacity).toBe(INITIAL_NODES);
  });

  it('compacts a subtree into a smaller pool that grows to fit it', () => {
    const big = new NodePool(1000, 2, 1000);
    const root = big.allocate(-1, 0, 0, NO_NODE);
    big.firstChild[root] = big.size;
    big.childCount[root] = 3;
    for (let k = 0; k < 3; k++) big.allocate(k, 1, 0, root);
    const small = new NodePool(1000, 2, 1);
    const copied = big.compactInto(small, root);
    expect(copied).toBe(0);
    expect(small.size).toBe(4);
    expect(small.childCount[0]).toBe(3);
    expect([small.move[1], small.move[2], small.move[3]]).toEqual([0, 1, 2]);
  });
});

describe('a search under a memory budget', () => {
  it('with a tiny budget says once that the tree is full and still plays', () => {
    const game = newGame('grid 9 9');
    // 0.05 MiB: about 1,380 nodes, full after a few hundred simulations.
    const bot = new UctBot({ ...DEFAULT_UCT_SETTINGS, playouts: 3000, seed: 't', maxTreeMegabytes: 0.05 });
    const notices: string[] = [];
    bot.notify = (m) => notices.push(m);
    const move = bot.genmove(game, 1);
    expect(game.check(1, move)).toBe('ok');
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatch(/^tree full: \d+ nodes in 0 MiB \(--max-tree-mb 0\.05\); the search goes on/);
    expect(bot.nodeCount).toBeLessThanOrEqual(NodePool.nodesFor(0.05 * 2 ** 20, 2));
    expect(bot.lastSearch!.simulations).toBe(3000);
  });

  it('with room, grows its tree past the first pool and says nothing', () => {
    const game = newGame('grid 9 9');
    const bot = new UctBot({ ...DEFAULT_UCT_SETTINGS, playouts: 20_000, seed: 't' });
    const notices: string[] = [];
    bot.notify = (m) => notices.push(m);
    bot.genmove(game, 1);
    expect(bot.nodeCount).toBeGreaterThan(INITIAL_NODES);
    expect(notices).toEqual([]);
  });
});
