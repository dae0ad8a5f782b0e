// The page's words in its languages (English, Deutsch, Français, 繁體中文, 简体中文), and the
// engine's reasons put in them: the engine names the rule and the rings it speaks of (`why`),
// the page only words it. A count's word agrees with the count: `{moves|move|moves}` is the
// singular or the plural form by the language's plural rules (Intl.PluralRules) for `moves`.

// Rings 1..l (the engine's `lower`: the rings below ring k's neighbour) in words.
const lowerDe = (l) => (l === 1 ? 'Ring 1' : l === 2 ? 'Ringe 1 und 2' : `Ringe 1\u2013${l}`);
const lowerFr = (l) => (l === 1 ? 'l’anneau 1' : l === 2 ? 'les anneaux 1 et 2' : `les anneaux 1 à ${l}`);
const lowerHant = (l) => (l === 1 ? '第 1 環' : l === 2 ? '第 1、2 環' : `第 1\u2013${l} 環`);
const lowerHans = (l) => (l === 1 ? '第 1 环' : l === 2 ? '第 1、2 环' : `第 1\u2013${l} 环`);

// What ring k needs (ring `p` on and rings 1..l off; no `l` for ring 2).
const needsDe = (k, p, l) => `Ring ${k} braucht Ring ${p} drauf${l === undefined ? '' : ` und ${lowerDe(l)} ab`}`;
const needsFr = (k, p, l) => `l’anneau ${k} ne bouge que si l’anneau ${p} est monté${l === undefined ? '' : ` et ${lowerFr(l)} ${l === 1 ? 'descendu' : 'descendus'}`}`;
const needsHant = (k, p, l) => `第 ${k} 環需要第 ${p} 環在桿上${l === undefined ? '' : `、${lowerHant(l)}卸下`}`;
const needsHans = (k, p, l) => `第 ${k} 环需要第 ${p} 环在杆上${l === undefined ? '' : `、${lowerHans(l)}卸下`}`;

