// The web app in a real browser: Playwright drives Debian's Chromium against `rings serve`.
//
//   RINGS=build/.../rings [SCREENSHOTS=dir] node web_test.mjs
//
// Starts the server on a free port (--port 0; the address is read from its first line), runs
// the tests one after another in one browser, and stops the server. Expected answers come from
// the server's API (the engine), never from numbers written here.
import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const RINGS = process.env.RINGS;
const SHOTS = process.env.SCREENSHOTS;
if (!RINGS) throw new Error('set RINGS to the rings executable');

let server, base, context, page, profile;
let consoleErrors = [];

before(async () => {
  server = spawn(RINGS, ['serve', '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  base = await new Promise((resolve, reject) => {
    let out = '';
    server.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/http:\/\/[^\s]+\//);
      if (m) resolve(m[0].replace(/\/$/, ''));
    });
    server.on('exit', (code) => reject(new Error(`rings serve exited with ${code}: ${out}`)));
  });
  profile = mkdtempSync(join(tmpdir(), 'rings-e2e-'));
  context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    locale: 'en-US',
    viewport: { width: 1280, height: 900 },
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  context.setDefaultTimeout(15000);
  page = context.pages()[0] ?? (await context.newPage());
  watch(page);
});

after(async () => {
  await context?.close();
  server?.kill('SIGTERM');
  if (profile) rmSync(profile, { recursive: true, force: true });
});

// No test may leave an error in the console or an uncaught exception on the page.
afterEach(() => {
  const errors = consoleErrors;
  consoleErrors = [];
  assert.deepEqual(errors, []);
});

function watch(p) {
  p.on('console', (m) => { if (m.type() === 'error') consoleErrors.push(m.text()); });
  p.on('pageerror', (e) => consoleErrors.push(String(e)));
}

async function api(path, params) {
  const res = await fetch(`${base}/api/${path}?${new URLSearchParams(params)}`);
  assert.equal(res.status, 200, `${path} ${JSON.stringify(params)}`);
  return res.json();
}

