/**
 * `graphgo solve`: exact play (docs/solver.md). One graph: its exact outcome with a principal variation; under
 * famine without --komi, the komi of the graph; under area, the optimal score. A family (`--family "cycle 3..10"`):
 * a table over its graphs, one row as each is solved. Progress goes to stderr; limits end with "unknown".
 */
import { Command, Option } from 'commander';
import type { Graph } from '../src/graph.js';
import { PASS } from '../src/vocabulary.js';
import { vertexName } from '../src/notation.js';
import { formatRules } from '../src/rules.js';
import type { Rules } from '../src/rules.js';
import { planFamily } from '../src/solver/family-range.js';
import type { FamilyPlan } from '../src/solver/family-range.js';
import { komiOfGraph, moveValues, rulesProblem, solveWithVariation, Solver, solverProblem, startRoot } from '../src/solver/solve.js';
import { DEFAULT_SOLVER_SETTINGS, solveMethodOf } from '../src/solver/search.js';
import type { KomiInterval, KomiSolve, MoveValue, SolveMethod, SolverSettings } from '../src/solver/solve.js';
import { MAX_REQUIRED_ITEMS } from '../src/solver/dfpn-table.js';
import type { DfpnTable } from '../src/solver/dfpn-table.js';
import { CliError, readUserFile } from './io.js';
import type { CliIo } from './io.js';
import { checkTableWritable, loadSolverTable, prepareTableDir, saveSolverTable, tableFileFor } from './solver-table-file.js';
import { runSolveOnThread } from './solve-thread.js';
import { FamilyOutput, resultText } from './family-output.js';
import { komiWithinText, parseKomiWithin, readListLine } from './komi-within.js';
import { raceText } from './solve-race.js';
import type { RaceReport } from './solve-race.js';
import { addGraphOption, addRulesOption, orCliError, positiveInteger, positiveSeconds, readGraphSpec, readRulesFlag, wholeNumber } from './options.js';
import { readNumber } from '../src/number-input.js';
import { readGraph } from '../src/setup.js';

/** The most lines of a --graphs file (room for a list of all 11,117 connected graphs on 8 vertices). */
const MAX_LIST_SIZE = 100_000;

/** Table seeds are 31-bit (state-hash.ts). */
const MAX_TABLE_SEED = 0x7fffffff;
/** Beyond this a cap no longer caps anything a search reaches in practice. */
const MAX_ESTIMATE_CAP = 1_000_000_000;

/** The most graphs a family solves side by side (--jobs), and the most seeds of a race. */
export const MAX_JOBS = 256;

export interface SolveOptions {
  graph?: string;
  family?: string;
  graphs?: string;
  rules: string;
  komi?: string;
  komiWithin?: string;
  maxSeconds?: string;
  maxNodes?: string;
  ttBits?: string;
  tableSeed?: string;
  estimateCap?: string;
  requiredItems?: string;
  method?: string;
  json?: boolean;
  moves?: boolean;
  format: 'markdown' | 'csv';
  pvLength: string;
  tt: boolean;
  symmetry: boolean;
  benson: boolean;
  ordering: boolean;
  dominance: boolean;
  deepening: boolean;
  signatures: boolean;
  exactSets: boolean;
  winnerMovesOnly: boolean;
  stabiliserProbes: boolean;
  counterLead: boolean;
  tiedProofsInTurn: boolean;
  table?: string;
  tableDir?: string;
  progress: boolean;
  jobs?: string;
  list?: boolean;
  race?: string;
}

/** One first move: the vertex (or pass), its value (black's view: score, or +1 / -1) and the result in words. */
export interface MoveRecord {
  move: string;
  value: number | null;
  result: string | null;
}

/** One solved (or not) graph, as printed and as JSON. */
export interface SolveRecord {
  graph: string;
  vertices: number;
  edges: number;
  arcs: number;
  rules: string;
  /** komi: the komi of the graph; score: the optimal area score; winner: who wins at the given komi. */
  kind: 'komi' | 'score' | 'winner';
  status: 'solved' | 'unknown';
  reason: string | null;
  komi?: number | null;
  blackWinsAt?: number | null;
  whiteWinsAt?: number | null;
  /**
   * The proven interval of the komi: it lies in [komiLow, komiHigh] (null: unbounded on that side); with komiGiven,
   * proven on the assumption that the komi lies in the given interval.
   */
  komiLow?: number | null;
  komiHigh?: number | null;
  /** --komi-within: the interval the search was given (proved before, not here), which the answer rests on. */
  komiGiven?: KomiInterval;
  /**
   * Every komi solve in order; winner null: it did not fit in its node slice (or the limits) and was left. A race
   * that no seed settled lists every seed's, each with its seed.
   */
  solves?: { komi: number; winner: 'B' | 'W' | null; nodes: number; slice: number | null; seed?: number }[];
  /** --race: the seeds side by side, which settled it first, and each one's work. */
  race?: RaceReport;
  score?: number | null;
  /** The result text with the komi applied (score and winner kinds). */
  result?: string | null;
  winner?: 'B' | 'W' | null;
  /** Area score unknown: the proven bounds of the optimal score (black minus white, no komi). */
  lower?: number;
  upper?: number;
  pv: string[];
  pvTruncated: boolean;
  /** With --moves: every legal first move of black with its exact value (null: not settled within the limits). */
  moves?: MoveRecord[] | null;
  nodes: number;
  seconds: number;
}

