// The board of a puzzle of pieces, drawn as it looks: piece N at the left, piece 1 (the free
// end) at the right, as the states are written. Each look is keyed by the catalogue's piece code:
// discs on three pegs (the smallest, disc 1, on top), dials as a bar across a disc, lying or
// standing, rods and bars in their slots, in or out, elephants as heads whose trunk points up,
// right or down. It shows `fam` (shown.js) and reports a click's move to `onMove(piece, to)`
// (pieces.js judges it); choosing a piece or a peg is its own.
import { t } from './i18n.js';
import { el } from './board.js';
import { fam, shownPuzzle } from './shown.js';
import { pieceWord, posWord, posWords } from './puzzle_words.js';

const W = 360;
const digit = (state, k) => Number(state[state.length - k]);
let onMove = () => {};

export function drawPieces(move = onMove) {
  onMove = move;
  const p = shownPuzzle();
  if (!p || !fam.state) return;
  const box = document.getElementById('family-board');
  const focused = document.activeElement?.closest?.('#family-board [data-piece], #family-board [data-peg]');
  const svg = p.piece === 'disc' ? pegsBoard(p) : rowBoard(p);
  // Enter or Space on a piece or a peg (in the tab order) is a click on it.
  svg.addEventListener('keydown', (ev) => {
    const g = ev.target.closest('[data-piece], [data-peg]');
    if (!g || (ev.key !== 'Enter' && ev.key !== ' ')) return;
    ev.preventDefault();
    ev.stopPropagation();
    g.dispatchEvent(new MouseEvent('click', { bubbles: true }));
  });
  box.replaceChildren(svg);
  if (focused) {
    const attr = focused.dataset.piece ? `[data-piece="${focused.dataset.piece}"]` : `[data-peg="${focused.dataset.peg}"]`;
    svg.querySelector(attr)?.focus();
  }
  // A piece of more than two positions, chosen on a row: where it goes, chosen under the board.
  const chooser = document.getElementById('family-chooser');
  chooser.hidden = fam.selected === null || p.piece === 'disc';
  if (!chooser.hidden) {
    const here = digit(fam.state, fam.selected);
    const label = document.createElement('span');
    label.textContent = t('fam-choose', { piece: pieceWord(p, fam.selected) });
    const buttons = posWords(p).map((w, d) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = w;
      b.dataset.to = d;
      b.disabled = d === here;
      b.addEventListener('click', () => onMove(fam.selected, d));
      return b;
    });
    chooser.replaceChildren(label, ...buttons);
  }
}

const select = (k) => {
  fam.selected = fam.selected === k ? null : k;
  fam.refused = null;
  drawPieces();
};

function pieceClasses(k) {
  return `piece${fam.selected === k ? ' selected' : ''}${fam.hinted === k ? ' hinted' : ''}${fam.refused === k ? ' refused' : ''}`;
}

// Discs on pegs: click a disc (or a peg: its top disc), then a peg.
function pegsBoard(p) {
  const n = fam.n;
  const pegs = p.positions;
  const H = 40 + n * 16 + 40;
  const svg = el('svg', { viewBox: `0 0 ${W} ${H}`, class: 'family-view', 'data-look': p.piece });
  const base = H - 34;
  const pegX = (q) => 60 + q * ((W - 120) / (pegs - 1));
  el('rect', { x: 8, y: base, width: W - 16, height: 10, rx: 4, class: 'base' }, svg);
  const counts = Array(pegs).fill(0);
  for (let q = 0; q < pegs; q++) {
    const g = el('g', { class: 'peg', 'data-peg': q, role: 'button', tabindex: 0, 'aria-label': posWord(p, q) }, svg);
    el('rect', { x: pegX(q) - 58, y: 0, width: 116, height: H, class: 'hit' }, g);
    el('rect', { x: pegX(q) - 3, y: base - n * 16 - 20, width: 6, height: n * 16 + 20, rx: 3, class: 'rod' }, g);
    el('text', { x: pegX(q), y: base + 28, class: 'label' }, g).textContent = posWord(p, q);
  }
  for (let k = n; k >= 1; k--) {
    const q = digit(fam.state, k);
    const w = 22 + (k / n) * 88;
    const y = base - (++counts[q]) * 16;
    const g = el('g', { class: pieceClasses(k), 'data-piece': k, role: 'button', tabindex: 0, 'aria-label': `${pieceWord(p, k)}: ${posWord(p, q)}` }, svg);
    el('rect', { x: pegX(q) - w / 2, y, width: w, height: 14, rx: 7, class: 'disc', style: `--hue:${(k * 47) % 360}` }, g);
    el('text', { x: pegX(q), y: y + 11, class: 'disc-label' }, g).textContent = k;
  }
  svg.addEventListener('click', (ev) => {
    const piece = ev.target.closest('[data-piece]');
    const peg = ev.target.closest('[data-peg]');
    if (piece) {
      const k = Number(piece.dataset.piece);
      const at = digit(fam.state, k);
      if (fam.selected !== null && digit(fam.state, fam.selected) !== at) return onMove(fam.selected, at);
      return select(k);
    }
    if (!peg) return;
    const q = Number(peg.dataset.peg);
    if (fam.selected !== null && digit(fam.state, fam.selected) !== q) return onMove(fam.selected, q);
    // No disc chosen: the top disc of this peg (the smallest one on it).
    let top = null;
    for (let k = 1; k <= fam.n && top === null; k++) if (digit(fam.state, k) === q) top = k;
    select(fam.selected === top ? null : top);
  });
  return svg;
}

