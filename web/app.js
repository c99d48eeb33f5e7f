// graphgo's web page: plain JavaScript, no build step. It draws the graph in SVG, sends the person's moves to the
// local server (play/web-server.ts) and asks it for the computer's replies; fetch keeps the page responsive while the
// computer thinks. The game's setup and move list are kept in localStorage, so a reload (or a restarted server)
// brings the same game back.

const STORE_KEY = 'graphgo.web.game';
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

/** What the server told us: info once, then the current game (full state with graph and setup). */
const app = { info: null, game: null, drawing: null, busy: false, suggestion: null };

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
  if (!g) {
    ui.status.textContent = app.busy ? 'Starting…' : 'Choose a board and press Start';
    for (const b of [ui.pass, ui.undo, ui.hint, ui.resign]) b.disabled = true;
    return;
  }
  if (g.over) ui.status.textContent = 'Game over';
  else if (app.busy && !g.humanToMove) ui.status.textContent = `${colorName(g.toMove)} is thinking…`;
  else if (g.humanToMove) ui.status.textContent = `Your move (${colorName(g.human)})`;
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
ui.showLegal.addEventListener('change', () => render());
ui.showLabels.addEventListener('change', () => render());
document.addEventListener('keydown', (event) => {
  if (event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement || event.ctrlKey || event.metaKey) return;
  if (event.key === 'p' && !ui.pass.disabled) ui.pass.click();
  else if (event.key === 'u' && !ui.undo.disabled) ui.undo.click();
  else if (event.key === 'h' && !ui.hint.disabled) ui.hint.click();
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
