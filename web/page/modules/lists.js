// Move lists to take away: the optimal solution from the state shown to the goal, written by the
// engine in `rings solve`'s formats (/api/solve?format=), and the moves made in this game; each
// shown, copied or saved as a file. The page writes no move itself: the game's own moves are kept
// as the engine gave them (shapes.js), and written again by the engine in the format chosen.
import { t, errorWords } from './i18n.js';
import { ask } from './engine.js';
import { on } from './events.js';
import { historyList, puzzleArgument } from './shapes.js';
import { subject } from './shown.js';

const SHOWN = 10000;  // moves of the solution put in the box (the CLI writes any number)
let listed = null;    // what the box holds: { kind: 'solution' | 'mine', key, text, note }
let listAsked = 0;    // the latest list asked for: an older answer (another format) is dropped

const listKey = () => {
  const s = subject();
  return `${s.puzzle} ${s.state} ${s.goal} ${s.double} ${s.made}`;
};
const puzzleArg = puzzleArgument;
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
  byId('download-list').download = `${listed?.puzzle?.split(':')[0] ?? 'rings'}-${listed?.kind === 'mine' ? 'my-moves' : 'solution'}.txt`;
}

// The note under the box, in the page's language.
function noteFor(l) {
  if (l.kind === 'mine') {
    const key = !l.moves ? 'mine-none' : l.start ? 'mine-note' : 'mine-last';
    const start = l.start.length <= 64 ? l.start : `${l.start.slice(0, 16)}…`;
    return t(key, { moves: l.moves, start, command: `rings verify${puzzleArg(l.puzzle)} --from ${start}` });
  }
  const command = `rings solve${puzzleArg(l.puzzle)} --from ${l.from} --to ${l.to}${l.double ? ' --double' : ''} --format ${l.format}`;
  return l.moves === l.total
    ? t('solution-all', { moves: l.total })
    : t('solution-part', { moves: l.moves, total: l.total, command: l.from.length <= 64 ? command : 'rings solve' });
}

export async function showSolution() {
  const format = byId('list-format').value;
  const { state: from, goal: to, params, puzzle, double } = subject();
  const key = listKey();
  const asked = ++listAsked;
  byId('list-note').textContent = t('verify-busy');
  try {
    const [distance, text] = await Promise.all([
      ask('distance', { from, to, ...params }),
      ask('solve', { from, to, format, limit: SHOWN, ...params }),
    ]);
    if (key !== listKey() || asked !== listAsked) return;
    const total = distance.distance;
    listed = {
      kind: 'solution', key, text, from, to, format, total, puzzle, double,
      moves: BigInt(total) < BigInt(SHOWN) ? total : String(SHOWN),
    };
    showList(text, noteFor(listed));
  } catch (e) {
    if (asked !== listAsked) return;
    byId('list-note').textContent = t('error', { e: errorWords(e) });
    byId('list-note').className = 'note error';
  }
}

// The moves made in this game, written by the engine in the format chosen (the game's moves read
// from its start, /api/verify?write=), as `rings verify` reads them from the game's start.
// Beyond the moves kept the start is not known: the moves kept, as the game keeps them, then.
export async function showMyMoves() {
  const { puzzle, state, params, history, start } = subject();
  const { lines, params: how } = historyList(puzzle, history);
  const toggles = lines.length ? `${lines.join('\n')}\n` : '';
  const format = start && toggles ? byId('list-format').value : 'toggles';
  const key = listKey();
  const asked = ++listAsked;
  let text = toggles;
  if (toggles && format !== how.format) {  // the engine writes them again unless they are so kept
    try {
      const answer = await ask('verify', { from: start, to: state, ...how, write: format, ...params }, toggles);
      text = answer.text;
    } catch (e) {
      if (asked !== listAsked) return;
      byId('list-note').textContent = t('error', { e: errorWords(e) });
      byId('list-note').className = 'note error';
      return;
    }
    if (key !== listKey() || asked !== listAsked) return;
  }
  listed = { kind: 'mine', key, text, moves: lines.length, start, format, puzzle };
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
on('changed', () => forgetList());

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
