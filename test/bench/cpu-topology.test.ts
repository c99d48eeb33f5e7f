/**
 * The CPU topology `bench search` prints beside its thread figures (cli/cpu-topology.ts), read from a fake /sys:
 * hardware threads of one core count as one physical core, cores of two packages with the same core ids count
 * apart, and a missing file makes the count unknown rather than wrong.
 */
import { describe, expect, it } from 'vitest';
import { cpuTopology } from '../../cli/cpu-topology.js';

/** A /sys with CPU i on package pkg[i] and core core[i]. */
function sys(pkg: number[], core: number[]): (path: string) => string | null {
  return (path) => {
    const m = /cpu(\d+)\/topology\/(physical_package_id|core_id)$/.exec(path);
    if (m === null) return null;
    const cpu = Number(m[1]);
    if (cpu >= pkg.length) return null;
    return `${m[2] === 'core_id' ? core[cpu] : pkg[cpu]}\n`;
  };
}

describe('cpu topology', () => {
  it('counts two hardware threads of a core once (SMT)', () => {
    // Linux numbers the second thread of each core after all the first ones: cpu0 and cpu2 share core 0.
    expect(cpuTopology(4, sys([0, 0, 0, 0], [0, 1, 0, 1]))).toEqual({ cpus: 4, physicalCores: 2 });
  });

  it('counts cores of different packages apart, and one thread per core as itself', () => {
    expect(cpuTopology(4, sys([0, 0, 1, 1], [0, 1, 0, 1]))).toEqual({ cpus: 4, physicalCores: 4 });
    expect(cpuTopology(2, sys([0, 0], [0, 1]))).toEqual({ cpus: 2, physicalCores: 2 });
  });

  it('gives null when a CPU has no topology to read', () => {
    expect(cpuTopology(3, sys([0, 0], [0, 1]))).toEqual({ cpus: 3, physicalCores: null });
    expect(cpuTopology(2, () => null)).toEqual({ cpus: 2, physicalCores: null });
  });
});
