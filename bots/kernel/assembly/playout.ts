/**
 * The light playout of bots/playout.ts compiled to WebAssembly (AssemblyScript). The same policy, the same draws
 * from the same sfc32 stream, the same updates in the same order: for a given position and random state it plays
 * exactly the moves the TypeScript playout plays (test/bots/playout-kernel.test.ts checks move by move). It exists
 * because V8 runs the TypeScript loop at half the speed of tuned C, and this one close to it.
 *
 * Undirected graphs judge a move from its neighbours and commit it (`tryMove`). Graphs with arcs, whose liberties
 * are one-way, run their own loop (`playOutArcs`) through `tryWithArcs`: like LightPlayout.tryWithArcs it plays
 * the move with a one-move undo record and takes it back when the playout refuses it, mirroring Position.play and
 * Position.undo step for step, so the arrays end bit for bit as the TypeScript playout leaves them.
 *
 * The memory is the host's: bots/kernel/playout-kernel.ts lays out the Position's own arrays (src/position.ts)
 * and the playout's scratch in one WebAssembly.Memory and passes their addresses to `init`, so the TypeScript
 * Position and this kernel work on the same arrays without copying. Nothing here allocates or grows memory.
 */

// Addresses of the host's arrays (byte offsets into memory).
let n: i32 = 0;
let adjStartP: usize = 0;
let adjP: usize = 0;
// Out-liberties and their reverse (src/graph.ts); without arcs these are adjStart and adj themselves.
let libStartP: usize = 0;
let libP: usize = 0;
let rlibStartP: usize = 0;
let rlibP: usize = 0;
let colorP: usize = 0;
let headP: usize = 0;
let nextP: usize = 0;
let sizeP: usize = 0;
let libCountP: usize = 0;
let libSumP: usize = 0;
let libSumSqP: usize = 0;
let emptyListP: usize = 0;
let emptyIndexP: usize = 0;
let emptyNbP: usize = 0;
let koTakenP: usize = 0;
let chainBufP: usize = 0;
let ownBufP: usize = 0;
let playedVertexP: usize = 0;
let playedColorP: usize = 0;
let capturesP: usize = 0;
let orderP: usize = 0;
let ringP: usize = 0;
let tableP: usize = 0;
let patternMovesP: usize = 0;
let ioP: usize = 0;
let refusedP: usize = 0;
// The undo record of one move on a graph with arcs: merges (6 doubles each) and the captured chains' colours.
let mergeLogP: usize = 0;
let captureColorP: usize = 0;
/** Whether the graph has arcs: then run plays with playOutArcs. */
let arcs: bool = false;
/** Whether the sum-of-squares atari test is exact (Position.squaresExact); else inAtariLarge decides. */
let squaresExact: bool = true;
/** The most links of one vertex: more pseudo-liberty pairs than this mean two liberties. */
let maxLinks: i32 = 0;

// The io block: the random state in and out, the position's scalars in and out, the playout's result.
const IO_RNG_A: i32 = 0;
const IO_RNG_B: i32 = 1;
const IO_RNG_C: i32 = 2;
const IO_RNG_D: i32 = 3;
const IO_EMPTY_COUNT: i32 = 4;
const IO_END_SEAT: i32 = 5;
const IO_CAPTURED: i32 = 6;
const IO_SELF_CAPTURED: i32 = 7;
const IO_KO_VERTEX: i32 = 8;

const TWO_POW_MINUS_32: f64 = 1.0 / 4294967296.0;
const EMPTY: i32 = 0;
const OFF_BOARD: i32 = 3;
const JUDGE_OK: i32 = -1;
const JUDGE_ILLEGAL: i32 = -2;
const JUDGE_EYE: i32 = -3;
/** As in bots/playout.ts: after this many moves per vertex, self-atari of two or more stones is refused. */
const LATE_MOVES_PER_VERTEX: i32 = 2;
/** As in bots/playout.ts: refusals are remembered once a move takes more draws than this. */
const REMEMBER_AFTER_TRIES: i32 = 16;
/** As in bots/playout.ts: cutting and connecting looks at this many neighbours of the last move at most. */
const CUT_NEIGHBOURS: i32 = 32;

// Playout state.
let emptyCount: i32 = 0;
let captured: i32 = 0;
let selfCaptured: i32 = 0;
let koVertex: i32 = -1;
let playoutId: u32 = 0;
let lastKo: i32 = -1;
let late: bool = false;
let remembering: bool = false;
let epoch: u32 = 0;
let tactics: bool = false;
let rngA: u32 = 0;
let rngB: u32 = 0;
let rngC: u32 = 0;
let rngD: u32 = 0;

@inline function ld(base: usize, i: i32): i32 {
  return load<i32>(base + (<usize>i << 2));
}
@inline function st(base: usize, i: i32, x: i32): void {
  store<i32>(base + (<usize>i << 2), x);
}
@inline function ldf(base: usize, i: i32): f64 {
  return load<f64>(base + (<usize>i << 3));
}
@inline function stf(base: usize, i: i32, x: f64): void {
  store<f64>(base + (<usize>i << 3), x);
}
@inline function colorOf(v: i32): i32 {
  return <i32>load<u8>(colorP + <usize>v);
}
@inline function setColor(v: i32, c: i32): void {
  store<u8>(colorP + <usize>v, <u8>c);
}

