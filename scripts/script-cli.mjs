// The command line of the research scripts: positional arguments and some options that take a value; a usage
// error exits 2 with the usage, any other error 1 with its message alone.

export class UsageError extends Error {}

/**
 * ARGV as { positionals, options }: NAMES names the positional arguments, all required, in order; VALUED lists the
 * options taking a value.
 */
export function parseArgv(argv, valued, names) {
  const options = {};
  const positionals = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (valued.includes(a)) {
      const v = argv[++i];
      if (v === undefined || v.startsWith('--')) throw new UsageError(`${a} takes a value`);
      options[a] = v;
    } else if (a.startsWith('-') || positionals.length === names.length) {
      throw new UsageError(`unexpected argument "${a}"`);
    } else {
      positionals.push(a);
    }
  }
  if (positionals.length < names.length) throw new UsageError(`no ${names[positionals.length]} given`);
  return { positionals, options };
}

/** Runs MAIN, turning what it throws into a message and an exit status. */
export function runScript(usage, main) {
  try {
    main();
  } catch (err) {
    if (err instanceof UsageError) {
      process.stderr.write(`${err.message}\n${usage}`);
      process.exit(2);
    }
    process.stderr.write(`${err.message}\n`);
    process.exit(1);
  }
}
