// The engine in the browser against the native one: the same random questions (distances, hints
// and the states after them, the state after k moves, plans, pages of solutions, move lists
// checked, states in every notation, moves judged, plots, the puzzle family, and bad requests) asked of the WebAssembly engine in Chromium's worker
// (rings-engine.js from the static site) and of native `rings serve`; every answer, status and
// body, must be equal.
//
//   WEB=build/.../web RINGS=build/.../rings [QUESTIONS=1200] [SEED=n] node differential_test.mjs
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { startServer, startStaticServer, launch } from './servers.mjs';

const RINGS = process.env.RINGS;
const WEB = process.env.WEB && resolve(process.env.WEB);
const QUESTIONS = Number(process.env.QUESTIONS || 1200);
const SEED = Number(process.env.SEED || Date.now() % 1e9);
if (!RINGS || !WEB) throw new Error('set WEB to the static site and RINGS to the rings executable');

let staticServer, oracle, base, oracleBase, context, page, profile;

before(async () => {
  [staticServer, base] = await startStaticServer(WEB);
  [oracle, oracleBase] = await startServer(RINGS, ['serve', '--port', '0'], /(http:\/\/[^\s]+)\//);
  profile = mkdtempSync(join(tmpdir(), 'rings-differential-'));
  context = await launch(chromium, profile);
  page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`${base}/`);
  // The engine alone, in its own worker, as the page starts it.
  await page.evaluate(() => {
    const worker = new Worker('rings-engine.js');
    const waiting = new Map();
    worker.onmessage = ({ data }) => { waiting.get(data.id)(data); waiting.delete(data.id); };
    let id = 0;
    window.askEngine = (q) => new Promise((done) => {
      const mine = ++id;
      waiting.set(mine, done);
      worker.postMessage({ id: mine, method: q.body === undefined ? 'GET' : 'POST', path: q.path, params: q.params, body: q.body ?? '' });
    });
  });
});

after(async () => {
  await context?.close();
  staticServer?.kill('SIGTERM');
  oracle?.kill('SIGTERM');
  if (profile) rmSync(profile, { recursive: true, force: true });
});

