// The page in a real browser, as a static site: Playwright drives Debian's Chromium against the
// folder the build makes (build/<preset>/web/), served by a plain static file server (python3
// -m http.server) and opened as a file: no rings process serves the page; its engine is the
// WebAssembly in a worker.
//
//   WEB=build/.../web RINGS=build/.../rings [SCREENSHOTS=dir] node web_test.mjs
//
// Expected answers come from the native engine, never from numbers written here: `rings serve`
// runs beside as the oracle (the page does not know its address, and the tests check that the
// page asks nothing of any server but its own files).
import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { startServer, startStaticServer, launch } from './servers.mjs';

const RINGS = process.env.RINGS;
const WEB = process.env.WEB && resolve(process.env.WEB);
const SHOTS = process.env.SCREENSHOTS;
if (!RINGS || !WEB) throw new Error('set WEB to the static site and RINGS to the rings executable');

let staticServer, oracle, base, oracleBase, context, page, profile;
let consoleErrors = [];
const requested = [];  // every URL the pages asked for

before(async () => {
  [staticServer, base] = await startStaticServer(WEB);
  [oracle, oracleBase] = await startServer(RINGS, ['serve', '--port', '0'], /(http:\/\/[^\s]+)\//);
  profile = mkdtempSync(join(tmpdir(), 'rings-e2e-'));
  context = await launch(chromium, profile);
  context.on('request', (r) => requested.push(r.url()));
  page = context.pages()[0] ?? (await context.newPage());
  watch(page);
});

after(async () => {
  await context?.close();
  staticServer?.kill('SIGTERM');
  oracle?.kill('SIGTERM');
  if (profile) rmSync(profile, { recursive: true, force: true });
});

// No test may leave an error in the console or an uncaught exception on the page, and the page
// asks nothing of any server but its own files.
afterEach(() => {
  const errors = consoleErrors;
  consoleErrors = [];
  assert.deepEqual(errors, []);
  const foreign = requested.splice(0).filter((u) => !u.startsWith(`${base}/`) && !u.startsWith('file:') &&
    !u.startsWith('blob:') && !u.startsWith('data:') && u !== 'about:blank');
  assert.deepEqual(foreign, []);
});

function watch(p) {
  p.on('console', (m) => { if (m.type() === 'error') consoleErrors.push(m.text()); });
  p.on('pageerror', (e) => consoleErrors.push(String(e)));
}

// The native engine's answer (rings serve's API).
async function api(path, params) {
  const res = await fetch(`${oracleBase}/api/${path}?${new URLSearchParams(params)}`);
  assert.equal(res.status, 200, `${path} ${JSON.stringify(params)}`);
  return res.json();
}

// A position's digit, from the code the engine's answers name it by ("peg 2": the catalogue's
// position_names).
async function digitOf(puzzle, code) {
  const entry = (await api('puzzles', {})).find((p) => p.name === puzzle);
  return entry.position_names.indexOf(code);
}

// The native engine's verdict on a move list (200 or 400 alike).
async function verifyApi(params, list) {
  const res = await fetch(`${oracleBase}/api/verify?${new URLSearchParams(params)}`, { method: 'POST', body: list });
  return { status: res.status, json: await res.json() };
}

// A fresh game from a URL (what a shared link does), with this browser's saved game forgotten.
async function open(query, at = `${base}/`) {
  await page.goto(at);
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${at}?${new URLSearchParams(query)}`);
  await settled();
}

// Waits until `predicate` is true in page `p`.
async function until(p, predicate, arg) {
  for (let i = 0; i < 1000; i++) {
    if (await p.evaluate(predicate, arg)) return;
    await p.waitForTimeout(15);
  }
  throw new Error(`never true: ${predicate}`);
}

// Waits until the counters show the state on the board (they come from the engine).
async function settled(p = page) {
  await until(p, () => {
    const bits = [...document.querySelectorAll('.ring')].map((g) => (g.classList.contains('on') ? '1' : '0'));
    return document.getElementById('binary').textContent === bits.join('');
  });
}

// Waits until the page shows `bits` (the state row and the board agree on it): a move is the
// engine's answer, so it lands a moment after the click or key.
async function stateIs(bits, p = page) {
  try {
    await until(p, (want) => {
      const board = [...document.querySelectorAll('.ring')].map((g) => (g.classList.contains('on') ? '1' : '0'));
      return document.getElementById('binary').textContent === want && board.join('') === want;
    }, bits);
  } catch {
    assert.equal(await p.locator('#binary').textContent(), bits);
  }
}

const text = (id) => page.locator(`#${id}`).textContent();
const clickRing = (k) => page.locator(`.ring[data-ring="${k}"]`).click();

async function shot(name) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

test('a game played by clicks reaches "solved"', async () => {
  await open({ n: 4, s: '1111', goal: 'off' });
  const solution = await api('solve', { from: '1111', to: '0000' });
  for (const m of solution.moves) {
    await clickRing(m.ring);
  }
  await page.locator('#message.solved').waitFor();
  assert.equal(await text('moves-made'), String(solution.moves.length));
  assert.equal(await text('remaining'), '0');
  assert.equal(await text('binary'), '0000');
  assert.match(await text('message'), new RegExp(`Solved in ${solution.count} moves`));
});

test('an illegal click is refused and explained by the ring', async () => {
  await open({ n: 5, s: '11111' });
  await clickRing(3);
  const callout = page.locator('.callout');
  await callout.waitFor();
  const engine = await api('move', { state: '11111', ring: 3 });
  assert.equal(engine.legal, false);
  const reason = engine.why?.text ?? engine.reason;
  const expected = reason.charAt(0).toUpperCase() + reason.slice(1);
  assert.equal(await callout.textContent(), expected);
  assert.equal(await callout.getAttribute('data-ring'), '3');
  assert.match(await text('message'), /Not allowed/);
  assert.ok(await page.locator('.ring[data-ring="3"]').evaluate((g) => g.classList.contains('refused')));
  assert.equal(await text('moves-made'), '0');
  await shot('desktop-refused');
});

// The SVG parts of ring k's drawing (boxes on screen, and where each stands in the paint order).
async function ringParts(k) {
  return page.evaluate((k) => {
    const box = (e) => { const r = e.getBoundingClientRect(); return { l: r.left, r: r.right, t: r.top, b: r.bottom }; };
    const all = [...document.querySelectorAll('#board svg *')];
    const order = (e) => all.indexOf(e);
    const arc = (q) => document.querySelector(`.arc.${q}[data-ring="${k}"]`);
    const quarters = Object.fromEntries(['ul', 'ur', 'lr', 'll'].map((q) => [q, { ...box(arc(q)), z: order(arc(q)) }]));
    const fronts = [...document.querySelectorAll(`.rail-front.shown[data-ring="${k}"]`)].map((e) => ({ ...box(e), z: order(e) }));
    const post = document.querySelector(`.post[data-ring="${k}"]`);
    const shuttle = document.querySelector('.shuttle');
    const base = document.querySelector('.base');
    const g = document.querySelector(`.ring[data-ring="${k}"]`);
    return {
      quarters, fronts, post: box(post), shuttle: { ...box(shuttle), z: order(shuttle) }, base: box(base),
      label: g.querySelector('.label').textContent, goalOn: g.querySelector('.goal').classList.contains('goal-on'),
    };
  }, k);
}
const overlaps = (a, b) => a.l < b.r && b.l < a.r && a.t < b.b && b.t < a.b;

test('the board looks like the puzzle: interlinked rings on posts through the base, the shuttle through the rings on it', async () => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await open({ n: 9, s: '110111100', goal: 'off' });
  const state = '110111100';
  for (let k = 1; k <= 9; k++) {
    const on = state[9 - k] === '1';
    const r = await ringParts(k);
    assert.equal(r.label, String(k), 'each ring is numbered');
    // Its post runs from the ring down through the base.
    assert.ok(Math.abs(r.post.t - r.quarters.ll.b) < 6 && r.post.b > r.base.b, `ring ${k}'s post goes through the base`);
    if (on) {
      // The shuttle passes behind the ring's right side and in front of its left side.
      assert.equal(r.fronts.length, 2, `ring ${k}: both rails in front of its left side`);
      for (const f of r.fronts) {
        assert.ok(overlaps(f, r.quarters.ul) || overlaps(f, r.quarters.ll), `ring ${k}: a rail's piece over its left side`);
        assert.ok(f.z > r.quarters.ul.z && f.z > r.quarters.ll.z);
      }
      assert.ok(r.shuttle.z < r.quarters.ur.z && r.shuttle.z < r.quarters.lr.z, `ring ${k}: the shuttle behind its right side`);
      assert.ok(r.shuttle.t > r.quarters.ul.t && r.shuttle.b < r.quarters.ll.b, `ring ${k} is around the shuttle`);
    } else {
      assert.equal(r.fronts.length, 0, `ring ${k} is off: no rail through it`);
      assert.ok(r.quarters.ul.t > r.shuttle.b, `ring ${k} hangs below the shuttle`);
    }
  }
  // Neighbours on the shuttle interlink: ring 4 lies under ring 3 at the top and over it at the bottom.
  const [four, three] = [await ringParts(4), await ringParts(3)];
  assert.ok(overlaps(four.quarters.ur, three.quarters.ul) && overlaps(four.quarters.lr, three.quarters.ll));
  assert.ok(three.quarters.ul.z > four.quarters.ur.z, 'ring 3 over ring 4 at the top');
  assert.ok(four.quarters.lr.z > three.quarters.ll.z, 'ring 4 over ring 3 at the bottom');
  // The free end marked, at ring 1's side.
  const free = await page.locator('.free-end').boundingBox();
  const one = await page.locator('.ring[data-ring="1"] .hit').boundingBox();
  const two = await page.locator('.ring[data-ring="2"] .hit').boundingBox();
  assert.match(await page.locator('.free-end').textContent(), /free end/);
  assert.ok(free.x + free.width > one.x + one.width / 2 && free.x > two.x, 'the free end is marked over ring 1');
  await shot('desktop-puzzle');
});

test('the goal on the board follows the goal chosen', async () => {
  await open({ n: 9, s: '111111111', goal: 'off' });
  const goals = () => page.evaluate(() => [...document.querySelectorAll('.ring')].map((g) => (g.querySelector('.goal').classList.contains('goal-on') ? '1' : '0')).join(''));
  assert.equal(await goals(), '000000000');
  await page.locator('#goal').selectOption('on');
  await until(page, () => document.querySelectorAll('.goal.goal-on').length === 9);
  await page.locator('#goal').selectOption('any');
  await page.locator('#target-notation').selectOption('binary');
  await page.locator('#target').fill('101100111');
  await page.locator('#target').press('Enter');
  await until(page, () => new URLSearchParams(location.search).get('goal') === '101100111');
  assert.equal(await goals(), '101100111');  // ring N first, as the board
  // Beyond 64 rings too: a dot in each cell whose ring is on in the goal.
  await open({ n: 100, s: '1'.repeat(100), goal: 'on' });
  assert.equal(await page.locator('.cell .goal.goal-on').count(), 100);
});

test('a move is animated: the ring is lifted over the shuttle and dropped; an illegal one jiggles', async () => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await open({ n: 5, s: '11111' });
  // Seen as it starts: the ring's class and its motion (keyframes in SVG units, y down).
  await page.evaluate(() => {
    window.seen = [];
    new MutationObserver(() => {
      const g = document.querySelector('.ring[data-ring="1"]');
      if (!g.classList.contains('moving') || window.seen.length) return;
      const place = document.querySelector('.arc.ul[data-ring="1"]').parentNode;
      const ys = place.getAnimations()[0].effect.getKeyframes().map((f) => Number(/,\s*(-?[\d.]+)px/.exec(f.transform)[1]));
      window.seen.push(ys);
    }).observe(document.getElementById('board'), { attributes: true, subtree: true, attributeFilter: ['class'] });
  });
  await clickRing(1);
  await stateIs('11110');
  await until(page, () => window.seen.length === 1);
  const [[from, top, to]] = await page.evaluate(() => window.seen);
  assert.ok(to > from, 'ring 1 drops off the shuttle');
  assert.ok(top < from && top < to, 'lifted over the end of the shuttle on its way');
  await until(page, () => !document.querySelector('.ring.moving'));
  // An illegal move: the ring turns red and shakes.
  await clickRing(4);
  await page.locator('.callout').waitFor();
  const refused = await page.evaluate(() => [...document.querySelectorAll('[data-ring="4"]')]
    .filter((e) => e.classList.contains('arc') || e.classList.contains('ring'))
    .map((e) => [e.classList.contains('refused'), getComputedStyle(e).animationName]));
  assert.equal(refused.length, 5);
  assert.ok(refused.every(([r]) => r), 'the ring and its drawing are marked refused');
  assert.ok(refused.filter(([, a]) => a === 'shake').length === 4, 'its quarters shake');
});

