#!/usr/bin/env node
// The page's budgets (docs/performance.md, "The page"), measured in Debian's Chromium against the
// static site served by a plain static server. Never part of the tests: numbers depend on the
// machine.
//   bench/web.mjs [WEB_DIR] [RINGS]   (default build/release/web, build/release/apps/rings/rings)
//   RUNS=n bench/web.mjs            (cold loads measured; default 10)
import { createRequire } from 'node:module';
import { readdirSync, readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { gzipSync, brotliCompressSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const e2e = join(root, 'tests/e2e');
const { chromium } = createRequire(join(e2e, 'package.json'))('playwright-core');
const { startServer, startStaticServer, launch } = await import(join(e2e, 'servers.mjs'));
const WEB = resolve(process.argv[2] ?? join(root, 'build/release/web'));
const RINGS = resolve(process.argv[3] ?? join(root, 'build/release/apps/rings/rings'));
const RUNS = Number(process.env.RUNS || 10);

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x) => `${x.toFixed(1)} ms`;
const rows = [];
const row = (what, budget, value) => { rows.push([what, budget, value]); console.error(`bench/web.mjs: ${what}: ${value}`); };

// Transfer: every file the page loads over http(s) (not rings-engine-file.js, the WebAssembly as
// base64 that only a file:// page loads, nor the .gz copies), compressed as a server would send
// it: on the fly (gzip -9, brotli), and as `rings serve` sends it (the site's own .gz copies),
// counted from its answers.
const files = readdirSync(WEB).filter((f) => f !== 'rings-engine-file.js' && !f.endsWith('.gz'));
let gz = 0, br = 0, raw = 0;
for (const f of files) {
  const bytes = readFileSync(join(WEB, f));
  raw += bytes.length;
  gz += gzipSync(bytes, { level: 9 }).length;
  br += brotliCompressSync(bytes).length;
}
const [oracle, oracleBase] = await startServer(RINGS, ['serve', '--port', '0'], /(http:\/\/[^\s]+)\//);
let sent = 0;
for (const f of files) {
  const r = await fetch(`${oracleBase}/${f}`, { headers: { 'Accept-Encoding': 'gzip' } });
  if (!r.ok || r.headers.get('content-encoding') !== 'gzip') throw new Error(`rings serve sent /${f} without gzip`);
  sent += Number(r.headers.get('content-length'));
  await r.arrayBuffer();
}
const kb = (x) => `${(x / 1024).toFixed(1)} KB`;
row('transfer, every file as rings serve sends it (gzip)', '≤ 250 KB', kb(sent));
row('transfer, every file compressed on the fly (gzip -9 / brotli; raw)', '≤ 250 KB', `${kb(gz)} / ${kb(br)} (${kb(raw)} raw)`);

const [server, base] = await startStaticServer(WEB);
const cleanup = [];
try {
  // Cold loads: a new browser profile each time (no HTTP cache, no service worker).
  const paint = [], interactive = [];
  for (let i = 0; i < RUNS; i++) {
    const profile = mkdtempSync(join(tmpdir(), 'rings-bench-'));
    const context = await launch(chromium, profile);
    const page = context.pages()[0] ?? (await context.newPage());
    // Interactive: the engine has answered and the counters show the state on the board.
    await page.addInitScript(() => {
      new MutationObserver((_, o) => {
        const r = document.getElementById('remaining');
        if (r && /^\d+$/.test(r.textContent)) { window.interactiveAt = performance.now(); o.disconnect(); }
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await page.goto(`${base}/?n=9&s=111111111&goal=off`);
    await page.waitForFunction(() => window.interactiveAt !== undefined);
    const fp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime);
    paint.push(fp);
    interactive.push(await page.evaluate(() => window.interactiveAt));
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
  row('first paint, cold (median; max)', '≤ 300 ms', `${ms(median(paint))}; ${ms(Math.max(...paint))}`);
  row('interactive, cold (median; max)', '≤ 600 ms', `${ms(median(interactive))}; ${ms(Math.max(...interactive))}`);

  const profile = mkdtempSync(join(tmpdir(), 'rings-bench-'));
  cleanup.push(() => rmSync(profile, { recursive: true, force: true }));
  const context = await launch(chromium, profile);
  cleanup.unshift(() => context.close());
  const page = context.pages()[0] ?? (await context.newPage());
  const settled = () => page.waitForFunction(() => {
    const bits = [...document.querySelectorAll('.ring')].map((g) => (g.classList.contains('on') ? '1' : '0'));
    return document.getElementById('binary').textContent === bits.join('');
  });

  // A click at 1000 rings: from the click to the frame that shows the ring moved.
  await page.goto(`${base}/?n=1000&s=${'1'.repeat(1000)}&goal=off`);
  await settled();
  const clicks = [];
  for (let i = 0; i < 40; i++) {
    const t = await page.evaluate(() => new Promise((done) => {
      const ring = document.querySelector('.ring[data-ring="1"]');
      const was = ring.classList.contains('on');
      const start = performance.now();
      new MutationObserver((_, o) => {
        if (ring.classList.contains('on') === was) return;
        o.disconnect();
        requestAnimationFrame(() => done(performance.now() - start));  // the frame it is painted in
      }).observe(ring, { attributes: true });
      ring.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    }));
    clicks.push(t);
  }
  row('a click at 1000 rings to its frame (median; max of 40)', '≤ 16 ms', `${ms(median(clicks))}; ${ms(Math.max(...clicks))}`);

  // Auto-play at 1000 moves a second for 5 s (20 rings: 699,050 moves to go).
  await page.goto(`${base}/?n=20&s=${'1'.repeat(20)}&goal=off`);
  await settled();
  await page.locator('#speed').fill('9');
  const speed = await page.locator('#speed-value').textContent();
  await page.locator('#auto').click();
  const t0 = Date.now();
  await page.waitForTimeout(5000);
  await page.locator('#auto').click();
  const seconds = (Date.now() - t0) / 1000;
  await settled();
  const made = BigInt(await page.locator('#moves-made').textContent());
  const remaining = await page.locator('#remaining').textContent();
  const binary = await page.locator('#binary').textContent();
  const truth = await (await fetch(`${oracleBase}/api/distance?from=${binary}&to=off`)).json();
  const start = await (await fetch(`${oracleBase}/api/distance?from=${'1'.repeat(20)}&to=off`)).json();
  const right = truth.distance === remaining && made + BigInt(remaining) === BigInt(start.distance);
  row(`auto-play at ${speed} for ${seconds.toFixed(1)} s`, 'holds the speed', `${(Number(made) / seconds).toFixed(0)} moves/s; board and counters ${right ? 'right' : 'WRONG'}`);

  // The engine in its worker on two 10^6-ring states.
  await page.evaluate(() => {
    const worker = new Worker('rings-engine.js');
    let id = 0;
    window.askEngine = (path, params) => new Promise((done) => {
      const mine = ++id;
      worker.addEventListener('message', function on({ data }) {
        if (data.id !== mine) return;
        worker.removeEventListener('message', on);
        done(data);
      });
      worker.postMessage({ id: mine, method: 'GET', path, params, body: '' });
    });
    return window.askEngine('/api/distance', { from: '1', to: '0' });
  });
  const big = await page.evaluate(async () => {
    const random = (n) => Array.from({ length: n }, () => (Math.random() < 0.5 ? '1' : '0')).join('');
    const a = random(1e6), b = random(1e6);
    const time = async (path, params) => {
      const t = performance.now();
      const r = await window.askEngine(path, params);
      if (r.status !== 200) throw new Error(JSON.stringify(r.body));
      return performance.now() - t;
    };
    const out = { distance: [], hint: [] };
    for (let i = 0; i < 3; i++) {
      out.distance.push(await time('/api/distance', { from: a, to: b }));
      out.hint.push(await time('/api/hint', { state: a, to: b }));
    }
    return out;
  });
  row('distance of two 10^6-ring states, in the browser (median of 3)', '≤ 0.5 s', ms(median(big.distance)));
  row('hint between two 10^6-ring states, in the browser (median of 3)', '≤ 0.5 s', ms(median(big.hint)));
} finally {
  for (const f of cleanup) await f();
  server.kill('SIGTERM');
  oracle.kill('SIGTERM');
}

console.log('| the page | budget | measured |\n| --- | --- | --- |');
for (const [what, budget, value] of rows) console.log(`| ${what} | ${budget} | ${value} |`);