// A fresh game from a URL (what a shared link does), with this browser's saved game forgotten.
async function open(query) {
  await page.goto(`${base}/`);
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${base}/?${new URLSearchParams(query)}`);
  await settled();
}

// Waits until `predicate` is true in page `p`. (Playwright's waitForFunction evaluates strings,
// which the page's Content-Security-Policy rightly forbids.)
async function until(p, predicate, arg) {
  for (let i = 0; i < 1000; i++) {
    if (await p.evaluate(predicate, arg)) return;
    await p.waitForTimeout(15);
  }
  throw new Error(`never true: ${predicate}`);
}

// Waits until the counters show the state on the board (they come from the API).
async function settled() {
  await until(page, () => {
    const bits = [...document.querySelectorAll('.ring')].map((g) => (g.classList.contains('on') ? '1' : '0'));
    return document.getElementById('binary').textContent === bits.join('');
  });
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
  const expected = engine.reason.charAt(0).toUpperCase() + engine.reason.slice(1);
  assert.equal(await callout.textContent(), expected);
  assert.equal(await callout.getAttribute('data-ring'), '3');
  assert.match(await text('message'), /Not allowed/);
  assert.ok(await page.locator('.ring[data-ring="3"]').evaluate((g) => g.classList.contains('refused')));
  assert.equal(await text('moves-made'), '0');
  await shot('desktop-refused');
});

test("the page's rule check agrees with the engine on every move of every 5-ring state", async () => {
  const cases = [];
  for (const double of [false, true])
    for (let v = 0; v < 32; v++)
      for (const ring of [1, 2, 3, 4, 5, '1+2'])
        cases.push({ state: v.toString(2).padStart(5, '0'), ring, double });
  const engine = [];
  for (let i = 0; i < cases.length; i += 8)  // a few requests at a time, as a browser would
    engine.push(...await Promise.all(cases.slice(i, i + 8).map(({ state, ring, double }) =>
      api('move', double ? { state, ring, double: '1' } : { state, ring }))));
  const mine = await page.evaluate((all) => all.map(({ state, ring, double }) => {
    const { check, reasonText, fromBinary } = window.ringsRules;
    const verdict = check(fromBinary(state), ring === '1+2' ? { ring: 1, pair: true } : { ring, pair: false }, double);
    return { legal: verdict.legal, reason: reasonText(verdict, 'en') };
  }), cases);
  cases.forEach((c, i) => assert.deepEqual(mine[i], { legal: engine[i].legal, reason: engine[i].reason },
    `${c.state} ring ${c.ring} double ${c.double}`));
});

test('hint marks the next optimal move with its reason', async () => {
  await open({ n: 9, s: '111111111' });
  await page.locator('#hint').click();
  await page.locator('.ring.hinted').first().waitFor();
  const h = await api('hint', { state: '111111111' });
  assert.equal(await page.locator('.ring.hinted').getAttribute('data-ring'), String(h.moves[0].ring));
  assert.match(await text('message'), new RegExp(h.moves[0].reason));
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
  await page.locator('#hint').click();  // a round trip to the server: auto-play stays stopped
  await page.locator('.ring.hinted').first().waitFor();
  assert.equal(Number(await text('moves-made')), made);
});

test('undo and redo', async () => {
  await open({ n: 5, s: '11111' });
  await clickRing(1);
  await clickRing(3);
  await settled();
  assert.equal(await text('binary'), '11010');
  await page.locator('#undo').click();
  await settled();
  assert.equal(await text('binary'), '11110');
  assert.equal(await text('moves-made'), '1');
  await page.locator('#redo').click();
  await settled();
  assert.equal(await text('binary'), '11010');
  assert.equal(await text('moves-made'), '2');
});

test('a reload keeps the game, and the state is in the URL', async () => {
  await open({ n: 5, s: '11111' });
  await clickRing(1);
  await clickRing(3);
  await settled();
  assert.match(page.url(), /s=11010/);
  await page.reload();
  await settled();
  assert.equal(await text('binary'), '11010');
  assert.equal(await text('moves-made'), '2');
  await page.locator('#undo').click();  // the history came back too
  await settled();
  assert.equal(await text('binary'), '11110');

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
  assert.match(await page.locator('.callout').textContent(), /^Ring 3 braucht Ring 2 drauf/);
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

test('keyboard control', async () => {
  await open({ n: 5, s: '11111' });
  await page.locator('body').click({ position: { x: 2, y: 2 } });
  await page.keyboard.press('1');
  await settled();
  assert.equal(await text('binary'), '11110');
  await page.keyboard.press('ArrowRight');  // ArrowRight moves the choice toward ring 1
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');   // ring 3
  await page.keyboard.press('Enter');
  await settled();
  assert.equal(await text('binary'), '11010');
  await page.keyboard.press('z');
  await settled();
  assert.equal(await text('binary'), '11110');
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
  assert.deepEqual(consoleErrors.splice(0).map((e) => /status of 400/.test(e)), [true]);  // that refusal
  assert.equal(await text('binary'), info.binary);

  await page.locator('#goal').selectOption('on');
  const toOn = await api('distance', { from: info.binary, to: '11111' });
  await until(page, (d) => document.getElementById('remaining').textContent === d, toOn.distance);

  await open({ n: 4, s: '0011' });
  await page.locator('#mode').selectOption('double');
  const dbl = await api('distance', { from: '0011', to: '0000', double: '1' });
  await until(page, (d) => document.getElementById('remaining').textContent === d, dbl.distance);
  await page.locator('#pair').click();
  await settled();
  assert.equal(await text('binary'), '0000');
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
  await settled();
  assert.equal(await text('moves-made'), '1');
  await page.locator('.cell[data-ring="9"]').click();
  await page.locator('.callout').waitFor();
  await shot('desktop-200');
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
  await page.setViewportSize({ width: 1280, height: 900 });
  await open({ n: 9, s: '101101011' });
  await shot('desktop');
});