const EXAMPLES = `
Examples:
  graphgo solve --graph "cycle 5"                      # the komi of the 5-cycle (famine)
  graphgo solve --graph "grid 3 3" --rules area        # optimal area score: B+9
  graphgo solve --graph petersen --komi 0 --json       # famine winner at komi 0, as JSON
  graphgo solve --family "cycle 3..10" --max-seconds 120
  graphgo solve --family "connected 1..5" --format csv # the komi of every connected graph
  graphgo solve --family "connected 6..6" --jobs 2     # two graphs at a time, on two threads
  graphgo solve --graphs unknown.txt --max-nodes 20000000 --jobs 16   # a list of specs, one per line
  graphgo solve --graph "cycle 8" --komi-within -1..1  # the komi, known to lie in -1..1: solves 0 and 1 only
  graphgo solve --graph "complete 6" --komi 0 --race 8 --tt-bits 22   # 8 table seeds side by side, first answer wins
  graphgo solve --family "connected 8..8" --list > eight.txt          # the specs of a family, nothing solved`;

export function registerSolveCommand(program: Command, io: CliIo): void {
  const solve = program
    .command('solve')
    .summary('solve a game exactly: the komi of a graph, an optimal score, a perfect line')
    .description(
      'Solve the game on a graph exactly, from the empty board with black to move (docs/solver.md). Under famine ' +
        'rules without --komi: the komi of the graph (the largest integer komi at which black wins); with --komi: ' +
        'the winner. Under area rules: the optimal score, black minus white, without komi. Limits end with ' +
        '"unknown", never a guess; so does Ctrl-C, which saves --table too (twice: quit at once). Progress goes to stderr.',
    );
  addGraphOption(solve, { help: 'the graph (e.g. "grid 3 3")' });
  solve.option('--family <spec>', 'a family of graphs with ranges: "cycle 3..10", "grid 2..3 2..4", "connected 1..5"');
  solve.option('--graphs <file>', 'a family from a file: one graph spec per line (# starts a comment line), solved in its order');
  addRulesOption(solve, 'famine');
  solve
    .option('--komi <K>', 'a fixed komi (famine: the winner at that komi instead of the komi of the graph)')
    .option(
      '--komi-within <range>',
      'famine: the komi of the graph is known to lie in LO..HI (or ..HI, LO..), proved before (a table\'s ' +
        '"unknown (4..5)"): only the komis inside are solved, and the answer rests on it. A --graphs line may end ' +
        'with its own: komi-within=4..5',
    )
    .option('--max-seconds <s>', 'give up after this many seconds (per graph in a family)')
    .option('--max-nodes <n>', 'give up after this many search nodes (per graph in a family)')
    .option('--tt-bits <bits>', 'the table holds 2^bits entries, 16..26 (default 20: up to about 270 MB under df-pn, 400 MB from 9 vertices, 130 with --no-exact-sets; 21 or 22 for long solves: a larger table is slower per expansion)')
    .option(
      '--table-seed <n>',
      "the table's hash seed, 0.." + 0x7fffffff + ' (default 0): the same search laid out differently in the table; never ' +
        'changes an answer, but on hard graphs the work several times over, so a solve stopped at a limit may settle with another seed',
    )
    .option(
      '--estimate-cap <n>',
      `df-pn: a position met for the first time under a new history starts from its numbers under other histories, ` +
        `each capped at n, 1..${MAX_ESTIMATE_CAP} (default ${DEFAULT_SOLVER_SETTINGS.dfpnEstimateCap}; 1: every first visit starts at 1 and 1)`,
    )
    .option(
      '--required-items <n>',
      `df-pn: a proof is kept in the table when it rests on at most n earlier positions of the game (superko refusals), ` +
        `2..${MAX_REQUIRED_ITEMS} (default ${DEFAULT_SOLVER_SETTINGS.dfpnRequiredItems}; 2 for tables saved before 2026-12-01)`,
    )
    .option('--table <file>', "df-pn: start from the table saved in FILE if it exists (same graph, rules and options; any komi), and save the table there at the end: a long solve resumes where it stopped")
    .option(
      '--table-dir <dir>',
      "df-pn, a family: --table for each graph, in DIR (made if missing), one file a graph named from its spec: a family " +
        'run resumes graph by graph, and a run at another komi starts from the tables of the one before',
    )
    .option(
      '--method <method>',
      'dfpn (proof-number search; area scores by thresholds) or alphabeta; default: dfpn for famine and conway, alphabeta for area',
    )
    .option('--json', 'print JSON (one object, or an array for a family)')
    .option('--jobs <n>', `a family: solve this many graphs side by side, each on its own thread with its own table (1..${MAX_JOBS}, default 1); the rows come out in the family's order`)
    .option(
      '--race <n>',
      'one graph: solve it with n table seeds side by side (--table-seed S, S+1, ...), each on its own thread with its ' +
        'own table; the first to settle the answer stops the others (on hard graphs the work varies several times with the seed)',
    )
    .option('--list', 'print the graph specs of the family, one per line (the --graphs format), and solve nothing')
    .option('--moves', "also the exact value of every legal first move of black (at the komi of the graph under famine)")
    .addOption(new Option('--format <format>', 'family table format').choices(['markdown', 'csv']).default('markdown'))
    .option('--pv-length <plies>', 'longest principal variation printed (0: none, and none worked out)', '60')
    .option('--no-tt', 'measurement: no transposition table')
    .option('--no-symmetry', 'measurement: no graph automorphisms')
    .option('--no-benson', 'measurement: no Benson bounds')
    .option('--no-ordering', 'measurement: plain move order')
    .option('--no-dominance', 'measurement: no counter dominance (famine)')
    .option('--no-deepening', 'measurement: one depth-first search instead of iterative deepening')
    .option('--no-signatures', "measurement: df-pn's proofs without signature filters (the masks alone)")
    .option('--no-exact-sets', "measurement: df-pn's proofs without exact records of the colourings they met")
    .option('--no-winner-moves-only', "measurement: df-pn's famine proofs conditioned on every colouring they met, not only the winner's")
    .option('--no-stabiliser-probes', "measurement: df-pn reads a stored proof through one automorphism onto its key, not through every one")
    .option('--no-counter-lead', 'measurement: famine df-pn keeps both counters as they are instead of the lead alone')
    .option('--no-tied-proofs-in-turn', "measurement: df-pn's proof of a bucket full of its state's proofs replaces one only when it cost more")
    .option('--no-progress', 'no progress lines on stderr')
    .addHelpText('after', EXAMPLES)
    .action((opts: SolveOptions) => {
      const plan = planSolve(opts);
      if (opts.list) return listFamily(plan, io);
      return runSolveOnThread(opts, plan, io, runSolveCommand);
    });
}

