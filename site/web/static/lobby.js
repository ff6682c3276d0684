// The lobby on the start screen (API.md, Lobby): quick pairing, one tap on
// a time control pairs the player with the next one who taps the same, or
// waits for them (a seek, which others see in the list and can take); the
// list of open seeks, live, each with a button to play it; and the
// waiting line with its Cancel. The lobby's stream is open while the start
// screen shows: it keeps the player's seek alive, and tells the page when
// the seek is taken (a paired event), which puts the game on the board.
"use strict";
import {t} from "./i18n.js";
import {ApiError, call, saveSeats, loadPlayer, forgetPlayer} from "./api.js";
import {controlName} from "./clock.js";
import {ensurePlayer, named, askNameOnce, ratingText} from "./identity.js";

const $ = (id) => document.getElementById(id);

// The lobby's part of the page: the stream (null while closed), the list
// as last heard, the seek this page waits on ({id, seat, control}, null
// for none), and whether the stream has said the lobby is open.
const lobby = {es: null, seeks: [], controls: [], waiting: null, ready: false, busy: false, page: null};

// initLobby draws the quick pairing buttons and wires the lobby.
export function initLobby(page) {
  lobby.page = page;
  $("lobby-cancel").addEventListener("click", cancel);
  $("lobby-list").addEventListener("click", (e) => {
    const b = e.target.closest("button[data-seek]");
    if (b) take(b.dataset.seek);
  });
  $("lobby-quick").addEventListener("click", (e) => {
    const b = e.target.closest("button[data-control]");
    if (b) quick(b.dataset.control);
  });
  // A page the browser keeps in its back-forward cache keeps its
  // connections open until it is evicted (a minute in Chromium): the
  // lobby's stream would keep the player's seek alive, and the player
  // counted in the lobby, after the player left. The stream closes as the
  // page goes, and opens again if the page comes back from the cache. The
  // seek waited on is kept: the stream's first events say whether it was
  // taken meanwhile (paired, then the game opens) or is gone.
  window.addEventListener("pagehide", () => { if (lobby.es) closeStream(); });
  window.addEventListener("pageshow", (e) => { if (e.persisted) renderLobby(); });
}

// renderLobby opens the lobby's stream while the start screen shows and
// closes it otherwise, and redraws the lobby.
export function renderLobby() {
  const shown = !$("start-screen").hidden;
  if (shown && !lobby.es) openStream();
  if (!shown && lobby.es) { closeStream(); lobby.waiting = null; }
  draw();
}

async function openStream() {
  lobby.es = "opening";
  let p;
  try {
    // The stream needs an identity the server knows: one it forgot (its
    // database started anew) would be refused again and again.
    if (loadPlayer()) {
      await call("GET", "/api/players/me").catch((e) => {
        if (!(e instanceof ApiError && e.code === "no-player")) throw e;
        forgetPlayer();
      });
    }
    p = await ensurePlayer();
  } catch (e) { lobby.es = null; say(e); return; }
  if (lobby.es !== "opening") return; // closed meanwhile
  if (!lobby.controls.length) {
    try { lobby.controls = (await call("GET", "/api/lobby")).controls || []; } catch (e) { say(e); }
    if (lobby.es !== "opening") return;
  }
  const es = new EventSource("/api/lobby/events?player=" + encodeURIComponent(p.token));
  lobby.es = es;
  es.addEventListener("lobby", (e) => {
    const d = JSON.parse(e.data);
    lobby.seeks = d.seeks || [];
    lobby.ready = true;
    if (lobby.waiting && !lobby.seeks.some((s) => s.id === lobby.waiting.id)) {
      // The seek left the list: taken (a paired event comes first) or gone.
      if (!lobby.pairing) lobby.waiting = null;
    }
    draw();
  });
  es.addEventListener("paired", (e) => {
    const d = JSON.parse(e.data);
    if (!lobby.waiting || lobby.waiting.id !== d.seek) return; // another tab's seek, or an old one
    const w = lobby.waiting;
    lobby.pairing = true;
    openGame(d.game, {[d.color]: w.seat}, null);
  });
  es.onerror = () => {
    // EventSource reconnects by itself; a seek waited on lives while any
    // stream of the player's is open, so it may be gone when it is back.
    lobby.ready = false;
    draw();
  };
}

function closeStream() {
  if (lobby.es && lobby.es !== "opening") lobby.es.close();
  lobby.es = null;
  lobby.ready = false;
}

// openGame puts game id on the board with the seat seats holds (its state
// g if the call gave it).
async function openGame(id, seats, g) {
  const page = lobby.page, s = page.state;
  lobby.waiting = null;
  s.seats = saveSeats(id, seats);
  history.replaceState(null, "", "/?game=" + id);
  try {
    if (!g) {
      const res = await fetch("/api/games/" + encodeURIComponent(id), {headers: {"Accept": "application/json"}, cache: "no-store"});
      g = await res.json();
    }
    s.boardSeq++;
    page.startGame(g);
  } catch (e) {
    say(e);
  } finally {
    lobby.pairing = false;
  }
}

