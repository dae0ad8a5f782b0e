// The page in every language and at every width: Playwright drives Debian's Chromium
// against the static site (build/<preset>/web/, served by python3 -m http.server).
//
//   WEB=build/.../web [SCREENSHOTS=dir] node layout_test.mjs
//
// - every language has every word of English, and words every rule the engine names: the rule
//   codes are read from the engine (include/rings/rules.hpp) and the reasons are the page's own
//   WebAssembly engine's answers, never written here;
// - the language follows the browser, a link (`lang=`) and the reader's choice, and switching it
//   rewords everything visible;
// - nothing makes the page wider than the screen: 6 sizes (320 to 1920 px) × 5 ring counts × 5 languages.
import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { startStaticServer, launch } from './servers.mjs';

const WEB = process.env.WEB && resolve(process.env.WEB);
const SHOTS = process.env.SCREENSHOTS;
if (!WEB) throw new Error('set WEB to the static site');
const SOURCE = new URL('../../', import.meta.url);

// The page's dictionary (the very module the build joins into app.js).
const i18n = await import(`data:text/javascript,${encodeURIComponent(
  readFileSync(new URL('web/page/modules/i18n.js', SOURCE), 'utf-8'))}`);
const { I18N, LANGUAGES, reasonText, browserLanguage } = i18n;

// The engine's rule codes: the enum of include/rings/rules.hpp, checked against its count.
const RULES = (() => {
  const header = readFileSync(new URL('include/rings/rules.hpp', SOURCE), 'utf-8');
  const body = header.match(/enum class Rule[^{]*\{([^}]*)\}/)[1].replace(/\/\/[^\n]*/g, '');
  const codes = body.split(',').map((s) => s.trim()).filter(Boolean);
  assert.equal(codes.length, Number(header.match(/kRuleCount = (\d+)/)[1]));
  return codes;
})();

// The engine's error codes for unreadable input (the code of each Error its parsers and the web
// API build) and the keys its renderers mark their words with (data-word), read from the source.
const read = (files) => files.map((f) => readFileSync(new URL(f, SOURCE), 'utf-8')).join('\n');
// A code is the string after an Error's message: followed by its fields ({{…}}) or the Error's end.
// The error codes the API can answer: the engine's own table (GET /api/errors), asked of the
// page's engine once the static site is served (see before()).
let ERROR_CODES = new Set();
// Every renderer (src/render/*.cpp): a key is written in the SVG's text (data-word=\"key\") or
// given to detail::Words as a string of its own ("family-path-title"): any lower-case string with
// a hyphen that is not inside the SVG's text (whose quotes are \").
const PICTURE_WORDS = new Set([...read(readdirSync(new URL('src/render/', SOURCE)).filter((f) => f.endsWith('.cpp')).map((f) => `src/render/${f}`))
  .matchAll(/data-word=\\"([a-z-]+)\\"|(?<![\\\w])"([a-z]+(?:-[a-z]+)+)"/g)].map((m) => m[1] ?? m[2]));

// The four of the issue, and the narrowest and widest screens it names.
const SIZES = [[360, 740], [834, 1112], [844, 390], [1280, 800], [320, 640], [1920, 1080]];
const RING_COUNTS = [1, 9, 64, 65, 1000];

let staticServer, base, context, page, profile;
let consoleErrors = [];
const requested = [];

before(async () => {
  [staticServer, base] = await startStaticServer(WEB);
  profile = mkdtempSync(join(tmpdir(), 'rings-layout-'));
  context = await launch(chromium, profile);
  context.on('request', (r) => requested.push(r.url()));
  page = context.pages()[0] ?? (await context.newPage());
  watch(page);
  await page.goto(`${base}/`);
  const table = await page.evaluate(() => new Promise((done, fail) => {
    const engine = new Worker('rings-engine.js');
    engine.onmessage = ({ data }) => { engine.terminate(); data.status === 200 ? done(data.body) : fail(new Error(data.body?.error)); };
    engine.postMessage({ id: 1, method: 'GET', path: '/api/errors', params: {}, body: '' });
  }));
  ERROR_CODES = new Set(table.map((c) => c.code));
});

