// Auto-play: the engine's optimal moves at the set speed. Each tick asks for as many moves as
// are due by the clock (GET /api/hint?k=…: the moves and the state after them), so the speed
// holds up to 1000 moves a second while the board and counters show every tick's state. The
// game shown (subject(), current()), whatever its puzzle. The reader's own move stops it.
import { t, say, errorWords } from './i18n.js';
import { ask } from './engine.js';
import { view, SPEEDS } from './game.js';
import { setMessage } from './messages.js';
import { on } from './events.js';
import { inTurn } from './play.js';
import { subject, current } from './shown.js';

const TICK_MS = 16;      // ticks at most a frame apart
const MAX_BURST = 1000;  // moves one tick may make (after a stall: no catching up beyond)
let auto = null;          // { timer, started, done } while running

export const autoRunning = () => auto !== null;

export function startAuto() {
  if (auto) return;
  auto = { timer: null, started: performance.now(), done: 0, speed: view.speed };
  const b = document.getElementById('auto');
  b.textContent = t('pause');
  b.classList.add('running');
  tick(auto);
}

on('interrupt', () => stopAuto());

export function stopAuto() {
  if (!auto) return;
  clearTimeout(auto.timer);
  auto = null;
  const b = document.getElementById('auto');
  b.textContent = t('auto');
  b.classList.remove('running');
}

function tick(run) {
  inTurn(async () => {
    if (auto !== run) return;
    if (run.speed !== view.speed) {  // a new speed counts from now
      Object.assign(run, { started: performance.now(), done: 0, speed: view.speed });
    }
    const rate = SPEEDS[run.speed];
    const due = Math.min(MAX_BURST, Math.floor(((performance.now() - run.started) * rate) / 1000) + 1 - run.done);
    if (due > 0) {
      const s = subject();
      const h = await ask('hint', { state: s.state, to: s.goal, k: due, ...s.params });
      if (auto !== run) return;
      if (!h.moves.length) return stopAuto();
      run.done += due;
      current().made(h.moves, h.state, rate > 4);  // the hand's motion only at a pace one can follow
    }
    // The next move's time, or a frame from now when moves come faster than frames.
    const next = (run.done * 1000) / rate - (performance.now() - run.started);
    run.timer = setTimeout(() => tick(run), Math.max(TICK_MS, next));
  }).catch((e) => {
    stopAuto();
    setMessage(say('error', { e: errorWords(e) }), 'error');
  });
}