export const I18N = {
  // English: the engine's own words for its reasons (why.text), the one English wording.
  en: {
    name: 'English',
    ctrl: 'Ctrl', enter: 'Enter',  // the keys, as keyboards label them
    title: 'Chinese Rings', language: 'Language', board: 'The rings on the bar', 'free-end': 'free end',
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
    'hint-msg': 'Hint: {move}, because {why}.',
    solved: 'Solved in {moves} {moves|move|moves} (the optimum from the start is {optimum}).',
    'at-goal': 'This is the goal.', 'nothing-to-undo': 'Nothing to undo.', 'nothing-to-redo': 'Nothing to redo.',
    'new-game': 'New game: {n} {n|ring|rings}, {optimum} {optimum|move|moves} to the goal.',
    'bad-rings': 'Rings: a whole number from 1 to {max}.',
    'link-bad-rings': 'The link asks for “{n}” rings, but a game has 1 to {max}: a new game of 9 rings instead.',
    'link-bad-state': 'The link’s state “{s}” is not a row of at most {max} 0s and 1s (ring N first): a new game instead.',
    'link-rings-mismatch': 'The link says {n} {n|ring|rings} but its state has {k}: the state’s {k} {k|ring is|rings are} played.',
    'link-bad-goal': 'The link’s goal “{g}” is not off, on or a state of {n} {n|ring|rings}: the goal is all off.',
    'goal-length': 'That goal has {k} {k|ring|rings} and this game {n}: type a state of {n} {n|ring|rings}.',
    'undo-game': 'Back to the game before.', 'away': 'That move leads away from the goal: {after} {after|move remains|moves remain}, {before} before it.', 'target-notation': 'Notation of the target',
    'meaning-title': 'What these numbers mean',
    'binary-help': 'Binary: one digit a ring, ring N first; 1 = on the bar, 0 = off.',
    'cleve-help': 'Cleve’s convention: Cleve Moler’s app counts the other way round, 1 = off, so its all-off state is the largest number.',
    'position-help': 'Position on the Gray path: all the states lie on one path, all off at 0, each move one step along it; the state’s digits, read as a Gray code, give its place. The optimal number of moves between two states is the gap between their positions (single moves).',
    'gray-title': 'Gray code ↔ position',
    'plan-title': 'The plan', 'plan-depth': 'Levels',
    'plan-intro': 'The rest of the optimal solution as milestones, each with its moves; each level splits its parent’s moves. The next move’s milestones are marked, and the marks follow the game.',
    'plan-ring-off': 'take ring {k} off', 'plan-ring-on': 'put ring {k} on',
    'plan-pair-off': 'take rings 1+2 off together', 'plan-pair-on': 'put rings 1+2 on together',
    'plan-only': 'have ring {k} on and every ring below it off', 'plan-clear': 'take rings 1–{k} off',
    'plan-move': '(move {a})', 'plan-moves': '(moves {a}–{b})', 'plan-more': '… and {n} more',
    'plan-done': 'At the goal: nothing left to plan.', 'hint-serves': 'It serves: {m}.',
    'cube-caption': 'The hypercube: every state a corner, every legal move a dark edge, the Gray path in colour from all off; the red ring is the current state, the green square the goal.',
    'gray-intro': 'The position on the Gray path is the state read as a Gray code. From ring N down, each digit of the position is the state’s digit XOR the position’s digit before it (1 when the two differ); back again, each state digit is 1 where two neighbouring digits of the position differ.',
    'gray-too-many': 'Shown digit by digit for up to 64 rings.',
    'gray-next': 'Next step', 'gray-all': 'All steps', 'gray-restart': 'From the start',
    'gray-to-position': 'State → position', 'gray-to-state': 'Position → state',
    'gray-row-state': 'state', 'gray-row-position': 'position',
    'gray-start-position': 'Press “Next step” to turn the state into its position, ring N first.',
    'gray-start-state': 'Press “Next step” to turn the position back into the state, ring N first.',
    'gray-first': 'Ring {k}: the first digit is the same in both rows: {d}.',
    'gray-step-position': 'Ring {k}: state digit {s} XOR the position digit before it, {p}, gives {r}.',
    'gray-step-state': 'Ring {k}: position digits {q} and {p} give state digit {r} (1 when they differ).',
    'gray-done': 'Done: the position in binary is the number {p}.',
    error: 'Error: {e}', 'pair-off': 'Double moves are off: choose “double” under Moves.',
    'verify-title': 'Check a move list', 'verify-label': 'Your moves, one a line', verify: 'Check',
    'verify-formats': '“ring 3 off”, “12: ring 3 off”, “rings 1+2 on”, a ring number (“3”, “1+2”), or one state a line in binary, starting with the state shown.',
    'verify-scope': 'From the state shown ({from}) to the goal ({to}), {mode}.',
    'scope-single': 'single moves', 'scope-double': 'double moves (rings 1+2 may move together)',
    'verify-optimal': 'Legal and optimal: {moves} {moves|move reaches|moves reach} the goal.',
    'verify-longer': 'Legal and reaches the goal in {moves} {moves|move|moves}, but not optimal: {optimum} {optimum|move suffices|moves suffice}.',
    'verify-short': 'Legal, but the goal is not reached: {remaining} more {remaining|move|moves} needed after {moves|this one|these {moves}}.',
    'verify-illegal': 'Move {k} is illegal: {rule}.',
    'verify-empty': 'Write or paste a move list first.', 'verify-busy': 'Checking…', replay: 'Play it on the board', 'replay-stop': 'Stop', 'replay-progress': 'Move {k} of {moves}',
    'lists-title': 'The solution and your moves, to take away', 'list-format': 'Written as',
    'format-moves': 'moves (“1: ring 1 off”)', 'format-toggles': 'ring numbers', 'format-states': 'states',
    'show-solution': 'Show the solution', 'show-mine': 'Show my moves', 'copy-list': 'Copy', 'download-list': 'Save as a file',
    'solution-all': 'The optimal solution from the state shown to the goal: {moves} {moves|move|moves}.',
    'solution-part': 'The first {moves} of the {total} moves of the optimal solution; all of them: {command}',
    'mine-note': 'Your {moves} {moves|move|moves} from {start}: rings verify --from {start} checks them.',
    'mine-last': 'Your last {moves} moves, a ring number a line.',
    'mine-none': 'No moves made yet in this game.', copied: 'Copied.',
    puzzle: 'Puzzle', 'bad-pieces': 'Pieces: a whole number from 1 to {max} (as many as the board draws).',
    'fam-new': 'New game: {puzzle}, {n} {pieces}, {optimum} {optimum|move|moves} to the goal.',
    'fam-choose': 'Move {piece} to:',
    'fam-rules': 'Click a piece to move it: a piece of two positions goes to the other one; for an elephant, choose where it goes; for the Towers of Hanoi, click a disc, then a peg. The engine judges every move and says why it refuses one.',
    family: {
      names: { rings: 'Chinese rings', 'spin-out': 'Spin-Out', brain: 'The Brain', hexadecimal: 'Hexadecimal Puzzle (key {key})', elephant: 'Crazy Elephant Dance', hanoi: 'Towers of Hanoi' },
      piece: { 'spin-out': ['dial', 'dials'], brain: ['rod', 'rods'], hexadecimal: ['bar', 'bars'], elephant: ['elephant', 'elephants'], hanoi: ['disc', 'discs'] },
      pos: { 'spin-out': ['horizontal', 'vertical'], brain: ['in', 'out'], hexadecimal: ['0', '1'], elephant: ['up', 'right', 'down'], hanoi: ['peg 0', 'peg 1', 'peg 2'] },
    },
  },
  de: {
    name: 'Deutsch',
    ctrl: 'Strg', enter: 'Enter',  // the keys, as keyboards label them
    title: 'Chinesische Ringe', language: 'Sprache', board: 'Die Ringe auf der Stange', 'free-end': 'freies Ende',
    undo: 'Rückgängig', redo: 'Wiederholen', hint: 'Tipp', pair: 'Ringe 1+2', auto: 'Automatisch lösen',
    pause: 'Pause', speed: 'Tempo', 'per-second': '{v}/s',
    'moves-made': 'Bisherige Züge', remaining: 'Verbleibende Züge (optimal)',
    binary: 'Binär (Ring N zuerst)', decimal: 'Dezimal', cleve: 'Schreibweise nach Cleve',
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
    keys: '1–9, 0: Ring 1–10 bewegen · ← →: Ring wählen, Enter: bewegen · d: Ringe 1+2 · h: Tipp · a: automatisch lösen / Pause · z: rückgängig · y: wiederholen · + −: Tempo · Strg+Enter in der Zugliste: prüfen',
    ring: 'Ring {k}', on: 'drauf', off: 'ab',
    refused: 'Nicht erlaubt: {why}', moved: '{move}: {why}',
    'move-ring': 'Ring {k} {dir}', 'move-pair': 'Ringe 1+2 {dir}',
    'hint-msg': 'Tipp: {move}, denn {why}.',
    solved: 'Gelöst in {moves} {moves|Zug|Zügen} (optimal vom Start: {optimum}).',
    'at-goal': 'Das ist das Ziel.', 'nothing-to-undo': 'Nichts rückgängig zu machen.', 'nothing-to-redo': 'Nichts zu wiederholen.',
    'new-game': 'Neues Spiel: {n} {n|Ring|Ringe}, {optimum} {optimum|Zug|Züge} bis zum Ziel.',
    'bad-rings': 'Ringe: eine ganze Zahl von 1 bis {max}.',
    'link-bad-rings': 'Der Link verlangt „{n}“ Ringe, ein Spiel hat aber 1 bis {max}: stattdessen ein neues Spiel mit 9 Ringen.',
    'link-bad-state': 'Der Zustand „{s}“ im Link ist keine Folge von höchstens {max} Nullen und Einsen (Ring N zuerst): stattdessen ein neues Spiel.',
    'link-rings-mismatch': 'Der Link nennt {n} {n|Ring|Ringe}, sein Zustand hat aber {k}: gespielt {k|wird der eine Ring|werden die {k} Ringe} des Zustands.',
    'link-bad-goal': 'Das Ziel „{g}“ im Link ist weder ab, drauf noch ein Zustand mit {n} {n|Ring|Ringen}: Ziel ist alle ab.',
    'goal-length': 'Dieses Ziel hat {k} {k|Ring|Ringe}, das Spiel {n}: bitte einen Zustand mit {n} {n|Ring|Ringen} eingeben.',
    'undo-game': 'Zurück zum vorigen Spiel.', 'away': 'Dieser Zug führt vom Ziel weg: {after} {after|Zug bleibt|Züge bleiben}, vorher {before}.', 'target-notation': 'Schreibweise des Ziels',
    'meaning-title': 'Was diese Zahlen bedeuten',
    'binary-help': 'Binär: eine Ziffer je Ring, Ring N zuerst; 1 = auf der Stange, 0 = ab.',
    'cleve-help': 'Cleves Schreibweise: Cleve Molers Programm zählt umgekehrt, 1 = ab, also ist „alle ab“ dort die größte Zahl.',
    'position-help': 'Position auf dem Gray-Pfad: alle Zustände liegen auf einem Pfad, „alle ab“ bei 0, jeder Zug ein Schritt; die Ziffern des Zustands, als Gray-Code gelesen, ergeben seinen Platz. Die kleinste Zahl von Zügen zwischen zwei Zuständen ist der Abstand ihrer Positionen (Einzelzüge).',
    'gray-title': 'Gray-Code ↔ Position',
    'plan-title': 'Der Plan', 'plan-depth': 'Ebenen',
    'plan-intro': 'Der Rest der optimalen Lösung als Etappen, jede mit ihren Zügen; jede Ebene teilt die Züge der darüber. Die Etappen des nächsten Zuges sind markiert, und die Markierung folgt dem Spiel.',
    'plan-ring-off': 'Ring {k} abnehmen', 'plan-ring-on': 'Ring {k} aufsetzen',
    'plan-pair-off': 'Ringe 1+2 zusammen abnehmen', 'plan-pair-on': 'Ringe 1+2 zusammen aufsetzen',
    'plan-only': 'Ring {k} drauf und alle Ringe darunter ab', 'plan-clear': 'Ringe 1–{k} abnehmen',
    'plan-move': '(Zug {a})', 'plan-moves': '(Züge {a}–{b})', 'plan-more': '… und {n} weitere',
    'plan-done': 'Am Ziel: nichts mehr zu planen.', 'hint-serves': 'Er dient: {m}.',
    'cube-caption': 'Der Hyperwürfel: jeder Zustand eine Ecke, jeder erlaubte Zug eine dunkle Kante, der Gray-Pfad farbig ab „alle ab“; der rote Kreis ist der aktuelle Zustand, das grüne Quadrat das Ziel.',
    'gray-intro': 'Die Position auf dem Gray-Pfad ist der Zustand, als Gray-Code gelesen. Von Ring N abwärts ist jede Ziffer der Position die Ziffer des Zustands XOR die vorige Ziffer der Position (1, wenn die beiden verschieden sind); zurück ist jede Ziffer des Zustands 1, wo zwei benachbarte Ziffern der Position verschieden sind.',
    'gray-too-many': 'Ziffer für Ziffer gezeigt bis 64 Ringe.',
    'gray-next': 'Nächster Schritt', 'gray-all': 'Alle Schritte', 'gray-restart': 'Von vorn',
    'gray-to-position': 'Zustand → Position', 'gray-to-state': 'Position → Zustand',
    'gray-row-state': 'Zustand', 'gray-row-position': 'Position',
    'gray-start-position': '„Nächster Schritt“ macht aus dem Zustand seine Position, Ring N zuerst.',
    'gray-start-state': '„Nächster Schritt“ macht aus der Position wieder den Zustand, Ring N zuerst.',
    'gray-first': 'Ring {k}: die erste Ziffer ist in beiden Zeilen gleich: {d}.',
    'gray-step-position': 'Ring {k}: Zustandsziffer {s} XOR die vorige Positionsziffer {p} ergibt {r}.',
    'gray-step-state': 'Ring {k}: Positionsziffern {q} und {p} ergeben die Zustandsziffer {r} (1 = verschieden).',
    'gray-done': 'Fertig: die Position, binär gelesen, ist die Zahl {p}.',
    error: 'Fehler: {e}', 'pair-off': 'Doppelzüge sind aus: unter „Züge“ „doppelt“ wählen.',
    'verify-title': 'Zugliste prüfen', 'verify-label': 'Deine Züge, einer pro Zeile', verify: 'Prüfen',
    'verify-formats': '„ring 3 off“, „12: ring 3 off“, „rings 1+2 on“, eine Ringnummer („3“, „1+2“) oder ein Zustand pro Zeile, binär, beginnend mit dem gezeigten Zustand.',
    'verify-scope': 'Vom gezeigten Zustand ({from}) bis zum Ziel ({to}), {mode}.',
    'scope-single': 'mit Einzelzügen', 'scope-double': 'mit Doppelzügen (Ringe 1+2 dürfen zusammen gehen)',
    'verify-optimal': 'Erlaubt und optimal: {moves} {moves|Zug erreicht|Züge erreichen} das Ziel.',
    'verify-longer': 'Erlaubt und erreicht das Ziel in {moves} {moves|Zug|Zügen}, aber nicht optimal: {optimum} {optimum|Zug genügt|Züge genügen}.',
    'verify-short': 'Erlaubt, aber das Ziel ist nicht erreicht: nach {moves|diesem Zug|diesen {moves} Zügen} {remaining|fehlt|fehlen} noch {remaining} {remaining|Zug|Züge}.',
    'verify-illegal': 'Zug {k} ist nicht erlaubt: {rule}.',
    'verify-empty': 'Zuerst eine Zugliste eingeben oder einfügen.', 'verify-busy': 'Wird geprüft…', replay: 'Auf dem Brett abspielen', 'replay-stop': 'Anhalten', 'replay-progress': 'Zug {k} von {moves}',
    'lists-title': 'Die Lösung und deine Züge zum Mitnehmen', 'list-format': 'Geschrieben als',
    'format-moves': 'Züge („1: ring 1 off“)', 'format-toggles': 'Ringnummern', 'format-states': 'Stellungen',
    'show-solution': 'Lösung zeigen', 'show-mine': 'Meine Züge zeigen', 'copy-list': 'Kopieren', 'download-list': 'Als Datei speichern',
    'solution-all': 'Die optimale Lösung von der gezeigten Stellung zum Ziel: {moves} {moves|Zug|Züge}.',
    'solution-part': 'Die ersten {moves} der {total} Züge der optimalen Lösung; alle: {command}',
    'mine-note': 'Deine {moves} {moves|Zug|Züge} ab {start}: rings verify --from {start} prüft sie.',
    'mine-last': 'Deine letzten {moves} Züge, eine Ringnummer pro Zeile.',
    'mine-none': 'In diesem Spiel wurde noch kein Zug gemacht.', copied: 'Kopiert.',
    puzzle: 'Puzzle', 'bad-pieces': 'Teile: eine ganze Zahl von 1 bis {max} (so viele, wie das Brett zeichnet).',
    'fam-new': 'Neues Spiel: {puzzle}, {n} {pieces}, {optimum} {optimum|Zug|Züge} bis zum Ziel.',
    'fam-choose': '{piece} bewegen nach:',
    'fam-rules': 'Klicke ein Teil an, um es zu bewegen: ein Teil mit zwei Stellungen wechselt in die andere; bei einem Elefanten wähle, wohin er geht; bei den Türmen von Hanoi klicke eine Scheibe an, dann einen Stab. Die Engine prüft jeden Zug und sagt, warum sie einen ablehnt.',
    family: {
      names: { rings: 'Chinesische Ringe', 'spin-out': 'Spin-Out', brain: 'The Brain', hexadecimal: 'Hexadezimal-Puzzle (Schlüssel {key})', elephant: 'Crazy Elephant Dance', hanoi: 'Türme von Hanoi' },
      piece: { 'spin-out': ['Drehscheibe', 'Drehscheiben'], brain: ['Stange', 'Stangen'], hexadecimal: ['Riegel', 'Riegel'], elephant: ['Elefant', 'Elefanten'], hanoi: ['Scheibe', 'Scheiben'] },
      pos: { 'spin-out': ['waagrecht', 'senkrecht'], brain: ['drinnen', 'draußen'], hexadecimal: ['0', '1'], elephant: ['oben', 'rechts', 'unten'], hanoi: ['Stab 0', 'Stab 1', 'Stab 2'] },
      reason: {
        free_end: ({ P }) => `${P(1)} lässt sich immer bewegen`,
        arranged: ({ P, k }) => `${P(k)} darf sich bewegen: die Teile darunter stehen wie verlangt`,
        not_a_piece: ({ k, pieces }) => `es gibt kein Teil ${k}: das Puzzle hat ${pieces}`,
        not_a_position: ({ found }) => `${found} ist keine Stellung dieses Puzzles`,
        not_there: ({ P, N, k, from, found }) => `${P(k)} steht auf „${N(found)}“, nicht auf „${N(from)}“`,
        already: ({ P, N, k, to }) => `${P(k)} steht schon auf „${N(to)}“`,
        no_such_move: ({ P, N, k, from, to }) => `kein Zug bringt ${P(k)} direkt von „${N(from)}“ nach „${N(to)}“`,
        needs_below: ({ P, N, k, from, to, other, needed, found }) => `${P(k)} darf von „${N(from)}“ nach „${N(to)}“ nur, wenn ${P(other)} auf „${N(needed)}“ steht, nicht auf „${N(found)}“`,
        no_change: () => 'der Zustand ändert sich nicht: ein Zug bewegt ein Teil',
        several_change: () => 'mehrere Teile ändern sich auf einmal: ein Zug bewegt ein Teil',
      },
    },
    reason: {
      free_end: () => 'Ring 1 lässt sich immer bewegen',
      after_lowest: ({ k, p, l }) => (l === undefined
        ? `Ring ${k} lässt sich bewegen: Ring ${p} ist drauf`
        : `Ring ${k} lässt sich bewegen: Ring ${p} ist drauf und ${lowerDe(l)} ${l === 1 ? 'ist' : 'sind'} ab`),
      pair_together: ({ to }) => `Ringe 1 und 2 bewegen sich zusammen: beide sind ${to === 'off' ? 'drauf' : 'ab'}`,
      not_a_ring: ({ k, n, plural }) => `Es gibt keinen Ring ${k}: das Spiel hat ${n} ${plural(n, 'Ring', 'Ringe')}`,
      already: ({ k, to, pair }) => (pair
        ? `Ringe 1+2 sind schon ${to === 'on' ? 'drauf' : 'ab'}`
        : `Ring ${k} ist schon ${to === 'on' ? 'drauf' : 'ab'}`),
      needs_previous_on: ({ k, p, l }) => `${needsDe(k, p, l)}; Ring ${p} ist ab`,
      needs_lower_off: ({ k, p, l, low }) => `${needsDe(k, p, l)}; Ring ${low} ist drauf`,
      pair_needs_double: () => 'Ringe 1+2 zusammen sind ein Doppelzug: nur mit Doppelzügen erlaubt',
      pair_needs_two: ({ n, plural }) => `Ringe 1+2 brauchen zwei Ringe; das Spiel hat ${n} ${plural(n, 'Ring', 'Ringe')}`,
      pair_apart: ({ low }) => `Ringe 1+2 bewegen sich nur zusammen, wenn beide drauf oder beide ab sind; Ring 1 ist ${low === 1 ? 'drauf' : 'ab'}`,
      no_change: () => 'Der Zustand ändert sich nicht: ein Zug bewegt einen Ring',
      several_change: ({ n, doubleMoves }) =>
        `${n > 2 ? 'Mehr als zwei' : 'Zwei'} Ringe ändern sich auf einmal; ein Zug bewegt einen Ring${doubleMoves ? ' (oder die Ringe 1+2 zusammen)' : ''}`,
    },
    // The engine's errors for unreadable input, from their code and fields (errorText).
    errors: {
      line: (n, text) => `Zeile ${n}: ${text}`,
      bad_digit: ({ position, found }) => `Stelle ${position}: erwartet 0 oder 1, gefunden „${found}“`,
      bad_decimal_digit: ({ position, found }) => `Stelle ${position}: erwartet eine Dezimalziffer, gefunden „${found}“`,
      wrong_length: ({ found, rings, plural }) => `der Zustand hat ${found} ${plural(found, 'Ring', 'Ringe')}, das Spiel aber ${rings}`,
      state_too_large: ({ rings, plural }) => `die Zahl passt nicht in ${rings} ${plural(rings, 'Ring', 'Ringe')} (höchstens 2^${rings} − 1)`,
      too_many_rings: ({ rings, max }) => `höchstens ${max} Ringe, gefunden ${rings}`,
      empty_state: () => 'der Zustand ist leer',
      no_rings: () => 'das Spiel braucht mindestens 1 Ring',
      needs_rings: () => 'dieser Zustand braucht die Zahl der Ringe',
      not_a_number: ({ name, found }) => `${name} muss eine ganze Zahl sein, gefunden „${found}“`,
      too_large: ({ name, found, max }) => `${name} ist zu groß: ${found} (höchstens ${max})`,
      unknown_notation: ({ found }) => `unbekannte Schreibweise „${found}“`,
      bad_move: ({ found }) => `erwartet einen Zug wie „ring 3 off“, gefunden „${found}“`,
      wrong_move_number: ({ number, expected }) => `Zug Nummer ${number}, wo Zug ${expected} erwartet war`,
      bad_pair: ({ found }) => `nur die Ringe 1+2 gehen zusammen, gefunden „${found}“`,
      bad_ring: ({ rings, found }) => `erwartet einen Ring von 1 bis ${rings}, gefunden „${found}“`,
      bad_direction: ({ found }) => `erwartet „on“ oder „off“ nach dem Ring, gefunden „${found}“`,
      bad_toggle: ({ rings, found }) => `erwartet eine Ringnummer von 1 bis ${rings} oder 1+2, gefunden „${found}“`,
      wrong_list_start: ({ found, start }) => `die Liste beginnt bei ${found}, nicht beim Startzustand ${start}`,
      json_no_direction: () => 'ein Zug braucht "to": "on" oder "off"',
      json_unbalanced: () => 'die Klammern des JSON passen nicht zusammen',
      json_open_string: () => 'eine JSON-Zeichenkette endet nicht in ihrer Zeile',
      json_unexpected: ({ found }) => `unerwartetes „${found}“ im JSON`,
      unknown_list_format: ({ found }) => `unbekanntes Listenformat „${found}“`,
      missing_parameter: ({ parameter }) => `der Parameter „${parameter}“ fehlt`,
    },
    // The words of the engine's pictures (src/render), from their key and fields (wordPicture).
    svg: {
      'path-title': ({ rings, moves, double, plural }) => `Optimaler Weg: ${rings} ${plural(rings, 'Ring', 'Ringe')}, ${moves} ${plural(moves, 'Zug', 'Züge')}${double === '1' ? ' (Ringe 1+2 zusammen zählen als einer)' : ''}`,
      'path-subtitle': ({ from, to, notation, per }) => `von ${from} nach ${to}, ${notation === 'cleve' ? 'in Cleve Molers Schreibweise (Bit i−1 gesetzt, wenn Ring i ab ist)' : 'dezimal (Bit i−1 gesetzt, wenn Ring i drauf ist)'}${per ? `; jede Pixelspalte zeigt den Bereich von etwa ${per} Zuständen` : ''}`,
      'axis-move': () => 'Zug', 'axis-state-decimal': () => 'Zustand (dezimal)', 'axis-state-cleve': () => 'Zustand (Cleves Zahl)',
      'path-step': ({ step, value }) => `Zug ${step}: ${value}`,
      'lengths-title': ({ rings, plural }) => `Optimale Zahl der Züge bis alle ab, von jedem Start aus, ${rings} ${plural(rings, 'Ring', 'Ringe')}`,
      'lengths-subtitle': ({ double, per }) => `${double === '1' ? 'Ringe 1+2 zusammen zählen als ein Zug' : 'Einzelzüge'}${per ? `; jeder Balken ist der längste von etwa ${per} Zuständen` : ''}`,
      'axis-start': () => 'Startzustand (dezimal: Bit i−1 gesetzt, wenn Ring i drauf ist)', 'axis-moves-to-off': () => 'Züge bis alle ab',
      'lengths-bar': ({ value, state, moves, plural }) => `${value} (${state}): ${moves} ${plural(moves, 'Zug', 'Züge')}`,
      'cube-title': ({ rings, plural }) => `Der ${rings}-Würfel der Zustände von ${rings} ${plural(rings, 'Ring', 'Ringen')} und der Gray-Weg`,
      'cube-edges': () => 'blass: die Kanten des Würfels (ein Ring ändert sich); dunkel: die erlaubten Züge; farbig: der Gray-Weg',
      'cube-ends': ({ rings }) => `von alle ab (blau) bis nur Ring ${rings} drauf (rot); Zustände binär, Ring ${rings} zuerst`,
      'cube-vertex': ({ state, position }) => `${state}: Position ${position} auf dem Gray-Weg`,
      'animate-title': ({ rings, from, to, moves, plural }) => `${rings} ${plural(rings, 'Ring', 'Ringe')}: ${from} nach ${to}, ${moves} ${plural(moves, 'Zug', 'Züge')}`,
      'animate-subtitle': ({ rings, double }) => `Zustände binär, Ring ${rings} zuerst; Ring 1 ist dem freien Ende der Stange am nächsten${double === '1' ? '; Ringe 1+2 dürfen zusammen gehen' : ''}`,
      'counter-move': () => 'Zug', 'counter-of': ({ moves }) => `von ${moves}`,
    },
  },
  fr: {
    name: 'Français',
    ctrl: 'Ctrl', enter: 'Entrée',  // the keys, as keyboards label them
    title: 'Baguenaudier', language: 'Langue', board: 'Les anneaux sur la navette', 'free-end': 'bout libre',
    undo: 'Annuler', redo: 'Rétablir', hint: 'Indice', pair: 'Anneaux 1+2', auto: 'Jeu automatique',
    pause: 'Pause', speed: 'Vitesse', 'per-second': '{v} coups/s',
    'moves-made': 'Coups joués', remaining: 'Coups restants (au mieux)',
    binary: 'Binaire (anneau N en tête)', decimal: 'Décimal', cleve: 'Convention de Cleve',
    position: 'Rang sur le chemin de Gray', 'position-of': '{p} sur {max}',
    'plot-caption': 'Chaque état le long du chemin de Gray (en abscisse) et sa valeur en binaire (en ordonnée) ; le point est l’état actuel, le carré le but.',
    game: 'Partie', rings: 'Anneaux', goal: 'But', 'goal-off': 'tous descendus', 'goal-on': 'tous montés',
    'goal-any': 'un état…', target: 'État visé', mode: 'Coups', single: 'simples',
    double: 'doubles (1+2 ensemble)', new: 'Nouvelle partie', reset: 'Recommencer', random: 'Départ au hasard',
    state: 'État', notation: 'Notation', 'n-binary': 'binaire (anneau N en tête)',
    'n-ring1': 'anneau 1 en tête', 'n-decimal': 'décimal', 'n-cleve': 'Cleve (1 = descendu)',
    set: 'Partir d’ici', 'rules-title': 'Règles', 'plots-title': 'Graphiques',
    'plot-path': 'chemin optimal', 'plot-lengths': 'longueurs des solutions', 'plot-cube': 'hypercube',
    'plot-animate': 'animation',
    rules: 'L’anneau 1 peut toujours bouger. Tout autre anneau ne bouge que si l’anneau juste en dessous est monté et que tous ceux d’en dessous sont descendus. Cliquez sur un anneau pour le bouger.',
    'keys-title': 'Touches',
    keys: '1–9, 0 : bouger l’anneau 1–10 · ← → : choisir un anneau, Entrée : le bouger · d : anneaux 1+2 · h : indice · a : jeu automatique / pause · z : annuler · y : rétablir · + − : vitesse · Ctrl+Entrée dans la liste de coups : vérifier',
    ring: 'Anneau {k}', on: 'monté', off: 'descendu',
    refused: 'Interdit : {why}', moved: '{move} : {why}',
    // "monté"/"descendu" agree with "les anneaux": montés, descendus.
    'move-ring': 'anneau {k} {dir}', 'move-pair': 'anneaux 1+2 {dir}s',
    'hint-msg': 'Indice : {move}, car {why}.',
    solved: 'Résolu en {moves} {moves|coup|coups} (l’optimum depuis le départ est de {optimum}).',
    'at-goal': 'C’est le but.', 'nothing-to-undo': 'Rien à annuler.', 'nothing-to-redo': 'Rien à rétablir.',
    'new-game': 'Nouvelle partie : {n} {n|anneau|anneaux}, {optimum} {optimum|coup|coups} jusqu’au but.',
    'bad-rings': 'Anneaux : un nombre entier de 1 à {max}.',
    'link-bad-rings': 'Le lien demande « {n} » anneaux, mais une partie en a de 1 à {max} : une nouvelle partie de 9 anneaux à la place.',
    'link-bad-state': 'L’état « {s} » du lien n’est pas une suite d’au plus {max} 0 et 1 (anneau N en tête) : une nouvelle partie à la place.',
    'link-rings-mismatch': 'Le lien indique {n} {n|anneau|anneaux} mais son état en a {k} : on joue {k|l’anneau|les {k} anneaux} de l’état.',
    'link-bad-goal': 'Le but « {g} » du lien n’est ni off, ni on, ni un état de {n} {n|anneau|anneaux} : le but est « tous descendus ».',
    'goal-length': 'Ce but a {k} {k|anneau|anneaux} et cette partie {n} : tapez un état de {n} {n|anneau|anneaux}.',
    'undo-game': 'Retour à la partie précédente.', 'target-notation': 'Notation du but',
    'away': 'Ce coup éloigne du but : il reste {after} {after|coup|coups}, contre {before} avant.',
    'plan-title': 'Le plan', 'plan-depth': 'Niveaux',
    'plan-intro': 'Le reste de la solution optimale en étapes, chacune avec ses coups ; chaque niveau découpe les coups de l’étape du dessus. Les étapes du prochain coup sont marquées, et les marques suivent la partie.',
    'plan-ring-off': 'descendre l’anneau {k}', 'plan-ring-on': 'monter l’anneau {k}',
    'plan-pair-off': 'descendre ensemble les anneaux 1+2', 'plan-pair-on': 'monter ensemble les anneaux 1+2',
    'plan-only': 'avoir l’anneau {k} monté et tous ceux d’en dessous descendus', 'plan-clear': 'descendre les anneaux 1 à {k}',
    'plan-move': '(coup {a})', 'plan-moves': '(coups {a} à {b})', 'plan-more': '… et {n} {n|autre|autres}',
    'plan-done': 'Au but : plus rien à planifier.', 'hint-serves': 'Il sert à : {m}.',
    'meaning-title': 'Que veulent dire ces nombres ?',
    'binary-help': 'Binaire : un chiffre par anneau, anneau N en tête ; 1 = sur la navette, 0 = descendu.',
    'cleve-help': 'Convention de Cleve : l’application de Cleve Moler compte à l’envers, 1 = descendu, si bien que « tous descendus » y est le plus grand nombre.',
    'position-help': 'Rang sur le chemin de Gray : tous les états se suivent sur un seul chemin, « tous descendus » au rang 0, chaque coup avançant d’un pas ; les chiffres de l’état, lus comme un code de Gray, donnent son rang. Le nombre minimal de coups entre deux états est l’écart entre leurs rangs (coups simples).',
    'gray-title': 'Code de Gray ↔ rang',
    'cube-caption': 'L’hypercube : chaque état est un sommet, chaque coup permis une arête foncée, le chemin de Gray en couleur depuis « tous descendus » ; le cercle rouge est l’état actuel, le carré vert le but.',
    'gray-intro': 'Le rang sur le chemin de Gray est l’état lu comme un code de Gray. De l’anneau N vers le bas, chaque chiffre du rang est le chiffre de l’état XOR le chiffre précédent du rang (1 quand les deux diffèrent) ; en sens inverse, chaque chiffre de l’état vaut 1 là où deux chiffres voisins du rang diffèrent.',
    'gray-too-many': 'Montré chiffre par chiffre jusqu’à 64 anneaux.',
    'gray-next': 'Étape suivante', 'gray-all': 'Toutes les étapes', 'gray-restart': 'Depuis le début',
    'gray-to-position': 'État → rang', 'gray-to-state': 'Rang → état',
    'gray-row-state': 'état', 'gray-row-position': 'rang',
    'gray-start-position': 'Appuyez sur « Étape suivante » pour changer l’état en son rang, anneau N en tête.',
    'gray-start-state': 'Appuyez sur « Étape suivante » pour retrouver l’état à partir du rang, anneau N en tête.',
    'gray-first': 'Anneau {k} : le premier chiffre est le même dans les deux lignes : {d}.',
    'gray-step-position': 'Anneau {k} : le chiffre d’état {s} XOR le chiffre de rang précédent, {p}, donne {r}.',
    'gray-step-state': 'Anneau {k} : les chiffres de rang {q} et {p} donnent le chiffre d’état {r} (1 s’ils diffèrent).',
    'gray-done': 'Fini : le rang, lu en binaire, est le nombre {p}.',
    error: 'Erreur : {e}', 'pair-off': 'Les coups doubles sont désactivés : choisissez « doubles » sous Coups.',
    'verify-title': 'Vérifier une liste de coups', 'verify-label': 'Vos coups, un par ligne', verify: 'Vérifier',
    'verify-formats': '« ring 3 off », « 12: ring 3 off », « rings 1+2 on », un numéro d’anneau (« 3 », « 1+2 ») ou un état par ligne en binaire, en commençant par l’état affiché.',
    'verify-scope': 'De l’état affiché ({from}) au but ({to}), {mode}.',
    'scope-single': 'en coups simples', 'scope-double': 'en coups doubles (les anneaux 1+2 peuvent bouger ensemble)',
    'verify-optimal': 'Valide et optimal : {moves} {moves|coup atteint|coups atteignent} le but.',
    'verify-longer': 'Valide, le but est atteint en {moves} {moves|coup|coups}, mais ce n’est pas optimal : {optimum} {optimum|coup suffit|coups suffisent}.',
    'verify-short': 'Valide, mais le but n’est pas atteint : il faut encore {remaining} {remaining|coup|coups} après {moves|celui-ci|ces {moves}}.',
    'verify-illegal': 'Le coup {k} est interdit : {rule}.',
    'verify-empty': 'Écrivez ou collez d’abord une liste de coups.', 'verify-busy': 'Vérification…', replay: 'La jouer sur le plateau', 'replay-stop': 'Arrêter', 'replay-progress': 'Coup {k} sur {moves}',
    'lists-title': 'La solution et vos coups, à emporter', 'list-format': 'Écrits en',
    'format-moves': 'coups (« 1: ring 1 off »)', 'format-toggles': 'numéros d’anneaux', 'format-states': 'états',
    'show-solution': 'Montrer la solution', 'show-mine': 'Montrer mes coups', 'copy-list': 'Copier', 'download-list': 'Enregistrer dans un fichier',
    'solution-all': 'La solution optimale de l’état affiché au but : {moves} {moves|coup|coups}.',
    'solution-part': 'Les {moves} premiers des {total} coups de la solution optimale ; tous : {command}',
    'mine-note': 'Vos {moves} {moves|coup|coups} depuis {start} : rings verify --from {start} les vérifie.',
    'mine-last': 'Vos {moves} derniers coups, un numéro d’anneau par ligne.',
    'mine-none': 'Aucun coup joué dans cette partie.', copied: 'Copié.',
    puzzle: 'Casse-tête', 'bad-pieces': 'Pièces : un nombre entier de 1 à {max} (autant que le plateau en dessine).',
    'fam-new': 'Nouvelle partie : {puzzle}, {n} {pieces}, {optimum} {optimum|coup|coups} jusqu’au but.',
    'fam-choose': 'Déplacer {piece} vers :',
    'fam-rules': 'Cliquez sur une pièce pour la déplacer : une pièce à deux positions passe à l’autre ; pour un éléphant, choisissez où il va ; pour les tours de Hanoï, cliquez sur un disque, puis sur un piquet. Le moteur juge chaque coup et dit pourquoi il en refuse un.',
    family: {
      names: { rings: 'Baguenaudier', 'spin-out': 'Spin-Out', brain: 'The Brain', hexadecimal: 'Casse-tête hexadécimal (clé {key})', elephant: 'Crazy Elephant Dance', hanoi: 'Tours de Hanoï' },
      piece: { 'spin-out': ['le cadran', 'cadrans'], brain: ['la tige', 'tiges'], hexadecimal: ['la barre', 'barres'], elephant: ['l’éléphant', 'éléphants'], hanoi: ['le disque', 'disques'] },
      pos: { 'spin-out': ['horizontal', 'vertical'], brain: ['rentrée', 'sortie'], hexadecimal: ['0', '1'], elephant: ['en haut', 'à droite', 'en bas'], hanoi: ['piquet 0', 'piquet 1', 'piquet 2'] },
      reason: {
        free_end: ({ P }) => `${P(1)} peut toujours bouger`,
        arranged: ({ P, k }) => `${P(k)} peut bouger : les pièces en dessous sont placées comme il faut`,
        not_a_piece: ({ k, pieces }) => `il n’y a pas de pièce ${k} : le casse-tête en a ${pieces}`,
        not_a_position: ({ found }) => `${found} n’est pas une position de ce casse-tête`,
        not_there: ({ P, N, k, from, found }) => `${P(k)} est sur « ${N(found)} », pas sur « ${N(from)} »`,
        already: ({ P, N, k, to }) => `${P(k)} est déjà sur « ${N(to)} »`,
        no_such_move: ({ P, N, k, from, to }) => `aucun coup ne mène ${P(k)} directement de « ${N(from)} » à « ${N(to)} »`,
        needs_below: ({ P, N, k, from, to, other, needed, found }) => `${P(k)} ne passe de « ${N(from)} » à « ${N(to)} » que si ${P(other)} est sur « ${N(needed)} », pas sur « ${N(found)} »`,
        no_change: () => 'l’état ne change pas : un coup déplace une pièce',
        several_change: () => 'plusieurs pièces changent à la fois : un coup déplace une pièce',
      },
    },
    reason: {
      free_end: () => 'l’anneau 1 peut toujours bouger',
      after_lowest: ({ k, p, l }) => (l === undefined
        ? `l’anneau ${k} peut bouger : l’anneau ${p} est monté`
        : `l’anneau ${k} peut bouger : l’anneau ${p} est monté et ${lowerFr(l)} ${l === 1 ? 'est descendu' : 'sont descendus'}`),
      pair_together: ({ to }) => `les anneaux 1 et 2 bougent ensemble : tous deux sont ${to === 'off' ? 'montés' : 'descendus'}`,
      not_a_ring: ({ k, n, plural }) => `il n’y a pas d’anneau ${k} : le jeu a ${n} ${plural(n, 'anneau', 'anneaux')}`,
      already: ({ k, to, pair }) => (pair
        ? `les anneaux 1+2 sont déjà ${to === 'on' ? 'montés' : 'descendus'}`
        : `l’anneau ${k} est déjà ${to === 'on' ? 'monté' : 'descendu'}`),
      needs_previous_on: ({ k, p, l }) => `${needsFr(k, p, l)} ; or l’anneau ${p} est descendu`,
      needs_lower_off: ({ k, p, l, low }) => `${needsFr(k, p, l)} ; or l’anneau ${low} est monté`,
      pair_needs_double: () => 'bouger les anneaux 1+2 ensemble est un coup double : permis seulement en coups doubles',
      pair_needs_two: ({ n, plural }) => `les anneaux 1+2 demandent deux anneaux ; le jeu a ${n} ${plural(n, 'anneau', 'anneaux')}`,
      pair_apart: ({ low }) => `les anneaux 1+2 ne bougent ensemble que s’ils sont tous deux montés ou tous deux descendus ; l’anneau 1 est ${low === 1 ? 'monté' : 'descendu'}`,
      no_change: () => 'l’état ne change pas : un coup bouge un anneau',
      several_change: ({ n, doubleMoves }) =>
        `${n > 2 ? 'plus de deux' : 'deux'} anneaux changent à la fois ; un coup bouge un seul anneau${doubleMoves ? ' (ou les anneaux 1+2 ensemble)' : ''}`,
    },
    // The engine's errors for unreadable input, from their code and fields (errorText).
    errors: {
      line: (n, text) => `ligne ${n} : ${text}`,
      bad_digit: ({ position, found }) => `position ${position} : 0 ou 1 attendu, trouvé « ${found} »`,
      bad_decimal_digit: ({ position, found }) => `position ${position} : chiffre décimal attendu, trouvé « ${found} »`,
      wrong_length: ({ found, rings, plural }) => `l’état a ${found} ${plural(found, 'anneau', 'anneaux')}, mais le jeu en a ${rings}`,
      state_too_large: ({ rings, plural }) => `le nombre ne tient pas sur ${rings} ${plural(rings, 'anneau', 'anneaux')} (au plus 2^${rings} − 1)`,
      too_many_rings: ({ rings, max }) => `au plus ${max} anneaux, trouvé ${rings}`,
      empty_state: () => 'l’état est vide',
      no_rings: () => 'le jeu a besoin d’au moins 1 anneau',
      needs_rings: () => 'cet état a besoin du nombre d’anneaux',
      not_a_number: ({ name, found }) => `${name} doit être un nombre entier, trouvé « ${found} »`,
      too_large: ({ name, found, max }) => `${name} est trop grand : ${found} (au plus ${max})`,
      unknown_notation: ({ found }) => `notation inconnue « ${found} »`,
      bad_move: ({ found }) => `un coup comme « ring 3 off » attendu, trouvé « ${found} »`,
      wrong_move_number: ({ number, expected }) => `coup numéro ${number} là où le coup ${expected} était attendu`,
      bad_pair: ({ found }) => `seuls les anneaux 1+2 bougent ensemble, trouvé « ${found} »`,
      bad_ring: ({ rings, found }) => `un anneau de 1 à ${rings} attendu, trouvé « ${found} »`,
      bad_direction: ({ found }) => `« on » ou « off » attendu après l’anneau, trouvé « ${found} »`,
      bad_toggle: ({ rings, found }) => `un numéro d’anneau de 1 à ${rings} ou 1+2 attendu, trouvé « ${found} »`,
      wrong_list_start: ({ found, start }) => `la liste commence à ${found}, pas à l’état de départ ${start}`,
      json_no_direction: () => 'un coup a besoin de "to" : "on" ou "off"',
      json_unbalanced: () => 'les crochets du JSON ne se correspondent pas',
      json_open_string: () => 'une chaîne JSON ne se termine pas sur sa ligne',
      json_unexpected: ({ found }) => `« ${found} » inattendu dans le JSON`,
      unknown_list_format: ({ found }) => `format de liste inconnu « ${found} »`,
      missing_parameter: ({ parameter }) => `le paramètre « ${parameter} » manque`,
    },
    // The words of the engine's pictures (src/render), from their key and fields (wordPicture).
    svg: {
      'path-title': ({ rings, moves, double, plural }) => `Chemin optimal : ${rings} ${plural(rings, 'anneau', 'anneaux')}, ${moves} ${plural(moves, 'coup', 'coups')}${double === '1' ? ' (les anneaux 1+2 ensemble comptent pour un)' : ''}`,
      'path-subtitle': ({ from, to, notation, per }) => `de ${from} à ${to} ${notation === 'cleve' ? 'selon la convention de Cleve Moler (bit i−1 à 1 quand l’anneau i est descendu)' : 'en décimal (bit i−1 à 1 quand l’anneau i est monté)'}${per ? ` ; chaque colonne de pixels montre l’étendue d’environ ${per} états` : ''}`,
      'axis-move': () => 'coup', 'axis-state-decimal': () => 'état (décimal)', 'axis-state-cleve': () => 'état (nombre de Cleve)',
      'path-step': ({ step, value }) => `coup ${step} : ${value}`,
      'lengths-title': ({ rings, plural }) => `Nombre optimal de coups jusqu’à tout descendu depuis chaque départ, ${rings} ${plural(rings, 'anneau', 'anneaux')}`,
      'lengths-subtitle': ({ double, per }) => `${double === '1' ? 'les anneaux 1+2 ensemble comptent pour un coup' : 'coups simples'}${per ? ` ; chaque barre est la plus longue d’environ ${per} états` : ''}`,
      'axis-start': () => 'état de départ (décimal : bit i−1 à 1 quand l’anneau i est monté)', 'axis-moves-to-off': () => 'coups jusqu’à tout descendu',
      'lengths-bar': ({ value, state, moves, plural }) => `${value} (${state}) : ${moves} ${plural(moves, 'coup', 'coups')}`,
      'cube-title': ({ rings, plural }) => `Le ${rings}-cube des états de ${rings} ${plural(rings, 'anneau', 'anneaux')} et le chemin de Gray`,
      'cube-edges': () => 'pâle : les arêtes de l’hypercube (un anneau change) ; foncé : les coups permis ; en couleur : le chemin de Gray',
      'cube-ends': ({ rings }) => `de tout descendu (bleu) à l’anneau ${rings} seul monté (rouge) ; états en binaire, anneau ${rings} en premier`,
      'cube-vertex': ({ state, position }) => `${state} : position ${position} sur le chemin de Gray`,
      'animate-title': ({ rings, from, to, moves, plural }) => `${rings} ${plural(rings, 'anneau', 'anneaux')} : de ${from} à ${to}, ${moves} ${plural(moves, 'coup', 'coups')}`,
      'animate-subtitle': ({ rings, double }) => `états en binaire, anneau ${rings} en premier ; l’anneau 1 est le plus proche du bout libre de la barre${double === '1' ? ' ; les anneaux 1+2 peuvent bouger ensemble' : ''}`,
      'counter-move': () => 'coup', 'counter-of': ({ moves }) => `sur ${moves}`,
    },
  },
  'zh-Hant': {
    name: '繁體中文',
    ctrl: 'Ctrl', enter: 'Enter',  // the keys, as keyboards label them
    title: '九連環', language: '語言', board: '桿上的環', 'free-end': '自由端',
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
    set: '從這裡開始', 'rules-title': '規則', 'plots-title': '圖表',
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
    'link-bad-rings': '連結要求「{n}」個環，但環數只能是 1 到 {max}：改開 9 個環的新遊戲。',
    'link-bad-state': '連結裡的狀態「{s}」不是最多 {max} 位的 0 與 1（第 N 環在前）：改開新遊戲。',
    'link-rings-mismatch': '連結寫 {n} 個環，但狀態有 {k} 個：以狀態的 {k} 個環來玩。',
    'link-bad-goal': '連結裡的目標「{g}」不是 off、on，也不是 {n} 個環的狀態：目標改為全部卸下。',
    'goal-length': '這個目標有 {k} 個環，這局有 {n} 個：請輸入 {n} 個環的狀態。',
    'undo-game': '回到上一局。', 'away': '這一步離目標更遠了：還剩 {after} 步，之前是 {before} 步。', 'target-notation': '目標的表示法',
    'meaning-title': '這些數字是什麼意思',
    'binary-help': '二進位：每個環一位數，第 N 環在前；1 = 在桿上，0 = 已卸下。',
    'cleve-help': 'Cleve 的表示法：Cleve Moler 的程式反過來記，1 = 卸下，所以「全部卸下」是最大的數。',
    'position-help': '格雷碼路徑上的位置：所有狀態排在同一條路徑上，全部卸下在 0，每走一步前進一格；把狀態的各位當作格雷碼來讀，就得到它的位置。兩個狀態之間的最少步數，就是它們位置的差（單環走法）。',
    'gray-title': '格雷碼 ↔ 位置',
    'plan-title': '步驟規劃', 'plan-depth': '層數',
    'plan-intro': '把剩下的最佳解分成幾個階段，每個階段標出它的步數；每一層把上一層的步數再分開。下一步所屬的階段會標出來，並跟著遊戲移動。',
    'plan-ring-off': '卸下第 {k} 環', 'plan-ring-on': '套上第 {k} 環',
    'plan-pair-off': '第 1+2 環一起卸下', 'plan-pair-on': '第 1+2 環一起套上',
    'plan-only': '讓第 {k} 環在桿上、它下面的環全部卸下', 'plan-clear': '卸下第 1–{k} 環',
    'plan-move': '（第 {a} 步）', 'plan-moves': '（第 {a}–{b} 步）', 'plan-more': '…還有 {n} 個',
    'plan-done': '已在目標：不需要再規劃。', 'hint-serves': '這一步是為了：{m}。',
    'cube-caption': '超立方體：每個狀態是一個頂點，每一步合法走法是一條深色邊，彩色線是從全部卸下開始的格雷碼路徑；紅圈是目前狀態，綠色方塊是目標。',
    'gray-intro': '格雷碼路徑上的位置，就是把狀態當作格雷碼來讀。從第 N 環往下，位置的每一位等於狀態的這一位 XOR 位置的前一位（兩者不同時為 1）；反過來，相鄰兩位位置不同的地方，狀態的那一位就是 1。',
    'gray-too-many': '最多 64 個環時逐位顯示。',
    'gray-next': '下一步', 'gray-all': '全部步驟', 'gray-restart': '從頭開始',
    'gray-to-position': '狀態 → 位置', 'gray-to-state': '位置 → 狀態',
    'gray-row-state': '狀態', 'gray-row-position': '位置',
    'gray-start-position': '按「下一步」，從第 N 環開始把狀態變成它的位置。',
    'gray-start-state': '按「下一步」，從第 N 環開始把位置變回狀態。',
    'gray-first': '第 {k} 環：兩行的第一位相同：{d}。',
    'gray-step-position': '第 {k} 環：狀態位 {s} XOR 位置的前一位 {p}，得到 {r}。',
    'gray-step-state': '第 {k} 環：位置位 {q} 與 {p}，得到狀態位 {r}（不同為 1）。',
    'gray-done': '完成：位置以二進位來讀，就是 {p}。',
    error: '錯誤：{e}', 'pair-off': '雙環走法未開啟：請在「走法」選「雙環」。',
    'verify-title': '檢查走法清單', 'verify-label': '你的走法，每行一步', verify: '檢查',
    'verify-formats': '「ring 3 off」、「12: ring 3 off」、「rings 1+2 on」、環的編號（「3」、「1+2」），或每行一個二進位狀態（第一行是目前顯示的狀態）。',
    'verify-scope': '從目前顯示的狀態（{from}）走到目標（{to}），{mode}。',
    'scope-single': '單環走法', 'scope-double': '雙環走法（第 1、2 環可以一起移動）',
    'verify-optimal': '合乎規則，而且是最佳解：{moves} 步到達目標。',
    'verify-longer': '合乎規則，{moves} 步到達目標，但不是最佳解：{optimum} 步就夠了。',
    'verify-short': '合乎規則，但還沒到目標：走完這 {moves} 步後還需要 {remaining} 步。',
    'verify-illegal': '第 {k} 步不合規則：{rule}。',
    'verify-empty': '請先輸入或貼上走法清單。', 'verify-busy': '檢查中…', replay: '在棋盤上播放', 'replay-stop': '停止', 'replay-progress': '第 {k} 步，共 {moves} 步',
    'lists-title': '解法與你的走法，帶走', 'list-format': '寫法',
    'format-moves': '走法（「1: ring 1 off」）', 'format-toggles': '環號', 'format-states': '狀態',
    'show-solution': '顯示解法', 'show-mine': '顯示我的走法', 'copy-list': '複製', 'download-list': '存成檔案',
    'solution-all': '從目前狀態到目標的最佳解法：{moves} 步。',
    'solution-part': '最佳解法共 {total} 步，這裡是前 {moves} 步；全部：{command}',
    'mine-note': '你的 {moves} 步，從 {start} 開始：rings verify --from {start} 可檢查。',
    'mine-last': '你最後的 {moves} 步，每行一個環號。',
    'mine-none': '這局還沒有走任何一步。', copied: '已複製。',
    puzzle: '謎題', 'bad-pieces': '零件數：1 到 {max} 的整數（棋盤能畫出的數目）。',
    'fam-new': '新的一局：{puzzle}，{pieces}：{n}，到目標需要 {optimum} 步。',
    'fam-choose': '把{piece}移到：',
    'fam-rules': '點一個零件就能移動它：只有兩個位置的零件會換到另一個位置；大象要選擇它去哪裡；河內塔先點一個圓盤，再點一根柱子。引擎判斷每一步，並說明為什麼不允許。',
    family: {
      names: { rings: '九連環', 'spin-out': 'Spin-Out 旋轉鎖', brain: 'The Brain 智力棒', hexadecimal: '十六進位謎題（鑰匙 {key}）', elephant: '瘋狂大象舞', hanoi: '河內塔' },
      piece: { 'spin-out': ['轉盤', '轉盤'], brain: ['棒', '棒'], hexadecimal: ['滑條', '滑條'], elephant: ['大象', '大象'], hanoi: ['圓盤', '圓盤'] },
      pos: { 'spin-out': ['橫', '直'], brain: ['收入', '拉出'], hexadecimal: ['0', '1'], elephant: ['上', '右', '下'], hanoi: ['柱 0', '柱 1', '柱 2'] },
      reason: {
        free_end: ({ P }) => `${P(1)}隨時可以移動`,
        arranged: ({ P, k }) => `${P(k)}可以移動：下面的零件都在規定的位置`,
        not_a_piece: ({ k, pieces }) => `沒有第 ${k} 個零件：這個謎題只有 ${pieces} 個`,
        not_a_position: ({ found }) => `${found} 不是這個謎題的位置`,
        not_there: ({ P, N, k, from, found }) => `${P(k)}在「${N(found)}」，不在「${N(from)}」`,
        already: ({ P, N, k, to }) => `${P(k)}已經在「${N(to)}」`,
        no_such_move: ({ P, N, k, from, to }) => `沒有一步能把${P(k)}直接從「${N(from)}」移到「${N(to)}」`,
        needs_below: ({ P, N, k, from, to, other, needed, found }) => `${P(k)}要從「${N(from)}」移到「${N(to)}」，${P(other)}必須在「${N(needed)}」；它現在在「${N(found)}」`,
        no_change: () => '狀態沒有改變：每一步要移動一個零件',
        several_change: () => '一次有好幾個零件改變；每一步只能移動一個零件',
      },
    },
    reason: {
      free_end: () => '第 1 環隨時可以移動',
      after_lowest: ({ k, p, l }) => (l === undefined
        ? `第 ${k} 環可以移動：第 ${p} 環在桿上`
        : `第 ${k} 環可以移動：第 ${p} 環在桿上，且${lowerHant(l)}${l === 1 ? '' : '都'}已卸下`),
      pair_together: ({ to }) => `第 1、2 環一起移動：兩環都${to === 'off' ? '在桿上' : '已卸下'}`,
      not_a_ring: ({ k, n }) => `沒有第 ${k} 環：這局只有 ${n} 個環`,
      already: ({ k, to, pair }) => `${pair ? '第 1、2 環' : `第 ${k} 環`}已經${to === 'on' ? '套上' : '卸下'}了`,
      needs_previous_on: ({ k, p, l }) => `${needsHant(k, p, l)}；但第 ${p} 環已卸下`,
      needs_lower_off: ({ k, p, l, low }) => `${needsHant(k, p, l)}；但第 ${low} 環在桿上`,
      pair_needs_double: () => '第 1+2 環一起移動是雙環走法：只有選了雙環才允許',
      pair_needs_two: ({ n }) => `第 1+2 環一起移動需要兩個環；這局只有 ${n} 個環`,
      pair_apart: ({ low }) => `第 1、2 環要同時在桿上或同時卸下才能一起移動；第 1 環${low === 1 ? '在桿上' : '已卸下'}`,
      no_change: () => '狀態沒有改變：每一步要移動一個環',
      several_change: ({ n, doubleMoves }) =>
        `一次有${n > 2 ? '兩個以上的' : '兩個'}環改變；每一步只能移動一個環${doubleMoves ? '（或第 1、2 環一起）' : ''}`,
    },
    // The engine's errors for unreadable input, from their code and fields (errorText).
    errors: {
      line: (n, text) => `第 ${n} 行：${text}`,
      bad_digit: ({ position, found }) => `第 ${position} 位：應為 0 或 1，卻是「${found}」`,
      bad_decimal_digit: ({ position, found }) => `第 ${position} 位：應為十進位數字，卻是「${found}」`,
      wrong_length: ({ found, rings }) => `這個狀態有 ${found} 個環，但這局有 ${rings} 個環`,
      state_too_large: ({ rings }) => `這個數超出 ${rings} 個環的範圍（最多 2^${rings} − 1）`,
      too_many_rings: ({ rings, max }) => `最多 ${max} 個環，卻是 ${rings} 個`,
      empty_state: () => '狀態是空的',
      no_rings: () => '至少要有 1 個環',
      needs_rings: () => '這個狀態需要知道環的數目',
      not_a_number: ({ name, found }) => `${name} 必須是整數，卻是「${found}」`,
      too_large: ({ name, found, max }) => `${name} 太大：${found}（最多 ${max}）`,
      unknown_notation: ({ found }) => `未知的記法「${found}」`,
      bad_move: ({ found }) => `應為像「ring 3 off」的一步，卻是「${found}」`,
      wrong_move_number: ({ number, expected }) => `編號為 ${number} 的一步，應為第 ${expected} 步`,
      bad_pair: ({ found }) => `只有第 1、2 環能一起移動，卻是「${found}」`,
      bad_ring: ({ rings, found }) => `應為第 1 到 ${rings} 環，卻是「${found}」`,
      bad_direction: ({ found }) => `環號之後應為「on」或「off」，卻是「${found}」`,
      bad_toggle: ({ rings, found }) => `應為 1 到 ${rings} 的環號或 1+2，卻是「${found}」`,
      wrong_list_start: ({ found, start }) => `清單從 ${found} 開始，而不是從起始狀態 ${start}`,
      json_no_direction: () => '一步需要 "to": "on" 或 "off"',
      json_unbalanced: () => 'JSON 的括號不成對',
      json_open_string: () => 'JSON 字串沒有在同一行結束',
      json_unexpected: ({ found }) => `JSON 中出現意外的「${found}」`,
      unknown_list_format: ({ found }) => `未知的清單格式「${found}」`,
      missing_parameter: ({ parameter }) => `缺少參數「${parameter}」`,
    },
    // The words of the engine's pictures (src/render), from their key and fields (wordPicture).
    svg: {
      'path-title': ({ rings, moves, double }) => `最佳路徑：${rings} 個環，${moves} 步${double === '1' ? '（第 1、2 環一起算一步）' : ''}`,
      'path-subtitle': ({ from, to, notation, per }) => `從 ${from} 到 ${to}，${notation === 'cleve' ? '用 Cleve Moler 的記法（第 i 環卸下時第 i−1 位為 1）' : '十進位（第 i 環在桿上時第 i−1 位為 1）'}${per ? `；每一列像素顯示約 ${per} 個狀態的範圍` : ''}`,
      'axis-move': () => '步', 'axis-state-decimal': () => '狀態（十進位）', 'axis-state-cleve': () => '狀態（Cleve 的數）',
      'path-step': ({ step, value }) => `第 ${step} 步：${value}`,
      'lengths-title': ({ rings }) => `從每個起點到全部卸下的最少步數，${rings} 個環`,
      'lengths-subtitle': ({ double, per }) => `${double === '1' ? '第 1、2 環一起算一步' : '單環走法'}${per ? `；每根柱是約 ${per} 個狀態中最長的` : ''}`,
      'axis-start': () => '起始狀態（十進位：第 i 環在桿上時第 i−1 位為 1）', 'axis-moves-to-off': () => '到全部卸下的步數',
      'lengths-bar': ({ value, state, moves }) => `${value}（${state}）：${moves} 步`,
      'cube-title': ({ rings }) => `${rings} 個環的狀態構成的 ${rings} 維超立方體與格雷路徑`,
      'cube-edges': () => '淺色：超立方體的邊（一個環改變）；深色：合法的走法；彩色：格雷路徑',
      'cube-ends': ({ rings }) => `從全部卸下（藍）到只有第 ${rings} 環在桿上（紅）；狀態以二進位表示，第 ${rings} 環在前`,
      'cube-vertex': ({ state, position }) => `${state}：格雷路徑上的第 ${position} 位`,
      'animate-title': ({ rings, from, to, moves }) => `${rings} 個環：${from} 到 ${to}，${moves} 步`,
      'animate-subtitle': ({ rings, double }) => `狀態以二進位表示，第 ${rings} 環在前；第 1 環最靠近桿的自由端${double === '1' ? '；第 1、2 環可以一起移動' : ''}`,
      'counter-move': () => '第', 'counter-of': ({ moves }) => `步，共 ${moves} 步`,
    },
  },
  'zh-Hans': {
    name: '简体中文',
    ctrl: 'Ctrl', enter: 'Enter',  // the keys, as keyboards label them
    title: '九连环', language: '语言', board: '杆上的环', 'free-end': '自由端',
    undo: '撤销', redo: '重做', hint: '提示', pair: '第 1+2 环', auto: '自动解',
    pause: '暂停', speed: '速度', 'per-second': '每秒 {v} 步',
    'moves-made': '已走步数', remaining: '最少剩余步数',
    binary: '二进制（第 N 环在前）', decimal: '十进制', cleve: 'Cleve 表示法',
    position: '在格雷码路径上的位置', 'position-of': '{p}／{max}',
    'plot-caption': '格雷码路径上的每个状态（横轴）及其二进制数值（纵轴）；圆点是当前状态，方块是目标。',
    game: '游戏', rings: '环数', goal: '目标', 'goal-off': '全部卸下', 'goal-on': '全部套上',
    'goal-any': '指定状态…', target: '目标状态', mode: '走法', single: '单环',
    double: '双环（第 1、2 环一起）', new: '新游戏', reset: '重来', random: '随机开局',
    state: '状态', notation: '表示法', 'n-binary': '二进制（第 N 环在前）',
    'n-ring1': '第 1 环在前', 'n-decimal': '十进制', 'n-cleve': 'Cleve（1 = 卸下）',
    set: '从这里开始', 'rules-title': '规则', 'plots-title': '图表',
    'plot-path': '最优路径', 'plot-lengths': '步数柱状图', 'plot-cube': '超立方体',
    'plot-animate': '动画',
    rules: '第 1 环随时可以套上或卸下。其他的环，只有在紧挨着它的下一个环在杆上、且更下面的环全都卸下时才能移动。点一下环就能移动它。',
    'keys-title': '按键',
    keys: '1–9、0：移动第 1–10 环 · ← →：选环，Enter：移动 · d：第 1+2 环 · h：提示 · a：自动解／暂停 · z：撤销 · y：重做 · + −：速度 · 在走法列表里按 Ctrl+Enter：检查',
    ring: '第 {k} 环', on: '套上', off: '卸下',
    refused: '不可以：{why}', moved: '{move}：{why}',
    'move-ring': '第 {k} 环{dir}', 'move-pair': '第 1+2 环{dir}',
    'hint-msg': '提示：{move}，因为{why}。', solved: '完成！共 {moves} 步（从起点最少需要 {optimum} 步）。',
    'at-goal': '已在目标状态。', 'nothing-to-undo': '没有可以撤销的步骤。', 'nothing-to-redo': '没有可以重做的步骤。',
    'new-game': '新游戏：{n} 个环，到目标需 {optimum} 步。', 'bad-rings': '环数：1 到 {max} 的整数。',
    'link-bad-rings': '链接要求“{n}”个环，但环数只能是 1 到 {max}：改开 9 个环的新游戏。',
    'link-bad-state': '链接里的状态“{s}”不是最多 {max} 位的 0 和 1（第 N 环在前）：改开新游戏。',
    'link-rings-mismatch': '链接写 {n} 个环，但状态有 {k} 个：按状态的 {k} 个环来玩。',
    'link-bad-goal': '链接里的目标“{g}”不是 off、on，也不是 {n} 个环的状态：目标改为全部卸下。',
    'goal-length': '这个目标有 {k} 个环，这局有 {n} 个：请输入 {n} 个环的状态。',
    'undo-game': '回到上一局。', 'target-notation': '目标的表示法',
    'away': '这一步离目标更远了：还剩 {after} 步，之前是 {before} 步。',
    'plan-title': '步骤规划', 'plan-depth': '层数',
    'plan-intro': '把剩下的最优解分成几个阶段，每个阶段标出它的步数；每一层把上一层的步数再分开。下一步所属的阶段会标出来，并跟着游戏移动。',
    'plan-ring-off': '卸下第 {k} 环', 'plan-ring-on': '套上第 {k} 环',
    'plan-pair-off': '第 1+2 环一起卸下', 'plan-pair-on': '第 1+2 环一起套上',
    'plan-only': '让第 {k} 环在杆上、它下面的环全部卸下', 'plan-clear': '卸下第 1–{k} 环',
    'plan-move': '（第 {a} 步）', 'plan-moves': '（第 {a}–{b} 步）', 'plan-more': '…还有 {n} 个',
    'plan-done': '已在目标：不需要再规划。', 'hint-serves': '这一步是为了：{m}。',
    'meaning-title': '这些数字是什么意思',
    'binary-help': '二进制：每个环一位数，第 N 环在前；1 = 在杆上，0 = 已卸下。',
    'cleve-help': 'Cleve 表示法：Cleve Moler 的程序反过来记，1 = 卸下，所以“全部卸下”是最大的数。',
    'position-help': '格雷码路径上的位置：所有状态排在同一条路径上，全部卸下在 0，每走一步前进一格；把状态的各位当作格雷码来读，就得到它的位置。两个状态之间的最少步数，就是它们位置的差（单环走法）。',
    'gray-title': '格雷码 ↔ 位置',
    'cube-caption': '超立方体：每个状态是一个顶点，每一步合法走法是一条深色边，彩色线是从全部卸下开始的格雷码路径；红圈是当前状态，绿色方块是目标。',
    'gray-intro': '格雷码路径上的位置，就是把状态当作格雷码来读。从第 N 环往下，位置的每一位等于状态的这一位 XOR 位置的前一位（两者不同时为 1）；反过来，相邻两位位置不同的地方，状态的那一位就是 1。',
    'gray-too-many': '最多 64 个环时逐位显示。',
    'gray-next': '下一步', 'gray-all': '全部步骤', 'gray-restart': '从头开始',
    'gray-to-position': '状态 → 位置', 'gray-to-state': '位置 → 状态',
    'gray-row-state': '状态', 'gray-row-position': '位置',
    'gray-start-position': '按“下一步”，从第 N 环开始把状态变成它的位置。',
    'gray-start-state': '按“下一步”，从第 N 环开始把位置变回状态。',
    'gray-first': '第 {k} 环：两行的第一位相同：{d}。',
    'gray-step-position': '第 {k} 环：状态位 {s} XOR 位置的前一位 {p}，得到 {r}。',
    'gray-step-state': '第 {k} 环：位置位 {q} 与 {p}，得到状态位 {r}（不同为 1）。',
    'gray-done': '完成：位置按二进制来读，就是 {p}。',
    error: '错误：{e}', 'pair-off': '双环走法未开启：请在“走法”里选“双环”。',
    'verify-title': '检查走法列表', 'verify-label': '你的走法，每行一步', verify: '检查',
    'verify-formats': '“ring 3 off”、“12: ring 3 off”、“rings 1+2 on”、环的编号（“3”、“1+2”），或每行一个二进制状态（第一行是当前显示的状态）。',
    'verify-scope': '从当前显示的状态（{from}）走到目标（{to}），{mode}。',
    'scope-single': '单环走法', 'scope-double': '双环走法（第 1、2 环可以一起移动）',
    'verify-optimal': '符合规则，而且是最优解：{moves} 步到达目标。',
    'verify-longer': '符合规则，{moves} 步到达目标，但不是最优解：{optimum} 步就够了。',
    'verify-short': '符合规则，但还没到目标：走完这 {moves} 步后还需要 {remaining} 步。',
    'verify-illegal': '第 {k} 步不符合规则：{rule}。',
    'verify-empty': '请先输入或粘贴走法列表。', 'verify-busy': '检查中…', replay: '在棋盘上播放', 'replay-stop': '停止', 'replay-progress': '第 {k} 步，共 {moves} 步',
    'lists-title': '解法与你的走法，带走', 'list-format': '写法',
    'format-moves': '走法（“1: ring 1 off”）', 'format-toggles': '环号', 'format-states': '状态',
    'show-solution': '显示解法', 'show-mine': '显示我的走法', 'copy-list': '复制', 'download-list': '存为文件',
    'solution-all': '从当前状态到目标的最佳解法：{moves} 步。',
    'solution-part': '最佳解法共 {total} 步，这里是前 {moves} 步；全部：{command}',
    'mine-note': '你的 {moves} 步，从 {start} 开始：rings verify --from {start} 可检查。',
    'mine-last': '你最后的 {moves} 步，每行一个环号。',
    'mine-none': '这局还没有走任何一步。', copied: '已复制。',
    puzzle: '谜题', 'bad-pieces': '零件数：1 到 {max} 的整数（棋盘能画出的数目）。',
    'fam-new': '新的一局：{puzzle}，{pieces}：{n}，到目标需要 {optimum} 步。',
    'fam-choose': '把{piece}移到：',
    'fam-rules': '点一个零件就能移动它：只有两个位置的零件会换到另一个位置；大象要选择它去哪里；汉诺塔先点一个圆盘，再点一根柱子。引擎判断每一步，并说明为什么不允许。',
    family: {
      names: { rings: '九连环', 'spin-out': 'Spin-Out 旋转锁', brain: 'The Brain 智力棒', hexadecimal: '十六进制谜题（钥匙 {key}）', elephant: '疯狂大象舞', hanoi: '汉诺塔' },
      piece: { 'spin-out': ['转盘', '转盘'], brain: ['棒', '棒'], hexadecimal: ['滑条', '滑条'], elephant: ['大象', '大象'], hanoi: ['圆盘', '圆盘'] },
      pos: { 'spin-out': ['横', '竖'], brain: ['收入', '拉出'], hexadecimal: ['0', '1'], elephant: ['上', '右', '下'], hanoi: ['柱 0', '柱 1', '柱 2'] },
      reason: {
        free_end: ({ P }) => `${P(1)}随时可以移动`,
        arranged: ({ P, k }) => `${P(k)}可以移动：下面的零件都在规定的位置`,
        not_a_piece: ({ k, pieces }) => `没有第 ${k} 个零件：这个谜题只有 ${pieces} 个`,
        not_a_position: ({ found }) => `${found} 不是这个谜题的位置`,
        not_there: ({ P, N, k, from, found }) => `${P(k)}在“${N(found)}”，不在“${N(from)}”`,
        already: ({ P, N, k, to }) => `${P(k)}已经在“${N(to)}”`,
        no_such_move: ({ P, N, k, from, to }) => `没有一步能把${P(k)}直接从“${N(from)}”移到“${N(to)}”`,
        needs_below: ({ P, N, k, from, to, other, needed, found }) => `${P(k)}要从“${N(from)}”移到“${N(to)}”，${P(other)}必须在“${N(needed)}”；它现在在“${N(found)}”`,
        no_change: () => '状态没有改变：每一步要移动一个零件',
        several_change: () => '一次有好几个零件改变；每一步只能移动一个零件',
      },
    },
    reason: {
      free_end: () => '第 1 环随时可以移动',
      after_lowest: ({ k, p, l }) => (l === undefined
        ? `第 ${k} 环可以移动：第 ${p} 环在杆上`
        : `第 ${k} 环可以移动：第 ${p} 环在杆上，且${lowerHans(l)}${l === 1 ? '' : '都'}已卸下`),
      pair_together: ({ to }) => `第 1、2 环一起移动：两环都${to === 'off' ? '在杆上' : '已卸下'}`,
      not_a_ring: ({ k, n }) => `没有第 ${k} 环：这局只有 ${n} 个环`,
      already: ({ k, to, pair }) => `${pair ? '第 1、2 环' : `第 ${k} 环`}已经${to === 'on' ? '套上' : '卸下'}了`,
      needs_previous_on: ({ k, p, l }) => `${needsHans(k, p, l)}；但第 ${p} 环已卸下`,
      needs_lower_off: ({ k, p, l, low }) => `${needsHans(k, p, l)}；但第 ${low} 环在杆上`,
      pair_needs_double: () => '第 1+2 环一起移动是双环走法：只有选了双环才允许',
      pair_needs_two: ({ n }) => `第 1+2 环一起移动需要两个环；这局只有 ${n} 个环`,
      pair_apart: ({ low }) => `第 1、2 环要同时在杆上或同时卸下才能一起移动；第 1 环${low === 1 ? '在杆上' : '已卸下'}`,
      no_change: () => '状态没有改变：每一步要移动一个环',
      several_change: ({ n, doubleMoves }) =>
        `一次有${n > 2 ? '两个以上的' : '两个'}环改变；每一步只能移动一个环${doubleMoves ? '（或第 1、2 环一起）' : ''}`,
    },
    // The engine's errors for unreadable input, from their code and fields (errorText).
    errors: {
      line: (n, text) => `第 ${n} 行：${text}`,
      bad_digit: ({ position, found }) => `第 ${position} 位：应为 0 或 1，却是“${found}”`,
      bad_decimal_digit: ({ position, found }) => `第 ${position} 位：应为十进制数字，却是“${found}”`,
      wrong_length: ({ found, rings }) => `这个状态有 ${found} 个环，但这局有 ${rings} 个环`,
      state_too_large: ({ rings }) => `这个数超出 ${rings} 个环的范围（最多 2^${rings} − 1）`,
      too_many_rings: ({ rings, max }) => `最多 ${max} 个环，却是 ${rings} 个`,
      empty_state: () => '状态是空的',
      no_rings: () => '至少要有 1 个环',
      needs_rings: () => '这个状态需要知道环的数目',
      not_a_number: ({ name, found }) => `${name} 必须是整数，却是“${found}”`,
      too_large: ({ name, found, max }) => `${name} 太大：${found}（最多 ${max}）`,
      unknown_notation: ({ found }) => `未知的记法“${found}”`,
      bad_move: ({ found }) => `应为像“ring 3 off”的一步，却是“${found}”`,
      wrong_move_number: ({ number, expected }) => `编号为 ${number} 的一步，应为第 ${expected} 步`,
      bad_pair: ({ found }) => `只有第 1、2 环能一起移动，却是“${found}”`,
      bad_ring: ({ rings, found }) => `应为第 1 到 ${rings} 环，却是“${found}”`,
      bad_direction: ({ found }) => `环号之后应为“on”或“off”，却是“${found}”`,
      bad_toggle: ({ rings, found }) => `应为 1 到 ${rings} 的环号或 1+2，却是“${found}”`,
      wrong_list_start: ({ found, start }) => `列表从 ${found} 开始，而不是从起始状态 ${start}`,
      json_no_direction: () => '一步需要 "to": "on" 或 "off"',
      json_unbalanced: () => 'JSON 的括号不成对',
      json_open_string: () => 'JSON 字符串没有在同一行结束',
      json_unexpected: ({ found }) => `JSON 中出现意外的“${found}”`,
      unknown_list_format: ({ found }) => `未知的列表格式“${found}”`,
      missing_parameter: ({ parameter }) => `缺少参数“${parameter}”`,
    },
    // The words of the engine's pictures (src/render), from their key and fields (wordPicture).
    svg: {
      'path-title': ({ rings, moves, double }) => `最佳路径：${rings} 个环，${moves} 步${double === '1' ? '（第 1、2 环一起算一步）' : ''}`,
      'path-subtitle': ({ from, to, notation, per }) => `从 ${from} 到 ${to}，${notation === 'cleve' ? '用 Cleve Moler 的记法（第 i 环卸下时第 i−1 位为 1）' : '十进制（第 i 环在杆上时第 i−1 位为 1）'}${per ? `；每一列像素显示约 ${per} 个状态的范围` : ''}`,
      'axis-move': () => '步', 'axis-state-decimal': () => '状态（十进制）', 'axis-state-cleve': () => '状态（Cleve 的数）',
      'path-step': ({ step, value }) => `第 ${step} 步：${value}`,
      'lengths-title': ({ rings }) => `从每个起点到全部卸下的最少步数，${rings} 个环`,
      'lengths-subtitle': ({ double, per }) => `${double === '1' ? '第 1、2 环一起算一步' : '单环走法'}${per ? `；每根柱是约 ${per} 个状态中最长的` : ''}`,
      'axis-start': () => '起始状态（十进制：第 i 环在杆上时第 i−1 位为 1）', 'axis-moves-to-off': () => '到全部卸下的步数',
      'lengths-bar': ({ value, state, moves }) => `${value}（${state}）：${moves} 步`,
      'cube-title': ({ rings }) => `${rings} 个环的状态构成的 ${rings} 维超立方体与格雷路径`,
      'cube-edges': () => '浅色：超立方体的边（一个环改变）；深色：合法的走法；彩色：格雷路径',
      'cube-ends': ({ rings }) => `从全部卸下（蓝）到只有第 ${rings} 环在杆上（红）；状态以二进制表示，第 ${rings} 环在前`,
      'cube-vertex': ({ state, position }) => `${state}：格雷路径上的第 ${position} 位`,
      'animate-title': ({ rings, from, to, moves }) => `${rings} 个环：${from} 到 ${to}，${moves} 步`,
      'animate-subtitle': ({ rings, double }) => `状态以二进制表示，第 ${rings} 环在前；第 1 环最靠近杆的自由端${double === '1' ? '；第 1、2 环可以一起移动' : ''}`,
      'counter-move': () => '第', 'counter-of': ({ moves }) => `步，共 ${moves} 步`,
    },
  },
};