test('the refusal is shown beside the rings, never over them', async () => {
  for (const [width, height] of [[360, 740], [1280, 800]]) {
    await page.setViewportSize({ width, height });
    for (const [n, ring] of [[9, 3], [64, 3], [200, 9]]) {
      await open({ n, s: '1'.repeat(n), goal: 'off' });
      await page.locator(`.ring[data-ring="${ring}"]`).click();
      await page.locator('.callout').waitFor();
      const hit = await page.evaluate(() => {
        const c = document.querySelector('.callout').getBoundingClientRect();
        return [...document.querySelectorAll('.ring')].filter((g) => {
          const r = g.getBoundingClientRect();
          return r.width > 0 && c.left < r.right && r.left < c.right && c.top < r.bottom && r.top < c.bottom;
        }).map((g) => g.dataset.ring);
      });
      assert.deepEqual(hit, [], `${width}x${height}, ${n} rings: the refusal covers rings ${hit}`);
      const [callout, ringBox] = await Promise.all([page.locator('.callout').boundingBox(), page.locator(`.ring[data-ring="${ring}"]`).boundingBox()]);
      assert.ok(callout.y >= ringBox.y + ringBox.height - 1, 'under the ring');
    }
  }
});

test('beyond 64 rings the cells are numbered, readably on a phone', async () => {
  await page.setViewportSize({ width: 360, height: 740 });
  await open({ n: 1000, s: '1'.repeat(1000), goal: 'off' });
  const labels = await page.evaluate(() => [...document.querySelectorAll('.cell .label')].map((e) => [Number(e.textContent), e.getBoundingClientRect().height]));
  const want = [...Array.from({ length: 100 }, (_, i) => 1000 - 10 * i), 1];
  assert.deepEqual(labels.map(([k]) => k), want);
  assert.ok(labels.every(([, h]) => h >= 9), `numbers ${Math.min(...labels.map(([, h]) => h))}px high`);
  // Each number stands under its own ring's cell.
  const under = await page.evaluate(() => [...document.querySelectorAll('.cell')].filter((g) => g.querySelector('.label')).every((g) => {
    const c = g.querySelector('rect').getBoundingClientRect(), l = g.querySelector('.label').getBoundingClientRect();
    return l.top >= c.bottom - 1 && Math.abs((l.left + l.right) / 2 - (c.left + c.right) / 2) < 2;
  }));
  assert.ok(under);
  await shot('phone-1000');
});

test('hint marks the next optimal move with its reason', async () => {
  await open({ n: 9, s: '111111111' });
  await page.locator('#hint').click();
  await page.locator('.ring.hinted').first().waitFor();
  const h = await api('hint', { state: '111111111' });
  assert.equal(await page.locator('.ring.hinted').getAttribute('data-ring'), String(h.moves[0].ring));
  assert.ok((await text('message')).includes(h.moves[0].why?.text ?? h.moves[0].reason));
  await shot('desktop-hint');
});

test('auto-play solves the puzzle, and pause stops it', async () => {
  await open({ n: 6, s: '111111' });
  const optimum = (await api('distance', { from: '111111', to: '000000' })).distance;
  await page.locator('#speed').fill('9');
  await page.locator('#auto').click();
  await page.locator('#message.solved').waitFor();
  assert.equal(await text('moves-made'), optimum);
  assert.equal(await text('auto'), 'Auto-play');

  await open({ n: 9, s: '111111111' });
  await page.locator('#speed').fill('5');
  await page.locator('#auto').click();
  assert.equal(await text('auto'), 'Pause');
  await until(page, () => Number(document.getElementById('moves-made').textContent) >= 3);
  await page.locator('#auto').click();
  assert.equal(await text('auto'), 'Auto-play');
  await settled();
  const made = Number(await text('moves-made'));
  const remaining = await api('distance', { from: await text('binary'), to: '000000000' });
  assert.equal(await text('remaining'), remaining.distance);
  assert.equal(BigInt(remaining.distance) + BigInt(made), 341n);  // every auto move was optimal
  await page.locator('#hint').click();  // a round trip to the engine: auto-play stays stopped
  await page.locator('.ring.hinted').first().waitFor();
  assert.equal(Number(await text('moves-made')), made);
});

test('undo and redo', async () => {
  await open({ n: 5, s: '11111' });
  await clickRing(1);
  await clickRing(3);
  await stateIs('11010');
  await page.locator('#undo').click();
  await stateIs('11110');
  assert.equal(await text('moves-made'), '1');
  await page.locator('#redo').click();
  await stateIs('11010');
  assert.equal(await text('moves-made'), '2');
});

test('a reload keeps the game, and the state is in the URL', async () => {
  await open({ n: 5, s: '11111' });
  await clickRing(1);
  await clickRing(3);
  await stateIs('11010');  // both moves made (settled() can hold between the two)
  await until(page, () => new URLSearchParams(location.search).get('s') === '11010');
  await page.reload();
  await stateIs('11010');
  assert.equal(await text('moves-made'), '2');
  await page.locator('#undo').click();  // the history came back too
  await stateIs('11110');

  // A shared link opens that state in any browser.
  const other = await context.newPage();
  watch(other);
  await other.goto(`${base}/?n=7&s=1010011&goal=off`);
  await until(other, () => document.getElementById('binary').textContent === '1010011');
  const info = await api('state', { state: '1010011' });
  assert.equal(await other.locator('#decimal').textContent(), info.decimal);
  assert.equal(await other.locator('#cleve').textContent(), info.cleve);
  assert.match(await other.locator('#position').textContent(), new RegExp(`^${info.position} of 127$`));
  await other.close();
});

test('the language follows the browser and can be switched', async () => {
  await open({ n: 5, s: '11111' });
  await page.locator('#lang').selectOption('de');
  assert.equal(await text('undo'), 'Rückgängig');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'de');
  await clickRing(3);
  await page.locator('.callout').waitFor();  // shown once the engine has answered the click
  // The engine names the rule (`why`), the page words it; an engine without codes gives English.
  const refusal = await api('move', { state: '11111', ring: 3 });
  assert.match(await page.locator('.callout').textContent(), refusal.why ? /^Ring 3 braucht Ring 2 drauf/ : new RegExp(`^R${refusal.reason.slice(1)}`));
  // Switched while the refusal shows: it stays beside the rings, in the new language.
  await page.locator('#lang').selectOption('fr');
  assert.ok(await page.locator('.callout').isVisible());
  assert.match(await page.locator('.callout').textContent(), /^L’anneau 3 ne bouge que si l’anneau 2 est monté/);
  await page.locator('#lang').selectOption('de');
  await page.reload();
  await settled();
  assert.equal(await text('hint'), 'Tipp');  // the choice is kept

  // A browser that asks for Traditional Chinese, with nothing chosen yet.
  await page.evaluate(() => localStorage.clear());
  const zh = await context.newPage();
  watch(zh);
  await zh.addInitScript(() => Object.defineProperty(navigator, 'languages', { get: () => ['zh-TW', 'zh'] }));
  await zh.goto(`${base}/?n=9&s=101101011`);
  await until(zh, () => document.getElementById('binary').textContent === '101101011');
  assert.equal(await zh.evaluate(() => document.documentElement.lang), 'zh-Hant');
  assert.equal(await zh.locator('#hint').textContent(), '提示');
  if (SHOTS) await zh.screenshot({ path: join(SHOTS, 'desktop-zh.png'), fullPage: true });
  await zh.locator('#lang').selectOption('en');
  assert.equal(await zh.locator('#hint').textContent(), 'Hint');
  await zh.close();
});

// The engine's errors for unreadable input come as a code and fields: the page words
// them in its language, and no English sentence of the engine's is shown.
test('a bad state and a bad move list are explained in the page’s language', async () => {
  const native = await fetch(`${oracleBase}/api/state?state=10201`).then((r) => r.json());
  assert.equal(native.code, 'bad_digit');
  assert.equal(native.position, 3);
  await open({ n: 5, s: '11111' });
  await page.locator('#lang').selectOption('de');
  await page.locator('#notation').selectOption('binary');
  await page.locator('#state-input').fill('10201');
  await page.locator('#set-state').click();
  await page.locator('#message.error').waitFor();
  assert.equal(await text('message'), 'Fehler: Stelle 3: erwartet 0 oder 1, gefunden „2“');
  await shot('desktop-de-bad-state');
  // A change of language rewords the message shown.
  await page.locator('#lang').selectOption('zh-Hans');
  assert.equal(await text('message'), '错误：第 3 位：应为 0 或 1，却是“2”');
  // A move list's bad line: its line and what was wrong on it.
  const result = await checkList('ring 1 off\nring 9 off\n');
  assert.equal(await result.textContent(), '错误：第 2 行：应为第 1 到 5 环，却是“ring 9 off”');
  assert.doesNotMatch(await result.textContent(), /expected|found|line/);
  await page.locator('#lang').selectOption('fr');
  await page.locator('#state-input').fill('1111');
  await page.locator('#notation').selectOption('decimal');
  await page.locator('#state-input').fill('99');
  await page.locator('#set-state').click();
  await until(page, () => document.getElementById('message').textContent.includes('tient pas'));
  assert.equal(await text('message'), 'Erreur : le nombre ne tient pas sur 5 anneaux (au plus 2^5 − 1)');
  await page.locator('#notation').selectOption('binary');
  await page.locator('#lang').selectOption('en');
  assert.match(await text('message'), /^Error: state: the decimal state does not fit in 5 rings/);
});

