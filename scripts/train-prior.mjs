#!/usr/bin/env node
// Trains the learned prior's move model (bots/prior-model.ts) from game records: every move of the named players is
// a competition among the legal moves of that position, each rated by the product of its feature strengths
// (bots/move-features.ts), fitted by minorization-maximization (Hunter 2004; Coulom 2007) with one virtual win and
// one virtual loss against strength 1 per value. Two models: `lattice` with the 3x3 shapes, `general` without them
// (for graphs without square patterns); `--keep-general` retrains the lattice model alone. A development tool, not
// part of the product or of the tests.
//
//   npm run build && node scripts/train-prior.mjs --player pachi --out bots/prior-model.ts runs/pachi-*/sgf
//
// Prints the prediction rate (the expert's move ranked first) and the mean log-likelihood of the expert's move on the
// held-out tenth of the games (every tenth), or on the games of `--held-out PATH` (a folder or file, never trained on:
// the same test set for models fitted to different data). `--model FILE` measures an existing model file (such as
// bots/prior-model.ts) on the held-out games instead of fitting one. `--teacher FILE` learns soft targets instead
// of the players' moves: every position of the given games that FILE labels (scripts/pachi-pattern-labels.mjs
// writes such a file: another program's move probabilities), whoever moved, each candidate's share counting as a
// fractional win. `--positions FILE` fits the general model alone (the lattice model is kept from the --out file) on
// positions of any graph without square patterns labelled with soft targets by scripts/search-labels.mjs (the
// search's own move shares); every tenth game is held out.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseGraphSpec } from '../dist/src/families.js';
import { Position } from '../dist/src/position.js';
import { parseSgf } from '../dist/src/sgf.js';
import { BoardLines } from '../dist/bots/board-lines.js';
import { SquarePatterns } from '../dist/bots/patterns.js';
import { judgeUndirected, JUDGE_EYE, JUDGE_ILLEGAL } from '../dist/bots/playout.js';
import { canonicalShape, FEATURE_GROUP_COUNT, FEATURE_GROUPS, FEATURE_VALUES, MoveFeatures, SHAPE_GROUP, WIDE_SHAPE_GROUP } from '../dist/bots/move-features.js';

const args = process.argv.slice(2);
let player = 'pachi';
let out = null;
let iterations = 30;
let minShapeCount = 3;
let minWideCount = 2;
let keepGeneral = false;
let heldOut = null;
let measureModel = null;
let teacher = null;
let positionsFile = null;
const inputs = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--player') player = args[++i];
  else if (args[i] === '--out') out = args[++i];
  else if (args[i] === '--iterations') iterations = Number(args[++i]);
  else if (args[i] === '--min-shape-count') minShapeCount = Number(args[++i]);
  else if (args[i] === '--min-wide-count') minWideCount = Number(args[++i]);
  else if (args[i] === '--keep-general') keepGeneral = true;
  else if (args[i] === '--held-out') heldOut = args[++i];
  else if (args[i] === '--model') measureModel = args[++i];
  else if (args[i] === '--teacher') teacher = args[++i];
  else if (args[i] === '--positions') positionsFile = args[++i];
  else inputs.push(args[i]);
}
const sgfFiles = (path) => (statSync(path).isDirectory() ? readdirSync(path).filter((f) => f.endsWith('.sgf')).sort().map((f) => join(path, f)) : [path]);
const files = inputs.flatMap(sgfFiles);
if (files.length === 0 && measureModel === null && positionsFile === null) throw new Error('no .sgf files given');
if (positionsFile !== null && (teacher !== null || keepGeneral)) throw new Error('--positions fits (or with --model measures) the general model alone: no --teacher or --keep-general with it');
const heldOutFiles = heldOut === null ? null : sgfFiles(heldOut);
/** The players whose moves are learnt (`--player a,b`). */
const players = new Set(player.split(','));

/**
 * `--teacher FILE`: soft targets, one JSON line per position ({file, k, labels: [[vertex, percent], ...]}), such as
 * another program's move probabilities; every labelled position of those files is learnt, whoever moved.
 */
