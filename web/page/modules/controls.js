// The controls: language, game setup, buttons, keys, and the plot pictures.
import { I18N, LANGUAGES, t, say, ui, errorWords } from './i18n.js';
import { ask } from './engine.js';
import { game, view, SPEEDS, save, flushSave, earlier, randomState } from './game.js';
import { setMessage, rewordMessage } from './messages.js';
import { on } from './events.js';
import { puzzleOf, usualPieces, maxPieces } from './catalogue.js';
import { ringShaped, RINGS } from './shapes.js';
import { piecesShown, current } from './shown.js';
import { rewordCallout } from './board.js';
import { buildPlot, wirePlotLinks } from './plot.js';
import { showCounters } from './counters.js';
import { newGame, changed, inTurn } from './play.js';
import { startFamily, familyBack, PIECES_DRAWN } from './pieces.js';
import { fillPuzzleMenu, rewordFrame } from './frame.js';
import { autoRunning, startAuto, stopAuto } from './autoplay.js';
import { showVerifyScope, rewordVerify, verify, toggleReplay } from './verify.js';
import { showSolution, showMyMoves, copyList, rewordList, relist } from './lists.js';
import { wireGray, rewordGray } from './gray.js';
import { wirePlan, rewordPlan, nextMilestone } from './plan.js';
import { rewordCube } from './cube.js';

// A key's name as the reader's keyboard labels it (Strg on a German one, Entrée on a French one).
const keyName = (key) => key.replace('Ctrl', t('ctrl')).replace('Enter', t('enter'));

// Words the page in language `l`; `remember`: the reader chose it (kept for the next visit).
export function applyLanguage(l, { remember = true } = {}) {
  ui.lang = I18N[l] ? l : 'en';
  document.documentElement.lang = ui.lang;
  document.getElementById('lang').value = ui.lang;
  document.querySelectorAll('[data-i18n]').forEach((e) => { e.textContent = t(e.dataset.i18n); });
  // Tooltips in words, with the key that does the same.
  document.querySelectorAll('[data-key]').forEach((e) => {
    e.title = `${t(e.dataset.keyLabel || e.dataset.i18n)} (${keyName(e.dataset.key)})`;
  });
  document.getElementById('auto').textContent = t(autoRunning() ? 'pause' : 'auto');
  showSpeed();
  showCounters();
  const refusal = document.querySelector('.callout:not([hidden])') !== null;
  current().redraw();
  showVerifyScope();
  rewordVerify();
  rewordList();
  rewordGray();
  rewordPlan();
  rewordCube();
  rewordMessage();
  if (refusal) rewordCallout();  // it stays beside the rings, in the new words
  rewordFrame();  // the puzzle's name, its pieces' words
  if (remember) {
    try { localStorage.setItem('rings.lang', ui.lang); } catch (e) { /* ignore */ }
  }
  // A link that names its language (`lang=`) names the one shown, so that a reload keeps it.
  flushSave();
  const q = new URLSearchParams(location.search);
  if (q.has('lang') && q.get('lang') !== ui.lang) {
    q.set('lang', ui.lang);
    history.replaceState(null, '', `?${q}`);
  }
}

function showSpeed() {
  document.getElementById('speed').value = view.speed;
  document.getElementById('speed-value').textContent = t('per-second', { v: SPEEDS[view.speed] });
}

function setSpeed(s) {
  view.speed = Math.max(0, Math.min(SPEEDS.length - 1, s));
  showSpeed();
  save();
}

export function setGoalControls() {
  document.getElementById('goal').value = game.goal;
  document.getElementById('target-label').hidden = game.goal !== 'any';
  // The goal as typed stays in its box; in binary (the engine's writing) it is the goal itself.
  const target = document.getElementById('target');
  if (document.getElementById('target-notation').value === 'binary') target.value = game.target;
  target.removeAttribute('aria-invalid');
  document.getElementById('mode').value = game.double ? 'double' : 'single';
  document.getElementById('rings').value = game.n;
  document.getElementById('pair').disabled = !game.double;
}

function goalChanged() {
  stopAuto();
  game.optimum = null;
  view.hinted = null;
  setGoalControls();
  buildPlot();
  changed({ message: ' ' });
}

// A state typed in any notation: the engine reads it (and says what is wrong with it). A state
// whose text does not give its ring count (a decimal number, "on") is read with the game's.
async function readState(text, notation) {
  const params = { state: text.trim(), notation };
  // A decimal number names a state of the game's rings ("5" in a 6-ring game is 000101).
  if (notation === 'decimal') return (await ask('state', { ...params, n: game.n })).binary;
  try {
    return (await ask('state', params)).binary;
  } catch (e) {
    try {
      return (await ask('state', { ...params, n: game.n })).binary;
    } catch (e2) {
      throw e;
    }
  }
}