// The engine's pictures mark their words (data-word, fields apart); the page words them in its
// language before showing them.
test('the plots are in the page’s language', async () => {
  await open({ n: 5, s: '11111' });
  await page.locator('#lang').selectOption('fr');
  const moves = (await api('distance', { from: '11111', to: '00000' })).distance;
  const [tab] = await Promise.all([context.waitForEvent('page'), page.locator('#plot-path').click()]);
  watch(tab);
  await tab.waitForURL(/^blob:/);
  await tab.locator('svg').waitFor();
  const words = (key) => tab.locator(`svg [data-word="${key}"]`).first().textContent();
  assert.equal(await words('path-title'), `Chemin optimal : 5 anneaux, ${moves} coups`);
  assert.equal(await words('axis-move'), 'coup');
  assert.equal(await words('axis-state-decimal'), 'état (décimal)');
  assert.equal(await words('path-step'), 'coup 0 : 31');
  // No English sentence of the renderer is left.
  const shown = await tab.locator('svg').evaluate((svg) => [...svg.querySelectorAll('text, title')].map((e) => e.textContent).join(' | '));
  assert.doesNotMatch(shown, /\b(moves?|rings?|path|state|step|from)\b/i);
  if (SHOTS) await tab.screenshot({ path: join(SHOTS, 'plot-path-fr.png') });
  await tab.close();

  // The animation in Chinese, and the cube beside the game reworded when the language changes.
  await page.locator('#lang').selectOption('zh-Hans');
  const [anim] = await Promise.all([context.waitForEvent('page'), page.locator('#plot-animate').click()]);
  watch(anim);
  await anim.waitForURL(/^blob:/);
  await anim.locator('svg').waitFor();
  assert.equal(await anim.locator('svg [data-word="animate-title"]').first().textContent(), `5 个环：11111 到 00000，${moves} 步`);
  assert.equal(await anim.locator('svg [data-word="counter-of"]').textContent(), `步，共 ${moves} 步`);
  if (SHOTS) await anim.screenshot({ path: join(SHOTS, 'plot-animate-zh-Hans.png') });
  await anim.close();
  const vertex = async () => page.locator('#cube').evaluate((host) => host.shadowRoot.querySelector('[data-word="cube-vertex"][data-state="00001"]')?.textContent);
  await until(page, () => !!document.getElementById('cube').shadowRoot?.querySelector('[data-word="cube-vertex"]'));
  assert.equal(await vertex(), '00001：格雷路径上的第 1 位');
  await page.locator('#lang').selectOption('de');
  assert.equal(await vertex(), '00001: Position 1 auf dem Gray-Weg');
  await page.locator('#lang').selectOption('en');
  assert.equal(await vertex(), '00001: position 1 on the Gray path');
});

test('keyboard control', async () => {
  await open({ n: 5, s: '11111' });
  await page.locator('body').click({ position: { x: 2, y: 2 } });
  await page.keyboard.press('1');
  await stateIs('11110');
  await page.keyboard.press('ArrowRight');  // ArrowRight moves the choice toward ring 1
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');   // ring 3
  await page.keyboard.press('Enter');
  await stateIs('11010');
  await page.keyboard.press('z');
  await stateIs('11110');
  await page.keyboard.press('h');
  await page.locator('.ring.hinted').first().waitFor();
});

test('a state typed in another notation, goals and double moves', async () => {
  await open({ n: 5, s: '11111' });
  await page.locator('#notation').selectOption('cleve');
  await page.locator('#state-input').fill('9');
  await page.locator('#set-state').click();
  const info = await api('state', { state: '9', notation: 'cleve', n: 5 });
  await until(page, (b) => document.getElementById('binary').textContent === b, info.binary);
  // A bad state is refused with the engine's words, and the game goes on.
  await page.locator('#notation').selectOption('binary');
  await page.locator('#state-input').fill('10201');
  await page.locator('#set-state').click();
  await page.locator('#message.error').waitFor();
  assert.match(await text('message'), /position 3/);
  assert.equal(await text('binary'), info.binary);

  await page.locator('#goal').selectOption('on');
  const toOn = await api('distance', { from: info.binary, to: '11111' });
  await until(page, (d) => document.getElementById('remaining').textContent === d, toOn.distance);

  await open({ n: 4, s: '0011' });
  await page.locator('#mode').selectOption('double');
  const dbl = await api('distance', { from: '0011', to: '0000', double: '1' });
  await until(page, (d) => document.getElementById('remaining').textContent === d, dbl.distance);
  await page.locator('#pair').click();
  await stateIs('0000');
  await page.locator('#message.solved').waitFor();
});

test('beyond 64 rings: a compact view, and exact counts', async () => {
  await open({ n: 5, s: '11111' });
  await page.locator('#rings').fill('200');
  await page.locator('#new').click();
  await page.locator('.cell').nth(199).waitFor();
  assert.equal(await page.locator('.cell').count(), 200);
  await settled();
  // floor(2^201 / 3): removing 200 rings.
  assert.equal(await text('remaining'), ((1n << 201n) / 3n).toString());
  await page.locator('.cell[data-ring="2"]').click();
  await until(page, () => document.getElementById('moves-made').textContent === '1');
  await settled();
  await page.locator('.cell[data-ring="9"]').click();
  await page.locator('.callout').waitFor();
  await shot('desktop-200');
});

// Pastes `list` into the panel, checks it and returns the result line once the answer is in.
async function checkList(list) {
  // Pasted (set at once, as a paste does): Playwright's fill types it through the editor, which
  // takes minutes for 1.4 MB.
  await page.locator('#verify-list').evaluate((area, text) => {
    area.value = text;
    area.dispatchEvent(new Event('input', { bubbles: true }));
  }, list);
  await page.locator('#verify').click();
  await until(page, () => {
    const r = document.getElementById('verify-result');
    return r.textContent !== '' && !r.classList.contains('busy');
  });
  return page.locator('#verify-result');
}

test('the optimal solution and my own moves, shown in the CLI formats, copied and saved', async () => {
  await open({ n: 6, s: '111111', goal: 'off' });
  await clickRing(2);  // a move away from the goal: the solution puts it back
  await stateIs('111101');
  await clickRing(1);
  await stateIs('111100');
  for (const format of ['moves', 'toggles', 'states']) {
    await page.locator('#list-format').selectOption(format);
    await page.locator('#show-solution').click();
    await until(page, () => !document.getElementById('list-text').hidden && document.getElementById('list-note').textContent !== 'Checking…');
    // Byte for byte what the CLI writes.
    const cli = execFileSync(RINGS, ['solve', '--from', '111100', '--to', '000000', '--format', format], { encoding: 'utf8' });
    assert.equal(await page.locator('#list-text').inputValue(), cli);
    const moves = (await api('distance', { from: '111100', to: '000000' })).distance;
    assert.equal(await text('list-note'), `The optimal solution from the state shown to the goal: ${moves} moves.`);
  }
  // Saved as a file: the same text.
  const [download] = await Promise.all([page.waitForEvent('download'), page.locator('#download-list').click()]);
  assert.equal(readFileSync(await download.path(), 'utf8'), await page.locator('#list-text').inputValue());
  // My moves: the CLI checks them from the start and reaches the state on the board.
  await page.locator('#show-mine').click();
  await until(page, () => document.getElementById('list-note').textContent.startsWith('Your'));
  const mine = await page.locator('#list-text').inputValue();
  const report = JSON.parse(execFileSync(RINGS, ['verify', '--from', '111111', '--to', '111100', '--json'], { input: mine, encoding: 'utf8' }));
  assert.deepEqual([report.legal, report.reached, report.moves], [true, true, 2]);
  assert.match(await text('list-note'), /^Your 2 moves from 111111/);
  // Written as the menu says, by the engine: the same text as `rings solve` writes for the same
  // two moves (they are the optimal way from 111111 to 111100).
  for (const format of ['moves', 'states', 'toggles']) {
    await page.locator('#list-format').selectOption(format);  // the list shown follows the menu
    const cli = execFileSync(RINGS, ['solve', '--from', '111111', '--to', '111100', '--format', format], { encoding: 'utf8' });
    await until(page, (want) => document.getElementById('list-text').value === want, cli);
    await page.locator('#show-mine').click();
    await until(page, (want) => document.getElementById('list-text').value === want, cli);
  }
  // A move on the board: the box spoke of another state, so it is gone.
  await clickRing(1);
  await stateIs('111101');
  assert.ok(await page.locator('#list-text').isHidden());
  // A solution longer than the box holds says how many are shown and how to get all of them.
  await open({ n: 16, s: '1'.repeat(16), goal: 'off' });
  await page.locator('#list-format').selectOption('toggles');
  await page.locator('#show-solution').click();
  await until(page, () => !document.getElementById('list-text').hidden);
  assert.equal((await page.locator('#list-text').inputValue()).split('\n').length - 1, 10000);
  assert.equal(await text('list-note'), 'The first 10000 of the 43690 moves of the optimal solution; all of them: rings solve --from 1111111111111111 --to 0000000000000000 --format toggles');
});

test('a pasted move list played on the board, move by move, as the engine reads it', async () => {
  await open({ n: 6, s: '111111', goal: 'off' });
  // The first 9 moves of the solution, in the CLI's moves format; then an illegal one.
  const cli = execFileSync(RINGS, ['solve', '6', '--format', 'moves'], { encoding: 'utf8' }).split('\n');
  const list = [...cli.slice(0, 9), 'ring 6 off'].join('\n');
  await checkList(list);
  assert.match(await text('verify-result'), /^Move 10 is illegal/);
  assert.equal(await text('replay'), 'Play it on the board');
  await page.locator('#speed').fill('9');  // played at 8 a second at most, whatever the speed
  await page.locator('#replay').click();
  await until(page, () => document.getElementById('replay').hidden);
  // The 9 legal moves were made as the player's own: the board is where the engine says.
  const after = (await api('at', { k: 9, from: '111111', to: '000000' })).state;
  await stateIs(after);
  assert.equal(await text('moves-made'), '9');
  await page.locator('#undo').click();  // undone once the engine has made the move back
  await until(page, () => document.getElementById('moves-made').textContent === '8');
  // Stopped half-way by the same button; and gone once the board has left the list's start.
  await page.locator('#new').click();
  await stateIs('111111');
  await checkList(cli.slice(0, 40).join('\n'));
  await page.locator('#replay').click();
  await until(page, () => Number(document.getElementById('moves-made').textContent) >= 2);
  assert.equal(await text('replay'), 'Stop');
  assert.match(await text('replay-progress'), /^Move \d+ of 40$/);
  await page.locator('#replay').click();
  await until(page, () => document.getElementById('replay').hidden);
  const made = Number(await text('moves-made'));
  assert.ok(made >= 2 && made < 40, `stopped after ${made} moves`);
});

