// The play view: new games, moves, live updates, the move list and its
// replay, results and the learn overlay, all through the API of API.md.
"use strict";
import {t, cap, currentLanguage} from "./i18n.js";
import {call, loadSeats, saveSeats, ApiError} from "./api.js";
import {Board, pieceOf, pieceName, sqIndex, token, RANKS} from "./board.js";
import {analyse, overlay, explain, reasonText} from "./learn.js";
import {follow} from "./live.js";
import {START, boardOf, replay, describe} from "./position.js";

const $ = (id) => document.getElementById(id);

const S = {
  game: null,        // the last State from the server
  seats: {},         // colour -> token held by this browser
  selected: null,    // square of the selected piece
  targets: [],       // its legal destinations (when it may move)
  refused: [],       // refusals for the selected piece
  analysis: null,    // learn overlay data for the shown position
  learn: false,
  position: START,   // shown when there is no game (analysis board)
  events: null,      // stops the live updates of the current game
  settings: {mode: "ai", color: "red", level: 3},
  resignArmed: false,
  restartArmed: false,
  formFor: undefined, // the game (its id, null for none) the new-game form was last set for
  pending: null,     // the selected piece's targets request, while it runs
  boardSeq: 0,       // counts the requests that put a game on the board (new, load, join): only the last one's answer is shown
  creating: false,   // a new game is being asked for (Start and Restart wait)
  posting: null,     // {id, version}: the state an action (move, undo, resignation, draw) was sent from, until its answer
  joining: false,    // the join request is awaited
  view: null,        // the ply shown while stepping through the game; null: the latest
  flip: false,       // the board turned from the player's side
  sound: false,      // a beep on every move (off unless the player turns it on)
  replay: null,      // {key, boards, records} of the current game
  invite: null,      // {id, secret}: the invitation of a game this browser created
  invited: null,     // {id, secret}: the invitation this page was opened with
  review: null,      // {id, status, moves}: the engine's review of a finished game (API.md, Review)
  reviewOn: false,   // the review is shown: evaluations and marks in the list, the better move on the board
};
let board;
let audio = null;

export function initPlay() {
  board = new Board($("board"), press);
  $("new-game").addEventListener("submit", (e) => { e.preventDefault(); newGame(readForm()); });
  $("new-game").addEventListener("change", formChanged);
  $("level").addEventListener("change", levelLabels);
  loadLevels();
  $("learn").addEventListener("change", () => { S.learn = $("learn").checked; refreshAnalysis(); });
  $("undo").addEventListener("click", undo);
  $("restart").addEventListener("click", restart);
  $("resign").addEventListener("click", resign);
  $("offer").addEventListener("click", () => draw("offer"));
  $("accept").addEventListener("click", () => draw("accept"));
  $("decline").addEventListener("click", () => draw("decline"));
  $("join").addEventListener("click", join);
  $("review").addEventListener("click", toggleReview);
  // After a game the form for the next one is a tap away, also on a phone
  // where it lies below the board.
  $("new").addEventListener("click", () => {
    $("new-details").open = true;
    $("new-details").scrollIntoView({block: "start"});
    $("start").focus({preventScroll: true});
  });
  $("copy-invite").addEventListener("click", () => copyLink("invite-link"));
  $("copy-watch").addEventListener("click", () => copyLink("watch-link"));
  $("flip").addEventListener("click", () => { S.flip = !S.flip; render(); });
  $("first").addEventListener("click", () => step(-Infinity));
  $("back").addEventListener("click", () => step(-1));
  $("forward").addEventListener("click", () => step(1));
  $("last").addEventListener("click", () => step(Infinity));
  $("live").addEventListener("click", () => step(Infinity));
  try { S.sound = localStorage.getItem("dsq.sound") === "1"; } catch (e) { /* storage may be off */ }
  $("sound").addEventListener("click", () => {
    S.sound = !S.sound;
    try { localStorage.setItem("dsq.sound", S.sound ? "1" : "0"); } catch (e) { /* kept for this page only */ }
    if (S.sound) beep(false);
    render();
  });
  document.addEventListener("keydown", keys);
  formChanged();
  const params = new URLSearchParams(location.search);
  if (params.get("position")) {
    S.position = params.get("position");
    S.learn = true;
    $("learn").checked = true;
  }
  if (params.get("game")) {
    readInvitation(params.get("game"));
    // A watcher may paste the invitation link over the page's own URL: only
    // the fragment changes, and the page does not reload.
    addEventListener("hashchange", () => {
      if (!S.game || !readInvitation(S.game.id)) return;
      invitationUsable();
      render();
    });
    return loadGame(params.get("game")); // the page is ready once the game is drawn
  } else { render(); refreshAnalysis(); }
}