const teacherLabels = new Map();
if (teacher !== null) {
  for (const line of readFileSync(teacher, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    const row = JSON.parse(line);
    if (row.labels === undefined || row.labels.length === 0) continue;
    teacherLabels.set(`${row.file}#${row.k}`, row.labels);
  }
}
const COLUMNS = 'ABCDEFGHJKLMNOPQRST';
/** A GTP vertex name as a vertex index of the grid (parseSgf counts rows from the bottom, as GTP does). */
function vertexOf(name, width) {
  const x = COLUMNS.indexOf(name[0]);
  const row = Number(name.slice(1));
  return (row - 1) * width + x;
}

/**
 * The legal moves of `color` in position p that are not own eyes (as the tree's candidates), and their feature
 * vectors, flat, with canonical shapes.
 */
function candidates(p, features, last, second, color) {
  features.prepare(p, last, second);
  const vector = new Int32Array(FEATURE_GROUP_COUNT);
  const flat = [];
  const vertices = [];
  for (let i = 0; i < p.emptyCount; i++) {
    const w = p.emptyList[i];
    if (w === p.koVertex) continue;
    const verdict = judgeUndirected(p, w, color);
    if (verdict === JUDGE_ILLEGAL || verdict === JUDGE_EYE) continue;
    features.compute(p, w, color, vector);
    vector[SHAPE_GROUP] = canonicalShape(vector[SHAPE_GROUP]);
    vector[WIDE_SHAPE_GROUP] = canonicalShape(vector[WIDE_SHAPE_GROUP]);
    vertices.push(w);
    flat.push(...vector);
  }
  return { flat, vertices };
}

/** Competitions: for each, the candidates' feature vectors (flat) and the index of the move chosen. */
function extract(paths, useTeacher = false) {
  const competitions = [];
  const graphs = new Map();
  for (const path of paths) {
    const record = parseSgf(readFileSync(path, 'utf8'));
    if (!record.ok) continue;
    const sgf = record.value;
    const names = { 1: sgf.properties.get('PB')?.[0] ?? '', 2: sgf.properties.get('PW')?.[0] ?? '' };
    if (!useTeacher && !players.has(names[1]) && !players.has(names[2])) continue;
    const spec = `grid ${sgf.width} ${sgf.height}`;
    if (!graphs.has(spec)) {
      const g = parseGraphSpec(spec).value;
      graphs.set(spec, { g, features: new MoveFeatures(g.n, SquarePatterns.forGraph(g), BoardLines.forGraph(g)) });
    }
    const { g, features } = graphs.get(spec);
    const p = new Position(g);
    let last = -1;
    let second = -1;
    for (let index = 0; index < sgf.moves.length; index++) {
      const move = sgf.moves[index];
      const v = move.point === null ? -1 : move.point.y * sgf.width + move.point.x;
      const labels = useTeacher ? teacherLabels.get(`${path}#${index}`) : undefined;
      if (labels !== undefined) {
        const target = new Map(labels.map(([name, percent]) => [vertexOf(name, sgf.width), percent]));
        const competition = softCompetition(p, features, last, second, move.color, target);
        if (competition !== null) competitions.push(competition);
      } else if (!useTeacher && v >= 0 && players.has(names[move.color])) {
        const { flat, vertices } = candidates(p, features, last, second, move.color);
        const chosen = vertices.indexOf(v);
        if (chosen >= 0) competitions.push({ flat: Int32Array.from(flat), chosen });
      }
      if (v >= 0) {
        p.forgetUndo();
        p.play(v, move.color, false);
      }
      second = last;
      last = v;
    }
  }
  return competitions;
}

/**
 * `--positions FILE`: competitions from positions of any graph (scripts/search-labels.mjs: {graph, game, moves:
 * [[colour, vertex]...], color, labels: [[vertex, share]...]}), into train or test (every tenth game of the file).
 * Graphs with square patterns are the lattice model's and are skipped.
 */
function extractPositions(path) {
  const train = [];
  const test = [];
  const graphs = new Map();
  const gameIndex = new Map();
  let skipped = 0;
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    const row = JSON.parse(line);
    if (!graphs.has(row.graph)) {
      const parsed = parseGraphSpec(row.graph);
      if (!parsed.ok) throw new Error(`${path}: graph ${row.graph}: ${parsed.error.message}`);
      const g = parsed.value;
      const patterns = SquarePatterns.forGraph(g);
      graphs.set(row.graph, patterns === null ? { g, features: new MoveFeatures(g.n, null, BoardLines.forGraph(g)) } : null);
    }
    const entry = graphs.get(row.graph);
    if (entry === null) {
      skipped++;
      continue;
    }
    const { g, features } = entry;
    const key = `${row.graph}#${row.game}`;
    if (!gameIndex.has(key)) gameIndex.set(key, gameIndex.size);
    const p = new Position(g);
    let last = -1;
    let second = -1;
    for (const [color, v] of row.moves) {
      if (v >= 0) {
        p.forgetUndo();
        p.play(v, color, false);
      }
      second = last;
      last = v;
    }
    const competition = softCompetition(p, features, last, second, row.color, new Map(row.labels));
    if (competition === null) continue;
    (gameIndex.get(key) % 10 === 9 ? test : train).push(competition);
  }
  if (skipped > 0) console.log(`${skipped} positions on graphs with square patterns skipped (the lattice model's)`);
  console.log(`${gameIndex.size} games of ${graphs.size} graphs: ${train.length} training positions, ${test.length} held out`);
  return { train, test };
}

