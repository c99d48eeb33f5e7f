#!/usr/bin/env node
/**
 * Makes the pictures of docs/play.md, docs/play-terminal.png and docs/play-web.png, in Debian's Chromium driven by
 * playwright-core: `npm run screenshots` (it builds dist/ first, since this script runs the compiled play/ code).
 * `npm run screenshots -- terminal` or `-- web` makes only one of them. SHOT_SPEC, SHOT_RULES, SHOT_SEED and
 * SHOT_MOVES (comma-separated index names) change the web picture's game.
 *
 * The terminal picture is the terminal game's own ANSI output (a scripted game, colours on), turned into HTML.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = (path) => import(new URL(`../dist/${path}`, import.meta.url).href);
const { Match } = await dist('play/match.js');
const { readMatchRequest } = await dist('play/match-request.js');
const { runTerminalGame } = await dist('play/terminal-game.js');
const { startWebServer } = await dist('play/web-server.js');

// The browser as test/play/browser.ts starts it; the flags keep it off the network (without them Chromium keeps
// trying Google's services, and a machine without network access refuses them).
const CHROMIUM_PATH = process.env.GRAPHGO_CHROMIUM ?? '/usr/bin/chromium';
const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

async function launchChromium() {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`${CHROMIUM_PATH} is missing: install Debian's chromium (apt-get install -y chromium)`);
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_FLAGS });
}

/** The game the page keeps in localStorage. */
const SAVED_GAME = "JSON.parse(localStorage.getItem('graphgo.web.game') ?? '{}')";

const SGR_COLORS = {
  '31': '#cd3131', '32': '#0dbc79', '33': '#e5c07b', '34': '#2472c8', '35': '#bc3fbc', '36': '#11a8cd',
  '91': '#f14c4c', '92': '#23d18b', '93': '#f5f543', '94': '#3b8eea', '95': '#d670d6', '96': '#29b8db', '97': '#ffffff',
};

/** ANSI SGR text to HTML spans (the codes the terminal game uses: reset, bold, dim and foreground colours). */
function ansiToHtml(text) {
  const escape = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  let html = '';
  let open = false;
  // eslint-disable-next-line no-control-regex
  const parts = text.split(/\x1b\[([0-9;]*)m/);
  for (let i = 0; i < parts.length; i++) {
    if (i % 2 === 0) {
      html += escape(parts[i]);
      continue;
    }
    if (open) html += '</span>';
    open = false;
    const codes = parts[i].split(';').filter((c) => c !== '' && c !== '0');
    if (codes.length === 0) continue;
    const style = [];
    for (const c of codes) {
      if (c === '1') style.push('font-weight:bold');
      else if (c === '2') style.push('opacity:0.6');
      else if (SGR_COLORS[c]) style.push(`color:${SGR_COLORS[c]}`);
      // (38;5;n, the 256-colour codes of colours 7 and 9, are left in the default colour here.)
    }
    html += `<span style="${style.join(';')}">`;
    open = true;
  }
  return html + (open ? '</span>' : '');
}

/** docs/play-terminal.png: the terminal game in colour. */
async function terminalPicture() {
  const settings = readMatchRequest({ graph: 'grid 9 9', bot: 'uct', playouts: 3000, seed: '2' });
  if (!settings.ok) throw new Error(settings.error.message ?? settings.error);
  const match = new Match(settings.value);
  const typed = ['e5', 'c4', 'g4', 'c6', 'zz', 'hint'];
  let out = '';
  let i = 0;
  runTerminalGame(match, {
    readLine: (prompt) => {
      const line = i < typed.length ? typed[i++] : null;
      out += prompt + (line ?? '') + '\n';
      return line;
    },
    write: (text) => (out += text),
    color: true,
    clear: true,
  });
  // The last screen: from the last clear, without the end-of-input lines.
  const clear = '\x1b[H\x1b[2J';
  const screen = out.slice(out.lastIndexOf(clear) + clear.length).replace(/\n*End of input: leaving the game\.\n$/, '');
  const lines = screen.split('\n').filter((l, k, all) => !(k === all.length - 1 && l === ''));
  if (lines.length <= 15) throw new Error(`the terminal game's last screen has only ${lines.length} lines:\n${screen}`);
  const html = `<!doctype html><meta charset="utf-8"><style>
    body { margin: 0; background: #1e1e1e; }
    .term { display: inline-block; padding: 10px 16px 14px; color: #d4d4d4; background: #1e1e1e;
      font: 15px/1.35 "DejaVu Sans Mono", "Liberation Mono", monospace; white-space: pre; }
    .bar { background: #3c3c3c; color: #bbb; font: 12px sans-serif; padding: 5px 10px; }
  </style><div id="shot"><div class="bar">graphgo play</div><div class="term">${ansiToHtml(`$ graphgo play --playouts 3000 --seed 2\n${lines.join('\n')}`)}\u2588</div></div>`;
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1100, height: 700 }, deviceScaleFactor: 1 });
    await page.setContent(html);
    await page.locator('#shot').screenshot({ path: join(ROOT, 'docs', 'play-terminal.png') });
  } finally {
    await browser.close();
  }
}

/** docs/play-web.png: the web page mid-game on the 4-dimensional hypercube. */
async function webPicture() {
  const server = await startWebServer({ port: 0 });
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1180, height: 820 }, deviceScaleFactor: 1 });
    await page.goto(server.url);
    const idle = () => page.waitForSelector('body[data-busy=false] #status[data-state]', { timeout: 60_000 });
    await idle();
    const previous = (await page.evaluate(SAVED_GAME)).id;
    await page.click('#new-game-panel summary');
    await page.fill('#graph-spec', process.env.SHOT_SPEC ?? 'hypercube 4');
    await page.fill('#rules', process.env.SHOT_RULES ?? 'area');
    await page.selectOption('#bot', 'uct');
    await page.fill('#playouts', '3000');
    await page.fill('#seed', process.env.SHOT_SEED ?? '4');
    await page.click('#start');
    await page.waitForFunction(`${SAVED_GAME}.id !== ${previous === undefined ? 'undefined' : JSON.stringify(previous)}`);
    await idle();
    for (const v of (process.env.SHOT_MOVES ?? '1,16,6').split(',')) {
      const target = page.locator(`#board g.v.legal[data-vertex="${v}"]`);
      if ((await target.count()) === 0) await page.locator('#board g.v.legal').first().locator('.hit').click({ force: true });
      else await target.locator('.hit').click({ force: true });
      await idle();
    }
    await page.click('#hint');
    await idle();
    await page.mouse.move(0, 0);
    await page.evaluate('window.scrollTo(0, 0)');
    await page.screenshot({ path: join(ROOT, 'docs', 'play-web.png') });
  } finally {
    await browser.close();
    await server.close();
  }
}

const wanted = process.argv.slice(2);
for (const name of wanted) {
  if (name !== 'terminal' && name !== 'web') throw new Error(`unknown picture "${name}" (known: terminal, web)`);
}
if (wanted.length === 0 || wanted.includes('terminal')) {
  await terminalPicture();
  console.log('wrote docs/play-terminal.png');
}
if (wanted.length === 0 || wanted.includes('web')) {
  await webPicture();
  console.log('wrote docs/play-web.png');
}