export function init(
  vertices: i32,
  adjStart: usize,
  adj: usize,
  libStart: usize,
  lib: usize,
  rlibStart: usize,
  rlib: usize,
  color: usize,
  head: usize,
  next: usize,
  size: usize,
  libCount: usize,
  libSum: usize,
  libSumSq: usize,
  emptyList: usize,
  emptyIndex: usize,
  emptyNeighbours: usize,
  koTaken: usize,
  chainBuffer: usize,
  ownBuffer: usize,
  playedVertex: usize,
  playedColor: usize,
  captures: usize,
  order: usize,
  ring: usize,
  table: usize,
  patternMoves: usize,
  io: usize,
  refused: usize,
  mergeLog: usize,
  captureColor: usize,
  hasArcs: bool,
  exact: bool,
  mostLinks: i32,
): void {
  n = vertices;
  arcs = hasArcs;
  squaresExact = exact;
  maxLinks = mostLinks;
  adjStartP = adjStart;
  adjP = adj;
  libStartP = libStart;
  libP = lib;
  rlibStartP = rlibStart;
  rlibP = rlib;
  mergeLogP = mergeLog;
  captureColorP = captureColor;
  colorP = color;
  headP = head;
  nextP = next;
  sizeP = size;
  libCountP = libCount;
  libSumP = libSum;
  libSumSqP = libSumSq;
  emptyListP = emptyList;
  emptyIndexP = emptyIndex;
  emptyNbP = emptyNeighbours;
  koTakenP = koTaken;
  chainBufP = chainBuffer;
  ownBufP = ownBuffer;
  playedVertexP = playedVertex;
  playedColorP = playedColor;
  capturesP = captures;
  orderP = order;
  ringP = ring;
  tableP = table;
  patternMovesP = patternMoves;
  ioP = io;
  refusedP = refused;
}

// src/rng.ts's sfc32 and its integer in [0, m), computed in doubles exactly as there.
@inline function nextU32(): u32 {
  const t = rngA + rngB + rngD;
  rngD += 1;
  rngA = rngB ^ (rngB >>> 9);
  rngB = rngC + (rngC << 3);
  rngC = (rngC << 21) | (rngC >>> 11);
  rngC += t;
  return t;
}
@inline function randomInt(m: i32): i32 {
  // Below 2^21 the double product is exact, and its floor is the integer product's high word.
  if (m < 0x200000) return <i32>((<u64>nextU32() * <u64>m) >>> 32);
  return <i32>Math.floor(<f64>nextU32() * TWO_POW_MINUS_32 * <f64>m);
}

// ---- src/position.ts's move, without undo records (playQuick) ----

@inline function inAtari(h: i32): bool {
  const count = ld(libCountP, h);
  if (count <= 1) return count == 1;
  const sum = ldf(libSumP, h);
  if (squaresExact) return <f64>count * ldf(libSumSqP, h) == sum * sum;
  return inAtariLarge(h, count, sum);
}

/** Position.inAtariLarge: the one liberty would be sum / count, empty, with `count` reverse links into the chain. */
function inAtariLarge(h: i32, count: i32, sum: f64): bool {
  if (count > maxLinks) return false;
  const l = sum / <f64>count;
  if (l != Math.floor(l)) return false;
  const lib = <i32>l;
  if (colorOf(lib) != EMPTY) return false;
  let links = 0;
  for (let i = ld(rlibStartP, lib), end = ld(rlibStartP, lib + 1); i < end; i++) {
    const u = ld(rlibP, i);
    if (colorOf(u) != EMPTY && ld(headP, u) == h) links++;
  }
  return links == count;
}

@inline function atariLiberty(h: i32): i32 {
  return <i32>(ldf(libSumP, h) / <f64>ld(libCountP, h));
}

function removeEmpty(v: i32): void {
  const i = ld(emptyIndexP, v);
  emptyCount--;
  const last = ld(emptyListP, emptyCount);
  st(emptyListP, i, last);
  st(emptyIndexP, last, i);
}

/** Joins chains a and b (heads); the larger keeps its head. Inlined into apply, as when it was apply's alone. */
@inline function merge(a: i32, b: i32): i32 {
  const sizeA = ld(sizeP, a);
  const sizeB = ld(sizeP, b);
  const survivor = sizeA >= sizeB ? a : b;
  const absorbed = survivor == a ? b : a;
  let s = absorbed;
  do {
    st(headP, s, survivor);
    s = ld(nextP, s);
  } while (s != absorbed);
  const tmp = ld(nextP, survivor);
  st(nextP, survivor, ld(nextP, absorbed));
  st(nextP, absorbed, tmp);
  st(sizeP, survivor, sizeA + sizeB);
  st(libCountP, survivor, ld(libCountP, survivor) + ld(libCountP, absorbed));
  stf(libSumP, survivor, ldf(libSumP, survivor) + ldf(libSumP, absorbed));
  stf(libSumSqP, survivor, ldf(libSumSqP, survivor) + ldf(libSumSqP, absorbed));
  return survivor;
}

/**
 * Vertex s becomes a liberty (sign 1) or stops being one (sign -1) of its rlib chains, and an empty neighbour of its
 * rlib. Inlined with a constant sign, so each caller keeps its own straight loop.
 */
