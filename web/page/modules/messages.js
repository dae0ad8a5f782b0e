// The message line under the board. Its words are a string, or a function that gives them in
// the page's language (i18n's say()), so that a change of language rewords the message shown.

let shown = { words: '', kind: '' };

function show() {
  const m = document.getElementById('message');
  m.textContent = typeof shown.words === 'function' ? shown.words() : shown.words;
  m.className = `message ${shown.kind}`;
}

export function setMessage(words, kind = '') {
  shown = { words, kind };
  show();
}

export const rewordMessage = show;
