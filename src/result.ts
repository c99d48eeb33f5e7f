/**
 * The one shape of every parser's and factory's answer. Expected failures (bad user text, a refused setting) are
 * values, so callers decide how to word them for their channel (a GTP `?` line, a CLI message, a JSON error);
 * exceptions are kept for broken invariants. The code is for programs (tests, GTP's `syntax error` choice), the
 * message for people.
 */

export interface Problem<Code extends string = string> {
  readonly code: Code;
  readonly message: string;
  /** Every finding, for validators that report all of them at once (a tournament file); the message sums them up. */
  readonly details?: readonly string[];
}

export type Ok<T> = { readonly ok: true; readonly value: T };
export type Failed<Code extends string = string> = { readonly ok: false; readonly error: Problem<Code> };
export type Result<T, Code extends string = string> = Ok<T> | Failed<Code>;

export function ok<T>(value: T): Ok<T> {
  return { ok: true, value };
}

export function failure<Code extends string>(code: Code, message: string, details?: readonly string[]): Failed<Code> {
  return { ok: false, error: details === undefined ? { code, message } : { code, message, details } };
}

/** The same failure with context in front of its message (`invalid rules: ` + the parser's reason). */
export function withContext<Code extends string>(failed: Failed<Code>, context: string): Failed<Code> {
  return failure(failed.error.code, `${context}${failed.error.message}`);
}
