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
      const node = pool.allocate(i, 1, 0);
      pool.visits[node] = i + 1;
      pool.reward[node * 2 + 1] = 10 * i;
    }
    expect(pool.hasRoom(1)).toBe(true);
    expect(pool.capacity).toBe(8);
    expect(pool.hasRoom(100)).toBe(true);
    expect(pool.capacity).toBe(104);
    for (let i = 0; i < 4; i++) {
      expect(pool.move[i]).toBe(i);
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
    // Move, first child, child count, visits, AMAF visits and reward, a prior's virtual wins (4 bytes each), mover
    // and seat (1 each), and a reward sum per colour (4 each); no parent index, which nothing reads.
    expect(NodePool.bytesPerNode(2)).toBe(38);
    expect(NodePool.bytesPerNode(3)).toBe(42);
    expect(NodePool.nodesFor(38 * 1000, 2)).toBe(1000);
    expect(new NodePool(1 << 30, 2).capacity).toBe(INITIAL_NODES);
  });

  it('slides a subtree to the front in its order, with its statistics, and drops the rest', () => {
    // 0 has children 1-3; 1 has 4-5 (dead with 1); 2 has 6-8; 7 has 9-10; 3 has 11. Kept from 2: 2, 6-8, 9-10.
    const pool = new NodePool(1000, 2, 4);
    const root = pool.allocate(-1, 0, 0);
    const expand = (parent: number, moves: number[]) => {
      pool.firstChild[parent] = pool.size;
      pool.childCount[parent] = moves.length;
      for (const m of moves) {
        const node = pool.allocate(m, 1 + (m % 2), 0);
        pool.visits[node] = 10 * m;
        pool.reward[node * 2 + 1] = m;
        pool.amafVisits[node] = m + 1;
      }
    };
    expand(root, [100, 200, 300]);
    expand(1, [110, 120]);
    expand(2, [210, 220, 230]);
    expand(3, [310]);
    expand(7, [221, 222]);
    pool.hasRoom(pool.maxCapacity + 1);
    expect(pool.full).toBe(true);
    expect(pool.compactInPlace(2)).toBe(0);
    expect(pool.size).toBe(6);
    expect(pool.full).toBe(false);
    expect(Array.from(pool.move.subarray(0, 6))).toEqual([200, 210, 220, 230, 221, 222]);
    expect([pool.firstChild[0], pool.childCount[0]]).toEqual([1, 3]);
    expect([pool.firstChild[2], pool.childCount[2]]).toEqual([4, 2]);
    for (const leaf of [1, 3, 4, 5]) expect([pool.firstChild[leaf], pool.childCount[leaf]]).toEqual([NO_NODE, 0]);
    for (let i = 0; i < 6; i++) {
      const m = pool.move[i];
      expect([pool.visits[i], pool.reward[i * 2 + 1], pool.amafVisits[i], pool.mover[i]]).toEqual([10 * m, m, m + 1, 1 + (m % 2)]);
    }
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

  it('says so from search() too, the search each thread runs under root parallelism, once a move', () => {
    const game = newGame('grid 9 9');
    const bot = new UctBot({ ...DEFAULT_UCT_SETTINGS, seed: 't', maxTreeMegabytes: 0.05 });
    const notices: string[] = [];
    bot.notify = (m) => notices.push(m);
    expect(bot.search(game, 1, 3000, null)).toBe(3000);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatch(/^tree full: /);
    expect(bot.search(game, 1, 3000, null)).toBe(3000);
    expect(notices).toHaveLength(2);
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

  it('reuses the tree in place while there is room, compacts when room runs short, and searches the same either way', () => {
    // 100 playouts on 9x9 add a few thousand nodes a move. With 0.5 MiB (13,797 nodes) the room falls under half
    // the budget within two moves and the subtree is slid to the front; with the default budget it never is. The
    // statistics are the same in both, so the same seed plays the same moves.
    const play = (maxTreeMegabytes: number) => {
      const game = newGame('grid 9 9');
      const bot = new UctBot({ ...DEFAULT_UCT_SETTINGS, playouts: 100, seed: 'reuse', maxTreeMegabytes });
      const notices: string[] = [];
      bot.notify = (m) => notices.push(m);
      const moves: number[] = [];
      const sizes: number[] = [];
      for (let i = 0; i < 10; i++) {
        const color = game.toMove;
        const move = bot.genmove(game, color);
        expect(game.play(color, move)).toBe('ok');
        moves.push(move);
        sizes.push(bot.nodeCount);
      }
      return { moves, sizes, notices };
    };
    const roomy = play(1024);
    const tight = play(0.5);
    expect(tight.moves).toEqual(roomy.moves);
    expect(roomy.notices).toEqual([]);
    expect(tight.notices).toEqual([]);
    const shrank = (sizes: number[]) => sizes.some((size, i) => i > 0 && size < sizes[i - 1]);
    expect(shrank(roomy.sizes)).toBe(false);
    expect(shrank(tight.sizes)).toBe(true);
    expect(Math.max(...tight.sizes)).toBeLessThanOrEqual(NodePool.nodesFor(0.5 * 2 ** 20, 2));
  });
});
