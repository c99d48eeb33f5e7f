// graphgo's web page: plain JavaScript, no build step. It draws the graph in SVG, sends the person's moves to the
// local server (play/web-server.ts) and asks it for the computer's replies; fetch keeps the page responsive while the
// computer thinks. The game's setup and move list are kept in localStorage, so a reload (or a restarted server)
// brings the same game back.

const STORE_KEY = 'graphgo.web.game';
/** Whether the analysis was on, so that a reload keeps it. */
const ANALYSIS_KEY = 'graphgo.web.analyse';
/** How long the server analyses each position (it searches while the page waits, as for the computer's moves). */
const ANALYSIS_MILLISECONDS = 1000;
const SVG_NS = 'http://www.w3.org/2000/svg';

const ui = {
  status: document.getElementById('status'),
  spinner: document.getElementById('spinner'),
  result: document.getElementById('result'),
  board: document.getElementById('board'),
  message: document.getElementById('message'),
  pass: document.getElementById('pass'),
  undo: document.getElementById('undo'),
  hint: document.getElementById('hint'),
  resign: document.getElementById('resign'),
  analyse: document.getElementById('analyse'),
  analysis: document.getElementById('analysis'),
  winrateText: document.getElementById('winrate-text'),
  winrateBar: document.getElementById('winrate-bar'),
  winrateFill: document.getElementById('winrate-fill'),
  topMoves: document.getElementById('top-moves'),
  analysisNote: document.getElementById('analysis-note'),
  showLegal: document.getElementById('show-legal'),
  showLabels: document.getElementById('show-labels'),
  players: document.querySelector('#players tbody'),
  score: document.getElementById('score'),
  moves: document.getElementById('moves'),
  title: document.getElementById('game-title'),
  panel: document.getElementById('new-game-panel'),
  form: document.getElementById('new-game'),
  formError: document.getElementById('form-error'),
  spec: document.getElementById('graph-spec'),
  graphText: document.getElementById('graph-text'),
  graphFile: document.getElementById('graph-file'),
  rules: document.getElementById('rules'),
  color: document.getElementById('color'),
  bot: document.getElementById('bot'),
  playouts: document.getElementById('playouts'),
  seconds: document.getElementById('seconds'),
  seed: document.getElementById('seed'),
  layout: document.getElementById('layout'),
  familyHelp: document.getElementById('family-help'),
};

/**
 * What the server told us: info once, then the current game (full state with graph and setup). `analysis` is the
 * toggle and the last answer of /api/analyze; its `key` names the position it was asked for, so an answer that
 * arrives after the game moved on is kept for the panel (shown as stale) but never drawn on the board.
 */
const app = {
  info: null,
  game: null,
  drawing: null,
  busy: false,
  suggestion: null,
  analysis: { on: false, key: null, result: null, error: null, running: false },
};

class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

async function api(path, body) {
  const init = body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
  let response;
  try {
    response = await fetch(path, init);
  } catch (e) {
    throw new ApiError(0, `the server does not answer (${e.message}); is graphgo web still running?`);
  }
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = { error: `bad answer from the server (${response.status})` };
  }
  if (!response.ok) throw new ApiError(response.status, data.error ?? `error ${response.status}`);
  return data;
}

function colorName(c) {
  return app.info?.colorNames?.[c] ?? `Colour ${c}`;
}
function stoneColor(c) {
  return app.info?.stoneColors?.[c] ?? '#888';
}
function colorCount() {
  return app.game ? app.game.counters.length - 1 : 2;
}

// ---------------------------------------------------------------------------------------------------------------
// Storage

function save() {
  const g = app.game;
  if (!g) return;
  try {
    localStorage.setItem(STORE_KEY, JSON.stringify({ id: g.id, setup: g.setup, moves: g.moves.map((m) => m.move) }));
  } catch {
    // Storage full or disabled: the game still works, it just will not survive a reload.
  }
}

