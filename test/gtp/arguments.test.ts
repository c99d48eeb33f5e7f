/**
 * Argument handling that docs/protocol.md pins ("Input and responses", "Time", "Loading a game", "Analysis"):
 * commands without arguments ignore extra ones, `printsgf` takes an optional file as GNU Go does, and the analysis
 * commands word a finished game as genmove does.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { testEngine } from '../helpers/engine.js';

describe('commands without arguments', () => {
  it('cputime ignores extra arguments', () => {
    const e = testEngine('grid 5 5', 'area', { bot: 'random', seed: '1', cpuSeconds: () => 1.25 });
    expect(e.execute('cputime')).toBe('= 1.25\n\n');
    expect(e.execute('1 cputime x')).toBe('=1 1.25\n\n');
    expect(e.execute('cputime 1 2 3')).toBe('= 1.25\n\n');
  });

  it("GoGui's graphical analysis commands ignore extra arguments", () => {
    const e = testEngine('grid 5 5', 'area', { bot: 'uct', seed: '1', playouts: 100 });
    expect(e.execute('play b c3')).toBe('= \n\n');
    expect(e.execute('gogui-graphgo-pv x y')).toMatch(/^= VAR w [A-E][1-5]/);
  });
});

describe('printsgf [FILE]', () => {
  /** An engine with two moves played whose files land in `files`. */
  function engineWithFiles() {
    const files = new Map<string, string>();
    const e = testEngine('grid 5 5', 'area komi=2.5', {
      bot: 'random',
      seed: '1',
      readFile: (path) => files.get(path) ?? '',
      writeFile: (path, text) => void files.set(path, text),
    });
    expect(e.execute('play b c3')).toBe('= \n\n');
    expect(e.execute('play w d4')).toBe('= \n\n');
    return { e, files };
  }

  it('answers the record without FILE or with -, and writes it to FILE with an empty answer', () => {
    const { e, files } = engineWithFiles();
    const answer = e.execute('printsgf') ?? '';
    expect(answer).toMatch(/^= \(;FF\[4\]GM\[1\].*SZ\[5\]KM\[2\.5\].*;B\[cc\];W\[db\]\)\n\n$/s);
    expect(e.execute('printsgf -')).toBe(answer);
    expect(e.execute('7 printsgf game.sgf')).toBe('=7 \n\n');
    expect(files.get('game.sgf')).toBe(`${answer.slice(2, -2)}\n`);
    // The file loads back to the same game.
    const state = e.execute('get_state');
    expect(e.execute('clear_board')).toBe('= \n\n');
    expect(e.execute('loadsgf game.sgf')).toBe('= black\n\n');
    expect(e.execute('get_state')).toBe(state);
  });

  it('refuses more than one argument', () => {
    const { e, files } = engineWithFiles();
    expect(e.execute('printsgf a.sgf b.sgf')).toBe('? syntax error\n\n');
    expect(files.size).toBe(0);
  });

  it('says why a file cannot be written, and writes nothing for a board SGF cannot hold', () => {
    const dir = mkdtempSync(join(tmpdir(), 'graphgo-printsgf-'));
    const e = testEngine('grid 5 5', 'area', {
      bot: 'random',
      seed: '1',
      writeFile: (path, text) => writeFileSync(path, text),
    });
    expect(e.execute('play b c3')).toBe('= \n\n');
    const saved = join(dir, 'game.sgf');
    expect(e.execute(`printsgf ${saved}`)).toBe('= \n\n');
    expect(readFileSync(saved, 'utf8')).toMatch(/^\(;FF\[4\].*;B\[cc\]\)\n$/s);
    const missing = join(dir, 'no-such-folder', 'game.sgf');
    expect(e.execute(`printsgf ${missing}`)).toBe(
      `? cannot save file: ENOENT: no such file or directory, open '${missing}'\n\n`,
    );
    expect(e.execute(`printsgf ${dir}`)).toMatch(/^\? cannot save file: EISDIR: illegal operation on a directory/);

    let written = 0;
    const petersen = testEngine('petersen', 'area', { bot: 'random', seed: '1', writeFile: () => void written++ });
    expect(petersen.execute('printsgf game.sgf')).toBe(
      '? SGF records only grid boards with two colours (get_graph, get_state)\n\n',
    );
    expect(written).toBe(0);
  });

  it('fails with a clear message in an engine that writes no files', () => {
    const e = testEngine('grid 5 5', 'area', { bot: 'random', seed: '1' });
    expect(e.execute('printsgf game.sgf')).toBe('? cannot save file: this engine writes no files\n\n');
  });
});

describe('analysis of a finished game', () => {
  it('answers game over, as genmove does, not wrong colour', () => {
    // Under famine on one vertex Black can neither move nor pass: the game is over before it starts (W+M).
    const e = testEngine('grid 1 1', 'famine', { bot: 'uct', seed: '1', playouts: 100 });
    expect(e.execute('genmove b')).toBe('? game over\n\n');
    for (const command of [
      'gogui-graphgo-winrates',
      'gogui-graphgo-ownership',
      'gogui-graphgo-pv',
      'gogui-graphgo-analysis',
      'lz-analyze',
      'kata-analyze 10',
      'analyze b',
      'lz-genmove_analyze b',
    ]) {
      expect(e.execute(`5 ${command}`), command).toBe('?5 game over\n\n');
    }
  });
});
