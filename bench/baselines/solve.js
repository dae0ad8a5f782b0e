// A straightforward recursive solver under node, for comparison with `rings solve N`: it prints
// the same lines ("1: ring 1 off", ...), removing all N rings (default 24).
//   node bench/baselines/solve.js 24 | cmp - <(rings solve 24)
"use strict";
const fs = require("fs");

const n = Number(process.argv[2] || 24);
let moves = 0;
let lines = [];

function move(ring, dir) {
  moves += 1;
  lines.push(`${moves}: ring ${ring} ${dir}\n`);
  if (lines.length === 65536) flush();
}

function flush() {
  fs.writeSync(1, lines.join(""));
  lines = [];
}

// Takes rings 1..k off (all of them on before).
function remove(k) {
  if (k === 0) return;
  if (k === 1) return move(1, "off");
  remove(k - 2);
  move(k, "off");
  put(k - 2);
  remove(k - 1);
}

// Puts rings 1..k on (all of them off before).
function put(k) {
  if (k === 0) return;
  if (k === 1) return move(1, "on");
  put(k - 1);
  remove(k - 2);
  move(k, "on");
  put(k - 2);
}

remove(n);
flush();
