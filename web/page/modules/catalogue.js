// The puzzles, as the engine's catalogue gives them (GET /api/puzzles, answered by the
// WebAssembly engine like every question): each one's name, pattern, title, pieces' and
// positions' codes, start and goal digits, usual and largest size, and what it allows (double
// moves, notations, toggles). The page's menu, sizes and panels come from here, not from copies.
import { ask } from './engine.js';
import { knowPieces } from './i18n.js';

let puzzles = [];

// Asked once, as the page starts.
export async function loadCatalogue() {
  puzzles = await ask('puzzles');
  knowPieces((name) => puzzleOf(name)?.piece);  // the words of a picture's pieces
  return puzzles;
}

export const catalogue = () => puzzles;

// A pattern's names as a regular expression: `K1`…`K4` stand for a digit 0 or 1 each
// (a pattern NAME:K1K2K3K4 takes a key of four 0/1 digits).
const patternOf = (pattern) =>
  new RegExp(`^${pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/K\d/g, '[01]')}$`);

// The catalogue's entry for a puzzle name (a name of the catalogue, or one its patterns take:
// `NAME:0111` of a pattern `NAME:K1K2K3K4`), with that name; null for a name the engine does
// not take.
export function puzzleOf(name) {
  if (typeof name !== 'string') return null;
  const exact = puzzles.find((p) => p.name === name);
  if (exact) return exact;
  const like = puzzles.find((p) => p.pattern !== p.name && patternOf(p.pattern).test(name));
  return like ? { ...like, name } : null;
}

// The most pieces a puzzle may have here: the engine's bound, or the board's when it draws fewer.
export const maxPieces = (p, boardMax) => Math.min(p.max_size, boardMax);
// Its usual size (the size it is sold in), within what the board draws.
export const usualPieces = (p, boardMax) => Math.min(p.default_size, maxPieces(p, boardMax));