export const LANGUAGES = Object.keys(I18N);
export const ui = { lang: 'en' };

// Whether `count` (a number, or a big number as the engine's decimal string) takes the singular
// in `language`.
const pluralRules = {};
function isSingular(count, language = ui.lang) {
  const n = Number(count);
  // No language of the page takes the singular past 2^53, and ICU misreads some such numbers
  // (French gave 'one' for 7·10^20 and 10^300: "… 1000 anneaux, 7143…250 coup").
  if (!Number.isFinite(n) || Math.abs(n) >= 2 ** 53) return false;
  pluralRules[language] ??= new Intl.PluralRules(language);
  return pluralRules[language].select(n) === 'one';
}

// `{name|singular|plural}` (either form may hold `{name}`s), then every `{name}`.
const PLURAL = /\{(\w+)\|((?:[^{}|]|\{\w+\})*)\|((?:[^{}|]|\{\w+\})*)\}/g;

// The words of `key` in the page's language. A parameter may be a function (words of its own,
// such as an engine's reason), called now.
export function t(key, params = {}) {
  const value = (p) => (typeof params[p] === 'function' ? params[p]() : params[p]);
  return (I18N[ui.lang][key] ?? I18N.en[key])
    .replace(PLURAL, (_, p, one, other) => (isSingular(value(p)) ? one : other))
    .replace(/\{(\w+)\}/g, (_, p) => String(value(p)));
}

