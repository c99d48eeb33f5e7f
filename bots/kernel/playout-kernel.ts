/**
 * The host side of the WebAssembly playout kernel (bots/kernel/assembly/playout.ts): one WebAssembly.Memory per
 * kernel holds the graph, a Position's arrays (so the search plays its tree moves on the very arrays the kernel
 * then plays out) and the playout's scratch; `run` passes the random state and the position's scalars through a
 * small io block and takes them back, so the Rng's stream and the Position carry on as if the TypeScript playout
 * had run. Graphs: any whose arrays fit in MAX_KERNEL_BYTES; with arcs the kernel also holds the out-liberty and
 * reverse views (src/graph.ts) and a one-move undo record.
 */
import type { Graph } from '../../src/graph.js';
import { Position } from '../../src/position.js';
import type { Rng } from '../../src/rng.js';
import type { SquarePatterns } from '../patterns.js';
import { PLAYOUT_WASM_BASE64 } from './playout-wasm.js';

interface KernelExports {
  init(...addresses: number[]): void;
  run(seat: number, seats: number, ko: number, lastMove: number, cap: number, tactics: number, patterns: number, cutConnect: number): number;
}

// The io block's slots (bots/kernel/assembly/playout.ts).
const IO_RNG = 0;
const IO_EMPTY_COUNT = 4;
const IO_END_SEAT = 5;
const IO_CAPTURED = 6;
const IO_SELF_CAPTURED = 7;
const IO_KO_VERTEX = 8;
const IO_SLOTS = 16;
/** The most seats a turn order may have here (longer orders play with the TypeScript playout). */
export const KERNEL_MAX_SEATS = 64;
const CAPTURE_SLOTS = 10;
/** Doubles per merge in the undo record of a move on a graph with arcs (bots/kernel/assembly/playout.ts). */
const MERGE_LOG_DOUBLES = 6;
const PATTERN_TABLE_BYTES = 1 << 16;
/** Page 0 is left to the compiler's own static data; the host's arrays start after it. */
const FIRST_BYTE = 1 << 16;
const PAGE_BYTES = 1 << 16;

let compiled: WebAssembly.Module | null = null;

function kernelModule(): WebAssembly.Module {
  if (compiled === null) {
    const text = atob(PLAYOUT_WASM_BASE64);
    const bytes = new Uint8Array(text.length);
    for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
    compiled = new WebAssembly.Module(bytes);
  }
  return compiled;
}

/** Room the kernel may take: a 32-bit WebAssembly memory holds 4 GiB, of which we take at most half. */
const MAX_KERNEL_BYTES = 2 ** 31;

/**
 * An upper bound on the kernel's memory for `graph`, recording up to maxMoves moves (the constructor lays the
 * memory out exactly).
 */
function kernelBytes(graph: Graph, maxMoves: number): number {
  const n = graph.n;
  // Per vertex: ko stamps, two refusal stamps, a ring of 8, two buffers of at most n + 1; adjStart.
  let int32s = 15 * n + 4 + graph.adjStart[n] + maxMoves + 1 + KERNEL_MAX_SEATS + 8 + IO_SLOTS;
  // With arcs: libStart, lib, rlibStart, rlib, the captured chains' colours and a log of at most n merges.
  if (graph.arcCount > 0) int32s += 2 * (n + 1) + 2 * graph.libStart[n] + n + 2 * MERGE_LOG_DOUBLES * n;
  return FIRST_BYTE + Position.storageBytes(n) + 8 * CAPTURE_SLOTS + 4 * int32s + PATTERN_TABLE_BYTES + maxMoves + 1;
}

/** Whether the kernel plays on this graph, recording up to maxMoves moves (by default the playouts' cap, 3n + 50). */
export function kernelSupports(graph: Graph, maxMoves = 3 * graph.n + 50): boolean {
  return graph.n > 0 && kernelBytes(graph, maxMoves) <= MAX_KERNEL_BYTES;
}

