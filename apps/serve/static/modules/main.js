// The Chinese Rings page: its start. The modules, by concern: i18n (words), engine (the
// WebAssembly engine in a worker: every rule, notation, rank and solution), game (state, history,
// storage), board, plot, counters, play (moves), autoplay, verify (move lists), controls.
import { ui, browserLanguage, t } from './i18n.js';
import { loadGame } from './game.js';
import { newGame } from './play.js';
import { wire, applyLanguage, setGoalControls } from './controls.js';

function startPage() {
  wire();
  let l = browserLanguage();
  try { l = localStorage.getItem('rings.lang') || l; } catch (e) { /* ignore */ }
  applyLanguage(l);
  const g = loadGame();
  newGame(g.n, g.start, g.state ? g : null, g.problem ? [t(...g.problem), 'error'] : null);
  setGoalControls();
  applyLanguage(ui.lang);
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
