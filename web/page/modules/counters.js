// The counters beside the board, all the engine's: moves made, moves remaining, the state as
// the engine writes it; for a state answer in the rings' notations, the state in each and its
// position on the Gray path. Undo and redo are greyed when there is nothing to undo or redo.
import { t } from './i18n.js';
import { on } from './events.js';
import { subject } from './shown.js';

const set = (id, v) => { document.getElementById(id).textContent = v; };

// At once after a move: the moves made, and what undo and redo can do.
export function showMoves() {
  const s = subject();
  set('moves-made', s.made);
  set('fam-state', s.state);
  document.getElementById('undo').disabled = !s.canUndo;
  document.getElementById('redo').disabled = !s.canRedo;
}
on('changed', showMoves);

// Once the engine has answered for the state.
export function showCounters() {
  const s = subject();
  showMoves();
  const info = s.info;
  if (!info) return;
  set('remaining', info.distance);
  if (info.binary !== undefined) {
    set('binary', info.binary);
    set('decimal', info.decimal);
    set('cleve', info.cleve);
    set('position', t('position-of', { p: info.position, max: ((1n << BigInt(s.n)) - 1n).toString() }));
  }
  document.body.classList.toggle('solved', info.distance === '0');
}
on('info', showCounters);