export class PlayoutKernel {
  /** The position the kernel plays out: callers set it up (copyFrom, play) before each run. */
  readonly position: Position;
  readonly playedVertex: Int32Array;
  readonly playedColor: Uint8Array;
  /** Stones each colour captured during the last run (index by colour). */
  readonly captures: Float64Array;
  /** The seat to move when the last run stopped. */
  endSeat = 0;
  /** The largest move cap a run accepts (the room for the record of moves). */
  readonly maxMoves: number;
  private readonly exports: KernelExports;
  private readonly io: Int32Array;
  private readonly order: Int32Array;
  private readonly ring: Int32Array | null;
  private readonly table: Uint8Array | null;
  private loadedOrder: readonly number[] | null = null;
  private loadedPatterns: SquarePatterns | null = null;

  /**
   * A kernel for `graph` (kernelSupports must hold) recording up to maxMoves moves; `patternRoom` reserves room
   * for square-lattice patterns (ring of 8 per vertex and the shape table).
   */
  constructor(graph: Graph, maxMoves: number, patternRoom: boolean) {
    if (!kernelSupports(graph, maxMoves)) throw new Error('the playout kernel takes graphs of 1 vertex or more that fit in 2 GiB');
    const n = graph.n;
    const links = graph.adjStart[n];
    const hasArcs = graph.arcCount > 0;
    // The most chains one stone can touch or capture (reverse liberty links; without arcs, neighbours).
    const maxLinks = Position.maxLibertyLinksOn(graph);
    this.maxMoves = maxMoves;
    // Layout: the Position (8-aligned), then 8-byte captures and merge log, then 4-byte arrays, then bytes.
    let bytes = FIRST_BYTE;
    const positionAt = bytes;
    bytes += align8(Position.storageBytes(n));
    const capturesAt = bytes;
    bytes += 8 * CAPTURE_SLOTS;
    // A move merges at most one chain per underlying neighbour.
    const mergeLogAt = bytes;
    if (hasArcs) bytes += 8 * MERGE_LOG_DOUBLES * graph.degreeRange().max;
    const int32s = (count: number) => {
      const at = bytes;
      bytes += 4 * count;
      return at;
    };
    const adjStartAt = int32s(n + 1);
    const adjAt = int32s(links);
    const libLinks = graph.libStart[n];
    // Without arcs the liberty views are the adjacency itself (src/graph.ts shares the arrays; so does the kernel).
    const libStartAt = hasArcs ? int32s(n + 1) : adjStartAt;
    const libAt = hasArcs ? int32s(libLinks) : adjAt;
    const rlibStartAt = hasArcs ? int32s(n + 1) : adjStartAt;
    const rlibAt = hasArcs ? int32s(libLinks) : adjAt;
    const captureColorAt = hasArcs ? int32s(maxLinks) : 0;
    const koTakenAt = int32s(n);
    const chainBufferAt = int32s(maxLinks);
    const ownBufferAt = int32s(maxLinks);
    const playedVertexAt = int32s(maxMoves + 1);
    const orderAt = int32s(KERNEL_MAX_SEATS);
    const patternMovesAt = int32s(8);
    const ioAt = int32s(IO_SLOTS);
    const refusedAt = int32s(2 * n);
    const ringAt = patternRoom ? int32s(8 * n) : 0;
    const tableAt = bytes;
    if (patternRoom) bytes += PATTERN_TABLE_BYTES;
    const playedColorAt = bytes;
    bytes += maxMoves + 1;

    const memory = new WebAssembly.Memory({ initial: Math.ceil(bytes / PAGE_BYTES) });
    const buffer = memory.buffer;
    const instance = new WebAssembly.Instance(kernelModule(), { env: { memory } });
    this.exports = instance.exports as unknown as KernelExports;
    this.position = new Position(graph, { buffer, byteOffset: positionAt });
    new Int32Array(buffer, adjStartAt, n + 1).set(graph.adjStart);
    new Int32Array(buffer, adjAt, links).set(graph.adj.subarray(0, links));
    if (hasArcs) {
      new Int32Array(buffer, libStartAt, n + 1).set(graph.libStart);
      new Int32Array(buffer, libAt, libLinks).set(graph.lib.subarray(0, libLinks));
      new Int32Array(buffer, rlibStartAt, n + 1).set(graph.rlibStart);
      new Int32Array(buffer, rlibAt, libLinks).set(graph.rlib.subarray(0, libLinks));
    }
    this.captures = new Float64Array(buffer, capturesAt, CAPTURE_SLOTS);
    this.playedVertex = new Int32Array(buffer, playedVertexAt, maxMoves + 1);
    this.playedColor = new Uint8Array(buffer, playedColorAt, maxMoves + 1);
    this.order = new Int32Array(buffer, orderAt, KERNEL_MAX_SEATS);
    this.io = new Int32Array(buffer, ioAt, IO_SLOTS);
    this.ring = patternRoom ? new Int32Array(buffer, ringAt, 8 * n) : null;
    this.table = patternRoom ? new Uint8Array(buffer, tableAt, PATTERN_TABLE_BYTES) : null;
    const p = this.position;
    const at = (a: ArrayBufferView) => a.byteOffset;
    this.exports.init(
      n,
      adjStartAt,
      adjAt,
      libStartAt,
      libAt,
      rlibStartAt,
      rlibAt,
      at(p.color),
      at(p.head),
      at(p.next),
      at(p.size),
      at(p.libCount),
      at(p.libSum),
      at(p.libSumSq),
      at(p.emptyList),
      at(p.emptyIndex),
      at(p.emptyNeighbours),
      koTakenAt,
      chainBufferAt,
      ownBufferAt,
      playedVertexAt,
      playedColorAt,
      capturesAt,
      orderAt,
      ringAt,
      tableAt,
      patternMovesAt,
      ioAt,
      refusedAt,
      mergeLogAt,
      captureColorAt,
      hasArcs ? 1 : 0,
      p.squaresExact ? 1 : 0,
      maxLinks,
    );
  }

