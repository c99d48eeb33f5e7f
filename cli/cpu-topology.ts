/**
 * The machine's logical CPUs and physical cores, for `bench search`'s thread figures: a thread speed-up is judged
 * against the physical cores, because two threads on the two hardware threads of one core (SMT) share its execution
 * units and run well short of twice one thread. Linux lists each CPU's core in
 * /sys/devices/system/cpu/cpuN/topology (`physical_package_id`, `core_id`); elsewhere the count is unknown (null).
 */

/** Reads a small text file, or null when it cannot. */
export type ReadText = (path: string) => string | null;

export interface CpuTopology {
  /** Logical CPUs the process may use. */
  readonly cpus: number;
  /** Distinct (package, core) pairs among CPUs 0..cpus-1; null when the topology cannot be read. */
  readonly physicalCores: number | null;
}

export function cpuTopology(cpus: number, read: ReadText): CpuTopology {
  const cores = new Set<string>();
  for (let cpu = 0; cpu < cpus; cpu++) {
    const base = `/sys/devices/system/cpu/cpu${cpu}/topology`;
    const pkg = read(`${base}/physical_package_id`)?.trim();
    const core = read(`${base}/core_id`)?.trim();
    if (!pkg || !core) return { cpus, physicalCores: null };
    cores.add(`${pkg}:${core}`);
  }
  return { cpus, physicalCores: cores.size };
}
