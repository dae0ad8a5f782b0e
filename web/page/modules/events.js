// Change listeners. The model and the games say what changed (`emit`); the board and the panels
// that show it listen (`on`). So no model or game calls a panel, and the modules' imports stay
// acyclic (tests/e2e/imports_test.mjs). The topics:
//   'game'      a new game of the rings (a new count, start, goal or mode): its pictures again
//   'changed'   the state shown changed (a move, undo, a new game, another puzzle shown)
//   'info'      the engine's answer for the state shown arrived (its counters)
//   'puzzle'    another puzzle is shown (its panels, title and board)
//   'interrupt' the reader acted: auto-play and a replay stop
//   'family-undo' undo before the rings' first move, when a puzzle of pieces was left for them
const listeners = new Map();

export function on(topic, listener) {
  if (!listeners.has(topic)) listeners.set(topic, []);
  listeners.get(topic).push(listener);
}

export function emit(topic, ...args) {
  for (const listener of listeners.get(topic) ?? []) listener(...args);
}
