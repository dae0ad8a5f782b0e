// Checking a move list: the engine (in its worker, so a list of megabytes never freezes the
// page) decides; the page puts the answer in words.
import { t, reasonText } from './i18n.js';
import { ask } from './engine.js';
import { game, goalState, modeParams } from './game.js';

let verifySeq = 0;
let verified = null;  // what the result line speaks of: { key, answer } (answer may be null)

const verifyKey = () => `${game.state} ${goalState()} ${game.double}`;
// A state for reading, not for copying: long ones keep their ends.
const shortState = (b) => (b.length <= 40 ? b : `${b.slice(0, 16)}…${b.slice(-16)}`);

// Which check the button makes: from the state on the board to the goal, in the page's mode.
// A result for another start, goal or mode is cleared.
export function showVerifyScope() {
  const to = game.goal === 'any' ? shortState(game.target) : t(`goal-${game.goal}`);
  document.getElementById('verify-scope').textContent = t('verify-scope', {
    from: shortState(game.state), to, mode: t(game.double ? 'scope-double' : 'scope-single'),
  });
  if (verified && verified.key !== verifyKey()) setVerifyResult('');
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
  if (!a.legal) return [t('verify-illegal', { k: a.illegal_move, rule: reasonText({ why: a.why, reason: a.rule }) }), 'error'];
  if (!a.reached) return [t('verify-short', { moves: a.moves, remaining: a.remaining }), 'short'];
  if (a.optimal) return [t('verify-optimal', { moves: a.moves }), 'good'];
  return [t('verify-longer', { moves: a.moves, optimum: a.optimum }), 'short'];
}

// The result again in the page's (new) language.
export function rewordVerify() {
  if (verified && verified.answer) setVerifyResult(...verifyText(verified.answer), verified.answer);
}

export async function verify() {
  const list = document.getElementById('verify-list').value;
  const seq = ++verifySeq;
  if (!list.trim()) return setVerifyResult(t('verify-empty'), 'error');
  const key = verifyKey();
  setVerifyResult(t('verify-busy'), 'busy');
  try {
    const a = await ask('verify', { from: game.state, to: goalState(), ...modeParams() }, list);
    if (seq !== verifySeq || key !== verifyKey()) return;  // a newer check, or the game moved on
    const [text, kind] = verifyText(a);
    setVerifyResult(text, kind, a);
  } catch (e) {
    if (seq === verifySeq && key === verifyKey()) setVerifyResult(t('error', { e: e.message }), 'error');
  }
}
