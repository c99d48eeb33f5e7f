/**
 * GTP fuzzing: one engine process (`node dist/cli/main.js gtp --bot random`) is fed thousands of seeded lines:
 * random characters, control characters and CRs, huge numbers, multi-megabyte lines, unknown commands, wrong
 * argument counts, known commands with random arguments, interleaved with valid play (play, genmove, undo,
 * legal_moves, get_state, set_graph of small random graphs, set_rules presets).
 *
 * What must hold:
 * - every line GTP does not ignore gets exactly one well-formed response (raw bytes `^[=?]\d* ...\n\n`, no empty
 *   line inside, no control character), in order: each response carries the id of its command (the client checks
 *   this, and a response nobody asked for is a protocol error there);
 * - lines GTP ignores (by the spec's rules, implemented here independently of the engine) get no response;
 * - the process never dies, and writes nothing to stderr;
 * - the state stays consistent: a shadow src/game.ts Game, driven by the same accepted commands, predicts which
 *   state-changing commands succeed, and after each of them get_state and legal_moves are compared with it;
 * - `quit` ends the engine with exit code 0; so does the end of input without quit.
 */
import { spawn } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { GtpClient, type GtpResponse } from '../../protocol/client.js';
import { parseGraphSpec } from '../../src/families.js';
import { Game } from '../../src/game.js';
import type { Graph } from '../../src/graph.js';
import { PASS, RESIGN } from '../../src/vocabulary.js';
import { parseVertex, vertexName } from '../../src/notation.js';
import { Rng } from '../../src/rng.js';
import { BOARD_LIMITS } from '../../src/setup.js';
import { parseRules, type Rules } from '../../src/rules.js';
import { ensureDist, ENGINE_MAIN } from './build-dist.js';
import { REPO_ROOT } from './tst-runner.js';

const LINES = 5_000;
const START_GRAPH = 'grid 5 5';
const START_RULES = 'area';

beforeAll(async () => {
  await ensureDist();
}, 120_000);

function startEngine(extra: string[] = [], onTraffic?: (direction: 'sent' | 'received', text: string) => void): GtpClient {
  return new GtpClient(
    'node',
    [ENGINE_MAIN, 'gtp', '--bot', 'random', '--seed', '1', '--graph', START_GRAPH, '--rules', START_RULES, ...extra],
    { cwd: REPO_ROOT, timeoutMs: 20_000, onTraffic },
  );
}

// ---------------------------------------------------------------------------------------------------------------
// The spec's preprocessing and parsing, written here again on purpose (not imported from protocol/gtp.ts).

function specPreprocess(raw: string): string | null {
  let out = '';
  // The client writes a lone surrogate as U+FFFD, like any UTF-8 encoder.
  const wellFormed = raw.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
  for (const ch of wellFormed) {
    const code = ch.codePointAt(0)!;
    if (ch === '\t') out += ' ';
    else if (code < 32 || code === 127) continue;
    else out += ch;
  }
  const hash = out.indexOf('#');
  if (hash >= 0) out = out.slice(0, hash);
  out = out.replace(/^ +| +$/g, '');
  return out.length === 0 ? null : out;
}

function specParse(line: string): { id: string | null; name: string; args: string[] } {
  const words = line.split(' ').filter((w) => w.length > 0);
  const id = words.length > 0 && /^\d+$/.test(words[0]) ? words.shift()! : null;
  return { id, name: words.shift() ?? '', args: words };
}

function colorOf(word: string | undefined): number | null {
  if (word === undefined) return null;
  const w = word.toLowerCase();
  if (w === 'b' || w === 'black') return 1;
  if (w === 'w' || w === 'white') return 2;
  return /^[1-9]$/.test(w) ? Number(w) : null;
}

const FLOAT = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

// ---------------------------------------------------------------------------------------------------------------
// The shadow game.

class Shadow {
  graph: Graph;
  rules: Rules;
  game: Game;

  constructor() {
    this.graph = mustGraph(START_GRAPH);
    this.rules = mustRules(START_RULES);
    this.game = new Game(this.graph, this.rules);
  }

  name(v: number): string {
    return v === PASS ? 'pass' : vertexName(this.graph, v);
  }

  newGame(graph: Graph, rules: Rules): void {
    this.graph = graph;
    this.rules = rules;
    this.game = new Game(graph, rules);
  }

