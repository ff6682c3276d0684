// The play view: new games, moves, live updates, the move list and its
// replay, results and the learn overlay, all through the API of API.md.
// This module wires the view's parts and keeps the game on the board in
// step with the server (putting a game on the board, following it live,
// taking each state it sends). The parts, each a module of its own:
// state.js (the play state), status.js (what the page says), boardview.js
// (the board and pressing its squares), controls.js (new game and the
// player's actions), review.js (the move list, stepping, the engine's
// review), online.js (invitations and links), players.js (who plays
// whom, above and below the board, with the clocks), clock.js (time
// controls, presence and the rematch as the state gives them), mygames.js
// (the games this browser holds a seat in), lobby.js (quick pairing and
// the players waiting, on the start screen).
//
// The parts share one page object, made here and passed to each:
//   page.state        the PlayState
//   page.view         the BoardView drawing the board
//   page.render()     redraws the whole view from the state
//   page.apply(g)     takes a game state from the server
//   page.startGame(g) puts game g on the board and follows it
//   page.openRematch() puts the rematch of the game on the board there
"use strict";
import {call, loadSeats, saveSeats, sawGame, setCurrentGame, serverNow} from "./api.js";
import {follow} from "./live.js";
import {t} from "./i18n.js";
import {describe} from "./position.js";
import {PlayState, other} from "./state.js";
import {say, saidInfo, announce, fail, statusText, renderStatus} from "./status.js";
import {BoardView, initBoardControls, press, deselect, refreshAnalysis, explainNow} from "./boardview.js";
import {initControls, formChanged, levelLabels, clockLabels, renderControls} from "./controls.js";
import {initReview, step, reviewed, renderReviewNote, renderSteps, renderMoves} from "./review.js";
import {renderEngine} from "./engine.js";
import {initOnline, watchInvitation, invitationUsable, fetchInvitation, renderOnline} from "./online.js";
import {renderPlayers, renderClocks, away, awayGrace, setAwayGrace} from "./players.js";
import {startClock, rematchView} from "./clock.js";
import {initMyGames, renderMyGames, noteGame} from "./mygames.js";
import {initLobby, renderLobby} from "./lobby.js";
import {renderWatch} from "./watch.js";
import {refreshMe} from "./identity.js";

const $ = (id) => document.getElementById(id);

let page = null; // the play view, once initPlay made it

export function initPlay() {
  const p = {state: new PlayState()};
  p.render = () => render(p);
  p.apply = (g) => apply(p, g);
  p.startGame = (g) => startGame(p, g);
  p.openRematch = openRematch;
  p.view = new BoardView($("board"), (sq) => press(p, sq));
  page = p;
  const s = p.state;
  initControls(p);
  initBoardControls(p);
  initOnline(p);
  initReview(p);
  initMyGames(p);
  initLobby(p);
  document.addEventListener("keydown", (e) => keys(p, e));
  formChanged();
  clockLabels();
  const params = new URLSearchParams(location.search);
  if (params.get("position")) {
    s.position = params.get("position");
    s.learn = true;
    $("learn").checked = true;
  }
  if (params.get("game")) {
    watchInvitation(p, params.get("game"));
    return loadGame(p, params.get("game")); // the page is ready once the game is drawn
  } else { render(p); refreshAnalysis(p); }
}

// refreshPlay redraws after a language change.
export function refreshPlay() {
  if (!page) return;
  render(page);
  levelLabels();
  clockLabels();
  explainNow(page.state);
}

// keys: Escape drops the selection; the arrow keys (outside the board and
// the form fields) and Home/End step through the game.
function keys(page, e) {
  if (document.getElementById("play-view").hidden || e.altKey || e.ctrlKey || e.metaKey) return;
  const s = page.state;
  if (e.key === "Escape") {
    if (document.querySelector("dialog[open]")) return;
    if (s.selected) { deselect(page); e.preventDefault(); }
    return;
  }
  const tag = (e.target && e.target.tagName) || "";
  if (["INPUT", "SELECT", "TEXTAREA"].includes(tag) || (e.target.closest && e.target.closest("#board"))) return;
  const steps = {ArrowLeft: -1, ArrowRight: 1, Home: -Infinity, End: Infinity};
  if (!s.game || !(e.key in steps)) return;
  e.preventDefault();
  step(page, steps[e.key]);
}

