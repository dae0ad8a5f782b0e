// The board: up to 64 rings drawn on the bar, beyond that a compact grid. It shows the state
// it is given (only the rings that changed are touched, so a move at 1000 rings is one repaint)
// and reports clicks; what a click does is play.js's.
import { t, say } from './i18n.js';
import { game, view, ringOn } from './game.js';
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
// free end on the right, so the board reads like the binary notation.
const G = { step: 40, left: 56, barY: 70, onY: 70, offY: 150, base: 210, rx: 26, ry: 40 };
const COLS = 50;  // cells a row in the compact view
const MIN_STEP = 26;  // pixels a drawn ring takes at the least
const board = { rings: [], drawn: null, at: [] };  // the ring elements; what each shows (a key a ring); its height

const drawnView = () => game.n <= DRAWN;
const ringX = (k) => G.left + (game.n - k) * G.step;

export function buildBoard(onRingClick) {
  const box = document.getElementById('board');
  box.querySelectorAll('svg, .callout').forEach((e) => e.remove());
  board.rings = [];
  board.drawn = [];
  board.at = [];
  let svg;
  if (drawnView()) {
    const width = G.left + game.n * G.step + 24;
    svg = el('svg', { viewBox: `0 0 ${width} 250`, class: 'rings-view' });
    // Never smaller than MIN_STEP pixels a ring (labels stay readable): a board wider than its box
    // scrolls sideways inside it, and opens at the free end, where the moves are.
    svg.style.minWidth = `${(width * MIN_STEP) / G.step}px`;
    el('rect', { x: 8, y: G.base, width: width - 16, height: 12, rx: 4, class: 'base' }, svg);
    // The bar: a long loop with a handle at the left.
    el('rect', { x: 10, y: G.barY - 7, width: width - 22, height: 14, rx: 7, class: 'bar' }, svg);
    el('rect', { x: 10, y: G.barY - 16, width: 34, height: 32, rx: 10, class: 'handle' }, svg);
    for (let k = game.n; k >= 1; k--) {
      const g = el('g', { class: 'ring', 'data-ring': k, role: 'button', tabindex: -1 }, svg);
      el('rect', { x: -G.step / 2, y: 0, width: G.step, height: 250, class: 'hit' }, g);
      el('line', { x1: 0, x2: 0, y2: G.base, class: 'rod' }, g);
      const lift = el('g', { class: 'lift' }, g);
      el('ellipse', { cx: 0, cy: 0, rx: G.rx, ry: G.ry, class: 'loop' }, lift);
      el('text', { x: 0, y: -G.ry - 8, class: 'arrow' }, lift);
      const label = el('text', { x: 0, y: 242, class: 'label' }, g);
      label.textContent = k;
      g.style.transform = `translate(${ringX(k)}px, 0px)`;
      board.rings[k] = g;
    }
  } else {
    const rows = Math.ceil(game.n / COLS);
    svg = el('svg', { viewBox: `0 0 ${COLS * 16 + 8} ${rows * 16 + 8}`, class: 'grid-view' });
    for (let k = game.n; k >= 1; k--) {
      const i = game.n - k;
      const g = el('g', { class: 'ring cell', 'data-ring': k, role: 'button', tabindex: -1 }, svg);
      el('rect', { x: 4 + (i % COLS) * 16, y: 4 + Math.floor(i / COLS) * 16, width: 14, height: 14, rx: 3 }, g);
      el('title', {}, g).textContent = k;
      board.rings[k] = g;
    }
  }
  box.appendChild(svg);
  requestAnimationFrame(() => { box.scrollLeft = box.scrollWidth; });  // once laid out anyway
  const callout = document.createElement('div');
  callout.className = 'callout';
  callout.hidden = true;
  box.appendChild(callout);
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

// Shows game.state (and the hint, the selected ring); `all` redraws every ring (a new
// language).
export function drawState({ all = false } = {}) {
  const callout = document.getElementById('board').querySelector('.callout');
  if (!callout) return;  // not built yet
  callout.hidden = true;
  document.querySelectorAll('.ring.refused').forEach((g) => g.classList.remove('refused'));
  const hinted = view.hinted;
  for (let k = 1; k <= game.n; k++) {
    const on = ringOn(game.state, k);
    const isHint = !!hinted && (hinted.ring === k || (hinted.pair && k === 2));
    const key = `${on}${isHint}${k === view.selected}${all ? Math.random() : ''}`;
    if (board.drawn[k] === key) continue;
    board.drawn[k] = key;
    const g = board.rings[k];
    g.classList.toggle('on', on);
    g.classList.toggle('hinted', isHint);
    g.classList.toggle('selected', k === view.selected);
    g.setAttribute('tabindex', k === view.selected ? 0 : -1);
    g.setAttribute('aria-label', `${t('ring', { k })}: ${t(on ? 'on' : 'off')}`);
    if (drawnView()) {
      const y = on ? G.onY : G.offY;
      const lift = g.querySelector('.lift');
      const was = board.at[k];
      board.at[k] = y;
      if (was !== undefined && was !== y && !all) moveRing(lift, was, y);
      lift.style.transform = `translate(0px, ${y}px)`;
      g.querySelector('.rod').setAttribute('y1', y + G.ry);
      g.querySelector('.arrow').textContent = isHint ? (on ? '↓' : '↑') : '';
    }
  }
}

// A ring moved the way the hand moves it: lifted over the free end of the shuttle, slid toward it
// and dropped through (or back up onto it). Quick moves (auto-play beyond a few a second, or a
// reader who asked for less motion) just take their place.
function moveRing(lift, from, to) {
  if (view.fast || matchMedia('(prefers-reduced-motion: reduce)').matches) return;
  const top = Math.min(from, to) - G.ry - 4;
  lift.animate([
    { transform: `translate(0px, ${from}px)` },
    { transform: `translate(${G.step / 3}px, ${top}px)`, offset: 0.45 },
    { transform: `translate(0px, ${to}px)` },
  ], { duration: 320, easing: 'ease-in-out' });
}

// Keyboard focus to the selected ring, when a ring has it (the arrow keys move it along).
export function focusSelected() {
  if (!document.activeElement?.closest?.('.ring')) return;
  board.rings[view.selected]?.focus();
}

// The refusal beside the rings again, in the page's (new) language.
export function rewordCallout() {
  const callout = document.getElementById('board').querySelector('.callout');
  if (!callout || !board.calloutWhy) return;
  const reason = board.calloutWhy();
  callout.textContent = reason.charAt(0).toUpperCase() + reason.slice(1);
  callout.hidden = false;
}

// An illegal click: the ring shakes red and the engine's reason appears next to it.
// `why`: the reason's words, a function of the page's language (so the message line rewords).
export function refuse(move, why) {
  const reason = why();
  const k = move.pair ? 1 : move.ring;
  const g = board.rings[k];
  drawState();
  if (!g) return setMessage(say('refused', { why }), 'error');
  g.classList.add('refused');
  setMessage(say('refused', { why }), 'error');
  const box = document.getElementById('board');
  const callout = box.querySelector('.callout');
  callout.textContent = reason.charAt(0).toUpperCase() + reason.slice(1);
  callout.hidden = false;
  board.calloutWhy = why;
  const ringBox = g.getBoundingClientRect();
  const boardBox = box.getBoundingClientRect();
  // In the board's scrolled content: beside the ring, within the part of the board in view.
  const centre = ringBox.left + ringBox.width / 2 - boardBox.left + box.scrollLeft;
  const width = Math.min(300, boardBox.width - 8);
  callout.style.width = `${width}px`;
  const [low, high] = [box.scrollLeft + 4, box.scrollLeft + boardBox.width - width - 4];
  callout.style.left = `${Math.max(low, Math.min(high, centre - width / 2))}px`;
  callout.style.top = drawnView() ? '4px' : `${ringBox.bottom - boardBox.top + 4}px`;
  callout.dataset.ring = k;
}
