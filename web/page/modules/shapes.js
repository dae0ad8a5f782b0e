// What differs between the rings' game and the others', known here alone. Every puzzle's moves
// are {"piece":p,"from":code,"to":code} (positions by their codes, "on", "peg 2"); the rings'
// also carry "ring" (and "double":true for rings 1+2). The rings' state answers carry their
// notations (binary, decimal, Cleve's, the position on the Gray path), their reasons name rings,
// and their game keeps its history as ring numbers (play.js); every other puzzle's game is
// pieces.js's, which keeps positions as digits.
// Besides: the pictures the engine draws for one puzzle alone.
import { reasonText } from './i18n.js';
import { puzzleOf } from './catalogue.js';
import { familyReason, posIndex } from './puzzle_words.js';

export const RINGS = 'rings';  // the puzzle whose answers are in the rings' shape

// Which game shows a puzzle: 'rings' (play.js, the rings' board) or 'pieces' (pieces.js).
export const shapeOf = (puzzle) => (puzzle === RINGS ? 'rings' : 'pieces');
export const ringShaped = (puzzle) => shapeOf(puzzle) === 'rings';

// A move of an answer (a hint's, a checked list's replay) as its game plays it.
export const gameMove = (m, puzzle) => (ringShaped(puzzle)
  ? { ring: m.ring, pair: !!m.double }
  : pieceMove(m, puzzleOf(puzzle)));

// A move of an answer with its positions as digits, as pieces.js keeps them.
export const pieceMove = (m, p) => ({ piece: m.piece, from: posIndex(p, m.from), to: posIndex(p, m.to) });

// A game's own moves as a list the engine reads back from the game's start (/api/verify?write=):
// the rings' ring numbers as a toggles list, the others' as `piece from a to b`.
export function historyList(puzzle, history) {
  const lines = ringShaped(puzzle)
    ? history.map((x) => (x === 0 ? '1+2' : String(x)))
    : history.map((m) => `${m.piece} from ${m.from} to ${m.to}`);
  return { lines, params: ringShaped(puzzle) ? { format: 'toggles' } : {} };
}

// The rule a verify answer names, in the page's language.
export const verifyRule = (a) => (ringShaped(a.puzzle)
  ? reasonText({ why: a.why, reason: a.rule })
  : familyReason(a.why, puzzleOf(a.puzzle)));

// The puzzle named on a command line (`rings solve --puzzle P`): nothing for the rings, the
// command line's own.
export const puzzleArgument = (puzzle) => (ringShaped(puzzle) ? '' : ` --puzzle ${puzzle}`);

// Pictures the engine draws for one puzzle alone (/api/plot?kind=): the hypercube of the rings'
// states, the Sierpiński graph of the puzzle of discs on three pegs (known by its catalogue
// entry's piece code, as the drawings know a puzzle).
const ONLY = {
  hypercube: (name) => name === RINGS,
  sierpinski: (name, p) => !!p && p.positions === 3 && p.piece === 'disc',
};
export const drawsPicture = (kind, puzzle) => !(kind in ONLY) || ONLY[kind](puzzle, puzzleOf(puzzle));
