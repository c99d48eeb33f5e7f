#!/usr/bin/env node
/**
 * graphgo's single command-line entry point: one commander program, one subcommand per file under cli/.
 *
 * Every subcommand file exports a `registerXxxCommand(program, io)` function; loadProgram imports and calls only the
 * one the arguments name (all of them for help).
 * Commands report a user error by throwing CliError (cli/io.ts): it is printed here as one line, `graphgo: ...`,
 * with exit code 1 and no stack trace. Only this file and the command files touch process and stdio.
 */
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command, CommanderError } from 'commander';
import { CliError } from './io.js';
import type { CliIo } from './io.js';

export function buildProgram(io: CliIo): Command {
  const program = new Command('graphgo')
    .description('Go on any graph: graphs, a GTP engine, bots and tournaments')
    .version(packageVersion())
    // Set before the subcommands are added, so that they inherit both: errors come back here as exceptions, and
    // commander's own messages go through io.
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.writeOut(text),
      writeErr: (text) => io.writeErr(text),
      // Commander's own errors ("error: unknown option ...") get the same `graphgo: ` prefix as ours.
      outputError: (text, write) => write(shortLines(`graphgo: ${text.replace(/^error: /, '')}`)),
    })
    .showHelpAfterError('(run graphgo help <command> for usage)');

  return program;
}

/**
 * The subcommands, one file each, loaded on demand: `graphgo gtp` must answer its first command quickly, and
 * importing every command (web server, harness, solver) cost about half a second of start-up on a busy machine.
 * Add a command here.
 */
const COMMANDS: Record<string, (program: Command, io: CliIo) => Promise<void>> = {
  play: async (program, io) => (await import('./play-command.js')).registerPlayCommand(program, io),
  web: async (program, io) => (await import('./web-command.js')).registerWebCommand(program, io),
  gtp: async (program, io) => (await import('./gtp-command.js')).registerGtpCommand(program, io, packageVersion()),
  graph: async (program, io) => (await import('./graph-command.js')).registerGraphCommand(program, io),
  demo: async (program, io) =>
    (await import('./demo-command.js')).registerDemoCommand(program, (line) => io.writeOut(line + '\n')),
  tournament: async (program, io) => (await import('./tournament-command.js')).registerTournamentCommand(program, io),
  bench: async (program, io) =>
    (await import('./bench-command.js')).registerBenchCommand(program, (line) => io.writeOut(line + '\n')),
  solve: async (program, io) => (await import('./solve-command.js')).registerSolveCommand(program, io),
  count: async (program, io) => (await import('./count-command.js')).registerCountCommand(program, io),
};

/** The program with the subcommand `args` names, or with every subcommand (for help and unknown commands). */
export async function loadProgram(io: CliIo, args: readonly string[]): Promise<Command> {
  const program = buildProgram(io);
  const first = args[0];
  const only = first !== undefined && Object.prototype.hasOwnProperty.call(COMMANDS, first) ? [first] : Object.keys(COMMANDS);
  for (const name of only) await COMMANDS[name](program, io);
  return program;
}

/** Runs the program on the user's arguments (argv without node and script) and returns the exit code. */
export async function runCli(args: readonly string[], io: CliIo): Promise<number> {
  // Commander answers `help NAME` for an unknown NAME with the general help alone; say what was wrong first.
  const asked = args[0] === 'help' ? args[1] : undefined;
  if (asked !== undefined && asked !== 'help' && !asked.startsWith('-') && !Object.prototype.hasOwnProperty.call(COMMANDS, asked)) {
    io.writeErr(shortLines(`graphgo: unknown command '${asked}' (known: ${Object.keys(COMMANDS).join(', ')})`) + '\n');
    return 1;
  }
  const program = await loadProgram(io, args);
  try {
    await program.parseAsync([...args], { from: 'user' });
    return 0;
  } catch (e) {
    // Commander has already printed its own message (unknown option, --help, --version).
    if (e instanceof CommanderError) return e.exitCode;
    if (e instanceof CliError) {
      io.writeErr(`graphgo: ${shortLines(e.message)}\n`);
      return e.exitCode;
    }
    // A bug rather than a user error: still one line, unless GRAPHGO_DEBUG asks for the stack.
    const message = e instanceof Error ? e.message : String(e);
    io.writeErr(`graphgo: internal error: ${message}\n`);
    if (process.env.GRAPHGO_DEBUG && e instanceof Error && e.stack) io.writeErr(e.stack + '\n');
    return 1;
  }
}

/** The longest line an error prints: a message quotes what was typed, which may be a whole file's worth. */
const MAX_ERROR_LINE = 400;

function shortLines(message: string): string {
  return message
    .split('\n')
    .map((line) => (line.length <= MAX_ERROR_LINE ? line : `${line.slice(0, MAX_ERROR_LINE)}... (a line of ${line.length.toLocaleString('en-US')} characters)`))
    .join('\n');
}

/** package.json's version, found by walking up from this file (dist/cli/main.js and cli/main.ts both work). */
function packageVersion(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, 'package.json');
    if (existsSync(candidate)) {
      const pkg = JSON.parse(readFileSync(candidate, 'utf8')) as { name?: unknown; version?: unknown };
      if (pkg.name === 'graphgo' && typeof pkg.version === 'string') return pkg.version;
    }
    const parent = dirname(dir);
    if (parent === dir) return '0.0.0';
    dir = parent;
  }
}

/** True when node runs this file (directly or through the npm bin link), false when a test imports it. */
function isEntryPoint(): boolean {
  const script = process.argv[1];
  if (script === undefined) return false;
  try {
    return realpathSync(script) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

const processIo: CliIo = {
  writeOut: (text) => void process.stdout.write(text),
  writeErr: (text) => void process.stderr.write(text),
};

if (isEntryPoint()) {
  // `graphgo graph ... | head` closes the pipe early: that is not an error worth a stack trace.
  // Any other failure to write (a full disk, /dev/full) ends the command with one line, not a stack trace.
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(0);
    process.stderr.write(`graphgo: cannot write the output: ${e.code ?? e.message}\n`);
    process.exit(1);
  });
  // exitCode rather than process.exit, so that a large output still drains to a pipe.
  process.exitCode = await runCli(process.argv.slice(2), processIo);
}