test('a move list checked from the state shown to the goal, in words', async () => {
  await open({ n: 6, s: '111111', goal: 'off' });
  const scope = await text('verify-scope');
  assert.match(scope, /From the state shown \(111111\) to the goal \(all off\), single moves/);
  const from = { from: '111111', to: '000000' };
  const solution = await api('solve', from);
  assert.equal(solution.moves.length, Number(solution.count));

  // The API's own solution, in the moves format with move numbers: legal and optimal.
  const numbered = solution.moves.map((m, i) => `${i + 1}: ring ${m.ring} ${m.to}`).join('\n');
  assert.equal((await verifyApi(from, numbered)).json.optimal, true);
  let result = await checkList(numbered);
  assert.equal(await result.textContent(), `Legal and optimal: ${solution.count} moves reach the goal.`);
  assert.ok(await result.evaluate((r) => r.classList.contains('good')));

  // The same as states (each from /api/move), one a line, starting with the state shown.
  const states = ['111111'];
  for (const m of solution.moves) states.push((await api('move', { state: states.at(-1), ring: m.ring })).state);
  result = await checkList(states.join('\n'));
  assert.equal(await result.textContent(), `Legal and optimal: ${solution.count} moves reach the goal.`);

  // Two extra moves of ring 1: it still gets there, but the optimum is shorter.
  const longer = ['1', '1', ...solution.moves.map((m) => String(m.ring))].join('\n');
  const slow = (await verifyApi(from, longer)).json;
  assert.deepEqual([slow.legal, slow.reached, slow.optimal], [true, true, false]);
  result = await checkList(longer);
  assert.equal(await result.textContent(),
    `Legal and reaches the goal in ${slow.moves} moves, but not optimal: ${slow.optimum} moves suffice.`);

  // Unfinished: the first third of the solution, as bare ring numbers.
  const part = solution.moves.slice(0, Math.floor(solution.moves.length / 3)).map((m) => String(m.ring)).join('\n');
  const unfinished = (await verifyApi(from, part)).json;
  assert.deepEqual([unfinished.legal, unfinished.reached], [true, false]);
  result = await checkList(part);
  assert.equal(await result.textContent(),
    `Legal, but the goal is not reached: ${unfinished.remaining} more moves needed after these ${unfinished.moves}.`);
  assert.ok(await result.evaluate((r) => r.classList.contains('short')));

  // Illegal: after the first two moves of the solution, ring 6 comes off too early.
  const wrong = [...solution.moves.slice(0, 2).map((m) => `ring ${m.ring} ${m.to}`), 'ring 6 off', 'ring 1 on'].join('\n');
  const bad = (await verifyApi(from, wrong)).json;
  assert.equal(bad.legal, false);
  assert.equal(bad.illegal_move, 3);
  result = await checkList(wrong);
  assert.equal(await result.textContent(), `Move ${bad.illegal_move} is illegal: ${bad.why?.text ?? bad.rule}.`);
  assert.ok(await result.evaluate((r) => r.classList.contains('error')));
  await page.locator('.verify').screenshot(SHOTS ? { path: join(SHOTS, 'verify-panel.png') } : {});

  // Garbage: the API's 400 error, word for word.
  const garbage = 'ring 2 off\nplease solve it for me';
  const refused = await verifyApi(from, garbage);
  assert.equal(refused.status, 400);
  result = await checkList(garbage);
  assert.equal(await result.textContent(), `Error: ${refused.json.error}`);
  // Nothing written: nothing sent.
  result = await checkList('  \n');
  assert.equal(await result.textContent(), 'Write or paste a move list first.');

  // A move on the board: the check now starts there, and the old result is gone.
  await checkList(part);
  await clickRing(1);
  await stateIs('111110');  // the engine's answer, not just the click
  assert.equal(await text('verify-result'), '');
  assert.match(await text('verify-scope'), /\(111110\)/);
  assert.equal(await text('binary'), '111110');  // checking never moves the board
  const again = (await verifyApi({ from: '111110', to: '000000' }, part)).json;
  assert.notDeepEqual(again, unfinished);
  result = await checkList(part);
  assert.equal(await result.textContent(), again.legal
    ? `Legal, but the goal is not reached: ${again.remaining} more moves needed after these ${again.moves}.`
    : `Move ${again.illegal_move} is illegal: ${again.why?.text ?? again.rule}.`);
});

test('a move list with double moves, by keyboard, in Chinese', async () => {
  await open({ n: 5, s: '11111', goal: 'off', double: '1' });
  assert.match(await text('verify-scope'), /double moves/);
  const from = { from: '11111', to: '00000', double: '1' };
  const solution = await api('solve', from);
  assert.ok(solution.moves.some((m) => m.double), 'the double solution uses rings 1+2');
  const list = solution.moves.map((m) => (m.double ? '1+2' : String(m.ring))).join('\n');
  const engine = (await verifyApi(from, list)).json;
  assert.equal(engine.optimal, true);
  // The same list with single moves is illegal where 1+2 first appears.
  const single = (await verifyApi({ from: '11111', to: '00000' }, list)).json;
  assert.equal(single.legal, false);

  // Keyboard only: type, Ctrl+Enter checks; Tab reaches the button, Enter checks again.
  await page.locator('#verify-list').focus();
  await page.keyboard.insertText(list);
  await page.keyboard.press('Control+Enter');
  await until(page, () => /optimal/.test(document.getElementById('verify-result').textContent));
  assert.equal(await text('verify-result'), `Legal and optimal: ${engine.moves} moves reach the goal.`);
  assert.equal(await page.locator('#verify-list').inputValue(), list);  // no stray newline
  assert.equal(await text('binary'), '11111');  // keys typed in the list do not move rings
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'verify');
  await page.locator('#mode').selectOption('single');  // another mode: the old answer goes
  await until(page, () => document.getElementById('verify-result').textContent === '');
  await page.locator('#verify').focus();
  await page.keyboard.press('Enter');
  await until(page, () => /illegal/.test(document.getElementById('verify-result').textContent));
  assert.equal(await text('verify-result'), `Move ${single.illegal_move} is illegal: ${single.why?.text ?? single.rule}.`);

  // Both languages: the answer is put in words again, the engine's rule kept.
  await page.locator('#lang').selectOption('zh-Hant');
  assert.equal(await text('verify-title'), '檢查走法清單');
  assert.equal(await text('verify'), '檢查');
  // The rule in Chinese when the engine names it (`why`), else in the engine's English.
  const zhResult = await text('verify-result');
  assert.ok(zhResult.startsWith(`第 ${single.illegal_move} 步不合規則：`), zhResult);
  if (single.why) assert.doesNotMatch(zhResult, /[a-z]/, zhResult);
  else assert.ok(zhResult.endsWith(`${single.rule}。`), zhResult);
  assert.match(await text('verify-scope'), /^從目前顯示的狀態（11111）走到目標（全部卸下），單環走法。$/);
  await page.locator('#mode').selectOption('double');
  await checkList(list);
  assert.equal(await text('verify-result'), `合乎規則，而且是最佳解：${engine.moves} 步到達目標。`);
  await page.locator('.verify').screenshot(SHOTS ? { path: join(SHOTS, 'verify-panel-zh.png') } : {});
  await page.locator('#lang').selectOption('en');
});

test('a goal is read in its own notation; a goal of another length is refused and never kept', async () => {
  await open({ n: 6, s: '111111' });
  await page.locator('#goal').selectOption('any');
  await page.locator('#notation').selectOption('binary');  // the state row's menu plays no part
  await page.locator('#target-notation').selectOption('decimal');
  await page.locator('#target').fill('5');
  await page.locator('#target').press('Enter');
  const decimal5 = (await api('state', { state: '5', notation: 'decimal', n: 6 })).binary;
  await until(page, (want) => new URLSearchParams(location.search).get('goal') === want, decimal5);
  assert.equal(await page.locator('#target').inputValue(), '5');  // as typed, in its notation
  const toGoal = (await api('distance', { from: '111111', to: decimal5 })).distance;
  await until(page, (d) => document.getElementById('remaining').textContent === d, toGoal);
  // A binary goal of 3 rings in a 6-ring game: refused at once, with a message; nothing changes.
  await page.locator('#target-notation').selectOption('binary');
  await page.locator('#target').fill('101');
  await page.locator('#target').press('Enter');
  await until(page, () => document.getElementById('message').classList.contains('error'));
  assert.match(await text('message'), /3 rings.*6/);
  assert.equal(await page.locator('#target').getAttribute('aria-invalid'), 'true');
  assert.equal(new URL(page.url()).searchParams.get('goal'), decimal5);
  await clickRing(1);
  await stateIs('111110');
  const after = (await api('distance', { from: '111110', to: decimal5 })).distance;
  await until(page, (d) => document.getElementById('remaining').textContent === d, after);
});

test('a new game, a reset and a random start can be undone; undo and redo greyed when empty', async () => {
  await open({ n: 5, s: '11111' });
  assert.equal(await page.locator('#undo').isDisabled(), true);
  assert.equal(await page.locator('#redo').isDisabled(), true);
  await clickRing(1);
  await stateIs('11110');
  assert.equal(await page.locator('#undo').isDisabled(), false);
  await page.locator('#random').click();
  await until(page, () => document.getElementById('moves-made').textContent === '0');
  await page.locator('#undo').click();
  await stateIs('11110');
  assert.equal(await text('moves-made'), '1');
  await page.locator('#reset').click();
  await stateIs('11111');
  await page.locator('#rings').fill('7');
  await page.locator('#rings').press('Enter');
  await stateIs('1111111');
  await page.locator('#undo').click();  // back to the reset game of 5 rings
  await stateIs('11111');
  await page.locator('#undo').click();  // back to before the reset
  await stateIs('11110');
  await page.locator('#undo').click();  // the first move
  await stateIs('11111');
  assert.equal(await page.locator('#undo').isDisabled(), true);
  assert.equal(await page.locator('#redo').isDisabled(), false);
  assert.equal(await page.locator('#undo').getAttribute('title'), 'Undo (z)');
});

