// Clocks, presence and rematch of an online game, as the state gives them
// (API.md, Clocks, presence, rematch). The server's clock judges; the page
// only counts down from the state's clock, in the server's time
// (api.js, serverNow).
"use strict";
import {t} from "./i18n.js";

// timeLeft returns each side's time left in milliseconds at now (ms since
// the epoch, in the server's time), or null without a clock.
export function timeLeft(state, now) {
  const clock = state && state.clock;
  if (!clock) return null;
  const left = {red: clock.red, blue: clock.blue};
  if (clock.turnStarted && !state.over) {
    const used = Number(now) - Date.parse(clock.turnStarted);
    left[state.sideToMove] = Math.max(0, left[state.sideToMove] - used);
  }
  return left;
}

// formatClock writes ms as m:ss, with tenths under ten seconds, as h:mm:ss
// from an hour, and as days and hours (2d 5h) beyond a day, for
// correspondence.
export function formatClock(ms) {
  const s = Math.max(0, ms) / 1000;
  if (s >= 86400) return `${Math.floor(s / 86400)}d ${Math.floor((s % 86400) / 3600)}h`;
  const two = (n) => String(Math.floor(n)).padStart(2, "0");
  if (s >= 3600) return `${Math.floor(s / 3600)}:${two((s % 3600) / 60)}:${two(s % 60)}`;
  if (s < 10) return `0:0${(Math.floor(s * 10) / 10).toFixed(1)}`;
  return `${Math.floor(s / 60)}:${two(s % 60)}`;
}

// formatWait writes a wait of whole seconds for a sentence: "45 s",
// "5 min", "1 h 20 min".
export function formatWait(seconds) {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return `${s} s`;
  const m = Math.ceil(s / 60);
  return m < 60 ? `${m} min` : `${Math.floor(m / 60)} h${m % 60 ? ` ${m % 60} min` : ""}`;
}

// controlName names a time control ("5+3", "3d") in the page's language.
export function controlName(control) {
  if (!control) return t("clock.none");
  const days = /^(\d+)d$/.exec(control);
  if (days) return Number(days[1]) === 1 ? t("clock.day") : t("clock.days", {n: days[1]});
  const [m, s] = control.split("+");
  return t("clock.fischer", {m, s});
}

// startClock calls render(left, toMove) every 100 ms with the time left
// on getState()'s clock at now() (left as timeLeft gives it; toMove null
// once the game is over), until the returned stop is called.
export function startClock(getState, render, now) {
  const tick = () => {
    const st = getState();
    const left = timeLeft(st, now());
    if (left) render(left, st.over ? null : st.sideToMove);
  };
  tick();
  const id = setInterval(tick, 100);
  return () => clearInterval(id);
}

// connected says whether colour's player has the game open, per the state
// (and the presence events since).
export function connected(state, colour) {
  return Boolean(state && state.connected && state.connected[colour]);
}

// rematchView says what the end screen offers a seat of colour: "offer"
// (nothing offered yet), "waiting" (its own offer), "answer" (the other's
// offer), "declined", or "go" with the new game's id; null when the game
// cannot have one (not over, not online).
export function rematchView(state, colour) {
  if (!state || state.mode !== "online" || !state.over) return null;
  const r = state.rematch;
  if (!r) return {action: "offer"};
  if (r.gameId) return {action: "go", gameId: r.gameId};
  if (r.declined) return {action: "declined"};
  return {action: r.offeredBy === colour ? "waiting" : "answer"};
}

// claimView says when the seat of colour may claim the win against its
// opponent, per the state's claimableAt (API.md, Clocks, presence,
// rematch): {left, open} with left the ms until then at now (server time),
// open once it has come; null when the state gives no such time (the
// opponent connected, the game over or before both first moves, not
// online).
export function claimView(state, colour, now) {
  if (!state || state.mode !== "online" || state.over || !colour || !state.claimableAt) return null;
  const opp = colour === "red" ? "blue" : "red";
  const at = state.claimableAt[opp];
  if (!at) return null;
  const left = Math.max(0, Date.parse(at) - Number(now));
  return {left, open: left === 0};
}

// openingView says, before both first moves of an online game, how long
// the side to move has left for its first move at now (server time), or
// the game aborts: {toMove, left} in ms; null otherwise.
export function openingView(state, now) {
  if (!state || state.mode !== "online" || state.over || !state.firstMoveBy) return null;
  return {toMove: state.sideToMove, left: Math.max(0, Date.parse(state.firstMoveBy) - Number(now))};
}
