// The play view: new games, moves, live updates, the move list, results
// and the learn overlay, all through the API of API.md.
"use strict";
import {t} from "./i18n.js";
import {call, loadSeats, saveSeats, ApiError} from "./api.js";
import {Board, pieceOf, sqIndex} from "./board.js";
import {analyse, overlay, explain, reasonText} from "./learn.js";
import {follow} from "./live.js";

const START = "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L r 0 1";
const $ = (id) => document.getElementById(id);

// boardOf expands a position's board field into 63 letters, index a1 = 0.
export function boardOf(position) {
  const rows = position.split(" ")[0].split("/");
  const out = new Array(63).fill("");
  rows.forEach((row, i) => {
    const rank = 8 - i;
    let file = 0;
    for (const ch of row) {
      if (ch >= "1" && ch <= "9") file += Number(ch);
      else out[rank * 7 + file++] = ch;
    }
  });
  return out;
}

const S = {
  game: null,        // the last State from the server
  seats: {},         // colour -> token held by this browser
  selected: null,    // square of the selected piece
  targets: [],       // its legal destinations (when it may move)
  refused: [],       // refusals from the targets call
  analysis: null,    // learn overlay data for the shown position
  learn: false,
  position: START,   // shown when there is no game (analysis board)
  events: null,      // stops the live updates of the current game
  settings: {mode: "ai", color: "red", level: 3},
  resignArmed: false,
  restartArmed: false,
  idle: undefined,   // whether the new-game form was last opened for no game
  pending: null,     // the selected piece's targets request, while it runs
};
let board;

export function initPlay() {
  board = new Board($("board"), press);
  $("new-game").addEventListener("submit", (e) => { e.preventDefault(); newGame(readForm()); });
  $("new-game").addEventListener("change", formChanged);
  $("learn").addEventListener("change", () => { S.learn = $("learn").checked; refreshAnalysis(); });
  $("undo").addEventListener("click", undo);
  $("restart").addEventListener("click", restart);
  $("resign").addEventListener("click", resign);
  $("offer").addEventListener("click", () => draw("offer"));
  $("accept").addEventListener("click", () => draw("accept"));
  $("decline").addEventListener("click", () => draw("decline"));
  $("join").addEventListener("click", join);
  $("copy").addEventListener("click", copyLink);
  formChanged();
  const params = new URLSearchParams(location.search);
  if (params.get("position")) {
    S.position = params.get("position");
    S.learn = true;
    $("learn").checked = true;
  }
  if (params.get("game")) loadGame(params.get("game"));
  else { render(); refreshAnalysis(); }
}

// refresh redraws after a language change.
export function refreshPlay() { render(); if (S.learn) explainNow(); }

function readForm() {
  const f = $("new-game");
  return {mode: f.elements.mode.value, color: f.elements.color.value, level: Number(f.elements.level.value)};
}

function formChanged() {
  const mode = $("new-game").elements.mode.value;
  $("level-set").hidden = mode !== "ai";
  $("color-set").hidden = mode === "local";
}

function say(text) { $("message").textContent = text || ""; }
function announce(text) { $("announce").textContent = text; }
function fail(e) {
  say(e instanceof ApiError ? e.text() : t("err.network"));
}

// ---- whose game this browser is in ----

function mine() { return ["red", "blue"].filter((c) => S.seats[c]); }
function viewer() {
  const g = S.game;
  if (!g) return "red";
  if (g.mode === "ai") return g.aiColor === "red" ? "blue" : "red";
  if (g.mode === "online") return mine().length === 1 ? mine()[0] : "red";
  return "red";
}
function canMove() {
  const g = S.game;
  return !!g && !g.over && !g.aiThinking && !!S.seats[g.sideToMove] && !freeSeat();
}

// freeSeat is the colour nobody holds yet in an online game, or null.
function freeSeat() {
  const g = S.game;
  if (!g || g.mode !== "online" || !g.seated) return null;
  if (!g.seated.red) return "red";
  if (!g.seated.blue) return "blue";
  return null;
}
function shownPosition() { return S.game ? S.game.position : S.position; }

// ---- requests ----

async function newGame(settings) {
  S.settings = settings;
  const body = {mode: settings.mode};
  if (settings.mode !== "local") body.color = settings.color;
  if (settings.mode === "ai") body.level = settings.level;
  say("");
  try {
    const r = await call("POST", "/api/games", body);
    S.seats = saveSeats(r.game.id, r.seats);
    history.replaceState(null, "", "/?game=" + r.game.id);
    startGame(r.game);
  } catch (e) { fail(e); }
}

async function loadGame(id) {
  S.seats = loadSeats(id);
  $("status").textContent = t("loading");
  try {
    startGame(await call("GET", "/api/games/" + encodeURIComponent(id)));
  } catch (e) { fail(e); render(); }
}

function startGame(g) {
  S.game = null;
  S.selected = null;
  S.targets = [];
  S.resignArmed = false;
  S.restartArmed = false;
  S.settings = {mode: g.mode, color: g.mode === "ai" ? (g.aiColor === "red" ? "blue" : "red") : (mine()[0] || "red"), level: S.settings.level};
  apply(g, true);
  listen(g.id);
}

