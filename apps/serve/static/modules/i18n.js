// The page's words in its languages (English, Deutsch, 繁體中文), and the engine's reasons put
// in them: the engine names the rule and its rings (`why`), the page only words it.

// Rings 1..l (the engine's `lower`: the rings below ring k's neighbour) in words.
const lowerDe = (l) => (l === 1 ? 'Ring 1' : l === 2 ? 'Ringe 1 und 2' : `Ringe 1\u2013${l}`);
const lowerZh = (l) => (l === 1 ? '第 1 環' : l === 2 ? '第 1、2 環' : `第 1\u2013${l} 環`);

export const I18N = {
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
      free_end: () => 'Ring 1 lässt sich immer bewegen',
      after_lowest_2: () => 'Ring 2 lässt sich bewegen: Ring 1 ist drauf',
      after_lowest: ({ k, p, l }) => `Ring ${k} lässt sich bewegen: Ring ${p} ist drauf und ${lowerDe(l)} ${l === 1 ? 'ist' : 'sind'} ab`,
      pair_together: ({ on }) => `Ringe 1 und 2 bewegen sich zusammen: beide sind ${on ? 'drauf' : 'ab'}`,
      needs_previous_on_2: () => 'Ring 2 braucht Ring 1 auf der Stange; Ring 1 ist ab',
      needs_previous_on: ({ k, p, l }) => `Ring ${k} braucht Ring ${p} drauf und ${lowerDe(l)} ab; Ring ${p} ist ab`,
      needs_lower_off: ({ k, p, l, low }) => `Ring ${k} braucht Ring ${p} drauf und ${lowerDe(l)} ab; Ring ${low} ist drauf`,
      pair_needs_double: () => 'Ringe 1+2 zusammen ist ein Doppelzug: nur mit Doppelzügen erlaubt',
      pair_needs_two: ({ n }) => `Ringe 1+2 brauchen zwei Ringe; das Spiel hat ${n}`,
      pair_apart: ({ on }) => `Ringe 1+2 bewegen sich nur zusammen, wenn beide drauf oder beide ab sind; Ring 1 ist ${on ? 'drauf' : 'ab'}`,
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
      free_end: () => '第 1 環隨時可以移動',
      after_lowest_2: () => '第 2 環可以移動：第 1 環在桿上',
      after_lowest: ({ k, p, l }) => `第 ${k} 環可以移動：第 ${p} 環在桿上，且${lowerZh(l)}都已卸下`,
      pair_together: ({ on }) => `第 1、2 環一起移動：兩環都${on ? '在桿上' : '已卸下'}`,
      needs_previous_on_2: () => '第 2 環需要第 1 環在桿上；但第 1 環已卸下',
      needs_previous_on: ({ k, p, l }) => `第 ${k} 環需要第 ${p} 環在桿上、${lowerZh(l)}卸下；但第 ${p} 環已卸下`,
      needs_lower_off: ({ k, p, l, low }) => `第 ${k} 環需要第 ${p} 環在桿上、${lowerZh(l)}卸下；但第 ${low} 環在桿上`,
      pair_needs_double: () => '第 1+2 環一起移動是雙環走法：只有選了雙環才允許',
      pair_needs_two: ({ n }) => `第 1+2 環一起移動需要兩個環；這局只有 ${n} 個`,
      pair_apart: ({ on }) => `第 1、2 環要同時在桿上或同時卸下才能一起移動；第 1 環${on ? '在桿上' : '已卸下'}`,
    },
  },
};

export const ui = { lang: 'en' };

export function t(key, params = {}) {
  return (I18N[ui.lang][key] ?? I18N.en[key]).replace(/\{(\w+)\}/g, (_, p) => String(params[p]));
}

// The engine's reason for a move, in the page's language. The engine names the rule and its
// rings (`why`: {rule, ring, to, blocking, rings, text}) and words it in English (`why.text`,
// `reason`); the page words it in its other languages, and keeps the engine's English for a rule
// it has no words for.
export function reasonText(answer, language = ui.lang) {
  const why = answer.why && typeof answer.why === 'object' ? answer.why : null;
  const english = why?.text ?? answer.reason ?? answer.rule ?? '';
  const words = I18N[language].reason;
  if (!why || !words) return english;
  const word = (why.ring === 2 && words[`${why.rule}_2`]) || words[why.rule];
  if (!word) return english;
  return word({
    k: why.ring, p: why.previous, l: why.lower, low: why.blocking, n: why.rings,
    // pair_together: where both were before the move; pair_apart: whether ring 1 is on.
    on: why.rule === 'pair_apart' ? why.blocking === 1 : why.to === 'off',
  });
}

export function browserLanguage() {
  for (const l of navigator.languages || [navigator.language || 'en']) {
    const s = l.toLowerCase();
    if (s.startsWith('de')) return 'de';
    if (s.startsWith('zh')) return 'zh-Hant';
    if (s.startsWith('en')) return 'en';
  }
  return 'en';
}