// render draws the whole view from the state.
function render(page) {
  const s = page.state;
  const judged = reviewed(s, s.shownPly());
  page.view.draw(s, judged);
  renderStatus(s);
  renderReviewNote(s, judged);
  page.view.drawTrays(s);
  renderControls(s);
  renderOnline(s);
  renderSteps(s);
  renderMoves(page);
  renderPlayers(s);
  renderMyGames(s);
  renderWatch(s);
  renderEngine(s);
  renderLobby();
}

// ---- the game on the board ----

async function loadGame(page, id) {
  const s = page.state;
  const n = ++s.boardSeq;
  $("status").textContent = t("loading");
  try {
    const g = await call("GET", "/api/games/" + encodeURIComponent(id));
    if (n !== s.boardSeq) return; // the player started another game meanwhile
    s.seats = loadSeats(id);
    startGame(page, g);
  } catch (e) {
    if (n === s.boardSeq) { fail(e); render(page); }
  }
}

function startGame(page, g) {
  const s = page.state;
  g = s.begin(g);
  announce("");
  // The game on the board is the one the Play tab comes back to.
  if (s.mine().length) {
    sawGame(g.id);
    setCurrentGame(g.id);
    $("nav-play").href = "/?game=" + encodeURIComponent(g.id);
  }
  apply(page, g);
  invitationUsable(s);
  fetchInvitation(page);
  listen(page, g.id);
  tickClocks(page);
  // On a phone the form is below the board: bring the board back up.
  if ($("board").getBoundingClientRect().top < 0 || $("panel").getBoundingClientRect().top > innerHeight) window.scrollTo(0, 0);
}

// listen follows game id live: the stream, or polling when it fails
// (live.js). A player of an online game opens it with their seat's token,
// which tells the other player they are here.
function listen(page, id) {
  const s = page.state;
  if (s.events) s.events();
  const g = s.game, mine = s.mine();
  const seat = g && g.mode === "online" && mine.length === 1 ? s.seatToken(mine[0]) : "";
  s.events = follow(id, (g) => apply(page, g), {seat, onPresence: (p) => {
    if (!s.game || s.game.id !== id) return;
    s.game = Object.assign({}, s.game, {connected: p}); // presence leaves the version as it is
    presenceChanged(page);
  }, onAwayGrace: (ms) => {
    // A player seen going before the page knew the grace is told of
    // after this one, not the default (each stream's first ping says it:
    // only a new value re-arms).
    if (setAwayGrace(ms) && s.game && s.game.id === id && Object.keys(s.goneSince).length) sayAwayLater(page);
  }});
}

// presenceChanged redraws after the players' presence may have changed,
// and once more when a player just seen away has been away long enough
// for the page to say so (players.js, away).
function presenceChanged(page) {
  if (page.state.notePresence()) sayAwayLater(page);
  render(page);
}

// sayAwayLater redraws the game once the player first seen going has been
// away for the grace, and says who left (a later call replaces an earlier
// one's timer, so that it is said once).
let awayTimer = 0;
function sayAwayLater(page) {
  const s = page.state, id = s.game && s.game.id;
  const since = Math.min(...Object.values(s.goneSince));
  const wait = Number.isFinite(since) ? Math.max(0, since + awayGrace - Date.now()) : awayGrace;
  clearTimeout(awayTimer);
  awayTimer = setTimeout(() => {
    if (!s.game || s.game.id !== id) return;
    render(page);
    const gone = ["red", "blue"].find((c) => away(s, c));
    if (gone) announce(t("status.away", {color: t("side." + gone)})); // a screen reader hears it too
  }, wait + 50);
}

// tickClocks counts the game's clocks down between states. When the side
// to move's time runs out on the page, the page asks for the state once:
// the server judges the flag fall on that read (API.md, Clocks).
function tickClocks(page) {
  const s = page.state;
  if (s.clockStop) s.clockStop();
  s.clockStop = null;
  const g = s.game;
  if (!g || !g.clock || g.over) return;
  let asked = -1, wait = 1000; // the version last asked about, and the wait before asking again
  s.clockStop = startClock(() => s.game, (left, toMove) => {
    const now = s.game;
    if (!now || now.id !== g.id) return;
    renderClocks(s, left);
    if (toMove && left[toMove] === 0 && now.clock.turnStarted && asked !== now.version) {
      asked = now.version;
      const again = () => { wait = Math.min(wait * 2, 30000); setTimeout(() => { if (asked === now.version) asked = -1; }, wait); };
      call("GET", "/api/games/" + encodeURIComponent(g.id)).then((st) => { wait = 1000; apply(page, st); if (!st.over) again(); }, again);
    }
    if (now.over && s.clockStop) { s.clockStop(); s.clockStop = null; }
  }, serverNow);
}