after(async () => {
  await context?.close();
  staticServer?.kill('SIGTERM');
  if (profile) rmSync(profile, { recursive: true, force: true });
});

afterEach(() => {
  const errors = consoleErrors;
  consoleErrors = [];
  assert.deepEqual(errors, []);
  const foreign = requested.splice(0).filter((u) => !u.startsWith(`${base}/`) && !u.startsWith('blob:') &&
    !u.startsWith('data:') && u !== 'about:blank');
  assert.deepEqual(foreign, []);
});

function watch(p) {
  p.on('console', (m) => { if (m.type() === 'error') consoleErrors.push(m.text()); });
  p.on('pageerror', (e) => consoleErrors.push(String(e)));
}

async function until(p, predicate, arg) {
  for (let i = 0; i < 1000; i++) {
    if (await p.evaluate(predicate, arg)) return;
    await p.waitForTimeout(15);
  }
  throw new Error(`never true: ${predicate}`);
}

// Opens a link with nothing saved in this browser; waits until the counters show its state.
async function open(query, p = page) {
  await p.goto(`${base}/`);
  await p.evaluate(() => localStorage.clear());
  await p.goto(`${base}/?${new URLSearchParams(query)}`);
  await counted(query.s, p);
}

// Waits until the counters (the engine's) show `state`.
async function counted(state, p = page) {
  await until(p, (s) => document.getElementById('binary').textContent === s &&
    /^\d+$/.test(document.getElementById('remaining').textContent), state);
}

// Asks the page's own engine (a worker of rings-engine.js, as the page starts it) each question
// ({path, params, body}); resolves to the answers' JSON.
function askEngine(questions) {
  return page.evaluate(async (qs) => {
    const w = new Worker('rings-engine.js');
    const answers = await Promise.all(qs.map((q, id) => new Promise((done) => {
      w.addEventListener('message', ({ data }) => { if (data.id === id) done(data.body); });
      w.postMessage({ id, method: q.body === undefined ? 'GET' : 'POST', path: `/api/${q.path}`, params: q.params, body: q.body ?? '' });
    })));
    w.terminate();
    return answers;
  }, questions);
}

// Questions whose answers give reasons: moves judged, and move lists with an illegal step.
const move = (state, ring, double = false) => ({ path: 'move', params: { state, ring: String(ring), ...(double ? { double: '1' } : {}) } });
const list = (from, body, double = false) => ({ path: 'verify', params: { from, to: 'off', ...(double ? { double: '1' } : {}) }, body });
const QUESTIONS = [
  move('11111', 1), move('11111', 2), move('11110', 3), move('11000', 5),
  move('11111', '1+2', true), move('11100', '1+2', true),
  move('11111', 6), move('1', 2),
  list('11111', 'ring 1 on'), list('11100', 'rings 1+2 off', true),
  move('11101', 3), move('11100', 2), move('10111', 5),
  move('11111', 3), move('11111', 5), move('10110', 4),
  move('11111', '1+2'), move('1', '1+2', true),
  move('11101', '1+2', true), move('11110', '1+2', true),
  list('11111', '11111\n11111'), list('11111', '11111\n11100'), list('11111', '11111\n11000', true),
];