// The words of `key` as a function of the page's language, for a text that a change of
// language rewords (the message line).
export const say = (key, params = {}) => () => t(key, params);

// The engine's reason for a move, in the page's language. The engine names the rule and the
// rings it speaks of (`why`: {rule, ring, to, double, previous, lower, blocking, rings,
// double_moves, text}) and words it in English (`why.text`); the page words it in its other
// languages from those fields alone, and keeps the engine's English for a rule it has no words
// for (a newer engine's).
export function reasonText(answer, language = ui.lang) {
  const why = answer.why && typeof answer.why === 'object' ? answer.why : null;
  const english = why?.text ?? answer.reason ?? answer.rule ?? '';
  const word = why && I18N[language].reason?.[why.rule];
  if (!word) return english;
  return word({
    k: why.ring, to: why.to, pair: !!why.double, p: why.previous, l: why.lower, low: why.blocking,
    n: why.rings, doubleMoves: !!why.double_moves,
    plural: (count, one, other) => (isSingular(count, language) ? one : other),
  });
}

// The engine's error `e` (an EngineError: its English words, and `body`, the answer with its
// `code` and fields) in the page's language: worded from the code and fields alone (with the
// line of a move list it names), or the engine's English for a code the page has no words for
// (a newer engine's) and for English.
export function errorText(e, language = ui.lang) {
  const english = e?.message ?? String(e);
  const body = e?.body;
  const errors = I18N[language].errors;
  const word = body?.code && errors?.[body.code];
  if (!word) return english;
  const text = word({ ...body, plural: (count, one, other) => (isSingular(count, language) ? one : other) });
  return body.line === undefined ? text : errors.line(body.line, text);
}

