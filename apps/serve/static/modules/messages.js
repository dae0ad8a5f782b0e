// The message line under the board.

export function setMessage(text, kind = '') {
  const m = document.getElementById('message');
  m.textContent = text;
  m.className = `message ${kind}`;
}