// The words of a text (letters only, lower case).
const words = (s) => s.toLowerCase().match(/\p{L}[\p{L}’']*/gu) ?? [];
// The words in Latin letters (English could hide among them; 九連環 is the puzzle's name).
const latinWords = (s) => words(s).filter((w) => /[a-z]/.test(w));
// Everything a language writes: its words and its reasons' words.
const dictionaryWords = (l) => new Set(words(JSON.stringify(I18N[l], (k, v) => (typeof v === 'function' ? v.toString() : v))));
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const digits = (s) => (s.match(/\d+/g) ?? []).sort();

test('every language has every word of English, with the same placeholders and plural forms', () => {
  assert.deepEqual(LANGUAGES, ['en', 'de', 'fr', 'zh-Hant', 'zh-Hans']);
  const names = (s) => [...new Set((s.match(/\{\w+(?=[}|])/g) ?? []).map((m) => m.slice(1)))].sort();
  for (const l of LANGUAGES) {
    for (const [key, english] of Object.entries(I18N.en)) {
      if (key === 'family') continue;  // the family's words: checked below
      const word = I18N[l][key];
      assert.equal(typeof word, 'string', `${l}: ${key} is missing`);
      assert.ok(word.trim(), `${l}: ${key} is empty`);
      assert.deepEqual(names(word), names(english), `${l}: ${key} names other values than English: ${word}`);
    }
    for (const key of Object.keys(I18N[l])) assert.ok(['reason', 'errors', 'svg'].includes(key) || key in I18N.en, `${l}: ${key} is not a word of English`);
    // The family's puzzles: every puzzle named, and its pieces and positions worded (keyed by the
    // catalogue's piece codes and position names), in every language; every rule code the engine has worded from its fields (English keeps the engine's).
    const fam = I18N[l].family;
    for (const part of ['names', 'piece', 'pos']) assert.deepEqual(Object.keys(fam[part]).sort(), Object.keys(I18N.en.family[part]).sort(), `${l}: family.${part}`);
    for (const p of Object.keys(I18N.en.family.pos)) assert.ok(typeof fam.pos[p] === 'string' && fam.pos[p].trim(), `${l}: the position ${p}`);
    for (const p of Object.keys(I18N.en.family.piece)) assert.equal(fam.piece[p].length, 2, `${l}: one and several of the piece ${p}`);
    if (l !== 'en') assert.deepEqual(Object.keys(fam.reason).sort(), ['already', 'arranged', 'free_end', 'needs_below', 'no_change', 'no_such_move', 'not_a_piece', 'not_a_position', 'not_there', 'several_change'], `${l}: the family's rule codes`);
    // The engine's error codes and its pictures' words, each worded (English keeps the engine's).
    if (l !== 'en') {
      assert.ok(ERROR_CODES.size >= 20 && PICTURE_WORDS.size >= 29, `${ERROR_CODES.size} codes, ${PICTURE_WORDS.size} picture words`);
      assert.deepEqual(Object.keys(I18N[l].errors).filter((k) => k !== 'line').sort(), [...ERROR_CODES].sort(), `${l}: the error codes it words`);
      assert.deepEqual(Object.keys(I18N[l].svg).sort(), [...PICTURE_WORDS].sort(), `${l}: the picture words it has`);
    }
    // Sentences are translated, not copied (a few words are the same in both, "Pause").
    if (l !== 'en') {
      for (const [key, english] of Object.entries(I18N.en)) {
        if (typeof english !== 'string') continue;
        if (english.replace(/\{[^}]*\}/g, '').length > 12) assert.notEqual(I18N[l][key], english, `${l}: ${key} is English`);
      }
    }
  }
  // Counts agree with their word.
  const say = (l, key, params) => { i18n.ui.lang = l; return i18n.t(key, params); };
  assert.equal(say('en', 'new-game', { n: 1, optimum: '1' }), 'New game: 1 ring, 1 move to the goal.');
  assert.equal(say('en', 'new-game', { n: 2, optimum: '2' }), 'New game: 2 rings, 2 moves to the goal.');
  assert.equal(say('de', 'solved', { moves: 1, optimum: '1' }), 'Gelöst in 1 Zug (optimal vom Start: 1).');
  assert.equal(say('de', 'new-game', { n: 3, optimum: '5' }), 'Neues Spiel: 3 Ringe, 5 Züge bis zum Ziel.');
  assert.equal(say('fr', 'new-game', { n: 1, optimum: '1' }), 'Nouvelle partie : 1 anneau, 1 coup jusqu’au but.');
  // A count of hundreds of digits is plural (ICU's French rules said 'one' for such numbers).
  const huge = '7'.repeat(301);
  assert.equal(say('fr', 'new-game', { n: 1000, optimum: huge }), `Nouvelle partie : 1000 anneaux, ${huge} coups jusqu’au but.`);
  assert.equal(say('fr', 'new-game', { n: 70, optimum: '714339071457511547298' }), 'Nouvelle partie : 70 anneaux, 714339071457511547298 coups jusqu’au but.');
  assert.equal(say('fr', 'verify-short', { remaining: '2', moves: 3 }), 'Valide, mais le but n’est pas atteint : il faut encore 2 coups après ces 3.');
  assert.equal(say('en', 'verify-short', { remaining: '1', moves: 1 }), 'Legal, but the goal is not reached: 1 more move needed after this one.');
  // A count of 301 digits is plural.
  assert.match(say('en', 'new-game', { n: 1000, optimum: '7'.repeat(301) }), /7 moves to the goal/);
  i18n.ui.lang = 'en';
});

test('every rule the engine names is worded in every language, from its fields alone', async () => {
  await open({ s: '11111' });
  const answers = await askEngine(QUESTIONS);
  const whys = answers.map((a, i) => {
    assert.ok(a.why, `no reason for ${JSON.stringify(QUESTIONS[i])}: ${JSON.stringify(a)}`);
    return a.why;
  });
  // The questions reach every rule the engine has.
  assert.deepEqual([...new Set(whys.map((w) => w.rule))].sort(), [...RULES].sort());
  for (const l of LANGUAGES) {
    if (l !== 'en') assert.deepEqual(Object.keys(I18N[l].reason).sort(), [...RULES].sort(), `${l}: the rules it words`);
    const english = new Set(words(whys.map((w) => w.text).join(' ')));
    for (const w of dictionaryWords(l)) english.delete(w);
    for (const why of whys) {
      const said = reasonText({ why }, l);
      if (l === 'en') {
        assert.equal(said, why.text);
        continue;
      }
      assert.notEqual(said, why.text, `${l}: ${why.rule} in English`);
      // The rings the engine names, each named (in any order).
      assert.deepEqual(digits(said), digits(why.text), `${l}: ${said} (engine: ${why.text})`);
      const left = words(said).filter((w) => english.has(w));
      assert.deepEqual(left, [], `${l}: English in "${said}"`);
      if (l.startsWith('zh')) assert.doesNotMatch(said, /[A-Za-z]/, said);
    }
  }
  // The same fields, other rings: the words follow them (ring 1 on or off, one ring or several).
  const [apartOn, apartOff] = [whys[18], whys[19]];
  assert.equal(apartOn.rule, 'pair_apart');
  for (const l of LANGUAGES) assert.notEqual(reasonText({ why: apartOn }, l), reasonText({ why: apartOff }, l), l);
});

// Waits until the plan shows the next move's milestone and stays as it is (a new plan is asked
// once the moves pause: on a loaded machine it may come after the other panels).
async function planDrawn() {
  await until(page, () => document.querySelector('#plan-tree [aria-current]'));
  let before = null;
  for (;;) {
    const now = await page.locator('#plan-tree').textContent();
    if (now === before) return;
    before = now;
    await page.waitForTimeout(300);
  }
}

// Everything a reader sees or hears of the page: its visible text, the labels a screen reader
// reads and the selected option of each menu.
const seen = (p = page) => p.evaluate(() => {
  const visible = (e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
  const parts = [document.body.innerText, document.title];
  for (const e of document.querySelectorAll('[aria-label], [title], [placeholder], [alt]')) {
    if (!visible(e) && !e.closest('svg')) continue;
    for (const a of ['aria-label', 'title', 'placeholder', 'alt']) if (e.getAttribute(a)) parts.push(e.getAttribute(a));
  }
  return parts.join('\n');
});

test('switching languages rewords everything visible, the engine\'s reasons too', async () => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await open({ s: '11101', double: '1', lang: 'en' });
  // Something in every place: a move made (its reason), a move list checked (an illegal step).
  const moves = 'ring 1 on\nring 3 off';
  const [moveAnswer, listAnswer] = await askEngine([move('11101', 1, true), list('11100', moves, true)]);
  await page.locator('.ring[data-ring="1"]').click();
  await counted('11100');
  await page.locator('#verify-list').fill(moves);
  await page.locator('#verify').click();
  await until(page, () => /\d/.test(document.getElementById('verify-result').textContent));
  await planDrawn();
  const englishSeen = new Set(latinWords(await seen()));
  assert.ok(englishSeen.has('ring') && englishSeen.has('hint'));
  assert.match(await page.locator('#message').textContent(), new RegExp(escape(moveAnswer.why.text)));
  for (const l of LANGUAGES.filter((x) => x !== 'en')) {
    await page.locator('#lang').selectOption(l);
    assert.equal(await page.evaluate(() => document.documentElement.lang), l);
    const text = await seen();
    const english = new Set(englishSeen);
    for (const w of dictionaryWords(l)) english.delete(w);
    for (const name of LANGUAGES.map((x) => I18N[x].name)) for (const w of words(name)) english.delete(w);
    const left = [...new Set(words(text).filter((w) => english.has(w)))];
    assert.deepEqual(left, [], `${l}: English left on the page: ${left.join(', ')}`);
    // The reasons are the engine's, in this language.
    assert.ok((await page.locator('#message').textContent()).includes(reasonText(moveAnswer, l)), l);
    assert.ok((await page.locator('#verify-result').textContent()).includes(reasonText({ why: listAnswer.why }, l)), l);
    assert.equal(await page.locator('#hint').textContent(), I18N[l].hint);
  }
  await page.locator('#lang').selectOption('en');
  assert.deepEqual(new Set(latinWords(await seen())), englishSeen);
});

test('the language: the browser\'s, a link\'s (lang=), the reader\'s choice, remembered', async () => {
  const cases = [
    [['zh-CN'], 'zh-Hans'], [['zh-SG'], 'zh-Hans'], [['zh-Hans-HK'], 'zh-Hans'], [['zh'], 'zh-Hans'],
    [['zh-TW'], 'zh-Hant'], [['zh-HK'], 'zh-Hant'], [['zh-MO'], 'zh-Hant'], [['zh-Hant'], 'zh-Hant'],
    [['fr-CA'], 'fr'], [['de-AT', 'en'], 'de'], [['ja', 'fr'], 'fr'], [['ja'], 'en'], [['en-GB', 'de'], 'en'], [[], 'en'],
  ];
  for (const [languages, want] of cases) assert.equal(browserLanguage(languages), want, languages.join());

  // A browser that reads Simplified Chinese, with nothing chosen yet.
  await page.goto(`${base}/`);
  await page.evaluate(() => localStorage.clear());
  const zh = await context.newPage();
  watch(zh);
  await zh.addInitScript(() => Object.defineProperty(navigator, 'languages', { get: () => ['zh-CN', 'zh'] }));
  await zh.goto(`${base}/?s=101101011`);
  await counted('101101011', zh);
  assert.equal(await zh.evaluate(() => document.documentElement.lang), 'zh-Hans');
  assert.equal(await zh.title(), '九连环');
  assert.equal(await zh.locator('#hint').textContent(), '提示');
  assert.equal(await zh.locator('#undo').textContent(), '撤销');
  assert.equal(await zh.locator('#lang').inputValue(), 'zh-Hans');
  await zh.close();

  // A link names the language: it wins over the browser's, is kept in the link, and is not
  // taken for the reader's choice.
  await open({ s: '11111', lang: 'fr' });
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'fr');
  assert.equal(await page.locator('#hint').textContent(), 'Indice');
  assert.equal(await page.locator('h1').innerText(), 'Baguenaudier 九連環');
  await page.locator('.ring[data-ring="1"]').click();
  await counted('11110');
  assert.equal(new URL(page.url()).searchParams.get('lang'), 'fr');
  assert.equal(await page.evaluate(() => localStorage.getItem('rings.lang')), null);
  // Switched: the link follows, and the choice is remembered.
  await page.locator('#lang').selectOption('zh-Hant');
  assert.equal(new URL(page.url()).searchParams.get('lang'), 'zh-Hant');
  assert.equal(await page.title(), '九連環');
  await page.reload();
  await counted('11110');
  assert.equal(await page.locator('#hint').textContent(), '提示');
  assert.equal(await page.locator('#undo').textContent(), '復原');
  await page.goto(`${base}/?s=11110`);
  await counted('11110');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'zh-Hant');  // remembered
  // A language the page does not speak is ignored; a case-insensitive one is read.
  await page.goto(`${base}/?s=11110&lang=ZH-hans`);
  await counted('11110');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'zh-Hans');
  await page.goto(`${base}/?s=11110&lang=xx`);
  await counted('11110');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'zh-Hant');
  await page.evaluate(() => localStorage.clear());
});

