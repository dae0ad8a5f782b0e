// The game of a puzzle of pieces (every puzzle but the rings, whose game is play.js's): picked in
// the Game panel or named by a link. Every move is the engine's to judge (GET /api/move?puzzle=…),
// and the distance, the next optimal move and the reasons are its answers (GET /api/state?
// puzzle=…). The page only draws the digits the engine writes (piece N first) and words the
// engine's rule codes. It says what changed (events.js); the panels show it.
import { t, say, errorWords } from './i18n.js';
import { ask } from './engine.js';
import { flushSave } from './game.js';
import { setMessage } from './messages.js';
import { emit } from './events.js';
import { puzzleOf, usualPieces, maxPieces } from './catalogue.js';
import { RINGS, ringShaped, pieceMove } from './shapes.js';
import { fam, famEarlier, piecesShown, registerGame, shownPuzzle } from './shown.js';
import { puzzleName, piecesWord, moveWords, familyReason } from './puzzle_words.js';
import { drawPieces } from './pieces_board.js';

export const PIECES_DRAWN = 10;  // the pieces a board of pieces draws at most
let famSeq = 0;

// The URL keeps the game of pieces (puzzle, pieces, state, goal) as it keeps the rings'.
function famSave() {
  flushSave();  // the rings' game, written first, is not written over this one later
  const q = new URLSearchParams({ puzzle: fam.puzzle, n: fam.n, s: fam.state, goal: 'goal' });
  const lang = new URLSearchParams(location.search).get('lang');
  if (lang) q.set('lang', lang);
  history.replaceState(null, '', `?${q}`);
}

// The game of pieces a link names (`puzzle=`, `n=`, `s=`), or null for the rings (and for a
// puzzle the engine does not know). Without a count, the puzzle's usual size.
export function familyLink(search = location.search) {
  const q = new URLSearchParams(search);
  const p = puzzleOf(q.get('puzzle'));
  if (!p || ringShaped(p.name)) return null;
  const max = maxPieces(p, PIECES_DRAWN);
  const n = Number(q.get('n'));
  const s = q.get('s');
  const good = s && new RegExp(`^[0-${p.positions - 1}]+$`).test(s) && s.length <= max;
  const count = good ? s.length : Number.isInteger(n) && n >= 1 && n <= max ? n : usualPieces(p, PIECES_DRAWN);
  return { puzzle: p.name, n: count, state: good ? s : null };
}

// A new game of `puzzle` with n pieces from `state` (default: its start). The game it replaces
// (a game of pieces, or the rings' game) is kept for undo. RINGS shows the rings again.
export async function startFamily(puzzle, n, state = null, { keep = true } = {}) {
  emit('interrupt');
  if (keep) famEarlier.push(piecesShown() ? snapshot() : { puzzle: RINGS });
  if (famEarlier.length > 20) famEarlier.shift();
  if (ringShaped(puzzle)) return showRings();
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
    emit('puzzle');
    famChanged();
    setMessage(famNewWords(), '');
  } catch (e) {
    setMessage(say('error', { e: errorWords(e) }), 'error');
  }
}
const famNewWords = () => () => t('fam-new', {
  puzzle: puzzleName(fam.puzzle), n: fam.n, pieces: piecesWord(shownPuzzle(), fam.n), optimum: fam.optimum,
});
const snapshot = () => ({ ...fam, history: [...fam.history], redo: [...fam.redo] });

function showRings() {
  fam.puzzle = RINGS;
  fam.history = [];
  setMessage(' ');  // a message of pieces words its puzzle's pieces: not the rings'
  emit('puzzle');
  emit('rings-back');  // the rings' game shows itself again
}

// Everything after a change of state: the board, the URL and the panels at once; the counters
// from the engine.
function famChanged() {
  drawPieces(familyMove);
  famSave();
  emit('changed');
  return famRefresh();
}

