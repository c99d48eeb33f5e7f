/**
 * Pondering (`graphgo gtp --ponder`, docs/protocol.md): after the bot's own move the read loop searches the
 * opponent's reply until the next line arrives, and the next genmove starts from that grown tree. It never
 * ponders without the option or after other commands, and the answers stay the same GTP.
 */
import { describe, expect, it } from 'vitest';
import type { UctBot } from '../../bots/uct.js';
import type { GtpEngine } from '../../protocol/engine.js';
import { serveGtp } from '../../protocol/serve.js';
import { vertexName } from '../../src/notation.js';
import { testEngine } from '../helpers/engine.js';

function engine(ponder: boolean): GtpEngine {
  return testEngine('grid 9 9', 'area komi=7.5', { bot: 'uct', seed: 'ponder', playouts: 300, ponder });
}

/** The engine's bot (private), for its tree. */
function botOf(e: GtpEngine): UctBot {
  return (e as unknown as { bot: UctBot }).bot;
}

/** An input stream fed line by line by the test, ended by end(). */
class Input implements AsyncIterable<Uint8Array> {
  private readonly chunks: Uint8Array[] = [];
  private wake: (() => void) | null = null;
  private ended = false;

  send(line: string): void {
    this.chunks.push(new TextEncoder().encode(`${line}\n`));
    this.wake?.();
  }

  end(): void {
    this.ended = true;
    this.wake?.();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<Uint8Array> {
    for (;;) {
      while (this.chunks.length > 0) yield this.chunks.shift()!;
      if (this.ended) return;
      await new Promise<void>((resolve) => (this.wake = resolve));
      this.wake = null;
    }
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Serves `e` and returns helpers to send a line and wait for its answer. */
function serve(e: GtpEngine) {
  const input = new Input();
  let output = '';
  const done = serveGtp(e, input, (text) => {
    output += text;
  });
  const answers = () => output.split('\n\n').filter((a) => a !== '');
  /** Sends the lines at once and waits for all their answers. */
  const askAll = async (...lines: string[]): Promise<string[]> => {
    const before = answers().length;
    for (const line of lines) input.send(line);
    for (let waited = 0; answers().length < before + lines.length; waited += 5) {
      if (waited > 20_000) throw new Error(`no answer to ${lines.join(', ')}`);
      await sleep(5);
    }
    return answers().slice(before);
  };
  const ask = async (line: string): Promise<string> => (await askAll(line))[0];
  return { ask, askAll, input, done };
}

describe('pondering', () => {
  it('searches the opponent\'s reply after the bot\'s move until the next line, and the next move reuses it', async () => {
    const e = engine(true);
    const { ask, askAll, input, done } = serve(e);
    const move = await ask('genmove b');
    expect(move).toMatch(/^= [A-J]\d$/);
    const bot = botOf(e);
    const afterMove = bot.nodeCount;
    // 300 playouts grew the tree to a few hundred nodes; the wait for White's move keeps growing it. The test waits
    // for the growth rather than a fixed time, so a loaded machine makes it slower, not wrong.
    const mostVisitedReply = () => Math.max(0, ...bot.rootStats().visits);
    for (let waited = 0; bot.nodeCount <= afterMove + 500 || mostVisitedReply() <= 500; waited += 10) {
      if (waited > 20_000) throw new Error(`pondering stalled at ${bot.nodeCount} nodes`);
      await sleep(10);
    }
    // The pondering searched White's moves: the root's children are White's.
    expect(bot.rootStats().moves.length).toBeGreaterThan(0);
    const white = bot.rootStats();
    const reply = white.moves[white.visits.indexOf(Math.max(...white.visits))];
    expect(reply).toBeGreaterThanOrEqual(0);
    expect(await ask(`play w ${vertexName(e.currentGame.graph, reply)}`)).toBe('= ');
    const replyVisits = Math.max(...white.visits);
    expect(replyVisits).toBeGreaterThan(500);
    // Black's search starts from the subtree under White's move: it holds the pondered visits and 300 more. A
    // command sent with the genmove keeps the engine from pondering again before the tree is read.
    const [move2, name] = await askAll('genmove b', 'name');
    expect(move2).toMatch(/^= [A-J]\d$/);
    expect(name).toBe('= graphgo');
    const total = bot.rootStats().visits.reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(replyVisits + 300);
    input.end();
    await done;
  });

  it('ponders after every move command, plain genmove_analyze (what Sabaki sends) among them', async () => {
    for (const command of ['genmove_analyze b 1000', 'lz-genmove_analyze b 1000', 'kgs-genmove_cleanup b']) {
      const e = engine(true);
      const { ask, input, done } = serve(e);
      expect(await ask(command), command).toMatch(/(^= |play )[A-J]\d/m);
      const bot = botOf(e);
      const after = bot.nodeCount;
      // The tree grows while the engine waits for the next line (the test waits for the growth, not a fixed time).
      for (let waited = 0; bot.nodeCount <= after; waited += 10) {
        if (waited > 20_000) throw new Error(`no pondering after ${command}`);
        await sleep(10);
      }
      input.end();
      await done;
    }
  });

  it('does not ponder without the option, or after any other command', async () => {
    const off = engine(false);
    const a = serve(off);
    await a.ask('genmove b');
    const still = botOf(off).nodeCount;
    await sleep(200);
    expect(botOf(off).nodeCount).toBe(still);
    a.input.end();
    await a.done;

    const on = engine(true);
    const b = serve(on);
    await b.ask('genmove b');
    // Any command after the move ends the opponent's time as far as the engine can tell.
    expect(await b.ask('showboard')).toMatch(/^= /);
    const quiet = botOf(on).nodeCount;
    await sleep(200);
    expect(botOf(on).nodeCount).toBe(quiet);
    b.input.end();
    await b.done;
  });
});
