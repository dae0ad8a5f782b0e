// The family's puzzles (docs/family.md): Spin-Out, The Brain, the Hexadecimal Puzzle, the Crazy
// Elephant Dance and the Towers of Hanoi, picked in the Game panel. Each is drawn as it looks;
// every move is the engine's to judge (GET /api/move?puzzle=…), and the distance, the next
// optimal move and the reasons are its answers (GET /api/state?puzzle=…). The page only draws
// the digits the engine writes (piece N first) and words the engine's rule codes. The panels
// (plan, move-list check, lists, plots, auto-play) ask about `subject()`: this game or the rings'.
import { t, say, ui, I18N, errorWords, famName } from './i18n.js';
import { ask } from './engine.js';
import { game, view, goalState, modeParams, flushSave } from './game.js';
import { setMessage } from './messages.js';
import { el } from './board.js';
import { showPlotLinks } from './plot.js';
import { showPlan, nextMilestone } from './plan.js';
import { stopAuto } from './autoplay.js';
import { showVerifyScope } from './verify.js';
import { forgetList } from './lists.js';

// The puzzles of the menu (the Hexadecimal Puzzle with its most played key; a link may name any
// key), and the pieces a board draws at most.
export const PUZZLES = ['rings', 'spin-out', 'brain', 'hexadecimal:1110', 'elephant', 'hanoi'];
export const FAMILY_MAX = 10;
const HEX = /^hexadecimal:[01]{4}$/;
export const isPuzzleName = (p) => PUZZLES.includes(p) || HEX.test(p);

// The family game shown: its puzzle ('rings' when the rings' game is shown), pieces, states as
// the engine writes them (its goal too), the moves made and undone ({piece, from, to}), the
// engine's answer for the state, and the first lines of the solution as the engine writes it (how
// a move list is written for this puzzle).
export const fam = {
  puzzle: 'rings', n: 3, state: '', start: '', goal: '', history: [], redo: [], made: 0, optimum: null,
  info: null, example: '', selected: null, hinted: null, refused: null,
};
// The games a new one replaced, newest last (undo goes back to them); {puzzle: 'rings'} is the
// rings' game, left as it was.
const famEarlier = [];
let famSeq = 0;

export const isFamily = () => fam.puzzle !== 'rings';
// The game the panels speak of: its puzzle, pieces, state, goal, moves made, the engine's answer
// for the state, and the parameters that name its puzzle (or the rings' mode) in a question.
export const subject = () => (isFamily()
  ? { puzzle: fam.puzzle, n: fam.n, state: fam.state, goal: fam.goal, made: fam.made, info: fam.info, params: { puzzle: fam.puzzle } }
  : { puzzle: 'rings', n: game.n, state: game.state, goal: goalState(), made: game.made, info: view.info, params: modeParams() });
const kind = (p = fam.puzzle) => p.split(':')[0];
const famWords = (l = ui.lang) => I18N[l].family ?? I18N.en.family;
const digit = (state, k) => Number(state[state.length - k]);

// A puzzle's name, a piece ("disc 3"), a position ("peg 2"), and a count of pieces, in the
// page's language.
export const puzzleName = (p, l = ui.lang) => famName(l, p);
const pieceWord = (k, l = ui.lang) => `${famWords(l).piece[kind()][0]} ${k}`;
const piecesWord = (n, l = ui.lang) => famWords(l).piece[kind()][n === 1 ? 0 : 1];
const posWord = (d, l = ui.lang) => famWords(l).pos[kind()][d] ?? String(d);

// The engine's reason in the page's language, from its rule code and fields (English: the
// engine's own words).
export function familyReason(why, l = ui.lang) {
  if (!why) return '';
  const word = famWords(l).reason?.[why.rule];
  if (l === 'en' || !word) return why.text ?? why.rule;
  return word({
    k: why.piece, from: why.from, to: why.to, other: why.other, needed: why.needed, found: why.found,
    pieces: why.pieces, P: (k) => pieceWord(k, l), N: (d) => posWord(d, l),
  });
}
const moveWords = (m) => `${pieceWord(m.piece)}: ${posWord(m.from)} → ${posWord(m.to)}`;

