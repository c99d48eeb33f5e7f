// A komi table in CSV, as `graphgo solve --format csv` writes it: the header below, then one row per graph.
import { readFileSync } from 'node:fs';

export const KOMI_TABLE_HEADER = 'graph,vertices,edges,komi,nodes,seconds';

/** The rows of FILE as { cells, where } (where: `FILE:LINE`, for errors); an Error when FILE is not such a table. */
export function readKomiTable(file) {
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new Error(`cannot read ${file}: ${err.message}`);
  }
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  if (lines[0] !== KOMI_TABLE_HEADER) {
    throw new Error(`${file}: not a komi table in CSV (its first line must be ${KOMI_TABLE_HEADER})`);
  }
  return lines.slice(1).map((line, i) => {
    const cells = line.split(',');
    if (cells.length !== 6) throw new Error(`${file}:${i + 2}: ${cells.length} cells, not 6`);
    return { cells, where: `${file}:${i + 2}` };
  });
}