@inline function shiftLibertiesAt(s: i32, sign: i32): void {
  const sf = <f64>s;
  const ss = sf * sf;
  const d = <f64>sign;
  for (let i = ld(rlibStartP, s), end = ld(rlibStartP, s + 1); i < end; i++) {
    const u = ld(rlibP, i);
    st(emptyNbP, u, ld(emptyNbP, u) + sign);
    if (colorOf(u) != EMPTY) {
      const hu = ld(headP, u);
      st(libCountP, hu, ld(libCountP, hu) + sign);
      stf(libSumP, hu, ldf(libSumP, hu) + d * sf);
      stf(libSumSqP, hu, ldf(libSumSqP, hu) + d * ss);
    }
  }
}

/** Each stone of the emptied chain at h becomes a liberty of its rlib chains and an empty neighbour of its rlib. */
function creditLiberties(h: i32): void {
  let s = h;
  do {
    shiftLibertiesAt(s, 1);
    s = ld(nextP, s);
  } while (s != h);
}

/** Removes the chains chainBuffer[0..k) together (stones first, then liberties); returns the stones removed. */
function removeChains(k: i32): i32 {
  let removed = 0;
  for (let j = 0; j < k; j++) {
    const h = ld(chainBufP, j);
    let s = h;
    do {
      setColor(s, EMPTY);
      st(emptyIndexP, s, emptyCount);
      st(emptyListP, emptyCount, s);
      emptyCount++;
      removed++;
      s = ld(nextP, s);
    } while (s != h);
  }
  for (let j = 0; j < k; j++) creditLiberties(ld(chainBufP, j));
  return removed;
}

/** Position.apply without undo records or hashing: the stone, its chain, captures, self-capture. */
function apply(v: i32, c: i32): void {
  setColor(v, c);
  removeEmpty(v);
  const vf = <f64>v;
  const vv = vf * vf;
  let chains = 0;
  let owns = 0;
  let count = 0;
  let sum: f64 = 0;
  let sumSq: f64 = 0;
  for (let i = ld(adjStartP, v), end = ld(adjStartP, v + 1); i < end; i++) {
    const u = ld(adjP, i);
    const cu = colorOf(u);
    st(emptyNbP, u, ld(emptyNbP, u) - 1);
    if (cu == EMPTY) {
      count++;
      const uf = <f64>u;
      sum += uf;
      sumSq += uf * uf;
    } else {
      const h = ld(headP, u);
      stf(libSumP, h, ldf(libSumP, h) - vf);
      stf(libSumSqP, h, ldf(libSumSqP, h) - vv);
      const left = ld(libCountP, h) - 1;
      st(libCountP, h, left);
      if (left == 0 && cu != c) st(chainBufP, chains++, h);
      if (cu == c) {
        let k = 0;
        while (k < owns && ld(ownBufP, k) != h) k++;
        if (k == owns) st(ownBufP, owns++, h);
      }
    }
  }
  st(headP, v, v);
  st(nextP, v, v);
  st(sizeP, v, 1);
  st(libCountP, v, count);
  stf(libSumP, v, sum);
  stf(libSumSqP, v, sumSq);
  let hv = v;
  for (let k = 0; k < owns; k++) hv = merge(hv, ld(ownBufP, k));
  captured = chains > 0 ? removeChains(chains) : 0;
  selfCaptured = 0;
  if (ld(libCountP, hv) == 0) {
    st(chainBufP, 0, hv);
    selfCaptured = removeChains(1);
  }
}

/** Position.koVertex after the move on v, the last change to the position (computed once, at a playout's end). */
function koVertexAfter(v: i32): i32 {
  return captured == 1 &&
    selfCaptured == 0 &&
    ld(headP, v) == v &&
    ld(sizeP, v) == 1 &&
    ld(libCountP, v) == 1 &&
    ldf(libSumP, v) == <f64>ld(chainBufP, 0)
    ? ld(chainBufP, 0)
    : -1;
}

// ---- src/position.ts's play and undo on graphs with arcs (one move deep, never self-capturing) ----

// What the move being tried changed, for undoArcs: Position.play's undo frame. The captured chains are
// chainBuffer[0..capturedChains) with their colours in captureColor; the merges are in mergeLog.
let undoVertexEmptyIndex: i32 = 0;
let undoHead: i32 = 0;
let undoNext: i32 = 0;
let undoSize: i32 = 0;
let undoLibCount: i32 = 0;
let undoLibSum: f64 = 0;
let undoLibSumSq: f64 = 0;
let undoKoVertex: i32 = -1;
let undoCaptured: i32 = 0;
let undoSelfCaptured: i32 = 0;
let capturedChains: i32 = 0;
let merges: i32 = 0;

/** merge, first logging the survivor's state as Position.merge does. */
function mergeLogged(a: i32, b: i32): i32 {
  const survivor = ld(sizeP, a) >= ld(sizeP, b) ? a : b;
  const absorbed = survivor == a ? b : a;
  const at = <i32>merges * 6;
  stf(mergeLogP, at, <f64>survivor);
  stf(mergeLogP, at + 1, <f64>absorbed);
  stf(mergeLogP, at + 2, <f64>ld(sizeP, survivor));
  stf(mergeLogP, at + 3, <f64>ld(libCountP, survivor));
  stf(mergeLogP, at + 4, ldf(libSumP, survivor));
  stf(mergeLogP, at + 5, ldf(libSumSqP, survivor));
  merges++;
  return merge(a, b);
}

