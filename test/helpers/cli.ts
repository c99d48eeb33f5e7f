/** Runs the graphgo command line in-process and keeps what it wrote, for tests of CLI commands. */
import { runCli } from '../../cli/main.js';

export async function runCliCaptured(args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runCli(args, { writeOut: (t) => void (out += t), writeErr: (t) => void (err += t) });
  return { code, out, err };
}