/** How each graph is solved: the rules, the limits and switches (what a pool's worker needs). */
export interface SolveSettingsPlan {
  readonly rules: Rules;
  readonly fixedKomi: number | null;
  /** --komi-within: the komi interval given to every graph (a --graphs line may give its own). */
  readonly komiWithin: KomiInterval | null;
  readonly pvLength: number;
  /** Every setting but `stopRequested`, which belongs to the thread that searches. */
  readonly settings: Partial<SolverSettings>;
  /** What each row of a family gives: the komi of the graph, the optimal area score, or the winner at a komi. */
  readonly kind: SolveRecord['kind'];
}

/** What `graphgo solve` was asked, checked: the settings, and the graph or the family with its --jobs. */
export interface SolvePlan extends SolveSettingsPlan {
  readonly family: FamilyPlan | null;
  /** Graphs of the family solved side by side (1 for one graph). */
  readonly jobs: number;
  /** Seeds of one graph solved side by side, the first to settle winning (--race; 1: no race). */
  readonly race: number;
}

/** Checks the options before anything is solved; a listed family is checked whole (every spec parses and fits). */
export function planSolve(opts: SolveOptions): SolvePlan {
  const given = [opts.graph, opts.family, opts.graphs].filter((x) => x !== undefined).length;
  if (given !== 1) throw new CliError('give exactly one of --graph SPEC, --family SPEC or --graphs FILE');
  const many = opts.graph === undefined;
  if (opts.moves && many) throw new CliError('--moves lists the first moves of one graph: use it with --graph');
  if (opts.table !== undefined && many) throw new CliError('--table keeps the table of one graph: use it with --graph');
  if (opts.tableDir !== undefined && !many) throw new CliError('--table-dir keeps a table for each graph of a family: for one graph, use --table FILE');
  if (opts.list && !many) throw new CliError('--list prints the graphs of a family: use it with --family or --graphs');
  if (opts.moves && opts.komiWithin !== undefined) throw new CliError('--moves needs black\'s win at the komi solved, not given: leave out --komi-within');
  const jobs = opts.jobs === undefined ? 1 : positiveInteger('--jobs', opts.jobs, MAX_JOBS);
  if (opts.jobs !== undefined && !many) throw new CliError('--jobs solves the graphs of a family side by side: use it with --family or --graphs');
  const race = opts.race === undefined ? 1 : wholeNumber('--race', opts.race, 2, MAX_JOBS);
  if (opts.race !== undefined && many) throw new CliError('--race solves one graph with several seeds: use it with --graph (a family: --jobs)');
  if (opts.race !== undefined && opts.table !== undefined) throw new CliError('--race gives each seed its own table: leave out --table');
  const plan = readSolveSettings(opts);
  // Alpha-beta's table is not saved: refused here, before a family prints its first line.
  if ((opts.table !== undefined || opts.tableDir !== undefined) && solveMethodOf(plan.rules, plan.settings.method) !== 'dfpn') {
    throw new CliError(`${opts.table !== undefined ? '--table' : '--table-dir'} keeps proof-number search tables: use it with --method dfpn (the default for famine and conway)`);
  }
  if (race > 1 && (plan.settings.tableSeed ?? 0) + race - 1 > MAX_TABLE_SEED) throw new CliError(`--race: seeds above ${MAX_TABLE_SEED}`);
  if (opts.graph !== undefined) return { ...plan, family: null, jobs, race };
  // Made and checked now, before any graph is searched (a listing writes no table).
  if (opts.tableDir !== undefined && !opts.list) prepareTableDir(opts.tableDir);
  if (opts.graphs !== undefined) {
    const list = readGraphList(opts.graphs, plan);
    if (opts.tableDir !== undefined) refuseSharedTableFiles(list, opts.tableDir, opts.graphs);
    return { ...plan, family: list, jobs, race };
  }
  const family = planFamily(opts.family as string);
  if (!family.ok) throw new CliError(`invalid family: ${family.error.message}`);
  // A rule set the solver refuses is refused before anything is enumerated (`connected 8` takes a second or two).
  const refused = rulesProblem(plan.rules);
  if (refused !== null) throw new CliError(refused);
  if (family.value.size !== null) {
    for (const spec of family.value.specs()) {
      const problem = solverProblem(readGraphSpec(spec), plan.rules);
      if (problem !== null) throw new CliError(`${spec}: ${problem}`);
    }
  }
  return { ...plan, family: family.value, jobs, race };
}

