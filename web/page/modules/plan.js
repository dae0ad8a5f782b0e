// The plan: the remaining solution as a tree of milestones (the engine's /api/plan: each with
// its goal as data and its range of moves), the next move marked at every level. The plan keeps
// its start while one plays the optimal moves (auto-play too), so the mark walks through it; a
// move off the optimal path, a new goal or a new game starts a new plan from there. The same for
// a puzzle of the family (its milestones are a piece's moves and the arrangements they need).
import { t, errorWords } from './i18n.js';
import { ask } from './engine.js';
import { on } from './events.js';
import { subject, shownPuzzle } from './shown.js';
import { familyMilestone } from './puzzle_words.js';

const plan = { from: null, key: null, made: 0, total: null, seq: 0, answer: null, at: null, timer: null };
const itemOf = new WeakMap();  // a milestone of the answer -> its <li>
// A new plan is asked once the moves pause: a plan of 1000 rings costs the engine ~40 ms and the
// page a layout, which a quick run of clicks should not wait for (docs/performance.md).
const ASK_AFTER_MS = 120;

// A milestone in words, from its goal as the engine gives it: a piece's move ("piece") or the
// pieces below arranged ("arrange"). The rings' words their own: ring k on/off, rings 1+2, ring k
// on with the rings below off (below ["on"]) or rings 1..k off (below []).
export function milestoneText(m) {
  let goal;
  if (m.ring === undefined) goal = familyMilestone(m, shownPuzzle());
  else if (m.goal === 'piece' && m.double) goal = t(m.to === 'on' ? 'plan-pair-on' : 'plan-pair-off');
  else if (m.goal === 'piece') goal = t(m.to === 'on' ? 'plan-ring-on' : 'plan-ring-off', { k: m.ring });
  else if (m.goal === 'arrange' && m.below.length) goal = t('plan-only', { k: m.ring });
  else if (m.goal === 'arrange') goal = t('plan-clear', { k: m.ring });
  else goal = m.text;
  const range = m.first === m.last ? t('plan-move', { a: m.first }) : t('plan-moves', { a: m.first, b: m.last });
  return `${goal} ${range}`;
}

// The innermost milestone that the next move serves, in words (the hint names it).
export function nextMilestone() {
  const path = plan.answer?.at?.path;
  if (!path || !plan.at || plan.from === null) return null;
  let list = plan.answer.milestones;
  let m = null;
  for (const index of path) {
    m = list?.find((x) => x.index === index);
    if (!m) break;
    list = m.milestones;
  }
  return m ? milestoneText(m) : null;
}

on('info', () => showPlan());

export function showPlan() {
  const s = subject();
  const remaining = s.info?.distance;
  if (remaining === undefined) return;
  const key = `${s.puzzle} ${s.n} ${s.goal} ${s.double}`;
  let k = s.made - plan.made;  // moves made since the plan's start
  const onPath = plan.from !== null && plan.key === key && k >= 0 &&
    BigInt(plan.total) - BigInt(k) === BigInt(remaining);
  if (!onPath) Object.assign(plan, { from: s.state, key, made: s.made, total: remaining, answer: null }), (k = 0);
  const seq = ++plan.seq;
  clearTimeout(plan.timer);
  const at = BigInt(k) < BigInt(plan.total) ? { at: String(k + 1) } : {};
  // On the plan's path the mark walks on through the milestones already listed, if they hold it.
  if (onPath && plan.answer && at.at && markLocally(at.at)) return;
  plan.timer = setTimeout(() => askPlan(seq, at, s), plan.answer || !onPath ? ASK_AFTER_MS : 0);
}

async function askPlan(seq, at, s) {
  const depth = Number(document.getElementById('plan-depth').value);
  try {
    const a = await ask('plan', { state: plan.from, to: s.goal, depth, ...at, ...s.params });
    if (seq !== plan.seq) return;
    plan.answer = a;
    plan.at = at.at ?? null;
    drawPlan();
  } catch (e) {
    if (seq !== plan.seq) return;
    plan.answer = null;
    document.getElementById('plan-tree').textContent = t('error', { e: errorWords(e) });
  }
}

// Marks move `move` in the plan drawn, from the move ranges the engine gave, when the listed
// milestones hold it down to the depth asked (else a new plan is asked for).
function markLocally(move) {
  const p = BigInt(move);
  const depth = Number(document.getElementById('plan-depth').value);
  const found = [];
  let list = plan.answer.milestones;
  while (list) {
    const m = list.find((x) => BigInt(x.first) <= p && p <= BigInt(x.last));
    if (!m) return false;
    found.push(m);
    list = m.milestones;
    if (!list && found.length < depth && m.first !== m.last) return false;  // not listed deeper
  }
  plan.answer.at = { move, path: found.map((m) => m.index) };
  plan.at = move;
  const box = document.getElementById('plan-tree');
  const before = box.querySelector('[aria-current]');
  for (const e of box.querySelectorAll('li.current')) e.classList.remove('current');
  before?.removeAttribute('aria-current');
  for (const m of found) itemOf.get(m)?.classList.add('current');
  const now = itemOf.get(found.at(-1))?.firstChild;
  now?.setAttribute('aria-current', 'step');
  if (now && now !== before) scrollToCurrent(box, now);
  return true;
}

// The next move's milestone kept in view inside the plan's own box (the page itself stays put).
// Read from an IntersectionObserver, after the frame's own layout: reading offsetTop here forced
// a layout of the whole page (the 1000-ring board) on every click, most of a frame.
let watcher = null;
function scrollToCurrent(box, now) {
  watcher?.disconnect();
  watcher = new IntersectionObserver(([e]) => {
    watcher.disconnect();
    if (e.intersectionRatio < 1 && e.rootBounds) {
      box.scrollBy(0, e.boundingClientRect.top - e.rootBounds.top - e.rootBounds.height / 3);
    }
  }, { root: box, threshold: 1 });
  watcher.observe(now);
}

function drawPlan() {
  const box = document.getElementById('plan-tree');
  box.textContent = '';
  const a = plan.answer;
  if (!a) return;
  if (a.moves === '0') {
    box.textContent = t('plan-done');
    return;
  }
  const path = a.at?.path ?? [];
  const list = (milestones, level, count, onPath) => {
    const ol = document.createElement('ol');
    let shown = 0;
    for (const m of milestones) {
      const li = document.createElement('li');
      const current = onPath && path[level] === m.index;
      itemOf.set(m, li);
      const span = document.createElement('span');
      span.textContent = milestoneText(m);
      li.appendChild(span);
      if (current) {
        li.classList.add('current');
        if (level === path.length - 1) span.setAttribute('aria-current', 'step');
      }
      if (m.milestones) li.appendChild(list(m.milestones, level + 1, m.count, current));
      ol.appendChild(li);
      shown++;
    }
    if (Number(count) > shown) {
      const li = document.createElement('li');
      li.className = 'more';
      li.textContent = t('plan-more', { n: Number(count) - shown });
      ol.appendChild(li);
    }
    return ol;
  };
  box.appendChild(list(a.milestones, 0, a.count, true));
  const now = box.querySelector('[aria-current]');
  if (now) scrollToCurrent(box, now);
}

export function wirePlan() {
  document.getElementById('plan-depth').addEventListener('change', () => { plan.answer = null; showPlan(); });
}

export function rewordPlan() {
  drawPlan();
}
