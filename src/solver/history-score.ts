/**
 * The history heuristic of the solvers' move ordering (docs/solver.md, "Move ordering"): how often each vertex proved
 * the best move for each colour, over the whole search; the moves a node has not ordered otherwise go by it, most
 * often best first. Vertices are 0..31 (the solver's bitboards).
 */
export class HistoryScore {
  /** Per colour (1, 2), 33 counts: index 0 unused (room for the pass at -1), then one a vertex. */
  private readonly counts = new Float64Array(2 * 33);

  /** The vertex m proved best for the colour to move. */
  reward(toMove: number, m: number): void {
    this.counts[(toMove - 1) * 33 + m + 1] += 1;
  }

  /** Orders moves[from..to) by count for the colour, highest first, ties kept in their order (insertion: lists are short). */
  sort(moves: Int32Array, from: number, to: number, toMove: number): void {
    const counts = this.counts;
    const off = (toMove - 1) * 33 + 1;
    for (let i = from + 1; i < to; i++) {
      const m = moves[i];
      const score = counts[off + m];
      let j = i - 1;
      while (j >= from && counts[off + moves[j]] < score) {
        moves[j + 1] = moves[j];
        j--;
      }
      moves[j + 1] = m;
    }
  }
}
