/**
 * The learned prior: a fresh child's prior from a move model fitted to a strong program's choices or move
 * probabilities (bots/prior-model.ts, trained by scripts/train-prior.mjs on bots/move-features.ts's features), in
 * the manner of Coulom's move patterns and Pachi's pattern prior. Each move gets a strength, the product of its
 * features' strengths. `values` compares a node's children with the average of their strengths, so the value says
 * how much more (or less) likely than an average move the model thinks a move is: 0.5 + 0.4 tanh(scale ln r) for r
 * times the average; `probabilities` gives each child's share of their strengths, which the search turns into
 * virtual wins (Pachi's form, bots/uct.ts). Square lattices use the model with 3x3 and wide shapes, other graphs
 * the one without.
 */
import type { Graph } from '../src/graph.js';
import type { Position } from '../src/position.js';
import type { BoardLines } from './board-lines.js';
import { canonicalShape, FEATURE_GROUP_COUNT, MoveFeatures, SHAPE_GROUP, transformShape, WIDE_SHAPE_GROUP } from './move-features.js';
import type { SquarePatterns } from './patterns.js';
import { GENERAL_MODEL, LATTICE_MODEL, type PriorModel } from './prior-model.js';

/** How far a value may stray from even: 0.1 for the least likely moves, 0.9 for the most. */
const VALUE_RANGE = 0.4;

let latticeShapes: Float32Array | null = null;
let latticeWideShapes: Map<number, number> | null = null;

/** The shape strengths by raw 16-bit code (the model lists canonical codes), built once per process. */
function shapeStrengths(model: PriorModel): Float32Array {
  const byCanonical = new Map(model.shapes.map(([code, gamma]) => [code, gamma]));
  const table = new Float32Array(1 << 16);
  for (let code = 0; code < table.length; code++) table[code] = byCanonical.get(canonicalShape(code)) ?? 1;
  return table;
}

/**
 * The wide shape strengths by raw 24-bit code: the model's canonical codes in all their symmetric forms (codes not
 * listed: 1), built once per process.
 */
function wideShapeStrengths(model: PriorModel): Map<number, number> {
  const table = new Map<number, number>();
  for (const [code, gamma] of model.wideShapes) for (let index = 0; index < 8; index++) table.set(transformShape(code, index), gamma);
  return table;
}

export class LearnedPrior {
  private readonly features: MoveFeatures;
  private readonly groups: Float64Array[];
  private readonly shapes: Float32Array | null;
  private readonly wideShapes: Map<number, number> | null;
  private readonly vector = new Int32Array(FEATURE_GROUP_COUNT);

  constructor(
    graph: Graph,
    patterns: SquarePatterns | null,
    lines: BoardLines | null,
    /** How sharply the values follow the model (the `scale` of the formula above). */
    private readonly scale: number,
  ) {
    const model = patterns !== null ? LATTICE_MODEL : GENERAL_MODEL;
    this.features = new MoveFeatures(graph.n, patterns, lines);
    this.groups = model.groups.map((gammas) => Float64Array.from(gammas));
    this.shapes = patterns !== null ? (latticeShapes ??= shapeStrengths(LATTICE_MODEL)) : null;
    this.wideShapes = patterns !== null ? (latticeWideShapes ??= wideShapeStrengths(LATTICE_MODEL)) : null;
  }

  /**
   * The prior values of moves[0..count) for `color` in `position`, whose last two moves were `last` and
   * `secondLast` (-1: none or a pass), into values[0..count).
   */
  values(position: Position, moves: ArrayLike<number>, count: number, color: number, last: number, secondLast: number, values: Float64Array): void {
    if (count === 0) return;
    const mean = this.strengths(position, moves, count, color, last, secondLast, values) / count;
    for (let k = 0; k < count; k++) values[k] = 0.5 + VALUE_RANGE * Math.tanh(this.scale * Math.log(values[k] / mean));
  }

  /** The model's probability of each of moves[0..count) among them (summing to 1), into out[0..count). */
  probabilities(position: Position, moves: ArrayLike<number>, count: number, color: number, last: number, secondLast: number, out: Float64Array): void {
    if (count === 0) return;
    const sum = this.strengths(position, moves, count, color, last, secondLast, out);
    for (let k = 0; k < count; k++) out[k] /= sum;
  }

  /** Each move's strength (the product of its features' strengths) into out[0..count); returns their sum. */
  private strengths(position: Position, moves: ArrayLike<number>, count: number, color: number, last: number, secondLast: number, out: Float64Array): number {
    this.features.prepare(position, last, secondLast);
    const vector = this.vector;
    let sum = 0;
    for (let k = 0; k < count; k++) {
      this.features.compute(position, moves[k], color, vector);
      let strength = this.shapes === null ? 1 : this.shapes[vector[SHAPE_GROUP]] * (this.wideShapes!.get(vector[WIDE_SHAPE_GROUP]) ?? 1);
      for (let g = 0; g < SHAPE_GROUP; g++) strength *= this.groups[g][vector[g]];
      out[k] = strength;
      sum += strength;
    }
    return sum;
  }
}