  /** get_state as the shadow sees it. */
  state(): unknown {
    const s = this.game.state();
    return {
      to_move: s.toMove,
      position: s.position,
      counters: s.counters,
      prisoners: s.prisoners,
      moves: s.moves,
      passes: s.passes,
      over: s.over,
      result: s.result,
    };
  }

  legalMovesText(): string {
    // After two passes, the moves that `play` would take to resume the game (docs/protocol.md, "legal_moves").
    const resumed = this.game.over && this.game.resume();
    const color = this.game.toMove;
    let words: string[] = [];
    if (!this.game.over && color >= 1) {
      words = this.game.legalMoves(color).map((v) => this.name(v));
      if (this.game.canPass(color)) words.push('pass');
    }
    if (resumed) this.game.settle();
    return words.join(' ');
  }

  /**
   * Applies an answered command to the shadow. Returns what the shadow expected when it can predict it (null when
   * it cannot), and whether the game may have changed. Throws when the engine accepted something the shadow cannot
   * follow.
   */
  apply(name: string, args: string[], response: GtpResponse): { expected: GtpResponse | null; changed: boolean } {
    const ok = (text = ''): GtpResponse => ({ ok: true, text });
    const fail = (text: string): GtpResponse => ({ ok: false, text });
    const game = this.game;
    switch (name) {
      case 'boardsize': {
        if (args.length !== 1 || !/^[+-]?\d+$/.test(args[0]) || !Number.isSafeInteger(Number(args[0]))) {
          return { expected: fail('syntax error'), changed: false };
        }
        const size = Number(args[0]);
        if (size < 1 || size > 25) return { expected: fail('unacceptable size'), changed: false };
        this.newGame(mustGraph(`grid ${size} ${size}`), this.rules);
        return { expected: ok(), changed: true };
      }
      case 'clear_board':
        game.clear();
        return { expected: ok(), changed: true };
      case 'komi': {
        if (args.length !== 1 || !FLOAT.test(args[0]) || !Number.isFinite(Number(args[0]))) {
          return { expected: fail('syntax error'), changed: false };
        }
        const komi = Number(args[0]);
        // docs/rules.md, "Counters and komi": at most a million in size.
        if (Math.abs(komi) > 1_000_000) return { expected: fail(`komi must be at most 1000000 in size, got ${komi}`), changed: false };
        const conflict = game.komiConflict(komi);
        if (conflict !== null) return { expected: fail(conflict), changed: false };
        this.rules = { ...this.rules, komi };
        game.setKomi(komi);
        return { expected: ok(), changed: true };
      }
      case 'play': {
        if (args.length !== 2) return { expected: fail('syntax error'), changed: false };
        const color = colorOf(args[0]);
        if (color === null) return { expected: fail('syntax error'), changed: false };
        const vertex = parseVertex(this.graph, args[1]);
        if (!vertex.ok) return { expected: fail(`no vertex "${args[1]}" on this graph`), changed: false };
        if (vertex.value === RESIGN) return { expected: fail('syntax error'), changed: false };
        const status = game.play(color, vertex.value);
        if (status === 'ok') return { expected: ok(), changed: true };
        const text =
          status === 'game-over' ? 'game over' : status === 'wrong-color' || status === 'bad-color' ? 'wrong colour' : 'illegal move';
        return { expected: fail(text), changed: false };
      }
      case 'genmove':
      case 'reg_genmove': {
        if (args.length !== 1) return { expected: fail('syntax error'), changed: false };
        const color = colorOf(args[0]);
        if (color === null) return { expected: fail('syntax error'), changed: false };
        if (game.over) return { expected: fail('game over'), changed: false };
        if (color > this.rules.colors || game.seatFor(color) < 0) return { expected: fail('wrong colour'), changed: false };
        if (!response.ok) throw new Error(`${name} ${args.join(' ')} failed: ${response.text}`);
        const move = parseVertex(this.graph, response.text);
        if (!move.ok) throw new Error(`${name} answered "${response.text}", which is no vertex`);
        if (name === 'reg_genmove') {
          expect(move.value === RESIGN || game.check(color, move.value) === 'ok', `reg_genmove ${response.text}`).toBe(true);
          return { expected: null, changed: false };
        }
        const status = game.play(color, move.value);
        expect(status, `genmove ${args[0]} answered ${response.text}, which the shadow refuses`).toBe('ok');
        return { expected: null, changed: true };
      }
      case 'undo':
        if (args.length !== 0) return { expected: fail('syntax error'), changed: false };
        return game.undo() ? { expected: ok(), changed: true } : { expected: fail('cannot undo'), changed: false };
      case 'set_graph': {
        if (args.length === 0) return { expected: fail('syntax error'), changed: false };
        const built = parseGraphSpec(args.join(' '), BOARD_LIMITS);
        if (!built.ok) {
          const text = built.error.code === 'syntax' ? 'syntax error' : `invalid graph: ${built.error.message}`;
          return { expected: fail(text), changed: false };
        }
        this.newGame(built.value, this.rules);
        return { expected: ok(), changed: true };
      }
      case 'set_rules': {
        if (args.length === 0) return { expected: fail('syntax error'), changed: false };
        const parsed = parseRules(args.join(' '));
        if (!parsed.ok) return { expected: fail(`invalid rules: ${parsed.error.message}`), changed: false };
        this.newGame(this.graph, parsed.value);
        return { expected: ok(), changed: true };
      }
      case 'fixed_handicap':
      case 'place_free_handicap':
      case 'set_free_handicap': {
        if (!response.ok) return { expected: null, changed: false };
        const words = name === 'set_free_handicap' ? args : response.text.split(' ');
        const stones = words.map((w) => {
          const v = parseVertex(this.graph, w);
          if (!v.ok || v.value < 0) throw new Error(`${name}: "${w}" is no vertex`);
          return { vertex: v.value, color: 1 };
        });
        expect(game.setup(stones, 2), `${name} ${args.join(' ')}`).toBeNull();
        return { expected: null, changed: true };
      }
      case 'loadsgf':
      case 'load_graph':
        if (response.ok) throw new Error(`${name} ${args.join(' ')} succeeded; the fuzzer only names missing files`);
        return { expected: null, changed: false };
      case 'quit':
        throw new Error('quit must not be sent in the middle');
      default:
        return { expected: null, changed: false };
    }
  }
}

