/**
 * Splitting a command line into words the way a POSIX shell would for a simple command (no variables, globs or
 * redirections): blanks separate words; 'single quotes' keep everything; "double quotes" keep everything but let
 * a backslash escape \ " $ and `; a backslash outside quotes escapes the next character. An engine given as
 * `"/opt/my engine/bin" --level 3` is then started without a shell, so nothing is interpreted twice.
 */

import { failure, ok, type Result } from '../src/result.js';

export type SplitResult = Result<string[], 'bad-command-line'>;

export function splitCommandLine(text: string): SplitResult {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
      i++;
      continue;
    }
    inWord = true;
    if (c === "'") {
      const end = text.indexOf("'", i + 1);
      if (end < 0) return failure('bad-command-line', `unterminated ' quote in: ${text}`);
      word += text.slice(i + 1, end);
      i = end + 1;
    } else if (c === '"') {
      i++;
      for (;;) {
        if (i >= text.length) return failure('bad-command-line', `unterminated " quote in: ${text}`);
        const d = text[i];
        if (d === '"') {
          i++;
          break;
        }
        if (d === '\\' && i + 1 < text.length && '\\"$`'.includes(text[i + 1])) {
          word += text[i + 1];
          i += 2;
        } else {
          word += d;
          i++;
        }
      }
    } else if (c === '\\') {
      if (i + 1 >= text.length) return failure('bad-command-line', `a lone \\ ends: ${text}`);
      word += text[i + 1];
      i += 2;
    } else {
      word += c;
      i++;
    }
  }
  if (inWord) words.push(word);
  return ok(words);
}

/** The reverse: a command line that splitCommandLine reads back as these words (quoting only where needed). */
export function joinCommandLine(words: readonly string[]): string {
  return words.map((w) => (w.length > 0 && /^[\w@%+=:,./-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`)).join(' ');
}
