/**
 * The project's seeded random numbers. Every random choice goes through an Rng, so a seed reproduces a game.
 *
 * seedrandom (ARC4) turns any seed text into a well-mixed starting state; the stream itself is sfc32, a small
 * counter-based generator that passes PractRand and costs a few integer operations per draw, because playouts draw
 * millions of numbers per second and must not allocate. All arithmetic is 32-bit integer, so the stream is
 * identical on every machine.
 */
import seedrandom from 'seedrandom';

const TWO_POW_MINUS_32 = 2 ** -32;

export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: string | number) {
    const init = seedrandom(String(seed));
    this.a = init.int32() >>> 0;
    this.b = init.int32() >>> 0;
    this.c = init.int32() >>> 0;
    this.d = 1;
    // Warm up so that similar seeds give unrelated streams.
    for (let i = 0; i < 12; i++) this.u32();
  }

  /** A uniform 32-bit unsigned integer. */
  u32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** A uniform float in [0, 1) with 32 bits of precision. */
  float(): number {
    return this.u32() * TWO_POW_MINUS_32;
  }

  /** A uniform integer in [0, n) for 1 <= n <= 2^32 (multiply-shift; bias below 2^-32 * n). */
  int(n: number): number {
    // Multiplying by 2^-32 is exact, like dividing by 2^32, and cheaper.
    return Math.floor(this.u32() * TWO_POW_MINUS_32 * n);
  }

  /** The generator's state, to copy a stream (for example into a worker) or to resume it. */
  state(): [number, number, number, number] {
    return [this.a, this.b, this.c, this.d];
  }

  /** Writes the state into out[at..at+4) without allocating (for a playout kernel that continues the stream). */
  writeState(out: Int32Array, at: number): void {
    out[at] = this.a;
    out[at + 1] = this.b;
    out[at + 2] = this.c;
    out[at + 3] = this.d;
  }

  /** Takes the state from from[at..at+4), as written by writeState and advanced by the kernel. */
  readState(from: Int32Array, at: number): void {
    this.a = from[at] >>> 0;
    this.b = from[at + 1] >>> 0;
    this.c = from[at + 2] >>> 0;
    this.d = from[at + 3] | 0;
  }

  setState(s: readonly number[]): void {
    this.a = s[0] >>> 0;
    this.b = s[1] >>> 0;
    this.c = s[2] >>> 0;
    this.d = s[3] | 0;
  }
}
