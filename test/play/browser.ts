/**
 * Debian's Chromium, driven by playwright-core, for the web game's tests (scripts/screenshots.mjs starts it the same
 * way). The flags keep it off the network: without them Chromium keeps trying Google's services, and a machine
 * without network access refuses them.
 */
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { expect } from 'vitest';
import type { Browser, Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.GRAPHGO_CHROMIUM ?? '/usr/bin/chromium';
export const HAS_CHROMIUM = existsSync(CHROMIUM_PATH);

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/** Chromium headless, or a clear failure when it is missing (CI installs it: .ci/run). */
export async function launchChromium(): Promise<Browser> {
  if (!HAS_CHROMIUM) {
    throw new Error(`${CHROMIUM_PATH} is missing: install Debian's chromium (apt-get install -y chromium), as .ci/run does`);
  }
  // playwright gives every launch a fresh, empty profile directory of its own.
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_FLAGS });
}

/** The game the page keeps in localStorage (evaluated in the page; the tests are compiled without the DOM's types). */
const SAVED_GAME = "JSON.parse(localStorage.getItem('graphgo.web.game') ?? '{}')";

export async function savedGame(page: Page): Promise<{ id?: string; setup?: unknown; moves?: string[] }> {
  return page.evaluate(SAVED_GAME) as Promise<{ id?: string; setup?: unknown; moves?: string[] }>;
}

/** Waits until the page holds a game other than `previous` (a new game was started). */
export async function waitForNewGame(page: Page, previous: string | undefined): Promise<void> {
  await page.waitForFunction(`${SAVED_GAME}.id !== ${previous === undefined ? 'undefined' : JSON.stringify(previous)}`);
}

/** Waits until the page is idle: no request in flight. */
export async function idle(page: Page): Promise<void> {
  await page.waitForSelector('body[data-busy=false] #status[data-state]', { timeout: 30_000 });
}

/** Starts a new game from the page's form (50 playouts a move) and checks that the form took it. */
export async function startFromForm(page: Page, spec: string, rules: string, bot = 'random'): Promise<void> {
  const previous = (await savedGame(page)).id;
  await page.click('#new-game-panel summary');
  await page.fill('#graph-spec', spec);
  await page.fill('#rules', rules);
  await page.selectOption('#bot', bot);
  await page.fill('#playouts', '50');
  await page.click('#start');
  await waitForNewGame(page, previous);
  await idle(page);
  expect(await page.locator('#form-error').textContent()).toBe('');
}
