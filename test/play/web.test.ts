/**
 * `graphgo web`: the JSON API (the server started in-process on a free port) and the page itself in a real browser,
 * Debian's Chromium driven by playwright-core, clicking through whole games on graphs that are not grids.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebServer, MAX_WEB_VERTICES } from '../../play/web-server.js';
import type { RunningServer } from '../../play/web-server.js';
import { HAS_CHROMIUM, idle, launchChromium, savedGame, startFromForm } from './browser.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

let server: RunningServer;

beforeAll(async () => {
  server = await startWebServer({ port: 0 });
});
afterAll(async () => {
  await server?.close();
});

async function call(path: string, body?: unknown, raw?: string): Promise<{ status: number; json: Json }> {
  const init: RequestInit =
    body === undefined && raw === undefined
      ? {}
      : { method: 'POST', headers: { 'content-type': 'application/json' }, body: raw ?? JSON.stringify(body) };
  const response = await fetch(new URL(path, server.url), init);
  return { status: response.status, json: await response.json() };
}

async function newGame(setup: Record<string, unknown>): Promise<Json> {
  const { status, json } = await call('/api/new', setup);
  expect(status, JSON.stringify(json)).toBe(201);
  return json;
}

describe('web API', () => {
  it('serves the page, its script and style, and 404 elsewhere', async () => {
    const page = await fetch(server.url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('<svg id="board"');
    const script = await fetch(new URL('/app.js', server.url));
    expect(script.headers.get('content-type')).toContain('javascript');
    expect((await fetch(new URL('/style.css', server.url))).status).toBe(200);
    expect((await fetch(new URL('/favicon.ico', server.url))).status).toBe(204);
    const missing = await call('/nothing/here');
    expect(missing.status).toBe(404);
    expect(missing.json.error).toContain('no page /nothing/here');
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
  });

  it('tells the bots, presets, families and defaults', async () => {
    const { status, json } = await call('/api/info');
    expect(status).toBe(200);
    expect(json.bots).toEqual(['uct', 'flat', 'random', 'solver']);
    expect(json.presets).toContain('netgo');
    expect(json.families).toContain('petersen');
    expect(json.defaults).toMatchObject({ graph: 'grid 9 9', rules: 'famine', bot: 'uct', playouts: 10000, seconds: 2 });
  });

  it('starts the default game: 9x9, famine, the person black and to move, every vertex legal', async () => {
    const game = await newGame({});
    expect(game.id).toMatch(/^[0-9a-f]{16}$/);
    expect(game.graph.n).toBe(81);
    expect(game.graph.lattice).toEqual({ width: 9, height: 9 });
    expect(game.graph.links).toHaveLength(144);
    expect(game.graph.names[0]).toBe('A1');
    expect(game.graph.layout).toBe('family');
    expect(game.rules).toBe('famine ko=positional suicide=allowed passes=paid scoring=lastmove komi=7.5 colors=2 order=1,2');
    expect(game.humanToMove).toBe(true);
    expect(game.legal).toHaveLength(81);
    expect(game.canPass).toBe(false);
    expect(game.counters).toEqual([0, 0, 7.5]);
    expect(game.setup).toMatchObject({ graph: 'grid 9 9', color: 1, bot: 'uct', seed: '1', layout: 'auto' });
  });

  it('plays the person\'s move, then the computer\'s, and refuses illegal and unknown moves with 4xx', async () => {
    const game = await newGame({ graph: 'petersen', rules: 'area', bot: 'random' });
    const played = await call('/api/play', { id: game.id, move: '1' });
    expect(played.status).toBe(200);
    expect(played.json.position).toBe('1.........');
    expect(played.json.humanToMove).toBe(false);
    expect(played.json.played[0]).toMatchObject({ color: 1, move: '1', byBot: false, captured: [] });
    const early = await call('/api/play', { id: game.id, move: '2' });
    expect(early.status).toBe(409);
    expect(early.json.error).toContain('it is not your turn');
    const bot = await call('/api/bot', { id: game.id });
    expect(bot.status).toBe(200);
    expect(bot.json.played).toHaveLength(1);
    expect(bot.json.played[0].color).toBe(2);
    expect(bot.json.humanToMove).toBe(true);
    const again = await call('/api/bot', { id: game.id });
    expect(again.json.played).toHaveLength(0);
    const occupied = await call('/api/play', { id: game.id, move: '1' });
    expect(occupied.status).toBe(409);
    expect(occupied.json.error).toBe('illegal move: 1 is occupied');
    const unknown = await call('/api/play', { id: game.id, move: 'Q99' });
    expect(unknown.status).toBe(400);
    expect(unknown.json.error).toContain('no vertex "Q99"');
    const none = await call('/api/play', { id: game.id });
    expect(none.status).toBe(400);
    expect(none.json.error).toContain('missing move');
    const numeric = await call('/api/play', { id: game.id, move: bot.json.legal[0] });
    expect(numeric.status).toBe(200);
  });

  it('refuses a famine pass at counter 0, and takes ko and superko refusals as 409', async () => {
    const famine = await newGame({ graph: 'grid 5 5', bot: 'random' });
    const pass = await call('/api/play', { id: famine.id, move: 'pass' });
    expect(pass.status).toBe(409);
    expect(pass.json.error).toContain('you may not pass: under famine rules');
    const ko = await newGame({ graph: 'grid 5 5', rules: 'kim', color: 'white', bot: 'random', moves: ['A2', 'C3', 'B3', 'C1', 'B1', 'D2', 'E5', 'B2', 'C2'] });
    expect(ko.humanToMove).toBe(true);
    expect(ko.legal).not.toContain(7);
    const retake = await call('/api/play', { id: ko.id, move: 'B2' });
    expect(retake.status).toBe(409);
    expect(retake.json.error).toContain('forbidden by ko');
  });

  it('undoes the person\'s move with the reply, hints, resigns and refuses moves after the end', async () => {
    const game = await newGame({ graph: 'cycle 6', rules: 'area', bot: 'uct', playouts: 100 });
    const nothing = await call('/api/undo', { id: game.id });
    expect(nothing.status).toBe(409);
    expect(nothing.json.error).toContain('nothing to undo');
    await call('/api/play', { id: game.id, move: '2' });
    await call('/api/bot', { id: game.id });
    const undone = await call('/api/undo', { id: game.id });
    expect(undone.status).toBe(200);
    expect(undone.json.undone).toBe(2);
    expect(undone.json.position).toBe('......');
    expect(undone.json.moves).toEqual([]);
    const hint = await call('/api/hint', { id: game.id });
    expect(hint.status).toBe(200);
    expect(hint.json.playouts).toBe(100);
    expect([...game.legal.map(String), 'pass']).toContain(hint.json.move);
    const resigned = await call('/api/resign', { id: game.id });
    expect(resigned.json).toMatchObject({ over: true, result: 'W+R', reason: 'Black resigned', winner: 2 });
    const after = await call('/api/play', { id: game.id, move: '3' });
    expect(after.status).toBe(409);
    expect(after.json.error).toContain('the game is over');
    expect((await call('/api/hint', { id: game.id })).status).toBe(409);
    const back = await call('/api/undo', { id: game.id });
    expect(back.json.over).toBe(false);
  });

  it('reads graph files, lays out graphs without coordinates by force, and gives arcs', async () => {
    const dimacs = await newGame({ graphText: 'c a square\np edge 4 4\ne 1 2\ne 2 3\ne 3 4\ne 4 1\n', rules: 'area', bot: 'random' });
    expect(dimacs.graph.n).toBe(4);
    expect(dimacs.setup.graphText).toContain('p edge 4 4');
    const arcs = await newGame({ graph: 'edges 4 1>2 2-3 3-4 4-1', rules: 'kim', bot: 'random' });
    expect(arcs.graph.layout).toBe('force');
    expect(arcs.graph.links).toContainEqual([1, 2, 1]);
    const random = await newGame({ graph: 'random 30 0.15 4', rules: 'area', bot: 'random' });
    expect(random.graph.layout).toBe('force');
    // Links come out about one unit long.
    const [u, v] = random.graph.links[0];
    const [a, b] = [random.graph.coords[u - 1], random.graph.coords[v - 1]];
    expect(Math.hypot(a[0] - b[0], a[1] - b[1])).toBeGreaterThan(0.3);
    expect(Math.hypot(a[0] - b[0], a[1] - b[1])).toBeLessThan(3);
    const family = await newGame({ graph: 'random 30 0.15 4', rules: 'area', bot: 'random', layout: 'family' });
    expect(family.graph.layout).toBe('family');
    const torus = await newGame({ graph: 'torus 5 5', bot: 'random' });
    expect(torus.graph.wrap).toBe(true);
  });

  it('refuses bad setups with 400 and a reason', async () => {
    const bad = async (body: unknown, fragment: string) => {
      const { status, json } = await call('/api/new', body);
      expect(status, JSON.stringify(json)).toBe(400);
      expect(json.error).toContain(fragment);
    };
    await bad({ graph: 'grid 0 9' }, 'invalid graph');
    await bad({ graph: 'dodecahedron' }, 'unknown graph family');
    await bad({ graph: `grid 60 60` }, `at most ${MAX_WEB_VERTICES}`);
    await bad({ graphText: '{"vertices": 3' }, 'invalid graph file');
    await bad({ graph: 'cycle 5', graphText: 'edges 2 1-2' }, 'not both');
    await bad({ rules: 'famine colors=3' }, 'invalid rules');
    await bad({ color: 4 }, 'colour 4 does not play');
    await bad({ color: { name: 'black' } }, '"color" must be');
    await bad({ bot: 'alphago' }, 'unknown bot');
    await bad({ playouts: 'many' }, '"playouts" must be a number');
    await bad({ playouts: 0.5 }, 'playouts must be a whole number');
    await bad({ seconds: 0 }, 'seconds must be');
    await bad({ layout: 'spiral' }, '"layout" must be one of');
    await bad({ graph: 7 }, '"graph" must be a string');
    await bad({ moves: 'A1 B2' }, '"moves" must be a list');
    await bad({ graph: 'cycle 5', rules: 'area', moves: ['1', '1'] }, 'cannot rebuild the game: move 2 (1): 1 is occupied');
    await bad({ graph: 'cycle 5', rules: 'area', moves: ['9'] }, 'no vertex "9"');
  });

  it('answers bad requests with 4xx, never a crash', async () => {
    const badJson = await call('/api/new', undefined, '{"graph": ');
    expect(badJson.status).toBe(400);
    expect(badJson.json.error).toMatch(/^bad JSON: /);
    expect((await call('/api/new', undefined, '[1, 2]')).json.error).toBe('the body must be a JSON object');
    expect((await call('/api/play', { id: 'feedfacefeedface', move: '1' })).status).toBe(404);
    expect((await call('/api/play', { move: '1' })).json.error).toContain('missing game id');
    expect((await call('/api/play', { id: 42, move: '1' })).status).toBe(400);
    expect((await call('/api/state')).status).toBe(400);
    expect((await call('/api/state?id=nope')).status).toBe(404);
    const wrongMethod = await call('/api/play');
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.json.error).toContain('takes POST');
    expect((await call('/api/teleport', {})).status).toBe(404);
    const huge = await fetch(new URL('/api/new', server.url), { method: 'POST', body: 'x'.repeat(9 * 1024 * 1024) });
    expect(huge.status).toBe(413);
    // Junk of every shape at every endpoint: always a 4xx (or 2xx), never a 5xx.
    const game = await newGame({ graph: 'cycle 5', rules: 'area', bot: 'random' });
    const junk: unknown[] = [null, 0, 'x', [], {}, { id: game.id }, { id: game.id, move: null }, { id: game.id, move: {} },
      { id: game.id, move: -1 }, { id: game.id, move: 1.5 }, { id: game.id, move: '' }, { id: game.id, move: 'resign now' },
      { id: [game.id] }, { id: game.id, moves: [1] }];
    for (const route of ['new', 'play', 'bot', 'undo', 'hint', 'resign']) {
      for (const body of junk) {
        const { status } = await call(`/api/${route}`, body);
        expect(status, `${route} ${JSON.stringify(body)}`).toBeLessThan(500);
      }
    }
  });

  it('answers only to 127.0.0.1 and localhost as Host', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(new URL('/api/info', server.url), { headers: { host: 'evil.example:80' } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(403);
  });

  it('rebuilds a game from its setup and moves, as the page does after a server restart', async () => {
    const game = await newGame({ graph: 'petersen', rules: 'area', bot: 'random', seed: '9' });
    await call('/api/play', { id: game.id, move: '3' });
    const after = (await call('/api/bot', { id: game.id })).json;
    const rebuilt = await newGame({ ...game.setup, moves: after.moves.map((m: Json) => m.move) });
    expect(rebuilt.id).not.toBe(game.id);
    expect(rebuilt.position).toBe(after.position);
    expect(rebuilt.moves).toEqual(after.moves.map((m: Json) => ({ color: m.color, move: m.move, name: m.name, captured: m.captured, byBot: m.byBot })));
    expect(rebuilt.humanToMove).toBe(true);
  });

  it('plays three colours: the person takes one, the computer the others', async () => {
    const game = await newGame({ graph: 'hex 3', rules: 'netgo colors=3', color: 2, bot: 'random' });
    expect(game.humanToMove).toBe(false);
    expect(game.counters).toHaveLength(4);
    const first = (await call('/api/bot', { id: game.id })).json;
    expect(first.played.map((m: Json) => m.color)).toEqual([1]);
    expect(first.toMove).toBe(2);
    await call('/api/play', { id: game.id, move: String(first.legal[0]) });
    const reply = (await call('/api/bot', { id: game.id })).json;
    expect(reply.played.map((m: Json) => m.color)).toEqual([3, 1]);
    expect(reply.humanToMove).toBe(true);
  });
});

describe('web page in Chromium', () => {
  // Skipped only where Chromium is missing outside CI; under CI a missing browser fails (launchChromium says why).
  const runBrowser = HAS_CHROMIUM || process.env.CI !== undefined;

  it.skipIf(!runBrowser)('plays a whole game on the Petersen graph by clicking, then shows the result', async () => {
    const browser = await launchChromium();
    try {
      const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(server.url);
      await idle(page);
      // The first visit starts the default game at once.
      expect(await page.textContent('#status')).toBe('Your move (Black)');
      expect(await page.locator('#board g.v').count()).toBe(81);

      await startFromForm(page, 'petersen', 'area');
      expect(await page.locator('#board g.v').count()).toBe(10);
      expect(await page.locator('#board line.edge').count()).toBe(15);
      expect(await page.locator('#board g.v.legal').count()).toBe(10);

      // Clicking an occupied vertex is refused with the reason.
      await page.click('#board g.v[data-vertex="1"] .hit');
      await idle(page);
      expect(await page.locator('#board g.v[data-vertex="1"]').getAttribute('data-color')).toBe('1');
      const white = await page.locator('#board g.v[data-color="2"]').count();
      expect(white).toBe(1);
      await page.click('#board g.v[data-vertex="1"] .hit', { force: true });
      await idle(page);
      expect(await page.textContent('#message')).toContain('illegal move: 1 is occupied');

      // Then: a few more stones, and passes until the game ends.
      for (let turn = 0; turn < 60; turn++) {
        if ((await page.getAttribute('#status', 'data-state')) === 'over') break;
        const legal = page.locator('#board g.v.legal');
        if (turn < 3 && (await legal.count()) > 0) await legal.first().locator('.hit').click({ force: true });
        else await page.click('#pass');
        await idle(page);
      }
      expect(await page.getAttribute('#status', 'data-state')).toBe('over');
      const result = await page.textContent('#result');
      expect(result).toMatch(/^(B\+[\d.]+|W\+[\d.]+|0)(You win\.|The computer wins\.|A tie\.) Every player passed in succession/);
      expect(await page.isVisible('#result')).toBe(true);
      expect(await page.isDisabled('#pass')).toBe(true);
      // The page agrees with the server.
      const saved = await savedGame(page);
      const state = (await call(`/api/state?id=${saved.id}`)).json;
      expect(state.over).toBe(true);
      expect(result).toContain(state.result);
      expect(await page.locator('#moves li').count()).toBe(state.moves.length);
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  });

  it.skipIf(!runBrowser)('keeps the game through a reload, and through a server restart', async () => {
    const browser = await launchChromium();
    let restarted: RunningServer | null = null;
    try {
      const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
      await page.goto(server.url);
      await idle(page);
      await startFromForm(page, 'cycle 6', 'famine');
      await page.click('#board g.v[data-vertex="2"] .hit');
      await idle(page);
      await page.locator('#board g.v.legal').first().locator('.hit').click();
      await idle(page);
      const stones = async () => page.locator('#board g.v:not(.empty)').evaluateAll((els) => els.map((e) => `${e.getAttribute('data-vertex')}:${e.getAttribute('data-color')}`).join(' '));
      const before = await stones();
      expect(before.split(' ').length).toBeGreaterThanOrEqual(3);
      await page.reload();
      await idle(page);
      expect(await stones()).toBe(before);
      expect(await page.textContent('#game-title')).toContain('cycle 6');

      // The server goes away and comes back empty on the same port: the page rebuilds the game from its moves.
      const port = server.port;
      await server.close();
      restarted = await startWebServer({ port });
      server = restarted;
      await page.reload();
      await idle(page);
      expect(await stones()).toBe(before);
      expect(restarted.games.size).toBe(1);
      // And play goes on: undo takes back the person's move and the reply.
      const moves = await page.locator('#moves li').count();
      await page.click('#undo');
      await idle(page);
      expect(await page.locator('#moves li').count()).toBe(moves - 2);
    } finally {
      await browser.close();
    }
  });

  it.skipIf(!runBrowser)('lets the computer play two colours of three (NetGo) and draws arcs with arrowheads', async () => {
    const browser = await launchChromium();
    try {
      const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
      await page.goto(server.url);
      await idle(page);
      await startFromForm(page, 'edges 6 1-2 2-3 3-4 4-5 5-6 6-1 1>4', 'netgo colors=3');
      expect(await page.locator('#board line.arc[marker-end]').count()).toBe(1);
      expect(await page.locator('#players tbody tr').count()).toBe(3);
      await page.locator('#board g.v.legal').first().locator('.hit').click({ force: true });
      await idle(page);
      // Black, then White and Red by the computer: three stones (or fewer after a capture), and Black to move again.
      expect(await page.textContent('#status')).toBe('Your move (Black)');
      expect(await page.locator('#moves li').count()).toBe(3);
    } finally {
      await browser.close();
    }
  });

  it.skipIf(!runBrowser)('takes letters typed into the form\'s drop-downs as the form\'s, not as shortcuts', async () => {
    const browser = await launchChromium();
    try {
      const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
      await page.goto(server.url);
      await idle(page);
      await startFromForm(page, 'grid 5 5', 'area');
      await page.locator('#board g.v.legal').first().locator('.hit').click({ force: true });
      await idle(page);
      const movesText = async () => (await page.locator('#moves li').allTextContents()).join(' | ');
      const before = await movesText();
      expect(await page.locator('#moves li').count()).toBe(2);
      // "u" in the bot drop-down picks uct; "p" and "h" there are not a pass or a hint either (they undid the moves and
      // ended the game by passing).
      await page.click('#new-game-panel summary');
      for (const key of ['u', 'p', 'h']) await page.press('#bot', key);
      // Time for a request the keys might have sent to start, so that idle() waits for it.
      await page.waitForTimeout(300);
      await idle(page);
      // The same two moves (an undo then a pass and its reply would also leave two), and no hint was asked for.
      expect(await movesText()).toBe(before);
      expect(await page.textContent('#message')).not.toContain('Hint');
      expect(await page.getAttribute('#status', 'data-state')).not.toBe('over');
      // Outside the form the shortcut still works: "u" takes back the move and its reply.
      await page.evaluate('document.activeElement.blur()');
      await page.keyboard.press('u');
      await idle(page);
      expect(await page.locator('#moves li').count()).toBe(0);
    } finally {
      await browser.close();
    }
  });
});
