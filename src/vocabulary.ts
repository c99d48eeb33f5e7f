/**
 * The words every layer shares: the colours (1 is Black, 2 White, further NetGo colours 3..9), the empty point and
 * the reserved moves. Vertices are 0..n-1 everywhere inside the program; PASS and RESIGN sit beside them.
 */

export type Color = number;

export const EMPTY = 0;
export const BLACK = 1;
export const WHITE = 2;

/** Reserved move values beside vertices 0..n-1. */
export const PASS = -1;
export const RESIGN = -2;

/** The colour that is not `color` in a two-colour game. */
export function opponentOf(color: Color): Color {
  return color === BLACK ? WHITE : BLACK;
}

/** `B` and `W` for two colours (GTP's result text, SGF's move tags), else the colour's digit. */
export function colorLetter(color: Color, colors: number): string {
  if (colors === 2) return color === BLACK ? 'B' : 'W';
  return String(color);
}

/** GTP's colour argument: `b`/`w` when two colours play (what every GTP engine reads), else the digit. */
export function gtpColorArgument(color: Color, colors: number): string {
  if (colors === 2) return color === BLACK ? 'b' : 'w';
  return String(color);
}

/** The engine's own word for a colour (`colour`, `showboard`): `black`, `white`, else the digit. */
export function gtpColorName(color: Color): string {
  return color === BLACK ? 'black' : color === WHITE ? 'white' : String(color);
}

/** A colour as GTP writes it: `b`, `black`, `w`, `white` (any case) or a digit 1..9; null otherwise. */
export function parseGtpColor(word: string): Color | null {
  const w = word.toLowerCase();
  if (w === 'b' || w === 'black') return BLACK;
  if (w === 'w' || w === 'white') return WHITE;
  if (/^[1-9]$/.test(w)) return Number(w);
  return null;
}
