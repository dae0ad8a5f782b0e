// The page: its start. The modules by role (docs/web.md): the engine and the catalogue; the
// model (game, shown, events) and the two games (play: the rings', pieces: every other
// puzzle's), with their boards; the words (i18n, puzzle_words) and shapes.js, the one module that
// knows the engine's two shapes of answer; the panels, which listen for changes (counters, plot,
// cube, gray, plan, verify, lists, autoplay, frame); the controls; this start.
import { ui, browserLanguage, linkLanguage, say, errorWords } from './i18n.js';
import { loadGame } from './game.js';
import { setMessage } from './messages.js';
import { newGame } from './play.js';
import { wire, applyLanguage, setGoalControls } from './controls.js';
import { startEngine } from './engine.js';
import { emit } from './events.js';
import { loadCatalogue } from './catalogue.js';
import { familyLink, startFamily } from './pieces.js';

async function startPage() {
  startEngine();  // its WebAssembly downloads and compiles while the page is set up
  // Installable and offline (over http(s) only: from file:// a browser fetches no manifest and
  // runs no service worker): the manifest, and the service worker that keeps the page's files.
  if (location.protocol !== 'file:') {
    const manifest = document.createElement('link');
    manifest.rel = 'manifest';
    manifest.href = 'manifest.webmanifest';
    document.head.appendChild(manifest);
    navigator.serviceWorker?.register('sw.js').catch(() => { /* the page works without it */ });
  }
  try {
    await loadCatalogue();  // the puzzles: the menu, their sizes and what each allows
  } catch (e) {
    setMessage(say('error', { e: errorWords(e) }), 'error');
    return;
  }
  wire();
  // The language: a link's (`lang=`), else the one chosen here before, else the browser's.
  let l = browserLanguage();
  try { l = localStorage.getItem('rings.lang') || l; } catch (e) { /* ignore */ }
  l = linkLanguage() ?? l;
  applyLanguage(l, { remember: false });
  const link = familyLink();  // read before the rings' game writes its own URL
  const g = loadGame();
  newGame(g.n, g.start, g.state ? g : null, g.problem ? [say(...g.problem), 'error'] : link ? ' ' : null);
  setGoalControls();
  emit('puzzle');  // the rings' panels, and what the rings allow
  applyLanguage(ui.lang, { remember: false });
  if (link) startFamily(link.puzzle, link.n, link.state, { keep: false });
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', startPage);
else startPage();
