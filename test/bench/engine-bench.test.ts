/**
 * A quick run of the engine benchmark (bench/engine-bench.ts) on a small graph: it must produce every row with
 * sane figures, and its table must show them. The real figures come from the full run (docs/benchmarks.md).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { formatEngineBench, runEngineBench } from '../../bench/engine-bench.js';
import { ensureDist, ENGINE_MAIN } from '../gtp/build-dist.js';
import { graphOf } from '../helpers/diagram.js';

beforeAll(async () => {
  await ensureDist();
}, 120_000);

describe('engine benchmark', () => {
  it('measures start-up and the commands in-process and through the pipe', async () => {
    const seen: string[] = [];
    const report = await runEngineBench({
      engineMain: ENGINE_MAIN,
      startupRuns: 2,
      time: 20,
      graphs: [graphOf('grid 9 9')],
      onResult: (r) => seen.push(`${r.command}/${r.via}`),
    });
    expect(report.startup.runs).toBe(2);
    expect(report.startup.samplesMs).toHaveLength(2);
    expect(report.startup.medianMs).toBeGreaterThan(0);
    expect(seen).toEqual([
      'play/in-process',
      'legal_moves/in-process',
      'get_state/in-process',
      'protocol_version/pipe',
      'play/pipe',
      'legal_moves/pipe',
      'get_state/pipe',
    ]);
    for (const r of report.results) {
      expect(r.graph).toBe('grid 9 9');
      expect(r.meanMicros).toBeGreaterThan(0);
      expect(r.samples).toBeGreaterThanOrEqual(20);
    }
    // The same answers both ways: a play is `= ` and a blank line; get_state is the same JSON.
    const bytes = (command: string, via: string) => report.results.find((r) => r.command === command && r.via === via)!.responseBytes;
    expect(bytes('play', 'in-process')).toBe(4);
    expect(bytes('play', 'pipe')).toBe(4);
    expect(bytes('get_state', 'pipe')).toBe(bytes('get_state', 'in-process'));
    expect(bytes('legal_moves', 'pipe')).toBe(bytes('legal_moves', 'in-process'));
    const table = formatEngineBench(report);
    expect(table).toMatch(/^engine start-up \(spawn to first answer, 2 runs\): median \d+ ms/);
    expect(table.split('\n')).toHaveLength(3 + 7);
  }, 60_000);
});
