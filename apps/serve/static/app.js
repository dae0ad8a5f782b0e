// The Chinese Rings page. Plain JavaScript, no build step; served by `rings serve`.
//
// The engine behind /api is the authority: hints, distances, positions and notations come from
// it. The only rule kept here is the legality check, so that a refused click is explained at
// once and in the reader's language; the browser tests compare it with /api/move.
'use strict';

(() => {
  const MAX_RINGS = 1000;        // the page's bound (the API takes more)
  const DRAWN = 64;              // up to this many rings are drawn on the bar; beyond, a grid
  const HISTORY_CAP = 10000;     // moves kept for undo and across reloads
  const SPEEDS = [1, 2, 4, 8, 16, 32, 64, 128, 512, 2048];  // auto-play, moves a second

  // ---- Languages ---------------------------------------------------------------------------

  const lowerEn = (k) => (k === 3 ? 'ring 1' : k === 4 ? 'rings 1 and 2' : `rings 1\u2013${k - 2}`);
  const lowerDe = (k) => (k === 3 ? 'Ring 1' : k === 4 ? 'Ringe 1 und 2' : `Ringe 1\u2013${k - 2}`);
  const lowerZh = (k) => (k === 3 ? '第 1 環' : k === 4 ? '第 1、2 環' : `第 1\u2013${k - 2} 環`);

  const I18N = {
    en: {
      title: 'Chinese Rings', language: 'Language', board: 'The rings on the bar',
      undo: 'Undo', redo: 'Redo', hint: 'Hint', pair: 'Rings 1+2', auto: 'Auto-play',
      pause: 'Pause', speed: 'Speed', 'per-second': '{v}/s',
      'moves-made': 'Moves made', remaining: 'Optimal moves remaining',
      binary: 'Binary (ring N first)', decimal: 'Decimal', cleve: 'Cleve’s convention',
      position: 'Position on the Gray path', 'position-of': '{p} of {max}',
      'plot-caption': 'Every state along the Gray path (across) and its value as a binary number (up); the dot is the current state, the square the goal.',
      game: 'Game', rings: 'Rings', goal: 'Goal', 'goal-off': 'all off', 'goal-on': 'all on',
      'goal-any': 'a state…', target: 'Target', mode: 'Moves', single: 'single',
      double: 'double (1+2 together)', new: 'New game', reset: 'Reset', random: 'Random start',
      state: 'State', notation: 'Notation', 'n-binary': 'binary (ring N first)',
      'n-ring1': 'ring 1 first', 'n-decimal': 'decimal', 'n-cleve': 'Cleve (1 = off)',
      set: 'Start here', 'rules-title': 'Rules', 'plots-title': 'Plots',
      'plot-path': 'optimal path', 'plot-lengths': 'path lengths', 'plot-cube': 'hypercube',
      'plot-animate': 'animation',
      rules: 'Ring 1 can always move. Any other ring can move only when the ring just below it is on and all rings below that are off. Click a ring to move it.',
      'keys-title': 'Keys',
      keys: '1–9, 0: move ring 1–10 · ← →: choose a ring, Enter: move it · d: rings 1+2 · h: hint · a: auto-play / pause · z: undo · y: redo · + −: speed · Ctrl+Enter in the move list: check',
      ring: 'Ring {k}', on: 'on', off: 'off',
      refused: 'Not allowed: {why}', moved: '{move}: {why}',
      'move-ring': 'ring {k} {dir}', 'move-pair': 'rings 1+2 {dir}',
      'hint-msg': 'Hint: {move}, because {why}.', solved: 'Solved in {moves} moves (the optimum from the start is {optimum}).',
      'at-goal': 'This is the goal.', 'nothing-to-undo': 'Nothing to undo.', 'nothing-to-redo': 'Nothing to redo.',
      'new-game': 'New game: {n} rings, {optimum} moves to the goal.', 'bad-rings': 'Rings: a whole number from 1 to {max}.',
      error: 'Error: {e}', 'pair-off': 'Double moves are off: choose “double” under Moves.',
      'verify-title': 'Check a move list', 'verify-label': 'Your moves, one a line', verify: 'Check',
      'verify-formats': '“ring 3 off”, “12: ring 3 off”, “rings 1+2 on”, a ring number (“3”, “1+2”), or one state a line in binary, starting with the state shown.',
      'verify-scope': 'From the state shown ({from}) to the goal ({to}), {mode}.',
      'scope-single': 'single moves', 'scope-double': 'double moves (rings 1+2 may move together)',
      'verify-optimal': 'Legal and optimal: {moves} moves reach the goal.',
      'verify-longer': 'Legal and reaches the goal in {moves} moves, but not optimal: {optimum} moves suffice.',
      'verify-short': 'Legal, but the goal is not reached: {remaining} more moves needed after these {moves}.',
      'verify-illegal': 'Move {k} is illegal: {rule}.',
      'verify-empty': 'Write or paste a move list first.', 'verify-busy': 'Checking…',
      reason: {
        always: () => 'ring 1 can always move',
        ok2: () => 'ring 2 can move: ring 1 is on',
        okK: ({ k }) => `ring ${k} can move: ring ${k - 1} is on and ${lowerEn(k)} ${k === 3 ? 'is' : 'are'} off`,
        okPair: ({ on }) => `rings 1 and 2 move together: both are ${on ? 'on' : 'off'}`,
        need2: () => 'ring 2 needs ring 1 on; ring 1 is off',
        needOff: ({ k }) => `ring ${k} needs ring ${k - 1} on and ${lowerEn(k)} off; ring ${k - 1} is off`,
        needLow: ({ k, low }) => `ring ${k} needs ring ${k - 1} on and ${lowerEn(k)} off; ring ${low} is on`,
        pairMode: () => 'rings 1+2 together is a double move: allowed only with double moves',
        pairFew: ({ n }) => `rings 1+2 need two rings; the puzzle has ${n}`,
        pairMixed: ({ on }) => `rings 1+2 move together only when both are on or both off; ring 1 is ${on ? 'on' : 'off'}`,
      },
    },
    de: {
      title: 'Chinesische Ringe', language: 'Sprache', board: 'Die Ringe auf der Stange',
      undo: 'Rückgängig', redo: 'Wiederholen', hint: 'Tipp', pair: 'Ringe 1+2', auto: 'Automatisch',
      pause: 'Pause', speed: 'Tempo', 'per-second': '{v}/s',
      'moves-made': 'Gemachte Züge', remaining: 'Optimal verbleibende Züge',
      binary: 'Binär (Ring N zuerst)', decimal: 'Dezimal', cleve: 'Cleves Konvention',
      position: 'Position auf dem Gray-Pfad', 'position-of': '{p} von {max}',
      'plot-caption': 'Alle Zustände entlang des Gray-Pfads (waagrecht) und ihr Wert als Binärzahl (senkrecht); der Punkt ist der aktuelle Zustand, das Quadrat das Ziel.',
      game: 'Spiel', rings: 'Ringe', goal: 'Ziel', 'goal-off': 'alle ab', 'goal-on': 'alle drauf',
      'goal-any': 'ein Zustand…', target: 'Zielzustand', mode: 'Züge', single: 'einzeln',
      double: 'doppelt (1+2 zusammen)', new: 'Neues Spiel', reset: 'Zurücksetzen', random: 'Zufallsstart',
      state: 'Zustand', notation: 'Schreibweise', 'n-binary': 'binär (Ring N zuerst)',
      'n-ring1': 'Ring 1 zuerst', 'n-decimal': 'dezimal', 'n-cleve': 'Cleve (1 = ab)',
      set: 'Hier beginnen', 'rules-title': 'Regeln', 'plots-title': 'Diagramme',
      'plot-path': 'optimaler Weg', 'plot-lengths': 'Weglängen', 'plot-cube': 'Hyperwürfel',
      'plot-animate': 'Animation',
      rules: 'Ring 1 lässt sich immer bewegen. Jeder andere Ring nur, wenn der Ring direkt darunter auf der Stange ist und alle tieferen Ringe ab sind. Klicke einen Ring an, um ihn zu bewegen.',
      'keys-title': 'Tasten',
      keys: '1–9, 0: Ring 1–10 bewegen · ← →: Ring wählen, Enter: bewegen · d: Ringe 1+2 · h: Tipp · a: automatisch / Pause · z: rückgängig · y: wiederholen · + −: Tempo · Strg+Enter in der Zugliste: prüfen',
      ring: 'Ring {k}', on: 'drauf', off: 'ab',
      refused: 'Nicht erlaubt: {why}', moved: '{move}: {why}',
      'move-ring': 'Ring {k} {dir}', 'move-pair': 'Ringe 1+2 {dir}',
      'hint-msg': 'Tipp: {move}, denn {why}.', solved: 'Gelöst in {moves} Zügen (optimal vom Start: {optimum}).',
      'at-goal': 'Das ist das Ziel.', 'nothing-to-undo': 'Nichts rückgängig zu machen.', 'nothing-to-redo': 'Nichts zu wiederholen.',
      'new-game': 'Neues Spiel: {n} Ringe, {optimum} Züge bis zum Ziel.', 'bad-rings': 'Ringe: eine ganze Zahl von 1 bis {max}.',
      error: 'Fehler: {e}', 'pair-off': 'Doppelzüge sind aus: unter „Züge“ „doppelt“ wählen.',
      'verify-title': 'Zugliste prüfen', 'verify-label': 'Deine Züge, einer pro Zeile', verify: 'Prüfen',
      'verify-formats': '„ring 3 off“, „12: ring 3 off“, „rings 1+2 on“, eine Ringnummer („3“, „1+2“) oder ein Zustand pro Zeile, binär, beginnend mit dem gezeigten Zustand.',
      'verify-scope': 'Vom gezeigten Zustand ({from}) bis zum Ziel ({to}), {mode}.',
      'scope-single': 'mit Einzelzügen', 'scope-double': 'mit Doppelzügen (Ringe 1+2 dürfen zusammen gehen)',
      'verify-optimal': 'Erlaubt und optimal: {moves} Züge erreichen das Ziel.',
      'verify-longer': 'Erlaubt und erreicht das Ziel in {moves} Zügen, aber nicht optimal: {optimum} Züge genügen.',
      'verify-short': 'Erlaubt, aber das Ziel ist nicht erreicht: nach diesen {moves} Zügen fehlen noch {remaining}.',
      'verify-illegal': 'Zug {k} ist nicht erlaubt: {rule}.',
      'verify-empty': 'Zuerst eine Zugliste eingeben oder einfügen.', 'verify-busy': 'Wird geprüft…',
      reason: {
        always: () => 'Ring 1 lässt sich immer bewegen',
        ok2: () => 'Ring 2 lässt sich bewegen: Ring 1 ist drauf',
        okK: ({ k }) => `Ring ${k} lässt sich bewegen: Ring ${k - 1} ist drauf und ${lowerDe(k)} ${k === 3 ? 'ist' : 'sind'} ab`,
        okPair: ({ on }) => `Ringe 1 und 2 bewegen sich zusammen: beide sind ${on ? 'drauf' : 'ab'}`,
        need2: () => 'Ring 2 braucht Ring 1 auf der Stange; Ring 1 ist ab',
        needOff: ({ k }) => `Ring ${k} braucht Ring ${k - 1} drauf und ${lowerDe(k)} ab; Ring ${k - 1} ist ab`,
        needLow: ({ k, low }) => `Ring ${k} braucht Ring ${k - 1} drauf und ${lowerDe(k)} ab; Ring ${low} ist drauf`,
        pairMode: () => 'Ringe 1+2 zusammen ist ein Doppelzug: nur mit Doppelzügen erlaubt',
        pairFew: ({ n }) => `Ringe 1+2 brauchen zwei Ringe; das Spiel hat ${n}`,
        pairMixed: ({ on }) => `Ringe 1+2 bewegen sich nur zusammen, wenn beide drauf oder beide ab sind; Ring 1 ist ${on ? 'drauf' : 'ab'}`,
      },
    },
    'zh-Hant': {
      title: '九連環', language: '語言', board: '桿上的環',
      undo: '復原', redo: '重做', hint: '提示', pair: '第 1+2 環', auto: '自動解',
      pause: '暫停', speed: '速度', 'per-second': '每秒 {v} 步',
      'moves-made': '已走步數', remaining: '最少剩餘步數',
      binary: '二進位（第 N 環在前）', decimal: '十進位', cleve: 'Cleve 的表示法',
      position: '在格雷碼路徑上的位置', 'position-of': '{p}／{max}',
      'plot-caption': '格雷碼路徑上的每個狀態（橫軸）及其二進位數值（縱軸）；圓點是目前狀態，方塊是目標。',
      game: '遊戲', rings: '環數', goal: '目標', 'goal-off': '全部卸下', 'goal-on': '全部套上',
      'goal-any': '指定狀態…', target: '目標狀態', mode: '走法', single: '單環',
      double: '雙環（第 1、2 環一起）', new: '新遊戲', reset: '重來', random: '隨機開局',
      state: '狀態', notation: '表示法', 'n-binary': '二進位（第 N 環在前）',
      'n-ring1': '第 1 環在前', 'n-decimal': '十進位', 'n-cleve': 'Cleve（1 = 卸下）',
      set: '從這裡開始', 'rules-title': '規則', 'plots-title': '圖',
      'plot-path': '最佳路徑', 'plot-lengths': '步數長條圖', 'plot-cube': '超立方體',
      'plot-animate': '動畫',
      rules: '第 1 環隨時可以套上或卸下。其他的環，只有在它下一個環在桿上、且更下面的環全都卸下時才能移動。點一下環就能移動它。',
      'keys-title': '按鍵',
      keys: '1–9、0：移動第 1–10 環 · ← →：選環，Enter：移動 · d：第 1+2 環 · h：提示 · a：自動解／暫停 · z：復原 · y：重做 · + −：速度 · 在走法清單裡按 Ctrl+Enter：檢查',
      ring: '第 {k} 環', on: '套上', off: '卸下',
      refused: '不可以：{why}', moved: '{move}：{why}',
      'move-ring': '第 {k} 環{dir}', 'move-pair': '第 1+2 環{dir}',
      'hint-msg': '提示：{move}，因為{why}。', solved: '完成！共 {moves} 步（從起點最少需要 {optimum} 步）。',
      'at-goal': '已在目標狀態。', 'nothing-to-undo': '沒有可以復原的步驟。', 'nothing-to-redo': '沒有可以重做的步驟。',
      'new-game': '新遊戲：{n} 個環，到目標需 {optimum} 步。', 'bad-rings': '環數：1 到 {max} 的整數。',
      error: '錯誤：{e}', 'pair-off': '雙環走法未開啟：請在「走法」選「雙環」。',
      'verify-title': '檢查走法清單', 'verify-label': '你的走法，每行一步', verify: '檢查',
      'verify-formats': '「ring 3 off」、「12: ring 3 off」、「rings 1+2 on」、環的編號（「3」、「1+2」），或每行一個二進位狀態（第一行是目前顯示的狀態）。',
      'verify-scope': '從目前顯示的狀態（{from}）走到目標（{to}），{mode}。',
      'scope-single': '單環走法', 'scope-double': '雙環走法（第 1、2 環可以一起移動）',
      'verify-optimal': '合乎規則，而且是最佳解：{moves} 步到達目標。',
      'verify-longer': '合乎規則，{moves} 步到達目標，但不是最佳解：{optimum} 步就夠了。',
      'verify-short': '合乎規則，但還沒到目標：走完這 {moves} 步後還需要 {remaining} 步。',
      'verify-illegal': '第 {k} 步不合規則：{rule}。',
      'verify-empty': '請先輸入或貼上走法清單。', 'verify-busy': '檢查中…',
      reason: {
        always: () => '第 1 環隨時可以移動',
        ok2: () => '第 2 環可以移動：第 1 環在桿上',
        okK: ({ k }) => `第 ${k} 環可以移動：第 ${k - 1} 環在桿上，且${lowerZh(k)}都已卸下`,
        okPair: ({ on }) => `第 1、2 環一起移動：兩環都${on ? '在桿上' : '已卸下'}`,
        need2: () => '第 2 環需要第 1 環在桿上；但第 1 環已卸下',
        needOff: ({ k }) => `第 ${k} 環需要第 ${k - 1} 環在桿上、${lowerZh(k)}卸下；但第 ${k - 1} 環已卸下`,
        needLow: ({ k, low }) => `第 ${k} 環需要第 ${k - 1} 環在桿上、${lowerZh(k)}卸下；但第 ${low} 環在桿上`,
        pairMode: () => '第 1+2 環一起移動是雙環走法：只有選了雙環才允許',
        pairFew: ({ n }) => `第 1+2 環一起移動需要兩個環；這局只有 ${n} 個`,
        pairMixed: ({ on }) => `第 1、2 環要同時在桿上或同時卸下才能一起移動；第 1 環${on ? '在桿上' : '已卸下'}`,
      },
    },
  };

  let lang = 'en';
  const t = (key, params = {}) =>
    (I18N[lang][key] ?? I18N.en[key]).replace(/\{(\w+)\}/g, (_, p) => String(params[p]));
  const reasonText = (r, language = lang) => I18N[language].reason[r.kind](r);

  function browserLanguage() {
    for (const l of navigator.languages || [navigator.language || 'en']) {
      const s = l.toLowerCase();
      if (s.startsWith('de')) return 'de';
      if (s.startsWith('zh')) return 'zh-Hant';
      if (s.startsWith('en')) return 'en';
    }
    return 'en';
  }

  // ---- The rules (bits[i] is ring i+1; true = on the bar) ----------------------------------

  const lowestOn = (bits) => bits.indexOf(true) + 1;  // 0 when every ring is off

  // Whether toggling `ring` (or rings 1+2 when `pair`) is legal, with the reason either way.
  function check(bits, move, double) {
    const n = bits.length;
    if (move.pair) {
      if (!double) return { legal: false, kind: 'pairMode' };
      if (n < 2) return { legal: false, kind: 'pairFew', n };
      if (bits[0] !== bits[1]) return { legal: false, kind: 'pairMixed', on: bits[0] };
      return { legal: true, kind: 'okPair', on: bits[0] };
    }
    const k = move.ring;
    if (k === 1) return { legal: true, kind: 'always' };
    const low = lowestOn(bits);
    if (low === k - 1) return { legal: true, kind: k === 2 ? 'ok2' : 'okK', k };
    if (k === 2) return { legal: false, kind: 'need2' };
    if (!bits[k - 2]) return { legal: false, kind: 'needOff', k };
    return { legal: false, kind: 'needLow', k, low };
  }

  function applyMove(bits, move) {
    if (move.pair) {
      const v = !bits[0];
      bits[0] = v;
      bits[1] = v;
    } else {
      bits[move.ring - 1] = !bits[move.ring - 1];
    }
  }

  const toBinary = (bits) => bits.map((b) => (b ? '1' : '0')).reverse().join('');
  const fromBinary = (s) => [...s].reverse().map((c) => c === '1');

  // ---- The API -----------------------------------------------------------------------------

  async function api(path, params, body) {
    const url = `/api/${path}?${new URLSearchParams(params)}`;
    const res = await fetch(url, body === undefined ? {} : { method: 'POST', body });
    const json = await res.json();
    if (!res.ok) throw new Error(json.error || `HTTP ${res.status}`);
    return json;
  }

  // ---- The game ----------------------------------------------------------------------------

  // history: the moves made, each a ring number, or 0 for rings 1+2 together.
  const game = {
    n: 9, bits: [], start: '', goal: 'off', target: '', double: false,
    history: [], redo: [], optimum: null,
  };
  const encode = (m) => (m.pair ? 0 : m.ring);
  const decode = (x) => (x === 0 ? { ring: 1, pair: true } : { ring: x, pair: false });

  const goalBinary = () =>
    game.goal === 'on' ? '1'.repeat(game.n) : game.goal === 'off' ? '0'.repeat(game.n) : game.target;
  const modeParams = () => (game.double ? { double: '1' } : {});

  let speed = 3;
  let selected = 1;             // the ring the arrow keys choose
  let hinted = null;            // the hinted move, marked on the board
  let auto = null;              // auto-play: { queue } while running
  let info = null;              // the last /api/state answer for the current state
  let refreshSeq = 0;

  function save() {
    const stored = {
      n: game.n, state: toBinary(game.bits), start: game.start, goal: game.goal,
      target: game.target, double: game.double, history: game.history.slice(-HISTORY_CAP),
      redo: game.redo.slice(-HISTORY_CAP), speed,
    };
    try {
      localStorage.setItem('rings.game', JSON.stringify(stored));
    } catch (e) { /* storage full or disabled: the URL still holds the state */ }
    const q = new URLSearchParams({ n: game.n, s: stored.state, goal: game.goal === 'any' ? game.target : game.goal });
    if (game.double) q.set('double', '1');
    history.replaceState(null, '', `?${q}`);
    plotLinks();
  }

  // The same pictures as `rings plot` and `rings animate`, for the current game (where they fit).
  function plotLinks() {
    const link = (id, params, fits) => {
      const a = document.getElementById(id);
      if (!a) return;
      a.hidden = !fits;
      a.href = `/api/plot?${new URLSearchParams({ ...params, ...modeParams() })}`;
    };
    const path = { from: toBinary(game.bits), to: goalBinary() };
    link('plot-path', { kind: 'path', ...path }, game.n <= 20);
    link('plot-lengths', { kind: 'lengths', n: game.n }, game.n <= 16);
    link('plot-cube', { kind: 'hypercube', n: game.n }, game.n <= 6);
    link('plot-animate', { kind: 'animate', ...path }, game.n <= 10);
  }

  function newGame(n, startBinary) {
    stopAuto();
    game.n = n;
    game.start = startBinary;
    game.bits = fromBinary(startBinary);
    game.history = [];
    game.redo = [];
    if (game.goal === 'any' && game.target.length !== n) game.target = '0'.repeat(n);
    selected = Math.min(selected, n);
    hinted = null;
    buildBoard();
    buildPlot();
    changed({ announce: true });
  }

  // Everything after a change of state: the board at once; the counters from the API.
  function changed({ announce = false, message = null } = {}) {
    drawState();
    save();
    showVerifyScope();
    document.getElementById('moves-made').textContent = game.history.length;
    if (message) setMessage(message);
    refresh(announce);
  }

  async function refresh(announce) {
    const seq = ++refreshSeq;
    const state = toBinary(game.bits);
    try {
      const [s, optimum] = await Promise.all([
        api('state', { state, to: goalBinary(), ...modeParams() }),
        game.optimum === null
          ? api('distance', { from: game.start, to: goalBinary(), ...modeParams() }).then((d) => d.distance)
          : Promise.resolve(game.optimum),
      ]);
      if (seq !== refreshSeq) return;  // a newer state is on its way
      game.optimum = optimum;
      info = s;
      showCounters(s);
      if (announce) setMessage(t('new-game', { n: game.n, optimum }));
      if (s.distance === '0' && game.history.length > 0) {
        stopAuto();
        setMessage(t('solved', { moves: game.history.length, optimum }), 'solved');
      }
    } catch (e) {
      if (seq === refreshSeq) setMessage(t('error', { e: e.message }), 'error');
    }
  }

  function showCounters(s) {
    const set = (id, v) => { document.getElementById(id).textContent = v; };
    set('remaining', s.distance);
    set('binary', s.binary);
    set('decimal', s.decimal);
    set('cleve', s.cleve);
    const max = ((1n << BigInt(game.n)) - 1n).toString();
    set('position', t('position-of', { p: s.position, max }));
    document.body.classList.toggle('solved', s.distance === '0');
    movePlotMarker(BigInt(s.position));
  }

  // A move by the player (or auto-play): checked here, refused with the reason by the ring.
  function play(move, { fromAuto = false } = {}) {
    if (!fromAuto) stopAuto();
    const verdict = check(game.bits, move, game.double);
    if (!verdict.legal) {
      refuse(move, verdict);
      return false;
    }
    applyMove(game.bits, move);
    game.history.push(encode(move));
    if (game.history.length > HISTORY_CAP) game.history.shift();
    if (!fromAuto) game.redo = [];
    hinted = null;
    changed({ message: fromAuto ? null : t('moved', { move: moveText(move, game.bits), why: reasonText(verdict) }) });
    return true;
  }

  // The move in words, after it was made (so its direction is the ring's new place).
  function moveText(move, bitsAfter) {
    const dir = t(bitsAfter[move.ring - 1] ? 'on' : 'off');
    return move.pair ? t('move-pair', { dir }) : t('move-ring', { k: move.ring, dir });
  }

  function undo() {
    stopAuto();
    if (!game.history.length) return setMessage(t('nothing-to-undo'));
    const x = game.history.pop();
    applyMove(game.bits, decode(x));  // a move undone by itself: the same toggle is legal again
    game.redo.push(x);
    hinted = null;
    changed({ message: ' ' });
  }

  function redo() {
    stopAuto();
    if (!game.redo.length) return setMessage(t('nothing-to-redo'));
    const x = game.redo.pop();
    const move = decode(x);
    if (!check(game.bits, move, game.double).legal) return;
    applyMove(game.bits, move);
    game.history.push(x);
    hinted = null;
    changed({ message: ' ' });
  }

  async function hint() {
    stopAuto();
    try {
      const h = await api('hint', { state: toBinary(game.bits), to: goalBinary(), ...modeParams() });
      if (!h.moves.length) return setMessage(t('at-goal'));
      const m = h.moves[0];
      hinted = { ring: m.ring, pair: !!m.double };
      const after = game.bits.slice();
      applyMove(after, hinted);
      drawState();
      setMessage(t('hint-msg', { move: moveText(hinted, after), why: reasonText(check(game.bits, hinted, game.double)) }), 'hint');
    } catch (e) {
      setMessage(t('error', { e: e.message }), 'error');
    }
  }

  // ---- Auto-play ---------------------------------------------------------------------------

  function startAuto() {
    if (auto) return;
    auto = { queue: [], timer: null };
    document.getElementById('auto').textContent = t('pause');
    document.getElementById('auto').classList.add('running');
    autoStep();
  }

  function stopAuto() {
    if (!auto) return;
    clearTimeout(auto.timer);
    auto = null;
    const b = document.getElementById('auto');
    b.textContent = t('auto');
    b.classList.remove('running');
  }

  async function autoStep() {
    const run = auto;
    if (!run) return;
    const rate = SPEEDS[speed];
    const perTick = Math.max(1, Math.round(rate / 50));
    if (!run.queue.length) {
      try {
        const h = await api('hint', {
          state: toBinary(game.bits), to: goalBinary(), k: Math.min(1000, Math.max(16, perTick * 50)), ...modeParams(),
        });
        if (auto !== run) return;
        run.queue = h.moves.map((m) => ({ ring: m.ring, pair: !!m.double }));
      } catch (e) {
        stopAuto();
        return setMessage(t('error', { e: e.message }), 'error');
      }
      if (!run.queue.length) return stopAuto();
    }
    for (let i = 0; i < perTick && run.queue.length && auto === run; i++) play(run.queue.shift(), { fromAuto: true });
    if (auto === run) run.timer = setTimeout(autoStep, (1000 * perTick) / rate);
  }

  // ---- Checking a move list: the engine (/api/verify) decides, the page puts it in words ----

  let verifySeq = 0;
  let verified = null;          // what the result line speaks of: { key, answer } (answer may be null)

  const verifyKey = () => `${toBinary(game.bits)} ${goalBinary()} ${game.double}`;
  // A state for reading, not for copying: long ones keep their ends.
  const shortState = (b) => (b.length <= 40 ? b : `${b.slice(0, 16)}…${b.slice(-16)}`);

  // Which check the button makes: from the state on the board to the goal, in the page's mode.
  // A result for another start, goal or mode is cleared.
  function showVerifyScope() {
    const to = game.goal === 'any' ? shortState(game.target) : t(`goal-${game.goal}`);
    document.getElementById('verify-scope').textContent = t('verify-scope', {
      from: shortState(toBinary(game.bits)), to, mode: t(game.double ? 'scope-double' : 'scope-single'),
    });
    if (verified && verified.key !== verifyKey()) setVerifyResult('');
  }

  function setVerifyResult(text, kind = '', answer = null) {
    const r = document.getElementById('verify-result');
    r.textContent = text;
    r.className = `verify-result ${kind}`;
    verified = text ? { key: verifyKey(), answer } : null;
  }

  // The API's answer in words (nothing here is computed: moves, optimum and rule are the engine's).
  function verifyText(a) {
    if (!a.legal) return [t('verify-illegal', { k: a.illegal_move, rule: a.rule }), 'error'];
    if (!a.reached) return [t('verify-short', { moves: a.moves, remaining: a.remaining }), 'short'];
    if (a.optimal) return [t('verify-optimal', { moves: a.moves }), 'good'];
    return [t('verify-longer', { moves: a.moves, optimum: a.optimum }), 'short'];
  }

  async function verify() {
    const list = document.getElementById('verify-list').value;
    const seq = ++verifySeq;
    if (!list.trim()) return setVerifyResult(t('verify-empty'), 'error');
    const key = verifyKey();
    setVerifyResult(t('verify-busy'), 'busy');
    try {
      const a = await api('verify', { from: toBinary(game.bits), to: goalBinary(), ...modeParams() }, list);
      if (seq !== verifySeq || key !== verifyKey()) return;  // a newer check, or the game moved on
      const [text, kind] = verifyText(a);
      setVerifyResult(text, kind, a);
    } catch (e) {
      if (seq === verifySeq && key === verifyKey()) setVerifyResult(t('error', { e: e.message }), 'error');
    }
  }

  // ---- Messages ----------------------------------------------------------------------------

  function setMessage(text, kind = '') {
    const m = document.getElementById('message');
    m.textContent = text;
    m.className = `message ${kind}`;
  }

  // ---- The board ---------------------------------------------------------------------------

  const SVG = 'http://www.w3.org/2000/svg';
  const el = (name, attrs = {}, parent = null) => {
    const e = document.createElementNS(SVG, name);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    if (parent) parent.appendChild(e);
    return e;
  };

  // Geometry of the drawn view, in SVG units. Ring N is at the left (the handle), ring 1 at the
  // free end on the right, so the board reads like the binary notation.
  const G = { step: 40, left: 56, barY: 70, onY: 70, offY: 150, base: 210, rx: 26, ry: 40 };
  const COLS = 50;  // cells a row in the compact view
  let ringEls = [];

  const drawn = () => game.n <= DRAWN;
  const ringX = (k) => G.left + (game.n - k) * G.step;

  function buildBoard() {
    const board = document.getElementById('board');
    board.querySelectorAll('svg, .callout').forEach((e) => e.remove());
    ringEls = [];
    let svg;
    if (drawn()) {
      const width = G.left + game.n * G.step + 24;
      svg = el('svg', { viewBox: `0 0 ${width} 250`, class: 'rings-view' });
      el('rect', { x: 8, y: G.base, width: width - 16, height: 12, rx: 4, class: 'base' }, svg);
      // The bar: a long loop with a handle at the left.
      el('rect', { x: 10, y: G.barY - 7, width: width - 22, height: 14, rx: 7, class: 'bar' }, svg);
      el('rect', { x: 10, y: G.barY - 16, width: 34, height: 32, rx: 10, class: 'handle' }, svg);
      for (let k = game.n; k >= 1; k--) {
        const g = el('g', { class: 'ring', 'data-ring': k, role: 'button' }, svg);
        el('rect', { x: -G.step / 2, y: 0, width: G.step, height: 250, class: 'hit' }, g);
        el('line', { x1: 0, x2: 0, y2: G.base, class: 'rod' }, g);
        const lift = el('g', { class: 'lift' }, g);
        el('ellipse', { cx: 0, cy: 0, rx: G.rx, ry: G.ry, class: 'loop' }, lift);
        el('text', { x: 0, y: -G.ry - 8, class: 'arrow' }, lift);
        const label = el('text', { x: 0, y: 242, class: 'label' }, g);
        label.textContent = k;
        g.style.transform = `translate(${ringX(k)}px, 0px)`;
        ringEls[k] = g;
      }
    } else {
      const rows = Math.ceil(game.n / COLS);
      svg = el('svg', { viewBox: `0 0 ${COLS * 16 + 8} ${rows * 16 + 8}`, class: 'grid-view' });
      for (let k = game.n; k >= 1; k--) {
        const i = game.n - k;
        const g = el('g', { class: 'ring cell', 'data-ring': k, role: 'button' }, svg);
        el('rect', { x: 4 + (i % COLS) * 16, y: 4 + Math.floor(i / COLS) * 16, width: 14, height: 14, rx: 3 }, g);
        el('title', {}, g).textContent = k;
        ringEls[k] = g;
      }
    }
    board.appendChild(svg);
    const callout = document.createElement('div');
    callout.className = 'callout';
    callout.hidden = true;
    board.appendChild(callout);
    svg.addEventListener('click', (ev) => {
      const g = ev.target.closest('.ring');
      if (!g) return;
      const ring = Number(g.dataset.ring);
      selected = ring;
      const pair = ev.shiftKey && ring <= 2 && game.double;
      play({ ring: pair ? 1 : ring, pair });
    });
  }

  function drawState() {
    const callout = document.getElementById('board').querySelector('.callout');
    if (!callout) return;  // not built yet
    callout.hidden = true;
    for (let k = 1; k <= game.n; k++) {
      const g = ringEls[k];
      const on = game.bits[k - 1];
      g.classList.toggle('on', on);
      g.classList.remove('refused');
      const isHint = hinted && (hinted.ring === k || (hinted.pair && k === 2));
      g.classList.toggle('hinted', !!isHint);
      g.classList.toggle('selected', k === selected);
      g.setAttribute('aria-label', `${t('ring', { k })}: ${t(on ? 'on' : 'off')}`);
      if (drawn()) {
        const y = on ? G.onY : G.offY;
        g.querySelector('.lift').style.transform = `translate(0px, ${y}px)`;
        g.querySelector('.rod').setAttribute('y1', y + G.ry);
        g.querySelector('.arrow').textContent = isHint ? (on ? '↓' : '↑') : '';
      }
    }
  }

  // An illegal click: the ring shakes red and the reason appears next to it.
  function refuse(move, verdict) {
    const k = move.pair ? 1 : move.ring;
    const g = ringEls[k];
    drawState();
    g.classList.add('refused');
    const text = reasonText(verdict);
    setMessage(t('refused', { why: text }), 'error');
    const board = document.getElementById('board');
    const callout = board.querySelector('.callout');
    callout.textContent = text.charAt(0).toUpperCase() + text.slice(1);
    callout.hidden = false;
    const box = g.getBoundingClientRect();
    const boardBox = board.getBoundingClientRect();
    const centre = box.left + box.width / 2 - boardBox.left;
    const width = Math.min(300, boardBox.width - 8);
    callout.style.width = `${width}px`;
    callout.style.left = `${Math.max(4, Math.min(boardBox.width - width - 4, centre - width / 2))}px`;
    callout.style.top = drawn() ? '4px' : `${box.bottom - boardBox.top + 4}px`;
    callout.dataset.ring = k;
  }

  // ---- The plot: every state along the Gray path, and the current one ----------------------

  const P = { w: 600, h: 200, pad: 6 };
  let marker = null, goalMarker = null;

  // The state at `position` on the Gray path is the Gray code of the position.
  const gray = (p) => p ^ (p >> 1n);
  // v / 2^n as a float in [0, 1), for any size of n.
  const fraction = (v, n) => (n <= 50 ? Number(v) / 2 ** n : Number(v >> BigInt(n - 50)) / 2 ** 50);

  function buildPlot() {
    const box = document.getElementById('plot');
    box.textContent = '';
    const svg = el('svg', { viewBox: `0 0 ${P.w} ${P.h}`, class: 'plot-view', role: 'img' });
    const n = game.n;
    const last = (1n << BigInt(n)) - 1n;
    const samples = n <= 10 ? Number(last) + 1 : 1024;
    const pts = [];
    for (let i = 0; i < samples; i++) {
      const p = samples - 1 === 0 ? 0n : (BigInt(i) * last) / BigInt(samples - 1);
      pts.push(`${px(p, last).toFixed(1)},${py(gray(p), n).toFixed(1)}`);
    }
    el('rect', { x: 0, y: 0, width: P.w, height: P.h, class: 'plot-bg' }, svg);
    el('polyline', { points: pts.join(' '), class: 'curve' }, svg);
    goalMarker = el('rect', { width: 10, height: 10, class: 'goal-mark' }, svg);
    marker = el('g', { class: 'marker' }, svg);
    el('line', { y1: 0, y2: P.h, class: 'now-line' }, marker);
    el('circle', { r: 6, class: 'now-dot' }, marker);
    box.appendChild(svg);
    const g = BigInt('0b' + goalBinary());
    const goalPos = rankOf(g, n);
    goalMarker.setAttribute('x', px(goalPos, last) - 5);
    goalMarker.setAttribute('y', py(g, n) - 5);
  }

  function px(p, last) {
    return P.pad + (last === 0n ? 0 : Number((p * 1000000n) / last) / 1000000) * (P.w - 2 * P.pad);
  }
  function py(v, n) {
    return P.h - P.pad - fraction(v, n) * (P.h - 2 * P.pad);
  }
  // The inverse Gray code, only to place the goal mark on the plot (the counters use the API).
  function rankOf(v, n) {
    let out = 0n, acc = 0n;
    for (let i = BigInt(n) - 1n; i >= 0n; i--) {
      acc ^= (v >> i) & 1n;
      out |= acc << i;
    }
    return out;
  }

  function movePlotMarker(position) {
    if (!marker) return;
    const last = (1n << BigInt(game.n)) - 1n;
    const x = px(position, last);
    const y = py(gray(position), game.n);
    marker.querySelector('line').setAttribute('x1', x);
    marker.querySelector('line').setAttribute('x2', x);
    marker.querySelector('circle').setAttribute('cx', x);
    marker.querySelector('circle').setAttribute('cy', y);
  }

  // ---- Controls ----------------------------------------------------------------------------

  function applyLanguage(l) {
    lang = I18N[l] ? l : 'en';
    document.documentElement.lang = lang;
    document.getElementById('lang').value = lang;
    document.querySelectorAll('[data-i18n]').forEach((e) => { e.textContent = t(e.dataset.i18n); });
    document.getElementById('auto').textContent = t(auto ? 'pause' : 'auto');
    // The title is 九連環 itself in Chinese: no need to say it twice.
    document.querySelector('h1 .han').hidden = lang === 'zh-Hant';
    document.title = lang === 'zh-Hant' ? t('title') : `${t('title')} · 九連環`;
    showSpeed();
    if (info) showCounters(info);
    drawState();
    showVerifyScope();
    if (verified && verified.answer) setVerifyResult(...verifyText(verified.answer), verified.answer);
    try { localStorage.setItem('rings.lang', lang); } catch (e) { /* ignore */ }
  }

  function showSpeed() {
    document.getElementById('speed').value = speed;
    document.getElementById('speed-value').textContent = t('per-second', { v: SPEEDS[speed] });
  }

  function setGoalControls() {
    document.getElementById('goal').value = game.goal;
    document.getElementById('target-label').hidden = game.goal !== 'any';
    document.getElementById('target').value = game.target;
    document.getElementById('mode').value = game.double ? 'double' : 'single';
    document.getElementById('rings').value = game.n;
    document.getElementById('pair').disabled = !game.double;
  }

  function goalChanged() {
    stopAuto();
    game.optimum = null;
    hinted = null;
    setGoalControls();
    buildPlot();
    changed({ message: ' ' });
  }

  const randomBinary = (n) => {
    const bytes = new Uint8Array(n);
    crypto.getRandomValues(bytes);
    return [...bytes].map((b) => (b & 1 ? '1' : '0')).join('');
  };
  const startFor = (n) => (game.goal === 'on' ? '0' : '1').repeat(n);

  function readRings() {
    const n = Number(document.getElementById('rings').value);
    if (!Number.isInteger(n) || n < 1 || n > MAX_RINGS) {
      setMessage(t('bad-rings', { max: MAX_RINGS }), 'error');
      return null;
    }
    return n;
  }

  // A state typed in any notation: the API reads it (and says what is wrong with it).
  async function readState(text, notation) {
    const params = { state: text.trim(), notation };
    if (notation === 'decimal' || notation === 'cleve' || /^(on|off)$/.test(text.trim())) params.n = game.n;
    const s = await api('state', params);
    return s.binary;
  }

  function wire() {
    const $ = (id) => document.getElementById(id);
    $('undo').addEventListener('click', undo);
    $('redo').addEventListener('click', redo);
    $('hint').addEventListener('click', hint);
    $('pair').addEventListener('click', () => play({ ring: 1, pair: true }));
    $('auto').addEventListener('click', () => (auto ? stopAuto() : startAuto()));
    $('speed').addEventListener('input', () => { speed = Number($('speed').value); showSpeed(); save(); });
    $('lang').addEventListener('change', () => applyLanguage($('lang').value));
    $('new').addEventListener('click', () => {
      const n = readRings();
      if (n) { game.optimum = null; newGame(n, startFor(n)); }
    });
    $('rings').addEventListener('change', () => $('new').click());
    $('reset').addEventListener('click', () => newGame(game.n, game.start));
    $('random').addEventListener('click', () => { game.optimum = null; newGame(game.n, randomBinary(game.n)); });
    $('goal').addEventListener('change', () => {
      game.goal = $('goal').value;
      if (game.goal === 'any' && game.target.length !== game.n) game.target = '0'.repeat(game.n);
      goalChanged();
    });
    $('target').addEventListener('change', async () => {
      try {
        game.target = await readState($('target').value, $('notation').value);
        goalChanged();
      } catch (e) {
        setMessage(t('error', { e: e.message }), 'error');
      }
    });
    $('mode').addEventListener('change', () => { game.double = $('mode').value === 'double'; goalChanged(); });
    $('state-form').addEventListener('submit', async (ev) => {
      ev.preventDefault();
      try {
        const s = await readState($('state-input').value, $('notation').value);
        game.optimum = null;
        if (s.length !== game.n && game.goal === 'any') game.target = '0'.repeat(s.length);
        newGame(s.length, s);
        setGoalControls();
      } catch (e) {
        setMessage(t('error', { e: e.message }), 'error');
      }
    });
    $('verify-form').addEventListener('submit', (ev) => { ev.preventDefault(); verify(); });
    $('verify-list').addEventListener('keydown', (ev) => {
      if (ev.key === 'Enter' && (ev.ctrlKey || ev.metaKey)) { ev.preventDefault(); verify(); }
    });
    document.addEventListener('keydown', onKey);
  }

  function onKey(ev) {
    if (ev.target.closest('input, select, textarea') || ev.altKey || ev.metaKey) return;
    const k = ev.key;
    let handled = true;
    if (ev.ctrlKey) {
      if (k === 'z') undo();
      else if (k === 'y') redo();
      else handled = false;
    } else if (/^[0-9]$/.test(k)) {
      const ring = k === '0' ? 10 : Number(k);
      if (ring <= game.n) { selected = ring; play({ ring, pair: false }); }
    } else if (k === 'ArrowLeft') { selected = Math.min(game.n, selected + 1); drawState(); }
    else if (k === 'ArrowRight') { selected = Math.max(1, selected - 1); drawState(); }
    else if ((k === 'Enter' || k === ' ') && !ev.target.closest('button')) play({ ring: selected, pair: false });
    else if (k === 'd') {
      if (game.double) play({ ring: 1, pair: true });
      else setMessage(t('pair-off'));
    } else if (k === 'h') hint();
    else if (k === 'a' || k === 'p') (auto ? stopAuto() : startAuto());
    else if (k === 'Escape') stopAuto();
    else if (k === 'z' || k === 'u') undo();
    else if (k === 'y' || k === 'Z') redo();
    else if (k === '+' || k === '=') { speed = Math.min(SPEEDS.length - 1, speed + 1); showSpeed(); save(); }
    else if (k === '-') { speed = Math.max(0, speed - 1); showSpeed(); save(); }
    else handled = false;
    if (handled) ev.preventDefault();
  }

  // ---- Start: the URL first (a shared link), then what this browser saved ------------------

  function load() {
    let stored = null;
    try { stored = JSON.parse(localStorage.getItem('rings.game') || 'null'); } catch (e) { stored = null; }
    const q = new URLSearchParams(location.search);
    const bin = /^[01]+$/;
    let n = 9, state = null;
    if (q.has('s') && bin.test(q.get('s')) && q.get('s').length <= MAX_RINGS) {
      state = q.get('s');
      n = state.length;
      const goal = q.get('goal') || 'off';
      game.goal = goal === 'on' || goal === 'off' ? goal : 'any';
      game.target = game.goal === 'any' && bin.test(goal) && goal.length === n ? goal : '';
      if (game.goal === 'any' && !game.target) game.goal = 'off';
      game.double = q.get('double') === '1';
    } else if (stored && bin.test(stored.state || '') && stored.state.length <= MAX_RINGS) {
      state = stored.state;
      n = state.length;
      game.goal = ['on', 'off', 'any'].includes(stored.goal) ? stored.goal : 'off';
      game.target = stored.target || '';
      game.double = !!stored.double;
    }
    if (stored && Number.isInteger(stored.speed) && stored.speed >= 0 && stored.speed < SPEEDS.length) speed = stored.speed;
    // The saved history belongs to this game only when it leads to the state in the URL.
    const same = stored && stored.state === state && stored.n === n && bin.test(stored.start || '') &&
      stored.start.length === n && Array.isArray(stored.history);
    newGame(n, same ? stored.start : state || startFor(n));
    if (same) {
      game.bits = fromBinary(state);
      game.history = stored.history.filter((x) => Number.isInteger(x) && x >= 0 && x <= n);
      game.redo = Array.isArray(stored.redo) ? stored.redo.filter((x) => Number.isInteger(x) && x >= 0 && x <= n) : [];
      changed();
    }
    setGoalControls();
  }

  document.addEventListener('DOMContentLoaded', () => {
    wire();
    let l = browserLanguage();
    try { l = localStorage.getItem('rings.lang') || l; } catch (e) { /* ignore */ }
    applyLanguage(l);
    load();
    applyLanguage(lang);
  });

  // For the browser tests: the page's own rule check, to compare with the engine's.
  window.ringsRules = { check, reasonText, toBinary, fromBinary };
})();