// A milestone of a family plan (/api/plan?puzzle=) in the page's language, from its goal as the
// engine gives it: `piece` (a move) or `arrange` (pieces 1..`pieces`: piece `pieces` at below[0],
// the next at below[1], …, the others at `rest`). English: the engine's own words.
export function familyMilestone(m, l = ui.lang) {
  const words = famWords(l).plan;
  if (l === 'en' || !words) return m.text;
  const P = (k) => pieceWord(k, l);
  const N = (d) => posWord(d, l);
  if (m.goal === 'piece') return words.piece({ P, N, k: m.piece, from: m.from, to: m.to });
  const parts = m.below.map((d, i) => ({ lo: m.pieces - i, hi: m.pieces - i, d }));
  if (m.pieces > m.below.length) parts.push({ lo: 1, hi: m.pieces - m.below.length, d: m.rest });
  return words.arrange({ parts, N, R: (lo, hi) => (lo === hi ? P(lo) : `${piecesWord(2, l)} ${lo}–${hi}`) });
}

// The page's title and heading name the puzzle shown (九連環 / 九连环 itself in Chinese).
export function showTitle() {
  const chinese = ui.lang.startsWith('zh');
  const name = isFamily() ? puzzleName(fam.puzzle) : t('title');
  document.querySelector('h1 [data-i18n="title"]').textContent = name;
  document.querySelector('h1 .han').hidden = chinese || isFamily();
  document.title = chinese || isFamily() ? name : `${name} · 九連環`;
}

function showPanels() {
  document.body.classList.toggle('family', isFamily());
  view.family = isFamily();
  document.getElementById('board').hidden = isFamily();
  document.getElementById('family-board').hidden = !isFamily();
  document.getElementById('puzzle').value = PUZZLES.includes(fam.puzzle) ? fam.puzzle : addOption(fam.puzzle);
  if (isFamily()) document.getElementById('rings').value = fam.n;  // the count box shows this game's
  // Ring numbers (the toggles format) are the rings' alone.
  const format = document.getElementById('list-format');
  if (isFamily() && format.value === 'toggles') format.value = 'moves';
  showTitle();
  showPlotLinks();
}
function addOption(p) {
  const menu = document.getElementById('puzzle');
  if (![...menu.options].some((o) => o.value === p)) menu.appendChild(new Option(p, p));
  return p;
}

// The URL keeps the family game (puzzle, pieces, state, goal) as it keeps the rings'.
function famSave() {
  flushSave();  // the rings' game, written first, is not written over this one later
  const q = new URLSearchParams({ puzzle: fam.puzzle, n: fam.n, s: fam.state, goal: 'goal' });
  const lang = new URLSearchParams(location.search).get('lang');
  if (lang) q.set('lang', lang);
  history.replaceState(null, '', `?${q}`);
}

// The family game a link names (`puzzle=`, `n=`, `s=`), or null for the rings.
export function familyLink(search = location.search) {
  const q = new URLSearchParams(search);
  const p = q.get('puzzle');
  if (!p || p === 'rings' || !isPuzzleName(p)) return null;
  const n = Number(q.get('n'));
  const s = q.get('s');
  const good = s && /^[0-2]+$/.test(s) && s.length <= FAMILY_MAX;
  return { puzzle: p, n: good ? s.length : Number.isInteger(n) && n >= 1 && n <= FAMILY_MAX ? n : 3, state: good ? s : null };
}

