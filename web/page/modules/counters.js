// The counters beside the board, all the engine's: moves remaining, the state in each notation,
// its position on the Gray path.
import { t } from './i18n.js';
import { game, view } from './game.js';
import { movePlotMarker } from './plot.js';
import { showGray } from './gray.js';
import { markCube } from './cube.js';
import { showPlan } from './plan.js';

export function showCounters(s = view.info) {
  if (!s || document.body.classList.contains('family')) return;  // family.js counts its own
  const set = (id, v) => { document.getElementById(id).textContent = v; };
  set('moves-made', game.made);
  set('remaining', s.distance);
  set('binary', s.binary);
  set('decimal', s.decimal);
  set('cleve', s.cleve);
  set('position', t('position-of', { p: s.position, max: ((1n << BigInt(game.n)) - 1n).toString() }));
  document.body.classList.toggle('solved', s.distance === '0');
  movePlotMarker(s);
  showGray(s);
  markCube();
  showPlan();
}