// readInvitation takes the secret of an invitation link
// (/?game=<id>#invite=<secret>) for game id; it reports whether there was one.
function readInvitation(id) {
  const secret = new URLSearchParams(location.hash.slice(1)).get("invite");
  if (!secret) return false;
  S.invited = {id, secret};
  return true;
}

// dropInvitation forgets the invitation the page was opened with and takes
// it out of the address bar, so that the URL copied from there later is a
// watch link and cannot give the seat away a second time.
function dropInvitation() {
  S.invited = null;
  if (location.hash) history.replaceState(null, "", location.pathname + location.search);
}

// invitationUsable drops an invitation that cannot be used: this browser
// already plays in the game, or someone else took the seat (said so).
function invitationUsable() {
  const g = S.game;
  if (!S.invited || !g || S.invited.id !== g.id) return;
  if (mine().length) { dropInvitation(); return; }
  if (g.mode !== "online" || !freeSeat()) {
    dropInvitation();
    if (g.mode === "online" && !g.over) say(t("err.seatTaken"));
  }
}

// refresh redraws after a language change.
export function refreshPlay() { render(); levelLabels(); if (S.learn) explainNow(); }

// The AI's levels are the engine's ladder, each named after the animal of
// its rank; their standings come from GET /api/levels.
const LEVEL_ANIMALS = ["rat", "cat", "dog", "wolf", "leopard", "tiger", "lion", "elephant"];
let levelElo = null; // level -> Elo below the top level

function levelLabels() {
  const sel = $("level");
  for (const o of sel.options) {
    const n = Number(o.value);
    const name = t("animal." + LEVEL_ANIMALS[n - 1]);
    o.textContent = t("level.option", {n, name: name.charAt(0).toUpperCase() + name.slice(1)});
  }
  const n = Number(sel.value);
  let text = "";
  if (n === LEVEL_ANIMALS.length) text = t("level.top");
  else if (levelElo && levelElo[n] != null) text = t("level.standing", {elo: -levelElo[n]});
  $("level-about").textContent = text;
}

async function loadLevels() {
  try {
    const r = await fetch("/api/levels");
    if (r.ok) {
      levelElo = {};
      for (const l of (await r.json()).levels) levelElo[l.level] = l.elo;
    }
  } catch (e) {
    levelElo = null; // the names still show
  }
  levelLabels();
}

// keys: Escape drops the selection; the arrow keys (outside the board and
// the form fields) and Home/End step through the game.
function keys(e) {
  if (document.getElementById("play-view").hidden || e.altKey || e.ctrlKey || e.metaKey) return;
  if (e.key === "Escape") {
    if (document.querySelector("dialog[open]")) return;
    if (S.selected) { deselect(); e.preventDefault(); }
    return;
  }
  const tag = (e.target && e.target.tagName) || "";
  if (["INPUT", "SELECT", "TEXTAREA"].includes(tag) || (e.target.closest && e.target.closest("#board"))) return;
  const steps = {ArrowLeft: -1, ArrowRight: 1, Home: -Infinity, End: Infinity};
  if (!S.game || !(e.key in steps)) return;
  e.preventDefault();
  step(steps[e.key]);
}

function readForm() {
  const f = $("new-game");
  return {mode: f.elements.mode.value, color: f.elements.color.value, level: Number(f.elements.level.value)};
}

function formChanged() {
  const mode = $("new-game").elements.mode.value;
  $("level-set").hidden = mode !== "ai";
  $("color-set").hidden = mode === "local";
}

// say shows a message under the status: an error unless info (a notice
// such as "Link copied", not written in the colour of an error).
function say(text, info) {
  $("message").textContent = text || "";
  $("message").classList.toggle("info", !!info);
}
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
function other(c) { return c === "red" ? "blue" : "red"; }
function orientation() { return S.flip ? other(viewer()) : viewer(); }
function canMove() {
  const g = S.game;
  return !!g && !g.over && !g.aiThinking && !awaiting() && !!S.seats[g.sideToMove] && !freeSeat();
}
// awaiting says whether an action sent from the state on the board still
// waits for its answer: until then, or until a newer state comes, no other
// is sent from it (a second tap would be refused as out of date).
function awaiting() {
  const g = S.game, p = S.posting;
  return !!g && !!p && p.id === g.id && p.version === g.version;
}
function viewing() { return S.game && S.view !== null && S.view < S.game.ply; }

