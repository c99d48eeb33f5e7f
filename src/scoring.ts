/**
 * Counting a finished position (docs/rules.md, "Scoring"). Empty regions are connected components of empty
 * vertices in the underlying graph; a region is a colour's territory when every stone it touches has that colour.
 * A region touching no stone (an empty board, an isolated vertex) belongs to nobody.
 */
import type { Position } from './position.js';
import { EMPTY } from './vocabulary.js';

export interface Count {
  /** Per colour (index 0 unused): stones on the board. */
  readonly stones: number[];
  /** Per colour: empty vertices in regions that touch only that colour. */
  readonly territory: number[];
  /** Empty vertices in regions touching no colour or several. */
  readonly neutral: number;
}

/** Reads only the board (graph and colours), so a board with stones taken off can be counted too. */
export function countBoard(position: Pick<Position, 'graph' | 'color' | 'n'>, colors: number): Count {
  const { graph, color, n } = position;
  const { adjStart, adj } = graph;
  const stones = new Array<number>(colors + 1).fill(0);
  const territory = new Array<number>(colors + 1).fill(0);
  let neutral = 0;
  const seen = new Uint8Array(n);
  const stack = new Int32Array(n);
  for (let v = 0; v < n; v++) {
    const c = color[v];
    if (c !== EMPTY) {
      stones[c]++;
      continue;
    }
    if (seen[v]) continue;
    // Flood one empty region, noting the colours it touches as a bit set.
    let touched = 0;
    let regionSize = 0;
    let top = 0;
    stack[top++] = v;
    seen[v] = 1;
    while (top > 0) {
      const x = stack[--top];
      regionSize++;
      for (let i = adjStart[x]; i < adjStart[x + 1]; i++) {
        const w = adj[i];
        const cw = color[w];
        if (cw !== EMPTY) touched |= 1 << cw;
        else if (!seen[w]) {
          seen[w] = 1;
          stack[top++] = w;
        }
      }
    }
    const owner = singleColor(touched);
    if (owner > 0) territory[owner] += regionSize;
    else neutral += regionSize;
  }
  return { stones, territory, neutral };
}

/** The colour when the bit set holds exactly one colour, else 0. */
function singleColor(bits: number): number {
  if (bits === 0 || (bits & (bits - 1)) !== 0) return 0;
  return 31 - Math.clz32(bits);
}
