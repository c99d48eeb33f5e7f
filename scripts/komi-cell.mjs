// A komi cell of a table written by `graphgo solve --format csv` (cli/family-output.ts): `5`, `unknown`,
// `unknown (5..6)`, `unknown (>= 0)`, `unknown (<= -1)`, each maybe with the interval the run was given (`5 (5..6
// given)`, `unknown (5..6; 5..6 given)`), which is left out: only what the run itself reports counts.

/** The cell as { komi } when settled, else { low, high } (null: no bound); an Error for anything else. */
export function parseKomiCell(cell, where) {
  const own = cell.replace(/ \(([^;)]*; )?[^;)]* given\)$/, (_, rest) => (rest === undefined ? '' : ` (${rest.slice(0, -2)})`));
  let m;
  if ((m = /^(-?\d+)$/.exec(own)) !== null) return { komi: Number(m[1]) };
  if (own === 'unknown') return { low: null, high: null };
  if ((m = /^unknown \((-?\d+)\.\.(-?\d+)\)$/.exec(own)) !== null) return { low: Number(m[1]), high: Number(m[2]) };
  if ((m = /^unknown \(>= (-?\d+)\)$/.exec(own)) !== null) return { low: Number(m[1]), high: null };
  if ((m = /^unknown \(<= (-?\d+)\)$/.exec(own)) !== null) return { low: null, high: Number(m[1]) };
  throw new Error(`${where}: not a komi or an unknown: "${cell}"`);
}

/** The interval the run was given (`LO..HI`, `LO..`, `..HI`) as { low, high } (null: open), or null when none was. */
export function parseGivenInterval(cell, where) {
  const m = / \((?:[^;)]*; )?([^;)]*) given\)$/.exec(cell);
  if (m === null) return null;
  const g = /^(-?\d+)?\.\.(-?\d+)?$/.exec(m[1]);
  if (g === null) throw new Error(`${where}: not an interval: "${m[1]}" in "${cell}"`);
  return { low: g[1] === undefined ? null : Number(g[1]), high: g[2] === undefined ? null : Number(g[2]) };
}