// A new game of `puzzle` with n pieces from `state` (default: its start). The game it replaces
// (a family game, or the rings' game) is kept for undo. `puzzle` 'rings' shows the rings again.
export async function startFamily(puzzle, n, state = null, { keep = true } = {}) {
  stopAuto();
  if (keep) famEarlier.push(isFamily() ? snapshot() : { puzzle: 'rings' });
  if (famEarlier.length > 20) famEarlier.shift();
  if (puzzle === 'rings') return showRings();
  const seq = ++famSeq;
  try {
    const s = await ask('state', { puzzle, state: state ?? 'start', n });
    // Its goal, and how its moves are written (the first moves of a solution from its start).
    const [goal, example] = await Promise.all([
      ask('state', { puzzle, state: 'goal', n: s.pieces }),
      ask('solve', { puzzle, n: s.pieces, format: 'moves', limit: 2 }),
    ]);
    if (seq !== famSeq) return;
    Object.assign(fam, {
      puzzle, n: s.pieces, state: s.state, start: s.state, goal: goal.state, history: [], redo: [], made: 0,
      optimum: s.distance, info: s, example: example.trim(), selected: null, hinted: null, refused: null,
    });
    showPanels();
    famChanged();
    rewordFamily();
    setMessage(famNewWords(), '');
  } catch (e) {
    setMessage(say('error', { e: errorWords(e) }), 'error');
  }
}
const famNewWords = () => () => t('fam-new', { puzzle: puzzleName(fam.puzzle), n: fam.n, pieces: piecesWord(fam.n), optimum: fam.optimum });
const snapshot = () => ({ ...fam, history: [...fam.history], redo: [...fam.redo] });

function showRings() {
  fam.puzzle = 'rings';
  fam.history = [];
  setMessage(' ');  // a family message words its puzzle's pieces: not the rings'
  showPanels();
  document.dispatchEvent(new Event('rings:back'));  // the rings' game shows itself again
}

// Everything after a change of state: the board, the URL and the panels at once; the counters
// from the engine.
function famChanged() {
  drawFamily();
  famSave();
  showVerifyScope();
  forgetList();
  showFamilyCounters();
  return famRefresh();
}

async function famRefresh() {
  const seq = ++famSeq;
  const s = await ask('state', { puzzle: fam.puzzle, state: fam.state });
  if (seq !== famSeq) return;
  fam.info = s;
  showFamilyCounters();
  if (s.distance === '0' && fam.made > 0) {
    stopAuto();
    setMessage(say('solved', { moves: fam.made, optimum: fam.optimum }), 'solved');
  }
}

export function showFamilyCounters() {
  if (!isFamily()) return;
  document.getElementById('moves-made').textContent = fam.made;
  document.getElementById('remaining').textContent = fam.info?.distance ?? '…';
  document.getElementById('fam-state').textContent = fam.state;
  document.body.classList.toggle('solved', fam.info?.distance === '0');
  document.getElementById('undo').disabled = !fam.history.length && !famEarlier.length;
  document.getElementById('redo').disabled = !fam.redo.length;
  if (fam.info?.state === fam.state) showPlan();
}

// A move asked of the engine: made when legal, else refused with its reason by the piece.
let famQueue = Promise.resolve();
function famTurn(work) {
  const run = famQueue.then(work);
  famQueue = run.catch((e) => setMessage(say('error', { e: errorWords(e) }), 'error'));
  return run;
}

