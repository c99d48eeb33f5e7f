/**
 * The numbers people give: a flag's value (`--playouts 2000`) or a field of a JSON request (`"seconds": 1.5`).
 * Every front end reads them here, so a bad one is worded the same everywhere:
 * `NAME must be a whole number from 1 to 64, got "x"`. Text must be a decimal number (`2000`, `1.5`, `1e4`): a hex
 * or an empty value is refused as a typo rather than read as something else. A number from JSON is taken as it is.
 */
import { failure, ok, type Result } from './result.js';

export type NumberErrorCode = 'bad-number';

const DECIMAL = /^(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;
const SIGNED_DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/** A whole number in min..max. */
export function readWholeNumber(
  name: string,
  input: string | number,
  min: number,
  max = Infinity,
): Result<number, NumberErrorCode> {
  const value = numberOf(input);
  if (Number.isInteger(value) && value >= min && value <= max) return ok(value);
  const range = max < Infinity ? ` from ${min} to ${max}` : min > 1 ? ` from ${min} up` : '';
  const kind = min === 1 && max === Infinity ? 'a positive whole number' : 'a whole number';
  return failure('bad-number', `${name} must be ${kind}${range}, got ${shown(input)}`);
}

/** A number above 0 and at most max; `unit` names what it counts in the message (`seconds`). */
export function readPositiveNumber(
  name: string,
  input: string | number,
  max = Infinity,
  unit?: string,
): Result<number, NumberErrorCode> {
  const value = numberOf(input);
  if (Number.isFinite(value) && value > 0 && value <= max) return ok(value);
  const of = unit === undefined ? '' : ` of ${unit}`;
  const most = max < Infinity ? ` up to ${max}` : '';
  return failure('bad-number', `${name} must be a positive number${of}${most}, got ${shown(input)}`);
}

/** Any finite number, signed (`-3`, `1.5e1`): a komi. */
export function readNumber(name: string, input: string | number): Result<number, NumberErrorCode> {
  const value = typeof input === 'number' ? input : SIGNED_DECIMAL.test(input.trim()) ? Number(input) : NaN;
  if (Number.isFinite(value)) return ok(value);
  return failure('bad-number', `${name} must be a number, got ${shown(input)}`);
}

function numberOf(input: string | number): number {
  if (typeof input === 'number') return input;
  return DECIMAL.test(input.trim()) ? Number(input) : NaN;
}

/** Text in quotes, a number as it is: the user sees what they gave. */
function shown(input: string | number): string {
  return typeof input === 'number' ? String(input) : `"${input}"`;
}
