/**
 * Thinking on the person's time: Match.ponder searches the person's position in the bot's own tree, and the reply
 * the person plays keeps its part of that tree for the computer's move; the web server runs it between requests
 * (play/ponderer.ts) when asked to, and not otherwise.
 */
import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { Match } from '../../play/match.js';
import { readMatchRequest, type MatchRequest } from '../../play/match-request.js';
import { startWebServer, type RunningServer } from '../../play/web-server.js';
import { ENGINE_MAIN, ensureDist } from '../gtp/build-dist.js';
import { HAS_CHROMIUM, launchChromium } from './browser.js';
import { afterFirstExchange, reportedVisits, secondMove } from '../helpers/match-turns.js';

function newMatch(request: MatchRequest, ponderMilliseconds?: number): Match {
  const settings = readMatchRequest({ graph: 'grid 5 5', rules: 'area', bot: 'uct', playouts: 300, color: 'black', ...request });
  if (!settings.ok) throw new Error(settings.error.message);
  return new Match({ ...settings.value, ponderMilliseconds });
}

describe('Match.ponder', () => {
  it('searches the person\'s position, and the computer\'s next search starts from the reply\'s pondered subtree', () => {
    const pondering = newMatch({});
    afterFirstExchange(pondering);
    let simulations = 0;
    for (let slice = 0; slice < 6; slice++) simulations += pondering.ponder(50);
    expect(simulations).toBeGreaterThan(0);
    expect(pondering.pondered).toBe(simulations);

    // The person's turn seen through an analysis of 1 ms: nearly everything it reports was pondered.
    const person = reportedVisits(pondering);
    expect(person.visits).toBeGreaterThan(simulations / 2);
    expect(pondering.playHumanText(person.top).ok).toBe(true);
    expect(pondering.pondered).toBe(0);
    expect(pondering.ponder(50)).toBe(0); // the computer's turn: nothing to ponder

    // The computer's turn: its tree already holds the reply's subtree, far more than 1 ms of search adds.
    const computer = reportedVisits(pondering);
    expect(computer.visits - computer.simulations).toBeGreaterThan(person.visits / 4);

    // The same game without pondering: the computer's 1 ms search stands alone.
    const plain = newMatch({});
    afterFirstExchange(plain);
    expect(plain.playHumanText(person.top).ok).toBe(true);
    const alone = reportedVisits(plain);
    expect(alone.visits).toBeLessThanOrEqual(alone.simulations + 300);
  });

  it('thinks on the person\'s first turn too, stops at the turn\'s limit and starts again after the next move', () => {
    const first = newMatch({}, 120);
    // The person moves first: the bot is made for pondering (it was made only for its first move, so the first turn
    // went unused on the terminal and on the web).
    expect(first.ponder(50)).toBeGreaterThan(0);
    first.releaseBot();
    const match = newMatch({}, 120);
    afterFirstExchange(match);
    let slices = 0;
    while (match.ponder(50) > 0) slices++;
    expect(slices).toBeGreaterThanOrEqual(2);
    expect(slices).toBeLessThanOrEqual(4);
    expect(match.ponder(50)).toBe(0);

    expect(match.playHumanText(secondMove(match)).ok).toBe(true);
    match.playBot();
    expect(match.ponder(50)).toBeGreaterThan(0);

    const before = match.pondered;
    match.releaseBot();
    // A released bot (the web server lets idle games' bots go) is made again, with what is left of the turn's time.
    expect(match.ponder(50)).toBeGreaterThan(0);
    expect(match.pondered).toBeGreaterThan(before); // the turn's count goes on until a move

    const random = newMatch({ bot: 'random' });
    afterFirstExchange(random);
    expect(random.ponder(50)).toBe(0);
  });

  it('has nothing to ponder once the game is over', () => {
    const match = newMatch({});
    afterFirstExchange(match);
    expect(match.playHumanText('resign').ok).toBe(true);
    expect(match.ponder(50)).toBe(0);
  });
});

