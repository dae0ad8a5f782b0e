// The Chinese Rings page: its start. The modules, by concern: i18n (words), engine (the
// WebAssembly engine in a worker: every rule, notation, rank and solution), game (state, history,
// storage), board, plot, counters, play (moves), autoplay, verify (move lists), controls.
import { ui, browserLanguage, linkLanguage, say } from './i18n.js';
import { loadGame } from './game.js';
import { newGame } from './play.js';
import { wire, applyLanguage, setGoalControls } from './controls.js';
import { startEngine } from './engine.js';
import { familyLink, startFamily } from './family.js';

function startPage() {
  startEngine();  // its WebAssembly downloads and compiles while the page is set up
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
  applyLanguage(ui.lang, { remember: false });
  if (link) startFamily(link.puzzle, link.n, link.state, { keep: false });
  // Installable and offline (over http(s) only: from file:// a browser fetches no manifest and
  // runs no service worker): the manifest, and the service worker that keeps the page's files.
  if (location.protocol !== 'file:') {
    const manifest = document.createElement('link');
    manifest.rel = 'manifest';
    manifest.href = 'manifest.webmanifest';
    document.head.appendChild(manifest);
    navigator.serviceWorker?.register('sw.js').catch(() => { /* the page works without it */ });
  }
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', startPage);
else startPage();