test('a shared link that cannot be read says what was wrong', async () => {
  await open({ n: 12 });
  await stateIs('1'.repeat(12));  // n alone: a new game of that many rings
  assert.doesNotMatch(await page.locator('#message').getAttribute('class'), /error/);
  for (const [query, words] of [
    [{ s: '1021' }, /1021/], [{ n: 5000 }, /5000/], [{ s: '111', goal: '10' }, /10.*3 rings/],
    [{ n: 4, s: '111' }, /4.*3/],
  ]) {
    await open(query);
    await until(page, () => document.getElementById('message').classList.contains('error'));
    assert.match(await text('message'), words, JSON.stringify(query));
  }
});

test('Gray code and position, step by step, both ways', async () => {
  await open({ n: 6, s: '101101' });
  const s = await api('state', { state: '101101' });
  const position = BigInt(s.position).toString(2).padStart(6, '0');
  const row = (i) => page.evaluate((r) => [...document.querySelectorAll('#gray-table tr')[r].querySelectorAll('td')].map((c) => c.textContent).join(''), i);
  assert.equal(await row(1), '101101');
  assert.equal(await row(2), '······');
  for (let i = 1; i <= 6; i++) {
    await page.locator('#gray-next').click();
    assert.equal(await row(2), position.slice(0, i) + '·'.repeat(6 - i));
  }
  assert.equal(await page.locator('#gray-next').isDisabled(), true);
  assert.match(await text('gray-line'), new RegExp(s.position));
  await page.locator('#gray-direction').click();
  assert.equal(await row(1), position);
  await page.locator('#gray-all').click();
  assert.equal(await row(2), '101101');
  // The rows follow the game.
  await clickRing(1);
  await stateIs('101100');
  assert.equal(await row(1), BigInt((await api('state', { state: '101100' })).position).toString(2).padStart(6, '0'));
});

test('the hypercube beside the game marks the current state and the goal, live', async () => {
  await open({ n: 4, s: '1010', goal: '0110' });
  // Where the marks are, and the corners the engine labelled with the two states.
  const marks = () => page.evaluate(() => {
    const root = document.getElementById('cube').shadowRoot;
    if (!root?.querySelector('.now')) return null;
    const corner = (s) => root.querySelector(`circle[data-state="${s}"]`);
    const now = root.querySelector('.now'), goal = root.querySelector('.goal-now');
    const state = document.getElementById('binary').textContent;
    return {
      now: [now.getAttribute('cx'), now.getAttribute('cy')],
      corner: [corner(state)?.getAttribute('cx'), corner(state)?.getAttribute('cy')],
      goal: [Number(goal.getAttribute('x')) + 6, Number(goal.getAttribute('y')) + 6].map(String),
      goalCorner: [corner('0110')?.getAttribute('cx'), corner('0110')?.getAttribute('cy')],
      corners: root.querySelectorAll('circle.vertex').length,
    };
  });
  await until(page, () => document.getElementById('cube').shadowRoot?.querySelector('.now') != null);
  let m = await marks();
  assert.equal(m.corners, 16);
  assert.deepEqual(m.now, m.corner);
  assert.deepEqual(m.goal, m.goalCorner);
  await clickRing(1);
  await stateIs('1011');
  m = await marks();
  assert.deepEqual(m.now, m.corner);
  await page.locator('#rings').fill('7');
  await page.locator('#rings').press('Enter');
  await stateIs('1111111');
  assert.equal(await page.locator('#cube-section').isHidden(), true);
});

test('a legal move that leads away from the goal is flagged', async () => {
  await open({ n: 4, s: '0010' });
  const before = (await api('distance', { from: '0010', to: '0000' })).distance;
  await until(page, (d) => document.getElementById('remaining').textContent === d, before);
  await clickRing(3);  // legal from 0010, but away from all off
  await stateIs('0110');
  const after = (await api('distance', { from: '0110', to: '0000' })).distance;
  assert.ok(BigInt(after) > BigInt(before));
  await until(page, () => document.getElementById('message').classList.contains('warn'));
  assert.match(await text('message'), new RegExp(`${after}.*${before}`));
  await clickRing(3);  // back toward the goal: no warning
  await stateIs('0010');
  assert.doesNotMatch(await page.locator('#message').getAttribute('class'), /warn/);
});

test('the plan: milestones of the rest of the solution, the next move marked and kept in step', async () => {
  await open({ n: 6, s: '111111' });
  const total = BigInt((await api('distance', { from: '111111', to: '000000' })).distance);
  // The innermost marked milestone's move range, and the last move of the plan's top level.
  const marked = () => page.evaluate(() => {
    const now = document.querySelector('#plan-tree [aria-current]');
    const nums = (e) => (e?.textContent.match(/\d+/g) ?? []).map(Number);
    const tops = [...document.querySelectorAll('#plan-tree > ol > li:not(.more) > span')];
    const r = nums(now);
    return now && { first: r.at(-2) ?? r.at(-1), last: r.at(-1), end: nums(tops.at(-1)).at(-1), text: now.textContent };
  });
  await until(page, () => document.querySelector('#plan-tree [aria-current]') !== null);
  let m = await marked();
  assert.equal(m.first, 1);
  assert.equal(BigInt(m.end), total);
  // Two optimal moves (the engine's hints): the mark moves on, the plan keeps its start.
  for (let k = 2; k <= 3; k++) {
    await page.locator('#hint').click();
    await page.locator('.ring.hinted').first().waitFor();
    assert.match(await text('message'), /It serves: /);
    const ring = await page.locator('.ring.hinted').first().getAttribute('data-ring');
    await clickRing(Number(ring));
    await until(page, (want) => {
      const now = document.querySelector('#plan-tree [aria-current]');
      const r = (now?.textContent.match(/\d+/g) ?? []).map(Number);
      return r.length && (r.at(-2) ?? r.at(-1)) <= want && want <= r.at(-1);
    }, k);
    assert.equal(BigInt((await marked()).end), total);
  }
  // Undo twice: back at the plan's start, move 1 marked again.
  await page.locator('#undo').click();
  await page.locator('#undo').click();
  await stateIs('111111');
  await until(page, () => /\b1\b/.test(document.querySelector('#plan-tree [aria-current]')?.textContent ?? ''));
  // More levels: the tree goes deeper.
  const depth = () => page.evaluate(() => {
    let d = 0;
    for (let e = document.querySelector('#plan-tree [aria-current]'); e; e = e.parentElement?.closest('#plan-tree li')) d++;
    return d;
  });
  const before = await depth();
  await page.locator('#plan-depth').selectOption('4');
  await until(page, (b) => {
    let d = 0;
    for (let e = document.querySelector('#plan-tree [aria-current]'); e; e = e.parentElement?.closest('#plan-tree li')) d++;
    return d > b;
  }, before);
  // At the goal there is nothing to plan.
  await open({ n: 3, s: '000' });
  await until(page, () => document.getElementById('plan-tree').textContent.startsWith('At the goal'));
});

test('the rings are reached with the keyboard: Tab, arrows, Enter', async () => {
  await open({ n: 5, s: '11111' });
  await page.locator('.ring[tabindex="0"]').focus();
  assert.equal(await page.evaluate(() => document.activeElement.dataset.ring), '1');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.ring), '3');
  await page.keyboard.press('ArrowRight');  // ring 2, movable from 11111
  await page.keyboard.press('Enter');
  await stateIs('11101');
  assert.equal(await page.locator('.ring[tabindex="0"]').count(), 1);
});

test('64 rings on a phone: readable rings, the board scrolls inside its box from the free end', async () => {
  await page.setViewportSize({ width: 390, height: 844 });
  await open({ n: 64, s: '1'.repeat(64), goal: 'off' });
  const geometry = () => page.evaluate(() => {
    const box = document.getElementById('board').getBoundingClientRect();
    const at = (k) => document.querySelector(`.ring[data-ring="${k}"] .hit`).getBoundingClientRect();
    return { box: [box.left, box.right], one: [at(1).left, at(1).right], step: at(1).left - at(2).left,
      page: [document.documentElement.scrollWidth, innerWidth] };
  });
  await until(page, () => document.getElementById('board').scrollLeft > 0);
  const g = await geometry();
  assert.ok(g.step >= 26, `a ring takes ${g.step}px`);
  assert.ok(g.one[0] >= g.box[0] && g.one[1] <= g.box[1] + 1, 'ring 1 (the free end) is in view');
  assert.ok(g.page[0] <= g.page[1], 'the page itself is no wider than the screen');
  // A ring far along: clicking it scrolls it into view, and its refusal is placed beside it.
  await clickRing(40);
  await page.locator('.callout').waitFor();
  const [callout, box] = await Promise.all([page.locator('.callout').boundingBox(), page.locator('#board').boundingBox()]);
  assert.ok(callout.x >= box.x && callout.x + callout.width <= box.x + box.width + 1, 'the callout is within the board in view');
  await shot('phone-64');
});

test('a phone-sized screen: nothing wider than the screen', async () => {
  await page.setViewportSize({ width: 390, height: 844 });
  await open({ n: 9, s: '111111111' });
  await clickRing(1);
  await settled();
  const [scroll, width] = await page.evaluate(() => [document.documentElement.scrollWidth, innerWidth]);
  assert.ok(scroll <= width, `page is ${scroll}px wide on a ${width}px screen`);
  const board = await page.locator('#board svg').boundingBox();
  assert.ok(board.width <= width);
  await shot('phone');
  await clickRing(4);
  await page.locator('.callout').waitFor();
  await shot('phone-refused');
  // The move-list panel: full width, its answer wrapped, not wider than the screen.
  await checkList(['ring 1 on', 'ring 1 off', 'ring 9 off'].join('\n'));
  await until(page, () => /illegal/.test(document.getElementById('verify-result').textContent));
  const panel = await page.locator('.verify').boundingBox();
  const list = await page.locator('#verify-list').boundingBox();
  assert.ok(panel.x >= 0 && panel.x + panel.width <= width, `panel ${JSON.stringify(panel)}`);
  assert.ok(list.width >= panel.width * 0.8, 'the list takes the width of the panel');
  const [scroll2] = await page.evaluate(() => [document.documentElement.scrollWidth]);
  assert.ok(scroll2 <= width, `page is ${scroll2}px wide on a ${width}px screen`);
  await page.locator('.verify').screenshot(SHOTS ? { path: join(SHOTS, 'phone-verify.png') } : {});
  await page.setViewportSize({ width: 1280, height: 900 });
  await open({ n: 9, s: '101101011' });
  await shot('desktop');
});

test('opened as a file (file://): the engine runs from a Blob worker; play, hint, check a list', async () => {
  await open({ n: 5, s: '11111' }, `file://${WEB}/index.html`);
  assert.ok(page.url().startsWith('file:'));
  await clickRing(1);
  await stateIs('11110');
  const info = await api('state', { state: '11110' });
  assert.equal(await text('remaining'), info.distance);
  assert.equal(await text('decimal'), info.decimal);
  await page.locator('#hint').click();
  await page.locator('.ring.hinted').first().waitFor();
  const h = await api('hint', { state: '11110' });
  assert.equal(await page.locator('.ring.hinted').getAttribute('data-ring'), String(h.moves[0].ring));
  const result = await checkList('ring 3 off');
  assert.match(await result.textContent(), /^Legal, but the goal is not reached/);
});

