/**
 * docs/solver-komi-table-8.csv is the first run of the whole 8-vertex family and docs/solver-open-8.txt its open
 * rows: the table must hold every graph of the family once, in the family's order, its settled komis must be what
 * the solver says, the open list must be exactly the table's unknown rows with the bounds the run proved, and
 * docs/solver-komi-table-8.md must count the table as it stands.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runGraphgo } from './run-cli.js';

const docs = new URL('../../docs/', import.meta.url);
const tablePath = fileURLToPath(new URL('solver-komi-table-8.csv', docs));

interface Row {
  graph: string;
  edges: number;
  komi: string;
  nodes: number;
}

function rows(): Row[] {
  const lines = readFileSync(tablePath, 'utf8').trim().split('\n');
  expect(lines[0]).toBe('graph,vertices,edges,komi,nodes,seconds');
  return lines.slice(1).map((line) => {
    const [graph, vertices, edges, komi, nodes] = line.split(',');
    expect(vertices).toBe('8');
    return { graph, edges: Number(edges), komi, nodes: Number(nodes) };
  });
}

/** The vertex degrees of an `edges N a-b ...` spec. */
function degrees(spec: string): number[] {
  const words = spec.split(' ');
  const d = new Array<number>(Number(words[1])).fill(0);
  for (const e of words.slice(2)) {
    const [a, b] = e.split('-').map(Number);
    d[a - 1]++;
    d[b - 1]++;
  }
  return d;
}

describe('docs/solver-komi-table-8.csv', () => {
  it('holds every connected 8-vertex graph once, in the order of the family', async () => {
    const listed = await runGraphgo('solve', '--family', 'connected 8..8', '--list');
    expect(listed.code).toBe(0);
    const family = listed.out.trim().split('\n');
    // The number of connected graphs on 8 vertices up to isomorphism (OEIS A001349).
    expect(family.length).toBe(11117);
    expect(rows().map((r) => r.graph)).toEqual(family);
  });

  it('gives path 8 and cycle 8 the komis solved on their own before (2 and 0)', () => {
    const all = rows();
    const path = all.filter((r) => r.edges === 7 && degrees(r.graph).every((d) => d <= 2));
    const cycle = all.filter((r) => r.edges === 8 && degrees(r.graph).every((d) => d === 2));
    expect(path.map((r) => r.komi)).toEqual(['2']);
    expect(cycle.map((r) => r.komi)).toEqual(['0']);
  });

  it('has komis the solver finds again, on the cheapest row of each komi', async () => {
    const cheapest = new Map<string, Row>();
    for (const r of rows()) {
      if (!/^-?\d+$/.test(r.komi)) continue;
      const best = cheapest.get(r.komi);
      if (best === undefined || r.nodes < best.nodes) cheapest.set(r.komi, r);
    }
    // The run found several komis (-1 on dense graphs up to 5 on trees): each is checked once.
    expect(cheapest.size).toBeGreaterThanOrEqual(4);
    for (const r of cheapest.values()) {
      const res = await runGraphgo('solve', '--graph', r.graph, '--max-nodes', '200000', '--json', '--no-progress');
      expect(res.code).toBe(0);
      expect(String(JSON.parse(res.out).komi)).toBe(r.komi);
    }
  });
});

describe('docs/solver-open-8.txt', () => {
  it("is the table's unknown rows with their bounds, as scripts/solver-open-rows.mjs writes them", async () => {
    const script = fileURLToPath(new URL('../../scripts/solver-open-rows.mjs', import.meta.url));
    const expected = execFileSync(process.execPath, [script, tablePath], { encoding: 'utf8' }).trim().split('\n');
    const openPath = fileURLToPath(new URL('solver-open-8.txt', docs));
    const lines = readFileSync(openPath, 'utf8')
      .split('\n')
      .filter((l) => l.trim() !== '' && !l.startsWith('#'));
    expect(lines).toEqual(expected);
    expect(lines.length).toBe(rows().filter((r) => r.komi.startsWith('unknown')).length);
    const listed = await runGraphgo('solve', '--graphs', openPath, '--list');
    expect(listed.code).toBe(0);
    expect(listed.out.trim().split('\n')).toEqual(expected);
  });
});

describe('docs/solver-komi-table-8.md', () => {
  it('says where the table stands, in its head and its table by edges, as scripts/solver-komi-summary.mjs counts it', () => {
    const script = fileURLToPath(new URL('../../scripts/solver-komi-summary.mjs', import.meta.url));
    const doc = fileURLToPath(new URL('solver-komi-table-8.md', docs));
    const dir = mkdtempSync(join(tmpdir(), 'graphgo-table-8-'));
    try {
      const copy = join(dir, 'table-8.md');
      copyFileSync(doc, copy);
      execFileSync(process.execPath, [script, tablePath, '--md', copy]);
      expect(readFileSync(copy, 'utf8')).toBe(readFileSync(doc, 'utf8'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