function listen(id) {
  if (S.events) S.events();
  S.events = follow(id, (g) => apply(g, true)); // the stream, or polling when it fails (live.js)
}

// apply takes a state from the server. Answers to our own requests may
// arrive after a newer live event; force is for states that may go back
// (events, undo, a new game).
function apply(g, force) {
  const old = S.game;
  if (old && old.id === g.id && !force && g.ply < old.ply) return;
  S.game = g;
  if (!old || old.id !== g.id || old.ply !== g.ply) {
    S.selected = null;
    S.targets = [];
    S.refused = [];
    S.analysis = null;
    if (old && old.id === g.id && g.ply === old.ply + 1 && g.lastMove) announceMove(old, g);
  }
  if (g.over && !(old && old.id === g.id && old.over)) announce(statusText());
  render();
  if (S.learn && (!old || old.ply !== g.ply || old.id !== g.id)) refreshAnalysis();
}

function announceMove(old, g) {
  const from = g.lastMove.slice(0, 2), to = g.lastMove.slice(2, 4);
  const p = pieceOf(old.board[sqIndex(from)]);
  if (!p) return;
  const captured = !!old.board[sqIndex(to)];
  announce(t(captured ? "announce.capture" : "announce.move", {color: t(p.color), animal: t("animal." + p.animal), from, to}));
}

function token(color) { return S.seats[color]; }

async function act(path, body, color, force) {
  say("");
  try {
    apply(await call("POST", "/api/games/" + S.game.id + path, body, token(color)), force);
  } catch (e) {
    fail(e);
    if (e.code === "conflict" || e.status === 409) {
      try { apply(await call("GET", "/api/games/" + S.game.id), true); } catch (e2) { /* message shown already */ }
    }
  }
}

function move(from, to) {
  const g = S.game;
  S.selected = null;
  S.targets = [];
  render();
  return act("/moves", {move: from + to, ply: g.ply}, g.sideToMove, false);
}

function undo() {
  const g = S.game;
  const color = g.mode === "local" ? (g.sideToMove === "red" ? "blue" : "red") : viewer();
  return act("/undo", {ply: g.ply}, color, true);
}

// restart asks once ("Restart: lose this game?") before it throws the game
// away, as resign does.
function restart() {
  if (!S.restartArmed && S.game && S.game.ply > 0 && !S.game.over) {
    S.restartArmed = true;
    $("restart").textContent = t("confirm.restart");
    return;
  }
  S.restartArmed = false;
  newGame(S.settings);
}

function resign() {
  if (!S.resignArmed) {
    S.resignArmed = true;
    $("resign").textContent = t("confirm.resign");
    return;
  }
  S.resignArmed = false;
  const g = S.game;
  act("/resign", {}, g.mode === "local" ? g.sideToMove : viewer(), false);
}

function draw(action) { return act("/draw", {action}, viewer(), false); }

async function join() {
  say("");
  try {
    const r = await call("POST", "/api/games/" + S.game.id + "/join", {});
    S.seats = saveSeats(r.game.id, r.seats);
    startGame(r.game);
  } catch (e) { fail(e); }
}

async function copyLink() {
  $("share-link").select();
  try {
    await navigator.clipboard.writeText($("share-link").value);
    say(t("share.copied"));
  } catch (e) {
    try { document.execCommand("copy"); say(t("share.copied")); } catch (e2) { /* the link stays selected */ }
  }
}

// ---- pressing squares ----

async function press(sq) {
  // A tap right after selecting waits for the selected piece's targets.
  if (S.pending) await S.pending;
  const g = S.game;
  const letters = boardOf(shownPosition());
  const p = pieceOf(letters[sqIndex(sq)]);
  if (S.selected && S.targets.includes(sq) && canMove()) return move(S.selected, sq);
  if (S.selected === sq) { S.selected = null; S.targets = []; S.analysis = null; say(""); render(); explainNow(); return; }
  if (p && canMove() && p.color === g.sideToMove) return select(sq, true);
  if (S.selected) {
    const r = S.refused.find((x) => x.to === sq) || (S.analysis && (S.analysis.refused || []).find((x) => x.to === sq));
    if (r) { say(t("err.refused", {reason: reasonText(r)})); return; }
  }
  if (p && S.learn) return select(sq, false);
  if (S.selected) { S.selected = null; S.targets = []; S.analysis = null; render(); explainNow(); }
}

// select marks a piece; mover says it may move now (its targets come from
// the game), otherwise it is selected to learn about it.
async function select(sq, mover) {
  S.selected = sq;
  S.targets = [];
  S.refused = [];
  say("");
  render();
  const g = S.game;
  try {
    if (mover) {
      const req = call("GET", "/api/games/" + g.id + "/targets?from=" + sq, undefined, token(g.sideToMove));
      S.pending = req.catch(() => null);
      const r = await req;
      S.pending = null;
      if (S.selected !== sq) return;
      S.targets = r.targets || [];
      S.refused = r.refused || [];
      render();
    }
    if (S.learn) await refreshAnalysis();
  } catch (e) { S.pending = null; fail(e); }
}