// freeSeat is the colour nobody holds yet in an online game, or null.
function freeSeat() {
  const g = S.game;
  if (!g || g.mode !== "online" || !g.seated) return null;
  if (!g.seated.red) return "red";
  if (!g.seated.blue) return "blue";
  return null;
}
// invited says whether the page holds an invitation to the current game.
function invited() { return !!S.invited && !!S.game && S.invited.id === S.game.id; }
function shownPosition() { return S.game ? S.game.position : S.position; }

// record returns the replay of the current game (kept until it changes).
function record() {
  const g = S.game;
  if (!g) return null;
  const key = g.id + ":" + g.moves.join(",");
  if (!S.replay || S.replay.key !== key) S.replay = Object.assign({key}, replay(g.start || START, g.moves));
  return S.replay;
}

// ---- requests ----

// newGame asks for a game with the settings and puts it on the board. A
// second tap while it is asked for does nothing (one game, not two).
async function newGame(settings) {
  if (S.creating) return;
  const n = ++S.boardSeq;
  const body = {mode: settings.mode};
  if (settings.mode !== "local") body.color = settings.color;
  if (settings.mode === "ai") body.level = settings.level;
  say("");
  S.creating = true;
  $("start").disabled = true;
  try {
    const r = await call("POST", "/api/games", body);
    if (n !== S.boardSeq) return;
    S.settings = settings;
    S.seats = saveSeats(r.game.id, r.seats);
    S.invite = r.invite ? {id: r.game.id, secret: r.invite} : null;
    history.replaceState(null, "", "/?game=" + r.game.id);
    startGame(r.game);
  } catch (e) {
    if (n === S.boardSeq) { fail(e); render(); }
  } finally {
    S.creating = false;
    $("start").disabled = false;
  }
}

async function loadGame(id) {
  const n = ++S.boardSeq;
  $("status").textContent = t("loading");
  try {
    const g = await call("GET", "/api/games/" + encodeURIComponent(id));
    if (n !== S.boardSeq) return; // the player started another game meanwhile
    S.seats = loadSeats(id);
    startGame(g);
  } catch (e) {
    if (n === S.boardSeq) { fail(e); render(); }
  }
}

function startGame(g) {
  // The same game may be on the board already at a later version (the
  // join's answer after the stream showed the first move).
  if (S.game && S.game.id === g.id && S.game.version > g.version) g = S.game;
  S.game = null;
  S.selected = null;
  S.targets = [];
  S.resignArmed = false;
  S.restartArmed = false;
  S.view = null;
  S.flip = false;
  S.reviewOn = false;
  announce("");
  S.settings = {mode: g.mode, color: g.mode === "ai" ? (g.aiColor === "red" ? "blue" : "red") : (mine()[0] || "red"),
    level: g.mode === "ai" && g.level ? g.level : S.settings.level}; // Play again: the same game's settings
  apply(g);
  invitationUsable();
  fetchInvitation();
  listen(g.id);
  // On a phone the form is below the board: bring the board back up.
  if ($("board").getBoundingClientRect().top < 0 || $("panel").getBoundingClientRect().top > innerHeight) window.scrollTo(0, 0);
}

function listen(id) {
  if (S.events) S.events();
  S.events = follow(id, (g) => apply(g)); // the stream, or polling when it fails (live.js)
}