/**
 * A competition with soft targets: the candidates of `color` in p, each weighted by its share in `target` (vertex ->
 * share), normalised; the heaviest is the `chosen` one that accuracy() scores. Null when no candidate has a share.
 */
function softCompetition(p, features, last, second, color, target) {
  const { flat, vertices } = candidates(p, features, last, second, color);
  const weights = vertices.map((w) => target.get(w) ?? 0);
  const mass = weights.reduce((a, b) => a + b, 0);
  if (mass === 0) return null;
  let chosen = 0;
  for (let k = 1; k < weights.length; k++) if (weights[k] > weights[chosen]) chosen = k;
  return { flat: Int32Array.from(flat), chosen, weights: Float64Array.from(weights, (x) => x / mass) };
}

// Every tenth game is held out to measure the model, unless --held-out names the test games.
const fromPositions = positionsFile === null ? null : extractPositions(positionsFile);
const train = fromPositions !== null ? (measureModel !== null ? [] : fromPositions.train) : measureModel !== null ? [] : extract(heldOutFiles === null ? files.filter((_, i) => i % 10 !== 9) : files, teacher !== null);
const test = fromPositions !== null ? fromPositions.test : extract(heldOutFiles ?? files.filter((_, i) => i % 10 === 9));
if (fromPositions === null) console.log(`${files.length} games: ${train.length} training positions, ${test.length} held out`);

// The wide shapes' dictionary: canonical code -> group value (1, 2, ...), for the codes the expert chose (or the
// teacher's shares added up to) at least --min-wide-count times in the training games; the others count as absent.
const wideChosen = new Map();
for (const { flat, chosen, weights } of train) {
  const count = flat.length / FEATURE_GROUP_COUNT;
  for (let k = 0; k < count; k++) {
    const share = weights === undefined ? (k === chosen ? 1 : 0) : weights[k];
    if (share === 0) continue;
    const code = flat[k * FEATURE_GROUP_COUNT + WIDE_SHAPE_GROUP];
    wideChosen.set(code, (wideChosen.get(code) ?? 0) + share);
  }
}
/** A model file's two models as stored (`--model`). */
const storedModel = (name) => {
  const found = new RegExp(`export const ${name}_MODEL: PriorModel = (.*);\\n`).exec(readFileSync(measureModel, 'utf8'));
  if (found === null) throw new Error(`no ${name}_MODEL in ${measureModel}`);
  return JSON.parse(found[1]);
};
// Measuring a model file: its own dictionary.
const wideCodes =
  measureModel !== null
    ? (storedModel('LATTICE').wideShapes ?? []).map(([code]) => code)
    : [...wideChosen].filter(([, n]) => n >= minWideCount).map(([code]) => code).sort((a, b) => a - b);
const wideValue = new Map(wideCodes.map((code, k) => [code, k + 1]));
for (const { flat } of [...train, ...test]) {
  for (let i = WIDE_SHAPE_GROUP; i < flat.length; i += FEATURE_GROUP_COUNT) flat[i] = wideValue.get(flat[i]) ?? 0;
}
console.log(`wide shapes: ${wideChosen.size} chosen, ${wideCodes.length} chosen at least ${minWideCount} times`);
const VALUES = FEATURE_VALUES.map((count, g) => (g === WIDE_SHAPE_GROUP ? wideCodes.length + 1 : count));