test('one ring, one move: the counts and their words agree in every language', async () => {
  for (const l of LANGUAGES) {
    await open({ s: '1', lang: l });
    i18n.ui.lang = l;
    assert.equal(await page.locator('#message').textContent(), i18n.t('new-game', { n: 1, optimum: '1' }));
    await page.locator('.ring[data-ring="1"]').click();
    await page.locator('#message.solved').waitFor();
    assert.equal(await page.locator('#message').textContent(), i18n.t('solved', { moves: 1, optimum: '1' }));
  }
  i18n.ui.lang = 'en';
  await open({ s: '1', lang: 'en' });
  assert.equal(await page.locator('#message').textContent(), 'New game: 1 ring, 1 move to the goal.');
});

// The counters shown squeezed into a column a few characters wide (their ids).
const squeezedCounters = () => page.evaluate(() => [...document.querySelectorAll('.counters dd')]
  .filter((dd) => dd.getClientRects().length && dd.getBoundingClientRect().width < 120).map((dd) => dd.id));

// The elements that stick out on the right (for the message when the page is too wide).
const tooWide = () => page.evaluate(() => {
  const out = [];
  for (const e of document.querySelectorAll('body *')) {
    const r = e.getBoundingClientRect();
    // A box past the right edge, or text spilling out of its box.
    const spills = e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX === 'visible' && e.clientWidth > 0;
    if ((r.width && r.right > innerWidth + 0.5) || spills) out.push(`${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}.${[...e.classList].join('.')} right=${Math.round(r.right)}`);
  }
  return out.slice(0, 6);
});

