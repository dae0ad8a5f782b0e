// The game shown: the rings' (game.js, played by play.js) or a puzzle of pieces (`fam` here,
// played by pieces.js), which of them, and what the panels ask about it (`subject()`). The two
// games register themselves (`registerGame`); the controls and panels speak to `current()`, the
// game shown, without asking which one it is.
import { game, view, goalState, modeParams, earlier, HISTORY_CAP } from './game.js';
import { puzzleOf } from './catalogue.js';
import { RINGS, shapeOf } from './shapes.js';

// The game of pieces shown: its puzzle (RINGS when the rings' game is shown), pieces, states as
// the engine writes them (its goal too), the moves made and undone ({piece, from, to}), the
// engine's answer for the state, and the first lines of the solution as the engine writes it (how
// a move list is written for this puzzle).
export const fam = {
  puzzle: RINGS, n: 3, state: '', start: '', goal: '', history: [], redo: [], made: 0, optimum: null,
  info: null, example: '', selected: null, hinted: null, refused: null,
};
// The games a new puzzle or game replaced, newest last (undo goes back to them); {puzzle: RINGS}
// is the rings' game, left as it was.
export const famEarlier = [];

export const shownName = () => fam.puzzle;
// The catalogue's entry of the puzzle shown.
export const shownPuzzle = () => puzzleOf(fam.puzzle);
export const piecesShown = () => shapeOf(fam.puzzle) === 'pieces';

// The game the panels speak of: its puzzle, pieces, state, goal, moves made and kept (from
// `start`), the engine's answer for the state, the parameters that name its puzzle (or the
// rings' mode) in a question, and what undo and redo would do.
export const subject = () => (piecesShown()
  ? {
    puzzle: fam.puzzle, n: fam.n, state: fam.state, goal: fam.goal, made: fam.made, info: fam.info,
    params: { puzzle: fam.puzzle }, history: fam.history, start: fam.start, double: false, goalKey: null,
    example: fam.example, canUndo: fam.history.length > 0 || famEarlier.length > 0, canRedo: fam.redo.length > 0,
  }
  : {
    puzzle: RINGS, n: game.n, state: game.state, goal: goalState(), made: game.made, info: view.info,
    params: modeParams(), history: game.history, start: game.made <= HISTORY_CAP ? game.start : '',
    double: game.double, goalKey: game.goal === 'any' ? null : `goal-${game.goal}`, example: null,
    canUndo: game.history.length > 0 || earlier.length > 0, canRedo: game.redo.length > 0,
  });

// The two games, by shape (shapes.js): each { play(move), undo(), redo(), hint(milestone),
// made(moves, state, fast), newCount(n), reset(), key(event) → handled, redraw(), drawsAtMost }.
const games = {};
export const registerGame = (shape, g) => { games[shape] = g; };
export const current = () => games[shapeOf(fam.puzzle)];
