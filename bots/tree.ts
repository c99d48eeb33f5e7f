/**
 * The search tree in typed-array pools: one slot per node, children stored contiguously (a node knows its first
 * child and how many), so a million nodes are a few dozen megabytes and no object is allocated per node.
 *
 * Per node: the move that leads to it and the colour and seat that made it; visits and a reward sum per colour
 * (more than two colours: each mover maximises its own reward, max^n); AMAF (RAVE) visits and reward for the mover.
 * Rewards and counts are Float32: exact for counts up to 2^24 and plenty for averages.
 */

export const NO_NODE = -1;

export class NodePool {
  readonly capacity: number;
  readonly colors: number;
  readonly move: Int32Array;
  readonly parent: Int32Array;
  readonly firstChild: Int32Array;
  readonly childCount: Int32Array;
  readonly mover: Uint8Array;
  readonly seat: Uint8Array;
  readonly visits: Float32Array;
  /** capacity x colors: the reward sum of each colour (index node * colors + color - 1). */
  readonly reward: Float32Array;
  readonly amafVisits: Float32Array;
  readonly amafReward: Float32Array;
  /** Nodes in use: slots [0, size) are taken. */
  size = 0;

  constructor(capacity: number, colors: number) {
    this.capacity = capacity;
    this.colors = colors;
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

  clear(): void {
    this.size = 0;
  }

  /** Room for `count` more nodes? */
  hasRoom(count: number): boolean {
    return this.size + count <= this.capacity;
  }

  /** Takes a fresh slot and resets it. The caller checked hasRoom. */
  allocate(move: number, mover: number, seat: number, parent: number): number {
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
