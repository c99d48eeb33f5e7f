/**
 * The search tree in typed-array pools: one slot per node, children stored contiguously (a node knows its first
 * child and how many), so a million nodes are a few dozen megabytes and no object is allocated per node. A pool
 * starts small and grows on demand up to a memory budget (`--max-tree-mb`); past it, the search stops growing
 * the tree and goes on refining it.
 *
 * The arrays live on growable SharedArrayBuffers, so that several threads search one tree (tree parallelism,
 * bots/parallel-uct.ts): a worker attaches views to the same buffers (NodePool.attach). Growing never moves the
 * memory, so a thread's views stay valid for the slots they cover; a thread that meets a slot past its views
 * remaps them (refresh). Views are fixed-length on purpose: length-tracking views on a growable buffer measured
 * 18x slower in V8 (Node 20) in the descent's loops.
 *
 * Per node: the move that leads to it and the colour and seat that made it; visits and a reward sum per colour
 * (more than two colours: each mover maximises its own reward, max^n); AMAF (RAVE) visits and reward for the mover.
 * Statistics are Int32 because threads update visits and rewards with Atomics.add (AMAF statistics with plain
 * writes, bots/uct.ts updateAmaf), which Float32 arrays do not take: visits are
 * counts, rewards fixed-point in 1/REWARD_SCALE. A reward of 0, 1/2 or 1 (every two-colour result) is exact, and a
 * node's reward overflows past 2^31 / REWARD_SCALE = 16.7 million visits, where Float32 counts stopped counting.
 */

export const NO_NODE = -1;
/** firstChild of a leaf that one thread is expanding: the others see a leaf and do not expand it too. */
export const EXPANDING = -2;

/** Fixed-point unit of the reward sums: reward = round(value * REWARD_SCALE). */
export const REWARD_SCALE = 128;

/** The first size of a pool; it doubles on demand up to its budget, so a short search never commits the budget. */
export const INITIAL_NODES = 1 << 16;

/**
 * Shared header words: nodes taken, the allocation lock, the budget-spent flag, and slots allocated. Every simulation
 * of every thread reads the capacity (refresh), and every expansion writes the size and the lock: the capacity sits
 * a cache line (64 bytes) away from them, so those writes do not take the line from under the other threads' reads.
 */
const SIZE = 0;
const LOCK = 1;
const FULL = 2;
const CAPACITY = 16;
const HEADER_WORDS = 32;

/** compactInPlace's marks for a slot not yet numbered: outside the subtree, or in it. */
const GONE = -1;
const KEPT = -2;

/** The largest SharedArrayBuffer Node 20 makes (4 GiB) bounds the pool: the reward array is the largest. */
const MAX_BUFFER_BYTES = 2 ** 32;

/** ES2024's growable SharedArrayBuffer: Node 20 has it, the TypeScript library this project targets predates it. */
interface GrowableSharedArrayBuffer extends SharedArrayBuffer {
  grow(bytes: number): void;
}
const GrowableBuffer = SharedArrayBuffer as unknown as new (
  bytes: number,
  options: { maxByteLength: number },
) => GrowableSharedArrayBuffer;

/** The buffers behind a pool, which a worker thread attaches to. */
export interface PoolBuffers {
  readonly header: SharedArrayBuffer;
  readonly maxCapacity: number;
  readonly colors: number;
  readonly move: GrowableSharedArrayBuffer;
  readonly firstChild: GrowableSharedArrayBuffer;
  readonly childCount: GrowableSharedArrayBuffer;
  readonly mover: GrowableSharedArrayBuffer;
  readonly seat: GrowableSharedArrayBuffer;
  readonly visits: GrowableSharedArrayBuffer;
  readonly reward: GrowableSharedArrayBuffer;
  readonly amafVisits: GrowableSharedArrayBuffer;
  readonly amafReward: GrowableSharedArrayBuffer;
  readonly extraWins: GrowableSharedArrayBuffer;
}

export class NodePool {
  /** Slots this thread's views cover; the pool's own may be larger (refresh). */
  capacity = 0;
  /** The most slots the memory budget allows. */
  readonly maxCapacity: number;
  readonly colors: number;
  readonly buffers: PoolBuffers;
  private readonly header: Int32Array;
  move!: Int32Array;
  firstChild!: Int32Array;
  childCount!: Int32Array;
  mover!: Uint8Array;
  seat!: Uint8Array;
  visits!: Int32Array;
  /** capacity x colors: the reward sum of each colour (index node * colors + color - 1), fixed-point. */
  reward!: Int32Array;
  amafVisits!: Int32Array;
  amafReward!: Int32Array;
  /** Virtual wins a prior added to a node's own statistics (counted in visits and in its mover's reward). */
  extraWins!: Int32Array;

