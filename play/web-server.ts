/**
 * `graphgo web`: a local server (127.0.0.1 only) with one page to play the computer on any graph, and the JSON API
 * the page uses. The server keeps games by id (a Match each); the page keeps the game's settings and move list in
 * localStorage, so when the server no longer has a game (restarted, or the game was dropped as the oldest) the page
 * asks for a new one with the same settings and moves, and the server rebuilds it by replaying them.
 *
 * API (docs/play.md): GET /api/info; POST /api/new; GET /api/state?id=; POST /api/play, /api/bot, /api/undo,
 * /api/hint, /api/resign, /api/analyze, each with {"id": ...}. Vertices in answers are index names as numbers
 * (1..n); moves in requests are any vertex name (`17`, `C3`), `pass` or `resign`. Every refusal is a 4xx answer
 * `{"error": "..."}`.
 *
 * The bot's search (a move, a hint, an analysis) runs here, synchronously, while the page waits on its fetch without
 * freezing.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BOT_NAMES } from '../bots/registry.js';
import { DEFAULT_PLAYOUTS, DEFAULT_SECONDS_CAP, MAX_PLAYOUTS, MAX_SECONDS } from '../bots/search-limits.js';
import { FAMILY_USAGE } from '../src/families.js';
import type { Graph } from '../src/graph.js';
import { RESIGN } from '../src/vocabulary.js';
import { vertexName } from '../src/notation.js';
import { PRESETS, formatRules } from '../src/rules.js';
import { COLOR_NAMES, CSS_STONE } from './colors.js';
import { LAYOUTS, drawingCoords, latticeWrap } from './layout.js';
import type { LayoutChoice } from './layout.js';
import { MAX_ANALYSIS_MILLISECONDS, Match, moveText } from './match.js';
import type { MoveRecord } from './match.js';
import { PLAY_DEFAULTS, readMatchRequest, type MatchRequest } from './match-request.js';
import { Ponderer } from './ponderer.js';

/** The largest graph the page is asked to draw. */
export const MAX_WEB_VERTICES = 2500;
/** Games kept; the least recently used goes first (its page rebuilds it from its move list if it comes back). */
export const MAX_GAMES = 200;
/** Games whose bot (and search tree) stays in memory between requests. */
const LIVE_BOTS = 4;
/** Largest request body (a pasted graph file). */
export const MAX_BODY_BYTES = 8 * 1024 * 1024;
/** Longest move list a rebuild replays. */
const MAX_REPLAY = 100_000;

const STATIC_FILES: Record<string, string> = {
  '/': 'index.html',
  '/index.html': 'index.html',
  '/app.js': 'app.js',
  '/style.css': 'style.css',
};
const CONTENT_TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
};

/** The setup of a game as the page stores it, and as POST /api/new takes it back. */
export interface PageSetup {
  readonly graph?: string;
  readonly graphText?: string;
  readonly rules: string;
  readonly color: number;
  readonly bot: string;
  readonly playouts?: number;
  readonly seconds?: number;
  readonly seed: string;
  readonly layout: LayoutChoice;
}

interface Entry {
  readonly id: string;
  readonly match: Match;
  readonly setup: PageSetup;
  readonly drawing: { coords: Float64Array; source: string };
  used: number;
}

/** A refusal: answered as `{"error": message}` with this status, never thrown past the request handler. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface WebServerOptions {
  /** 0 picks a free port. */
  readonly port: number;
  /** Default 127.0.0.1; the server is meant for this machine only. */
  readonly host?: string;
  /** Where index.html, app.js and style.css are (default: the repository's web/). */
  readonly staticDir?: string;
  /** Think on the person's time (play/ponderer.ts); default off, `graphgo web` turns it on. */
  readonly ponder?: boolean;
}

export interface RunningServer {
  readonly server: Server;
  readonly url: string;
  readonly port: number;
  readonly games: GameStore;
  close(): Promise<void>;
}

