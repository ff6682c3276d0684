// Games to watch, on the start screen (API.md, GET /api/watch): the games
// in progress online with their players, ratings and clocks, and the best
// rated of them shown live, read-only, as lichess TV does: its board is the
// server's picture of the position (board.svg), drawn anew with each state
// its stream sends; a tap opens it on the board, as a watcher (no seat).
"use strict";
import {t, cap} from "./i18n.js";
import {call, serverNow} from "./api.js";
import {follow} from "./live.js";
import {timeLeft, formatClock, controlName} from "./clock.js";
import {ratingText} from "./identity.js";

const $ = (id) => document.getElementById(id);
const LIST_EVERY = 15000; // ms between readings of the list while it is shown

let list = null;       // the last answer of GET /api/watch
let featured = null;   // the featured game's last state
let stop = null;       // ends following the featured game
let timer = 0, tick = 0;
let shown = false;

// renderWatch shows the list on the start screen (no game on the board)
// and follows the featured game while it is shown; elsewhere it stops.
export function renderWatch(s) {
  const on = !s.game && !s.learn;
  if (on && !shown) { shown = true; read(); tick = setInterval(drawClocks, 1000); }
  if (!on && shown) {
    shown = false;
    clearTimeout(timer);
    clearInterval(tick);
    if (stop) { stop(); stop = null; }
    featured = null;
  }
  draw();
}

async function read() {
  clearTimeout(timer);
  try {
    list = await call("GET", "/api/watch");
  } catch (e) {
    list = null;
  }
  if (!shown) return;
  const id = list && list.featured;
  if (!featured || featured.id !== id) {
    if (stop) { stop(); stop = null; }
    featured = null;
    if (id) stop = follow(id, (g) => { featured = g; if (g.over) read(); else draw(); });
  }
  draw();
  timer = setTimeout(read, LIST_EVERY);
}

// who names side c of a listed game: its player's name and rating, or the
// side alone for a player with no name.
function who(players, c) {
  const p = players && players[c];
  if (!p || !p.name) return cap(t("side." + c));
  return t("watch.named", {name: p.name, rating: ratingText(p.rating, p.provisional)});
}

function draw() {
  const box = $("watch");
  const games = (list && list.games) || [];
  box.hidden = !shown || !games.length;
  if (box.hidden) return;
  const f = featured && list && featured.id === list.featured ? featured : null;
  $("featured").hidden = !f;
  if (f) {
    $("featured").href = "/?game=" + encodeURIComponent(f.id);
    const img = $("featured-board");
    const src = "/api/games/" + encodeURIComponent(f.id) + "/board.svg?v=" + f.version;
    if (img.getAttribute("src") !== src) img.setAttribute("src", src);
    img.alt = t("watch.boardAlt", {red: who(f.players, "red"), blue: who(f.players, "blue"), n: f.ply});
    drawClocks();
  }
  $("watch-list").replaceChildren(...games.map((g) => {
    const li = document.createElement("li");
    const a = document.createElement("a");
    a.href = "/?game=" + encodeURIComponent(g.id);
    a.className = "game-link";
    a.dataset.game = g.id;
    const top = document.createElement("span");
    top.className = "g-who";
    top.textContent = who(g.players, "red") + " \u2013 " + who(g.players, "blue");
    const line = document.createElement("span");
    line.className = "g-state";
    line.textContent = [controlName(g.control), t("watch.ply", {n: g.ply})].join(" · ");
    a.append(top, line);
    li.append(a);
    return li;
  }));
}

// drawClocks writes the featured game's players with their time left, Blue
// above the board and Red below (the picture's sides).
function drawClocks() {
  const f = featured;
  if (!f || !shown) return;
  const left = timeLeft(f, serverNow());
  for (const [id, c] of [["featured-top", "blue"], ["featured-bottom", "red"]]) {
    const clock = left ? " · " + formatClock(left[c]) : "";
    $(id).textContent = who(f.players, c) + clock;
    $(id).classList.toggle("to-move", !f.over && f.sideToMove === c);
  }
}