/**
 * Position.play(v, c, false) on a graph with arcs: v stops being a liberty of the chains in rlib(v), the stone's
 * liberties are its empty out-liberties, it joins its own chains across edges and arcs alike, and chains of other
 * colours left without liberty are removed. A move that would self-capture is taken back at once (false); else the
 * move stands with its undo record, and captured, selfCaptured and koVertex describe it.
 */
function applyArcs(v: i32, c: i32): bool {
  undoVertexEmptyIndex = ld(emptyIndexP, v);
  undoHead = ld(headP, v);
  undoNext = ld(nextP, v);
  undoSize = ld(sizeP, v);
  undoLibCount = ld(libCountP, v);
  undoLibSum = ldf(libSumP, v);
  undoLibSumSq = ldf(libSumSqP, v);
  undoKoVertex = koVertex;
  undoCaptured = captured;
  undoSelfCaptured = selfCaptured;
  merges = 0;
  setColor(v, c);
  removeEmpty(v);
  const vf = <f64>v;
  const vv = vf * vf;
  let chains = 0;
  for (let i = ld(rlibStartP, v), end = ld(rlibStartP, v + 1); i < end; i++) {
    const u = ld(rlibP, i);
    const cu = colorOf(u);
    st(emptyNbP, u, ld(emptyNbP, u) - 1);
    if (cu != EMPTY) {
      const h = ld(headP, u);
      stf(libSumP, h, ldf(libSumP, h) - vf);
      stf(libSumSqP, h, ldf(libSumSqP, h) - vv);
      const left = ld(libCountP, h) - 1;
      st(libCountP, h, left);
      if (left == 0 && cu != c) {
        st(captureColorP, chains, cu);
        st(chainBufP, chains++, h);
      }
    }
  }
  let count = 0;
  let sum: f64 = 0;
  let sumSq: f64 = 0;
  for (let i = ld(libStartP, v), end = ld(libStartP, v + 1); i < end; i++) {
    const w = ld(libP, i);
    if (colorOf(w) == EMPTY) {
      count++;
      const wf = <f64>w;
      sum += wf;
      sumSq += wf * wf;
    }
  }
  st(headP, v, v);
  st(nextP, v, v);
  st(sizeP, v, 1);
  st(libCountP, v, count);
  stf(libSumP, v, sum);
  stf(libSumSqP, v, sumSq);
  let hv = v;
  for (let i = ld(adjStartP, v), end = ld(adjStartP, v + 1); i < end; i++) {
    const w = ld(adjP, i);
    if (colorOf(w) == c && ld(headP, w) != hv) hv = mergeLogged(hv, ld(headP, w));
  }
  capturedChains = chains;
  captured = chains > 0 ? removeChains(chains) : 0;
  if (ld(libCountP, hv) == 0) {
    undoArcs(v);
    return false;
  }
  selfCaptured = 0;
  koVertex =
    captured == 1 && hv == v && ld(sizeP, v) == 1 && ld(libCountP, v) == 1 && ldf(libSumP, v) == <f64>ld(chainBufP, 0)
      ? ld(chainBufP, 0)
      : -1;
  return true;
}

/** creditLiberties taken back (Position.creditLiberties with sign -1). */
function debitLiberties(h: i32): void {
  let s = h;
  do {
    shiftLibertiesAt(s, -1);
    s = ld(nextP, s);
  } while (s != h);
}

/** Position.undo of the move applyArcs made on v: every array, the empty list's order and the scalars as before. */
function undoArcs(v: i32): void {
  const chains = capturedChains;
  for (let j = 0; j < chains; j++) debitLiberties(ld(chainBufP, j));
  for (let j = chains - 1; j >= 0; j--) {
    const h = ld(chainBufP, j);
    const col = ld(captureColorP, j);
    let s = h;
    do {
      setColor(s, col);
      emptyCount--;
      s = ld(nextP, s);
    } while (s != h);
    st(libCountP, h, 0);
    stf(libSumP, h, 0);
    stf(libSumSqP, h, 0);
  }
  for (let k = merges - 1; k >= 0; k--) {
    const at = k * 6;
    const survivor = <i32>ldf(mergeLogP, at);
    const absorbed = <i32>ldf(mergeLogP, at + 1);
    const tmp = ld(nextP, survivor);
    st(nextP, survivor, ld(nextP, absorbed));
    st(nextP, absorbed, tmp);
    let s = absorbed;
    do {
      st(headP, s, absorbed);
      s = ld(nextP, s);
    } while (s != absorbed);
    st(sizeP, survivor, <i32>ldf(mergeLogP, at + 2));
    st(libCountP, survivor, <i32>ldf(mergeLogP, at + 3));
    stf(libSumP, survivor, ldf(mergeLogP, at + 4));
    stf(libSumSqP, survivor, ldf(mergeLogP, at + 5));
  }
  merges = 0;
  shiftLibertiesAt(v, 1);
  setColor(v, EMPTY);
  // The reverse of removeEmpty: the vertex that filled v's slot goes back to the end (unless v itself was last).
  const i = undoVertexEmptyIndex;
  if (i != emptyCount) {
    const moved = ld(emptyListP, i);
    st(emptyListP, emptyCount, moved);
    st(emptyIndexP, moved, emptyCount);
  }
  st(emptyListP, i, v);
  st(emptyIndexP, v, i);
  emptyCount++;
  st(headP, v, undoHead);
  st(nextP, v, undoNext);
  st(sizeP, v, undoSize);
  st(libCountP, v, undoLibCount);
  stf(libSumP, v, undoLibSum);
  stf(libSumSqP, v, undoLibSumSq);
  koVertex = undoKoVertex;
  captured = undoCaptured;
  selfCaptured = undoSelfCaptured;
}