  /**
   * A pool for at most `maxCapacity` nodes, starting with room for `initialCapacity` (or fewer); or, given another
   * pool's buffers, a view of that pool (attach).
   */
  constructor(maxOrBuffers: number | PoolBuffers, colors = 2, initialCapacity = INITIAL_NODES) {
    if (typeof maxOrBuffers !== 'number') {
      this.buffers = maxOrBuffers;
      this.maxCapacity = maxOrBuffers.maxCapacity;
      this.colors = maxOrBuffers.colors;
      this.header = new Int32Array(maxOrBuffers.header);
      this.refresh();
      return;
    }
    const maxCapacity = Math.max(1, Math.min(Math.floor(maxOrBuffers), Math.floor(MAX_BUFFER_BYTES / (4 * colors))));
    const capacity = Math.min(maxCapacity, Math.max(1, initialCapacity));
    const buffer = (bytesPerSlot: number) =>
      new GrowableBuffer(capacity * bytesPerSlot, { maxByteLength: maxCapacity * bytesPerSlot });
    this.maxCapacity = maxCapacity;
    this.colors = colors;
    this.buffers = {
      header: new SharedArrayBuffer(HEADER_WORDS * 4),
      maxCapacity,
      colors,
      move: buffer(4),
      firstChild: buffer(4),
      childCount: buffer(4),
      mover: buffer(1),
      seat: buffer(1),
      visits: buffer(4),
      reward: buffer(4 * colors),
      amafVisits: buffer(4),
      amafReward: buffer(4),
      extraWins: buffer(4),
    };
    this.header = new Int32Array(this.buffers.header);
    this.header[CAPACITY] = capacity;
    this.refresh();
  }

  /** A view of the pool behind `buffers`, for another thread. */
  static attach(buffers: PoolBuffers): NodePool {
    return new NodePool(buffers);
  }

  /** Bytes of memory per node (the figure the design asks to report). */
  static bytesPerNode(colors: number): number {
    return 3 * 4 + 2 + 4 + 4 * colors + 4 * 2 + 4;
  }

  /** The most nodes a tree of `bytes` holds. */
  static nodesFor(bytes: number, colors: number): number {
    return Math.floor(bytes / NodePool.bytesPerNode(colors));
  }

  /** Nodes in use: slots [0, size) are taken (by any thread). */
  get size(): number {
    return Atomics.load(this.header, SIZE);
  }

  /** Set when a request for room was refused because the budget is spent (cleared by clear()). */
  get full(): boolean {
    return Atomics.load(this.header, FULL) !== 0;
  }

  /** Bytes the pool's arrays take now. */
  get bytes(): number {
    return Atomics.load(this.header, CAPACITY) * NodePool.bytesPerNode(this.colors);
  }

  /** Only while no other thread searches the pool. */
  clear(): void {
    Atomics.store(this.header, SIZE, 0);
    Atomics.store(this.header, FULL, 0);
  }

  /** Remaps this thread's views when another thread grew the pool; cheap when it did not. */
  refresh(): void {
    const capacity = Atomics.load(this.header, CAPACITY);
    if (capacity === this.capacity) return;
    const b = this.buffers;
    this.move = new Int32Array(b.move, 0, capacity);
    this.firstChild = new Int32Array(b.firstChild, 0, capacity);
    this.childCount = new Int32Array(b.childCount, 0, capacity);
    this.mover = new Uint8Array(b.mover, 0, capacity);
    this.seat = new Uint8Array(b.seat, 0, capacity);
    this.visits = new Int32Array(b.visits, 0, capacity);
    this.reward = new Int32Array(b.reward, 0, capacity * this.colors);
    this.amafVisits = new Int32Array(b.amafVisits, 0, capacity);
    this.amafReward = new Int32Array(b.amafReward, 0, capacity);
    this.extraWins = new Int32Array(b.extraWins, 0, capacity);
    this.capacity = capacity;
  }

  /** Room for `count` more nodes, growing the pool within its budget if needed? (Single-threaded use.) */
  hasRoom(count: number): boolean {
    const needed = this.size + count;
    if (needed <= this.capacity) return true;
    this.lock();
    try {
      return this.ensureCapacity(needed);
    } finally {
      this.unlock();
    }
  }

  /**
   * Takes `count` consecutive slots for any thread and returns the first, or NO_NODE when the budget is spent. The
   * slots are not reset: the caller initialises each (init) before publishing them.
   */
  reserve(count: number): number {
    // Within the capacity, slots are claimed without the lock (a compare-and-swap on the size): every expansion
    // reserves slots, and a lock taken by both threads on each one made them wait for each other.
    for (;;) {
      const first = Atomics.load(this.header, SIZE);
      if (first + count > Atomics.load(this.header, CAPACITY)) break;
      if (Atomics.compareExchange(this.header, SIZE, first, first + count) === first) {
        this.refresh();
        return first;
      }
    }
    this.lock();
    try {
      for (;;) {
        const first = Atomics.load(this.header, SIZE);
        if (!this.ensureCapacity(first + count)) return NO_NODE;
        if (Atomics.compareExchange(this.header, SIZE, first, first + count) === first) return first;
      }
    } finally {
      this.unlock();
    }
  }

