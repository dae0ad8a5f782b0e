// The game: its states as the engine writes them (binary, ring N first), the moves made, the
// goal, and how it is kept across reloads (this browser's storage) and shared (the URL).
// Nothing here judges or applies a move: the engine does (play.js).
import { puzzleOf } from './catalogue.js';
import { RINGS, ringShaped } from './shapes.js';

export const MAX_RINGS = 1000;     // the rings the page's board draws at most (the engine takes more)
export const HISTORY_CAP = 10000;  // moves kept for undo and across reloads
export const SPEEDS = [1, 2, 4, 8, 16, 32, 64, 128, 512, 1000];  // auto-play, moves a second

// history: the moves made, each a ring number, or 0 for rings 1+2 together; made: how many
// moves were made (the history keeps only the last HISTORY_CAP).
export const game = {
  n: 9, state: '', start: '', goal: 'off', target: '', double: false,
  history: [], redo: [], made: 0, optimum: null,
};
// family: a puzzle of pieces is shown (pieces.js), whose game the URL holds instead.
export const view = { speed: 3, selected: 1, hinted: null, info: null, family: false };

export const encodeMove = (m) => (m.pair ? 0 : m.ring);
export const decodeMove = (x) => (x === 0 ? { ring: 1, pair: true } : { ring: x, pair: false });
// Ring k of a state as the engine writes it in binary (ring N first).
export const ringOn = (state, k) => state[state.length - k] === '1';

export const allOff = (n) => '0'.repeat(n);
export const goalState = () =>
  game.goal === 'on' ? '1'.repeat(game.n) : game.goal === 'off' ? allOff(game.n) : game.target;
export const modeParams = () => (game.double ? { double: '1' } : {});
export const startFor = (n) => (game.goal === 'on' ? allOff(n) : '1'.repeat(n));

export function randomState(n) {
  const bytes = new Uint8Array(n);
  crypto.getRandomValues(bytes);
  return [...bytes].map((b) => (b & 1 ? '1' : '0')).join('');
}

// The URL and this browser's storage follow the game just after the frame that shows the change
// (history.replaceState took 5 ms of each click's frame at 1000 rings), and at most every 250 ms
// (browsers throttle replaceState), the last change of a burst always written. Whatever else
// writes the URL, and a page being left or hidden, writes a pending change first (flushSave).
const SAVE_EVERY_MS = 250;
let saveTimer = null;  // -1: waiting for the frame
let savedAt = -Infinity;
export function save() {
  if (saveTimer !== null) return;
  saveTimer = -1;
  requestAnimationFrame(() => {
    if (saveTimer === -1) saveTimer = setTimeout(saveNow, Math.max(0, savedAt + SAVE_EVERY_MS - performance.now()));
  });
}
export function flushSave() {
  if (saveTimer !== null) saveNow();
}
addEventListener('pagehide', flushSave);
addEventListener('visibilitychange', () => document.hidden && flushSave());

function saveNow() {
  clearTimeout(saveTimer);
  saveTimer = null;
  savedAt = performance.now();
  const stored = {
    n: game.n, state: game.state, start: game.start, goal: game.goal, target: game.target,
    double: game.double, history: game.history.slice(-HISTORY_CAP), redo: game.redo.slice(-HISTORY_CAP),
    made: game.made, speed: view.speed,
  };
  try {
    localStorage.setItem('rings.game', JSON.stringify(stored));
  } catch (e) { /* storage full or disabled: the URL still holds the state */ }
  if (view.family) return;  // a speed changed while a family game is shown: its URL stays
  const q = new URLSearchParams({ n: game.n, s: game.state, goal: game.goal === 'any' ? game.target : game.goal });
  if (game.double) q.set('double', '1');
  const lang = new URLSearchParams(location.search).get('lang');  // a link's language stays
  if (lang) q.set('lang', lang);
  history.replaceState(null, '', `?${q}`);
}

// The game to start with: a shared link first, then what this browser saved. Returns
// { n, state, start, stored, problem } for newGame (a saved history only when it leads to that
// state); `problem` says what a link got wrong (the page then shows that, not a silent other game).
export function loadGame() {
  let stored = null;
  try { stored = JSON.parse(localStorage.getItem('rings.game') || 'null'); } catch (e) { stored = null; }
  const q = new URLSearchParams(location.search);
  const bin = /^[01]+$/;
  const short = (x) => (x.length > 24 ? `${x.slice(0, 24)}…` : x);
  let state = null;
  let problem = null;
  let n = null;
  // A link to a puzzle of pieces (pieces.js) leaves the rings' game as this browser saved it.
  const family = q.has('puzzle') && !ringShaped(q.get('puzzle'));
  const usual = Math.min(puzzleOf(RINGS).default_size, MAX_RINGS);  // the catalogue's
  const linked = !family && (q.has('s') || q.has('n') || q.has('goal'));
  if (q.has('n')) {
    const k = Number(q.get('n'));
    if (Number.isInteger(k) && k >= 1 && k <= MAX_RINGS) n = k;
    else problem = ['link-bad-rings', { n: short(q.get('n')), max: MAX_RINGS }];
  }
  if (q.has('s')) {
    const s = q.get('s');
    if (bin.test(s) && s.length <= MAX_RINGS) {
      if (n !== null && n !== s.length) problem = ['link-rings-mismatch', { n, k: s.length }];
      state = s;
      n = s.length;
    } else {
      problem = ['link-bad-state', { s: short(s), max: MAX_RINGS }];
    }
  }
  if (linked && !problem) {
    const goal = q.get('goal') || 'off';
    const size = n ?? usual;
    game.goal = goal === 'on' || goal === 'off' ? goal : 'any';
    game.target = game.goal === 'any' && bin.test(goal) && goal.length === size ? goal : '';
    if (game.goal === 'any' && !game.target) {
      game.goal = 'off';
      problem = ['link-bad-goal', { g: short(goal), n: size }];
    }
    game.double = q.get('double') === '1';
  } else if (!linked && stored && bin.test(stored.state || '') && stored.state.length <= MAX_RINGS) {
    state = stored.state;
    game.goal = ['on', 'off', 'any'].includes(stored.goal) ? stored.goal : 'off';
    game.target = stored.target || '';
    game.double = !!stored.double;
  }
  if (stored && Number.isInteger(stored.speed) && stored.speed >= 0 && stored.speed < SPEEDS.length) view.speed = stored.speed;
  n = state ? state.length : n ?? usual;
  const same = state && stored && stored.state === state && stored.n === n && bin.test(stored.start || '') &&
    stored.start.length === n && Array.isArray(stored.history);
  if (!same) return { n, start: state || startFor(n), state: null, problem };
  const moves = (list) => (Array.isArray(list) ? list.filter((x) => Number.isInteger(x) && x >= 0 && x <= n) : []);
  return {
    n, start: stored.start, state, problem,
    history: moves(stored.history), redo: moves(stored.redo),
    made: Number.isInteger(stored.made) && stored.made >= 0 ? stored.made : stored.history.length,
  };
}

// The games left by a new game, a reset or a random start, newest last: undo goes back to them.
const GAMES_KEPT = 20;
export const earlier = [];

export function keepGame() {
  if (!game.state) return;  // nothing to go back to yet
  earlier.push({
    n: game.n, state: game.state, start: game.start, goal: game.goal, target: game.target,
    double: game.double, history: [...game.history], redo: [...game.redo], made: game.made,
    optimum: game.optimum,
  });
  if (earlier.length > GAMES_KEPT) earlier.shift();
}
