// Checking a move list: the engine (in its worker, so a list of megabytes never freezes the
// page) decides; the page puts the answer in words. For the game shown, whatever its puzzle
// (subject(), current()).
import { t, errorWords } from './i18n.js';
import { ask } from './engine.js';
import { view, SPEEDS } from './game.js';
import { on } from './events.js';
import { gameMove, verifyRule } from './shapes.js';
import { subject, current, shownPuzzle } from './shown.js';

let verifySeq = 0;
let verified = null;  // what the result line speaks of: { key, answer } (answer may be null)

const verifyKey = () => {
  const s = subject();
  return `${s.puzzle} ${s.state} ${s.goal} ${s.double}`;
};
// A state for reading, not for copying: long ones keep their ends.
const shortState = (b) => (b.length <= 40 ? b : `${b.slice(0, 16)}…${b.slice(-16)}`);

// Which check the button makes: from the state on the board to the goal, in the page's mode.
// A result for another start, goal or mode is cleared.
// The mode is named where the puzzle has double moves.
export function showVerifyScope() {
  const s = subject();
  const to = s.goalKey ? t(s.goalKey) : shortState(s.goal);
  document.getElementById('verify-scope').textContent = shownPuzzle()?.double_moves
    ? t('verify-scope', { from: shortState(s.state), to, mode: t(s.double ? 'scope-double' : 'scope-single') })
    : t('fam-verify-scope', { from: shortState(s.state), to });
  // The list's example: the page's own (the rings'), or the first moves of this puzzle's
  // solution as the engine writes them.
  const list = document.getElementById('verify-list');
  list.dataset.rings ??= list.placeholder;
  list.placeholder = s.example ? `${s.example}\n…` : list.dataset.rings;
  if (verified && verified.key !== verifyKey()) setVerifyResult('');
  showReplay();
}

// A checked list's legal moves (the engine's reading of it, /api/verify?replay=1), to play on
// the board from the state it was checked from: { start, moves, running, at }.
let replay = null;

function showReplay() {
  const button = document.getElementById('replay');
  const usable = replay && (replay.running || replay.key === verifyKey());
  button.hidden = !usable;
  if (!usable) replay = null;
  button.textContent = t(replay?.running ? 'replay-stop' : 'replay');
  document.getElementById('replay-progress').textContent =
    replay?.running ? t('replay-progress', { k: replay.at, moves: replay.moves.length }) : '';
}

// Plays the list's moves as the player's own (each judged by the engine again, undoable), at
// the auto-play speed up to 8 a second, so that each can be seen; stops when asked, or when
// the board is moved otherwise.
on('changed', () => showVerifyScope());

export async function toggleReplay() {
  if (!replay) return;
  if (replay.running) {
    replay.running = false;
    return showReplay();
  }
  replay.running = true;
  replay.at = 0;
  showReplay();
  const r = replay;
  for (const m of r.moves) {
    if (!r.running) break;
    const expected = subject().made;
    await current().play(gameMove(m, r.puzzle));
    if (subject().made !== expected + 1) break;  // refused, or the game changed under it
    r.at++;
    showReplay();
    await new Promise((done) => setTimeout(done, 1000 / Math.min(8, SPEEDS[view.speed])));
  }
  r.running = false;
  replay = null;
  showReplay();
}

function setVerifyResult(text, kind = '', answer = null) {
  const r = document.getElementById('verify-result');
  r.textContent = text;
  r.className = `verify-result ${kind}`;
  verified = text ? { key: verifyKey(), answer } : null;
}

// The engine's answer in words (nothing here is computed: moves, optimum and rule are the
// engine's).
function verifyText(a) {
  const rule = () => verifyRule(a);
  if (!a.legal) return [t('verify-illegal', { k: a.illegal_move, rule }), 'error'];
  if (!a.reached) return [t('verify-short', { moves: a.moves, remaining: a.remaining }), 'short'];
  if (a.optimal) return [t('verify-optimal', { moves: a.moves }), 'good'];
  return [t('verify-longer', { moves: a.moves, optimum: a.optimum }), 'short'];
}

// The result again in the page's (new) language.
export function rewordVerify() {
  if (verified && verified.answer) setVerifyResult(...verifyText(verified.answer), verified.answer);
  showReplay();
}

export async function verify() {
  const list = document.getElementById('verify-list').value;
  const seq = ++verifySeq;
  if (!list.trim()) return setVerifyResult(t('verify-empty'), 'error');
  const key = verifyKey();
  setVerifyResult(t('verify-busy'), 'busy');
  try {
    const s = subject();
    const a = await ask('verify', { from: s.state, to: s.goal, replay: '1', ...s.params }, list);
    if (seq !== verifySeq || key !== verifyKey()) return;  // a newer check, or the game moved on
    const [text, kind] = verifyText(a);
    setVerifyResult(text, kind, a);
    if (!replay?.running) replay = a.replay?.length ? { key, puzzle: a.puzzle, moves: a.replay, running: false, at: 0 } : null;
    showReplay();
  } catch (e) {
    if (seq === verifySeq && key === verifyKey()) setVerifyResult(t('error', { e: errorWords(e) }), 'error');
  }
}
