import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/temporary-folder.ts'],
    testTimeout: 60_000,
    // Vitest's default is one worker fewer than the cores, which is one worker on the 2-core machines CI runs on.
    // Most of the suite's time is spent waiting on child processes (engines, Redis, the harness), not computing, so
    // two files at a time take about 190 s there instead of about 290 s (docs/benchmarks.md, "The test suite").
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