test('a pasted move list of megabytes is checked without freezing the page', async () => {
  await open({ n: 20, s: '1'.repeat(20) });
  const solution = [];
  for (let offset = 0; solution.length < 100000; offset += 1000) {
    const page1 = await api('solve', { from: '1'.repeat(20), to: '0'.repeat(20), offset, limit: 1000 });
    solution.push(...page1.moves.map((m) => `ring ${m.ring} ${m.to}`));
  }
  const list = solution.join('\n');
  assert.ok(list.length > 1_000_000);
  const engine = (await verifyApi({ from: '1'.repeat(20), to: '0'.repeat(20) }, list)).json;
  // Pasted (set at once, as a paste does): Playwright's fill types it through the editor, which
  // takes minutes for 1.4 MB.
  await page.locator('#verify-list').evaluate((area, text) => {
    area.value = text;
    area.dispatchEvent(new Event('input', { bubbles: true }));
  }, list);
  await page.locator('#verify').click();
  // While the worker checks, the page takes a click (the move waits for the engine's turn).
  await clickRing(1);
  await until(page, () => document.getElementById('moves-made').textContent === '1');
  await settled();
  assert.equal(engine.moves, 100000);
  // The board moved on while the list was being checked: that answer is for another start.
  assert.equal(await text('verify-result'), '');
  await page.locator('#undo').click();
  await settled();
  const result = await checkList(list);
  assert.equal(await result.textContent(),
    `Legal, but the goal is not reached: ${engine.remaining} more moves needed after these ${engine.moves}.`);
});

test('served by rings serve: the same page under its Content-Security-Policy, plots too', async () => {
  await open({ n: 5, s: '11111' }, `${oracleBase}/`);
  await clickRing(1);
  await stateIs('11110');
  await page.locator('#hint').click();
  await page.locator('.ring.hinted').first().waitFor();
  // A plot opens in a tab of its own, drawn by the page's engine.
  const [tab] = await Promise.all([context.waitForEvent('page'), page.locator('#plot-cube').click()]);
  watch(tab);
  await tab.waitForURL(/^blob:/);
  await tab.locator('svg').waitFor();
  assert.ok(await tab.locator('svg circle, svg rect, svg path, svg line').count() > 0);
  await tab.close();
  // rings serve's own address is this page's origin here, not a foreign server.
  for (let i = requested.length - 1; i >= 0; i--) if (requested[i].startsWith(`${oracleBase}/`)) requested.splice(i, 1);
});

// Last: it stops the static server.
test('offline: once opened, the page reloads and plays with no server and no network', async () => {
  await open({ n: 6, s: '111111' });
  await until(page, () => navigator.serviceWorker.controller !== null);
  // Installable: a manifest with a name, a start and an icon.
  const manifest = await page.evaluate(async () => (await fetch(document.querySelector('link[rel=manifest]').href)).json());
  assert.ok(manifest.name && manifest.start_url && manifest.icons.length);
  staticServer.kill('SIGTERM');
  await new Promise((r) => staticServer.once('exit', r));
  await context.setOffline(true);
  try {
    await page.reload();
    await stateIs('111111');
    await clickRing(1);
    await stateIs('111110');
    await page.locator('#hint').click();
    await page.locator('.ring.hinted').first().waitFor();
    await page.locator('#speed').fill('9');
    await page.locator('#auto').click();
    await page.locator('#message.solved').waitFor();
    const optimum = (await api('distance', { from: '111110', to: '000000' })).distance;
    assert.equal(BigInt(await text('moves-made')), 1n + BigInt(optimum));
    assert.equal(await text('remaining'), '0');
  } finally {
    await context.setOffline(false);
  }
});

// The family's puzzles (the Puzzle menu, modules/family.js).

// A family game from a URL, this browser's saved game forgotten: ready when its pieces are drawn
// and the engine's distance is shown.
async function openFamily(query) {
  await page.goto(`${base}/`);
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${base}/?${new URLSearchParams(query)}`);
  await until(page, () => document.querySelector('#family-board [data-piece]') && /^\d+$/.test(document.getElementById('remaining').textContent));
}
// The state the family board shows, piece N first, read off the URL the page keeps.
const familyState = () => page.evaluate(() => new URLSearchParams(location.search).get('s'));

test('the Puzzle menu: the Towers of Hanoi of 3 discs solved by clicks, a disc then a peg, as the engine solves it', async () => {
  await open({ n: 5, s: '11111' });
  await page.selectOption('#puzzle', 'hanoi');
  await until(page, () => document.body.classList.contains('family') && document.querySelector('#family-board .peg'));
  await page.fill('#rings', '3');
  await page.click('#new');
  await until(page, () => document.querySelectorAll('#family-board [data-piece]').length === 3 && document.getElementById('remaining').textContent === '7');
  // The rings' own panels are hidden, the plan and the move-list check are the puzzle's; the
  // title names it; the URL too.
  for (const sel of ['#board', 'section.gray', 'figure.plot', '#cube-section', '#binary', '#pair']) assert.equal(await page.locator(sel).isVisible(), false, sel);
  for (const sel of ['section.plan', 'section.verify', '#redo']) assert.equal(await page.locator(sel).isVisible(), true, sel);
  assert.equal(await page.title(), 'Towers of Hanoi');
  assert.match(page.url(), /puzzle=hanoi&n=3&s=000/);
  const { moves } = await api('solve', { puzzle: 'hanoi', n: 3 });
  assert.equal(moves.length, 7);
  for (const [i, m] of moves.entries()) {
    await page.click(`#family-board [data-piece="${m.piece}"]`);
    await page.click(`#family-board [data-peg="${await digitOf('hanoi', m.to)}"] .label`);  // its name under the peg: discs may cover the rest
    await until(page, (k) => document.getElementById('moves-made').textContent === String(k), i + 1);
  }
  await until(page, () => document.getElementById('remaining').textContent === '0');
  assert.equal(await familyState(), '222');
  assert.match(await page.locator('#message').textContent(), /^Solved in 7 moves/);
  assert.ok(await page.evaluate(() => document.body.classList.contains('solved')));
  await shot('hanoi-solved');
});

test('an illegal Hanoi move is refused in the page’s language, from the engine’s rule code and fields', async () => {
  await openFamily({ puzzle: 'hanoi', n: 3, lang: 'de' });
  const native = await api('move', { puzzle: 'hanoi', state: '000', piece: 2, to: 1 });
  assert.equal(native.legal, false);
  assert.equal(native.why.rule, 'needs_below');
  await page.click('#family-board [data-piece="2"]');
  await page.click('#family-board [data-peg="1"] .label');
  await until(page, () => document.querySelector('#family-board .refused'));
  const said = await page.locator('#message').textContent();
  assert.equal(said, `Nicht erlaubt: Scheibe 2 darf von „Stab 0“ nach „Stab 1“ nur, wenn Scheibe ${native.why.other} auf „Stab ${await digitOf('hanoi', native.why.needed)}“ steht, nicht auf „Stab ${await digitOf('hanoi', native.why.found)}“`);
  assert.equal(await familyState(), '000');
  assert.equal(await page.locator('#moves-made').textContent(), '0');
  // The hint is the engine's next move, worded in German.
  await page.click('#hint');
  const next = (await api('state', { puzzle: 'hanoi', state: '000' })).next;
  await until(page, () => document.querySelector('#family-board .hinted'));
  assert.equal(await page.locator('#family-board .hinted').getAttribute('data-piece'), String(next.piece));
  assert.match(await page.locator('#message').textContent(), new RegExp(`^Tipp: Scheibe ${next.piece}: Stab 0 → Stab ${await digitOf('hanoi', next.to)}, denn Scheibe 1 lässt sich immer bewegen`));
  await shot('hanoi-refused-de');
});

test('the puzzle survives a reload (URL), and a new puzzle is undone back to the rings as they were', async () => {
  await open({ n: 5, s: '10110' });
  await page.selectOption('#puzzle', 'elephant');
  await until(page, () => document.querySelector('#family-board [data-piece]') && document.getElementById('puzzle').value === 'elephant');
  // An elephant goes where it is sent: a chooser of its positions.
  await page.click('#family-board [data-piece="1"]');
  await page.click('#family-chooser [data-to="1"]');
  await until(page, () => document.getElementById('moves-made').textContent === '1');
  const state = await familyState();
  assert.equal(state, '00001');
  const remaining = await page.locator('#remaining').textContent();
  assert.equal(remaining, (await api('state', { puzzle: 'elephant', state })).distance);
  // A speed changed meanwhile is kept, and leaves the puzzle's URL as it is (it wrote the rings').
  await page.locator('#speed').fill('4');
  await page.waitForTimeout(400);  // the page writes its URL and storage at most every 250 ms
  assert.match(page.url(), /puzzle=elephant/);
  await page.reload();
  await until(page, () => document.querySelector('#family-board [data-piece]') && /^\d+$/.test(document.getElementById('remaining').textContent));
  assert.equal(await page.locator('#speed').inputValue(), '4');
  assert.equal(await page.locator('#puzzle').inputValue(), 'elephant');
  assert.equal(await familyState(), state);
  assert.equal(await page.locator('#remaining').textContent(), remaining);
  assert.equal(await page.locator('#family-board [data-piece="1"]').getAttribute('class'), 'piece pos-1');
  // Undo: the move, then the puzzle picked (back to the rings' game as it was).
  await page.click('#family-board [data-piece="2"]');
  await page.click('#family-chooser [data-to="1"]');
  await until(page, () => document.querySelector('#family-board .refused'));
  assert.match(await page.locator('#message').textContent(), /^Not allowed: elephant 2 may go from up to right only when/);
  await page.selectOption('#puzzle', 'rings');
  await until(page, () => !document.body.classList.contains('family'));
  await settled();
  assert.equal(await page.locator('#binary').textContent(), '10110');
  await page.click('#undo');
  await until(page, () => document.body.classList.contains('family') && document.getElementById('puzzle').value === 'elephant');
  assert.equal(await familyState(), state);
  // A link to another count: the count box says the game's (it kept the last one typed).
  await page.goto(`${base}/?puzzle=hanoi&n=3`);
  await until(page, () => document.querySelectorAll('#family-board [data-piece]').length === 3);
  await page.goto(`${base}/?puzzle=elephant&n=4`);
  await until(page, () => document.querySelectorAll('#family-board [data-piece]').length === 4);
  assert.equal(await page.locator('#rings').inputValue(), '4');
});

