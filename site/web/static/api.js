// Calls to the server's JSON API (API.md). Every failure becomes an
// ApiError whose text() a player understands, in the page's language.
"use strict";
import {t, has} from "./i18n.js";
import {formatWait} from "./clock.js";

const REQUEST_TIMEOUT = 30000; // ms a request may take before it counts as lost

export class ApiError extends Error {
  constructor(status, code, message, retryAfter = 0) {
    super(message || code);
    this.status = status;
    this.code = code;
    this.retryAfter = retryAfter; // seconds until the same call may be granted (Retry-After), or 0
  }

  // text is what the page shows: a rule reason for a refused move, the
  // translation of a known code, the server's message for an unknown code.
  text() {
    if (this.code === "network") return t("err.network");
    if (this.code === "opponent-may-return" && this.retryAfter > 0) return t("claim.wait", {time: formatWait(this.retryAfter)});
    if (this.status === 422) {
      const reason = has("code." + this.code) ? t("code." + this.code) : this.message;
      return t("err.refused", {reason});
    }
    if (has("err." + this.code)) return t("err." + this.code);
    if (this.status >= 500) return t("err.server", {status: this.status});
    return this.message || t("err.server", {status: this.status});
  }
}

// call sends one request; token, when given, is the seat's bearer token.
// Every request carries the browser's identity (X-Player) once it has one:
// it binds the seat of an online game created or joined, and names the
// caller of /api/players/me. An identity the server does not know (its
// database started anew) is forgotten, and the request sent again without.
export async function call(method, path, body, token) {
  const p = loadPlayer();
  try {
    return await send(method, path, body, token, p ? p.token : "");
  } catch (e) {
    if (!(e instanceof ApiError) || e.code !== "no-player" || !p || path.startsWith("/api/players")) throw e;
    forgetPlayer();
    return send(method, path, body, token, "");
  }
}

async function send(method, path, body, token, player) {
  const headers = {"Accept": "application/json"};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers["Authorization"] = "Bearer " + token;
  if (player) headers["X-Player"] = player;
  let res;
  try {
    // Bounded: a request that never answers (a stalled connection) fails
    // like a lost one instead of holding the page's guards for good.
    const signal = typeof AbortSignal.timeout === "function" ? AbortSignal.timeout(REQUEST_TIMEOUT) : undefined;
    res = await fetch(path, {method, headers, body: body === undefined ? undefined : JSON.stringify(body), cache: "no-store", signal});
  } catch (e) {
    throw new ApiError(0, "network", String(e));
  }
  noteServerTime(res.headers.get("Date"));
  let data = null;
  try { data = await res.json(); } catch (e) { data = null; }
  if (!res.ok) {
    const wait = Number(res.headers.get("Retry-After")) || 0;
    throw new ApiError(res.status, (data && data.code) || "http-" + res.status, data && data.message, wait);
  }
  if (data === null) throw new ApiError(res.status, "bad-response", "");
  return data;
}

// The server's clock judges an online game's time; the page counts down
// in the server's time, estimated from the answers' Date headers. A Date
// is the server's second, cut down: each answer gives a lower bound of the
// difference, and the largest one seen is the closest.
let skew = null;

function noteServerTime(date) {
  const at = Date.parse(date || "");
  if (Number.isNaN(at)) return;
  const d = at - Date.now();
  if (skew === null || d > skew || d < skew - 5000) skew = d; // a clock set anew: start over
}

// serverNow is the server's time now, in ms since the epoch, as well as
// the page can tell.
export function serverNow() { return Date.now() + (skew || 0); }

// Seat tokens are kept per game in localStorage under dsq.seats.<id>.
export function loadSeats(id) {
  try { return JSON.parse(localStorage.getItem("dsq.seats." + id) || "{}") || {}; } catch (e) { return {}; }
}

export function saveSeats(id, seats) {
  const all = Object.assign(loadSeats(id), seats || {});
  try { localStorage.setItem("dsq.seats." + id, JSON.stringify(all)); } catch (e) { /* private mode: seats live for this page only */ }
  if (Object.keys(all).length) sawGame(id);
  return all;
}

// The games this browser holds a seat in are its "My games": every game
// with seat tokens kept (dsq.seats.<id>), with the time the page last
// showed each (dsq.games: {id: ms}), and the game on the board last
// (dsq.current), which the Play tab returns to.

function seen() {
  try { return JSON.parse(localStorage.getItem("dsq.games") || "{}") || {}; } catch (e) { return {}; }
}

// sawGame notes that game id was shown now.
export function sawGame(id) {
  const all = seen();
  all[id] = Date.now();
  try { localStorage.setItem("dsq.games", JSON.stringify(all)); } catch (e) { /* kept for this page only */ }
}

// myGames lists the games this browser holds a seat in, the one seen last
// first: [{id, seen}] (seen: ms, 0 when never noted).
export function myGames() {
  const times = seen(), out = [];
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i);
      if (!k || !k.startsWith("dsq.seats.")) continue;
      const id = k.slice("dsq.seats.".length);
      if (Object.keys(loadSeats(id)).length) out.push({id, seen: times[id] || 0});
    }
  } catch (e) { /* storage may be off: no list */ }
  return out.sort((a, b) => b.seen - a.seen);
}

// currentGame is the game last on the board ("" for none); setCurrentGame
// changes it.
export function currentGame() {
  try { return localStorage.getItem("dsq.current") || ""; } catch (e) { return ""; }
}

export function setCurrentGame(id) {
  try { if (id) localStorage.setItem("dsq.current", id); else localStorage.removeItem("dsq.current"); } catch (e) { /* kept for this page only */ }
}

// The browser's identity (API.md, Players) is kept in localStorage under
// dsq.player: {id, token, name}, the token a secret sent as X-Player
// (without storage, for this page only).
let kept = null;

export function loadPlayer() {
  try {
    const p = JSON.parse(localStorage.getItem("dsq.player") || "null");
    if (p && typeof p.token === "string" && p.token) return p;
  } catch (e) { /* storage may be off */ }
  return kept;
}

export function savePlayer(p) {
  kept = {id: p.id, token: p.token, name: p.name || ""};
  try { localStorage.setItem("dsq.player", JSON.stringify(kept)); } catch (e) { /* kept for this page only */ }
}

export function forgetPlayer() {
  kept = null;
  try { localStorage.removeItem("dsq.player"); } catch (e) { /* nothing kept */ }
}
