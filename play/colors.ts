/**
 * How the colours 1..9 are called and shown, the same in the terminal and the browser: 1 is Black (X), 2 White (O),
 * and NetGo's further colours have names of their own and their digit as the terminal symbol.
 */
import { stoneChar } from '../src/diagram.js';

export const COLOR_NAMES: readonly string[] = ['', 'Black', 'White', 'Red', 'Blue', 'Green', 'Purple', 'Orange', 'Cyan', 'Brown'];

/**
 * SGR codes of the terminal's stone colours, by colour (index 0: empty points, dim). Black is bold in the terminal's
 * own colour and White bold yellow, so both show on dark and on light backgrounds.
 */
export const ANSI_STONE: readonly string[] = ['2', '1', '1;33', '1;31', '1;34', '1;32', '1;35', '1;38;5;208', '1;36', '1;38;5;94'];

/** Fill colours of the stones in the browser (web/app.js keeps its own copy of this list). */
export const CSS_STONE: readonly string[] = ['', '#111', '#f4f4f4', '#d62728', '#1f77b4', '#2ca02c', '#9467bd', '#ff7f0e', '#17becf', '#8c564b'];

export function colorName(color: number): string {
  return COLOR_NAMES[color] ?? `Colour ${color}`;
}

/** `Black (X)`, `White (O)`, `Red (3)`. */
export function colorLabel(color: number): string {
  return `${colorName(color)} (${stoneChar(color)})`;
}

/**
 * Reads `--color`: `b`/`black`, `w`/`white`, a colour name of COLOR_NAMES, or a digit 1..9; it must be a colour of
 * the rule set. Returns the colour or an error message.
 */
export function parseColorChoice(text: string, colors: number): { ok: true; color: number } | { ok: false; error: string } {
  const word = text.trim().toLowerCase();
  let color = 0;
  if (word === 'b') color = 1;
  else if (word === 'w') color = 2;
  else if (/^[1-9]$/.test(word)) color = Number(word);
  else color = COLOR_NAMES.findIndex((name, i) => i > 0 && name.toLowerCase() === word);
  if (color <= 0) return { ok: false, error: `unknown colour "${text}" (black, white or 1..9)` };
  if (color > colors) return { ok: false, error: `colour ${color} does not play under these rules (colors=${colors})` };
  return { ok: true, color };
}