test('with the picker on the rings, the rings’ page is as it was', async () => {
  await open({ n: 9, s: '111111111' });
  assert.equal(await page.locator('#puzzle').inputValue(), 'rings');
  assert.equal(await page.evaluate(() => document.body.classList.contains('family')), false);
  for (const sel of ['#board', 'section.gray', 'section.plan', 'section.verify', 'figure.plot', '#binary', '#pair', '#redo']) assert.equal(await page.locator(sel).isVisible(), true, sel);
  assert.equal(await page.locator('#family-board').isVisible(), false);
  assert.ok(!page.url().includes('puzzle='));
  assert.deepEqual(await page.locator('#puzzle option').evaluateAll((os) => os.map((o) => o.value)),
    ['rings', 'spin-out', 'brain', 'hexadecimal:1110', 'elephant', 'hanoi']);
  await clickRing(1);
  await stateIs('111111110');
});

test('each puzzle of the menu on a phone: nothing wider than the screen; auto-play solves it', async () => {
  await page.setViewportSize({ width: 360, height: 740 });
  for (const puzzle of ['spin-out', 'brain', 'hexadecimal:1110', 'elephant', 'hanoi']) {
    await openFamily({ puzzle, n: 10 });
    assert.equal(await page.locator('#family-board [data-piece]').count(), 10);
    const [scroll, width] = await page.evaluate(() => [document.documentElement.scrollWidth, innerWidth]);
    assert.ok(scroll <= width, `${puzzle}: the page is ${scroll}px wide on a ${width}px screen`);
    const board = await page.locator('#family-board svg').boundingBox();
    assert.ok(board.x >= 0 && board.x + board.width <= width, `${puzzle}: the board ${JSON.stringify(board)}`);
    await shot(`phone-${puzzle.replace(':', '-')}`);
  }
  await openFamily({ puzzle: 'spin-out', n: 3 });
  // A piece in the tab order moves with Enter, and keeps the focus.
  await page.focus('#family-board [data-piece="1"]');
  await page.keyboard.press('Enter');
  await until(page, () => document.getElementById('moves-made').textContent === '1');
  assert.equal(await familyState(), '110');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.piece), '1');
  const left = (await api('state', { puzzle: 'spin-out', state: '110' })).distance;
  await page.evaluate(() => { document.getElementById('speed').value = 9; document.getElementById('speed').dispatchEvent(new Event('input')); });
  await page.click('#auto');
  await until(page, () => document.getElementById('remaining').textContent === '0');
  assert.equal(await page.locator('#moves-made').textContent(), String(1 + Number(left)));
  assert.equal(await familyState(), '000');
  assert.match(await page.locator('#message').textContent(), /^Solved/);
  await page.setViewportSize({ width: 1280, height: 900 });
});

// The words of a family plan's milestone as the page shows them: the engine's English and range.
const milestoneWords = (m) => `${m.text} (${m.first === m.last ? `move ${m.first}` : `moves ${m.first}–${m.last}`})`;

test('a family puzzle’s plan: its milestones in the puzzle’s words, the next move marked and kept in step', async () => {
  await openFamily({ puzzle: 'hanoi', n: 4 });
  const plan = await api('plan', { puzzle: 'hanoi', state: '0000', at: 1 });
  await until(page, () => document.querySelector('#plan-tree [aria-current]'));
  const tops = () => page.locator('#plan-tree > ol > li > span').allTextContents();
  assert.deepEqual(await tops(), plan.milestones.map(milestoneWords));
  // The innermost milestone of move 1, marked: "put discs 1–3 on peg 1 (moves 1–7)".
  const first = plan.milestones[plan.at.path[0]].milestones.find((m) => m.index === plan.at.path[1]);
  assert.equal(await page.locator('#plan-tree [aria-current]').textContent(), milestoneWords(first));
  assert.match(first.text, /^put discs 1–3 on peg 1$/);
  // The hint names the milestone it serves; two optimal moves walk the mark on.
  for (let k = 1; k <= 2; k++) {
    await page.click('#hint');
    await until(page, () => document.querySelector('#family-board .hinted'));
    assert.match(await page.locator('#message').textContent(), /It serves: put discs 1–3 on peg 1 \(moves 1–7\)\.$/);
    const next = (await api('state', { puzzle: 'hanoi', state: await familyState() })).next;
    await page.click(`#family-board [data-piece="${next.piece}"]`);
    await page.click(`#family-board [data-peg="${await digitOf('hanoi', next.to)}"] .label`);
    await until(page, (want) => document.getElementById('remaining').textContent === String(15 - want), k);
  }
  const deeper = await api('plan', { puzzle: 'hanoi', state: '0000', at: 3, depth: 2 });
  await until(page, (want) => document.querySelector('#plan-tree [aria-current]')?.textContent === want,
    milestoneWords(deeper.milestones[deeper.at.path[0]].milestones.find((m) => m.index === deeper.at.path[1])));
  // In German, from the milestones' goals and fields.
  await page.locator('#lang').selectOption('de');
  assert.deepEqual((await tops()).slice(0, 2), ['Scheibe 4 von „Stab 0“ nach „Stab 2“ bewegen (Züge 1–8)', 'Scheibe 3 von „Stab 1“ nach „Stab 2“ bewegen (Züge 9–12)']);
  assert.equal(await page.locator('#plan-tree [aria-current]').textContent(), 'Scheiben 1–3 auf „Stab 1“ bringen (Züge 1–7)');
  await shot('hanoi-plan-de');
  // An elephant's arrangement names each piece's position (its rule asks for several).
  await page.locator('#lang').selectOption('en');
  await openFamily({ puzzle: 'elephant', n: 3 });
  const dance = await api('plan', { puzzle: 'elephant', state: '000', at: 1 });
  await until(page, () => document.querySelector('#plan-tree [aria-current]'));
  assert.deepEqual(await tops(), dance.milestones.map(milestoneWords));
  // At the goal there is nothing to plan.
  await openFamily({ puzzle: 'hanoi', n: 3, s: '222' });
  await until(page, () => document.getElementById('plan-tree').textContent.startsWith('At the goal'));
});

test('a move list for a family puzzle is checked from the state shown, its first broken rule worded in German, and played on the board', async () => {
  await openFamily({ puzzle: 'hanoi', n: 3, lang: 'de' });
  assert.equal(await page.locator('#verify-scope').textContent(), 'Vom gezeigten Zustand (000) bis zum Ziel (222).');
  // The list as the engine writes this puzzle's moves, in the placeholder and the formats' note.
  const solution = await (await fetch(`${oracleBase}/api/solve?puzzle=hanoi&n=3&format=moves&limit=1000`)).text();
  assert.match(solution, /^1: disc 1 from peg 0 to peg 2\n/);
  assert.ok((await page.locator('#verify-list').getAttribute('placeholder')).startsWith(solution.split('\n').slice(0, 2).join('\n')));
  assert.match(await page.locator('#verify-formats').textContent(), /„1: disc 1 from peg 0 to peg 2“/);
  const check = async (list) => {
    await page.fill('#verify-list', list);
    await page.click('#verify');
    await until(page, () => !/busy/.test(document.getElementById('verify-result').className) && document.getElementById('verify-result').textContent);
    return page.locator('#verify-result').textContent();
  };
  assert.equal(await check(solution), 'Erlaubt und optimal: 7 Züge erreichen das Ziel.');
  // A states list whose third move breaks the rule: the engine's rule, in German from its fields.
  const illegal = '000\n002\n012\n112\n';
  const native = await verifyApi({ puzzle: 'hanoi', from: '000' }, illegal);
  assert.equal(native.json.illegal_move, 3);
  assert.equal(native.json.why.rule, 'needs_below');
  const { piece, other } = native.json.why;
  const [from, to, needed, found] = await Promise.all(['from', 'to', 'needed', 'found'].map((k) => digitOf('hanoi', native.json.why[k])));
  assert.equal(await check(illegal), `Zug 3 ist nicht erlaubt: Scheibe ${piece} darf von „Stab ${from}“ nach „Stab ${to}“ nur, wenn Scheibe ${other} auf „Stab ${needed}“ steht, nicht auf „Stab ${found}“.`);
  // Its legal moves, as the engine read them, played on the board.
  await page.click('#replay');
  await until(page, () => document.getElementById('moves-made').textContent === '2' && document.getElementById('replay').hidden);
  assert.equal(await familyState(), '012');
  // A list that stops short, from the state now shown; an unreadable one gets the engine's error.
  assert.equal(await check('1 from 2 to 0\n'), `Erlaubt, aber das Ziel ist nicht erreicht: nach diesem Zug fehlen noch ${(await api('distance', { puzzle: 'hanoi', from: '010', to: '222' })).distance} Züge.`);
  // A line the engine cannot read: its error worded from the code and fields, the move's example
  // in the engine's syntax.
  assert.equal(await check('disc 1 to peg 2\n'), 'Fehler: Zeile 1: erwartet einen Zug wie „disc 1 from peg 0 to peg 1“ oder einen Zustand aus 3 Ziffern, gefunden „disc 1 to peg 2“');
  assert.match(await page.locator('#verify-result').getAttribute('class'), /\berror\b/);
  await shot('hanoi-verify-de');
});

test('a family puzzle’s solution and its own moves, written by the engine as rings solve --puzzle writes them', async () => {
  await openFamily({ puzzle: 'hanoi', n: 3 });
  assert.equal(await page.locator('#list-format option[value="toggles"]').evaluate((o) => getComputedStyle(o).display), 'none');
  assert.equal(await page.locator('#list-format option[value="moves"]').textContent(), 'moves (“1: disc 1 from peg 0 to peg 2”)');
  // The solution in each format (another format chosen writes it again).
  await page.click('#show-solution');
  for (const format of ['moves', 'states']) {
    await page.locator('#list-format').selectOption(format);
    const native = execFileSync(RINGS, ['solve', '3', '--puzzle', 'hanoi', '--format', format], { encoding: 'utf-8' });
    await until(page, (want) => document.getElementById('list-text').value === want, native);
    await until(page, () => document.getElementById('list-note').textContent === 'The optimal solution from the state shown to the goal: 7 moves.');
  }
  // Two moves, then my moves in both formats: read back by rings verify --puzzle.
  await page.click('#family-board [data-piece="1"]');
  await page.click('#family-board [data-peg="2"] .label');
  await page.click('#family-board [data-piece="2"]');
  await page.click('#family-board [data-peg="1"] .label');
  await until(page, () => document.getElementById('moves-made').textContent === '2');
  await page.locator('#list-format').selectOption('moves');
  await page.click('#show-mine');
  await until(page, () => document.getElementById('list-text').value === '1: disc 1 from peg 0 to peg 2\n2: disc 2 from peg 0 to peg 1\n');
  assert.equal(await page.locator('#list-note').textContent(), 'Your 2 moves from 000: rings verify --puzzle hanoi --from 000 checks them.');
  await page.locator('#list-format').selectOption('states');
  await until(page, () => document.getElementById('list-text').value === '000\n002\n012\n');
  const mine = await page.locator('#list-text').inputValue();
  assert.match(execFileSync(RINGS, ['verify', '--puzzle', 'hanoi', '--from', '000', '--to', '012'], { input: mine, encoding: 'utf-8' }), /^ok: 2 moves, target reached, optimal/);
  // Undo and redo: the engine's moves back and again.
  await page.click('#undo');
  await until(page, () => document.getElementById('moves-made').textContent === '1');
  assert.equal(await familyState(), '002');
  await page.click('#redo');
  await until(page, () => document.getElementById('moves-made').textContent === '2');
  assert.equal(await familyState(), '012');
  assert.equal(await page.locator('#redo').isDisabled(), true);
});