  /** Under the lock: grows the buffers (doubling, within the budget) to hold `needed` slots, or marks the pool full. */
  private ensureCapacity(needed: number): boolean {
    let capacity = Atomics.load(this.header, CAPACITY);
    if (needed > capacity) {
      if (needed > this.maxCapacity) {
        Atomics.store(this.header, FULL, 1);
        return false;
      }
      capacity = Math.min(this.maxCapacity, Math.max(needed, capacity * 2));
      const b = this.buffers;
      for (const buffer of [b.move, b.firstChild, b.childCount, b.visits, b.amafVisits, b.amafReward, b.extraWins]) {
        buffer.grow(capacity * 4);
      }
      b.mover.grow(capacity);
      b.seat.grow(capacity);
      b.reward.grow(capacity * 4 * this.colors);
      Atomics.store(this.header, CAPACITY, capacity);
    }
    this.refresh();
    return true;
  }

  private lock(): void {
    while (Atomics.compareExchange(this.header, LOCK, 0, 1) !== 0) {
      // The lock is held for a few microseconds (a grow a little longer): wait briefly and try again. A timed wait,
      // not a notify on every unlock, which would cost each expansion a trip through the futex table.
      Atomics.wait(this.header, LOCK, 1, 0.05);
    }
  }

  private unlock(): void {
    Atomics.store(this.header, LOCK, 0);
  }

  /** Resets slot `i` as a leaf with no statistics. */
  init(i: number, move: number, mover: number, seat: number): void {
    this.move[i] = move;
    this.mover[i] = mover;
    this.seat[i] = seat;
    this.firstChild[i] = NO_NODE;
    this.childCount[i] = 0;
    this.visits[i] = 0;
    this.amafVisits[i] = 0;
    this.amafReward[i] = 0;
    this.extraWins[i] = 0;
    const base = i * this.colors;
    for (let c = 0; c < this.colors; c++) this.reward[base + c] = 0;
  }

  /** Takes a fresh slot and resets it. The caller checked hasRoom (a root's children in a cleared pool always fit). */
  allocate(move: number, mover: number, seat: number): number {
    const i = this.reserve(1);
    if (i === NO_NODE) throw new RangeError('node pool full: the caller must check hasRoom');
    this.init(i, move, mover, seat);
    return i;
  }

  /** The reward sum of colour `color` (1-based) at `node`, as a number of wins. */
  rewardOf(node: number, color: number): number {
    return this.reward[node * this.colors + color - 1] / REWARD_SCALE;
  }

  /**
   * The node's visits without the virtual wins a prior added (extraWins): what moves are chosen, judged, reported and
   * expanded on. A prior's constant virtual visits stay in.
   */
  searchedVisits(node: number): number {
    return this.visits[node] - this.extraWins[node];
  }

  /** The mover's reward sum without the virtual wins a prior added, to go with searchedVisits. */
  searchedReward(node: number): number {
    return this.rewardOf(node, this.mover[node]) - this.extraWins[node];
  }

  /** Mean reward of the node's mover, or `fallback` when unvisited. */
  value(node: number, fallback: number): number {
    const n = this.visits[node];
    return n > 0 ? this.rewardOf(node, this.mover[node]) / n : fallback;
  }

  /**
   * Keeps only the subtree under `root`, slid down to the front of the pool in its order, and returns its new root,
   * 0. Only while no other thread searches the pool. A node's children always sit after it, contiguous, so one pass
   * in slot order finds and numbers the subtree, and a second moves each node down to its number, never over a
   * node still to move; siblings stay contiguous. Linear in the slots past `root`, with a scratch array of one
   * index per slot, and no second pool: the tree never takes twice its memory.
   */
  compactInPlace(root: number): number {
    this.refresh();
    const size = this.size;
    const colors = this.colors;
    const slotOf = new Int32Array(size - root).fill(GONE);
    slotOf[0] = KEPT;
    let kept = 0;
    for (let i = root; i < size; i++) {
      if (slotOf[i - root] !== KEPT) continue;
      slotOf[i - root] = kept++;
      const count = this.childCount[i];
      const first = this.firstChild[i] - root;
      for (let k = 0; k < count; k++) slotOf[first + k] = KEPT;
    }
    for (let i = root; i < size; i++) {
      const j = slotOf[i - root];
      if (j < 0) continue;
      const count = this.childCount[i];
      this.firstChild[j] = count > 0 ? slotOf[this.firstChild[i] - root] : NO_NODE;
      this.childCount[j] = count;
      if (j === i) continue;
      this.move[j] = this.move[i];
      this.mover[j] = this.mover[i];
      this.seat[j] = this.seat[i];
      this.visits[j] = this.visits[i];
      this.amafVisits[j] = this.amafVisits[i];
      this.amafReward[j] = this.amafReward[i];
      this.extraWins[j] = this.extraWins[i];
      for (let c = 0; c < colors; c++) this.reward[j * colors + c] = this.reward[i * colors + c];
    }
    Atomics.store(this.header, SIZE, kept);
    Atomics.store(this.header, FULL, 0);
    return 0;
  }
}