function fit(competitions, withShapes) {
  const gammas = VALUES.map((count) => new Float64Array(count).fill(1));
  const groups = withShapes ? FEATURE_GROUP_COUNT : SHAPE_GROUP;
  const wins = VALUES.map((count) => new Float64Array(count));
  const seen = VALUES.map((count) => new Float64Array(count));
  let candidates = 0;
  for (const { flat, chosen, weights } of competitions) {
    if (weights === undefined) for (let g = 0; g < groups; g++) wins[g][flat[chosen * FEATURE_GROUP_COUNT + g]]++;
    else for (let k = 0; k < weights.length; k++) if (weights[k] > 0) for (let g = 0; g < groups; g++) wins[g][flat[k * FEATURE_GROUP_COUNT + g]] += weights[k];
    for (let k = 0; k < flat.length / FEATURE_GROUP_COUNT; k++) for (let g = 0; g < groups; g++) seen[g][flat[k * FEATURE_GROUP_COUNT + g]]++;
    candidates += flat.length / FEATURE_GROUP_COUNT;
  }
  // Every candidate's strength, kept up to date as each group's gammas change (one pass per group, not one per
  // group and candidate).
  const strengths = new Float64Array(candidates).fill(1);
  for (let it = 0; it < iterations; it++) {
    for (let g = 0; g < groups; g++) {
      const denominator = new Float64Array(gammas[g].length);
      let c = 0;
      for (const { flat } of competitions) {
        const count = flat.length / FEATURE_GROUP_COUNT;
        let total = 0;
        for (let k = 0; k < count; k++) total += strengths[c + k];
        for (let k = 0; k < count; k++) {
          const value = flat[k * FEATURE_GROUP_COUNT + g];
          denominator[value] += strengths[c + k] / gammas[g][value] / total;
        }
        c += count;
      }
      const before = Float64Array.from(gammas[g]);
      for (let value = 0; value < gammas[g].length; value++) {
        if (seen[g][value] === 0) continue;
        // Value 0 (the feature absent) is the group's reference; the shapes, which have none, lean on the virtual games.
        if (value === 0 && g !== SHAPE_GROUP) continue;
        const gamma = gammas[g][value];
        gammas[g][value] = (wins[g][value] + 1) / (denominator[value] + 2 / (gamma + 1));
      }
      c = 0;
      for (const { flat } of competitions) {
        const count = flat.length / FEATURE_GROUP_COUNT;
        for (let k = 0; k < count; k++) {
          const value = flat[k * FEATURE_GROUP_COUNT + g];
          strengths[c + k] *= gammas[g][value] / before[value];
        }
        c += count;
      }
    }
  }
  return { gammas, seen, groups };
}

/** How often the expert's move is the model's first choice, and the mean log-likelihood of the expert's move. */
function accuracy(model, competitions) {
  let right = 0;
  let logLikelihood = 0;
  for (const { flat, chosen } of competitions) {
    let best = -1;
    let bestStrength = -1;
    let total = 0;
    let chosenStrength = 0;
    for (let k = 0; k < flat.length / FEATURE_GROUP_COUNT; k++) {
      let s = 1;
      for (let g = 0; g < model.groups; g++) s *= model.gammas[g][flat[k * FEATURE_GROUP_COUNT + g]];
      if (s > bestStrength) {
        bestStrength = s;
        best = k;
      }
      total += s;
      if (k === chosen) chosenStrength = s;
    }
    if (best === chosen) right++;
    logLikelihood += Math.log(chosenStrength / total);
  }
  return { rate: right / competitions.length, logLikelihood: logLikelihood / competitions.length };
}

const round = (x) => Number(x.toPrecision(3));

if (measureModel !== null) {
  // The model file's two models, as gammas per group and value (shapes not listed: 1).
  for (const [name, withShapes] of positionsFile !== null ? [['GENERAL', false]] : [['LATTICE', true], ['GENERAL', false]]) {
    const stored = storedModel(name);
    const gammas = VALUES.map((count, g) => (g >= SHAPE_GROUP ? new Float64Array(count).fill(1) : Float64Array.from(stored.groups[g])));
    for (const [code, gamma] of stored.shapes) gammas[SHAPE_GROUP][code] = gamma;
    for (const [code, gamma] of stored.wideShapes ?? []) gammas[WIDE_SHAPE_GROUP][wideValue.get(code)] = gamma;
    const held = accuracy({ gammas, groups: withShapes ? FEATURE_GROUP_COUNT : SHAPE_GROUP }, test);
    console.log(`${name.toLowerCase()} (${measureModel}): first choice right in ${(100 * held.rate).toFixed(1)}% of the held-out positions, log-likelihood ${held.logLikelihood.toFixed(4)}`);
  }
  process.exit(0);
}