// apply takes a state from the server. Answers to our own requests may
// arrive after a newer live event (an offer's answer after the event of its
// acceptance): of two states of one game the one with the higher version is
// the later, whatever its ply (an undo goes back in ply, forward in version).
// A state of another game is an answer that came after the player moved on
// to a new game (startGame clears the board first): it is dropped.
function apply(g) {
  const old = S.game;
  if (old && (old.id !== g.id || g.version < old.version)) return;
  const same = !!old; // of the same game: another's was dropped above
  const shownBefore = same ? (S.view !== null && S.view < old.ply ? S.view : old.ply) : null;
  const movesBefore = same ? old.moves : null;
  S.game = g;
  if (!same || old.ply !== g.ply) {
    S.selected = null;
    S.targets = [];
    S.refused = [];
    S.analysis = null;
    if (same && g.ply > old.ply && g.lastMove) {
      const r = record().records[g.ply - 1];
      announce(describe(r));
      if (S.sound) beep(!!r.victim);
    }
  }
  if (same && old.drawOffer && !g.drawOffer && !g.over && S.seats[old.drawOffer] && mine().length === 1) {
    say(t(g.ply === old.ply ? "draw.declined" : "draw.lapsed"), true);
  }
  if (g.over && !(same && old.over)) announce(statusText());
  const joined = same && old.mode === "online" && old.seated && (!old.seated.red || !old.seated.blue) && g.seated && g.seated.red && g.seated.blue;
  if (joined && $("message").classList.contains("info")) say(""); // "Link copied" is done with
  if (!same || S.view !== null && S.view >= g.ply) S.view = null;
  render();
  if (same && !viewing()) slide(shownBefore, g.ply, g.ply >= old.ply ? g.moves : movesBefore);
  if (S.learn && (!old || old.ply !== g.ply || old.id !== g.id)) refreshAnalysis();
}

// slide animates the board from the position after ply a to the one after
// ply b of the game whose moves are given (the longer list, for an undo):
// forward the last move's piece comes from its square; backward each
// taken-back piece returns.
function slide(a, b, moves) {
  if (a === null || a === b || !moves) return;
  const pairs = [];
  if (b > a) {
    const m = moves[b - 1];
    pairs.push([m.slice(0, 2), m.slice(2, 4)]);
  } else {
    const seen = new Set();
    for (let k = a - 1; k >= b; k--) {
      const m = moves[k];
      if (!m || seen.has(m.slice(0, 2))) continue;
      seen.add(m.slice(0, 2));
      pairs.push([m.slice(2, 4), m.slice(0, 2)]);
    }
  }
  const n = board.animate(pairs);
  document.body.dataset.anims = String(Number(document.body.dataset.anims || 0) + n);
}

// beep plays a short tone through WebAudio (no file is fetched): higher
// for a step, lower for a capture.
function beep(capture) {
  try {
    const Ctx = window.AudioContext || window.webkitAudioContext;
    if (!Ctx) return;
    if (!audio) audio = new Ctx();
    const o = audio.createOscillator(), gain = audio.createGain();
    o.frequency.value = capture ? 330 : 660;
    gain.gain.setValueAtTime(0.08, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + 0.12);
    o.connect(gain).connect(audio.destination);
    o.start();
    o.stop(audio.currentTime + 0.13);
    document.body.dataset.beeps = String(Number(document.body.dataset.beeps || 0) + 1);
  } catch (e) { /* no sound on this browser */ }
}

function token_(color) { return S.seats[color]; }

// act sends one action of the player's (a move, an undo, a resignation, a
// draw offer or answer); see awaiting.
async function act(path, body, color) {
  if (awaiting()) return;
  const id = S.game.id, mark = {id, version: S.game.version};
  say("");
  S.posting = mark;
  render();
  try {
    apply(await call("POST", "/api/games/" + id + path, body, token_(color)));
  } catch (e) {
    if (!S.game || S.game.id !== id) return; // the player has gone on to another game
    fail(e);
    if (e.code === "conflict" || e.status === 409) {
      try { apply(await call("GET", "/api/games/" + id)); } catch (e2) { /* message shown already */ }
    }
  } finally {
    if (S.posting === mark) { S.posting = null; render(); }
  }
}

function move(from, to) {
  const g = S.game;
  S.selected = null;
  S.targets = [];
  render();
  return act("/moves", {move: from + to, ply: g.ply}, g.sideToMove);
}

function undo() {
  const g = S.game;
  const color = g.mode === "local" ? (g.sideToMove === "red" ? "blue" : "red") : viewer();
  return act("/undo", {ply: g.ply}, color);
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
  act("/resign", {}, g.mode === "local" ? g.sideToMove : viewer());
}

function draw(action) { return act("/draw", {action}, viewer()); }

// fetchInvitation asks the server again for the invitation of an online
// game this browser created and nobody joined yet (after a reload: the
// secret is kept nowhere but on the server).
async function fetchInvitation() {
  const g = S.game;
  if (!g || g.mode !== "online" || g.over || !freeSeat() || mine().length !== 1) return;
  if (S.invite && S.invite.id === g.id) return;
  try {
    const r = await call("GET", "/api/games/" + encodeURIComponent(g.id) + "/invite", undefined, token_(mine()[0]));
    if (S.game && S.game.id === g.id && r.invite) { S.invite = {id: g.id, secret: r.invite}; render(); }
  } catch (e) { /* the seat was taken meanwhile: no invitation to show */ }
}

