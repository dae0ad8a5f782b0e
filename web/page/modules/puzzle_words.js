// A puzzle of pieces in words: its name, a piece ("disc 3"), a position ("peg 2"), a count of
// pieces, the engine's reasons and a plan's milestones, in the page's language. Each puzzle's
// words are found by the catalogue's codes (`p`: its entry): its name, its `piece`, its
// `position_names` (i18n.js's `family`).
import { I18N, ui, famName } from './i18n.js';

const words = (l) => I18N[l].family ?? I18N.en.family;

export const puzzleName = (name, l = ui.lang) => famName(l, name);
export const pieceWord = (p, k, l = ui.lang) => `${words(l).piece[p.piece][0]} ${k}`;
export const piecesWord = (p, n, l = ui.lang) => words(l).piece[p.piece][n === 1 ? 0 : 1];
// A position's digit, from the code an answer names it by ("peg 2"); -1 for no position of `p`.
export const posIndex = (p, x) => (typeof x === 'number' ? x : p.position_names.indexOf(x));
// A position in words, given by its digit or its code.
export const posWord = (p, x, l = ui.lang) => {
  const d = posIndex(p, x);
  return (d >= 0 && words(l).pos[p.position_names[d]]) || String(x);
};
export const posWords = (p, l = ui.lang) => p.position_names.map((_, d) => posWord(p, d, l));
export const moveWords = (p, m) => `${pieceWord(p, m.piece)}: ${posWord(p, m.from)} → ${posWord(p, m.to)}`;

// The engine's reason in the page's language, from its rule code and fields (English: the
// engine's own words).
export function familyReason(why, p, l = ui.lang) {
  if (!why) return '';
  const word = words(l).reason?.[why.rule];
  if (l === 'en' || !word || !p) return why.text ?? why.rule;
  return word({
    k: why.piece, from: why.from, to: why.to, other: why.other, needed: why.needed, found: why.found,
    pieces: why.pieces, P: (k) => pieceWord(p, k, l), N: (d) => posWord(p, d, l),
  });
}

// A milestone of a plan of pieces (/api/plan?puzzle=) in the page's language, from its goal as
// the engine gives it: `piece` (a move) or `arrange` (pieces 1..`pieces`: piece `pieces` at
// below[0], the next at below[1], …, the others at `rest`). English: the engine's own words.
export function familyMilestone(m, p, l = ui.lang) {
  const plan = words(l).plan;
  if (l === 'en' || !plan || !p) return m.text;
  const P = (k) => pieceWord(p, k, l);
  const N = (d) => posWord(p, d, l);
  if (m.goal === 'piece') return plan.piece({ P, N, k: m.piece, from: m.from, to: m.to });
  const parts = m.below.map((d, i) => ({ lo: m.pieces - i, hi: m.pieces - i, d }));
  if (m.pieces > m.below.length) parts.push({ lo: 1, hi: m.pieces - m.below.length, d: m.rest });
  return plan.arrange({ parts, N, R: (lo, hi) => (lo === hi ? P(lo) : `${piecesWord(p, 2, l)} ${lo}–${hi}`) });
}