// ---- bots/playout.ts's judging ----

/** isOwnEye: every (underlying) neighbour of v is a stone of c, and none of their chains is in atari. */
function isOwnEye(v: i32, c: i32): bool {
  const start = ld(adjStartP, v);
  const end = ld(adjStartP, v + 1);
  if (start == end) return false;
  for (let i = start; i < end; i++) if (colorOf(ld(adjP, i)) != c) return false;
  for (let i = start; i < end; i++) if (inAtari(ld(headP, ld(adjP, i)))) return false;
  return true;
}

function chainMetBefore(start: i32, i: i32, c: i32, h: i32): bool {
  for (let j = start; j < i; j++) {
    const x = ld(adjP, j);
    if (colorOf(x) == c && ld(headP, x) == h) return true;
  }
  return false;
}

/** judgeUndirected: JUDGE_OK, JUDGE_ILLEGAL, JUDGE_EYE, or the vertex a simple-ko capture would forbid next. */
function judge(v: i32, c: i32): i32 {
  const start = ld(adjStartP, v);
  const end = ld(adjStartP, v + 1);
  if (start == end) return JUDGE_ILLEGAL;
  if (ld(emptyNbP, v) > 0) return JUDGE_OK;
  let lastHead = -1;
  let ownSafe = false;
  let ownAtari = false;
  let enemies = false;
  let captureChains = 0;
  let capturedStones = 0;
  let capturedVertex = -1;
  for (let i = start; i < end; i++) {
    const w = ld(adjP, i);
    const h = ld(headP, w);
    if (h == lastHead) continue;
    lastHead = h;
    const cw = colorOf(w);
    if (cw == c) {
      if (inAtari(h)) ownAtari = true;
      else ownSafe = true;
    } else {
      enemies = true;
      if (inAtari(h) && !chainMetBefore(start, i, cw, h)) {
        captureChains++;
        capturedStones += ld(sizeP, h);
        capturedVertex = h;
      }
    }
  }
  if (!enemies && !ownAtari) return JUDGE_EYE;
  if (!ownSafe && captureChains == 0) return JUDGE_ILLEGAL;
  if (!ownSafe && !ownAtari && captureChains == 1 && capturedStones == 1) return capturedVertex;
  return JUDGE_OK;
}

/** isSelfAtariUndirected: a legal non-eye stone on v would join two or more stones in atari, capturing nothing. */
function isSelfAtari(v: i32, c: i32): bool {
  const start = ld(adjStartP, v);
  const end = ld(adjStartP, v + 1);
  let size = 1;
  let count: f64 = 0;
  let sum: f64 = 0;
  let sumSq: f64 = 0;
  const vf = <f64>v;
  const vv = vf * vf;
  for (let i = start; i < end; i++) {
    const w = ld(adjP, i);
    const cw = colorOf(w);
    if (cw == EMPTY) {
      count += 1;
      const wf = <f64>w;
      sum += wf;
      sumSq += wf * wf;
    } else if (cw == c) {
      const h = ld(headP, w);
      if (!chainMetBefore(start, i, c, h)) {
        size += ld(sizeP, h);
        count += <f64>ld(libCountP, h);
        sum += ldf(libSumP, h);
        sumSq += ldf(libSumSqP, h);
      }
      count -= 1;
      sum -= vf;
      sumSq -= vv;
    } else if (inAtari(ld(headP, w))) {
      return false;
    }
  }
  if (size < 2 || count < 1) return false;
  if (count == 1) return true;
  if (squaresExact) return count * sumSq == sum * sum;
  return joinedChainInAtari(v, c, count, sum);
}

/**
 * inAtariLarge for the chain a stone of colour c on v would form: its one liberty would be sum / count, empty and
 * not v, linked `count` times to v or to the own chains next to v.
 */
function joinedChainInAtari(v: i32, c: i32, count: f64, sum: f64): bool {
  if (count > <f64>maxLinks) return false;
  const l = sum / count;
  if (l != Math.floor(l)) return false;
  const lib = <i32>l;
  if (lib == v || colorOf(lib) != EMPTY) return false;
  const start = ld(adjStartP, v);
  const end = ld(adjStartP, v + 1);
  let links: f64 = 0;
  for (let i = ld(adjStartP, lib), stop = ld(adjStartP, lib + 1); i < stop; i++) {
    const u = ld(adjP, i);
    if (u == v || (colorOf(u) == c && chainMetBefore(start, end, c, ld(headP, u)))) links += 1;
  }
  return links == count;
}

// ---- bots/refusal-cache.ts: refusals remembered in a playout's end game (they change no move, only the speed) ----

function clearRefusals(): void {
  epoch += 1;
  if (epoch == 0) {
    memory.fill(refusedP, 0, <usize>n << 3);
    epoch = 1;
  }
}

@inline function isRefused(v: i32, c: i32): bool {
  return c <= 2 && <u32>ld(refusedP, (c - 1) * n + v) == epoch;
}