test('no sideways scrolling: 6 screen sizes × 1, 9, 64, 65, 1000 rings × every language', async () => {
  const failures = [];
  let checked = 0;
  // Every size, with the page as it is: nothing may stick out on the right, and every counter
  // stays readable (its label and value side by side or one above the other, never squeezed to
  // a column a few characters wide: "34 / 2").
  const atEverySize = async (what, shots) => {
    for (const [width, height] of SIZES) {
      await page.setViewportSize({ width, height });
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      const [scroll, inner] = await page.evaluate(() => [document.documentElement.scrollWidth, innerWidth]);
      checked++;
      if (scroll > inner) failures.push(`${what}, ${width}×${height}: ${scroll} px wide (${(await tooWide()).join('; ')})`);
      const squeezed = await squeezedCounters();
      if (squeezed.length) failures.push(`${what}, ${width}×${height}: squeezed counters ${squeezed.join(', ')}`);
      await shots(width, height);
    }
  };
  for (const l of LANGUAGES) {
    for (const n of RING_COUNTS) {
      const s = '1'.repeat(n);
      await page.setViewportSize({ width: SIZES[0][0], height: SIZES[0][1] });
      await page.goto(`${base}/?${new URLSearchParams({ s, lang: l })}`);  // the link's game and language
      await counted(s);
      // The new game's message (at 1000 rings its count has 301 digits), then a hint's.
      await atEverySize(`${l}, ${n} rings`, async (width, height) => {
        if (n === 9 && (width === 360 || width === 1280)) await shot(`language-${l}-${width === 360 ? 'phone' : 'desktop'}`);
        if (n === 1000 && (l === 'en' || l === 'zh-Hans')) await shot(`rings-1000-${l}-${width}x${height}`);
      });
      await page.locator('#hint').click();
      await until(page, () => document.getElementById('message').classList.contains('hint'));
      await atEverySize(`${l}, ${n} rings, a hint`, async () => {});
    }
  }
  assert.equal(checked, 2 * SIZES.length * RING_COUNTS.length * LANGUAGES.length);
  assert.deepEqual(failures, []);
  await page.setViewportSize({ width: 1280, height: 900 });
});

