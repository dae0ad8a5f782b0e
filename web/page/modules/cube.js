// The hypercube (Cleve Moler's picture of the state space): the engine's drawing of every state,
// every move and the Gray path, shown live beside the game up to 6 rings, the current state and
// the goal marked on it. The drawing sits in a shadow root, so its style sheet stays its own.
import { ask } from './engine.js';
import { game, goalState } from './game.js';
import { wordPicture } from './i18n.js';
import { on } from './events.js';

export const CUBE_MAX = 6;  // the engine draws the cube up to this many rings
const cube = { n: 0, svg: null, seq: 0, now: null, goal: null };

on('game', () => buildCube());
on('info', () => markCube());

export async function buildCube() {
  const section = document.getElementById('cube-section');
  section.hidden = game.n > CUBE_MAX;
  cube.svg = null;
  if (game.n > CUBE_MAX) return;
  const seq = ++cube.seq;
  const text = await ask('plot', { kind: 'hypercube', n: game.n }).catch(() => null);
  if (!text || seq !== cube.seq) return;
  const host = document.getElementById('cube');
  const root = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
  root.textContent = '';
  const style = document.createElement('style');
  style.textContent = `svg { display: block; width: 100%; height: auto; }
    .title, .subtitle { display: none; }
    .now { fill: none; stroke: #c0392b; stroke-width: 5; }
    .goal-now { fill: #1f8a4c; opacity: .8; }`;
  root.appendChild(style);
  const svg = new DOMParser().parseFromString(text, 'image/svg+xml').documentElement;
  svg.setAttribute('role', 'img');
  wordPicture(svg);  // its tooltips in the page's language
  root.appendChild(svg);
  const mark = (cls, size) => {
    const e = document.createElementNS('http://www.w3.org/2000/svg', cls === 'now' ? 'circle' : 'rect');
    e.setAttribute('class', cls);
    if (cls === 'now') e.setAttribute('r', size);
    else { e.setAttribute('width', size); e.setAttribute('height', size); }
    svg.appendChild(e);
    return e;
  };
  cube.goal = mark('goal-now', 12);
  cube.now = mark('now', 13);
  cube.svg = svg;
  cube.n = game.n;
  markCube();
}

// The cube's words again, in the page's language now.
export function rewordCube() {
  if (cube.svg) wordPicture(cube.svg);
}

// The current state and the goal on the cube: the corners the engine labelled with them.
export function markCube(state = game.state) {
  if (!cube.svg || cube.n !== game.n) return;
  const place = (e, s, centred) => {
    const v = cube.svg.querySelector(`circle[data-state="${s}"]`);
    e.style.display = v ? '' : 'none';
    if (!v) return;
    const [x, y] = [Number(v.getAttribute('cx')), Number(v.getAttribute('cy'))];
    if (centred) { e.setAttribute('cx', x); e.setAttribute('cy', y); }
    else { e.setAttribute('x', x - 6); e.setAttribute('y', y - 6); }
  };
  place(cube.now, state, true);
  place(cube.goal, goalState(), false);
  cube.svg.querySelector('circle.vertex')?.parentNode.appendChild(cube.now);  // above the corners
}
