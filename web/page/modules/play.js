// The rings' game: every move is the engine's to judge and to make (GET /api/move gives the
// verdict, its reason and the state after); the page keeps the history and shows the result on
// the rings' board. Moves are made one after another, each on the state the previous one left.
// It says what changed (events.js); the panels show it.
import { t, say, reasonText, errorWords } from './i18n.js';
import { ask } from './engine.js';
import {
  game, view, HISTORY_CAP, MAX_RINGS, encodeMove, decodeMove, goalState, modeParams, ringOn, save,
  keepGame, earlier, startFor,
} from './game.js';
import { setMessage } from './messages.js';
import { buildBoard, drawState, refuse, focusSelected } from './board.js';
import { emit } from './events.js';
import { registerGame } from './shown.js';

let queue = Promise.resolve();  // the moves asked for, in order
let refreshSeq = 0;

// Runs `work` after every move asked for before it.
export function inTurn(work) {
  const run = queue.then(work);
  queue = run.catch(() => {});
  return run;
}

// A game of n rings from `start` (or a saved game, `restored`). The game it replaces is kept, so
// that undo can go back to it (a new game, a reset, a random start are undoable); `notice` is
// said instead of the new game's announcement (what a shared link got wrong).
export function newGame(n, start, restored = null, notice = null) {
  emit('interrupt');
  if (!restored) keepGame();
  game.n = n;
  game.start = start;
  game.state = restored ? restored.state : start;
  game.history = restored ? restored.history : [];
  game.redo = restored ? restored.redo : [];
  game.made = restored ? restored.made : 0;
  if (game.goal === 'any' && game.target.length !== n) game.target = '0'.repeat(n);
  rebuild();
  return changed({ announce: !restored && !notice, message: notice });
}

function rebuild() {
  view.selected = Math.min(view.selected, game.n);
  view.hinted = null;
  view.info = null;
  buildBoard((move) => play(move));
  emit('game');  // its pictures, and the controls show the game's setup
}

// Everything after a change of state: the board at once; the counters from the engine.
export function changed({ announce = false, message = null } = {}) {
  drawState();
  save();
  emit('changed');
  if (message) setMessage(...(Array.isArray(message) ? message : [message]));
  return refresh(announce);
}

async function refresh(announce) {
  const seq = ++refreshSeq;
  const state = game.state;
  try {
    const [s, optimum] = await Promise.all([
      ask('state', { state, to: goalState(), ...modeParams() }),
      game.optimum === null
        ? ask('distance', { from: game.start, to: goalState(), ...modeParams() }).then((d) => d.distance)
        : game.optimum,
    ]);
    if (seq !== refreshSeq) return;  // a newer state is on its way
    game.optimum = optimum;
    view.info = s;
    emit('info');
    if (announce) setMessage(say('new-game', { n: game.n, optimum }));
    if (s.distance === '0' && game.made > 0) {
      emit('interrupt');
      setMessage(say('solved', { moves: game.made, optimum }), 'solved');
    }
  } catch (e) {
    if (seq === refreshSeq) setMessage(say('error', { e: errorWords(e) }), 'error');
  }
}

// The move in words, after it was made (so its direction is the ring's new place).
export function moveText(move, stateAfter) {
  const dir = t(ringOn(stateAfter, move.ring) ? 'on' : 'off');
  return move.pair ? t('move-pair', { dir }) : t('move-ring', { k: move.ring, dir });
}

const moveParams = (move) => ({ state: game.state, ring: move.pair ? '1+2' : move.ring, ...modeParams() });

// A move by the player: the engine judges it; refused with its reason by the ring.
export function play(move) {
  emit('interrupt');
  return inTurn(async () => {
    try {
      const a = await ask('move', moveParams(move));
      if (!a.legal) return refuse(move, () => reasonText(a));
      const before = view.info?.distance;
      game.state = a.state;
      game.history.push(encodeMove(move));
      if (game.history.length > HISTORY_CAP) game.history.shift();
      game.made++;
      game.redo = [];
      view.hinted = null;
      const said = say('moved', { move: () => moveText(move, a.state), why: () => reasonText(a) });
      await changed({ message: said });
      // A legal move can still lead away from the goal: the engine's distance says so.
      const after = view.info?.distance;
      if (before !== undefined && after !== undefined && BigInt(after) > BigInt(before) &&
          document.getElementById('message').textContent === said()) {
        setMessage(() => `${said()} ${t('away', { before, after })}`, 'warn');
      }
    } catch (e) {
      setMessage(say('error', { e: errorWords(e) }), 'error');
    }
  });
}