// join takes the free seat with the invitation the page was opened with;
// a second tap while it is asked for does nothing.
async function join() {
  const inv = S.invited;
  if (S.joining || !inv || inv.id !== S.game.id) return;
  say("");
  const n = ++S.boardSeq, id = S.game.id;
  S.joining = true;
  $("join").disabled = true;
  try {
    const r = await call("POST", "/api/games/" + encodeURIComponent(id) + "/join", {invite: inv.secret});
    if (n !== S.boardSeq) return;
    dropInvitation();
    S.seats = saveSeats(r.game.id, r.seats);
    startGame(r.game);
  } catch (e) {
    if (n !== S.boardSeq) return;
    if (e.status === 403) { dropInvitation(); render(); say(t("err.invite")); return; }
    if (e.status !== 409) { fail(e); return; }
    dropInvitation();
    try { apply(await call("GET", "/api/games/" + encodeURIComponent(id))); } catch (e2) { /* the message below says enough */ }
    say(t("err.seatTaken"));
  } finally {
    S.joining = false;
    $("join").disabled = false;
  }
}

async function copyLink(id) {
  $(id).select();
  try {
    await navigator.clipboard.writeText($(id).value);
    say(t("share.copied"), true);
  } catch (e) {
    try { document.execCommand("copy"); say(t("share.copied"), true); } catch (e2) { /* the link stays selected */ }
  }
}

// step moves the shown position by d half-moves (±Infinity: the start or
// the latest), animating the change.
function step(d) {
  const g = S.game;
  if (!g) return;
  const from = viewing() ? S.view : g.ply;
  const to = Math.max(0, Math.min(g.ply, from + d));
  if (to === from) return;
  S.selected = null;
  S.targets = [];
  say("");
  S.view = to >= g.ply ? null : to;
  render();
  slide(from, to, g.moves);
}

// ---- pressing squares ----

function deselect() {
  S.selected = null; S.targets = []; S.refused = []; S.analysis = null;
  say("");
  render();
  explainNow();
}

async function press(sq) {
  // A tap right after selecting waits for the selected piece's targets.
  if (S.pending) await S.pending;
  if (viewing()) { step(Infinity); return; }
  const g = S.game;
  const letters = boardOf(shownPosition());
  const p = pieceOf(letters[sqIndex(sq)]);
  if (S.selected && S.targets.includes(sq) && canMove()) return move(S.selected, sq);
  if (S.selected === sq) { deselect(); return; }
  if (p && canMove() && p.color === g.sideToMove) return select(sq, true);
  if (S.selected) {
    const r = S.refused.find((x) => x.to === sq) || (S.analysis && (S.analysis.refused || []).find((x) => x.to === sq));
    if (r) { say(t("err.refused", {reason: reasonText(r)})); return; }
  }
  if (p && S.learn) return select(sq, false);
  if (S.selected) {
    const sel = pieceOf(letters[sqIndex(S.selected)]);
    // The selection and its marks stay, so that "choose a marked square"
    // points at squares the player can see.
    if (sel && canMove()) { say(t("msg.notTarget", {piece: cap(pieceName(sel, "def")), sq})); return; }
    deselect();
  }
}

// hintsFor returns the targets and refusals of the piece on sq from the
// game state's "legal" field (API.md, Game state), so that a selection
// needs no round trip; null from a server without it (then GET /targets).
function hintsFor(g, sq) {
  if (!g.legal || typeof g.legal !== "object") return null;
  const h = g.legal[sq];
  return {targets: (h && h.targets) || [], refused: (h && h.refused) || []};
}