@inline function refuse(v: i32, c: i32): void {
  if (c <= 2) st(refusedP, (c - 1) * n + v, <i32>epoch);
}

@inline function forgetRefusal(v: i32): void {
  st(refusedP, v, 0);
  st(refusedP, n + v, 0);
}

/** Before c plays v: if the move captures, forget the liberties of the chains in atari next to the captured. */
function beforeMove(v: i32, c: i32): void {
  for (let i = ld(adjStartP, v), end = ld(adjStartP, v + 1); i < end; i++) {
    const w = ld(adjP, i);
    const cw = colorOf(w);
    if (cw == EMPTY || cw == c) continue;
    const h = ld(headP, w);
    if (!inAtari(h)) continue;
    let s = h;
    do {
      for (let j = ld(adjStartP, s), e = ld(adjStartP, s + 1); j < e; j++) {
        const x = ld(adjP, j);
        const cx = colorOf(x);
        if (cx == EMPTY || cx == cw) continue;
        const hx = ld(headP, x);
        if (inAtari(hx)) forgetRefusal(atariLiberty(hx));
      }
      s = ld(nextP, s);
    } while (s != h);
  }
}

/** After a move on v: forget v and the liberty of every chain next to it that is now in atari. */
function afterMove(v: i32): void {
  forgetRefusal(v);
  for (let i = ld(adjStartP, v), end = ld(adjStartP, v + 1); i < end; i++) {
    const w = ld(adjP, i);
    if (colorOf(w) == EMPTY) continue;
    const h = ld(headP, w);
    if (inAtari(h)) forgetRefusal(atariLiberty(h));
  }
}

// ---- bots/playout.ts's LightPlayout ----

/** Commits the move, keeping the remembered refusals and the capture counts up to date. */
function play(v: i32, c: i32): void {
  if (remembering) beforeMove(v, c);
  apply(v, c);
  if (remembering) afterMove(v);
  addCaptures(c);
}

/** Counts the last move's captures for c. */
@inline function addCaptures(c: i32): void {
  if (captured > 0) {
    const slot = capturesP + (<usize>c << 3);
    store<f64>(slot, load<f64>(slot) + <f64>captured);
  }
}

/** Plays v for c if the playout accepts it (legal, no own eye, ko rules, self-atari when refused); sets lastKo. */
function tryMove(v: i32, c: i32, ko: i32): bool {
  if (v == ko) return false;
  const open = ld(emptyNbP, v);
  if (open > 1) {
    play(v, c);
    lastKo = -1;
    return true;
  }
  const refuseSelfAtari = late || tactics;
  if (open == 1 && !refuseSelfAtari) {
    play(v, c);
    lastKo = -1;
    return true;
  }
  if (open == 0 && remembering && isRefused(v, c)) return false;
  const verdict = open > 0 ? JUDGE_OK : judge(v, c);
  if (verdict == JUDGE_ILLEGAL || verdict == JUDGE_EYE) {
    if (remembering) refuse(v, c);
    return false;
  }
  if (verdict >= 0 && <u32>ld(koTakenP, verdict) == playoutId) return false;
  if (refuseSelfAtari && isSelfAtari(v, c)) return false;
  play(v, c);
  if (verdict >= 0) st(koTakenP, v, <i32>playoutId);
  lastKo = verdict >= 0 ? verdict : -1;
  return true;
}

/**
 * LightPlayout.tryWithArcs: play, then judge (ko once only, self-atari when refused), and undo a refused move. A
 * stone with two empty out-liberties keeps two liberties, and one with one keeps it: neither can be an own eye, a
 * self-capture, a ko capture or (with two) a self-atari, so those are committed at once, with the same result.
 */
function tryWithArcs(v: i32, c: i32, ko: i32): bool {
  if (v == ko) return false;
  const open = ld(emptyNbP, v);
  const refuseSelfAtari = late || tactics;
  if (open > 1 || (open == 1 && !refuseSelfAtari)) {
    applyArcs(v, c);
    addCaptures(c);
    lastKo = -1;
    return true;
  }
  if (open == 0 && isOwnEye(v, c)) return false;
  if (!applyArcs(v, c)) return false;
  const k = koVertex;
  const h = ld(headP, v);
  if ((k >= 0 && <u32>ld(koTakenP, k) == playoutId) || (refuseSelfAtari && ld(sizeP, h) >= 2 && captured == 0 && inAtari(h))) {
    undoArcs(v);
    return false;
  }
  if (k >= 0) st(koTakenP, v, <i32>playoutId);
  addCaptures(c);
  lastKo = k;
  return true;
}

/** The liberty of an enemy chain in atari touching the chain at h (colour c), or -1. */
function captureAround(h: i32, c: i32): i32 {
  let s = h;
  do {
    for (let i = ld(adjStartP, s), end = ld(adjStartP, s + 1); i < end; i++) {
      const w = ld(adjP, i);
      const cw = colorOf(w);
      if (cw != EMPTY && cw != c && inAtari(ld(headP, w))) return atariLiberty(ld(headP, w));
    }
    s = ld(nextP, s);
  } while (s != h);
  return -1;
}

