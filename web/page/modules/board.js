// The board: up to 64 rings drawn on the bar, beyond that a compact grid. It shows the state
// it is given (only the rings that changed are touched, so a move at 1000 rings is one repaint)
// and reports clicks; what a click does is play.js's.
import { t, say } from './i18n.js';
import { game, view, ringOn, goalState } from './game.js';
import { setMessage } from './messages.js';

const DRAWN = 64;  // up to this many rings are drawn on the bar; beyond, a grid
const SVG = 'http://www.w3.org/2000/svg';
export const el = (name, attrs = {}, parent = null) => {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
};

// Geometry of the drawn view, in SVG units. Ring N is at the left (the handle), ring 1 at the
// free end on the right, so the board reads like the binary notation. The shuttle's two rails are
// at barY ± rail; a ring on it is centred there, a ring off hangs below on its post.
const G = { step: 40, left: 56, barY: 70, rail: 7, onY: 70, offY: 150, base: 210, rx: 26, ry: 40, label: 242, goal: 262 };
const MIN_STEP = 26;  // pixels a drawn ring takes at the least
// The compact view: cells a row (fewer on a narrow board, so that its ring numbers stay
// readable), a cell's size and a row's height (the cells and their numbers).
const cols = () => (document.getElementById('board').clientWidth < 700 ? 25 : 50);
const CELL = 16, ROW = 32, MARGIN = 16;
// The parts of each ring; the key of what each shows; its height; the click handler; the columns.
const board = { rings: [], parts: [], drawn: [], at: [], onClick: null, cols: 0 };

const drawnView = () => game.n <= DRAWN;
const ringX = (k) => G.left + (game.n - k) * G.step;
const at = (x, y) => `translate(${x}px, ${y}px)`;

// A ring in four quarters, each its own element, so that layers can be set between them: the
// next ring lies over one quarter of this one and under another (the rings interlink), and the
// shuttle's rails pass in front of the left side of a ring on it and behind the right.
const { rx, ry } = G;
const QUARTERS = {
  ll: `M0 ${ry}A${rx} ${ry} 0 0 1 ${-rx} 0`, ur: `M0 ${-ry}A${rx} ${ry} 0 0 1 ${rx} 0`,
  lr: `M${rx} 0A${rx} ${ry} 0 0 1 0 ${ry}`, ul: `M${-rx} 0A${rx} ${ry} 0 0 1 0 ${-ry}`,
};

export function buildBoard(onRingClick) {
  const box = document.getElementById('board');
  box.querySelectorAll('svg').forEach((e) => e.remove());
  board.onClick = onRingClick;
  board.rings = [];
  board.parts = [];
  board.drawn = [];
  board.at = [];
  const svg = drawnView() ? drawnBoard() : compactBoard();
  box.appendChild(svg);
  requestAnimationFrame(() => { box.scrollLeft = box.scrollWidth; });  // once laid out anyway
  // One ring in the tab order (the selected one); the arrow keys choose another (controls.js).
  svg.addEventListener('focusin', (ev) => {
    const g = ev.target.closest('.ring');
    if (g && Number(g.dataset.ring) !== view.selected) {
      view.selected = Number(g.dataset.ring);
      drawState();
    }
  });
  svg.addEventListener('click', (ev) => {
    const g = ev.target.closest('.ring');
    if (!g) return;
    const ring = Number(g.dataset.ring);
    view.selected = ring;
    const pair = ev.shiftKey && ring <= 2 && game.double;
    onRingClick({ ring: pair ? 1 : ring, pair });
  });
}

// The compact grid's columns follow the board's width: a resize across it draws the grid again.
addEventListener('resize', () => {
  if (!board.onClick || drawnView() || cols() === board.cols) return;
  buildBoard(board.onClick);
  drawState({ all: true });
});