/** The rules, limits and switches of the options (a pool's worker reads them again: functions do not cross threads). */
export function readSolveSettings(opts: SolveOptions): SolveSettingsPlan {
  let rules = readRulesFlag(opts.rules);
  let fixedKomi: number | null = null;
  if (opts.komi !== undefined) {
    const k = orCliError(readNumber('--komi', opts.komi));
    fixedKomi = k;
    rules = { ...rules, komi: k };
  }
  const pvLength = wholeNumber('--pv-length', opts.pvLength, 0);
  const method = readMethod(opts.method);
  const settings: Partial<SolverSettings> = {
    ...(method === null ? {} : { method }),
    tt: opts.tt,
    symmetry: opts.symmetry,
    benson: opts.benson,
    ordering: opts.ordering,
    counterDominance: opts.dominance,
    iterativeDeepening: opts.deepening,
    dfpnSignatures: opts.signatures,
    dfpnExactSets: opts.exactSets,
    dfpnWinnerMovesOnly: opts.winnerMovesOnly,
    dfpnStabiliserProbes: opts.stabiliserProbes,
    dfpnCounterLead: opts.counterLead,
    dfpnTiedProofsInTurn: opts.tiedProofsInTurn,
    maxSeconds: opts.maxSeconds === undefined ? null : positiveSeconds('--max-seconds', opts.maxSeconds),
    maxNodes: opts.maxNodes === undefined ? null : positiveInteger('--max-nodes', opts.maxNodes),
    ...(opts.ttBits === undefined ? {} : { ttBits: wholeNumber('--tt-bits', opts.ttBits, 16, 26) }),
    ...(opts.tableSeed === undefined ? {} : { tableSeed: wholeNumber('--table-seed', opts.tableSeed, 0, MAX_TABLE_SEED) }),
    ...(opts.estimateCap === undefined ? {} : { dfpnEstimateCap: wholeNumber('--estimate-cap', opts.estimateCap, 1, MAX_ESTIMATE_CAP) }),
    ...(opts.requiredItems === undefined
      ? {}
      : { dfpnRequiredItems: wholeNumber('--required-items', opts.requiredItems, 2, MAX_REQUIRED_ITEMS) }),
  };
  const kind: SolveRecord['kind'] =
    rules.passes === 'paid' && rules.scoring === 'lastmove' && fixedKomi === null ? 'komi' : rules.scoring === 'area' ? 'score' : 'winner';
  let komiWithin: KomiInterval | null = null;
  if (opts.komiWithin !== undefined) {
    if (kind !== 'komi') throw new CliError(KOMI_WITHIN_NEEDS);
    const parsed = parseKomiWithin(opts.komiWithin);
    if (!parsed.ok) throw new CliError(`--komi-within: ${parsed.message}`);
    komiWithin = parsed.value;
  }
  return { rules, fixedKomi, komiWithin, pvLength, settings, kind };
}