async function famRefresh() {
  const seq = ++famSeq;
  const s = await ask('state', { puzzle: fam.puzzle, state: fam.state });
  if (seq !== famSeq) return;
  fam.info = s;
  emit('info');
  if (s.distance === '0' && fam.made > 0) {
    emit('interrupt');
    setMessage(say('solved', { moves: fam.made, optimum: fam.optimum }), 'solved');
  }
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
  emit('interrupt');
  return famTurn(async () => {
    const p = shownPuzzle();
    const params = { puzzle: fam.puzzle, state: fam.state, piece };
    if (to !== null) params.to = to;
    const a = await ask('move', params);
    fam.selected = null;
    fam.hinted = null;
    if (!a.legal) {
      fam.refused = piece;
      drawPieces();
      const why = () => familyReason(a.why, p);
      setMessage(say('refused', { why }), 'error');
      return false;
    }
    fam.refused = null;
    fam.state = a.state;
    if (as === 'undo') {
      fam.redo.push(fam.history.pop());
      fam.made--;
    } else {
      fam.history.push(as === 'redo' ? fam.redo.pop() : pieceMove(a.move, p));
      if (as === 'play') fam.redo = [];
      fam.made++;
    }
    const said = () => `${moveWords(p, a.move)} (${familyReason(a.why, p)})`;
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

function familyUndo() {
  emit('interrupt');
  if (fam.history.length) {
    const m = fam.history[fam.history.length - 1];
    return familyMove(m.piece, m.from, { as: 'undo' });
  }
  const before = famEarlier.pop();
  if (!before) return setMessage(say('nothing-to-undo'));
  if (ringShaped(before.puzzle)) {
    ++famSeq;
    return showRings();
  }
  return restoreGame(before);
}

function familyRedo() {
  const m = fam.redo[fam.redo.length - 1];
  if (!m) return setMessage(say('nothing-to-redo'));
  return familyMove(m.piece, m.to, { as: 'redo' });
}

// Back to a game of pieces that was left (undo of a new game or of a puzzle picked).
function restoreGame(before) {
  ++famSeq;
  Object.assign(fam, before);
  emit('puzzle');
  setMessage(say('undo-game'));
  return famChanged();
}

// Undo on the rings' game that a game of pieces was left for: back to that game.
export function familyBack() {
  const before = famEarlier.pop();
  if (!before || ringShaped(before.puzzle)) return;
  restoreGame(before);
}

// The next optimal move, marked; `milestone()`: the plan's milestone it serves, in words.
function familyHint(milestone) {
  emit('interrupt');
  const m = fam.info?.next;
  if (!m) return setMessage(say('at-goal'));
  const p = shownPuzzle();
  fam.hinted = m.piece;
  fam.refused = null;
  drawPieces();
  // Why this move: the rule that allows it, and the milestone of the plan it serves.
  const said = say('hint-msg', { move: () => moveWords(p, m), why: () => familyReason(m.why, p) });
  setMessage(milestone() ? () => `${said()} ${t('hint-serves', { m: milestone() })}` : said, 'hint');
}

// Moves the engine made (auto-play, GET /api/hint?puzzle=…&k=…): their list and the state after.
function familyMade(moves, state) {
  fam.history.push(...moves.map((m) => pieceMove(m, shownPuzzle())));
  fam.made += moves.length;
  fam.redo = [];
  fam.state = state;
  fam.hinted = null;
  return famChanged();
}

registerGame('pieces', {
  drawsAtMost: PIECES_DRAWN,
  play: (m) => familyMove(m.piece, m.to),
  undo: familyUndo,
  redo: familyRedo,
  hint: familyHint,
  made: (moves, state) => familyMade(moves, state),
  newCount(n) {
    const max = maxPieces(shownPuzzle(), PIECES_DRAWN);
    if (!Number.isInteger(n) || n < 1 || n > max) return setMessage(say('bad-pieces', { max }), 'error');
    return startFamily(fam.puzzle, n);
  },
  reset: () => startFamily(fam.puzzle, fam.n, fam.start),
  key: () => false,  // no keys of its own: Tab to a piece or a peg, Enter or Space clicks it
  redraw: () => drawPieces(),
});