function mustGraph(spec: string): Graph {
  const built = parseGraphSpec(spec);
  if (!built.ok) throw new Error(`bad spec ${spec}: ${built.error.message}`);
  return built.value;
}

function mustRules(text: string): Rules {
  const parsed = parseRules(text);
  if (!parsed.ok) throw new Error(`bad rules ${text}: ${parsed.error.message}`);
  return parsed.value;
}

// ---------------------------------------------------------------------------------------------------------------
// Line generators.

const COMMANDS = [
  'protocol_version', 'name', 'version', 'known_command', 'list_commands', 'boardsize', 'clear_board', 'komi', 'play',
  'genmove', 'reg_genmove', 'undo', 'showboard', 'final_score', 'final_status_list', 'time_settings', 'time_left',
  'fixed_handicap', 'place_free_handicap', 'set_free_handicap', 'loadsgf', 'set_graph', 'get_graph', 'load_graph',
  'set_rules', 'get_rules', 'get_state', 'legal_moves',
];

class Lines {
  constructor(
    private readonly rng: Rng,
    private readonly shadow: Shadow,
  ) {}

  pick<T>(items: readonly T[]): T {
    return items[this.rng.int(items.length)];
  }

  chance(p: number): boolean {
    return this.rng.float() < p;
  }

  /** Random characters: control characters (never LF), CR, tab, '#', spaces, Latin-1, far Unicode, lone surrogates. */
  randomChars(max: number): string {
    const n = this.rng.int(max + 1);
    let s = '';
    for (let i = 0; i < n; i++) {
      const kind = this.rng.int(10);
      if (kind === 0) s += String.fromCharCode(this.pick([0, 1, 7, 8, 9, 11, 12, 13, 27, 31, 127]));
      else if (kind === 1) s += this.pick(['\r', '\t', '#', ' ', ' ', '=', '?']);
      else if (kind === 2) s += String.fromCharCode(128 + this.rng.int(128));
      else if (kind === 3) s += this.pick(['\u00a0', '\u2028', '\ufeff', '\u{1f600}', '\ud800', '\udc00', 'é', '漢']);
      else s += String.fromCharCode(33 + this.rng.int(94));
    }
    return s.replace(/\n/g, '');
  }

  colour(): string {
    return this.pick(['b', 'w', 'black', 'white', 'B', 'WHITE', 'Black', '1', '2', '3', '9', '0', 'x', 'bw', '']);
  }