// select marks a piece; mover says it may move now (its targets come from
// the game), otherwise it is selected to learn about it.
async function select(sq, mover) {
  S.selected = sq;
  S.targets = [];
  S.refused = [];
  say("");
  const g = S.game;
  const known = mover ? hintsFor(g, sq) : null;
  if (known) { S.targets = known.targets; S.refused = known.refused; }
  render();
  try {
    if (mover && !known) {
      const req = call("GET", "/api/games/" + g.id + "/targets?from=" + sq, undefined, token_(g.sideToMove));
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
  $("legend").hidden = !S.learn;
  $("explain").hidden = !S.learn;
  if (!S.learn) { S.analysis = null; render(); return; }
  const pos = shownPosition(), sq = S.selected;
  try {
    const a = await analyse(pos, sq);
    if (shownPosition() !== pos || S.selected !== sq) return;
    S.analysis = a;
  } catch (e) {
    if (shownPosition() !== pos || S.selected !== sq) return; // a newer request is on its way
    fail(e);
    S.analysis = null;
  }
  render();
  explainNow();
}

function explainNow() { if (S.learn) explain($("explain"), S.analysis); }

// ---- drawing ----

function render() {
  const g = S.game;
  const rec = record();
  const past = viewing();
  const v = Object.assign({
    board: g ? (past ? rec.boards[S.view] : g.board) : boardOf(S.position),
    orientation: orientation(), viewer: viewer(), selected: S.selected,
    targets: S.targets, lastMove: g ? (past ? (S.view > 0 ? g.moves[S.view - 1] : null) : g.lastMove) : null, learn: S.learn,
  }, S.learn && !past ? overlay(S.analysis) : {});
  if (S.learn && S.analysis && !past && !(g && canMove() && S.selected)) {
    v.targets = S.analysis.targets; // what the selected piece could do
  }
  const judged = reviewed(g ? (past ? S.view : g.ply) : 0);
  if (judged && judged.mark) {
    const from = judged.best.slice(0, 2);
    v.better = [from, judged.best.slice(2, 4)];
    v.betterPiece = pieceOf(rec.boards[judged.ply - 1][sqIndex(from)]);
  }
  board.render(v);
  $("legend").classList.toggle("blue-view", viewer() === "blue");
  // For tests and styles: the ply shown and whether the game is over.
  document.body.dataset.ply = g ? String(g.ply) : "";
  document.body.dataset.over = g && g.over ? "1" : "";
  document.body.dataset.view = past ? String(S.view) : "";
  const st = $("status");
  st.textContent = statusText();
  st.classList.toggle("thinking", !!(g && g.aiThinking && !g.over));
  st.classList.toggle("your-move", !!(g && canMove() && g.mode !== "local"));
  st.classList.toggle("result", !!(g && g.over));
  st.classList.toggle("won", !!(g && g.over && g.outcome && g.outcome.winner && personal() && g.outcome.winner === viewer()));
  const shown = g ? (past ? S.view : g.ply) : 0;
  const r = g && shown > 0 ? rec.records[shown - 1] : null;
  $("last-move").textContent = r ? t("lastMove", {text: describe(r)}) : "";
  renderReviewNote(judged);
  $("viewing").hidden = !past;
  if (past) $("viewing-text").textContent = S.view === 0 ? t("view.start", {total: g.ply}) : t("view.past", {n: S.view, total: g.ply});
  document.title = g && canMove() && g.mode !== "local" ? t("title.yourMove") + " · " + t("app.title") : t("app.title");
  renderTrays(g ? (past ? rec.boards[S.view] : g.board) : null, g ? (rec.boards[0]) : null);
  renderControls();
  renderMoves();
}

// renderTrays shows, above and below the board, the pieces each side has
// taken by the shown position.
function renderTrays(now, start) {
  const bottom = orientation(), top = other(bottom);
  for (const [id, side] of [["tray-top", top], ["tray-bottom", bottom]]) {
    const tray = $(id);
    const taken = [];
    if (now && start) {
      const count = (b, l) => b.filter((x) => x === l).length;
      for (const l of (side === "red" ? "ecdwptle" : "RCDWPTLE")) {
        for (let k = count(now, l); k < count(start, l); k++) taken.push(pieceOf(l));
      }
    }
    taken.sort((a, b) => RANKS[a.animal] - RANKS[b.animal]);
    const label = document.createElement("span");
    label.className = "sr-only";
    label.textContent = t("tray.label", {color: t("side." + side)}) + ": " + (taken.length ? taken.map((p) => pieceName(p)).join(", ") : t("tray.none"));
    tray.replaceChildren(label, ...taken.map((p) => token(p, "mini")));
    tray.classList.toggle("empty", !taken.length);
    tray.dataset.side = side;
  }
}

function resultText(o) {
  const reason = t("reason." + o.reason);
  if (!o.winner) return o.reason === "draw agreed" ? t("result.drawAgreed") : t("result.draw", {reason}); // not "Draw: draw agreed"
  if (personal()) return t(o.winner === viewer() ? "result.win" : "result.lose", {reason});
  return t("result.side", {color: t("side." + o.winner), reason});
}

// personal says whether the game's result is the player's own: a game
// against the AI, or one seat of an online game.
function personal() {
  const g = S.game;
  return !!g && (g.mode === "ai" || (g.mode === "online" && mine().length === 1));
}

function statusText() {
  const g = S.game;
  if (!g) return S.learn ? t("status.analysis") : t("status.none");
  if (g.over && g.outcome) return resultText(g.outcome);
  if (g.aiThinking) return t("status.thinking");
  const side = t("side." + g.sideToMove);
  const free = freeSeat();
  if (free) {
    if (mine().length) return t("status.waitJoin");
    if (invited()) return t("status.canJoin", {color: t("side." + free)});
    return t("status.waitSeat") + " · " + t("status.watch");
  }
  if (g.mode === "local") return t("status.toMove", {color: side});
  if (S.seats[g.sideToMove]) return t("status.yourMove", {color: side});
  if (!mine().length) return t("status.toMove", {color: side}) + " · " + t("status.watch");
  return t("status.waiting", {color: side});
}

function show(id, on) { $(id).hidden = !on; }

function renderControls() {
  const g = S.game;
  // The new-game form is open when there is no game and folded when a game
  // comes on the board (a new one or one resumed), and stays so after its
  // end, so that a finished game's moves and review come right after the
  // board (the bar's New game button opens the form).
  const onBoard = g ? g.id : null;
  if (S.formFor !== onBoard) { $("new-details").open = !g; S.formFor = onBoard; }
  const seated = !!g && mine().length > 0;
  const live = !!g && !g.over;
  const offline = !!g && (g.mode === "ai" || g.mode === "local");
  // Against the AI there is something to take back once the player moved.
  const firstOwn = g && g.mode === "ai" && viewer() === "blue" ? 2 : 1;
  show("undo", offline && seated && g.ply >= firstOwn && !g.aiThinking && !g.over);
  show("restart", offline && seated);
  if (!S.resignArmed) $("resign").textContent = t("btn.resign");
  // After the game the same button starts the next one with the same settings.
  if (!S.restartArmed) $("restart").textContent = t(g && g.over ? "btn.again" : "btn.restart");
  const online = !!g && g.mode === "online" && seated && live;
  const offerBy = g && g.drawOffer;
  show("offer", online && !offerBy && !freeSeat());
  show("accept", online && !!offerBy && offerBy !== viewer());
  show("decline", online && !!offerBy && offerBy !== viewer());
  const free = freeSeat();
  show("join", !seated && !!free && live && invited());
  if (free) $("join").textContent = t("btn.joinAs", {color: t("side." + free)});
  show("resign", live && seated && !free);
  show("new", !!g && g.over);
  show("review", !!g && g.over && g.ply > 0);
  $("review").setAttribute("aria-pressed", String(S.reviewOn));
  $("draw-box").hidden = !(live && offerBy);
  if (offerBy) $("draw-note").textContent = seated && offerBy === viewer() ? t("draw.youOffered") : t("draw.offered", {color: t("side." + offerBy)});
  // The links of an online game: the invitation while the seat is free
  // (its secret in the fragment, which no server or Referer sees), the watch
  // link for as long as the game runs.
  // The links while a seat waits for its player; then the game has the
  // room (the address bar is the watch link).
  show("share", !!g && g.mode === "online" && seated && live && !!freeSeat());
  const inviting = !!free && seated && !!S.invite && S.invite.id === g.id;
  show("invite-box", inviting);
  $("invite-link").value = inviting ? location.origin + "/?game=" + g.id + "#invite=" + S.invite.secret : "";
  if (g) $("watch-link").value = location.origin + "/?game=" + g.id;
  const shown = g ? (viewing() ? S.view : g.ply) : 0;
  show("steps", !!g && g.ply > 0);
  $("first").disabled = $("back").disabled = shown === 0;
  $("forward").disabled = $("last").disabled = !g || shown >= g.ply;
  $("sound").setAttribute("aria-pressed", String(S.sound));
  $("flip").setAttribute("aria-pressed", String(S.flip));
}

function renderMoves() {
  const ol = $("moves");
  const g = S.game;
  const moves = g ? g.moves : [];
  if (!moves.length) {
    const li = document.createElement("li");
    li.className = "none";
    li.textContent = t("moves.none");
    ol.replaceChildren(li);
    return;
  }
  const recs = record().records;
  const shown = viewing() ? S.view : g.ply;
  const blueFirst = g.start && g.start.split(" ")[1] === "b";
  const list = blueFirst ? [null].concat(recs) : recs;
  const items = [];
  for (let i = 0; i < list.length; i += 2) {
    const li = document.createElement("li");
    for (const r of [list[i], list[i + 1]]) {
      if (r === undefined) continue;
      if (r === null) { li.append(Object.assign(document.createElement("span"), {className: "mv gap", textContent: "…"})); continue; }
      li.append(moveButton(r, shown));
    }
    items.push(li);
  }
  ol.replaceChildren(...items);
  const cur = ol.querySelector(".mv.current");
  if (cur && !viewing()) ol.scrollTop = ol.scrollHeight;
  else if (cur) cur.scrollIntoView({block: "nearest"});
}

// moveButton is one half-move of the list: the animal's pictogram and the
// move in words with its notation ("Blue lion c7c3, takes the red dog");
// pressing it shows the position after it.
function moveButton(r, shown) {
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
  const m = reviewed(r.ply);
  if (m) {
    b.classList.toggle("marked", m.mark);
    b.append(evalBadge(m));
    const sr = document.createElement("span");
    sr.className = "sr-only";
    sr.textContent = ", " + evalText(m) + (m.mark ? ", " + t("review.mark") : "");
    b.append(sr);
  }
  b.addEventListener("click", () => {
    const g = S.game;
    const from = viewing() ? S.view : g.ply;
    S.selected = null;
    S.targets = [];
    S.view = r.ply >= g.ply ? null : r.ply;
    render();
    slide(from, r.ply, g.moves);
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
function reviewed(ply) {
  const g = S.game, rv = S.review;
  if (!S.reviewOn || !g || !rv || rv.id !== g.id || rv.status !== "ready" || ply < 1) return null;
  return rv.moves[ply - 1] || null;
}

// toggleReview shows or hides the review, asking the server for it the
// first time.
function toggleReview() {
  S.reviewOn = !S.reviewOn;
  const g = S.game;
  if (S.reviewOn && g && (!S.review || S.review.id !== g.id || S.review.status === "error")) loadReview(g.id);
  render();
}

// loadReview fetches game id's review, asking again while the server
// computes it (202, after its Retry-After).
async function loadReview(id) {
  S.review = {id, status: "pending", moves: null};
  render();
  const current = () => S.game && S.game.id === id && S.review && S.review.id === id;
  for (;;) {
    let res, body = null;
    try {
      res = await fetch("/api/games/" + encodeURIComponent(id) + "/review", {headers: {Accept: "application/json"}, cache: "no-store"});
      body = await res.json();
    } catch (e) { res = null; }
    if (!current()) return;
    if (res && res.status === 200 && body && body.review) {
      S.review = {id, status: "ready", moves: body.review.moves || []};
      render();
      announce(t("review.ready", {n: S.review.moves.filter((m) => m.mark).length}));
      return;
    }
    if (!res || res.status !== 202 || !body) { S.review.status = "error"; render(); return; }
    S.review.status = body.status === "waiting" ? "waiting" : "pending";
    render();
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
    return m.win.in === 1 ? t("review.winNext", {color}) : t("review.win", {color, n: m.win.in});
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
// the shown move: its evaluation and, for a mistake, the better move in
// words ("Better: Red cat b2b3"), also drawn on the board. While the review
// is computed it says so.
function renderReviewNote(m) {
  const note = $("review-note"), g = S.game;
  const on = S.reviewOn && !!g && !!S.review && S.review.id === g.id;
  note.hidden = !on;
  note.classList.toggle("mistake", !!(m && m.mark));
  $("review-hint").hidden = !(on && S.review.status === "ready");
  if (!on) { note.textContent = ""; return; }
  if (S.review.status !== "ready") { note.textContent = t("review." + S.review.status); return; }
  if (!m) { note.textContent = ""; note.hidden = true; return; }
  let text = t("review.eval", {text: evalText(m)});
  if (m.mark) {
    const before = record().boards[m.ply - 1];
    const from = sqIndex(m.best.slice(0, 2)), to = sqIndex(m.best.slice(2, 4));
    const best = describe({move: m.best, piece: pieceOf(before[from]), victim: pieceOf(before[to])});
    // A forced result won or lost counts 100 rats: say what it means.
    text += " · " + (m.loss >= 10000 ? t("review.mistakeResult", {best}) : t("review.mistake", {n: rats(m.loss), best}));
  }
  note.textContent = text;
}