  /** Whether run accepts these settings (else the caller plays with the TypeScript playout). */
  accepts(order: readonly number[], patterns: SquarePatterns | null): boolean {
    return order.length <= KERNEL_MAX_SEATS && (patterns === null || (this.ring !== null && patterns.ring.length === this.ring.length));
  }

  /**
   * Plays the position out like LightPlayout.run (same arguments) with at most `cap` (<= maxMoves) moves; the
   * rng advances exactly as the TypeScript playout would advance it. Returns the moves played.
   */
  run(
    rng: Rng,
    order: readonly number[],
    seat: number,
    ko: number,
    lastMove: number,
    cap: number,
    tactics: boolean,
    patterns: SquarePatterns | null,
    cutConnect = false,
  ): number {
    if (order !== this.loadedOrder) {
      for (let k = 0; k < order.length; k++) this.order[k] = order[k];
      this.loadedOrder = order;
    }
    if (patterns !== null && patterns !== this.loadedPatterns) {
      this.ring!.set(patterns.ring);
      this.table!.set(patterns.table);
      this.loadedPatterns = patterns;
    }
    const p = this.position;
    const io = this.io;
    rng.writeState(io, IO_RNG);
    io[IO_EMPTY_COUNT] = p.emptyCount;
    io[IO_CAPTURED] = p.captured;
    io[IO_SELF_CAPTURED] = p.selfCaptured;
    io[IO_KO_VERTEX] = p.koVertex;
    const moves = this.exports.run(seat, order.length, ko, lastMove, Math.min(cap, this.maxMoves), tactics ? 1 : 0, patterns !== null ? 1 : 0, cutConnect ? 1 : 0);
    rng.readState(io, IO_RNG);
    p.emptyCount = io[IO_EMPTY_COUNT];
    p.captured = io[IO_CAPTURED];
    p.selfCaptured = io[IO_SELF_CAPTURED];
    p.koVertex = io[IO_KO_VERTEX];
    p.forgetUndo();
    this.endSeat = io[IO_END_SEAT];
    return moves;
  }
}

function align8(bytes: number): number {
  return Math.ceil(bytes / 8) * 8;
}
