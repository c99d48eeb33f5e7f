/**
 * The search tree in typed-array pools: one slot per node, children stored contiguously (a node knows its first
 * child and how many), so a million nodes are a few dozen megabytes and no object is allocated per node. A pool
 * starts small and doubles on demand up to a memory budget (`--max-tree-mb`); past it, the search stops growing
 * the tree and goes on refining it.
 *
 * Per node: the move that leads to it and the colour and seat that made it; visits and a reward sum per colour
 * (more than two colours: each mover maximises its own reward, max^n); AMAF (RAVE) visits and reward for the mover.
 * Rewards and counts are Float32: exact for counts up to 2^24 and plenty for averages.
 */

export const NO_NODE = -1;

/** The first size of a pool; it doubles on demand up to its budget, so a short search never commits the budget. */
export const INITIAL_NODES = 1 << 16;

export class NodePool {
  /** Slots allocated now: grows by doubling up to maxCapacity. */
  capacity: number;
  /** The most slots the memory budget allows. */
  readonly maxCapacity: number;
  readonly colors: number;
  move: Int32Array;
  parent: Int32Array;
  firstChild: Int32Array;
  childCount: Int32Array;
  mover: Uint8Array;
  seat: Uint8Array;
  visits: Float32Array;
  /** capacity x colors: the reward sum of each colour (index node * colors + color - 1). */
  reward: Float32Array;
  amafVisits: Float32Array;
  amafReward: Float32Array;
  /** Nodes in use: slots [0, size) are taken. */
  size = 0;
  /** Set when a request for room was refused because the budget is spent (cleared by clear()). */
  full = false;

  /** A pool for at most `maxCapacity` nodes, starting with room for `initialCapacity` (or fewer). */
  constructor(maxCapacity: number, colors: number, initialCapacity = INITIAL_NODES) {
    this.maxCapacity = Math.max(1, Math.floor(maxCapacity));
    this.capacity = Math.min(this.maxCapacity, Math.max(1, initialCapacity));
    this.colors = colors;
    const capacity = this.capacity;
    this.move = new Int32Array(capacity);
    this.parent = new Int32Array(capacity);
    this.firstChild = new Int32Array(capacity);
    this.childCount = new Int32Array(capacity);
    this.mover = new Uint8Array(capacity);
    this.seat = new Uint8Array(capacity);
    this.visits = new Float32Array(capacity);
    this.reward = new Float32Array(capacity * colors);
    this.amafVisits = new Float32Array(capacity);
    this.amafReward = new Float32Array(capacity);
  }

  /** Bytes of memory per node (the figure the design asks to report). */
  static bytesPerNode(colors: number): number {
    return 4 * 4 + 2 + 4 + 4 * colors + 4 * 2;
  }

  /** The most nodes a tree of `bytes` holds. */
  static nodesFor(bytes: number, colors: number): number {
    return Math.floor(bytes / NodePool.bytesPerNode(colors));
  }

  /** Bytes the pool's arrays take now. */
  get bytes(): number {
    return this.capacity * NodePool.bytesPerNode(this.colors);
  }

  clear(): void {
    this.size = 0;
    this.full = false;
  }

  /** Room for `count` more nodes, growing the pool within its budget if needed? */
  hasRoom(count: number): boolean {
    const needed = this.size + count;
    if (needed <= this.capacity) return true;
    if (needed > this.maxCapacity) {
      this.full = true;
      return false;
    }
    this.grow(needed);
    return true;
  }

  /** Doubles the arrays (at least to `needed`, at most to the budget), keeping their contents. */
  private grow(needed: number): void {
    const capacity = Math.min(this.maxCapacity, Math.max(needed, this.capacity * 2));
    const colors = this.colors;
    this.move = resized(this.move, new Int32Array(capacity));
    this.parent = resized(this.parent, new Int32Array(capacity));
    this.firstChild = resized(this.firstChild, new Int32Array(capacity));
    this.childCount = resized(this.childCount, new Int32Array(capacity));
    this.mover = resized(this.mover, new Uint8Array(capacity));
    this.seat = resized(this.seat, new Uint8Array(capacity));
    this.visits = resized(this.visits, new Float32Array(capacity));
    this.reward = resized(this.reward, new Float32Array(capacity * colors));
    this.amafVisits = resized(this.amafVisits, new Float32Array(capacity));
    this.amafReward = resized(this.amafReward, new Float32Array(capacity));
    this.capacity = capacity;
  }

  /** Takes a fresh slot and resets it. The caller checked hasRoom (a root's children in a cleared pool always fit). */
  allocate(move: number, mover: number, seat: number, parent: number): number {
    if (this.size === this.capacity && !this.hasRoom(1)) throw new RangeError('node pool full: the caller must check hasRoom');
    const i = this.size++;
    this.move[i] = move;
    this.mover[i] = mover;
    this.seat[i] = seat;
    this.parent[i] = parent;
    this.firstChild[i] = NO_NODE;
    this.childCount[i] = 0;
    this.visits[i] = 0;
    this.amafVisits[i] = 0;
    this.amafReward[i] = 0;
    const base = i * this.colors;
    for (let c = 0; c < this.colors; c++) this.reward[base + c] = 0;
    return i;
  }

  /** Mean reward of the node's mover, or `fallback` when unvisited. */
  value(node: number, fallback: number): number {
    const n = this.visits[node];
    return n > 0 ? this.reward[node * this.colors + this.mover[node] - 1] / n : fallback;
  }

  /**
   * Copies the subtree under `root` into `target` (cleared first) and returns its new root index: tree reuse keeps
   * only what the new position can reach, compacted, so the pool never fills with dead branches.
   */
  compactInto(target: NodePool, root: number): number {
    target.clear();
    const newRoot = target.allocate(this.move[root], this.mover[root], this.seat[root], NO_NODE);
    this.copyStats(root, target, newRoot);
    // Breadth-first, so every node's children stay contiguous in the target.
    const queue: number[] = [root];
    const mapped: number[] = [newRoot];
    for (let q = 0; q < queue.length; q++) {
      const from = queue[q];
      const to = mapped[q];
      const count = this.childCount[from];
      if (count === 0) continue;
      if (!target.hasRoom(count)) continue;
      const first = this.firstChild[from];
      target.firstChild[to] = target.size;
      target.childCount[to] = count;
      for (let k = 0; k < count; k++) {
        const child = first + k;
        const copy = target.allocate(this.move[child], this.mover[child], this.seat[child], to);
        this.copyStats(child, target, copy);
        queue.push(child);
        mapped.push(copy);
      }
    }
    return newRoot;
  }

  private copyStats(from: number, target: NodePool, to: number): void {
    target.visits[to] = this.visits[from];
    target.amafVisits[to] = this.amafVisits[from];
    target.amafReward[to] = this.amafReward[from];
    for (let c = 0; c < this.colors; c++) target.reward[to * this.colors + c] = this.reward[from * this.colors + c];
  }
}

function resized<T extends Int32Array | Uint8Array | Float32Array>(from: T, to: T): T {
  to.set(from);
  return to;
}
