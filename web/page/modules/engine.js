// The engine, in a Web Worker: the web API's own handlers compiled to WebAssembly
// (rings-engine.js, built from web/engine). ask() answers exactly as GET/POST /api/<path> would,
// without a server, so the page works from any static host, file:// and offline, and long work
// (a pasted move list of megabytes, a state of 10^6 rings) never freezes it.

// Two workers with the same engine: a quick question (a move, the counters, a hint) never waits
// behind a long one (a plan of 1000 rings takes ~40 ms, a pasted list or a plot far more) that
// the other is still answering.
const SLOW = new Set(['plan', 'verify', 'plot', 'table', 'solve']);
const lanes = { quick: { starting: null }, slow: { starting: null } };
let nextId = 1;
const asked = new Map();  // id -> { resolve, reject, lane }
let url = null;  // the engine's script, the same for both workers

// An error the engine answered with (a bad state, a bad move list): its English words, and the
// answer itself (`body`: its `code` and fields), from which i18n's errorText words it.
export class EngineError extends Error {
  constructor(message, body = {}) {
    super(message);
    this.body = body;
  }
}

function failAll(lane, message) {
  for (const [id, waiting] of asked) {
    if (waiting.lane !== lane) continue;
    waiting.reject(new Error(message));
    asked.delete(id);
  }
  lanes[lane].starting?.then((w) => w.terminate());
  lanes[lane].starting = null;
}

// Chromium starts no worker from a file: URL and fetches nothing there, so the engine's script is
// loaded into the page, where it only defines ringsEngine(), with its WebAssembly as base64
// (rings-engine-file.js), and started in a worker from a Blob.
function loadScript(src) {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.onload = resolve;
    script.onerror = () => reject(new Error(`${src} is missing`));
    document.head.appendChild(script);
  });
}

async function engineUrl() {
  if (location.protocol !== 'file:') return 'rings-engine.js';
  if (!self.ringsEngine) await Promise.all([loadScript('rings-engine.js'), loadScript('rings-engine-file.js')]);
  const wasm = JSON.stringify(self.ringsEngineWasm);
  const code = `(${self.ringsEngine.toString()})({ wasmBinary: Uint8Array.from(atob(${wasm}), (c) => c.charCodeAt(0)) });`;
  return URL.createObjectURL(new Blob([code], { type: 'text/javascript' }));
}

// Starts an engine's worker (its download and compiling) ahead of its first question.
export function startEngine(lane = 'quick') {
  url ??= engineUrl();
  lanes[lane].starting ??= url.then((src) => {
    const w = new Worker(src);
    w.onmessage = ({ data }) => {
      const waiting = asked.get(data.id);
      asked.delete(data.id);
      if (data.crashed) failAll(lane, data.body.error);  // the next ask starts a new engine
      if (!waiting) return;
      if (data.status === 200) waiting.resolve(data.body);
      else waiting.reject(new EngineError(data.body?.error ?? `status ${data.status}`, data.body ?? {}));
    };
    w.onerror = (e) => {
      e.preventDefault();
      failAll(lane, `the engine did not start (${e.message || 'rings-engine.js'})`);
    };
    return w;
  });
  return lanes[lane].starting;
}

// Asks the engine as one would ask GET /api/<path>?<params> (POST with a body): resolves to the
// answer's JSON (or the SVG text of a plot), rejects with the engine's error.
export async function ask(path, params = {}, body = undefined) {
  const lane = SLOW.has(path) ? 'slow' : 'quick';
  const w = await startEngine(lane);
  const id = nextId++;
  const strings = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)]));
  return new Promise((resolve, reject) => {
    asked.set(id, { resolve, reject, lane });
    w.postMessage({ id, method: body === undefined ? 'GET' : 'POST', path: `/api/${path}`, params: strings, body: body ?? '' });
  });
}