const KOMI_WITHIN_NEEDS = 'a komi interval is for the komi search: famine rules without --komi';

/**
 * --graphs FILE: one graph spec per line (blank lines and lines starting with # skipped), solved as a family in the
 * file's order; a line may end with its own komi interval (`komi-within=4..5`). Every line is checked before
 * anything is solved. The family's items are the lines, interval included (solveFamilyGraph splits them).
 */
function readGraphList(path: string, plan: SolveSettingsPlan): FamilyPlan {
  const specs: string[] = [];
  const lines = readUserFile(path).split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (line === '' || line.startsWith('#')) continue;
    if (specs.length === MAX_LIST_SIZE) throw new CliError(`${path}: more than ${MAX_LIST_SIZE} graphs`);
    const read = readListLine(line);
    if (!read.ok) throw new CliError(`${path} line ${i + 1}: ${read.message}`);
    const { spec, within } = read;
    if (within !== null && plan.kind !== 'komi') throw new CliError(`${path} line ${i + 1}: ${KOMI_WITHIN_NEEDS}`);
    const graph = readGraph({ spec });
    if (!graph.ok) throw new CliError(`${path} line ${i + 1}: ${graph.error.message}`);
    const problem = solverProblem(graph.value, plan.rules);
    if (problem !== null) throw new CliError(`${path} line ${i + 1} (${spec}): ${problem}`);
    specs.push(line);
  }
  if (specs.length === 0) throw new CliError(`${path}: no graph specs (one per line; # starts a comment line)`);
  return {
    size: specs.length,
    *specs() {
      yield* specs;
    },
  };
}

/**
 * With --table-dir each graph has one table file: a list naming a graph twice would have two solves of it load and
 * save the same file (side by side with --jobs), so it is refused before anything is solved.
 */
function refuseSharedTableFiles(list: FamilyPlan, dir: string, path: string): void {
  const seen = new Map<string, number>();
  let index = 0;
  for (const item of list.specs()) {
    index++;
    const read = readListLine(item);
    if (!read.ok) continue;
    const file = tableFileFor(dir, read.spec);
    const first = seen.get(file);
    if (first !== undefined) throw new CliError(`${path}: graph ${index} (${read.spec}) is graph ${first} again, and with --table-dir each graph has one table file: list it once`);
    seen.set(file, index);
  }
}

/**
 * Solves one graph of a family as the plan says, with its progress lines (the rows and the pool's workers, which
 * also run the seeds of a race). `item` is a spec, or a line of a --graphs file with its own komi interval.
 */
export function solveFamilyGraph(
  item: string,
  plan: SolveSettingsPlan,
  opts: SolveOptions,
  io: CliIo,
  stopRequested: () => boolean,
  /** How progress lines name the graph (a race's seed adds itself); the spec by default. */
  label?: string,
): SolveRecord {
  const settings = { ...plan.settings, stopRequested };
  // Lines were checked when the list was read; a spec alone reads as itself.
  const read = readListLine(item);
  if (!read.ok) throw new CliError(read.message);
  const { spec } = read;
  const komiWithin = read.within ?? plan.komiWithin;
  // --moves comes only with one graph: a race's seeds (a family refuses it).
  return solveOne(spec, readGraphSpec(spec), plan.rules, plan.fixedKomi, settings, plan.pvLength, ...progress(opts, io, label ?? spec), {
    komiWithin,
    moves: opts.moves ?? false,
    ...(opts.tableDir === undefined
      ? {}
      : { table: tableFileFor(opts.tableDir, spec), tableLog: (line: string) => io.writeErr(`solve ${label ?? spec}: ${line}\n`) }),
  });
}

/**
 * --list: the family's graphs, one spec per line, for a --graphs file (a long family split between machines, or
 * resumed from the row where it stopped: `tail -n +K`).
 */
function listFamily(plan: SolvePlan, io: CliIo): void {
  for (const item of (plan.family as FamilyPlan).specs()) io.writeOut(item + '\n');
}

/**
 * Runs `graphgo solve` on this thread. `stopRequested` is asked during the search (solver.ts's `stopRequested`): true
 * ends the graph being solved as a limit does ("interrupted", its table saved with --table) and a family after that
 * graph's row (cli/solve-thread.ts sets it on Ctrl-C). A family here is solved one graph at a time, whatever --jobs
 * says (cli/solve-pool.ts solves it side by side). Returns whether every answer asked for was settled: a stop that
 * came after the answer (while the winning line or --moves was being worked out) cut only those.
 */