/** Capture the last move m in atari, else save an own chain it put in atari (a capture, a run or a connection). */
function tacticalAnswer(m: i32, c: i32): i32 {
  const cm = colorOf(m);
  if (cm == EMPTY || cm == c) return -1;
  const hm = ld(headP, m);
  if (inAtari(hm)) return atariLiberty(hm);
  for (let i = ld(adjStartP, m), end = ld(adjStartP, m + 1); i < end; i++) {
    const w = ld(adjP, i);
    if (colorOf(w) != c) continue;
    const h = ld(headP, w);
    if (!inAtari(h)) continue;
    const capture = captureAround(h, c);
    if (capture >= 0) return capture;
    const liberty = atariLiberty(h);
    if (ld(emptyNbP, liberty) >= 2 || joinsFreeChain(liberty, h, c)) return liberty;
  }
  return -1;
}

/** The liberty touches another own chain that is not in atari: playing there connects to it. */
function joinsFreeChain(liberty: i32, h: i32, c: i32): bool {
  for (let i = ld(adjStartP, liberty), end = ld(adjStartP, liberty + 1); i < end; i++) {
    const w = ld(adjP, i);
    if (colorOf(w) != c) continue;
    const hw = ld(headP, w);
    if (hw != h && !inAtari(hw)) return true;
  }
  return false;
}

/** SquarePatterns.matches: the eight states around v as a 16-bit code, looked up in the shape table. */
function matchesPattern(v: i32): bool {
  const base = v << 3;
  let code = 0;
  for (let k = 0; k < 8; k++) {
    const w = ld(ringP, base + k);
    code |= (w < 0 ? OFF_BOARD : colorOf(w)) << (k << 1);
  }
  return <u32>code < 65536 && load<u8>(tableP + <usize>code) == 1;
}

/** A pattern move around the last move m, uniformly among those acceptable; -1 when there is none. */
function patternMove(m: i32, c: i32, ko: i32): i32 {
  let count = 0;
  const base = m << 3;
  for (let k = 0; k < 8; k++) {
    const v = ld(ringP, base + k);
    if (v >= 0 && colorOf(v) == EMPTY && matchesPattern(v)) st(patternMovesP, count++, v);
  }
  while (count > 0) {
    const k = randomInt(count);
    const v = ld(patternMovesP, k);
    st(patternMovesP, k, ld(patternMovesP, --count));
    if (tryMove(v, c, ko)) return v;
  }
  return -1;
}

/** cutsOrConnects (bots/cut-connect.ts) of an empty vertex v: it would touch two different enemy or own chains. */
function cutsOrConnectsAt(v: i32, c: i32): bool {
  if (colorOf(v) != EMPTY) return false;
  let own = -1;
  let enemy = -1;
  for (let i = ld(adjStartP, v), end = ld(adjStartP, v + 1); i < end; i++) {
    const w = ld(adjP, i);
    const cw = colorOf(w);
    if (cw == EMPTY) continue;
    const h = ld(headP, w);
    if (cw == c) {
      if (own >= 0 && own != h) return true;
      own = h;
    } else {
      if (enemy >= 0 && enemy != h) return true;
      enemy = h;
    }
  }
  return false;
}

/**
 * LightPlayout.cutConnectMove: the first try drawn uniformly among m's empty neighbours (the first CUT_NEIGHBOURS)
 * that cut or connect, the others in adjacency order after it, one bit each; -1 when none is acceptable.
 */
function cutConnectMove(m: i32, c: i32, ko: i32): i32 {
  const start = ld(adjStartP, m);
  const all = ld(adjStartP, m + 1) - start;
  const degree = all < CUT_NEIGHBOURS ? all : CUT_NEIGHBOURS;
  let mask: u32 = 0;
  let count = 0;
  for (let k = 0; k < degree; k++) {
    if (cutsOrConnectsAt(ld(adjP, start + k), c)) {
      mask |= (<u32>1) << k;
      count++;
    }
  }
  if (count == 0) return -1;
  let skip = randomInt(count);
  let first = 0;
  while (((mask >> first) & 1) == 0 || skip-- > 0) first++;
  for (let k = 0; k < degree; k++) {
    const i = first + k < degree ? first + k : first + k - degree;
    if (((mask >> i) & 1) == 0) continue;
    const v = ld(adjP, start + i);
    if (tryMove(v, c, ko)) return v;
  }
  return -1;
}

/** Draws empty vertices without replacement (in place) until one is acceptable and plays it; -1 when none is. */
function scanAndPlay(c: i32, ko: i32): i32 {
  const rememberFrom = emptyCount - REMEMBER_AFTER_TRIES;
  for (let untried = emptyCount; untried > 0; untried--) {
    const k = randomInt(untried);
    const v = ld(emptyListP, k);
    if (v != ko && tryMove(v, c, ko)) return v;
    const last = untried - 1;
    const b = ld(emptyListP, last);
    st(emptyListP, k, b);
    st(emptyListP, last, v);
    st(emptyIndexP, b, k);
    st(emptyIndexP, v, last);
    if (untried == rememberFrom && !remembering) {
      remembering = true;
      clearRefusals();
    }
  }
  return -1;
}

/**
 * scanAndPlay on a graph with arcs: moves go through tryWithArcs, and refusals are not remembered (as in
 * bots/playout.ts: bots/refusal-cache.ts reasons without arcs).
 */
function scanAndPlayArcs(c: i32, ko: i32): i32 {
  for (let untried = emptyCount; untried > 0; untried--) {
    const k = randomInt(untried);
    const v = ld(emptyListP, k);
    if (tryWithArcs(v, c, ko)) return v;
    const last = untried - 1;
    const b = ld(emptyListP, last);
    st(emptyListP, k, b);
    st(emptyListP, last, v);
    st(emptyIndexP, b, k);
    st(emptyIndexP, v, last);
  }
  return -1;
}

