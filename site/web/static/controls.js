// The game controls of the play view: the new-game form (the AI's levels,
// an online game's time control), and the actions a player sends from the
// board (a move, undo, restart, resignation, draw offers and answers, the
// abandonment claim, the rematch), with the buttons that show which of
// them apply. Every function takes the page that play.js
// wires (page.state, page.render, page.apply, page.startGame).
"use strict";
import {t} from "./i18n.js";
import {call, saveSeats} from "./api.js";
import {say, fail} from "./status.js";
import {levels, levelOf, levelAnimal, levelName, levelAbout, away} from "./players.js";
import {controlName, rematchView} from "./clock.js";
import {other} from "./state.js";
import {renderClaim, abortOffered} from "./online.js";
import {askNameOnce, named} from "./identity.js";

const $ = (id) => document.getElementById(id);
const show = (id, on) => { $(id).hidden = !on; };

// initControls sets up the new-game form and the buttons of the game.
export function initControls(page) {
  $("new-game").addEventListener("submit", (e) => { e.preventDefault(); newGame(page, readForm()); });
  $("new-game").addEventListener("change", formChanged);
  $("level").addEventListener("change", () => levelLabels());
  loadLevels(page);
  $("undo").addEventListener("click", () => undo(page));
  $("restart").addEventListener("click", () => restart(page));
  $("resign").addEventListener("click", () => resign(page));
  $("offer").addEventListener("click", () => draw(page, "offer"));
  $("accept").addEventListener("click", () => draw(page, "accept"));
  $("decline").addEventListener("click", () => draw(page, "decline"));
  $("claim").addEventListener("click", () => act(page, "/claim", {}, page.state.viewer()));
  $("rematch").addEventListener("click", () => rematch(page, "offer"));
  $("rematch-accept").addEventListener("click", () => rematch(page, "accept"));
  $("rematch-decline").addEventListener("click", () => rematch(page, "decline"));
  $("rematch-watch").addEventListener("click", () => page.openRematch());
  // After a game the form for the next one is a tap away, also on a phone
  // where it lies below the board.
  const openForm = (e) => {
    if (e) e.preventDefault();
    $("new-details").open = true;
    $("new-details").scrollIntoView({block: "start"});
    $("start").focus({preventScroll: true});
  };
  $("new").addEventListener("click", () => openForm());
  $("other-settings").addEventListener("click", openForm);
  // The start screen: one tap starts a game, the AI at the form's level.
  $("quick-ai").addEventListener("click", () => newGame(page, {mode: "ai", color: readForm().color, level: readForm().level}));
  // A friend online: with the form's time control only while the form is
  // set to online games (the control is hidden otherwise).
  $("quick-online").addEventListener("click", () => {
    const f = readForm();
    newGame(page, {mode: "online", color: f.color, level: f.level, clock: f.mode === "online" ? f.clock : "", rated: f.rated});
  });
  $("quick-local").addEventListener("click", () => newGame(page, {mode: "local", color: "red", level: readForm().level}));
}

// ---- the new-game form ----

// levelLabels names the AI's levels in the form, each after the animal of
// its rank, and describes the chosen one in plain words with its standing
// (GET /api/levels, the server's list: the page keeps none of its own).
export function levelLabels() {
  const sel = $("level");
  for (const o of sel.options) o.textContent = t("level.option", {n: o.value, name: levelAnimal(Number(o.value))});
  const n = Number(sel.value), l = levelOf(n), top = levels.list[levels.list.length - 1];
  let text = "";
  if (l && l === top) text = t("level.top");
  else if (l) text = t("level.standing", {elo: -l.elo});
  $("level-about").textContent = levelAbout(n);
  $("level-elo").textContent = text;
  $("quick-ai-level").textContent = l ? levelName(n) + ": " + levelAbout(n) : "";
}

// loadLevels reads the AI's levels from the server and makes the form's
// choices of them, the server's default chosen; until then (or if it
// fails) a new game takes the server's default.
async function loadLevels(page) {
  try {
    const r = await fetch("/api/levels");
    if (!r.ok) return;
    const body = await r.json();
    levels.list = body.levels;
    levels.def = body.default;
  } catch (e) {
    return;
  }
  const sel = $("level");
  sel.replaceChildren(...levels.list.map((l) => new Option(String(l.level), String(l.level), false, l.level === levels.def)));
  levelLabels();
  page.render();
}

// clockLabels names the time controls of the form in the page's language.
export function clockLabels() {
  for (const o of $("clock").options) o.textContent = controlName(o.value);
}

