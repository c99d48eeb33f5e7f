/**
 * The read loop's line limit at the end of input (docs/protocol.md, "Input and responses"): the last line is answered
 * without its LF, an overlong one with `? line too long` as it would be with an LF. Served in process through
 * serveGtp, with the input in chunks as a pipe delivers it.
 */
import { describe, expect, it } from 'vitest';
import { MAX_LINE_BYTES, serveGtp } from '../../protocol/serve.js';
import { testEngine } from '../helpers/engine.js';

const TOO_LONG = `? line too long (limit ${MAX_LINE_BYTES} bytes)\n\n`;

/** Everything the engine writes for this input, which ends after the last chunk. */
async function serveChunks(chunks: readonly Uint8Array[]): Promise<string> {
  const engine = testEngine('grid 5 5', 'area', { bot: 'random', seed: '1' });
  async function* input(): AsyncIterable<Uint8Array> {
    for (const chunk of chunks) yield chunk;
  }
  let output = '';
  await serveGtp(engine, input(), (text) => {
    output += text;
  });
  return output;
}

const text = (s: string): Uint8Array => new TextEncoder().encode(s);

/** `size` bytes of `A`, cut into chunks of `chunkBytes`. */
function letters(size: number, chunkBytes: number): Uint8Array[] {
  const chunks: Uint8Array[] = [];
  for (let at = 0; at < size; at += chunkBytes) chunks.push(new Uint8Array(Math.min(chunkBytes, size - at)).fill(65));
  return chunks;
}

describe('the line limit at the end of input', () => {
  it('answers an overlong last line without LF with line too long, in one chunk or many', async () => {
    const over = MAX_LINE_BYTES + 10;
    expect(await serveChunks([text('1 name\n2 play b '), ...letters(over, over)])).toBe(`=1 graphgo\n\n${TOO_LONG}`);
    expect(await serveChunks([text('1 name\n2 play b '), ...letters(over, 1 << 20)])).toBe(`=1 graphgo\n\n${TOO_LONG}`);
  }, 60_000);

  it('answers the same line with its LF the same way, and a last line of exactly the limit as a command', async () => {
    const over = MAX_LINE_BYTES + 10;
    expect(await serveChunks([text('2 play b '), ...letters(over, 1 << 20), text('\n')])).toBe(TOO_LONG);
    // `name` and spaces up to the limit: long, but allowed.
    const padded = new Uint8Array(MAX_LINE_BYTES).fill(32);
    padded.set(text('3 name'));
    expect(await serveChunks([padded])).toBe('=3 graphgo\n\n');
  }, 60_000);
});
