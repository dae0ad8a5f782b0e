// The page around the game shown: the title and heading (the puzzle's name), the Puzzle menu
// (the catalogue's puzzles), which board shows, the count box (named by the puzzle's pieces,
// bounded by what the engine and the board take), and what the puzzle allows, from the
// catalogue: double moves, notations, toggles (body's data-double-moves, data-notations,
// data-toggles; style.css hides what does not apply). Listens for another puzzle shown.
import { t, ui } from './i18n.js';
import { view } from './game.js';
import { on } from './events.js';
import { catalogue, puzzleOf, maxPieces } from './catalogue.js';
import { fam, piecesShown, shownPuzzle, current } from './shown.js';
import { puzzleName, piecesWord } from './puzzle_words.js';

// The page's title and heading name the puzzle shown (九連環 / 九连环 itself in Chinese).
export function showTitle() {
  const chinese = ui.lang.startsWith('zh');
  const pieces = piecesShown();
  const name = pieces ? puzzleName(fam.puzzle) : t('title');
  document.querySelector('h1 [data-i18n="title"]').textContent = name;
  document.querySelector('h1 .han').hidden = chinese || pieces;
  document.title = chinese || pieces ? name : `${name} · 九連環`;
}

export function showPanels() {
  const p = shownPuzzle();
  const pieces = piecesShown();
  document.body.classList.toggle('family', pieces);
  view.family = pieces;
  document.getElementById('board').hidden = pieces;
  document.getElementById('family-board').hidden = !pieces;
  document.body.toggleAttribute('data-double-moves', !!p?.double_moves);
  document.body.toggleAttribute('data-notations', (p?.notations.length ?? 1) > 1);
  document.body.toggleAttribute('data-toggles', !!p?.toggles);
  document.getElementById('puzzle').value = addOption(fam.puzzle);
  const count = document.getElementById('rings');
  if (p) count.max = maxPieces(p, current().drawsAtMost);
  if (pieces) count.value = fam.n;  // the count box shows this game's
  // A format the puzzle has no words for: moves.
  const format = document.getElementById('list-format');
  if (!p?.toggles && format.value === 'toggles') format.value = 'moves';
  showTitle();
}
on('puzzle', showPanels);

// A puzzle a link named that the menu does not list (another key of a puzzle's pattern).
function addOption(name) {
  const menu = document.getElementById('puzzle');
  if (![...menu.options].some((o) => o.value === name)) menu.appendChild(new Option(name, name));
  return name;
}

// The menu's options: the catalogue's puzzles, each in the page's language.
export function fillPuzzleMenu() {
  const menu = document.getElementById('puzzle');
  menu.replaceChildren(...catalogue().map((p) => new Option(puzzleName(p.name), p.name)));
}

// A new language: the menu, the count box's name, and the words that show how a puzzle of
// pieces writes its moves (its first move, from the puzzle's start).
export function rewordFrame() {
  const menu = document.getElementById('puzzle');
  for (const o of menu.options) o.textContent = puzzleOf(o.value) ? puzzleName(o.value) : o.value;
  showTitle();
  const label = document.getElementById('rings-label');
  if (!piecesShown()) {
    label.textContent = t('rings');
    return;
  }
  const p = shownPuzzle();
  label.textContent = piecesWord(p, 2).replace(/^./, (c) => c.toUpperCase());
  const example = fam.example.split('\n')[0];
  document.querySelector('#list-format [value="moves"]').textContent = t('fam-format-moves', { example });
  document.querySelector('#list-format [value="toggles"]').textContent = t('fam-format-toggles');
  document.getElementById('verify-formats').textContent = t('fam-verify-formats', { example });
  current().redraw();
}
on('puzzle', rewordFrame);