export function runSolveCommand(opts: SolveOptions, io: CliIo, stopRequested: () => boolean = () => false): boolean {
  const plan = planSolve(opts);
  if (plan.family === null) {
    const spec = opts.graph as string;
    const settings = { ...plan.settings, stopRequested };
    const record = solveOne(spec, readGraphSpec(spec), plan.rules, plan.fixedKomi, settings, plan.pvLength, ...progress(opts, io, spec), {
      komiWithin: plan.komiWithin,
      moves: opts.moves ?? false,
      table: opts.table,
      tableLog: (line) => io.writeErr(`solve ${spec}: ${line}\n`),
    });
    if (opts.json) io.writeOut(JSON.stringify(record, null, 2) + '\n');
    else io.writeOut(describe(record));
    return record.status === 'solved';
  }
  const output = new FamilyOutput(plan.kind, opts.json ? 'json' : opts.format, (text) => io.writeOut(text));
  let index = 0;
  let settled = true;
  for (const spec of plan.family.specs()) {
    const record = solveFamilyGraph(spec, plan, opts, io, stopRequested);
    output.add(index++, record);
    settled &&= record.status === 'solved';
    if (stopRequested()) {
      // The rows after this one were never started.
      settled = false;
      break;
    }
  }
  output.finish();
  return settled;
}

/** --method: the engine of the solve (null: the solver's default). */
function readMethod(text: string | undefined): SolveMethod | null {
  if (text === undefined) return null;
  if (text === 'dfpn' || text === 'alphabeta') return text;
  throw new CliError(`--method must be dfpn or alphabeta, got "${text}"`);
}

/** The progress callbacks of one graph: node counts every 2 s, and (komi search) one line per komi solve. */
function progress(
  opts: SolveOptions,
  io: CliIo,
  spec: string,
): [SolverSettings['onProgress'], ((line: string) => void) | null] {
  if (!opts.progress) return [null, null];
  return [
    (p) =>
      io.writeErr(
        `solve ${spec}: ${p.nodes} nodes, ${p.depth === null ? '' : `ply limit ${p.depth}, `}deepest ply ${p.maxPly}, ` +
          `${p.seconds.toFixed(1)} s` +
          (p.tableFill === null ? '' : `, table ${(100 * p.tableFill).toFixed(0)}% full, proofs used ${p.tableHits}, refused ${p.tableRefused}`) +
          '\n',
      ),
    (line) => io.writeErr(`solve ${spec}: ${line}\n`),
  ];
}