function readForm() {
  const f = $("new-game");
  return {mode: f.elements.mode.value, color: f.elements.color.value, level: Number(f.elements.level.value), clock: f.elements.clock.value,
    rated: f.elements.rated.checked};
}

export function formChanged() {
  const mode = $("new-game").elements.mode.value;
  $("level-set").hidden = mode !== "ai";
  $("color-set").hidden = mode === "local";
  $("clock-set").hidden = $("clock-about").hidden = mode !== "online";
  // A rated game needs a clock (and both players' names: the server
  // rates it only then).
  $("rated-set").hidden = mode !== "online" || !$("clock").value;
}

// newGame asks for a game with the settings and puts it on the board. A
// second tap while it is asked for does nothing (one game, not two).
async function newGame(page, settings) {
  const s = page.state;
  if (s.creating) return;
  // The first online game asks for a name (once, in a modal dialog; the
  // player may go on without one), which a rated game needs.
  if (settings.mode === "online") await askNameOnce();
  const n = ++s.boardSeq;
  const body = {mode: settings.mode};
  if (settings.mode !== "local") body.color = settings.color;
  if (settings.mode === "ai" && settings.level) body.level = settings.level; // else the server's default
  if (settings.mode === "online" && settings.clock) body.clock = settings.clock;
  say("");
  s.creating = true;
  if (body.clock && settings.rated && named()) body.rated = true;
  $("start").disabled = true;
  for (const id of ["quick-ai", "quick-online", "quick-local"]) $(id).disabled = true;
  try {
    const r = await call("POST", "/api/games", body);
    if (n !== s.boardSeq) return;
    s.settings = settings;
    s.seats = saveSeats(r.game.id, r.seats);
    s.invite = r.invite ? {id: r.game.id, secret: r.invite} : null;
    history.replaceState(null, "", "/?game=" + r.game.id);
    // The button pressed goes with the start screen: the keyboard's focus
    // moves to the board (its square in the tab order), not to the page.
    const lost = !document.activeElement || document.activeElement === document.body || document.activeElement.closest(".start-screen, .new-game");
    page.startGame(r.game);
    const sq = document.querySelector('#board .sq[tabindex="0"]');
    if (lost && sq) sq.focus({preventScroll: true});
  } catch (e) {
    if (n === s.boardSeq) { fail(e); page.render(); }
  } finally {
    s.creating = false;
    $("start").disabled = false;
    for (const id of ["quick-ai", "quick-online", "quick-local"]) $(id).disabled = false;
  }
}

// ---- the player's actions ----

// act sends one action of the player's (a move, an undo, a resignation, a
// draw offer or answer); see PlayState.awaiting.
async function act(page, path, body, color) {
  const s = page.state;
  if (s.awaiting()) return;
  const id = s.game.id, mark = {id, version: s.game.version};
  say("");
  s.posting = mark;
  page.render();
  try {
    page.apply(await call("POST", "/api/games/" + id + path, body, s.seatToken(color)));
  } catch (e) {
    if (!s.game || s.game.id !== id) return; // the player has gone on to another game
    fail(e);
    if (e.code === "conflict" || e.status === 409) {
      try { page.apply(await call("GET", "/api/games/" + id)); } catch (e2) { /* message shown already */ }
    }
  } finally {
    if (s.posting === mark) { s.posting = null; page.render(); }
  }
}

export function move(page, from, to) {
  const s = page.state, g = s.game;
  s.clearSelection();
  page.render();
  return act(page, "/moves", {move: from + to, ply: g.ply}, g.sideToMove);
}

function undo(page) {
  const s = page.state, g = s.game;
  const color = g.mode === "local" ? (g.sideToMove === "red" ? "blue" : "red") : s.viewer();
  return act(page, "/undo", {ply: g.ply}, color);
}

// restart asks once ("Restart: lose this game?") before it throws the game
// away, as resign does.
function restart(page) {
  const s = page.state;
  if (!s.restartArmed && s.game && s.game.ply > 0 && !s.game.over) {
    s.restartArmed = true;
    s.resignArmed = false;
    renderConfirm(s);
    $("restart").focus();
    return;
  }
  s.restartArmed = false;
  newGame(page, s.settings);
}

function resign(page) {
  const s = page.state;
  if (!s.resignArmed) {
    s.resignArmed = true;
    s.restartArmed = false;
    renderConfirm(s);
    $("resign").focus();
    return;
  }
  s.resignArmed = false;
  const g = s.game;
  act(page, "/resign", {}, g.mode === "local" ? g.sideToMove : s.viewer());
}

function draw(page, action) { return act(page, "/draw", {action}, page.state.viewer()); }

