/**
 * A GTP engine for tests, in process: the graph and rules as set_graph and the rule flags read them, the version
 * "test", and a file reader that refuses (loadsgf) unless the test gives one. Any other engine option passes through.
 */
import { GtpEngine, type EngineOptions } from '../../protocol/engine.js';
import { readSetup } from '../../src/setup.js';

export type TestEngineOptions = Omit<EngineOptions, 'setup' | 'version' | 'readFile'> & Partial<Pick<EngineOptions, 'readFile'>>;

export function testEngine(graph: string, rules: string, options: TestEngineOptions): GtpEngine {
  const setup = readSetup({ spec: graph }, rules);
  if (!setup.ok) throw new Error(setup.error.message);
  const created = GtpEngine.create({
    version: 'test',
    setup: setup.value,
    readFile: () => {
      throw new Error('no files');
    },
    ...options,
  });
  if (!created.ok) throw new Error(created.error.message);
  return created.value;
}