/** The seat to move and the last stone played (-1: none) when playOut or playOutArcs stopped. */
let endSeat: i32 = 0;
let lastPlayed: i32 = -1;

/**
 * LightPlayout.run's loop: `seats` colours in order[], `seat` to move, `ko` forbidden first, `lastMove` the move
 * before (-1: none), at most `cap` moves, `patterns` only when a ring and table were given. Returns the number of
 * moves played (each recorded in playedVertex/playedColor); sets endSeat and lastPlayed.
 *
 * On a graph with arcs (`withArcs`) moves go through tryWithArcs, and neither patterns (SquarePatterns.forGraph takes
 * no arcs) nor cuts nor remembered refusals apply. The loop is inlined into playOut and playOutArcs with `withArcs` a
 * constant, so that the compiler drops the other case's tests: a test of `arcs` per draw cost the undirected loop
 * 3-4% of its speed.
 */
@inline function playOutLoop(withArcs: bool, seat: i32, seats: i32, ko: i32, lastMove: i32, cap: i32, useTactics: bool, usePatterns: bool, useCuts: bool): i32 {
  const lateAfter = LATE_MOVES_PER_VERTEX * n;
  let passes = 0;
  let moves = 0;
  let koBan = ko;
  let last = lastMove;
  let lastStone = -1;
  while (passes < seats && moves < cap) {
    const c = ld(orderP, seat);
    if (moves == lateAfter) late = true;
    let played = -1;
    if (useTactics && last >= 0) {
      const answer = tacticalAnswer(last, c);
      if (answer >= 0 && (withArcs ? tryWithArcs(answer, c, koBan) : tryMove(answer, c, koBan))) played = answer;
    }
    if (!withArcs) {
      if (played < 0 && usePatterns && last >= 0) played = patternMove(last, c, koBan);
      if (played < 0 && useCuts && last >= 0) played = cutConnectMove(last, c, koBan);
    }
    if (played < 0 && emptyCount > 0) played = withArcs ? scanAndPlayArcs(c, koBan) : scanAndPlay(c, koBan);
    if (played >= 0) {
      st(playedVertexP, moves, played);
      store<u8>(playedColorP + <usize>moves, <u8>c);
      moves++;
      passes = 0;
      koBan = lastKo;
      last = played;
      lastStone = played;
    } else {
      passes++;
      koBan = -1;
      last = -1;
    }
    seat = seat + 1 == seats ? 0 : seat + 1;
  }
  endSeat = seat;
  lastPlayed = lastStone;
  return moves;
}

function playOut(seat: i32, seats: i32, ko: i32, lastMove: i32, cap: i32, useTactics: bool, usePatterns: bool, useCuts: bool): i32 {
  return playOutLoop(false, seat, seats, ko, lastMove, cap, useTactics, usePatterns, useCuts);
}

function playOutArcs(seat: i32, seats: i32, ko: i32, lastMove: i32, cap: i32, useTactics: bool): i32 {
  return playOutLoop(true, seat, seats, ko, lastMove, cap, useTactics, false, false);
}

/**
 * Plays the position out (LightPlayout.run; the arguments as playOut's). Reads the random state and the position's
 * scalars from io and writes them back, with the end seat. Returns the number of moves played.
 */
export function run(seat: i32, seats: i32, ko: i32, lastMove: i32, cap: i32, useTactics: bool, usePatterns: bool, useCuts: bool): i32 {
  rngA = <u32>ld(ioP, IO_RNG_A);
  rngB = <u32>ld(ioP, IO_RNG_B);
  rngC = <u32>ld(ioP, IO_RNG_C);
  rngD = <u32>ld(ioP, IO_RNG_D);
  emptyCount = ld(ioP, IO_EMPTY_COUNT);
  captured = ld(ioP, IO_CAPTURED);
  selfCaptured = ld(ioP, IO_SELF_CAPTURED);
  koVertex = ld(ioP, IO_KO_VERTEX);
  playoutId += 1;
  if (playoutId == 0) playoutId = 1;
  for (let c = 0; c < 10; c++) stf(capturesP, c, 0);
  tactics = useTactics;
  late = false;
  remembering = false;
  const moves = arcs
    ? playOutArcs(seat, seats, ko, lastMove, cap, useTactics)
    : playOut(seat, seats, ko, lastMove, cap, useTactics, usePatterns, useCuts);
  st(ioP, IO_RNG_A, <i32>rngA);
  st(ioP, IO_RNG_B, <i32>rngB);
  st(ioP, IO_RNG_C, <i32>rngC);
  st(ioP, IO_RNG_D, <i32>rngD);
  st(ioP, IO_EMPTY_COUNT, emptyCount);
  st(ioP, IO_END_SEAT, endSeat);
  st(ioP, IO_CAPTURED, captured);
  st(ioP, IO_SELF_CAPTURED, selfCaptured);
  // With arcs applyArcs keeps koVertex (a refused move's undo overwrites the chain buffer koVertexAfter reads).
  st(ioP, IO_KO_VERTEX, lastPlayed >= 0 && !arcs ? koVertexAfter(lastPlayed) : koVertex);
  return moves;
}