async function refreshAnalysis() {
  $("legend-x").hidden = !S.learn;
  $("explain").hidden = !S.learn;
  if (!S.learn) { S.analysis = null; render(); return; }
  const pos = shownPosition(), sq = S.selected;
  try {
    const a = await analyse(pos, sq);
    if (shownPosition() !== pos || S.selected !== sq) return;
    S.analysis = a;
  } catch (e) { fail(e); S.analysis = null; }
  render();
  explainNow();
}

function explainNow() { if (S.learn) explain($("explain"), S.analysis); }

// ---- drawing ----

function render() {
  const g = S.game;
  const v = Object.assign({
    board: g ? g.board : boardOf(S.position),
    orientation: viewer(), viewer: viewer(), selected: S.selected,
    targets: S.targets, lastMove: g ? g.lastMove : null, learn: S.learn,
  }, S.learn ? overlay(S.analysis) : {});
  if (S.learn && S.analysis && !(g && canMove() && S.selected)) {
    v.targets = S.analysis.targets; // what the selected piece could do
  }
  board.render(v);
  // For tests and styles: the ply shown and whether the game is over.
  document.body.dataset.ply = g ? String(g.ply) : "";
  document.body.dataset.over = g && g.over ? "1" : "";
  const st = $("status");
  st.textContent = statusText();
  st.classList.toggle("thinking", !!(g && g.aiThinking && !g.over));
  renderControls();
  renderMoves();
}

function resultText(o) {
  const reason = t("reason." + o.reason);
  const g = S.game;
  if (!o.winner) return t("result.draw", {reason});
  const personal = g.mode === "ai" || (g.mode === "online" && mine().length === 1);
  if (personal) return t(o.winner === viewer() ? "result.win" : "result.lose", {reason});
  return t("result.side", {color: t("side." + o.winner), reason});
}

function statusText() {
  const g = S.game;
  if (!g) return S.learn ? t("learn.hint") : t("status.none");
  if (g.over && g.outcome) return resultText(g.outcome);
  if (g.aiThinking) return t("status.thinking");
  const side = t("side." + g.sideToMove);
  const free = freeSeat();
  if (free) return mine().length ? t("status.waitJoin") : t("status.canJoin", {color: t("side." + free)});
  if (g.mode === "local") return t("status.toMove", {color: side});
  if (S.seats[g.sideToMove]) return t("status.yourMove", {color: side});
  if (!mine().length) return t("status.toMove", {color: side}) + " · " + t("status.watch");
  return t("status.waiting", {color: side});
}

function show(id, on) { $(id).hidden = !on; }

function renderControls() {
  const g = S.game;
  // The new-game form is open when there is no game to play, folded away
  // during one (a change of game state folds or opens it).
  const idle = !g || g.over;
  if (S.idle !== idle) { $("new-details").open = idle; S.idle = idle; }
  const seated = !!g && mine().length > 0;
  const live = !!g && !g.over;
  const offline = !!g && (g.mode === "ai" || g.mode === "local");
  // Against the AI there is something to take back once the player moved.
  const firstOwn = g && g.mode === "ai" && viewer() === "blue" ? 2 : 1;
  show("undo", offline && seated && g.ply >= firstOwn && !g.aiThinking && !g.over);
  show("restart", offline && seated);
  if (!S.resignArmed) $("resign").textContent = t("btn.resign");
  if (!S.restartArmed) $("restart").textContent = t("btn.restart");
  const online = !!g && g.mode === "online" && seated && live;
  const offerBy = g && g.drawOffer;
  show("offer", online && !offerBy && !freeSeat());
  show("accept", online && !!offerBy && offerBy !== viewer());
  show("decline", online && !!offerBy && offerBy !== viewer());
  const free = freeSeat();
  show("join", !seated && !!free && live);
  if (free) $("join").textContent = t("btn.joinAs", {color: t("side." + free)});
  show("resign", live && seated && !free);
  const note = $("draw-note");
  note.hidden = !(live && offerBy);
  if (offerBy) note.textContent = seated && offerBy === viewer() ? t("draw.youOffered") : t("draw.offered", {color: t("side." + offerBy)});
  show("share", !!g && g.mode === "online" && seated && live);
  if (g) $("share-link").value = location.origin + "/?game=" + g.id;
}

function renderMoves() {
  const ol = $("moves");
  ol.replaceChildren();
  const g = S.game;
  const moves = g ? g.moves : [];
  if (!moves.length) {
    const li = document.createElement("li");
    li.className = "none";
    li.textContent = t("moves.none");
    ol.append(li);
    return;
  }
  const blueFirst = g.start && g.start.split(" ")[1] === "b";
  const list = blueFirst ? ["…"].concat(moves) : moves;
  for (let i = 0; i < list.length; i += 2) {
    const li = document.createElement("li");
    li.textContent = list[i] + (list[i + 1] ? "  " + list[i + 1] : "");
    if (i + 2 >= list.length) li.className = "current";
    ol.append(li);
  }
  ol.scrollTop = ol.scrollHeight;
}
