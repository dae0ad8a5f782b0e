// Move lists to take away: the optimal solution from the state shown to the goal, written by the
// engine in `rings solve`'s formats (/api/solve?format=), and the moves made in this game; each
// shown, copied or saved as a file. The page writes no move itself: the game's own moves are kept
// as ring numbers (game.js), the toggles format, which the engine writes again in the others.
import { t, errorWords } from './i18n.js';
import { ask } from './engine.js';
import { game, goalState, modeParams, HISTORY_CAP } from './game.js';

const SHOWN = 10000;  // moves of the solution put in the box (the CLI writes any number)
let listed = null;    // what the box holds: { kind: 'solution' | 'mine', key, text, note }
let listAsked = 0;    // the latest list asked for: an older answer (another format) is dropped

const listKey = () => `${game.state} ${goalState()} ${game.double} ${game.made}`;
const byId = (id) => document.getElementById(id);

function showList(text, note) {
  byId('list-text').value = text;
  byId('list-text').hidden = !text;
  byId('list-actions').hidden = !text;
  byId('list-note').textContent = note;
  byId('list-note').className = 'note';
  const old = byId('download-list').href;
  if (old.startsWith('blob:')) URL.revokeObjectURL(old);
  byId('download-list').href = text ? URL.createObjectURL(new Blob([text], { type: 'text/plain' })) : '#';
  byId('download-list').download = listed?.kind === 'mine' ? 'rings-my-moves.txt' : 'rings-solution.txt';
}

// The note under the box, in the page's language.
function noteFor(l) {
  if (l.kind === 'mine') {
    const key = !l.moves ? 'mine-none' : l.start ? 'mine-note' : 'mine-last';
    return t(key, { moves: l.moves, start: l.start.length <= 64 ? l.start : `${l.start.slice(0, 16)}…` });
  }
  const command = `rings solve --from ${l.from} --to ${l.to}${game.double ? ' --double' : ''} --format ${l.format}`;
  return l.moves === l.total
    ? t('solution-all', { moves: l.total })
    : t('solution-part', { moves: l.moves, total: l.total, command: game.n <= 64 ? command : 'rings solve' });
}

export async function showSolution() {
  const format = byId('list-format').value;
  const from = game.state, to = goalState();
  const key = listKey();
  const asked = ++listAsked;
  byId('list-note').textContent = t('verify-busy');
  try {
    const [distance, text] = await Promise.all([
      ask('distance', { from, to, ...modeParams() }),
      ask('solve', { from, to, format, limit: SHOWN, ...modeParams() }),
    ]);
    if (key !== listKey() || asked !== listAsked) return;
    const total = distance.distance;
    listed = { kind: 'solution', key, text, from, to, format, total, moves: BigInt(total) < BigInt(SHOWN) ? total : String(SHOWN) };
    showList(text, noteFor(listed));
  } catch (e) {
    if (asked !== listAsked) return;
    byId('list-note').textContent = t('error', { e: errorWords(e) });
    byId('list-note').className = 'note error';
  }
}

// The moves made in this game, written by the engine in the format chosen (the game's ring
// numbers read as a toggles list from its start, /api/verify?write=), as `rings verify` reads
// them from the game's start. Beyond the moves kept the start is not known: ring numbers then.
export async function showMyMoves() {
  const numbers = game.history.map((x) => (x === 0 ? '1+2' : String(x)));
  const toggles = numbers.length ? `${numbers.join('\n')}\n` : '';
  const start = game.made <= HISTORY_CAP ? game.start : '';
  const format = start && toggles ? byId('list-format').value : 'toggles';
  const key = listKey();
  const asked = ++listAsked;
  let text = toggles;
  if (format !== 'toggles') {
    try {
      const answer = await ask('verify', { from: start, to: game.state, format: 'toggles', write: format, ...modeParams() }, toggles);
      text = answer.text;
    } catch (e) {
      if (asked !== listAsked) return;
      byId('list-note').textContent = t('error', { e: errorWords(e) });
      byId('list-note').className = 'note error';
      return;
    }
    if (key !== listKey() || asked !== listAsked) return;
  }
  listed = { kind: 'mine', key, text, moves: numbers.length, start, format };
  showList(text, noteFor(listed));
}

export async function copyList() {
  const text = byId('list-text').value;
  try {
    await navigator.clipboard.writeText(text);
  } catch (e) {  // no clipboard API (file://, an old browser): select it and copy
    byId('list-text').select();
    document.execCommand('copy');
  }
  byId('list-note').textContent = t('copied');
}

// A move on the board: the box spoke of another state.
export function forgetList() {
  if (listed && listed.key !== listKey()) {
    listed = null;
    showList('', '');
  }
}

// Another format chosen: the list shown is written again in it.
export function relist() {
  if (listed?.kind === 'mine') showMyMoves();
  else if (listed) showSolution();
}

export function rewordList() {
  if (listed) byId('list-note').textContent = noteFor(listed);
}