const models = {};
for (const [name, withShapes] of positionsFile !== null ? [['general', false]] : [['lattice', true], ['general', false]]) {
  const model = fit(train, withShapes);
  const held = accuracy(model, test);
  const seenBefore = accuracy(model, train);
  console.log(`${name}: first choice right in ${(100 * held.rate).toFixed(1)}% of the held-out positions, log-likelihood ${held.logLikelihood.toFixed(4)} (training: ${(100 * seenBefore.rate).toFixed(1)}%, ${seenBefore.logLikelihood.toFixed(4)})`);
  const groups = [];
  for (let g = 0; g < SHAPE_GROUP; g++) {
    groups.push(Array.from(model.gammas[g], round));
    console.log(`  ${FEATURE_GROUPS[g]}: ${groups[g].join(' ')}`);
  }
  const shapes = [];
  if (withShapes) {
    for (let code = 0; code < model.gammas[SHAPE_GROUP].length; code++) {
      if (model.seen[SHAPE_GROUP][code] >= minShapeCount) shapes.push([code, round(model.gammas[SHAPE_GROUP][code])]);
    }
    console.log(`  shapes: ${shapes.length} seen at least ${minShapeCount} times`);
  }
  const wideShapes = [];
  if (withShapes) for (let k = 0; k < wideCodes.length; k++) wideShapes.push([wideCodes[k], round(model.gammas[WIDE_SHAPE_GROUP][k + 1])]);
  models[name] = { groups, shapes, wideShapes };
}

if (out !== null) {
  // --keep-general: the general model stays as the --out file has it (retrain the lattice model alone).
  let general = JSON.stringify(models.general);
  let generalNote = '';
  if (keepGeneral) {
    const kept = /export const GENERAL_MODEL: PriorModel = (.*);\n/.exec(readFileSync(out, 'utf8'));
    if (kept === null) throw new Error(`--keep-general: no GENERAL_MODEL in ${out}`);
    const previous = JSON.parse(kept[1]);
    general = JSON.stringify(previous);
    generalNote = '\n * The general model is kept from an earlier fit (--keep-general).';
  }
  // --positions: the lattice model stays as the --out file has it, and so does its note.
  let lattice = JSON.stringify(models.lattice);
  let source = `${files.length} games
 * (${train.length} positions of ${teacher !== null ? `the move probabilities in ${teacher}` : `${player}'s moves`}; command in docs/bots.md)`;
  if (positionsFile !== null) {
    const previous = readFileSync(out, 'utf8');
    const kept = /export const LATTICE_MODEL: PriorModel = (.*);\n/.exec(previous);
    const keptSource = /generated by scripts\/train-prior.mjs from ([^;]*;[^)]*\))/.exec(previous);
    if (kept === null || keptSource === null) throw new Error(`--positions: no LATTICE_MODEL in ${out}`);
    lattice = kept[1];
    source = keptSource[1];
    generalNote = `\n * The general model: ${train.length} positions of graphs without square patterns labelled with the search's move shares (${positionsFile}).`;
  }
  const text = `/**
 * The learned prior's move model (bots/learned-prior.ts), generated by scripts/train-prior.mjs from ${source}. Strengths (gammas) per feature group and
 * value of bots/move-features.ts; value 0 of each group is the reference, 1. \`shapes\`: canonical 3x3 shape codes
 * and their strengths (codes not listed: 1); \`wideShapes\`: the same for the wide shapes' dictionary. Do not edit by hand: retrain.${generalNote}
 */
export interface PriorModel {
  readonly groups: readonly (readonly number[])[];
  readonly shapes: readonly (readonly [number, number])[];
  readonly wideShapes: readonly (readonly [number, number])[];
}

export const LATTICE_MODEL: PriorModel = ${lattice};

export const GENERAL_MODEL: PriorModel = ${general};
`;
  writeFileSync(out, text);
  console.log(`wrote ${out}`);
}
