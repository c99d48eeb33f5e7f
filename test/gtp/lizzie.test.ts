/**
 * `graphgo gtp` as Lizzie 0.7.x drives an engine that is not KataGo (featurecat/lizzie, Leelaz.java): numbered
 * commands, its start-up sequence, `lz-analyze 10` stopped by `name`, and `lz-genmove_analyze`. The answers are read
 * the way Lizzie reads them (parseLine, parseInfo, MoveData.fromInfo), so a format Lizzie would throw on fails here.
 * README.md and docs/protocol.md ("GoGui, Sabaki and other GUIs") rest on this.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ensureDist, ENGINE_MAIN } from './build-dist.js';

/** Lizzie's engine: stdout and stderr merged (redirectErrorStream), read line by line. */
class LizzieLink {
  private readonly child: ChildProcessWithoutNullStreams;
  private buffer = '';
  readonly lines: string[] = [];
  private waiters: (() => void)[] = [];
  private next = 1;

  constructor(args: readonly string[]) {
    this.child = spawn('node', [ENGINE_MAIN, 'gtp', ...args]);
    const take = (chunk: Buffer): void => {
      this.buffer += chunk.toString();
      let at: number;
      while ((at = this.buffer.indexOf('\n')) >= 0) {
        this.lines.push(this.buffer.slice(0, at + 1));
        this.buffer = this.buffer.slice(at + 1);
      }
      for (const w of this.waiters.splice(0)) w();
    };
    this.child.stdout.on('data', take);
    this.child.stderr.on('data', take);
  }

  /** Sends `N command` as sendCommandToLeelaz does and returns N. */
  send(command: string): number {
    const id = this.next++;
    this.child.stdin.write(`${id} ${command}\n`);
    return id;
  }

  /** Resolves with the index of the first line from `from` on that matches, within `ms`. */
  async waitFor(test: (line: string) => boolean, from = 0, ms = 20_000): Promise<number> {
    const deadline = Date.now() + ms;
    for (;;) {
      const index = this.lines.findIndex((line, i) => i >= from && test(line));
      if (index >= 0) return index;
      if (Date.now() > deadline) throw new Error(`timed out; lines so far:\n${this.lines.join('')}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  }

  close(): void {
    this.child.stdin.end();
    this.child.kill();
  }
}

/** Lizzie's parseLine for `=`/`?` lines: the command number it keeps in step with (Integer.parseInt, or throw). */
function commandNumber(line: string): number {
  const params = line.trim().split(' ');
  const n = Number.parseInt(params[0].substring(1).trim(), 10);
  if (!/^[=?]\d+$/.test(params[0])) throw new Error(`Lizzie cannot read the command number of ${JSON.stringify(line)}`);
  return n;
}

/** Integer.parseInt as Java does it: the whole word, or NumberFormatException. */
function javaInt(word: string | undefined): number {
  if (word === undefined || !/^[+-]?\d+$/.test(word)) throw new Error(`NumberFormatException: ${word}`);
  return Number(word);
}

/** Lizzie's parseInfo(line.substring(5)) with MoveData.fromInfo for each variation. */
function parseInfo(line: string): { coordinate: string; playouts: number; winrate: number; policy: number; variation: string[] }[] {
  return line
    .substring(5)
    .split(' info ')
    .filter((v) => v.trim() !== '')
    .map((variation) => {
      const data = variation.trim().split(' ');
      const move = { coordinate: '', playouts: 0, winrate: 0, policy: 0, variation: [] as string[] };
      for (let i = 0; i < data.length; i++) {
        const key = data[i];
        if (key === 'pv') {
          move.variation = data.slice(i + 1);
          break;
        }
        const value = data[++i];
        if (key === 'move') move.coordinate = value;
        if (key === 'visits') move.playouts = javaInt(value);
        if (key === 'winrate') move.winrate = javaInt(value) / 100;
        if (key === 'lcb') javaInt(value);
        if (key === 'prior') move.policy = javaInt(value) / 100;
      }
      return move;
    });
}

const open: LizzieLink[] = [];

beforeAll(async () => {
  await ensureDist();
}, 120_000);

afterEach(() => {
  for (const link of open.splice(0)) link.close();
});

describe('Lizzie 0.7 (Leela Zero mode) drives graphgo gtp', () => {
  it('start-up, lz-analyze 10 stopped by name, and lz-genmove_analyze', async () => {
    const lizzie = new LizzieLink(['--time', '1']);
    open.push(lizzie);
    // startEngine: name (KataGo or not), version (checked as Leela Zero's), board size, komi.
    lizzie.send('name');
    lizzie.send('version');
    lizzie.send('boardsize 19');
    lizzie.send('komi 7.5');
    const versionAt = await lizzie.waitFor((l) => l.startsWith('=2'));
    const nameLine = lizzie.lines.find((l) => l.startsWith('=1'))!;
    // Not "KataGo...": Lizzie stays in Leela Zero mode (lz-analyze, no ownership).
    expect(nameLine.trim().split(' ')[1].startsWith('KataGo')).toBe(false);
    // The version check: ver[1] must parse as an integer; below 15 Lizzie only warns, then carries on.
    const version = lizzie.lines[versionAt].trim().split(' ')[1];
    expect(javaInt(version.split('.')[1])).toBeLessThan(15);
    const komiAt = await lizzie.waitFor((l) => l.startsWith('=4'));

    // initializeAfterVersionCheck -> togglePonder -> ponder(): lz-analyze with the default interval.
    const analyze = lizzie.send('lz-analyze 10');
    const streamAt = await lizzie.waitFor((l) => l.startsWith('='), komiAt + 1);
    expect(commandNumber(lizzie.lines[streamAt])).toBe(analyze);
    const infoAt = await lizzie.waitFor((l) => l.startsWith('info'), streamAt);
    const moves = parseInfo(lizzie.lines[infoAt]);
    expect(moves.length).toBeGreaterThan(0);
    for (const m of moves) {
      expect(m.coordinate).toMatch(/^([A-HJ-T](1[0-9]|[1-9])|pass)$/);
      expect(m.playouts).toBeGreaterThan(0);
      expect(m.winrate).toBeGreaterThanOrEqual(0);
      expect(m.winrate).toBeLessThanOrEqual(100);
      expect(m.variation[0]).toBe(m.coordinate);
    }

    // togglePonder off sends `name`: the stream ends and `name` is answered (a stream that never stopped would leave it
    // unanswered; 10 s leaves room for a loaded machine).
    const sent = Date.now();
    const stop = lizzie.send('name');
    const stopAt = await lizzie.waitFor((l) => /^[=?]\d/.test(l) && commandNumber(l) === stop, infoAt);
    expect(Date.now() - sent).toBeLessThan(10_000);
    // Between the stream's info lines and the answer: only the blank line that ends the stream.
    const between = lizzie.lines.slice(infoAt + 1, stopAt).filter((l) => !l.startsWith('info'));
    expect(between).toEqual(['\n']);

    // Playing against the engine: lz-genmove_analyze streams info lines, then `play MOVE`.
    lizzie.send('play B Q16');
    const genmove = lizzie.send('lz-genmove_analyze W 10');
    const genAt = await lizzie.waitFor((l) => /^=\d/.test(l) && commandNumber(l) === genmove, stopAt);
    const playAt = await lizzie.waitFor((l) => l.startsWith('play'), genAt);
    expect(lizzie.lines[playAt].substring(5).trim()).toMatch(/^([A-HJ-T](1[0-9]|[1-9])|pass|resign)$/);
    await lizzie.waitFor((l) => l === '\n', playAt);
  }, 60_000);
});
