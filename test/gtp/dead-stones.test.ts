/**
 * Dead stones against GNU Go 3.8 (docs/protocol.md, "Scoring and the end"). The fixtures are finished 9x9 games,
 * played until two passes with their dead stones left on the board, and GNU Go's `final_status_list dead` for each
 * (scripts/dead-stones-fixture.mjs made them; GNU Go is not needed here). The engine, in process, loads each final
 * position and answers `final_status_list dead`; a position agrees when the two dead sets are identical. The test
 * prints the figure and asks for at least 90%.
 *
 * The same positions check kgs-genmove_cleanup: while the judgement leaves dead stones of the other colour on the
 * board, the move is no pass and takes a liberty of one of them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GtpEngine } from '../../protocol/engine.js';
import { parseVertex } from '../../src/notation.js';
import { testEngine } from '../helpers/engine.js';
import { REPO_ROOT } from './tst-runner.js';

const DIR = join(REPO_ROOT, 'test/gtp/fixtures/dead-stones');
const REQUIRED_AGREEMENT = 0.9;

interface Fixture {
  readonly file: string;
  readonly black: string;
  readonly white: string;
  /** GNU Go's answer, one chain per line. */
  readonly dead: readonly string[];
  readonly seki: readonly string[];
}

const index = JSON.parse(readFileSync(join(DIR, 'index.json'), 'utf8')) as { gnugo: string; positions: Fixture[] };

function engineAt(file: string): GtpEngine {
  const engine = testEngine('grid 9 9', 'area', { bot: 'random', seed: '1', readFile: (path) => readFileSync(join(DIR, path), 'utf8') });
  const loaded = run(engine, `loadsgf ${file}`);
  if (!loaded.ok) throw new Error(`cannot load ${file}: ${loaded.text}`);
  return engine;
}

function run(engine: GtpEngine, line: string): { ok: boolean; text: string } {
  const answer = engine.execute(line) ?? '';
  return { ok: answer.startsWith('='), text: answer.slice(1).trim() };
}

/** A status list as a set of vertex names. */
function vertexSet(lines: readonly string[] | string): Set<string> {
  const text = typeof lines === 'string' ? lines : lines.join('\n');
  return new Set(text.split(/\s+/).filter((w) => w.length > 0).map((w) => w.toUpperCase()));
}

function sameSet(a: Set<string>, b: Set<string>): boolean {
  return a.size === b.size && [...a].every((x) => b.has(x));
}

describe(`dead stones against ${index.gnugo}`, () => {
  it(`agrees with GNU Go's final_status_list dead on at least ${REQUIRED_AGREEMENT * 100}% of ${index.positions.length} final 9x9 positions`, () => {
    expect(index.positions.length).toBeGreaterThanOrEqual(40);
    const disagreements: string[] = [];
    let milliseconds = 0;
    for (const fixture of index.positions) {
      const engine = engineAt(fixture.file);
      const start = performance.now();
      const answer = run(engine, 'final_status_list dead');
      milliseconds += performance.now() - start;
      expect(answer.ok).toBe(true);
      const ours = vertexSet(answer.text);
      const theirs = vertexSet(fixture.dead);
      if (!sameSet(ours, theirs)) {
        const only = (a: Set<string>, b: Set<string>) => [...a].filter((x) => !b.has(x)).join(' ') || '-';
        disagreements.push(`${fixture.file}: graphgo only ${only(ours, theirs)}; GNU Go only ${only(theirs, ours)}`);
      }
    }
    const total = index.positions.length;
    const agreed = total - disagreements.length;
    const share = agreed / total;
    console.log(
      `final_status_list dead: graphgo agrees with ${index.gnugo} on ${agreed} of ${total} positions ` +
        `(${(share * 100).toFixed(0)}%), ${(milliseconds / total).toFixed(0)} ms a position\n  ${disagreements.join('\n  ')}`,
    );
    expect(share, disagreements.join('\n')).toBeGreaterThanOrEqual(REQUIRED_AGREEMENT);
  });

  it('kgs-genmove_cleanup does not pass while the other colour has dead stones, and takes one of their liberties', () => {
    let checked = 0;
    for (const fixture of index.positions) {
      const engine = engineAt(fixture.file);
      const graph = engine.currentGame.graph;
      const dead = run(engine, 'final_status_list dead').text;
      const deadOf = { b: new Set<number>(), w: new Set<number>() };
      for (const name of vertexSet(dead)) {
        const parsed = parseVertex(graph, name);
        if (!parsed.ok) throw new Error(`bad vertex ${name}`);
        deadOf[engine.currentGame.position.color[parsed.value] === 1 ? 'b' : 'w'].add(parsed.value);
      }
      for (const [mover, victim] of [['b', 'w'], ['w', 'b']] as const) {
        if (deadOf[victim].size === 0) continue;
        const move = run(engine, `kgs-genmove_cleanup ${mover}`);
        expect(move.ok, `${fixture.file}: ${move.text}`).toBe(true);
        expect(move.text, fixture.file).not.toBe('PASS');
        const parsed = parseVertex(graph, move.text);
        if (!parsed.ok) throw new Error(`bad move ${move.text}`);
        const { adjStart, adj } = graph;
        const touches = Array.from(adj.subarray(adjStart[parsed.value], adjStart[parsed.value + 1])).some((w) => deadOf[victim].has(w));
        expect(touches, `${fixture.file}: ${mover} ${move.text} next to a dead ${victim} stone`).toBe(true);
        expect(run(engine, 'undo').ok).toBe(true);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(20);
  });
});
