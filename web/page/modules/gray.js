// Gray code ↔ position, stepped: how the state's digits (ring N first) turn into its position on
// the Gray path, one ring at a time, and back. Both rows are the engine's (the state, and its
// position written in base 2); the page only lays them side by side and steps through them.
import { t } from './i18n.js';
import { game, view } from './game.js';
import { on } from './events.js';
import { piecesShown } from './shown.js';

export const GRAY_MAX = 64;  // rings shown digit by digit
const gray = { step: 0, toState: false, rows: null };

// The engine's state answer (binary, position) as the two rows of digits, ring N first.
function rowsOf(s) {
  const state = s.binary;
  const position = BigInt(s.position).toString(2).padStart(state.length, '0');
  return { state, position };
}

on('info', () => { if (!piecesShown()) showGray(view.info); });

export function showGray(s) {
  const box = document.getElementById('gray-body');
  if (!box || !s) return;
  const tooMany = game.n > GRAY_MAX;
  document.getElementById('gray-too-many').hidden = !tooMany;
  document.getElementById('gray-body').hidden = tooMany;
  if (tooMany) return;
  const rows = rowsOf(s);
  if (!gray.rows || gray.rows.state.length !== rows.state.length) gray.step = 0;
  gray.rows = rows;
  draw();
}

function draw() {
  const { state, position } = gray.rows;
  const n = state.length;
  gray.step = Math.max(0, Math.min(n, gray.step));
  // Known digits: state → position reveals the position from ring N down; position → state
  // reveals the state.
  const [given, found] = gray.toState ? [position, state] : [state, position];
  const table = document.getElementById('gray-table');
  table.textContent = '';
  const addRow = (label, digits, shown) => {
    const tr = table.insertRow();
    const th = document.createElement('th');
    th.scope = 'row';
    th.textContent = label;
    tr.appendChild(th);
    for (let i = 0; i < n; i++) {
      const td = tr.insertCell();
      td.textContent = i < shown ? digits[i] : '·';
      if (i === gray.step - 1) td.className = 'now';
    }
  };
  const head = table.insertRow();
  head.appendChild(document.createElement('th'));
  for (let i = 0; i < n; i++) {
    const th = document.createElement('th');
    th.scope = 'col';
    th.textContent = n - i;
    head.appendChild(th);
  }
  addRow(t(gray.toState ? 'gray-row-position' : 'gray-row-state'), given, n);
  addRow(t(gray.toState ? 'gray-row-state' : 'gray-row-position'), found, gray.step);
  document.getElementById('gray-line').textContent = stepText(given, found);
  document.getElementById('gray-next').disabled = gray.step >= n;
  document.getElementById('gray-direction').textContent = t(gray.toState ? 'gray-to-position' : 'gray-to-state');
}

// What the last step did, in words (its digits are the engine's).
function stepText(given, found) {
  const n = given.length;
  const i = gray.step - 1;
  if (i < 0) return t(gray.toState ? 'gray-start-state' : 'gray-start-position');
  if (gray.step === n) {
    const p = gray.toState ? BigInt(`0b${given}`) : BigInt(`0b${found}`);
    return t('gray-done', { p: p.toString() });
  }
  const k = n - i;
  if (i === 0) return t('gray-first', { k, d: found[0] });
  return gray.toState
    ? t('gray-step-state', { k, p: given[i], q: given[i - 1], r: found[i] })
    : t('gray-step-position', { k, s: given[i], p: found[i - 1], r: found[i] });
}

export function wireGray() {
  const $ = (id) => document.getElementById(id);
  $('gray-next').addEventListener('click', () => { gray.step++; draw(); });
  $('gray-all').addEventListener('click', () => { gray.step = game.n; draw(); });
  $('gray-restart').addEventListener('click', () => { gray.step = 0; draw(); });
  $('gray-direction').addEventListener('click', () => { gray.toState = !gray.toState; gray.step = 0; draw(); });
}

export function rewordGray() {
  if (gray.rows) draw();
}