test('the family’s plots are the engine’s, shown where they fit and worded in the page’s language', async () => {
  await openFamily({ puzzle: 'hanoi', n: 3, lang: 'zh-Hans' });
  const links = () => page.locator('.plots a:not([hidden])').evaluateAll((as) => as.map((a) => a.id));
  assert.deepEqual(await links(), ['plot-path', 'plot-lengths', 'plot-sierpinski', 'plot-animate']);
  const openPlot = async (id) => {
    const [tab] = await Promise.all([context.waitForEvent('page'), page.locator(`#${id}`).click()]);
    watch(tab);
    await tab.waitForURL(/^blob:/);
    await tab.locator('svg').waitFor();
    return tab;
  };
  const graph = await openPlot('plot-sierpinski');
  const words = (tab, key) => tab.locator(`svg [data-word="${key}"]`).first().textContent();
  assert.equal(await words(graph, 'sierpinski-title'), '3 个圆盘的谢尔宾斯基图：汉诺塔的 27 个状态与 39 种走法');
  assert.equal(await words(graph, 'sierpinski-path'), '从 000（蓝）到 222（红）的最佳路径：7 步');
  assert.equal(await graph.locator('svg [data-word="sierpinski-vertex"][data-state="012"]').textContent(),
    `012：离 222 ${(await api('distance', { puzzle: 'hanoi', from: '012', to: '222' })).distance} 步`);
  // Every word of the renderer is the page's: no English left.
  const english = /\b(the|of|moves?|discs?|states?|peg|path|from|to|first)\b/i;
  assert.doesNotMatch(await graph.locator('svg').evaluate((svg) => [...svg.querySelectorAll('[data-word]')].map((e) => e.textContent).join(' | ')), english);
  if (SHOTS) await graph.screenshot({ path: join(SHOTS, 'plot-sierpinski-zh-Hans.png') });
  await graph.close();
  for (const id of ['plot-path', 'plot-lengths', 'plot-animate']) {
    const tab = await openPlot(id);
    assert.doesNotMatch(await tab.locator('svg').evaluate((svg) => [...svg.querySelectorAll('[data-word]')].map((e) => e.textContent).join(' | ')), english);
    await tab.close();
  }
  // The elephants' pictures, in French; no Sierpiński graph but Hanoi's.
  await page.locator('#lang').selectOption('fr');
  await page.selectOption('#puzzle', 'elephant');
  await until(page, () => document.getElementById('puzzle').value === 'elephant' && document.querySelector('#family-board .trunk'));
  assert.deepEqual(await links(), ['plot-path', 'plot-lengths', 'plot-animate']);
  const dance = await openPlot('plot-animate');
  assert.match(await words(dance, 'family-animate-title'), /^Crazy Elephant Dance, 3 éléphants : de 000 à 222, \d+ coups$/);
  await dance.close();
  const chart = await openPlot('plot-lengths');
  assert.equal(await words(chart, 'axis-moves-to-goal'), 'coups jusqu’au but');
  assert.match(await words(chart, 'family-lengths-title'), /: Crazy Elephant Dance, 3 éléphants$/);
  await chart.close();
  const path = await openPlot('plot-path');
  const moves = (await api('distance', { puzzle: 'elephant', n: 3 })).distance;
  assert.equal(await words(path, 'family-path-title'), `Chemin optimal : Crazy Elephant Dance, 3 éléphants, ${moves} coups`);
  assert.equal(await words(path, 'axis-state-base'), 'état (base 3)');
  assert.match(await words(path, 'family-path-subtitle'), /éléphant 3 en premier/);
  await path.close();
  // Seven discs: too many states for the Sierpiński graph the page asks for (at most 6).
  await openFamily({ puzzle: 'hanoi', n: 7 });
  assert.deepEqual(await links(), ['plot-path', 'plot-lengths', 'plot-animate']);
  // An animation longer than the engine draws (2000 moves) is refused in the page's language,
  // from the engine's error code and fields.
  await openFamily({ puzzle: 'elephant', n: 9, lang: 'de' });
  const long = (await api('distance', { puzzle: 'elephant', n: 9 })).distance;
  await page.locator('#plot-animate').click();
  await until(page, (want) => document.getElementById('message').textContent.includes(want),
    `die Lösung hat ${long} Züge, zu viele für eine Animation (höchstens 2000)`);
});

test('auto-play of a family puzzle holds its speed: 10 discs at 1000 moves a second, the board and counters in step', async () => {
  await openFamily({ puzzle: 'hanoi', n: 10 });
  assert.equal(await page.locator('#remaining').textContent(), '1023');
  await page.locator('#speed').fill('9');
  // Sampled while it plays: the board's state, and the counters once the engine answered for it.
  const samples = [];
  const started = Date.now();
  await page.click('#auto');
  while (!(await page.evaluate(() => document.getElementById('message').classList.contains('solved')))) {
    samples.push(await page.evaluate(() => [Number(document.getElementById('moves-made').textContent), document.getElementById('remaining').textContent]));
    await page.waitForTimeout(50);
  }
  const took = Date.now() - started;
  // 1023 moves at 1000 a second: about a second (a move a frame would take 17).
  assert.ok(took < 4000, `1023 moves took ${took} ms`);
  assert.equal(await page.locator('#moves-made').textContent(), '1023');
  assert.equal(await page.locator('#remaining').textContent(), '0');
  assert.equal(await familyState(), '2222222222');
  assert.deepEqual(await page.locator('#family-board [data-piece]').evaluateAll((ds) => ds.map((d) => d.getAttribute('aria-label').split(': ')[1])), Array(10).fill('peg 2'));
  assert.match(await page.locator('#message').textContent(), /^Solved in 1023 moves/);
  assert.equal(await page.locator('#auto').textContent(), 'Auto-play');
  // Every move was optimal, and the distance shown is the engine's for the state shown or for one
  // a tick before it (a tick makes at most a few dozen moves): never behind by more.
  assert.ok(samples.length >= 5, JSON.stringify(samples));
  for (const [i, [made, left]] of samples.entries()) {
    assert.ok(made >= (samples[i - 1]?.[0] ?? 0), JSON.stringify(samples));
    assert.ok(made + Number(left) >= 1023 && made + Number(left) <= 1023 + 100, JSON.stringify(samples));
  }
  // Pause stops it; the counters are the engine's for the state shown.
  await openFamily({ puzzle: 'hanoi', n: 10 });
  await page.locator('#speed').fill('5');
  await page.click('#auto');
  await until(page, () => Number(document.getElementById('moves-made').textContent) >= 5);
  await page.click('#auto');
  const made = Number(await page.locator('#moves-made').textContent());
  await until(page, (m) => document.getElementById('remaining').textContent === String(1023 - m), made);
  assert.equal((await api('distance', { puzzle: 'hanoi', from: await familyState(), to: '2222222222' })).distance, String(1023 - made));
});

test('a family game shows its state as the engine writes it, flags a move away from the goal, and lists its keys', async () => {
  await openFamily({ puzzle: 'hanoi', n: 3 });
  assert.equal(await page.locator('#fam-state').textContent(), '000');
  assert.match(await page.locator('.help').innerText(), /Tab: choose a piece or a peg, Enter or Space: click it/);
  // The optimal first move (disc 1 to peg 2), then disc 1 back: legal, but away from the goal.
  await page.click('#family-board [data-piece="1"]');
  await page.click('#family-board [data-peg="2"] .label');
  await until(page, () => document.getElementById('remaining').textContent === '6');
  assert.equal(await page.locator('#fam-state').textContent(), '002');
  assert.equal(await page.locator('#message').textContent(), 'disc 1: peg 0 → peg 2 (disc 1 can always move)');
  await page.click('#family-board [data-piece="1"]');
  await page.click('#family-board [data-peg="0"] .label');
  await until(page, () => document.getElementById('message').classList.contains('warn'));
  assert.equal(await page.locator('#message').textContent(), 'disc 1: peg 2 → peg 0 (disc 1 can always move) That move leads away from the goal: 7 moves remain, 6 before it.');
  assert.equal(await page.locator('#fam-state').textContent(), '000');
  // The rings' state counters are not shown for the family, nor the family's for the rings.
  assert.equal(await page.locator('#binary').isVisible(), false);
  await page.selectOption('#puzzle', 'rings');
  await until(page, () => !document.body.classList.contains('family'));
  assert.equal(await page.locator('#fam-state').isVisible(), false);
});

test('the title names the puzzle shown, in each language', async () => {
  const titles = {
    en: ['Chinese Rings · 九連環', 'Towers of Hanoi', 'Spin-Out'],
    de: ['Chinesische Ringe · 九連環', 'Türme von Hanoi', 'Spin-Out'],
    fr: ['Baguenaudier · 九連環', 'Tours de Hanoï', 'Spin-Out'],
    'zh-Hant': ['九連環', '河內塔', 'Spin-Out 旋轉鎖'],
    'zh-Hans': ['九连环', '汉诺塔', 'Spin-Out 旋转锁'],
  };
  const heading = () => page.locator('h1').innerText();
  await open({ n: 5, s: '11111' });
  for (const [lang, [rings, hanoi, spin]] of Object.entries(titles)) {
    await page.locator('#lang').selectOption(lang);
    await page.selectOption('#puzzle', 'rings');
    await until(page, () => !document.body.classList.contains('family'));
    assert.equal(await page.title(), rings, lang);
    assert.equal((await heading()).replace(/\s+/g, ' ').trim(), rings.replace(' · ', ' '), lang);
    await page.selectOption('#puzzle', 'hanoi');
    await until(page, (want) => document.title === want, hanoi);
    assert.equal(await heading(), hanoi);
    await page.selectOption('#puzzle', 'spin-out');
    await until(page, (want) => document.title === want, spin);
    assert.equal(await heading(), spin);
  }
  // A link to a puzzle opens with its name; a key of the Hexadecimal Puzzle named too.
  await openFamily({ puzzle: 'hexadecimal:0111', n: 4 });
  assert.equal(await page.title(), 'Hexadecimal Puzzle (key 0111)');
});

