/**
 * Pure GTP v2 text handling (no I/O): input preprocessing as the spec's section 3.1 says, command parsing with the
 * optional numeric id, and response formatting. The engine and the client both build on these.
 */

export interface GtpCommand {
  /** The id exactly as sent (digits), or null. Kept as text so a huge id is echoed unchanged. */
  readonly id: string | null;
  readonly name: string;
  readonly args: readonly string[];
}

/**
 * Spec 3.1: drop CR and every control character but HT and LF, cut from `#` to the end, turn HT into a space;
 * an empty or blank result means the line is ignored (null). LF never reaches here: lines are split on it.
 */
export function preprocessLine(raw: string): string | null {
  // Regular expressions rather than a loop adding one character at a time: an edges line of millions of links is
  // tens of megabytes, and the loop took seconds on it. Cutting at `#` first is the same as cutting after dropping the
  // control characters, since `#` is none.
  const hash = raw.indexOf('#');
  const kept = (hash >= 0 ? raw.slice(0, hash) : raw)
    // eslint-disable-next-line no-control-regex
    .replace(/[\x00-\x08\x0a-\x1f\x7f]+/g, '')
    .replace(/\t/g, ' ');
  // Only SPACE is GTP whitespace here (HT became SPACE): String.trim would also eat NBSP, U+2028 and friends, and a
  // line of them would then get no response at all, leaving the controller waiting. (By hand: / +$/ backtracks
  // quadratically over a long run of inner spaces.)
  let start = 0;
  let end = kept.length;
  while (start < end && kept.charCodeAt(start) === 32) start++;
  while (end > start && kept.charCodeAt(end - 1) === 32) end--;
  return start === end ? null : kept.slice(start, end);
}

/** Splits a preprocessed line into id, command name and arguments. */
export function parseCommand(line: string): GtpCommand {
  const words = line.split(' ').filter((w) => w.length > 0);
  let id: string | null = null;
  if (words.length > 0 && /^\d+$/.test(words[0])) id = words.shift()!;
  const name = words.shift() ?? '';
  return { id, name, args: words };
}

/** Keeps a multi-line result free of empty lines (an empty line would end the response early) and of stray CRs. */
export function sanitizeResult(text: string): string {
  return text
    .replace(/\r/g, '')
    .split('\n')
    .filter((line, i) => i === 0 || line.trim().length > 0)
    .join('\n')
    .replace(/\n+$/, '');
}

/** `=[id] result\n\n`: GNU Go's layout, one space after `=`/`=id` even for an empty result. */
export function formatSuccess(id: string | null, result: string): string {
  return `=${id ?? ''} ${sanitizeResult(result)}\n\n`;
}

/** `?[id] message\n\n` */
export function formatFailure(id: string | null, message: string): string {
  return `?${id ?? ''} ${sanitizeResult(message).replace(/\n/g, ' ')}\n\n`;
}

/** A non-negative or negative decimal number as GTP sends floats; null when it is not one. */
export function parseFloatArg(word: string): number | null {
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(word)) return null;
  const x = Number(word);
  return Number.isFinite(x) ? x : null;
}

/** A whole number within JavaScript's exact integer range; null otherwise. */
export function parseIntArg(word: string): number | null {
  if (!/^[+-]?\d+$/.test(word)) return null;
  const x = Number(word);
  return Number.isSafeInteger(x) ? x : null;
}
