// The page's modules import each other without a cycle: the model and the games never import a
// panel (panels listen for changes, web/page/modules/events.js). Parses the `import … from` lines
// of every module of web/page/modules/ and fails on any cycle, naming it; and checks that
// web/CMakeLists.txt joins every module (web/assemble.py) after the modules it imports.
// Usage: node tests/e2e/imports_test.mjs [SOURCE_DIR]
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

const source = resolve(process.argv[2] ?? new URL('../..', import.meta.url).pathname);
const dir = join(source, 'web/page/modules');
const modules = readdirSync(dir).filter((f) => f.endsWith('.js')).sort();
const IMPORT = /^import\s[^;]*?\sfrom\s+['"]\.\/([\w.-]+)['"]/gm;
const imports = new Map();
let failed = false;
const fail = (words) => { console.error(`FAIL: ${words}`); failed = true; };

for (const m of modules) {
  const text = readFileSync(join(dir, m), 'utf-8');
  const names = [...text.matchAll(IMPORT)].map((x) => x[1]);
  for (const n of names) if (!modules.includes(n)) fail(`${m} imports ${n}, which is not a module`);
  imports.set(m, names.filter((n) => modules.includes(n)));
  // Every import is one the parse above reads (an `import` it missed would hide an edge).
  const all = (text.match(/^import\s/gm) ?? []).length;
  if (all !== names.length) fail(`${m}: ${all} imports, ${names.length} read as "import … from './x.js'"`);
}

// Depth-first search; a module met again while on the path closes a cycle.
const state = new Map();  // 1: on the path, 2: done
const path = [];
function visit(m) {
  if (state.get(m) === 2) return;
  if (state.get(m) === 1) {
    fail(`a cycle of imports: ${[...path.slice(path.indexOf(m)), m].join(' → ')}`);
    return;
  }
  state.set(m, 1);
  path.push(m);
  for (const n of imports.get(m)) visit(n);
  path.pop();
  state.set(m, 2);
}
for (const m of modules) visit(m);

// The join's order (web/CMakeLists.txt, page_modules): every module once, after its imports.
const cmake = readFileSync(join(source, 'web/CMakeLists.txt'), 'utf-8');
const order = [...cmake.matchAll(/\$\{static\}\/modules\/([\w.-]+\.js)/g)].map((x) => x[1]);
for (const m of modules) if (!order.includes(m)) fail(`web/CMakeLists.txt does not join ${m}`);
order.forEach((m, i) => {
  for (const n of imports.get(m) ?? []) {
    if (order.indexOf(n) > i) fail(`web/CMakeLists.txt joins ${m} before ${n}, which it imports`);
  }
});

if (failed) process.exit(1);
const edges = [...imports.values()].reduce((a, l) => a + l.length, 0);
console.log(`ok: ${modules.length} modules, ${edges} imports, no cycle; joined in an order that respects them`);
