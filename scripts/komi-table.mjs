// A table in CSV, as `graphgo solve --graphs FILE --format csv` writes it: a komi table (the komi search, one komi
// cell per graph) or, with `--komi K`, a table of winners at that komi; the header below, then one row per graph.
import { readFileSync } from 'node:fs';

export const KOMI_TABLE_HEADER = 'graph,vertices,edges,komi,nodes,seconds';
export const WINNER_TABLE_HEADER = 'graph,vertices,edges,winner,nodes,seconds';

/**
 * FILE as { kind: 'komi' | 'winner', rows }, each row { cells, where } (where: `FILE:LINE`, for errors); an Error when
 * FILE is neither.
 */
export function readSolveTable(file) {
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new Error(`cannot read ${file}: ${err.message}`);
  }
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  const kind = lines[0] === KOMI_TABLE_HEADER ? 'komi' : lines[0] === WINNER_TABLE_HEADER ? 'winner' : null;
  if (kind === null) {
    throw new Error(`${file}: not a komi table in CSV (its first line must be ${KOMI_TABLE_HEADER}, or ${WINNER_TABLE_HEADER} for a run at one komi)`);
  }
  const rows = lines.slice(1).map((line, i) => {
    const cells = line.split(',');
    if (cells.length !== 6) throw new Error(`${file}:${i + 2}: ${cells.length} cells, not 6`);
    return { cells, where: `${file}:${i + 2}` };
  });
  return { kind, rows };
}

/** The rows of FILE, which must be a komi table. */
export function readKomiTable(file) {
  const table = readSolveTable(file);
  if (table.kind !== 'komi') throw new Error(`${file}: a table of winners at one komi, not a komi table`);
  return table.rows;
}

/** A winner cell of a run at one komi: 'black' (B+...), 'white' (W+...) or null (`unknown`); an Error for anything else. */
export function parseWinnerCell(cell, where) {
  if (cell.startsWith('B+')) return 'black';
  if (cell.startsWith('W+')) return 'white';
  if (cell === 'unknown') return null;
  throw new Error(`${where}: not a winner or unknown: "${cell}"`);
}

/** A winner cell of a run at komi K as the komi interval it proves: black's win, komi >= K; white's, komi <= K - 1. */
export function winnerInterval(cell, komi, where) {
  const winner = parseWinnerCell(cell, where);
  if (winner === 'black') return { low: komi, high: null };
  if (winner === 'white') return { low: null, high: komi - 1 };
  return { low: null, high: null };
}
