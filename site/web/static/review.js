// The game's history in the play view: the move list, stepping through
// past positions (the buttons under the board, the list, the keys), and
// the engine's review of a finished game (evaluations and marks in the
// list, the better move in words and on the board). Every function takes
// the page that play.js wires (page.state, page.view, page.render).
"use strict";
import {t, currentLanguage} from "./i18n.js";
import {pieceOf, sqIndex, token} from "./board.js";
import {describe} from "./position.js";
import {say, announce} from "./status.js";

const $ = (id) => document.getElementById(id);
const show = (id, on) => { $(id).hidden = !on; };

// initReview sets up the step buttons and the review's switch.
export function initReview(page) {
  $("review").addEventListener("click", () => toggleReview(page));
  $("first").addEventListener("click", () => step(page, -Infinity));
  $("back").addEventListener("click", () => step(page, -1));
  $("forward").addEventListener("click", () => step(page, 1));
  $("last").addEventListener("click", () => step(page, Infinity));
  $("live").addEventListener("click", () => step(page, Infinity));
}

// step moves the shown position by d half-moves (±Infinity: the start or
// the latest), animating the change.
export function step(page, d) {
  const s = page.state, g = s.game;
  if (!g) return;
  const from = s.shownPly();
  const to = Math.max(0, Math.min(g.ply, from + d));
  if (to === from) return;
  say("");
  s.showPly(to);
  page.render();
  page.view.slide(from, to, g.moves);
}

// renderSteps shows the step buttons, the line saying which past position
// is shown, and the review's switch after the game.
export function renderSteps(s) {
  const g = s.game;
  const past = s.viewing();
  $("viewing").hidden = !past;
  if (past) {
    const r = s.view > 0 ? s.record().records[s.view - 1] : null;
    $("viewing-text").textContent = !r ? t("view.start", {total: g.ply})
      : t("view.past", {move: moveLabel(r, firstMover(s)), color: t("side." + (r.piece ? r.piece.color : "red")), n: s.view, total: g.ply});
  }
  const shown = s.shownPly();
  show("steps", !!g && g.ply > 0);
  $("first").disabled = $("back").disabled = shown === 0;
  $("forward").disabled = $("last").disabled = !g || shown >= g.ply;
  show("review", !!g && g.over && g.ply > 0 && !s.rematchAsked());
  $("review").setAttribute("aria-pressed", String(s.reviewOn));
  // The record as a file: plain while the game goes on, with the engine's
  // marks, evaluations and better moves once its review is stored.
  // The analysis board of the position shown, once the game is over:
  // never beside a game still being played.
  show("analyse", !!g && g.over && !s.rematchAsked());
  if (g) $("analyse").href = "/?position=" + encodeURIComponent(s.shownPosition());
  show("export-line", !!g && g.ply > 0);
  if (g) $("export").href = "/api/games/" + encodeURIComponent(g.id) + "/record";
}

// ---- the move list ----

export function renderMoves(page) {
  const s = page.state;
  const ol = $("moves");
  const g = s.game;
  const moves = g ? g.moves : [];
  if (!moves.length) {
    const li = document.createElement("li");
    li.className = "none";
    li.textContent = t("moves.none");
    ol.replaceChildren(li);
    return;
  }
  // Moves in pairs, as on chess sites: Red's move and Blue's answer share a
  // number ("1. a3a4 g7g6"), Red's in the first column, Blue's in the
  // second; the replay line says the same number ("after move 11…").
  const recs = s.record().records;
  const shown = s.shownPly();
  const first = firstMover(s);
  const items = recs.map((r) => {
    const li = document.createElement("li");
    li.value = moveNumber(r.ply, first);
    li.className = r.piece ? "by-" + r.piece.color : "";
    li.append(moveButton(page, r, shown));
    return li;
  });
  // A game whose first move is Blue's starts its first pair with a gap.
  if (first === "blue") {
    const gap = document.createElement("li");
    gap.value = 1;
    gap.className = "by-red gap";
    gap.setAttribute("aria-hidden", "true");
    gap.textContent = "…";
    items.unshift(gap);
  }
  ol.replaceChildren(...items);
  // With the review's evaluations beside them the moves need a column each.
  ol.classList.toggle("reviewed", !!reviewed(s, 1));
  const cur = ol.querySelector(".mv.current");
  if (cur && !s.viewing()) ol.scrollTop = ol.scrollHeight;
  else if (cur) cur.scrollIntoView({block: "nearest"});
}

