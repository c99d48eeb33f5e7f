// Files named by the user or a controller are read with a bound (cli/io.ts): a device or a runaway pipe is refused
// once it passes the bound instead of filling memory, and an ordinary file reads whole.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readBoundedFile } from '../../cli/io.js';

describe('bounded file reads', () => {
  it('reads a file whole, across chunk boundaries', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'graphgo-read-')), 'big.edges');
    const text = 'é'.repeat(700_000); // 1.4 MB of two-byte characters: more than one chunk, a character split between two
    writeFileSync(path, text);
    expect(readBoundedFile(path)).toBe(text);
    expect(() => readBoundedFile(path, 1_000_000)).toThrow(/larger than 1000000 bytes/);
  });

  it('refuses an endless device after the bound', () => {
    expect(() => readBoundedFile('/dev/zero', 3_000_000)).toThrow(/larger than 3000000 bytes/);
  });
});