test('a puzzle of the family: its panels reworded by a switch of language, and no sideways scrolling at 6 sizes in every language', async () => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${base}/`);
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${base}/?puzzle=hanoi&n=10&lang=en`);
  await until(page, () => document.querySelector('#family-board [data-piece]') && document.querySelector('#plan-tree [aria-current]'));
  // Something in every panel: a move made (its reason), a move list with an illegal step, the
  // solution shown, a hint (the plan's milestone it serves).
  await page.locator('#family-board [data-piece="1"]').click();
  await page.locator('#family-board [data-peg="1"] .label').click();
  await until(page, () => document.getElementById('moves-made').textContent === '1' && document.getElementById('remaining').textContent !== '1023');
  await page.locator('#verify-list').fill('0000000001\n0000000021\n0000000121\n');
  await page.locator('#verify').click();
  await until(page, () => /\d/.test(document.getElementById('verify-result').textContent));
  await page.locator('#show-solution').click();
  await until(page, () => document.getElementById('list-text').value);
  await page.locator('#hint').click();
  await until(page, () => document.getElementById('message').classList.contains('hint'));
  await planDrawn();
  const englishSeen = new Set(latinWords(await seen()));
  assert.ok(englishSeen.has('disc') && englishSeen.has('discs') && englishSeen.has('hint'));
  // The move-list syntax the engine reads stays in English (its example, from the engine).
  const syntax = words(await page.locator('#verify-list').getAttribute('placeholder'));
  const failures = [];
  for (const l of LANGUAGES) {
    await page.locator('#lang').selectOption(l);
    if (l !== 'en') {
      const english = new Set(englishSeen);
      for (const w of [...dictionaryWords(l), ...syntax]) english.delete(w);
      for (const name of LANGUAGES.map((x) => I18N[x].name)) for (const w of words(name)) english.delete(w);
      const left = [...new Set(words(await seen()).filter((w) => english.has(w)))];
      assert.deepEqual(left, [], `${l}: English left on the page: ${left.join(', ')}`);
      assert.equal(await page.title(), I18N[l].family.names.hanoi);
    }
    for (const [width, height] of SIZES) {
      await page.setViewportSize({ width, height });
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      const [scroll, inner] = await page.evaluate(() => [document.documentElement.scrollWidth, innerWidth]);
      if (scroll > inner) failures.push(`${l}, ${width}×${height}: ${scroll} px wide (${(await tooWide()).join('; ')})`);
      const squeezed = await squeezedCounters();
      if (squeezed.length) failures.push(`${l}, ${width}×${height}: squeezed counters ${squeezed.join(', ')}`);
      if ((l === 'en' || l === 'zh-Hans') && [360, 834, 1280].includes(width)) await shot(`family-panels-${l}-${width}x${height}`);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  }
  assert.deepEqual(failures, []);
  await page.locator('#lang').selectOption('en');
});

async function shot(name) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}