function undo() {
  emit('interrupt');
  return inTurn(async () => {
    if (!game.history.length) {
      if (!earlier.length) return setMessage(say('nothing-to-undo'));
      // Before this game's first move: back to the game it replaced (a puzzle of the family's:
      // pieces.js shows it again).
      const before = earlier.pop();
      if (before.family) return emit('family-undo');
      Object.assign(game, before);
      rebuild();
      return changed({ message: say('undo-game') });
    }
    const x = game.history[game.history.length - 1];
    // A move undone is the same move again: the engine makes it.
    const a = await ask('move', moveParams(decodeMove(x)));
    if (!a.legal) return;
    game.history.pop();
    game.state = a.state;
    game.made--;
    game.redo.push(x);
    view.hinted = null;
    await changed({ message: ' ' });
  });
}

function redo() {
  emit('interrupt');
  return inTurn(async () => {
    if (!game.redo.length) return setMessage(say('nothing-to-redo'));
    const x = game.redo[game.redo.length - 1];
    const a = await ask('move', moveParams(decodeMove(x)));
    if (!a.legal) return;
    game.redo.pop();
    game.state = a.state;
    game.history.push(x);
    game.made++;
    view.hinted = null;
    await changed({ message: ' ' });
  });
}

// The next optimal move, marked; `milestone()`: the plan's milestone it serves, in words.
function hint(milestone) {
  emit('interrupt');
  return inTurn(async () => {
    try {
      const h = await ask('hint', { state: game.state, to: goalState(), ...modeParams() });
      if (!h.moves.length) return setMessage(say('at-goal'));
      const m = h.moves[0];
      view.hinted = { ring: m.ring, pair: !!m.double };
      drawState();
      // Why this move: the rule that allows it, and the milestone of the plan it serves.
      const serves = milestone();
      const hinted = view.hinted;
      const said = say('hint-msg', { move: () => moveText(hinted, h.state), why: () => reasonText(m) });
      setMessage(serves ? () => `${said()} ${t('hint-serves', { m: milestone() ?? serves })}` : said, 'hint');
    } catch (e) {
      setMessage(say('error', { e: errorWords(e) }), 'error');
    }
  });
}

// Moves the engine made (auto-play): their list and the state after them.
function madeByEngine(moves, state) {
  for (const m of moves) {
    game.history.push(encodeMove({ ring: m.ring, pair: !!m.double }));
    game.made++;
  }
  if (game.history.length > HISTORY_CAP) game.history.splice(0, game.history.length - HISTORY_CAP);
  game.state = state;
  game.redo = [];
  view.hinted = null;
}

// The rings' own keys: 1–9, 0 move rings 1–10; ← → choose a ring, Enter or Space moves it; d
// moves rings 1+2.
function ringKey(ev) {
  const k = ev.key;
  if (/^[0-9]$/.test(k)) {
    const ring = k === '0' ? 10 : Number(k);
    if (ring <= game.n) { view.selected = ring; play({ ring, pair: false }); }
  } else if (k === 'ArrowLeft') { view.selected = Math.min(game.n, view.selected + 1); drawState(); focusSelected(); }
  else if (k === 'ArrowRight') { view.selected = Math.max(1, view.selected - 1); drawState(); focusSelected(); }
  else if ((k === 'Enter' || k === ' ') && !ev.target.closest('button')) play({ ring: view.selected, pair: false });
  else if (k === 'd') {
    if (game.double) play({ ring: 1, pair: true });
    else setMessage(say('pair-off'));
  } else return false;
  return true;
}

registerGame('rings', {
  drawsAtMost: MAX_RINGS,
  play,
  undo,
  redo,
  hint,
  made(moves, state, fast) {
    madeByEngine(moves, state);
    view.fast = fast;  // the hand's motion only at a pace one can follow
    changed();
    view.fast = false;
  },
  newCount(n) {
    if (!Number.isInteger(n) || n < 1 || n > MAX_RINGS) return setMessage(say('bad-rings', { max: MAX_RINGS }), 'error');
    game.optimum = null;
    return newGame(n, startFor(n));
  },
  reset: () => newGame(game.n, game.start),
  key: ringKey,
  redraw: () => drawState({ all: true }),
});