  /** A vertex name of the current graph, mostly valid. */
  vertex(): string {
    const n = this.shadow.graph.n;
    if (this.chance(0.8)) {
      const v = this.rng.int(n);
      const name = this.chance(0.5) ? vertexName(this.shadow.graph, v) : String(v + 1);
      return this.chance(0.2) ? name.toLowerCase() : name;
    }
    return this.pick(['pass', 'PASS', 'resign', 'z99', 'I5', '0', String(n + 1), 'a0', '-1', '1e3', '99999999999999999999']);
  }

  number(): string {
    return this.pick(['0', '1', '2', '3', '-1', '7.5', '9', '19', '25', '26', '1e400', '-0', '.5', '5.', '1e2', 'abc',
      '0x10', '99999999999999999999', '1.7976931348623157e309', 'NaN', 'Infinity']);
  }

  smallGraphSpec(): string {
    const r = (lo: number, hi: number) => lo + this.rng.int(hi - lo + 1);
    switch (this.rng.int(14)) {
      case 0: return `grid ${r(1, 6)} ${r(1, 6)}`;
      case 1: return `torus ${r(3, 4)} ${r(3, 4)}`;
      case 2: return `king ${r(1, 4)} ${r(1, 4)}`;
      case 3: return `tri ${r(1, 4)} ${r(1, 4)}`;
      case 4: return `hex ${r(1, 3)}`;
      case 5: return `path ${r(1, 9)}`;
      case 6: return `cycle ${r(3, 9)}`;
      case 7: return `complete ${r(1, 6)}`;
      case 8: return `star ${r(1, 7)}`;
      case 9: return `wheel ${r(4, 8)}`;
      case 10: return `hypercube ${r(0, 3)}`;
      case 11: return 'petersen';
      case 12: return `random ${r(1, 14)} ${(this.rng.int(11) / 10).toFixed(1)} ${r(0, 99)}`;
      default: {
        const n = r(1, 8);
        const links: string[] = [];
        for (let i = 0; i < r(0, 10); i++) links.push(`${r(1, n)}${this.chance(0.7) ? '-' : '>'}${r(1, n)}`);
        return `edges ${n} ${links.join(' ')}`;
      }
    }
  }

  rulesSpec(): string {
    const preset = this.pick(['famine', 'area', 'conway', 'kim', 'netgo']);
    const extra: string[] = [];
    if (this.chance(0.3)) extra.push(`komi=${this.pick(['0', '0.5', '-1', '2', '7.5'])}`);
    if (this.chance(0.2)) extra.push(`ko=${this.pick(['positional', 'situational', 'simple'])}`);
    if (this.chance(0.2)) extra.push(`suicide=${this.pick(['allowed', 'forbidden'])}`);
    if ((preset === 'kim' || preset === 'netgo' || preset === 'area') && this.chance(0.3)) {
      extra.push(this.pick(['colors=3', 'order=1,2,2,1', 'order=1,3,2', 'colors=4']));
    }
    if (this.chance(0.05)) extra.push(this.pick(['passes=free', 'scoring=lastmove', 'colors=10', 'foo=1']));
    return [preset, ...extra].join(' ');
  }

  /** Mostly moves that are legal now, so that games run to their end. */
  validPlay(): string {
    const game = this.shadow.game;
    if (game.over) return this.pick(['undo', 'undo', 'clear_board', `set_graph ${this.smallGraphSpec()}`]);
    const color = game.toMove;
    const roll = this.rng.int(10);
    if (roll < 3) return `genmove ${this.pick(color === 1 ? ['b', 'black', '1'] : color === 2 ? ['w', 'white', '2'] : [String(color)])}`;
    if (roll < 4) return 'undo';
    const moves = game.legalMoves(color);
    if (moves.length === 0 || this.chance(0.05)) return `play ${color} pass`;
    return `play ${color === 1 ? 'b' : color === 2 ? 'w' : color} ${this.shadow.name(this.pick(moves))}`;
  }

  withArgs(name: string, count: number): string {
    const args: string[] = [];
    for (let i = 0; i < count; i++) {
      args.push(this.pick([() => this.colour(), () => this.vertex(), () => this.number(), () => this.randomChars(6)])());
    }
    return [name, ...args].join(' ');
  }

