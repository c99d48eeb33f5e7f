/** `graphgo` run in-process for the solver's tests: exit code, stdout and stderr. */
import { runCli } from '../../cli/main.js';

export async function runGraphgo(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runCli(args, { writeOut: (text) => (out += text), writeErr: (text) => (err += text) });
  return { code, out, err };
}