// paired takes the answer of a call that may have paired the player: a
// game to open, or a seek to wait on.
function paired(r, control) {
  if (r.game) return openGame(r.game.id, r.seats, r.game);
  lobby.waiting = {id: r.id, seat: r.seat, control};
  draw();
}

async function quick(control) {
  if (lobby.busy || lobby.waiting || !lobby.ready) return;
  lobby.busy = true;
  say("");
  draw();
  try {
    await ensurePlayer();
    if (rated() && !named()) await askNameOnce(); // a rated game needs a name
    paired(await call("POST", "/api/lobby/quick", {control, rated: rated()}), control);
  } catch (e) {
    say(e);
  } finally {
    lobby.busy = false;
    draw();
  }
}

async function take(id) {
  if (lobby.busy || lobby.waiting) return;
  lobby.busy = true;
  say("");
  draw();
  try {
    await ensurePlayer();
    paired(await call("POST", "/api/seeks/" + encodeURIComponent(id) + "/accept", {}), "");
  } catch (e) {
    say(e);
  } finally {
    lobby.busy = false;
    draw();
  }
}

async function cancel() {
  const w = lobby.waiting;
  if (!w) return;
  lobby.waiting = null;
  draw();
  try {
    await call("POST", "/api/seeks/" + encodeURIComponent(w.id) + "/cancel", {});
  } catch (e) {
    // 204 has no body, which call reports as a bad response: it is done.
    if (!(e instanceof ApiError && (e.code === "seek-gone" || (e.code === "bad-response" && e.status === 204)))) say(e);
  }
}

function rated() { return $("lobby-rated").checked; }

function say(e) {
  $("lobby-message").textContent = !e ? "" : e instanceof ApiError ? e.text() : t("err.network");
}

// seekRating is a seek's player's rating as the list shows it ("1500?"
// while provisional).
function seekRating(p) { return ratingText(p.rating || 0, p.provisional); }

// playerText is a seek's player in words: name and rating.
function playerText(sk) {
  const p = sk.player || {};
  return (p.name || t("lobby.anonymous")) + " " + seekRating(p);
}

// draw redraws the quick pairing buttons, the waiting line and the list.
function draw() {
  const quickBox = $("lobby-quick");
  const controls = lobby.controls; // the server's (GET /api/lobby)
  if (quickBox.children.length !== controls.length) {
    quickBox.replaceChildren(...controls.map((c) => {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "pair-btn";
      b.dataset.control = c;
      const pt = document.createElement("span"), ps = document.createElement("span");
      pt.className = "pt";
      ps.className = "ps";
      b.append(pt, ps);
      return b;
    }));
  }
  for (const b of quickBox.children) {
    const c = b.dataset.control;
    b.querySelector(".pt").textContent = c;
    b.querySelector(".ps").textContent = controlName(c);
    b.disabled = !lobby.ready || lobby.busy || !!lobby.waiting;
    b.classList.toggle("waiting", !!lobby.waiting && lobby.waiting.control === c);
  }
  const w = lobby.waiting;
  $("lobby-wait").hidden = !w;
  if (w) $("lobby-wait-text").textContent = t("lobby.waiting", {control: controlName(w.control)});
  $("lobby-status").textContent = lobby.ready ? "" : t("lobby.connecting");
  const me = (loadPlayer() || {}).id;
  const list = $("lobby-list");
  list.replaceChildren(...lobby.seeks.map((sk) => {
    const li = document.createElement("li");
    li.dataset.id = sk.id;
    const who = document.createElement("span"), name = document.createElement("span"), rating = document.createElement("span");
    who.className = "seek-who";
    name.className = "seek-name";
    name.textContent = (sk.player && sk.player.name) || t("lobby.anonymous");
    rating.className = "seek-rating";
    rating.textContent = seekRating(sk.player || {});
    who.append(name, " ", rating);
    const what = document.createElement("span");
    what.className = "seek-what";
    what.textContent = sk.control + " · " + t(sk.rated ? "lobby.rated" : "lobby.casual");
    const info = document.createElement("span");
    info.className = "seek-info";
    info.append(who, what);
    li.append(info);
    if (sk.player && sk.player.id === me) {
      const mine = document.createElement("span");
      mine.className = "seek-mine";
      mine.textContent = t("lobby.yours");
      li.append(mine);
    } else {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "primary";
      b.dataset.seek = sk.id;
      b.textContent = t("lobby.play");
      b.setAttribute("aria-label", t("lobby.playLabel", {name: playerText(sk), control: controlName(sk.control)}));
      b.disabled = lobby.busy || !!w;
      li.append(b);
    }
    return li;
  }));
  $("lobby-empty").hidden = lobby.seeks.length > 0 || !lobby.ready;
}