function drawnBoard() {
  const width = G.left + game.n * G.step + 24;
  const svg = el('svg', { viewBox: `0 -24 ${width} 300`, class: 'rings-view' });
  // Never smaller than MIN_STEP pixels a ring (labels stay readable): a board wider than its box
  // scrolls sideways inside it, and opens at the free end, where the moves are.
  svg.style.minWidth = `${(width * MIN_STEP) / G.step}px`;
  // Back to front: the posts, the base they pass through, the shuttle, the rings' quarters in
  // the order that interlinks them, the rails' pieces in front of the rings' left sides, then
  // each ring's numbers, goal and click area.
  const layer = (cls) => el('g', { class: cls }, svg);
  const posts = layer('posts');
  el('rect', { x: 8, y: G.base, width: width - 16, height: 12, rx: 4, class: 'base' }, svg);
  // The shuttle: a long loop, its handle at the far end, its free end at ring 1's side.
  el('rect', { x: 10, y: G.barY - G.rail, width: width - 22, height: 2 * G.rail, rx: G.rail, class: 'shuttle' }, svg);
  el('rect', { x: 10, y: G.barY - 16, width: 34, height: 32, rx: 10, class: 'handle' }, svg);
  const quarters = Object.fromEntries(Object.keys(QUARTERS).map((q) => [q, layer(`quarters ${q}`)]));
  const fronts = layer('rails-front');
  const marks = layer('marks');
  board.freeEnd = el('text', { x: width - 6, y: -8, class: 'free-end' }, marks);
  board.goalLabel = el('text', { x: G.left - 14, y: G.goal + 5, class: 'goal-label' }, marks);
  const reach = Math.sqrt(1 - (G.rail / G.ry) ** 2) * G.rx;  // where a rail crosses a ring's side
  for (let k = game.n; k >= 1; k--) {
    const x = ringX(k);
    const post = el('line', { x1: x, x2: x, y2: G.base + 18, class: 'post', 'data-ring': k }, posts);
    const arcs = [];
    const edges = [];  // a dark edge under each quarter, so that a ring in front is seen in front
    const places = Object.entries(QUARTERS).map(([q, d]) => {
      const place = el('g', {}, quarters[q]);
      edges.push(el('path', { d, class: 'edge' }, place));
      arcs.push(el('path', { d, class: `arc ${q}`, 'data-ring': k }, place));
      return place;
    });
    const front = [-1, 1].map((side) => el('line', {
      x1: x - reach - 6, x2: x - reach + 6, y1: G.barY + side * G.rail, y2: G.barY + side * G.rail,
      class: 'rail-front', 'data-ring': k,
    }, fronts));
    const g = el('g', { class: 'ring', 'data-ring': k, role: 'button', tabindex: -1 }, marks);
    el('rect', { x: x - G.step / 2, y: -24, width: G.step, height: 300, class: 'hit' }, g);
    const arrow = el('text', { x, class: 'arrow' }, g);
    el('text', { x, y: G.label, class: 'label' }, g).textContent = k;
    const goal = el('circle', { cx: x, cy: G.goal, r: 6, class: 'goal' }, g);
    board.rings[k] = g;
    board.parts[k] = { arcs, edges, places, front, post, arrow, goal };
  }
  return svg;
}

function compactBoard() {
  board.cols = cols();
  const rows = Math.ceil(game.n / board.cols);
  const svg = el('svg', { viewBox: `0 0 ${board.cols * CELL + 2 * MARGIN} ${rows * ROW + 4}`, class: 'grid-view' });
  for (let k = game.n; k >= 1; k--) {
    const i = game.n - k;
    const x = MARGIN + (i % board.cols) * CELL, y = 4 + Math.floor(i / board.cols) * ROW;
    const g = el('g', { class: 'ring cell', 'data-ring': k, role: 'button', tabindex: -1 }, svg);
    el('rect', { x, y, width: CELL - 2, height: CELL - 2, rx: 3 }, g);
    // The goal: a dot in the cell when the ring is on in it.
    const goal = el('circle', { cx: x + CELL / 2 - 1, cy: y + CELL / 2 - 1, r: 2.5, class: 'goal' }, g);
    // Ring 1 (the free end) and every tenth ring numbered under its cell.
    if (k === 1 || k % 10 === 0) el('text', { x: x + CELL / 2 - 1, y: y + CELL + 12, class: 'label' }, g).textContent = k;
    el('title', {}, g).textContent = k;
    board.rings[k] = g;
    board.parts[k] = { arcs: [], edges: [], goal };
  }
  return svg;
}