function rematch(page, action) { return act(page, "/rematch", {action}, page.state.viewer()); }

// renderControls shows the form and the buttons that apply to the game.
export function renderControls(s) {
  const g = s.game;
  // The new-game form is open when there is no game and folded when a game
  // comes on the board (a new one or one resumed), and stays so after its
  // end, so that a finished game's moves and review come right after the
  // board (the bar's New game button opens the form).
  const onBoard = g ? g.id : null;
  // The start screen's buttons come first while no game is on the board
  // (an analysis board opened with ?position= has none): the form is then
  // "Other settings", folded under them.
  $("start-screen").hidden = !!g || s.learn;
  // Under the start screen there is no board to play on: the page shows
  // the screen's buttons alone (an analysis board is a link of its own).
  document.body.classList.toggle("at-start", !g && !s.learn);
  $("start-analyse").href = "/?position=" + encodeURIComponent(s.position);
  if (s.formFor !== onBoard) { $("new-details").open = !g && s.learn; s.formFor = onBoard; }
  // Under the start screen the form is the other settings of its buttons;
  // with a game on the board it is the new game (the Other settings
  // button of a game's end opens it).
  $("new-summary").textContent = t(g ? "new.title" : "new.other");
  const seated = !!g && s.mine().length > 0;
  const live = !!g && !g.over;
  const offline = !!g && (g.mode === "ai" || g.mode === "local");
  // Against the AI there is something to take back once the player moved.
  const firstOwn = g && g.mode === "ai" && s.viewer() === "blue" ? 2 : 1;
  // A finished AI game's end may be taken back too, as a program allows.
  show("undo", offline && seated && g.ply >= firstOwn && !g.aiThinking && (!g.over || g.mode === "ai"));
  show("restart", offline && seated);
  if (!live) s.restartArmed = s.resignArmed = false; // nothing left to confirm
  // After the game the same button starts the next one with the same settings.
  $("restart").textContent = t(g && g.over ? "btn.again" : "btn.restart");
  $("resign").textContent = t("btn.resign");
  renderConfirm(s);
  const online = !!g && g.mode === "online" && seated && live;
  const offerBy = g && g.drawOffer;
  show("offer", online && !offerBy && !s.freeSeat());
  show("accept", online && !!offerBy && offerBy !== s.viewer());
  show("decline", online && !!offerBy && offerBy !== s.viewer());
  show("resign", live && seated && !s.freeSeat());
  show("new", !!g && g.over && !s.rematchAsked());
  $("draw-note").hidden = !(live && offerBy);
  if (offerBy) $("draw-note").textContent = seated && offerBy === s.viewer() ? t("draw.youOffered") : t("draw.offered", {color: t("side." + offerBy)});
  renderOnlinePlay(s);
}

// renderConfirm shows an armed Restart or Resign: the question in a line of
// its own above the buttons, and the button's short answer ("Yes, resign"),
// so that a long question never squeezes a button.
function renderConfirm(s) {
  const ask = s.restartArmed ? "confirm.leave" : s.resignArmed ? "confirm.resign" : "";
  $("confirm-note").hidden = !ask;
  $("confirm-note").textContent = ask ? t(ask) : "";
  if (s.restartArmed) $("restart").textContent = t("confirm.yesLeave");
  if (s.resignArmed) $("resign").textContent = t("confirm.yesResign");
}

// renderOnlinePlay shows what an online game offers besides moves: the
// claim of a game the opponent has left, and after the end the rematch
// (offered, waiting, answered) or the way to it once it has begun.
function renderOnlinePlay(s) {
  const g = s.game;
  const player = !!g && g.mode === "online" && s.mine().length === 1;
  const me = player ? s.mine()[0] : null;
  const left = player && away(s, other(me));
  if (left) renderClaim(s); // the claim's countdown, and the abort: online.js
  else show("claim", false);
  show("abort", !!g && abortOffered(s));
  const view = g && g.mode === "online" ? rematchView(g, me) : null;
  const action = view ? view.action : null;
  show("rematch", player && action === "offer");
  show("rematch-accept", player && action === "answer");
  show("rematch-decline", player && action === "answer");
  show("rematch-watch", action === "go");
  $("rematch-watch").textContent = t(player ? "btn.toRematch" : "btn.watchRematch");
  const note = !view ? "" : action === "waiting" ? t("rematch.waiting", {color: t("side." + other(me))})
    : action === "answer" ? t("rematch.incoming", {color: t("side." + g.rematch.offeredBy)})
      : action === "declined" ? t("rematch.declined") : "";
  $("rematch-note").hidden = !note;
  $("rematch-note").textContent = note;
}