/** Solves one graph as the options ask (exported for tests and scripts). */
export function solveOne(
  spec: string,
  graph: Graph,
  rules: Rules,
  fixedKomi: number | null,
  settings: Partial<SolverSettings>,
  pvLength: number,
  onProgress: SolverSettings['onProgress'] = null,
  log: ((line: string) => void) | null = null,
  more: { moves?: boolean; table?: string; tableLog?: (line: string) => void; solver?: Solver; komiWithin?: KomiInterval | null } = {},
): SolveRecord {
  const problem = solverProblem(graph, rules);
  if (problem !== null) throw new CliError(problem);
  if (more.table !== undefined) {
    // A saved table: loaded before the search, saved after it whatever the outcome (docs/solver.md, "Resuming a long
    // solve"); the solve itself is the one below, with this solver.
    const solver = new Solver(graph, rules, { ...settings, onProgress });
    const loaded = loadSolverTable(more.table, solver);
    checkTableWritable(more.table);
    more.tableLog?.(loaded === null ? `no table in ${more.table} yet: starting afresh` : `resuming from ${more.table} (${loaded} entries)`);
    const record = solveOne(spec, graph, rules, fixedKomi, settings, pvLength, onProgress, log, { moves: more.moves, solver, komiWithin: more.komiWithin });
    saveSolverTable(more.table, solver);
    more.tableLog?.(`table saved to ${more.table} (${(solver.dfpnTable as DfpnTable).stored} entries)`);
    return record;
  }
  const given = more.solver ?? null;
  const base = {
    graph: spec,
    vertices: graph.n,
    edges: graph.edgeCount,
    arcs: graph.arcCount,
    rules: formatRules(rules),
  };
  const all: Partial<SolverSettings> = { ...settings, onProgress };
  const moveNames = (moves: readonly number[], first: number): string[] =>
    moves.map((m, i) => `${(first + i) % 2 === 1 ? 'B' : 'W'} ${m === PASS ? 'pass' : vertexName(graph, m)}`);

  if (rules.passes === 'paid' && rules.scoring === 'lastmove' && fixedKomi === null) {
    const started = Date.now();
    const onSolve =
      log === null
        ? null
        : (solve: KomiSolve, low: number | null, high: number | null) => {
            // Only once the search has run a while, as the node progress lines: small graphs stay quiet.
            if (Date.now() - started < 2000) return;
            log(
              `komi ${solve.komi}: ${solve.value === null ? 'not settled' : solve.value > 0 ? 'B+M' : 'W+M'} ` +
                `(${solve.nodes} nodes${solve.slice === null ? '' : ` of a ${solve.slice}-node slice`}); proven: ${intervalText(low, high)}`,
            );
          };
    const report = komiOfGraph(graph, rules, all, pvLength > 0, {
      onSolve,
      moves: more.moves ?? false,
      given: more.komiWithin ?? null,
      ...(given === null ? {} : { solver: given }),
    });
    return {
      ...base,
      rules: formatRules(rules).replace(/komi=\S+/, 'komi=searched'),
      kind: 'komi',
      status: report.status,
      reason: report.reason,
      komi: report.komi,
      blackWinsAt: report.blackWinsAt,
      whiteWinsAt: report.whiteWinsAt,
      komiLow: report.komiLow,
      komiHigh: report.komiHigh,
      ...(report.given === null ? {} : { komiGiven: report.given }),
      solves: report.solves.map((s) => ({
        komi: s.komi,
        winner: s.value === null ? null : s.value > 0 ? 'B' : 'W',
        nodes: s.nodes,
        slice: s.slice,
      })),
      pv: moveNames(report.pv.slice(0, pvLength), 1),
      pvTruncated: report.pvTruncated || report.pv.length > pvLength,
      ...(more.moves ? { moves: report.moves === null ? null : listMoves(graph, report.moves, 'winner') } : {}),
      nodes: report.nodes,
      seconds: report.seconds,
    };
  }

  const solver = given ?? new Solver(graph, rules, all);
  const start = Date.now();
  const report = solveWithVariation(solver, startRoot(rules), pvLength, {
    maxNodes: settings.maxNodes ?? null,
    maxSeconds: settings.maxSeconds ?? null,
  });
  const solved = report.status === 'solved' && report.value !== null;
  let nodes = report.nodes;
  let moves: MoveRecord[] | undefined;
  if (more.moves) {
    const listed = moveValues(solver, startRoot(rules), {
      maxNodes: settings.maxNodes === undefined || settings.maxNodes === null ? null : Math.max(0, settings.maxNodes - nodes),
      maxSeconds:
        settings.maxSeconds === undefined || settings.maxSeconds === null
          ? null
          : Math.max(0, settings.maxSeconds - (Date.now() - start) / 1000),
    });
    nodes += listed.nodes;
    moves = listMoves(graph, listed.moves, solver.kind === 'score' ? 'score' : 'winner');
  }
  // What the search proved when it stopped: the table's and Benson's bounds at the root and a few plies below.
  const bounds = solved ? null : solver.provenBounds(startRoot(rules));
  if (bounds !== null) {
    bounds.lower = Math.max(bounds.lower, report.lower);
    bounds.upper = Math.min(bounds.upper, report.upper);
  }
  const common = {
    status: report.status,
    reason: report.reason,
    pv: moveNames(report.pv, 1),
    pvTruncated: report.pvTruncated,
    ...(moves === undefined ? {} : { moves }),
    nodes,
    seconds: (Date.now() - start) / 1000,
  };
  if (solver.kind === 'score') {
    const score = solved ? (report.value as number) : null;
    return {
      ...base,
      kind: 'score',
      ...common,
      score,
      ...(bounds === null ? {} : { lower: bounds.lower, upper: bounds.upper }),
      result: score === null ? null : resultText(score - rules.komi),
    };
  }
  const winner = solved ? ((report.value as number) > 0 ? 'B' : 'W') : null;
  return { ...base, kind: 'winner', ...common, winner, result: winner === null ? null : `${winner}+M` };
}

/** First moves as printed: the vertex name (or pass), the value (black's view) and the result in words. */
function listMoves(graph: Graph, moves: readonly MoveValue[], kind: 'score' | 'winner'): MoveRecord[] {
  return moves.map(({ move, value }) => ({
    move: move === PASS ? 'pass' : vertexName(graph, move),
    value,
    result: value === null ? null : kind === 'score' ? resultText(value) : value > 0 ? 'B+M' : 'W+M',
  }));
}

/** The proven komi interval in words: "komi in [4, 6]", "komi >= 3", "komi <= -1", or "nothing yet". */
export function intervalText(low: number | null, high: number | null): string {
  if (low === null && high === null) return 'no bound on the komi yet';
  if (low === null) return `komi <= ${high}`;
  if (high === null) return `komi >= ${low}`;
  return `komi in [${low}, ${high}]`;
}