// A small seeded generator (mulberry32), so that a failure can be asked again with SEED.
function generator(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = generator(SEED);
const int = (lo, hi) => lo + Math.floor(random() * (hi - lo + 1));
const pick = (xs) => xs[int(0, xs.length - 1)];
const bits = (n) => Array.from({ length: n }, () => (random() < 0.5 ? '1' : '0')).join('');
const rings = () => pick([() => int(1, 10), () => int(11, 64), () => int(65, 1000)])();

async function native(q) {
  const url = `${oracleBase}${q.path}?${new URLSearchParams(q.params)}`;
  const res = await fetch(url, q.body === undefined ? {} : { method: 'POST', body: q.body });
  const type = res.headers.get('content-type').split(';')[0];
  const text = await res.text();
  return { status: res.status, body: type === 'application/json' ? JSON.parse(text) : text };
}

async function inBrowser(q) {
  const a = await page.evaluate((question) => window.askEngine(question), q);
  return { status: a.status, body: a.body };
}

// One random question; some need the native engine's answers to be made (a solution to check).
async function question(i) {
  const n = rings();
  const state = bits(n);
  const to = pick([bits(n), '0'.repeat(n), '1'.repeat(n), 'off', 'on']);
  const mode = random() < 0.5 ? { double: '1' } : {};
  switch (i % 12) {
    case 0: return { path: '/api/distance', params: { from: state, to, ...mode } };
    case 1: return { path: '/api/hint', params: { state, to, k: String(int(1, 40)), ...mode } };
    case 2: {
      const count = BigInt((await native({ path: '/api/distance', params: { from: state, to, ...mode } })).body.distance);
      // An offset anywhere in the solution, however long: its digits drawn at random.
      const offset = BigInt(`0b${bits(Math.min(n + 2, 1100))}`) % (count + 1n);
      return { path: '/api/solve', params: { from: state, to, offset: offset.toString(), limit: String(int(0, 40)), ...mode } };
    }
    case 3: {
      // A move list: the start of the solution, perhaps spoilt, in one of the formats.
      const from = state;
      const sol = (await native({ path: '/api/solve', params: { from, to, limit: String(int(1, 60)), ...mode } })).body;
      let lines = sol.moves.map((m) => pick([
        `ring ${m.double ? '1+2' : m.ring} ${m.to}`.replace('ring 1+2', 'rings 1+2'),
        m.double ? '1+2' : String(m.ring)]));
      if (random() < 0.4 && lines.length) lines.splice(int(0, lines.length - 1), 0, String(int(1, n)));
      if (random() < 0.1) lines.push('not a move');
      return { path: '/api/verify', params: { from, to, ...mode }, body: lines.join('\n') };
    }
    case 4: return { path: '/api/state', params: { state, to, ...mode } };
    case 5: {
      const notation = pick(['decimal', 'cleve', 'ring1-first', 'binary']);
      const text = notation === 'decimal' || notation === 'cleve' ? BigInt(`0b${bits(n)}`).toString() : bits(n);
      return { path: '/api/state', params: { state: text, notation, n: String(n), ...mode } };
    }
    case 6: return { path: '/api/move', params: { state, ring: pick(['1+2', String(int(1, n + 1))]), ...mode } };
    case 7: {
      const m = int(1, 6);
      const kind = pick(['path', 'lengths', 'hypercube', 'animate']);
      const s = bits(m);
      return { path: '/api/plot', params: { kind, n: String(m), from: s, to: bits(m), ...mode } };
    }
    case 8: {
      // The state after k moves, k anywhere in the solution however long (and past its end).
      const count = BigInt((await native({ path: '/api/distance', params: { from: state, to, ...mode } })).body.distance);
      const k = BigInt(`0b${bits(Math.min(n + 2, 1100))}`) % (count + 2n);
      return { path: '/api/at', params: { from: state, to, k: k.toString(), ...mode } };
    }
    case 9: {
      const params = { state, to, depth: String(int(1, 3)), limit: String(int(1, 12)), ...mode };
      if (random() < 0.5) params.at = String(int(1, 1000));
      return { path: '/api/plan', params };
    }
    case 10: {
      // The family (docs/family.md): every puzzle's count, distances, hints, states after k,
      // solutions, checked lists and pictures.
      const puzzle = pick(['spin-out', 'brain', `hexadecimal:${bits(4)}`, 'elephant', 'hanoi']);
      const m = int(1, 40);
      const digits = puzzle === 'elephant' || puzzle === 'hanoi' ? 3 : 2;
      const piece = () => Array.from({ length: m }, () => String(int(0, digits - 1))).join('');
      const a = pick([piece(), 'start', 'goal']);
      const b = pick([piece(), 'goal', 'start']);
      const sized = a === 'start' || a === 'goal' ? { n: String(m) } : {};
      // A picture's states: at most 6 pieces (the Sierpiński graph's limit).
      const small = piece().slice(0, int(1, 6));
      return pick([
        { path: '/api/count', params: { puzzle, n: String(m) } },
        { path: '/api/distance', params: { puzzle, from: a, to: b, ...sized } },
        { path: '/api/hint', params: { puzzle, state: piece(), to: b, k: String(int(1, 20)) } },
        { path: '/api/at', params: { puzzle, from: piece(), to: b, k: String(int(0, 5000)) } },
        { path: '/api/solve', params: { puzzle, from: piece(), to: b, limit: String(int(0, 40)) } },
        { path: '/api/verify', params: { puzzle, from: piece(), to: b }, body: Array.from({ length: int(0, 30) }, () => String(int(1, m))).join('\n') },
        { path: '/api/plan', params: { puzzle, state: piece() } },
        { path: '/api/plot', params: { puzzle, kind: puzzle === 'hanoi' ? pick(['path', 'sierpinski', 'animate']) : 'path', from: small, to: small.replace(/./g, () => String(int(0, digits - 1))) } },
      ]);
    }
    default: {
      // Bad requests: both must refuse alike. (Not states over 100,000 rings: the API refuses
      // them to protect a server, the browser's engine takes them.)
      return pick([
        { path: '/api/distance', params: { from: `${state}2`, to: '0' } },
        { path: '/api/distance', params: { from: state, to: bits(n + 1) } },
        { path: '/api/hint', params: { state, k: '0x10' } },
        { path: '/api/solve', params: { from: state, offset: '-1' } },
        { path: '/api/state', params: { state: '', n: '0' } },
        { path: '/api/move', params: { state, ring: 'two' } },
        { path: '/api/nothing', params: {} },
        // Text beyond ASCII, and ':' (the worker hands parameters over as `<bytes>:<text>`).
        { path: '/api/distance', params: { from: `${state}é`, to: '０' } },
        { path: '/api/hint', params: { state: `3:${state}`, 'k:2': '1' } },
        { path: '/api/state', params: { state: '🀄', notation: 'décimal' } },
        // The solution as text (/api/solve?format=).
        { path: '/api/solve', params: { from: state, format: pick(['moves', 'toggles', 'states']), limit: String(int(0, 30)), ...mode } },
      ]);
    }
  }
}

test(`${QUESTIONS} random questions: the WebAssembly engine answers as the native one (seed ${SEED})`, async () => {
  const kinds = {};
  for (let i = 0; i < QUESTIONS; i++) {
    const q = await question(i);
    const [want, got] = await Promise.all([native(q), inBrowser(q)]);
    assert.deepStrictEqual(got, want, `question ${i} (seed ${SEED}): ${q.path} ${JSON.stringify(q.params).slice(0, 300)}`);
    kinds[q.path] = (kinds[q.path] ?? 0) + 1;
  }
  assert.ok(Object.keys(kinds).length >= 10, JSON.stringify(kinds));
});