// Shows game.state (and the goal, the hint, the selected ring); `all` redraws every ring (a new
// language).
export function drawState({ all = false } = {}) {
  const callout = document.querySelector('.callout');
  if (!board.onClick) return;  // not built yet
  callout.hidden = true;
  document.querySelectorAll('#board .refused').forEach((e) => e.classList.remove('refused'));
  const hinted = view.hinted;
  const goal = goalState();
  if (drawnView() && (all || !board.freeEnd.textContent)) {
    board.freeEnd.textContent = `${t('free-end')} →`;
    board.goalLabel.textContent = t('goal');
  }
  for (let k = 1; k <= game.n; k++) {
    const on = ringOn(game.state, k);
    const goalOn = ringOn(goal, k);
    const isHint = !!hinted && (hinted.ring === k || (hinted.pair && k === 2));
    const key = `${on}${goalOn}${isHint}${k === view.selected}${all ? Math.random() : ''}`;
    if (board.drawn[k] === key) continue;
    board.drawn[k] = key;
    const g = board.rings[k];
    const parts = board.parts[k];
    for (const e of [g, ...parts.arcs]) {
      e.classList.toggle('on', on);
      e.classList.toggle('hinted', isHint);
      e.classList.toggle('selected', k === view.selected);
    }
    parts.goal.classList.toggle('goal-on', goalOn);
    g.setAttribute('tabindex', k === view.selected ? 0 : -1);
    g.setAttribute('aria-label', `${t('ring', { k })}: ${t(on ? 'on' : 'off')}; ${t('goal')}: ${t(goalOn ? 'on' : 'off')}`);
    if (drawnView()) {
      const x = ringX(k), y = on ? G.onY : G.offY;
      const was = board.at[k];
      board.at[k] = y;
      if (was !== undefined && was !== y && !all) moveRing(k, x, was, y);
      for (const place of parts.places) place.style.transform = at(x, y);
      for (const line of parts.front) line.classList.toggle('shown', on);
      parts.post.setAttribute('y1', y + G.ry);
      parts.arrow.setAttribute('y', y - G.ry - 8);
      parts.arrow.textContent = isHint ? (on ? '↓' : '↑') : '';
    }
  }
}

// A ring moved the way the hand moves it: lifted over the free end of the shuttle, slid toward it
// and dropped through (or back up onto it). Quick moves (auto-play beyond a few a second, or a
// reader who asked for less motion) just take their place.
function moveRing(k, x, from, to) {
  if (view.fast || matchMedia('(prefers-reduced-motion: reduce)').matches) return;
  const top = Math.min(from, to) - G.ry - 4;
  const { places } = board.parts[k];
  const moving = [board.rings[k], ...board.parts[k].arcs];
  moving.forEach((e) => e.classList.add('moving'));
  let done = 0;
  for (const place of places) {
    place.animate([
      { transform: at(x, from) },
      { transform: at(x + G.step / 3, top), offset: 0.45 },
      { transform: at(x, to) },
    ], { duration: 320, easing: 'ease-in-out' }).finished.then(() => {
      if (++done === places.length) moving.forEach((e) => e.classList.remove('moving'));
    }, () => {});
  }
}

// Keyboard focus to the selected ring, when a ring has it (the arrow keys move it along).
export function focusSelected() {
  if (!document.activeElement?.closest?.('.ring')) return;
  board.rings[view.selected]?.focus();
}

// The refusal under the rings again, in the page's (new) language.
export function rewordCallout() {
  const callout = document.querySelector('.callout');
  if (!callout || !board.calloutWhy) return;
  const reason = board.calloutWhy();
  callout.textContent = reason.charAt(0).toUpperCase() + reason.slice(1);
  callout.hidden = false;
}

// An illegal click: the ring shakes red and the engine's reason appears under the board, below
// the ring (never over the rings).
// `why`: the reason's words, a function of the page's language (so the message line rewords).
export function refuse(move, why) {
  const reason = why();
  const k = move.pair ? 1 : move.ring;
  const g = board.rings[k];
  drawState();
  if (!g) return setMessage(say('refused', { why }), 'error');
  for (const e of [g, ...board.parts[k].arcs, ...board.parts[k].edges]) e.classList.add('refused');
  setMessage(say('refused', { why }), 'error');
  const box = document.getElementById('board');
  const callout = document.querySelector('.callout');
  callout.textContent = reason.charAt(0).toUpperCase() + reason.slice(1);
  callout.hidden = false;
  board.calloutWhy = why;
  const ringBox = g.querySelector('.hit, rect').getBoundingClientRect();
  const boardBox = box.getBoundingClientRect();
  // Below the ring as far as the board's width allows, its arrow pointing up at the ring.
  const centre = ringBox.left + ringBox.width / 2 - boardBox.left;
  const width = Math.min(300, boardBox.width);
  callout.style.width = `${width}px`;
  const left = Math.max(0, Math.min(boardBox.width - width, centre - width / 2));
  callout.style.marginLeft = `${left}px`;
  callout.style.setProperty('--arrow', `${Math.max(8, Math.min(width - 8, centre - left))}px`);
  callout.dataset.ring = k;
}
