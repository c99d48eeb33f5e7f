/**
 * Which games a tournament plays, each with a stable number, so that a resumed run knows exactly what is missing.
 *
 * - A **block** is one graph x one rule set x one group of engines. A group has as many engines as the rule set has
 *   players (RulesEntry.roles: two for ordinary Go, three for NetGo's `ACBC`). Round robin: every combination of
 *   that many engines; gauntlet: the challenger with every combination of the others.
 * - Within a block, game k seats the group rotated by k mod roles: role j is played by group[(j + k) mod roles].
 *   With two players that is the colour swap (game 0: group[0] is Black, game 1: group[1] is Black), so games
 *   2m and 2m+1 form a colour-swapped pair. A **round** is one full rotation.
 * - Global index = k * blocks + block: the blocks take turns (every pairing advances together, which keeps early
 *   results and an SPRT meaningful), and raising `games` later only appends indices, never renumbers.
 * - The seat list maps each seat of the rule set's turn order to an engine: with `order=1,2,2,1` and seats `ACBC`,
 *   a team of two engines shares a colour and one engine plays two colours.
 */
import type { RulesEntry, Tournament } from './config.js';

export interface Block {
  readonly index: number;
  readonly graph: number;
  readonly rules: number;
  /** Engine names, in the order of the rotation's base. */
  readonly group: readonly string[];
}

export interface ScheduledGame {
  /** The global, stable game number. */
  readonly index: number;
  readonly block: number;
  /** Game number within the block (0..games-1). */
  readonly number: number;
  readonly graph: number;
  readonly rules: number;
  readonly group: readonly string[];
  readonly rotation: number;
  /** number div roles: the games of one round (a colour-swapped pair with two players) share it. */
  readonly round: number;
  /** The engine playing each role. */
  readonly roles: readonly string[];
  /** The engine at each seat of the rule set's turn order. */
  readonly seats: readonly string[];
}

export function buildBlocks(t: Pick<Tournament, 'engines' | 'schedule' | 'graphs' | 'rules'>): Block[] {
  const names = t.engines.map((e) => e.name);
  const blocks: Block[] = [];
  for (let g = 0; g < t.graphs.length; g++) {
    for (let r = 0; r < t.rules.length; r++) {
      for (const group of groups(names, t.rules[r].roles, t.schedule)) {
        blocks.push({ index: blocks.length, graph: g, rules: r, group });
      }
    }
  }
  return blocks;
}

function groups(names: readonly string[], size: number, schedule: Tournament['schedule']): string[][] {
  if (schedule.type === 'gauntlet') {
    const others = names.filter((n) => n !== schedule.challenger);
    return combinations(others, size - 1).map((c) => [schedule.challenger, ...c]);
  }
  return combinations(names, size);
}

/** The k-element combinations of a list, in lexicographic order of positions. */
export function combinations<T>(items: readonly T[], k: number): T[][] {
  const out: T[][] = [];
  const pick: T[] = [];
  const visit = (start: number): void => {
    if (pick.length === k) {
      out.push([...pick]);
      return;
    }
    for (let i = start; i <= items.length - (k - pick.length); i++) {
      pick.push(items[i]);
      visit(i + 1);
      pick.pop();
    }
  };
  if (k >= 0 && k <= items.length) visit(0);
  return out;
}

/** The game at a global index, or null when the index is beyond `games` per block. */
export function gameAt(blocks: readonly Block[], rules: readonly RulesEntry[], games: number, index: number): ScheduledGame | null {
  if (blocks.length === 0 || index < 0) return null;
  const number = Math.floor(index / blocks.length);
  if (number >= games) return null;
  const block = blocks[index % blocks.length];
  const entry = rules[block.rules];
  const size = entry.roles;
  const rotation = number % size;
  const roles = Array.from({ length: size }, (_, j) => block.group[(j + rotation) % size]);
  return {
    index,
    block: block.index,
    number,
    graph: block.graph,
    rules: block.rules,
    group: block.group,
    rotation,
    round: Math.floor(number / size),
    roles,
    seats: entry.seats.map((role) => roles[role]),
  };
}

/** Every game of the tournament, in index order. */
export function scheduleGames(blocks: readonly Block[], rules: readonly RulesEntry[], games: number): ScheduledGame[] {
  const out: ScheduledGame[] = [];
  for (let i = 0; i < blocks.length * games; i++) out.push(gameAt(blocks, rules, games, i)!);
  return out;
}

/** The engines at the seats of each colour (index colour - 1), each engine once per colour. */
export function enginesByColor(seats: readonly string[], order: readonly number[], colors: number): string[][] {
  const out: string[][] = Array.from({ length: colors }, () => []);
  seats.forEach((engine, s) => {
    const list = out[order[s] - 1];
    if (!list.includes(engine)) list.push(engine);
  });
  return out;
}