function loadSaved() {
  try {
    const saved = JSON.parse(localStorage.getItem(STORE_KEY) ?? 'null');
    if (saved && typeof saved.id === 'string' && saved.setup && Array.isArray(saved.moves)) return saved;
  } catch {
    // ignore a broken entry
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// Game flow

function setGame(full) {
  app.game = full;
  app.drawing = prepareDrawing(full.graph);
  app.suggestion = null;
  save();
  fillFormFromSetup(full.setup);
  render();
}

function update(partial) {
  app.game = { ...app.game, ...partial };
  app.suggestion = null;
  save();
  render();
}

function say(text, isError = false) {
  ui.message.textContent = text;
  ui.message.className = isError ? 'error' : '';
}

async function withBusy(task) {
  app.busy = true;
  render();
  try {
    await task();
  } catch (e) {
    say(e.message, true);
  } finally {
    app.busy = false;
    render();
  }
}

/** Lets the computer play until it is the person's turn or the game is over. */
async function runBots() {
  if (!app.game || app.game.over || app.game.humanToMove) return;
  await withBusy(async () => {
    const state = await api('/api/bot', { id: app.game.id });
    update(state);
    const last = state.played[state.played.length - 1];
    if (last) say(describeMove(last));
  });
}

async function playMove(move) {
  if (app.busy || !app.game || !app.game.humanToMove) return;
  let ok = false;
  await withBusy(async () => {
    const state = await api('/api/play', { id: app.game.id, move });
    update(state);
    say('');
    ok = true;
  });
  if (ok) await runBots();
}

async function startGame(setup) {
  await withBusy(async () => {
    const full = await api('/api/new', setup);
    setGame(full);
    ui.panel.open = false;
    say('');
  });
  await runBots();
}

async function resume(saved) {
  let full;
  try {
    full = await api(`/api/state?id=${encodeURIComponent(saved.id)}`);
  } catch (e) {
    if (!(e instanceof ApiError) || e.status !== 404) throw e;
    // The server no longer has this game: rebuild it from its setup and moves.
    full = await api('/api/new', { ...saved.setup, moves: saved.moves });
  }
  setGame(full);
  await runBots();
}

function describeMove(m) {
  const what = m.move === 'pass' ? 'passes' : m.move === 'resign' ? 'resigns' : `plays ${m.name}`;
  const captures = m.captured.length > 0 ? `, captures ${m.captured.length}` : '';
  const search = m.playouts ? ` (${m.seconds} s, ${m.playouts} playouts, win rate ${Math.round(m.winrate * 100)}%)` : '';
  return `${colorName(m.color)} ${what}${captures}${search}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Drawing

function prepareDrawing(graph) {
  const n = graph.n;
  const xs = graph.coords.map((c) => c[0]);
  const ys = graph.coords.map((c) => -c[1]);
  // The stone radius: a bit under half the closest distance between two vertices (and never above 0.45).
  let closest = Infinity;
  if (n <= 1600) {
    for (let u = 0; u < n; u++) {
      for (let v = u + 1; v < n; v++) closest = Math.min(closest, Math.hypot(xs[u] - xs[v], ys[u] - ys[v]));
    }
  }
  if (!Number.isFinite(closest) || closest <= 0) closest = 1;
  const r = Math.max(0.12, Math.min(0.45, 0.47 * closest));
  const lattice = graph.lattice;
  const segments = [];
  for (const [u1, v1, kind] of graph.links) {
    const u = u1 - 1;
    const v = v1 - 1;
    let dx = xs[v] - xs[u];
    let dy = ys[v] - ys[u];
    if (graph.wrap && lattice) {
      // A torus link that wraps around: two short stubs leaving the board instead of a line across it.
      let wrapped = false;
      if (Math.abs(dx) > lattice.width / 2) {
        dx -= Math.sign(dx) * lattice.width;
        wrapped = true;
      }
      if (Math.abs(dy) > lattice.height / 2) {
        dy -= Math.sign(dy) * lattice.height;
        wrapped = true;
      }
      if (wrapped) {
        segments.push({ x1: xs[u], y1: ys[u], x2: xs[u] + dx * 0.5, y2: ys[u] + dy * 0.5, cls: 'edge wrap' });
        segments.push({ x1: xs[v], y1: ys[v], x2: xs[v] - dx * 0.5, y2: ys[v] - dy * 0.5, cls: 'edge wrap' });
        continue;
      }
    }
    if (kind === 1) {
      // An arc u>v: v is a liberty of u. The arrow stops at the rim of v's stone.
      const length = Math.hypot(dx, dy) || 1;
      const cut = Math.min(r + 0.02, length / 2);
      segments.push({ x1: xs[u], y1: ys[u], x2: xs[v] - (dx / length) * cut, y2: ys[v] - (dy / length) * cut, cls: 'edge arc' });
    } else {
      segments.push({ x1: xs[u], y1: ys[u], x2: xs[v], y2: ys[v], cls: 'edge' });
    }
  }
  let minX = Math.min(...xs);
  let maxX = Math.max(...xs);
  let minY = Math.min(...ys);
  let maxY = Math.max(...ys);
  const margin = lattice ? 1.1 : 0.9;
  return { n, xs, ys, r, segments, lattice, box: [minX - margin, minY - margin, maxX - minX + 2 * margin, maxY - minY + 2 * margin], names: graph.names };
}

function el(name, attrs, parent) {
  const node = document.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (parent) parent.appendChild(node);
  return node;
}

/** The points of the moves since the person's last turn: the last move is ringed, what it captured crossed. */
function recentMoves(game) {
  const moves = game.moves;
  let from = moves.length - 1;
  while (from > 0 && moves[from].byBot) from--;
  return from < 0 ? [] : moves.slice(from);
}

function drawBoard() {
  const svg = ui.board;
  const d = app.drawing;
  const g = app.game;
  svg.replaceChildren();
  if (!d || !g) return;
  svg.setAttribute('viewBox', d.box.map((x) => x.toFixed(3)).join(' '));
  const defs = el('defs', {}, svg);
  const marker = el('marker', { id: 'arrow', viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 5, markerHeight: 5, orient: 'auto-start-reverse', markerUnits: 'strokeWidth' }, defs);
  el('path', { d: 'M0,0 L10,5 L0,10 z', class: 'arrow' }, marker);

  const edges = el('g', { class: 'edges' }, svg);
  for (const s of d.segments) {
    const line = el('line', { x1: s.x1, y1: s.y1, x2: s.x2, y2: s.y2, class: s.cls }, edges);
    if (s.cls.includes('arc')) line.setAttribute('marker-end', 'url(#arrow)');
  }
  if (d.lattice && d.lattice.width <= 25 && d.lattice.height <= 25) drawCoordinates(svg, d);

  const legal = new Set(g.legal);
  const recent = recentMoves(g);
  const last = g.moves.length > 0 ? g.moves[g.moves.length - 1] : null;
  const lastVertex = last && last.move !== 'pass' && last.move !== 'resign' ? Number(last.move) - 1 : -1;
  const captured = new Set();
  for (const m of recent) for (const v of m.captured) captured.add(v - 1);
  const human = g.human;
  const r = d.r;
  const analysis = currentAnalysis();
  const shades = analysis ? el('g', { class: 'shades' }, svg) : null;
  const ranks = new Map();
  if (analysis) analysis.moves.forEach((m, i) => /^\d+$/.test(m.move) && ranks.set(Number(m.move) - 1, i + 1));
  const points = el('g', { class: 'points' }, svg);
  for (let v = 0; v < d.n; v++) {
    const c = Number(g.position[v]) || 0;
    const classes = ['v', c === 0 ? 'empty' : `c${c}`];
    if (legal.has(v + 1)) classes.push('legal');
    const group = el('g', { class: classes.join(' '), transform: `translate(${d.xs[v]} ${d.ys[v]})`, 'data-vertex': v + 1, 'data-name': d.names[v], 'data-color': c }, points);
    el('circle', { class: 'hit', r }, group);
    if (c === 0) {
      el('circle', { class: 'pt', r: Math.min(0.07, r * 0.3) }, group);
      el('circle', { class: 'hintdot', r: r * 0.36, fill: stoneColor(human), stroke: '#333', 'stroke-width': 0.02 }, group);
      el('circle', { class: 'ghost', r, fill: stoneColor(human), stroke: '#111', 'stroke-width': 0.03 }, group);
      const label = el('text', { class: 'label', x: r * 0.5, y: -r * 0.5, 'font-size': (r * 0.55).toFixed(3) }, group);
      label.textContent = d.names[v];
      if (captured.has(v)) {
        const k = r * 0.3;
        el('path', { class: 'cap', d: `M${-k},${-k} L${k},${k} M${-k},${k} L${k},${-k}` }, group);
      }
    } else {
      el('circle', { class: 'stone', r, fill: stoneColor(c) }, group);
      if (v === lastVertex) el('circle', { class: 'last', r: r * 0.45, stroke: c === 1 || c === 4 || c === 6 || c === 9 ? '#fff' : '#111' }, group);
    }
    if (app.suggestion === v) el('circle', { class: 'suggest', r: r * 1.1 }, group);
    if (analysis) drawAnalysisAt(analysis, v, c, r, group, shades, ranks.get(v));
    const title = el('title', {}, group);
    title.textContent = `${d.names[v]}${c ? ` (${colorName(c)})` : ''}`;
  }
  const classes = [];
  if (g.humanToMove && !app.busy) classes.push('human-turn');
  if (ui.showLegal.checked) classes.push('show-legal');
  if (ui.showLabels.checked && !d.lattice) classes.push('show-labels');
  if (app.busy) classes.push('busy');
  svg.setAttribute('class', classes.join(' '));
}

/**
 * Ownership and the candidate's rank at vertex v. Ownership is a translucent square, Black's or White's by the sign
 * (with more colours, the leading colour's), as opaque as that colour's share of the simulations' ends: under the
 * point on an empty vertex, small and on top of a stone, where it tells whether the stone lives.
 */
function drawAnalysisAt(analysis, v, c, r, group, shades, rank) {
  let fill = null;
  let share = 0;
  if (analysis.ownership) {
    const x = analysis.ownership[v];
    fill = stoneColor(x >= 0 ? 1 : 2);
    share = Math.abs(x);
  } else if (analysis.owners) {
    const [owner, s] = analysis.owners[v];
    fill = owner > 0 ? stoneColor(owner) : null;
    share = s;
  }
  if (fill !== null && share >= 0.05) {
    const side = c === 0 ? r * 1.3 : r * 0.7;
    const square = { x: -side / 2, y: -side / 2, width: side, height: side, fill, 'fill-opacity': (0.75 * Math.min(1, share)).toFixed(3), 'data-vertex': v + 1 };
    if (c === 0) el('rect', { class: 'own', ...square, transform: `translate(${app.drawing.xs[v]} ${app.drawing.ys[v]})` }, shades);
    else el('rect', { class: 'own on-stone', ...square }, group);
  }
  if (rank !== undefined) {
    const mark = el('g', { class: rank === 1 ? 'rank best' : 'rank', 'data-rank': rank }, group);
    el('circle', { r: r * 0.55 }, mark);
    el('text', { 'font-size': (r * 0.7).toFixed(3) }, mark).textContent = String(rank);
  }
}

function drawCoordinates(svg, d) {
  const { width, height } = d.lattice;
  const letters = 'ABCDEFGHJKLMNOPQRSTUVWXYZ';
  const group = el('g', { class: 'coords' }, svg);
  const [bx, by, bw, bh] = d.box;
  for (let x = 0; x < width; x++) {
    for (const y of [by + 0.3, by + bh - 0.3]) el('text', { class: 'coord', x, y }, group).textContent = letters[x];
  }
  for (let y = 0; y < height; y++) {
    for (const x of [bx + 0.3, bx + bw - 0.3]) el('text', { class: 'coord', x, y: -y }, group).textContent = String(y + 1);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Panels

function render() {
  const g = app.game;
  drawBoard();
  ui.spinner.hidden = !app.busy;
  document.body.dataset.busy = String(app.busy);
  renderAnalysis();
  if (!g) {
    ui.status.textContent = app.busy ? 'Starting…' : 'Choose a board and press Start';
    for (const b of [ui.pass, ui.undo, ui.hint, ui.resign]) b.disabled = true;
    return;
  }
  if (g.over) ui.status.textContent = 'Game over';
  else if (app.busy && !g.humanToMove) ui.status.textContent = `${colorName(g.toMove)} is thinking…`;
  else if (g.humanToMove) {
    // The server searches on the person's time (graphgo web without --no-ponder) when the bot has a search tree.
    const pondering = app.info?.ponder && g.setup?.bot === 'uct' ? ' · the computer thinks on your time' : '';
    ui.status.textContent = `Your move (${colorName(g.human)})${pondering}`;
  }
  else ui.status.textContent = `${colorName(g.toMove)} to move`;
  ui.status.dataset.state = g.over ? 'over' : g.humanToMove ? 'human' : 'computer';

  ui.result.hidden = !g.over;
  if (g.over) {
    const verdict = g.winner === g.human ? 'You win.' : g.winner === 0 ? 'A tie.' : 'The computer wins.';
    ui.result.replaceChildren();
    const score = document.createElement('span');
    score.className = 'score';
    score.textContent = g.result;
    const reason = g.reason ? ` ${g.reason.charAt(0).toUpperCase()}${g.reason.slice(1)}.` : '';
    ui.result.append(score, document.createTextNode(`${verdict}${reason}`));
  }
  ui.pass.disabled = app.busy || !g.canPass;
  ui.hint.disabled = app.busy || !g.humanToMove;
  ui.resign.disabled = app.busy || !g.humanToMove;
  ui.undo.disabled = app.busy || !g.canUndo;

  const spec = g.setup.graph ?? 'a graph file';
  ui.title.textContent = `${spec} · ${g.rules}`;
  const famine = / passes=paid /.test(` ${g.rules} `);
  ui.players.replaceChildren();
  for (let c = 1; c <= colorCount(); c++) {
    const row = document.createElement('tr');
    if (!g.over && g.toMove === c) row.className = 'to-move';
    const cells = [
      !g.over && g.toMove === c ? '▶' : '',
      null,
      c === g.human ? 'you' : 'computer',
      String(g.prisoners[c]),
      famine ? String(g.counters[c]) : `(${g.counters[c]})`,
    ];
    cells.forEach((text, i) => {
      const td = document.createElement('td');
      if (i === 1) {
        const sw = document.createElement('span');
        sw.className = 'swatch';
        sw.style.background = stoneColor(c);
        td.append(sw, document.createTextNode(` ${colorName(c)}`));
      } else td.textContent = text;
      row.appendChild(td);
    });
    ui.players.appendChild(row);
  }
  const counts = [];
  for (let c = 1; c <= colorCount(); c++) counts.push(`${colorName(c)} ${g.score.scores[c]}`);
  ui.score.textContent = g.score.exact
    ? `Count if the game ended now: ${counts.join(', ')}`
    : `Famine: a pass costs 1 from the counter; whoever can neither play nor pass loses. Area estimate: ${counts.join(', ')}`;

  ui.moves.replaceChildren();
  for (const m of g.moves) {
    const li = document.createElement('li');
    const sw = document.createElement('span');
    sw.className = 'swatch';
    sw.style.background = stoneColor(m.color);
    const what = m.move === 'pass' ? 'pass' : m.move === 'resign' ? 'resign' : m.name;
    li.append(sw, document.createTextNode(` ${what}${m.captured.length ? ` ×${m.captured.length}` : ''}`));
    ui.moves.appendChild(li);
  }
  ui.moves.scrollTop = ui.moves.scrollHeight;
  // After this change has settled (a move's answer, then the computer's): see whether the analysis is due.
  if (app.analysis.on) queueMicrotask(() => void refreshAnalysis());
}

// ---------------------------------------------------------------------------------------------------------------
// Analysis

/** The position an analysis is for: the same game, moves and stones. */
function positionKey(g) {
  return `${g.id} ${g.moveCount} ${g.toMove} ${g.position}`;
}

/** The analysis of the position on the board, or null (off, not there yet, or of an earlier position). */
function currentAnalysis() {
  const a = app.analysis;
  return a.on && a.result && app.game && a.key === positionKey(app.game) ? a.result : null;
}

/**
 * Asks the server to analyse the position when it is the person's turn and no answer for it is there or on its
 * way. Render calls it after every change, so the analysis follows each move, undo and new game. While the
 * computer thinks nothing is asked: the server searches one request at a time, and the reply comes first.
 */
async function refreshAnalysis() {
  const a = app.analysis;
  const g = app.game;
  if (!a.on || !g || g.over || app.busy || !g.humanToMove) return;
  const key = positionKey(g);
  if (a.key === key) return;
  a.key = key;
  a.running = true;
  a.error = null;
  renderAnalysis();
  try {
    const result = await api('/api/analyze', { id: g.id, milliseconds: ANALYSIS_MILLISECONDS });
    if (a.key === key) a.result = result;
  } catch (e) {
    if (a.key === key) {
      a.result = null;
      a.error = e.message;
    }
  } finally {
    if (a.key === key) {
      a.running = false;
      render();
    }
  }
}

function percent(x) {
  return `${(x * 100).toFixed(1)}%`;
}

function renderAnalysis() {
  const a = app.analysis;
  const g = app.game;
  ui.analyse.setAttribute('aria-pressed', String(a.on));
  ui.analysis.hidden = !a.on;
  if (!a.on) {
    ui.analysis.dataset.state = 'off';
    return;
  }
  const current = currentAnalysis();
  const fresh = g && a.key === positionKey(g);
  let state;
  let note;
  if (!g) [state, note] = ['waiting', ''];
  else if (g.over) [state, note] = ['over', 'The game is over: nothing to analyse.'];
  else if (fresh && a.error) [state, note] = ['error', `No analysis: ${a.error}`];
  else if (fresh && a.running) [state, note] = ['running', 'Analysing…'];
  else if (current) [state, note] = ['ready', `${current.simulations.toLocaleString('en')} simulations in ${(current.milliseconds / 1000).toFixed(1)} s`];
  else [state, note] = ['waiting', 'The analysis comes when it is your move.'];
  ui.analysis.dataset.state = state;
  ui.analysisNote.textContent = note;
  // The last answer stays in the panel, dimmed, until the next one comes; the board shows only the current one.
  const shown = current ?? (state === 'running' || state === 'waiting' ? a.result : null);
  ui.analysis.classList.toggle('stale', shown !== null && shown !== current);
  ui.winrateBar.hidden = !shown || shown.winrate === null;
  ui.topMoves.replaceChildren();
  if (!shown) {
    ui.winrateText.textContent = '';
    return;
  }
  const mover = shown.color;
  const who = `${colorName(mover)}${g && mover === g.human ? ' (you)' : ''}`;
  if (shown.winrate === null) ui.winrateText.textContent = `${who}: no move visited`;
  else {
    ui.winrateText.textContent = `${who} to move: win rate ${percent(shown.winrate)}`;
    ui.winrateFill.style.width = `${(shown.winrate * 100).toFixed(1)}%`;
    ui.winrateFill.style.background = stoneColor(mover);
    // Two colours: the rest of the bar is the opponent's; with more, a neutral track.
    ui.winrateBar.style.background = colorCount() === 2 ? stoneColor(3 - mover) : '';
    ui.winrateBar.setAttribute('aria-valuenow', (shown.winrate * 100).toFixed(1));
  }
  shown.moves.forEach((m, i) => {
    const li = document.createElement('li');
    li.dataset.move = m.move;
    const name = document.createElement('b');
    name.textContent = m.name;
    const pv = document.createElement('span');
    pv.className = 'pv';
    // The line that follows the move, as far as the search saw it.
    pv.textContent = m.pv.length > 1 ? ` ${m.pv.slice(1, 8).join(' ')}${m.pv.length > 8 ? ' …' : ''}` : '';
    li.append(name, document.createTextNode(` ${percent(m.winrate)} · ${m.visits.toLocaleString('en')} visits`), pv);
    li.title = `rank ${i + 1}`;
    ui.topMoves.appendChild(li);
  });
}

function setAnalysis(on) {
  app.analysis = { on, key: null, result: null, error: null, running: false };
  try {
    localStorage.setItem(ANALYSIS_KEY, on ? '1' : '0');
  } catch {
    // Storage disabled: the toggle just does not survive a reload.
  }
  render();
}

// ---------------------------------------------------------------------------------------------------------------
// The new-game form

function fillForm(info) {
  ui.color.replaceChildren();
  for (let c = 1; c <= 9; c++) {
    const option = document.createElement('option');
    option.value = String(c);
    option.textContent = `${info.colorNames[c]} (${c})`;
    ui.color.appendChild(option);
  }
  ui.bot.replaceChildren();
  for (const name of info.bots) {
    const option = document.createElement('option');
    option.value = name;
    option.textContent = name;
    ui.bot.appendChild(option);
  }
  ui.bot.value = info.defaults.bot;
  ui.playouts.value = String(info.defaults.playouts);
  ui.seconds.value = String(info.defaults.seconds);
  ui.familyHelp.textContent = `Families: ${info.families.join(' · ')}`;
}

function fillFormFromSetup(setup) {
  if (setup.graph !== undefined) {
    ui.spec.value = setup.graph;
    ui.form.elements.source.value = 'spec';
  } else {
    ui.graphText.value = setup.graphText ?? '';
    ui.form.elements.source.value = 'file';
  }
  ui.rules.value = setup.rules.replace(/ ko=\S+ suicide=\S+ passes=\S+ scoring=\S+/, '');
  ui.color.value = String(setup.color);
  ui.bot.value = setup.bot;
  ui.playouts.value = setup.playouts ?? '';
  ui.seconds.value = setup.seconds ?? '';
  ui.seed.value = setup.seed;
  ui.layout.value = setup.layout;
}

function readForm() {
  const setup = {
    rules: ui.rules.value.trim() || 'famine',
    color: Number(ui.color.value),
    bot: ui.bot.value,
    seed: ui.seed.value.trim() || '1',
    layout: ui.layout.value,
  };
  if (ui.form.elements.source.value === 'file') {
    if (ui.graphText.value.trim() === '') throw new Error('paste a graph file or choose one');
    setup.graphText = ui.graphText.value;
  } else {
    setup.graph = ui.spec.value.trim() || 'grid 9 9';
  }
  if (ui.playouts.value.trim() !== '') setup.playouts = Number(ui.playouts.value);
  if (ui.seconds.value.trim() !== '') setup.seconds = Number(ui.seconds.value);
  return setup;
}

ui.form.addEventListener('submit', async (event) => {
  event.preventDefault();
  ui.formError.textContent = '';
  let setup;
  try {
    setup = readForm();
  } catch (e) {
    ui.formError.textContent = e.message;
    return;
  }
  app.busy = true;
  render();
  try {
    const full = await api('/api/new', setup);
    setGame(full);
    ui.panel.open = false;
    say('');
  } catch (e) {
    ui.formError.textContent = e.message;
  } finally {
    app.busy = false;
    render();
  }
  await runBots();
});

ui.graphFile.addEventListener('change', async () => {
  const file = ui.graphFile.files?.[0];
  if (!file) return;
  ui.graphText.value = await file.text();
  ui.form.elements.source.value = 'file';
});
ui.graphText.addEventListener('input', () => {
  if (ui.graphText.value.trim() !== '') ui.form.elements.source.value = 'file';
});
ui.spec.addEventListener('input', () => {
  ui.form.elements.source.value = 'spec';
});

// ---------------------------------------------------------------------------------------------------------------
// Board and buttons

ui.board.addEventListener('click', (event) => {
  const group = event.target.closest?.('g.v');
  if (!group || !app.game) return;
  if (app.busy) return;
  if (!app.game.humanToMove) {
    say(app.game.over ? 'The game is over: undo, or start a new game.' : 'Wait for the computer’s move.', true);
    return;
  }
  void playMove(group.dataset.vertex);
});

ui.pass.addEventListener('click', () => void playMove('pass'));
ui.resign.addEventListener('click', () =>
  withBusy(async () => {
    const state = await api('/api/resign', { id: app.game.id });
    update(state);
    say('You resigned. Undo takes it back.');
  }),
);
ui.undo.addEventListener('click', () =>
  withBusy(async () => {
    const state = await api('/api/undo', { id: app.game.id });
    update(state);
    say(`Took back ${state.undone} move${state.undone === 1 ? '' : 's'}.`);
  }),
);
ui.hint.addEventListener('click', () =>
  withBusy(async () => {
    const hint = await api('/api/hint', { id: app.game.id });
    const rate = hint.winrate === null ? '' : ` (your win rate ${Math.round(hint.winrate * 100)}%)`;
    say(hint.move === 'resign' ? `Hint: resign (the computer sees no way to win${rate})` : `Hint: ${hint.name}${rate}`);
    app.suggestion = /^\d+$/.test(hint.move) ? Number(hint.move) - 1 : null;
  }),
);
ui.analyse.addEventListener('click', () => setAnalysis(!app.analysis.on));
ui.showLegal.addEventListener('change', () => render());
ui.showLabels.addEventListener('change', () => render());
document.addEventListener('keydown', (event) => {
  // Letters typed into the form's fields, drop-downs included (typing "u" picks "uct"), are the form's, not shortcuts.
  const target = event.target;
  const typing = target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;
  if (typing || event.ctrlKey || event.metaKey || event.altKey) return;
  if (event.key === 'p' && !ui.pass.disabled) ui.pass.click();
  else if (event.key === 'u' && !ui.undo.disabled) ui.undo.click();
  else if (event.key === 'h' && !ui.hint.disabled) ui.hint.click();
  else if (event.key === 'a') ui.analyse.click();
});

// ---------------------------------------------------------------------------------------------------------------
// Start

async function main() {
  try {
    app.info = await api('/api/info');
  } catch (e) {
    ui.status.textContent = e.message;
    return;
  }
  fillForm(app.info);
  try {
    app.analysis.on = localStorage.getItem(ANALYSIS_KEY) === '1';
  } catch {
    // no storage: the analysis starts off
  }
  const saved = loadSaved();
  if (saved) {
    try {
      await resume(saved);
      return;
    } catch (e) {
      say(`Could not bring back the last game: ${e.message}`, true);
      localStorage.removeItem(STORE_KEY);
    }
  }
  // First visit: the default game (9x9, famine rules, you play Black).
  ui.panel.open = true;
  await startGame(readForm());
}

void main();