  /** A command line for the given kind (without id). */
  line(): string {
    const roll = this.rng.int(100);
    if (roll < 35) return this.validPlay();
    if (roll < 45) return this.pick(['legal_moves', `legal_moves ${this.colour()}`, 'get_state', 'showboard', 'final_score',
      'final_status_list alive', 'get_rules', 'get_graph', 'list_commands', `known_command ${this.pick(COMMANDS)}`]);
    if (roll < 50) return `set_graph ${this.smallGraphSpec()}`;
    if (roll < 53) return `set_rules ${this.rulesSpec()}`;
    if (roll < 61) return this.randomChars(40);
    if (roll < 66) {
      // A valid command with control characters and CRs sprinkled in.
      const base = this.validPlay();
      let out = '';
      for (const ch of base) {
        out += ch;
        if (this.chance(0.15)) out += this.pick(['\r', '\x01', '\x7f', '\x1b', '\x00', '\t']);
      }
      return out;
    }
    if (roll < 70) {
      return this.pick([
        `boardsize ${this.pick(['99999999999999999999', '1e400', '-99999999999999999999', '4294967297'])}`,
        `komi ${this.pick(['1e400', '-1e400', '1e308', '99999999999999999999999999'])}`,
        `play b ${'9'.repeat(30)}`,
        `set_graph path ${this.pick(['99999999999999999999', '1e30', '16777217'])}`,
        `set_graph random 99999999999999 0.5 1`,
        `set_graph grid 4097 4097`,
        `set_graph hypercube 64`,
        `set_graph complete 65536`,
        `set_graph random 5 0.5 ${'9'.repeat(25)}`,
        `fixed_handicap ${'9'.repeat(22)}`,
        `place_free_handicap 1e9`,
        `time_settings ${'9'.repeat(20)} 1 1`,
        `time_left b 1e400 1`,
        `set_rules area komi=1e400`,
        `set_rules area colors=99999999999999999999`,
        `legal_moves ${'9'.repeat(20)}`,
      ]);
    }
    if (roll < 77) return `${this.pick(['foo', 'PLAY', 'Genmove', 'play_', 'kgs-chat', 'gogui-analyze_commands', 'lz-analyze', 'quit_', 'x'])}${this.chance(0.5) ? ' ' + this.randomChars(10) : ''}`;
    if (roll < 87) {
      const name = this.pick(COMMANDS);
      return this.withArgs(name, this.rng.int(5));
    }
    const name = this.pick(['play', 'genmove', 'komi', 'boardsize', 'undo', 'known_command', 'time_left', 'time_settings',
      'legal_moves', 'get_state', 'final_status_list', 'set_free_handicap', 'loadsgf', 'load_graph']);
    if (name === 'loadsgf' || name === 'load_graph') return `${name} test/gtp/fixtures/missing-${this.rng.int(1000)}`;
    return this.withArgs(name, this.rng.int(4));
  }
}

/** A well-formed raw response: `=`/`?`, optional digits, a space, text lines with no empty line, then a blank line. */
const WELL_FORMED = /^[=?]\d* [^\n]*(\n[^\n]+)*\n\n$/;