// followRematch takes this browser's players into the rematch of g, which
// has begun (news says so): the same seat tokens hold the new game's
// seats, colours swapped.
function followRematch(page, g, news) {
  const s = page.state;
  const view = rematchView(g, s.mine()[0]);
  if (!view || view.action !== "go" || s.mine().length !== 1) return false;
  const seats = {};
  for (const c of s.mine()) seats[other(c)] = s.seatToken(c);
  saveSeats(view.gameId, seats);
  history.replaceState(null, "", "/?game=" + encodeURIComponent(view.gameId));
  if (news) say(t("rematch.started"), true);
  loadGame(page, view.gameId);
  return true;
}

// openRematch puts the rematch of the game on the board there (a player
// coming back to the old game later, or a watcher following the players).
export function openRematch() {
  const p = page, g = p && p.state.game;
  if (!g || !g.rematch || !g.rematch.gameId) return;
  if (!followRematch(p, g, false)) {
    history.replaceState(null, "", "/?game=" + encodeURIComponent(g.rematch.gameId));
    loadGame(p, g.rematch.gameId);
  }
}

// apply takes a state from the server. Answers to our own requests may
// arrive after a newer live event (an offer's answer after the event of its
// acceptance): of two states of one game the one with the higher version is
// the later, whatever its ply (an undo goes back in ply, forward in version).
// A state of another game is an answer that came after the player moved on
// to a new game (startGame clears the board first): it is dropped.
function apply(page, g) {
  const s = page.state;
  const old = s.game;
  if (old && (old.id !== g.id || g.version < old.version)) return;
  const same = !!old; // of the same game: another's was dropped above
  const shownBefore = same ? s.shownPly() : null;
  const movesBefore = same ? old.moves : null;
  s.game = g;
  noteGame(g);
  if (!same || old.ply !== g.ply) {
    s.clearMarks();
    if (same && g.ply > old.ply && g.lastMove) {
      const r = s.record().records[g.ply - 1];
      announce(describe(r));
      if (s.sound) page.view.beep(!!r.victim);
    }
  }
  if (same && old.drawOffer && !g.drawOffer && !g.over && s.seats[old.drawOffer] && s.mine().length === 1) {
    say(t(g.ply === old.ply ? "draw.declined" : "draw.lapsed"), true);
  }
  // The player's takeback request answered, or lapsed with a move.
  const asked = same && old.takeback && old.takeback.offeredBy;
  if (asked && !g.takeback.offeredBy && !g.over && s.seats[asked] && s.mine().length === 1) {
    say(t(g.ply < old.ply ? "takeback.accepted" : g.ply === old.ply ? "takeback.declined" : "takeback.lapsed"), true);
  }
  if (asked && g.ply < old.ply) announce(t("takeback.done"));
  if (g.over && !(same && old.over)) announce(statusText(s));
  // A rated game of this browser's player has moved its rating: the
  // header shows the new one.
  if (g.ratingChange && !(same && old.ratingChange) && s.mine().length === 1) refreshMe();
  // The rematch began while the old game was on the board: both players go.
  if (same && g.rematch && g.rematch.gameId && !(old.rematch && old.rematch.gameId) && followRematch(page, g, true)) return;
  const joined = same && old.mode === "online" && old.seated && (!old.seated.red || !old.seated.blue) && g.seated && g.seated.red && g.seated.blue;
  if (joined && saidInfo()) say(""); // "Link copied" is done with
  if (!same || s.view !== null && s.view >= g.ply) s.view = null;
  presenceChanged(page);
  if (same && !s.viewing()) page.view.slide(shownBefore, g.ply, g.ply >= old.ply ? g.moves : movesBefore);
  if (s.learn && (!old || old.ply !== g.ply || old.id !== g.id)) refreshAnalysis(page);
}
