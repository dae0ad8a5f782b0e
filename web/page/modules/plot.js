// The side plot: every state along the Gray path (across) and its value as a binary number (up),
// the current state and the goal marked. Every point is the engine's: one table of positions
// (/api/table, distances to all off), so the page computes no Gray code. Beyond 10 rings the
// curve is the table of the top 10: a state's top 10 rings fix both its value and its position
// to within 1/1024 of the plot (less than a pixel), and one answer draws it at once.
import { ask } from './engine.js';
import { say, errorWords, wordPicture } from './i18n.js';
import { game, view, goalState } from './game.js';
import { setMessage } from './messages.js';
import { el } from './board.js';
import { on } from './events.js';
import { drawsPicture } from './shapes.js';
import { subject, piecesShown } from './shown.js';

const P = { w: 600, h: 200, pad: 6 };
const plot = { marker: null, n: 0, seq: 0 };
const CURVE_RINGS = 10;

const last = (n) => (1n << BigInt(n)) - 1n;
// v / 2^n as a float in [0, 1), for any size of n.
const fraction = (v, n) => (n <= 50 ? Number(v) / 2 ** n : Number(v >> BigInt(n - 50)) / 2 ** 50);
const px = (p, n) => P.pad + (n === 0 ? 0 : Number((p * 1000000n) / last(n)) / 1000000) * (P.w - 2 * P.pad);
const py = (v, n) => P.h - P.pad - fraction(v, n) * (P.h - 2 * P.pad);

// A state's place on the plot from the engine's answer: its position and its value.
const point = (s, n) => [px(BigInt(s.position), n), py(BigInt(s.decimal), n)];

export async function buildPlot() {
  showPlotLinks();
  const seq = ++plot.seq;
  const n = game.n;
  const k = Math.min(n, CURVE_RINGS);
  // The table's rows come in order of value (row v is the state whose value is v).
  const answers = await Promise.all([ask('table', { n: k, to: 'off' }), ask('state', { state: goalState() })])
    .catch(() => null);
  if (!answers || seq !== plot.seq) return;
  const [table, goal] = answers;
  const points = table.rows.map((r, v) => [px(BigInt(r.distance), k), py(BigInt(v), k)]).sort((a, b) => a[0] - b[0]);
  const box = document.getElementById('plot');
  box.textContent = '';
  const svg = el('svg', { viewBox: `0 0 ${P.w} ${P.h}`, class: 'plot-view', role: 'img' });
  el('rect', { x: 0, y: 0, width: P.w, height: P.h, class: 'plot-bg' }, svg);
  el('polyline', { points: points.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' '), class: 'curve' }, svg);
  const [gx, gy] = point(goal, n);
  el('rect', { width: 10, height: 10, class: 'goal-mark', x: gx - 5, y: gy - 5 }, svg);
  plot.marker = el('g', { class: 'marker' }, svg);
  el('line', { y1: 0, y2: P.h, class: 'now-line' }, plot.marker);
  el('circle', { r: 6, class: 'now-dot' }, plot.marker);
  plot.n = n;
  box.appendChild(svg);
}

on('game', () => buildPlot());

export function movePlotMarker(s = view.info) {
  if (!plot.marker || plot.n !== game.n || !s || piecesShown()) return;
  const [x, y] = point(s, game.n);
  const line = plot.marker.querySelector('line');
  line.setAttribute('x1', x);
  line.setAttribute('x2', x);
  plot.marker.querySelector('circle').setAttribute('cx', x);
  plot.marker.querySelector('circle').setAttribute('cy', y);
}

// The same pictures as `rings plot` and `rings animate`, drawn by the engine and opened in a
// tab: each with its parameters for the game shown, and whether it fits (bounded as the API's:
// 2^16 states for the lengths, whose games of pieces have at most 10 pieces here; the hypercube
// and the Sierpiński graph are each one puzzle's, shapes.js; an animation of more than 2000
// moves, only of a few puzzles of 9 or 10 pieces, is refused by the engine, which says so).
const PICTURES = {
  'plot-path': (s) => [{ kind: 'path', from: s.state, to: s.goal }, s.n <= 20],
  'plot-lengths': (s) => [{ kind: 'lengths', n: s.n }, s.n <= 16],
  'plot-cube': (s) => [{ kind: 'hypercube', n: s.n }, drawsPicture('hypercube', s.puzzle) && s.n <= 6],
  'plot-sierpinski': (s) => [{ kind: 'sierpinski', from: s.state, to: s.goal }, drawsPicture('sierpinski', s.puzzle) && s.n <= 6],
  'plot-animate': (s) => [{ kind: 'animate', from: s.state, to: s.goal }, s.n <= 10],
};

on('info', () => movePlotMarker());
on('puzzle', () => showPlotLinks());

export function showPlotLinks() {
  for (const [id, what] of Object.entries(PICTURES)) document.getElementById(id).hidden = !what(subject())[1];
}

export function wirePlotLinks() {
  for (const [id, what] of Object.entries(PICTURES)) {
    const a = document.getElementById(id);
    a.href = '#';
    a.addEventListener('click', async (ev) => {
      ev.preventDefault();
      const tab = window.open('', '_blank');
      try {
        // The engine's picture, its words (marked data-word) in the page's language.
        const s = subject();
        const svg = wordPicture(await ask('plot', { ...what(s)[0], ...s.params }));
        const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
        if (tab) tab.location.href = url;
      } catch (e) {
        tab?.close();
        setMessage(say('error', { e: errorWords(e) }), 'error');
      }
    });
  }
}
