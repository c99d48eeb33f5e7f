/** Small helpers shared by the graph tests; vertices are 1-based here, as users write them. */
import type { Graph, GraphResult } from '../../src/graph.js';
import { parseGraphSpec } from '../../src/families.js';

/** The graph of a spec, or a thrown Error with the refusal's message (for specs a test expects to be valid). */
export function build(spec: string): Graph {
  return unwrap(parseGraphSpec(spec));
}

export function unwrap(result: GraphResult): Graph {
  if (!result.ok) throw new Error(`unexpected ${result.error.code}: ${result.error.message}`);
  return result.value;
}

/** The refusal of a spec a test expects to be invalid. */
export function refusal(result: GraphResult): { code: string; message: string } {
  if (result.ok) throw new Error(`expected a refusal, got a graph of ${result.value.n} vertices`);
  return { code: result.error.code, message: result.error.message };
}

/** Whether 1-based vertices a and b are joined in the underlying graph. */
export function joined(graph: Graph, a: number, b: number): boolean {
  return graph.neighbors(a - 1).includes(b - 1);
}

/** Underlying degree of 1-based vertex a. */
export function degreeOf(graph: Graph, a: number): number {
  return graph.degree(a - 1);
}

/** The links as `u-v` / `u>v` strings (1-based), in the graph's order: a readable identity for comparisons. */
export function linkList(graph: Graph): string[] {
  const links: string[] = [];
  for (let i = 0; i < graph.linkCount; i++) {
    links.push(`${graph.linkU[i] + 1}${graph.linkKind[i] === 1 ? '>' : '-'}${graph.linkV[i] + 1}`);
  }
  return links;
}

/** Whether two graphs have the same vertex count and identical link arrays; cheap even for big graphs. */
export function sameLinks(a: Graph, b: Graph): boolean {
  if (a.n !== b.n || a.linkCount !== b.linkCount) return false;
  for (let i = 0; i < a.linkCount; i++) {
    if (a.linkU[i] !== b.linkU[i] || a.linkV[i] !== b.linkV[i] || a.linkKind[i] !== b.linkKind[i]) return false;
  }
  return true;
}