// firstMover is the colour of the side that made the game's first move
// ("red" in every game from the start position).
export function firstMover(s) {
  const r = s.record().records[0];
  return r && r.piece ? r.piece.color : "red";
}

// moveNumber numbers half-move ply (1 for the first) in pairs, as chess
// sites do: Red's move and Blue's answer share a number ("1. a3a4 g7g6").
export function moveNumber(ply, first) {
  return Math.floor((ply - 1 + (first === "blue" ? 1 : 0)) / 2) + 1;
}

// moveLabel is a half-move's number as written in a list of pairs: "12."
// for Red's move, "12…" for Blue's.
export function moveLabel(r, first) {
  const n = moveNumber(r.ply, first);
  return r.piece && r.piece.color === "blue" ? n + "…" : n + ".";
}

// moveButton is one half-move of the list: the animal's pictogram and the
// move in words with its notation ("Blue lion c7c3, takes the red dog");
// pressing it shows the position after it.
function moveButton(page, r, shown) {
  const s = page.state;
  const b = document.createElement("button");
  b.type = "button";
  b.className = "mv " + (r.piece ? r.piece.color : "") + (r.ply === shown ? " current" : "");
  b.dataset.ply = String(r.ply);
  if (r.ply === shown) b.setAttribute("aria-current", "step");
  if (r.piece) b.append(token(r.piece, "mini"));
  const d = document.createElement("span");
  d.className = "mn";
  d.textContent = describe(r);
  b.append(d);
  const m = reviewed(s, r.ply);
  if (m) {
    b.classList.toggle("marked", m.mark);
    b.append(evalBadge(m));
    const sr = document.createElement("span");
    sr.className = "sr-only";
    sr.textContent = ", " + evalText(m) + (m.mark ? ", " + t("review.mark") : "");
    b.append(sr);
  }
  b.addEventListener("click", () => {
    const g = s.game;
    const from = s.shownPly();
    s.showPly(r.ply);
    page.render();
    page.view.slide(from, r.ply, g.moves);
    // On a phone the list lies below the board: bring the board up to show
    // the position chosen (the buttons under it step on from there).
    const top = $("board").getBoundingClientRect().top;
    if (top < 0) window.scrollBy(0, top - 8);
  });
  return b;
}

// ---- the review of a finished game ----

// reviewed is the review of half-move ply (1 for the first) when the
// review is shown, else null.
export function reviewed(s, ply) {
  const g = s.game, rv = s.review;
  if (!s.reviewOn || !g || !rv || rv.id !== g.id || rv.status !== "ready" || ply < 1) return null;
  return rv.moves[ply - 1] || null;
}

// toggleReview shows or hides the review, asking the server for it the
// first time.
function toggleReview(page) {
  const s = page.state;
  s.reviewOn = !s.reviewOn;
  const g = s.game;
  if (s.reviewOn && g && (!s.review || s.review.id !== g.id || s.review.status === "error")) loadReview(page, g.id);
  page.render();
}