export async function startWebServer(options: WebServerOptions): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1';
  const staticDir = options.staticDir ?? findWebDir();
  const games = new GameStore(new Ponderer(options.ponder ?? false));
  const server = createServer((req, res) => {
    handle(req, res, games, staticDir).catch((e: unknown) => {
      // A bug: answer 500 with the message, and keep serving.
      if (!res.headersSent) sendJson(res, 500, { error: `internal error: ${e instanceof Error ? e.message : String(e)}` });
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  return {
    server,
    port,
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}/`,
    games,
    close: () =>
      new Promise<void>((resolve) => {
        games.ponderer.stop();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The repository's web/ folder, found by walking up from this file (play/ in the sources, dist/play/ when built). */
export function findWebDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, 'web', 'index.html');
    if (existsSync(candidate) && existsSync(join(dir, 'package.json'))) return join(dir, 'web');
    const parent = dirname(dir);
    if (parent === dir) throw new Error('cannot find the web/ folder with index.html');
    dir = parent;
  }
}

export class GameStore {
  private readonly entries = new Map<string, Entry>();
  private clock = 0;

  constructor(readonly ponderer = new Ponderer(false)) {}

  get size(): number {
    return this.entries.size;
  }

  create(setup: PageSetup, match: Match, drawing: Entry['drawing']): Entry {
    const id = randomBytes(8).toString('hex');
    const entry: Entry = { id, match, setup, drawing, used: ++this.clock };
    this.entries.set(id, entry);
    while (this.entries.size > MAX_GAMES) {
      let oldest: Entry | null = null;
      for (const e of this.entries.values()) if (oldest === null || e.used < oldest.used) oldest = e;
      this.entries.delete(oldest!.id);
      // Its bot goes too, so that nothing (pondering included) searches a game the server no longer holds.
      oldest!.match.releaseBot();
    }
    this.touch(entry);
    return entry;
  }

  get(id: unknown): Entry {
    if (typeof id !== 'string' || id.length === 0) throw new HttpError(400, 'missing game id ("id": "...")');
    const entry = this.entries.get(id);
    if (entry === undefined) throw new HttpError(404, `no game "${id}" on this server (start a new one, or send its moves to /api/new)`);
    this.touch(entry);
    return entry;
  }

  /** Marks a game as just used; only the most recent few keep their bot in memory. */
  private touch(entry: Entry): void {
    entry.used = ++this.clock;
    const live = [...this.entries.values()].sort((a, b) => b.used - a.used);
    for (let i = LIVE_BOTS; i < live.length; i++) live[i].match.releaseBot();
    // The request goes on synchronously from here, so the pondering starts after its answer.
    this.ponderer.follow(entry.match);
  }
}

async function handle(req: IncomingMessage, res: ServerResponse, games: GameStore, staticDir: string): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const path = url.pathname;
  try {
    if (!hostAllowed(req.headers.host)) throw new HttpError(403, 'this server answers only to 127.0.0.1 and localhost');
    if (path.startsWith('/api/')) {
      const answer = await api(req, path, url, games);
      sendJson(res, answer.status, answer.body);
      return;
    }
    if (path === '/favicon.ico') {
      res.writeHead(204).end();
      return;
    }
    const file = STATIC_FILES[path];
    if (file === undefined) throw new HttpError(404, `no page ${path}`);
    if (req.method !== 'GET' && req.method !== 'HEAD') throw new HttpError(405, `${req.method} is not allowed here`);
    const body = readFileSync(join(staticDir, file));
    res.writeHead(200, {
      'content-type': CONTENT_TYPES[file.split('.').pop()!] ?? 'application/octet-stream',
      'cache-control': 'no-cache',
      'content-length': body.length,
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  } catch (e) {
    if (e instanceof HttpError) sendJson(res, e.status, { error: e.message });
    else throw e;
  }
}

/** Against DNS rebinding: a page from elsewhere that resolves its name to 127.0.0.1 must not drive the API. */
function hostAllowed(host: string | undefined): boolean {
  if (host === undefined) return true;
  const name = host.replace(/:\d+$/, '').toLowerCase();
  return name === '127.0.0.1' || name === 'localhost' || name === '[::1]';
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

type Answer = { status: number; body: unknown };

async function api(req: IncomingMessage, path: string, url: URL, games: GameStore): Promise<Answer> {
  const route = path.slice('/api/'.length);
  const needs = (method: string): void => {
    if (req.method !== method) throw new HttpError(405, `/api/${route} takes ${method}, not ${req.method}`);
  };
  switch (route) {
    case 'info':
      needs('GET');
      return { status: 200, body: info(games.ponderer.enabled) };
    case 'state': {
      needs('GET');
      const entry = games.get(url.searchParams.get('id') ?? '');
      return { status: 200, body: fullState(entry) };
    }
    case 'new': {
      needs('POST');
      const body = await readJson(req);
      return { status: 201, body: fullState(newGame(body, games)) };
    }
    case 'play': {
      needs('POST');
      const body = await readJson(req);
      const entry = games.get(body.id);
      if (typeof body.move !== 'string' && !(typeof body.move === 'number' && Number.isInteger(body.move))) {
        throw new HttpError(400, 'missing move ("move": a vertex name such as "17" or "C3", "pass" or "resign")');
      }
      const outcome = entry.match.playHumanText(String(body.move));
      if (!outcome.ok) {
        const status = outcome.status === 'bad-vertex' ? 400 : 409;
        throw new HttpError(status, outcome.status === 'bad-vertex' ? outcome.message : `illegal move: ${outcome.message}`);
      }
      return { status: 200, body: { ...gameState(entry), played: [recordJson(entry.match, outcome.record)] } };
    }
    case 'resign': {
      needs('POST');
      const entry = games.get((await readJson(req)).id);
      const outcome = entry.match.playHuman(RESIGN);
      if (!outcome.ok) throw new HttpError(409, outcome.message);
      return { status: 200, body: { ...gameState(entry), played: [recordJson(entry.match, outcome.record)] } };
    }
    case 'bot': {
      needs('POST');
      const entry = games.get((await readJson(req)).id);
      const played: unknown[] = [];
      // Every computer colour moves until it is the person's turn again (or the game ends).
      while (entry.match.botToMove) played.push(recordJson(entry.match, entry.match.playBot()));
      return { status: 200, body: { ...gameState(entry), played } };
    }
    case 'undo': {
      needs('POST');
      const entry = games.get((await readJson(req)).id);
      const undone = entry.match.undo();
      if (!undone.ok) throw new HttpError(409, undone.error);
      return { status: 200, body: { ...gameState(entry), undone: undone.undone.length } };
    }
    case 'hint': {
      needs('POST');
      const entry = games.get((await readJson(req)).id);
      if (!entry.match.humanToMove) throw new HttpError(409, entry.match.game.over ? 'the game is over' : 'it is not your turn');
      const { move, search } = entry.match.hint();
      return {
        status: 200,
        body: {
          move: moveText(move, entry.match.graph, true),
          name: moveText(move, entry.match.graph),
          playouts: search?.simulations ?? 0,
          winrate: search && search.simulations > 0 ? search.winrate : null,
        },
      };
    }
    case 'analyze': {
      needs('POST');
      const body = await readJson(req);
      const entry = games.get(body.id);
      const milliseconds = optionalNumber(body, 'milliseconds');
      if (milliseconds !== undefined && !(milliseconds >= 1 && milliseconds <= MAX_ANALYSIS_MILLISECONDS)) {
        throw new HttpError(400, `"milliseconds" must be from 1 to ${MAX_ANALYSIS_MILLISECONDS}`);
      }
      const outcome = entry.match.analyze(milliseconds);
      if (!outcome.ok) throw new HttpError(409, outcome.message);
      return { status: 200, body: outcome.analysis };
    }
    default:
      throw new HttpError(404, `no API /api/${route} (see docs/play.md)`);
  }
}

/** Reads a JSON object body, or refuses with 400/413. */
async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    // Past the limit the rest is read and dropped, so that the client gets the answer rather than a reset.
    if (size <= MAX_BODY_BYTES) chunks.push(chunk as Buffer);
  }
  if (size > MAX_BODY_BYTES) throw new HttpError(413, `request body larger than ${MAX_BODY_BYTES} bytes`);
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new HttpError(400, `bad JSON: ${(e as Error).message}`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new HttpError(400, 'the body must be a JSON object');
  return value as Record<string, unknown>;
}

function info(ponder: boolean): unknown {
  return {
    ponder,
    bots: BOT_NAMES,
    presets: PRESETS,
    families: Object.values(FAMILY_USAGE),
    layouts: LAYOUTS,
    colorNames: COLOR_NAMES,
    stoneColors: CSS_STONE,
    defaults: {
      graph: PLAY_DEFAULTS.graph,
      rules: PLAY_DEFAULTS.rules,
      color: 1,
      bot: PLAY_DEFAULTS.bot,
      playouts: DEFAULT_PLAYOUTS,
      seconds: DEFAULT_SECONDS_CAP.person,
    },
    limits: { vertices: MAX_WEB_VERTICES, playouts: MAX_PLAYOUTS, seconds: MAX_SECONDS, bodyBytes: MAX_BODY_BYTES },
  };
}

function optionalString(body: Record<string, unknown>, key: string): string | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new HttpError(400, `"${key}" must be a string`);
  return value;
}

function optionalNumber(body: Record<string, unknown>, key: string): number | undefined {
  const value = body[key];
  if (value === undefined || value === null || value === '') return undefined;
  const number = typeof value === 'string' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isFinite(number)) throw new HttpError(400, `"${key}" must be a number`);
  return number;
}

function newGame(body: Record<string, unknown>, games: GameStore): Entry {
  const graph = optionalString(body, 'graph');
  const graphText = optionalString(body, 'graphText');
  if (graph !== undefined && graphText !== undefined) throw new HttpError(400, 'give "graph" (a spec) or "graphText" (a file), not both');
  const colorValue = body.color;
  if (colorValue !== undefined && typeof colorValue !== 'string' && typeof colorValue !== 'number') {
    throw new HttpError(400, '"color" must be a colour number 1..9 or a name such as "black"');
  }
  const layout = optionalString(body, 'layout') ?? 'auto';
  if (!(LAYOUTS as readonly string[]).includes(layout)) throw new HttpError(400, `"layout" must be one of ${LAYOUTS.join(', ')}`);
  const moves = body.moves;
  if (moves !== undefined && (!Array.isArray(moves) || moves.some((m) => typeof m !== 'string'))) {
    throw new HttpError(400, '"moves" must be a list of vertex names, "pass" and "resign"');
  }
  if (Array.isArray(moves) && moves.length > MAX_REPLAY) throw new HttpError(400, `more than ${MAX_REPLAY} moves`);
  const playouts = optionalNumber(body, 'playouts');
  const seconds = optionalNumber(body, 'seconds');
  const rules = optionalString(body, 'rules');
  const bot = optionalString(body, 'bot');
  const seed = optionalString(body, 'seed');
  const request: MatchRequest = {
    ...(graphText !== undefined ? { graphText } : { graph: graph ?? PLAY_DEFAULTS.graph }),
    ...(rules !== undefined ? { rules } : {}),
    ...(colorValue !== undefined ? { color: String(colorValue) } : {}),
    ...(bot !== undefined ? { bot } : {}),
    ...(playouts !== undefined ? { playouts } : {}),
    ...(seconds !== undefined ? { seconds } : {}),
    ...(seed !== undefined ? { seed } : {}),
  };
  const settings = readMatchRequest(request);
  if (!settings.ok) throw new HttpError(400, settings.error.message);
  const s = settings.value;
  if (s.graph.n > MAX_WEB_VERTICES) {
    throw new HttpError(400, `the graph has ${s.graph.n} vertices; the page draws at most ${MAX_WEB_VERTICES}`);
  }
  const match = new Match(s);
  if (Array.isArray(moves)) {
    const replayed = match.replay(moves as string[]);
    if (!replayed.ok) throw new HttpError(400, `cannot rebuild the game: ${replayed.error}`);
  }
  const setup: PageSetup = {
    ...(graphText !== undefined ? { graphText } : { graph: s.graph.meta.spec ?? graph ?? PLAY_DEFAULTS.graph }),
    rules: formatRules(s.rules),
    color: s.human,
    bot: s.bot,
    ...(s.limits.playouts !== undefined ? { playouts: s.limits.playouts } : {}),
    ...(s.limits.seconds !== undefined ? { seconds: s.limits.seconds } : {}),
    seed: s.seed,
    layout: layout as LayoutChoice,
  };
  return games.create(setup, match, drawingCoords(s.graph, layout as LayoutChoice, s.seed));
}

function recordJson(match: Match, record: MoveRecord): unknown {
  return {
    color: record.color,
    move: moveText(record.move, match.graph, true),
    name: moveText(record.move, match.graph),
    captured: record.captured.map((v) => v + 1),
    byBot: record.byBot,
    ...(record.seconds !== undefined ? { seconds: Math.round(record.seconds * 1000) / 1000 } : {}),
    ...(record.search && record.search.simulations > 0
      ? { playouts: record.search.simulations, winrate: Math.round(record.search.winrate * 1000) / 1000 }
      : {}),
    ...(record.pondered !== undefined ? { pondered: record.pondered } : {}),
  };
}

/** The game as it stands: everything that changes with a move. */
function gameState(entry: Entry): Record<string, unknown> {
  const { match } = entry;
  const { game, rules } = match;
  const state = game.state();
  const humanToMove = match.humanToMove;
  const { exact, scores } = match.score();
  return {
    id: entry.id,
    human: match.human,
    toMove: state.toMove,
    humanToMove,
    over: state.over,
    result: state.result,
    reason: match.endReason(),
    winner: state.over ? game.winner : null,
    position: state.position,
    counters: state.counters,
    prisoners: state.prisoners,
    moveCount: state.moves,
    passes: state.passes,
    moves: match.log.map((r) => recordJson(match, r)),
    legal: humanToMove ? game.legalMoves(match.human).map((v) => v + 1) : [],
    canPass: humanToMove && game.canPass(match.human),
    canUndo: match.log.some((r) => !r.byBot),
    pondered: match.pondered,
    score: { exact, scores },
    rules: formatRules(rules),
  };
}

/** The state plus the graph and its drawing, and the setup the page keeps to rebuild the game. */
function fullState(entry: Entry): unknown {
  return { ...gameState(entry), setup: entry.setup, graph: graphJson(entry.match.graph, entry.drawing) };
}

function graphJson(graph: Graph, drawing: Entry['drawing']): unknown {
  const links: number[][] = [];
  for (let i = 0; i < graph.linkU.length; i++) links.push([graph.linkU[i] + 1, graph.linkV[i] + 1, graph.linkKind[i]]);
  const coords: number[][] = [];
  for (let v = 0; v < graph.n; v++) {
    coords.push([round(drawing.coords[2 * v]), round(drawing.coords[2 * v + 1])]);
  }
  const names = Array.from({ length: graph.n }, (_, v) => vertexName(graph, v));
  return {
    n: graph.n,
    spec: graph.meta.spec ?? null,
    names,
    links,
    coords,
    layout: drawing.source,
    lattice: graph.meta.lattice ?? null,
    wrap: latticeWrap(graph) !== null,
  };
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}