function winsText(r: SolveRecord): string {
  const parts: string[] = [];
  const given = r.komiGiven;
  const mark = (isGiven: boolean) => (isGiven ? ' (given)' : '');
  if (r.blackWinsAt !== null && r.blackWinsAt !== undefined) parts.push(`black wins at komi ${r.blackWinsAt}${mark(given?.low === r.blackWinsAt)}`);
  if (r.whiteWinsAt !== null && r.whiteWinsAt !== undefined) {
    parts.push(`white wins at komi ${r.whiteWinsAt}${mark(given?.high !== null && given?.high !== undefined && given.high + 1 === r.whiteWinsAt)}`);
  }
  return parts.length === 0 ? '' : ` (${parts.join(', ')})`;
}

/** --komi-within in words: what the answer rests on. */
function givenText(given: KomiInterval): string {
  const assumed: string[] = [];
  if (given.low !== null) assumed.push(`black wins at komi ${given.low}`);
  if (given.high !== null) assumed.push(`white wins at komi ${given.high + 1}`);
  return `the komi lies in ${komiWithinText(given)} (proved before, not here: ${assumed.join(' and ')})`;
}

function stopped(r: SolveRecord): string {
  if (r.reason === 'interrupted') return `unknown (interrupted after ${r.nodes} nodes)`;
  return `unknown (stopped at ${r.reason ?? 'a limit'} after ${r.nodes} nodes)`;
}

/** The text report of one graph. */
export function describe(r: SolveRecord): string {
  const lines: string[] = [];
  lines.push(`graph: ${r.graph} (${r.vertices} vertices, ${r.edges} edges, ${r.arcs} arcs)`);
  lines.push(`rules: ${r.rules}`);
  // No move at all: --pv-length 0 asked for none, or the limits ran out before the line's first step.
  const line = r.pv.length === 0 ? 'not worked out' : r.pv.join(', ') + (r.pvTruncated ? ', ...' : '');
  if (r.kind === 'komi') {
    if (r.komiGiven !== undefined) lines.push(`given: ${givenText(r.komiGiven)}`);
    if (r.status === 'solved') {
      lines.push(`komi of the graph: ${r.komi}${winsText(r)}`);
      if (r.komiGiven?.low === r.komi) lines.push(`black's winning line at komi ${r.komi}: not searched (black's win there is given)`);
      else if (r.race !== undefined && r.race.settledBy === null) lines.push(`black's winning line at komi ${r.komi}: not searched (two seeds proved the two sides)`);
      else lines.push(`black's winning line at komi ${r.komi}: ${line}`);
    } else {
      lines.push(`komi of the graph: ${stopped(r)}`);
      lines.push(`proven: ${intervalText(r.komiLow ?? null, r.komiHigh ?? null)}${winsText(r)}`);
    }
    const solves = (r.solves ?? []).map(
      (s) => `komi ${s.komi}: ${s.winner === null ? 'unknown' : `${s.winner}+M`} (${s.nodes} nodes${s.seed === undefined ? '' : `, seed ${s.seed}`})`,
    );
    lines.push(`solves: ${solves.length === 0 ? 'none (the given interval decides it)' : solves.join('; ')}`);
  } else if (r.kind === 'score') {
    if (r.status === 'solved') {
      lines.push(`optimal score: ${resultText(r.score as number)} (black minus white, no komi)`);
      lines.push(`result with komi ${r.rules.match(/komi=(\S+)/)?.[1] ?? '?'}: ${r.result}`);
      lines.push(`line: ${line}`);
    } else {
      lines.push(`optimal score: ${stopped(r)}`);
      if (r.lower !== undefined && r.upper !== undefined) {
        lines.push(`proven: ${r.lower} <= score <= ${r.upper} (black minus white, no komi)`);
      }
    }
  } else if (r.status === 'solved') {
    lines.push(`winner: ${r.result}`);
    lines.push(`line: ${line}`);
  } else {
    lines.push(`winner: ${stopped(r)}`);
  }
  if (r.moves !== undefined) {
    if (r.moves === null) lines.push('first moves: not listed (the komi is unknown)');
    else {
      const at = r.kind === 'komi' ? ` at komi ${r.komi}` : r.kind === 'winner' ? ` at komi ${r.rules.match(/komi=(\S+)/)?.[1] ?? '?'}` : '';
      const what = r.kind === 'score' ? 'optimal score after it, black minus white, no komi' : 'winner after it';
      lines.push(`first moves${at} (${what}): ${r.moves.map((m) => `B ${m.move} ${m.result ?? 'unknown'}`).join(', ')}`);
    }
  }
  if (r.race !== undefined) lines.push(raceText(r.race));
  lines.push(`nodes: ${r.nodes}${r.race === undefined ? '' : ' (every seed)'}, seconds: ${r.seconds.toFixed(2)}`);
  return lines.join('\n') + '\n';
}