describe('GTP fuzzing', () => {
  it(`answers ${LINES} random lines one by one, in order, and stays consistent with a shadow game`, async () => {
    const rng = new Rng('gtp-fuzz-1');
    const shadow = new Shadow();
    const lines = new Lines(rng, shadow);
    const received: string[] = [];
    const client = startEngine([], (direction, text) => {
      if (direction === 'received') received.push(text);
    });
    let nextId = 1;
    let answered = 0;
    let silent = 0;
    let checks = 0;
    let changes = 0;
    const stats = new Map<string, number>();

    const compareState = async (context: string): Promise<void> => {
      checks++;
      const state = await client.send(`${nextId++} get_state`);
      expect(state.ok, context).toBe(true);
      expect(JSON.parse(state.text), `get_state after ${context}`).toEqual(shadow.state());
      const legal = await client.send(`${nextId++} legal_moves`);
      expect(legal, `legal_moves after ${context}`).toEqual({ ok: true, text: shadow.legalMovesText(), id: String(nextId - 1) });
    };

    const sendLine = async (body: string, withId: boolean): Promise<void> => {
      // Never let a random line be a quit.
      const id = withId ? String(nextId++) : null;
      const text = id === null ? body : `${id} ${body}`;
      const processed = specPreprocess(text);
      if (processed === null) {
        silent++;
        client.writeRaw(text + '\n');
        return;
      }
      const command = specParse(processed);
      if (command.name === 'quit') return;
      const before = received.length;
      const response = await client.send(text);
      answered++;
      expect(received.length, `one raw response for ${JSON.stringify(text.slice(0, 80))}`).toBe(before + 1);
      const raw = received[received.length - 1];
      expect(WELL_FORMED.test(raw), `well-formed response to ${JSON.stringify(text.slice(0, 80))}: ${JSON.stringify(raw.slice(0, 200))}`).toBe(true);
      // eslint-disable-next-line no-control-regex
      expect(/[\x00-\x09\x0b-\x1f\x7f]/.test(raw), `no control character in ${JSON.stringify(raw.slice(0, 200))}`).toBe(false);
      expect(response.id, 'the id comes back').toBe(command.id ?? undefined);
      stats.set(command.name, (stats.get(command.name) ?? 0) + 1);
      const { expected, changed } = shadow.apply(command.name, command.args, response);
      const context = `line ${JSON.stringify(text.slice(0, 120))}`;
      if (expected !== null) {
        expect({ ok: response.ok, text: response.text }, context).toEqual(expected);
      }
      if (changed) {
        changes++;
        await compareState(context);
      }
    };

    for (let i = 0; i < LINES; i++) {
      if (i === 1000) {
        // Multi-megabyte lines: a 3 MB word, a 2.6 MB number, and a valid 2.4 MB edges line of 200,000 vertices.
        await sendLine('x'.repeat(3_000_000), true);
        await sendLine(`komi ${'1'.repeat(2_600_000)}`, true);
        const n = 200_000;
        const links = Array.from({ length: n - 1 }, (_, k) => `${k + 1}-${k + 2}`).join(' ');
        await sendLine(`set_graph edges ${n} ${links}`, true);
        await sendLine('play b 100000', true);
        await sendLine(`set_graph ${lines.smallGraphSpec()}`, true);
        continue;
      }
      if (lines.chance(0.03)) {
        // Lines GTP ignores (sent without an id, which would make them commands).
        await sendLine(lines.pick(['', '   ', '\t', '# a comment', ' \t# comment 12 name', '\r', '\x01\x02\x7f', '\r#\r']), false);
        continue;
      }
      await sendLine(lines.line(), lines.chance(0.9));
      if (i % 200 === 199) await compareState(`line ${i}`);
    }

    expect(client.alive).toBe(true);
    await compareState('the end');
    const exit = await client.close();
    expect(exit).toEqual({ code: 0, signal: null });
    expect(client.stderr).toBe('');
    // The run exercised what it claims to.
    expect(answered).toBeGreaterThan(LINES * 0.9);
    expect(silent).toBeGreaterThan(10);
    expect(changes).toBeGreaterThan(1000);
    expect(checks).toBeGreaterThan(1000);
    for (const name of ['play', 'genmove', 'undo', 'set_graph', 'set_rules', 'legal_moves', 'get_state']) {
      expect(stats.get(name) ?? 0, name).toBeGreaterThan(50);
    }
    for (const name of COMMANDS) expect(stats.get(name) ?? 0, name).toBeGreaterThan(2);
  }, 90_000);

  it('answers a line over the 64 MB limit with one failure and reads on', async () => {
    const client = startEngine();
    const response = await client.send('x'.repeat(64 * 1024 * 1024 + 10));
    expect(response).toEqual({ ok: false, text: 'line too long (limit 67108864 bytes)' });
    expect(await client.send('2 name')).toEqual({ ok: true, text: 'graphgo', id: '2' });
    expect(await client.close()).toEqual({ code: 0, signal: null });
  }, 60_000);

  it('ends cleanly at the end of input, without quit', async () => {
    const client = startEngine();
    expect(await client.send('1 play b c3')).toEqual({ ok: true, text: '', id: '1' });
    expect(await client.close({ quit: false })).toEqual({ code: 0, signal: null });
    expect(client.stderr).toBe('');
  }, 30_000);

  it('answers a last line without LF before it exits at the end of input', async () => {
    const child = spawn('node', [ENGINE_MAIN, 'gtp', '--bot', 'random'], { cwd: REPO_ROOT });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.stdin.end('1 name\n2 protocol_version');
    const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
    expect(out).toBe('=1 graphgo\n\n=2 2\n\n');
    expect(code).toBe(0);
  }, 30_000);
});