// `as`: 'play' (the player's move), 'undo' or 'redo' (the history's moves made again).
export function familyMove(piece, to = null, { as = 'play' } = {}) {
  stopAuto();
  return famTurn(async () => {
    const params = { puzzle: fam.puzzle, state: fam.state, piece };
    if (to !== null) params.to = to;
    const a = await ask('move', params);
    fam.selected = null;
    fam.hinted = null;
    if (!a.legal) {
      fam.refused = piece;
      drawFamily();
      const why = () => familyReason(a.why);
      setMessage(say('refused', { why }), 'error');
      return false;
    }
    fam.refused = null;
    fam.state = a.state;
    if (as === 'undo') {
      fam.redo.push(fam.history.pop());
      fam.made--;
    } else {
      fam.history.push(as === 'redo' ? fam.redo.pop() : a.move);
      if (as === 'play') fam.redo = [];
      fam.made++;
    }
    const said = () => `${moveWords(a.move)} (${familyReason(a.why)})`;
    setMessage(as === 'play' ? said : ' ');
    const before = fam.info?.distance;
    await famChanged();
    // A legal move can still lead away from the goal: the engine's distance says so.
    const after = fam.info?.distance;
    if (as === 'play' && before !== undefined && BigInt(after) > BigInt(before) &&
        document.getElementById('message').textContent === said()) {
      setMessage(() => `${said()} ${t('away', { before, after })}`, 'warn');
    }
    return true;
  });
}

export function familyUndo() {
  stopAuto();
  if (fam.history.length) {
    const m = fam.history[fam.history.length - 1];
    return familyMove(m.piece, m.from, { as: 'undo' });
  }
  const before = famEarlier.pop();
  if (!before) return setMessage(say('nothing-to-undo'));
  if (before.puzzle === 'rings') {
    ++famSeq;
    return showRings();
  }
  return restoreGame(before);
}

export function familyRedo() {
  const m = fam.redo[fam.redo.length - 1];
  if (!m) return setMessage(say('nothing-to-redo'));
  return familyMove(m.piece, m.to, { as: 'redo' });
}

// Back to a family game that was left (undo of a new game or of a puzzle picked).
function restoreGame(before) {
  ++famSeq;
  Object.assign(fam, before);
  showPanels();
  setMessage(say('undo-game'));
  return famChanged();
}

// Undo on the rings' game that a family game was left for: back to that game.
export function familyBack() {
  const before = famEarlier.pop();
  if (!before || before.puzzle === 'rings') return;
  restoreGame(before);
}

export function familyHint() {
  stopAuto();
  const m = fam.info?.next;
  if (!m) return setMessage(say('at-goal'));
  fam.hinted = m.piece;
  fam.refused = null;
  drawFamily();
  // Why this move: the rule that allows it, and the milestone of the plan it serves.
  const said = say('hint-msg', { move: () => moveWords(m), why: () => familyReason(m.why) });
  setMessage(nextMilestone() ? () => `${said()} ${t('hint-serves', { m: nextMilestone() })}` : said, 'hint');
}

// Moves the engine made (auto-play, GET /api/hint?puzzle=…&k=…): their list and the state after.
export function familyMade(moves, state) {
  fam.history.push(...moves.map(({ piece, from, to }) => ({ piece, from, to })));
  fam.made += moves.length;
  fam.redo = [];
  fam.state = state;
  fam.hinted = null;
  return famChanged();
}

// The board. Piece N at the left, piece 1 (the free end) at the right, as the states are
// written; the Towers of Hanoi as three pegs, the smallest disc piece 1.
const W = 360;
export function drawFamily() {
  if (!isFamily()) return;
  const box = document.getElementById('family-board');
  const focused = document.activeElement?.closest?.('#family-board [data-piece], #family-board [data-peg]');
  const svg = kind() === 'hanoi' ? hanoiBoard() : rowBoard();
  // Enter or Space on a piece or a peg (in the tab order) is a click on it.
  svg.addEventListener('keydown', (ev) => {
    const g = ev.target.closest('[data-piece], [data-peg]');
    if (!g || (ev.key !== 'Enter' && ev.key !== ' ')) return;
    ev.preventDefault();
    ev.stopPropagation();
    g.dispatchEvent(new MouseEvent('click', { bubbles: true }));
  });
  box.replaceChildren(svg);
  if (focused) {
    const attr = focused.dataset.piece ? `[data-piece="${focused.dataset.piece}"]` : `[data-peg="${focused.dataset.peg}"]`;
    svg.querySelector(attr)?.focus();
  }
  const chooser = document.getElementById('family-chooser');
  chooser.hidden = fam.selected === null || kind() === 'hanoi';
  if (!chooser.hidden) {
    const here = digit(fam.state, fam.selected);
    const label = document.createElement('span');
    label.textContent = t('fam-choose', { piece: pieceWord(fam.selected) });
    const buttons = famWords().pos[kind()].map((w, d) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = w;
      b.dataset.to = d;
      b.disabled = d === here;
      b.addEventListener('click', () => familyMove(fam.selected, d));
      return b;
    });
    chooser.replaceChildren(label, ...buttons);
  }
}

