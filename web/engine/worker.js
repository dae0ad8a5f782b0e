// The engine's side of the page's worker (appended to Emscripten's output by --post-js): a
// message {id, method, path, params, body} is answered with {id, status, type, body}, the body
// parsed when it is JSON. Messages that come before the WebAssembly is ready wait for it.
(function () {
  const waiting = [];
  let ready = false;

  // A string in the WebAssembly's memory, for as long as the call lasts.
  function cString(text) {
    const size = lengthBytesUTF8(text) + 1;
    const pointer = _malloc(size);
    stringToUTF8(text, pointer, size);
    return pointer;
  }

  // The query parameters as the engine reads them: `<bytes>:<text>` for each name and value.
  const field = (text) => `${lengthBytesUTF8(text)}:${text}`;

  function answer({ id, method = 'GET', path, params = {}, body = '' }) {
    const fields = Object.entries(params).map(([name, value]) => field(name) + field(String(value))).join('');
    const args = [method, path, fields, body].map(cString);
    let reply;
    try {
      const out = UTF8ToString(_rings_handle(args[0], args[1], args[2], lengthBytesUTF8(fields), args[3], lengthBytesUTF8(body)));
      const end1 = out.indexOf('\n');
      const end2 = out.indexOf('\n', end1 + 1);
      const type = out.slice(end1 + 1, end2);
      const text = out.slice(end2 + 1);
      reply = { id, status: Number(out.slice(0, end1)), type,
        body: type === 'application/json' ? JSON.parse(text) : text };
    } catch (e) {
      // The engine stopped (out of memory): this worker is done; the page starts another.
      reply = { id, status: 500, type: 'application/json', body: { error: String(e.message || e) }, crashed: true };
    } finally {
      args.forEach((p) => _free(p));
    }
    postMessage(reply);
  }

  self.onmessage = (event) => (ready ? answer(event.data) : waiting.push(event.data));
  Module.onRuntimeInitialized = () => {
    ready = true;
    waiting.splice(0).forEach(answer);
  };
})();