export function wire() {
  const $ = (id) => document.getElementById(id);
  $('undo').addEventListener('click', () => current().undo());
  $('redo').addEventListener('click', () => current().redo());
  $('hint').addEventListener('click', () => current().hint(nextMilestone));
  $('pair').addEventListener('click', () => current().play({ ring: 1, pair: true }));
  $('auto').addEventListener('click', autoClicked);
  $('speed').addEventListener('input', () => setSpeed(Number($('speed').value)));
  // Each language named in itself.
  $('lang').replaceChildren(...LANGUAGES.map((l) => Object.assign(new Option(I18N[l].name, l), { lang: l })));
  $('lang').addEventListener('change', () => applyLanguage($('lang').value));
  // The puzzle: a new game of it with the count shown (within what it takes), undoable as any new
  // game (the rings' game is kept as it was).
  fillPuzzleMenu();
  $('puzzle').addEventListener('change', () => {
    const p = $('puzzle').value;
    stopAuto();
    if (ringShaped(p)) {
      if (!piecesShown()) return;
      earlier.push({ family: true });
      return startFamily(RINGS);
    }
    const entry = puzzleOf(p);
    const max = maxPieces(entry, PIECES_DRAWN);
    startFamily(p, Math.max(1, Math.min(Number($('rings').value) || usualPieces(entry, max), max)));
  });
  on('rings-back', () => { applyLanguage(ui.lang, { remember: false }); changed({ message: ' ' }); });
  on('family-undo', familyBack);
  $('new').addEventListener('click', () => current().newCount(Number($('rings').value)));
  $('rings').addEventListener('change', () => $('new').click());
  $('reset').addEventListener('click', () => current().reset());
  $('random').addEventListener('click', () => { game.optimum = null; newGame(game.n, randomState(game.n)); });
  $('goal').addEventListener('change', () => {
    game.goal = $('goal').value;
    if (game.goal === 'any' && game.target.length !== game.n) game.target = '0'.repeat(game.n);
    goalChanged();
  });
  // A goal is read in its own notation, and only a state of the game's ring count is taken (a
  // goal of another length would leave nothing to play toward).
  const readTarget = async () => {
    try {
      const target = await readState($('target').value, $('target-notation').value);
      if (target.length !== game.n) {
        $('target').setAttribute('aria-invalid', 'true');
        return setMessage(say('goal-length', { k: target.length, n: game.n }), 'error');
      }
      $('target').removeAttribute('aria-invalid');
      game.target = target;
      goalChanged();
    } catch (e) {
      $('target').setAttribute('aria-invalid', 'true');
      setMessage(say('error', { e: errorWords(e) }), 'error');
    }
  };
  $('target').addEventListener('change', readTarget);
  on('game', setGoalControls);
  $('mode').addEventListener('change', () => { game.double = $('mode').value === 'double'; goalChanged(); });
  $('state-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    inTurn(async () => {
      try {
        const s = await readState($('state-input').value, $('notation').value);
        game.optimum = null;
        if (s.length !== game.n && game.goal === 'any') game.target = '0'.repeat(s.length);
        newGame(s.length, s);
        setGoalControls();
      } catch (e) {
        setMessage(say('error', { e: errorWords(e) }), 'error');
      }
    });
  });
  $('verify-form').addEventListener('submit', (ev) => { ev.preventDefault(); verify(); });
  $('replay').addEventListener('click', toggleReplay);
  $('show-solution').addEventListener('click', showSolution);
  $('show-mine').addEventListener('click', showMyMoves);
  $('list-format').addEventListener('change', relist);
  $('copy-list').addEventListener('click', copyList);
  $('verify-list').addEventListener('keydown', (ev) => {
    if (ev.key === 'Enter' && (ev.ctrlKey || ev.metaKey)) { ev.preventDefault(); verify(); }
  });
  document.addEventListener('keydown', onKey);
  wirePlotLinks();
  wireGray();
  wirePlan();
}

const autoClicked = () => (autoRunning() ? stopAuto() : startAuto());

// The keys: the game's own (the rings' numbers and arrows), then hint, auto-play, undo, redo
// and the speed for every game.
function onKey(ev) {
  if (ev.target.closest('input, select, textarea') || ev.altKey || ev.metaKey) return;
  const k = ev.key;
  let handled = true;
  if (ev.ctrlKey) {
    if (k === 'z') current().undo();
    else if (k === 'y') current().redo();
    else handled = false;
  } else if (current().key(ev)) handled = true;
  else if (k === 'h') current().hint(nextMilestone);
  else if (k === 'a' || k === 'p') autoClicked();
  else if (k === 'Escape') stopAuto();
  else if (k === 'z' || k === 'u') current().undo();
  else if (k === 'y' || k === 'Z') current().redo();
  else if (k === '+' || k === '=') setSpeed(view.speed + 1);
  else if (k === '-') setSpeed(view.speed - 1);
  else handled = false;
  if (handled) ev.preventDefault();
}