// errorText as a function of the page's language, for a message that a change of language
// rewords.
export const errorWords = (e) => () => errorText(e);

// The engine's picture `svg` (an SVG element, or its text) in the page's language: each element
// the renderer marked with `data-word` (its key; its fields as data-* attributes) gets the
// page's words for the key, or keeps the engine's English (for English, and for a key the page
// has no words for). The English is kept in data-english, so the picture can be reworded.
// Returns the element, or the text when given text.
export function wordPicture(svg, language = ui.lang) {
  const text = typeof svg === 'string';
  const root = text ? new DOMParser().parseFromString(svg, 'image/svg+xml').documentElement : svg;
  const plural = (count, one, other) => (isSingular(count, language) ? one : other);
  for (const e of root.querySelectorAll('[data-word]')) {
    e.dataset.english ??= e.textContent;
    const word = I18N[language].svg?.[e.dataset.word];
    e.textContent = word ? word({ ...e.dataset, plural }) : e.dataset.english;
  }
  return text ? new XMLSerializer().serializeToString(root) : root;
}

// The language a link asks for (`lang=`), if it is one of the page's.
export function linkLanguage(search = location.search) {
  const asked = new URLSearchParams(search).get('lang')?.toLowerCase();
  return LANGUAGES.find((l) => l.toLowerCase() === asked) ?? null;
}

// The first of the browser's languages the page speaks: Chinese in Traditional characters for
// Taiwan, Hong Kong and Macau (or zh-Hant), else in Simplified.
export function browserLanguage(languages = navigator.languages || [navigator.language || 'en']) {
  for (const tag of languages) {
    const s = String(tag).toLowerCase();
    if (/^zh-(hant|tw|hk|mo)\b/.test(s)) return 'zh-Hant';
    if (s === 'zh' || s.startsWith('zh-')) return 'zh-Hans';
    const base = s.split('-')[0];
    if (['en', 'de', 'fr'].includes(base)) return base;
  }
  return 'en';
}