// loadReview fetches game id's review, asking again while the server
// computes it (202, after its Retry-After).
async function loadReview(page, id) {
  const s = page.state;
  s.review = {id, status: "pending", moves: null};
  page.render();
  const current = () => s.game && s.game.id === id && s.review && s.review.id === id;
  for (;;) {
    let res, body = null;
    try {
      res = await fetch("/api/games/" + encodeURIComponent(id) + "/review", {headers: {Accept: "application/json"}, cache: "no-store"});
      body = await res.json();
    } catch (e) { res = null; }
    if (!current()) return;
    if (res && res.status === 200 && body && body.review) {
      s.review = {id, status: "ready", moves: body.review.moves || []};
      page.render();
      announce(t("review.ready", {n: s.review.moves.filter((m) => m.mark).length}));
      return;
    }
    if (!res || res.status !== 202 || !body) { s.review.status = "error"; page.render(); return; }
    s.review.status = body.status === "waiting" ? "waiting" : "pending";
    page.render();
    const wait = Math.min(Math.max(Number(res.headers.get("Retry-After")) || 1, 1), 10);
    await new Promise((ok) => setTimeout(ok, wait * 1000));
    if (!current()) return;
  }
}

// rats writes centi-rats as rats with one decimal in the page's language.
function rats(cr) {
  return new Intl.NumberFormat(currentLanguage(), {minimumFractionDigits: 1, maximumFractionDigits: 1}).format(Math.abs(cr) / 100);
}

// ahead is the side an evaluation (Red's view) favours, "" when even.
function ahead(m) {
  if (m.win) return m.win.color;
  if (Math.abs(m.eval) < 10) return "";
  return m.eval > 0 ? "red" : "blue";
}

// evalText is an evaluation in words: "Red ahead by 1.5", "Blue wins in 7
// half-moves", "even".
function evalText(m) {
  const side = ahead(m);
  if (m.win) {
    const color = t("side." + side);
    if (m.win.in === 0) return t("review.won", {color});
    return m.win.in === 1 ? t("review.winNext", {color}) : t("review.winMoves", {color, n: m.win.in});
  }
  if (!side) return t("review.even");
  return t("review.ahead", {color: t("side." + side), n: rats(m.eval)});
}

// evalBadge is the evaluation drawn in the move list: a dot in the colour
// of the side ahead and by how much (#n: a win in n half-moves), and "?"
// on a marked move. Words for screen readers are beside it.
function evalBadge(m) {
  const side = ahead(m);
  const box = document.createElement("span");
  box.className = "ev" + (side ? " ev-" + side : "");
  box.setAttribute("aria-hidden", "true");
  const dot = document.createElement("span");
  dot.className = "ev-dot";
  const num = document.createElement("span");
  num.className = "ev-n";
  num.textContent = m.win ? "#" + (m.win.in || "") : side ? rats(m.eval) : "=";
  box.append(dot, num);
  if (m.mark) {
    const mk = document.createElement("span");
    mk.className = "mk";
    mk.textContent = "?";
    box.append(mk);
  }
  return box;
}

// renderReviewNote says, under the last move, what the review holds for
// the shown move (m, from reviewed): its evaluation and, for a mistake, the
// better move in words ("Better: Red cat b2b3"), also drawn on the board.
// While the review is computed it says so.
export function renderReviewNote(s, m) {
  const note = $("review-note"), g = s.game;
  const on = s.reviewOn && !!g && !!s.review && s.review.id === g.id;
  note.hidden = !on;
  note.classList.toggle("mistake", !!(m && m.mark));
  $("review-hint").hidden = !(on && s.review.status === "ready");
  if (!on) { note.textContent = ""; return; }
  if (s.review.status !== "ready") { note.textContent = t("review." + s.review.status); return; }
  if (!m) { note.textContent = ""; note.hidden = true; return; }
  let text = t("review.eval", {text: evalText(m)});
  if (m.mark) {
    const before = s.record().boards[m.ply - 1];
    const from = sqIndex(m.best.slice(0, 2)), to = sqIndex(m.best.slice(2, 4));
    const best = describe({move: m.best, piece: pieceOf(before[from]), victim: pieceOf(before[to])});
    // A forced result won or lost counts 100 rats: say what it means.
    text += " · " + (m.loss >= 10000 ? t("review.mistakeResult", {best}) : t("review.mistake", {n: rats(m.loss), best}));
  }
  note.textContent = text;
}