function pieceClasses(k) {
  return `piece${fam.selected === k ? ' selected' : ''}${fam.hinted === k ? ' hinted' : ''}${fam.refused === k ? ' refused' : ''}`;
}

function hanoiBoard() {
  const n = fam.n;
  const H = 40 + n * 16 + 40;
  const svg = el('svg', { viewBox: `0 0 ${W} ${H}`, class: 'family-view hanoi' });
  const base = H - 34;
  const pegX = (p) => 60 + p * 120;
  el('rect', { x: 8, y: base, width: W - 16, height: 10, rx: 4, class: 'base' }, svg);
  const counts = [0, 0, 0];
  for (let p = 0; p < 3; p++) {
    const g = el('g', { class: 'peg', 'data-peg': p, role: 'button', tabindex: 0, 'aria-label': posWord(p) }, svg);
    el('rect', { x: pegX(p) - 58, y: 0, width: 116, height: H, class: 'hit' }, g);
    el('rect', { x: pegX(p) - 3, y: base - n * 16 - 20, width: 6, height: n * 16 + 20, rx: 3, class: 'rod' }, g);
    el('text', { x: pegX(p), y: base + 28, class: 'label' }, g).textContent = posWord(p);
  }
  for (let k = n; k >= 1; k--) {
    const p = digit(fam.state, k);
    const w = 22 + (k / n) * 88;
    const y = base - (++counts[p]) * 16;
    const g = el('g', { class: pieceClasses(k), 'data-piece': k, role: 'button', tabindex: 0, 'aria-label': `${pieceWord(k)}: ${posWord(p)}` }, svg);
    el('rect', { x: pegX(p) - w / 2, y, width: w, height: 14, rx: 7, class: 'disc', style: `--hue:${(k * 47) % 360}` }, g);
    el('text', { x: pegX(p), y: y + 11, class: 'disc-label' }, g).textContent = k;
  }
  svg.addEventListener('click', (ev) => {
    const piece = ev.target.closest('[data-piece]');
    const peg = ev.target.closest('[data-peg]');
    if (piece) {
      const k = Number(piece.dataset.piece);
      const at = digit(fam.state, k);
      if (fam.selected !== null && digit(fam.state, fam.selected) !== at) return familyMove(fam.selected, at);
      fam.selected = fam.selected === k ? null : k;
      fam.refused = null;
      return drawFamily();
    }
    if (!peg) return;
    const p = Number(peg.dataset.peg);
    if (fam.selected !== null && digit(fam.state, fam.selected) !== p) return familyMove(fam.selected, p);
    // No disc chosen: the top disc of this peg (the smallest one on it).
    let top = null;
    for (let k = 1; k <= fam.n && top === null; k++) if (digit(fam.state, k) === p) top = k;
    fam.selected = fam.selected === top ? null : top;
    fam.refused = null;
    drawFamily();
  });
  return svg;
}

