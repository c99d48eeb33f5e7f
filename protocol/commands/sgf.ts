/**
 * `loadsgf` (docs/protocol.md, "Loading a game"): an SGF record replayed under the rules its RU property names, or
 * the current rules when it names none graphgo knows. The new game is built apart and installed only when the whole
 * record is accepted, so a refused load changes nothing.
 */
import { Game } from '../../src/game.js';
import type { Graph } from '../../src/graph.js';
import { parseVertex } from '../../src/notation.js';
import { readGraph } from '../../src/setup.js';
import { formatRules, parseRules, withKomi, type Rules } from '../../src/rules.js';
import { parseSgf, writeSgf } from '../../src/sgf.js';
import { BLACK, PASS, WHITE, gtpColorName } from '../../src/vocabulary.js';
import { parseIntArg } from '../gtp.js';
import { namedRules } from '../named-rules.js';
import type { EngineContext, Handlers } from './context.js';
import { SYNTAX, fail, ok, type Reply } from './reply.js';

type SgfContext = Pick<EngineContext, 'game' | 'replaceGame' | 'readFile' | 'writeFile'>;

export function sgfCommands(ctx: SgfContext): Handlers {
  return {
    loadsgf: (args) => loadSgf(ctx, args),
    printsgf: (args) => printSgf(ctx, args),
  };
}

/**
 * `printsgf [FILE]`, as GNU Go and Leela Zero take it: without FILE (or with `-`) the record is the answer; with
 * FILE it is written there and the answer is empty, so a controller can save a game without parsing a long answer.
 */
function printSgf(ctx: SgfContext, args: readonly string[]): Reply {
  if (args.length > 1) return SYNTAX;
  const record = sgfRecord(ctx.game);
  if (typeof record !== 'string') return record;
  if (args.length === 0 || args[0] === '-') return ok(record.trimEnd());
  const written = ctx.writeFile(args[0], record);
  return written.ok ? ok() : fail(`cannot save file: ${written.error.message}`);
}

/** The game so far as an SGF record, which can only describe rectangular grids with two colours. */
function sgfRecord(game: Game): string | Reply {
  const lattice = game.graph.meta.lattice;
  const grid = lattice !== undefined && (game.graph.meta.spec ?? '').startsWith('grid ');
  if (!grid || game.rules.colors !== 2) return fail('SGF records only grid boards with two colours (get_graph, get_state)');
  const width = lattice!.width;
  const point = (v: number) => ({ x: v % width, y: Math.floor(v / width) });
  // Who moved first after the set-up, where a reader would guess otherwise (loadsgf takes black stones alone for a
  // handicap, White to move; without set-up stones, the rules' first seat): a position set up with any colour to move
  // reads back the same.
  const setup = game.initialStones.length > 0;
  const guessed = setup ? (game.initialStones.every((s) => s.color === BLACK) ? WHITE : BLACK) : game.rules.order[0];
  const first = game.firstColor === BLACK ? BLACK : WHITE;
  return writeSgf({
    width,
    height: lattice!.height,
    komi: game.rules.komi,
    ...(setup || first !== guessed ? { toPlay: first } : {}),
    setup: game.initialStones.map((s) => ({ color: s.color === BLACK ? BLACK : WHITE, point: point(s.vertex) })),
    moves: game.moves().map((m) => ({ color: m.color === BLACK ? BLACK : WHITE, point: m.vertex === PASS ? null : point(m.vertex) })),
    result: game.result,
    rules: formatRules(game.rules),
  });
}

function loadSgf(ctx: SgfContext, args: readonly string[]): Reply {
  if (args.length < 1 || args.length > 2) return SYNTAX;
  // The optional second argument: a move number, or a vertex (GNU Go's convention: up to its first stone there).
  const stop = args.length === 2 ? args[1] : null;
  const text = ctx.readFile(args[0]);
  if (!text.ok) return fail('cannot load file');
  const parsed = parseSgf(text.value);
  if (!parsed.ok) return fail(`cannot load file: ${parsed.error.message}`);
  const record = parsed.value;
  const built = readGraph({ spec: `grid ${record.width} ${record.height}` });
  if (!built.ok) return fail(`cannot load file: ${built.error.message}`);
  const rules = recordRules(record.properties.get('RU')?.[0], record.komi, ctx.game.rules);
  if (typeof rules === 'string') return fail(`cannot load file: ${rules}`);
  const game = new Game(built.value, rules);
  const at = (p: { x: number; y: number }) => p.y * record.width + p.x;
  if (record.setup.length > 0 || record.toPlay !== null) {
    // Black set-up stones alone are a handicap: White moves first unless PL says otherwise.
    const blackOnly = record.setup.length > 0 && record.setup.every((s) => s.color === BLACK);
    const error = game.setup(
      record.setup.map((s) => ({ vertex: at(s.point), color: s.color })),
      record.toPlay ?? (blackOnly ? WHITE : BLACK),
    );
    if (error !== null) return fail(`cannot load file: ${error}`);
  }
  const end = replayLength(record.moves.map((m) => (m.point === null ? PASS : at(m.point))), stop, built.value);
  if (end === null) return SYNTAX;
  // GTP: replay up to the position before move number `stop` (moves counted from 1), or before the stone at `stop`.
  for (let k = 0; k < end; k++) {
    const m = record.moves[k];
    // Records go on after a pass pair (play resumed, dead stones disputed), as `play` allows.
    game.resume();
    const status = game.play(m.color, m.point === null ? PASS : at(m.point));
    if (status !== 'ok') return fail(`cannot load file: move ${k + 1} is refused (${status})`);
  }
  ctx.replaceGame(game);
  // The seat advances past the closing passes too, so a finished record still names who would move next.
  return ok(gtpColorName(game.rules.order[game.seatToMove]));
}

/**
 * The rules a record is replayed under: graphgo's own rules text in RU (what printsgf and the harness write, so a
 * game loaded back plays on under the rules it was played under), a named rule set (RU[Chinese], RU[Japanese],
 * RU[AGA], RU[NZ]...), or else the current rules. KM, where present, sets the komi; a named rule set has no komi of
 * its own, so without KM the current komi stays. Answers why an RU in graphgo's own form cannot be used.
 */
function recordRules(ru: string | undefined, km: number | null, current: Rules): Rules | string {
  const text = ru?.trim() ?? '';
  const own = parseRules(text);
  // Text that starts with one of graphgo's presets is graphgo's own form, and must then be right.
  if (own.ok || (own.error.code !== 'unknown-preset' && own.error.code !== 'missing-preset')) {
    if (!own.ok) return `RU[${text}]: ${own.error.message}`;
    if (own.value.colors !== 2) return `RU[${text}] names ${own.value.colors} colours; an SGF record holds two`;
    return km === null ? own.value : withKomi(own.value, km);
  }
  const rules = namedRules(text, current.komi) ?? current;
  return km === null ? rules : withKomi(rules, km);
}

/** How many of the record's moves to replay; null when `stop` is neither a move number nor a vertex of the board. */
function replayLength(moves: readonly number[], stop: string | null, graph: Graph): number | null {
  if (stop === null) return moves.length;
  // A move number too large to hold exactly is past the end all the same: the whole game.
  const parsed = parseIntArg(stop);
  const moveNumber = parsed === null && /^\+?\d+$/.test(stop) ? Infinity : parsed;
  if (moveNumber !== null) return moveNumber < 1 ? null : Math.min(moves.length, moveNumber - 1);
  const vertex = parseVertex(graph, stop);
  if (!vertex.ok || vertex.value < 0) return null;
  const first = moves.indexOf(vertex.value);
  return first < 0 ? moves.length : first;
}
