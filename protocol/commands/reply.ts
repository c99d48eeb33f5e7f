/**
 * What a command handler answers: a success text, or a failure message of one line. The engine frames it as
 * `=id ...` or `?id ...` (protocol/gtp.ts); the command groups share these so that they all fail alike.
 */

export type Reply = { readonly ok: boolean; readonly text: string };

export const ok = (text = ''): Reply => ({ ok: true, text });
export const fail = (text: string): Reply => ({ ok: false, text });
/** GTP's answer to arguments of the wrong shape or number (docs/protocol.md, "Input and responses"). */
export const SYNTAX = fail('syntax error');