async function callAt(base: string, path: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const init: RequestInit = body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
  const response = await fetch(new URL(path, base), init);
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

/** A 5x5 game against UCT on the server at `base`, after the person's first move and the computer's reply. */
async function gameAtPersonsTurnAt(base: string): Promise<string> {
  const call = (path: string, body?: unknown) => callAt(base, path, body);
  const created = await call('/api/new', { graph: 'grid 5 5', rules: 'area', bot: 'uct', playouts: 300, color: 1 });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  const id = created.json.id as string;
  expect((await call('/api/play', { id, move: 'C3' })).status).toBe(200);
  const bot = await call('/api/bot', { id });
  expect(bot.json.humanToMove).toBe(true);
  return id;
}

/** The state's `pondered` once it is above 0, or 0 after about `milliseconds`. */
async function waitForPondering(base: string, id: string, milliseconds: number): Promise<number> {
  for (let waited = 0; waited < milliseconds; waited += 50) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const pondered = (await callAt(base, `/api/state?id=${id}`)).json.pondered as number;
    if (pondered > 0) return pondered;
  }
  return 0;
}

describe('the web server', () => {
  let server: RunningServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('ponders between requests with ponder: true, and reports it in the state', async () => {
    server = await startWebServer({ port: 0, ponder: true });
    expect((await callAt(server.url, '/api/info')).json.ponder).toBe(true);
    const id = await gameAtPersonsTurnAt(server.url);
    expect(await waitForPondering(server.url, id, 5000)).toBeGreaterThan(0);
    // The person's second move: the first point of these that the computer's reply left free.
    let played = await callAt(server.url, '/api/play', { id, move: 'B2' });
    for (const move of ['D2', 'B4', 'D4']) if (played.status === 409) played = await callAt(server.url, '/api/play', { id, move });
    expect(played.status).toBe(200);
    expect(played.json.pondered).toBe(0);
    // The computer's reply reports the simulations it searched on the person's time.
    const reply = (await callAt(server.url, '/api/bot', { id })).json.played as { pondered?: number }[];
    expect(reply[0].pondered).toBeGreaterThan(0);
  });

  it('does not ponder by default', async () => {
    server = await startWebServer({ port: 0 });
    expect((await callAt(server.url, '/api/info')).json.ponder).toBe(false);
    const id = await gameAtPersonsTurnAt(server.url);
    expect(await waitForPondering(server.url, id, 300)).toBe(0);
  });

  // Skipped only where Chromium is missing outside CI (as in web.test.ts).
  it.skipIf(!(HAS_CHROMIUM || process.env.CI !== undefined))('tells the person on the page that the computer thinks on their time', async () => {
    server = await startWebServer({ port: 0, ponder: true });
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      await page.goto(server.url);
      // The first visit starts the default game (UCT, the person Black, to move).
      await page.waitForSelector('body[data-busy=false] #status[data-state=human]', { timeout: 30_000 });
      expect(await page.textContent('#status')).toBe('Your move (Black) · the computer thinks on your time');
    } finally {
      await browser.close();
    }
  });
});

describe('graphgo web', () => {
  /** Starts `graphgo web --port 0 ...flags`, runs `body` with its URL, then stops it with SIGINT. */
  async function withCli(flags: string[], body: (url: string) => Promise<void>): Promise<void> {
    await ensureDist();
    const child = spawn(process.execPath, [ENGINE_MAIN, 'web', '--port', '0', ...flags], { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const found = /open (http:\/\/\S+) in your browser/.exec(out);
          if (found) resolve(found[1]);
        });
        child.once('exit', (code) => reject(new Error(`graphgo web exited (${code}): ${out}`)));
      });
      await body(url);
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGINT');
      await exited;
    }
  }

  it('thinks on the person\'s time by default, and not with --no-ponder', async () => {
    await withCli([], async (url) => {
      const id = await gameAtPersonsTurnAt(url);
      expect(await waitForPondering(url, id, 5000)).toBeGreaterThan(0);
    });
    await withCli(['--no-ponder'], async (url) => {
      const id = await gameAtPersonsTurnAt(url);
      expect(await waitForPondering(url, id, 300)).toBe(0);
    });
  }, 60_000);
});