// Pieces in a row: click a piece of two positions to send it to the other one; a piece of more,
// to choose where it goes.
function rowBoard(p) {
  const n = fam.n;
  const step = 44;
  const width = Math.max(W, 30 + n * step);
  const svg = el('svg', { viewBox: `0 -20 ${width} 170`, class: 'family-view', 'data-look': p.piece });
  el('text', { x: width - 6, y: -4, class: 'free-end' }, svg).textContent = `${t('free-end')} →`;
  const k0 = (width - n * step) / 2;
  el('rect', { x: k0 - 8, y: 100, width: n * step + 16, height: 8, rx: 4, class: 'base' }, svg);
  for (let k = n; k >= 1; k--) {
    const d = digit(fam.state, k);
    const x = k0 + (n - k) * step + step / 2;
    const g = el('g', { class: `${pieceClasses(k)} pos-${d}`, 'data-piece': k, role: 'button', tabindex: 0, 'aria-label': `${pieceWord(p, k)}: ${posWord(p, d)}` }, svg);
    el('rect', { x: x - step / 2, y: -20, width: step, height: 170, class: 'hit' }, g);
    (LOOKS[p.piece] ?? LOOKS.bar)(g, x, d);  // a piece with no look of its own: a bar
    el('text', { x, y: 124, class: 'label' }, g).textContent = k;
    el('text', { x, y: 142, class: 'pos-label' }, g).textContent = posWord(p, d);
  }
  svg.addEventListener('click', (ev) => {
    const g = ev.target.closest('[data-piece]');
    if (!g) return;
    const k = Number(g.dataset.piece);
    if (p.positions === 2) return onMove(k);  // the other position
    select(k);
  });
  return svg;
}

// A piece in a row at x, in position d, by its code.
const slotted = (half, round) => (g, x, d) => {
  // A rod (The Brain) or a bar (the Hexadecimal Puzzle): in its slot, pushed in (0) or out (1).
  el('rect', { x: x - 4, y: 24, width: 8, height: 84, rx: 4, class: 'slot' }, g);
  el('rect', { x: x - half, y: d ? 20 : 64, width: 2 * half, height: 44, rx: round, class: 'body' }, g);
};
const LOOKS = {
  // A dial: a bar across a disc, lying (0) or standing (1).
  dial: (g, x, d) => {
    el('circle', { cx: x, cy: 66, r: 14, class: 'dial' }, g);
    el('rect', d ? { x: x - 5, y: 44, width: 10, height: 44, rx: 5, class: 'body' } : { x: x - 16, y: 61, width: 32, height: 10, rx: 5, class: 'body' }, g);
  },
  // An elephant: its head (lit but when its trunk is down) and its trunk up, right or down.
  elephant: (g, x, d) => {
    const [dx, dy] = [[0, -1], [1, 0], [0, 1]][d];
    el('line', { x1: x, y1: 66, x2: x + dx * 26, y2: 66 + dy * 26, class: 'trunk' }, g);
    el('circle', { cx: x - 10, cy: 60, r: 7, class: 'ear' }, g);
    el('circle', { cx: x + 10, cy: 60, r: 7, class: 'ear' }, g);
    el('circle', { cx: x, cy: 66, r: 11, class: d === 2 ? 'body' : 'body lit' }, g);
    el('circle', { cx: x - 4, cy: 63, r: 1.6, class: 'eye' }, g);
    el('circle', { cx: x + 4, cy: 63, r: 1.6, class: 'eye' }, g);
  },
  rod: slotted(6, 6),
  bar: slotted(11, 3),
};