function rowBoard() {
  const n = fam.n;
  const step = 44;
  const width = Math.max(W, 30 + n * step);
  const svg = el('svg', { viewBox: `0 -20 ${width} 170`, class: `family-view ${kind()}` });
  el('text', { x: width - 6, y: -4, class: 'free-end' }, svg).textContent = `${t('free-end')} →`;
  const k0 = (width - n * step) / 2;
  el('rect', { x: k0 - 8, y: 100, width: n * step + 16, height: 8, rx: 4, class: 'base' }, svg);
  for (let k = n; k >= 1; k--) {
    const d = digit(fam.state, k);
    const x = k0 + (n - k) * step + step / 2;
    const g = el('g', { class: `${pieceClasses(k)} pos-${d}`, 'data-piece': k, role: 'button', tabindex: 0, 'aria-label': `${pieceWord(k)}: ${posWord(d)}` }, svg);
    el('rect', { x: x - step / 2, y: -20, width: step, height: 170, class: 'hit' }, g);
    if (kind() === 'spin-out') {
      // A dial: a bar across a disc, lying (0) or standing (1).
      el('circle', { cx: x, cy: 66, r: 14, class: 'dial' }, g);
      el('rect', d ? { x: x - 5, y: 44, width: 10, height: 44, rx: 5, class: 'body' } : { x: x - 16, y: 61, width: 32, height: 10, rx: 5, class: 'body' }, g);
    } else if (kind() === 'elephant') {
      // An elephant: its head and its trunk up, right or down.
      const [dx, dy] = [[0, -1], [1, 0], [0, 1]][d];
      el('line', { x1: x, y1: 66, x2: x + dx * 26, y2: 66 + dy * 26, class: 'trunk' }, g);
      el('circle', { cx: x - 10, cy: 60, r: 7, class: 'ear' }, g);
      el('circle', { cx: x + 10, cy: 60, r: 7, class: 'ear' }, g);
      el('circle', { cx: x, cy: 66, r: 11, class: 'body' }, g);
      el('circle', { cx: x - 4, cy: 63, r: 1.6, class: 'eye' }, g);
      el('circle', { cx: x + 4, cy: 63, r: 1.6, class: 'eye' }, g);
    } else {
      // A rod (The Brain) or a bar (the Hexadecimal Puzzle): in its slot, pushed in (0) or out (1).
      el('rect', { x: x - 4, y: 24, width: 8, height: 84, rx: 4, class: 'slot' }, g);
      el('rect', { x: x - (kind() === 'brain' ? 6 : 11), y: d ? 20 : 64, width: kind() === 'brain' ? 12 : 22, height: 44, rx: kind() === 'brain' ? 6 : 3, class: 'body' }, g);
    }
    el('text', { x, y: 124, class: 'label' }, g).textContent = k;
    el('text', { x, y: 142, class: 'pos-label' }, g).textContent = posWord(d);
  }
  svg.addEventListener('click', (ev) => {
    const g = ev.target.closest('[data-piece]');
    if (!g) return;
    const k = Number(g.dataset.piece);
    if (famWords().pos[kind()].length === 2) return familyMove(k);  // the other position
    fam.selected = fam.selected === k ? null : k;
    fam.refused = null;
    drawFamily();
  });
  return svg;
}

// A new language: the board's and the counters' words again.
export function rewordFamily() {
  const menu = document.getElementById('puzzle');
  for (const o of menu.options) o.textContent = isPuzzleName(o.value) ? puzzleName(o.value) : o.value;
  document.getElementById('rings-label').textContent = isFamily() ? famWords().piece[kind()][1].replace(/^./, (c) => c.toUpperCase()) : t('rings');
  if (!isFamily()) return;
  // A move list as the engine writes this puzzle's (its first move, from the puzzle's start).
  const example = fam.example.split('\n')[0];
  document.querySelector('#list-format [value="moves"]').textContent = t('fam-format-moves', { example });
  document.getElementById('verify-formats').textContent = t('fam-verify-formats', { example });
  drawFamily();
  showFamilyCounters();
}

// The menu's options, each puzzle in the page's language.
export function fillPuzzleMenu() {
  const menu = document.getElementById('puzzle');
  menu.replaceChildren(...PUZZLES.map((p) => new Option(puzzleName(p), p)));
}
