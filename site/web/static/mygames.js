// "My games": every game this browser holds a seat in (the seat tokens the
// page keeps, api.js), each with its opponent, the player's colour, whose
// move it is or how it ended, its time control, and the date and time it
// last changed; one tap opens it.
// Without a game on the board the list follows the start screen; with one
// it sits under the move list, so that no game is ever more than a tap away.
"use strict";
import {t, cap} from "./i18n.js";
import {call, myGames, loadSeats} from "./api.js";
import {levelName, named} from "./players.js";
import {signed} from "./identity.js";
import {controlName} from "./clock.js";

const $ = (id) => document.getElementById(id);
const SHOWN = 20; // games listed at most, the last seen first

let games = [];    // [{id, seen, state}] as last read
let reading = null;

// initMyGames reads the list once the page is up.
export function initMyGames(page) {
  refreshMyGames(page);
}

// refreshMyGames reads the state of each game of the list again.
export async function refreshMyGames(page) {
  const mine = myGames().slice(0, SHOWN);
  const n = reading = {};
  const states = await Promise.all(mine.map((g) => call("GET", "/api/games/" + encodeURIComponent(g.id)).catch(() => null)));
  if (reading !== n) return;
  games = mine.map((g, i) => Object.assign({state: states[i]}, g)).filter((g) => g.state);
  renderMyGames(page.state);
}

// note takes a newer state of a listed game (the one on the board).
export function noteGame(g) {
  const e = games.find((x) => x.id === g.id);
  if (e) { e.state = g; e.seen = Date.now(); }
}

// renderMyGames draws the list, leaving out the game on the board.
export function renderMyGames(s) {
  const box = $("my-games"), ul = $("my-games-list");
  const onBoard = s.game ? s.game.id : "";
  const shown = games.filter((g) => g.id !== onBoard).sort((a, b) => running(b) - running(a) || b.seen - a.seen);
  box.hidden = !shown.length;
  // With no game on the board the list comes on the start screen, after
  // the new game's buttons and before the lobby (one's own games before
  // strangers' seeks); on the analysis board (no game, Learn on) it waits
  // under the moves, as beside a game, so that the board comes first.
  const top = !s.game && !s.learn;
  const home = top ? $("start-screen") : document.querySelector(".side");
  const before = top ? $("lobby") : null;
  if (box.parentNode !== home || (top && box.nextElementSibling !== before)) home.insertBefore(box, before);
  ul.replaceChildren(...shown.map(item));
}

function running(g) { return g.state.over ? 0 : 1; }

function item(e) {
  const g = e.state, seats = loadSeats(e.id);
  const mine = ["red", "blue"].filter((c) => seats[c]);
  const li = document.createElement("li");
  const a = document.createElement("a");
  a.href = "/?game=" + encodeURIComponent(e.id);
  a.className = "game-link" + (g.over ? " over" : "") + (!g.over && mine.includes(g.sideToMove) && g.mode !== "local" && !g.aiThinking ? " turn" : "");
  a.dataset.game = e.id;
  const top = document.createElement("span");
  top.className = "g-who";
  // Who it is against, and its time control when it has one.
  top.textContent = [opponent(g, mine), g.clock && g.clock.control ? controlName(g.clock.control) : ""].filter(Boolean).join(" · ");
  const line = document.createElement("span");
  line.className = "g-state";
  line.textContent = [stateText(g, mine), when(g, e)].filter(Boolean).join(" · ");
  a.append(top, line);
  li.append(a);
  return li;
}

// opponent says who the game is against, and the player's colour.
function opponent(g, mine) {
  if (g.mode === "local") return t("mine.local");
  const me = mine.length === 1 ? mine[0] : (g.aiColor === "red" ? "blue" : "red");
  const color = t("side." + me);
  if (g.mode === "ai") return t("mine.ai", {level: levelName(g.level), color});
  const opp = named(g, me === "red" ? "blue" : "red");
  return opp ? t("mine.onlineNamed", {name: opp, color}) : t("mine.online", {color});
}

function stateText(g, mine) {
  if (g.over && g.outcome) {
    const w = g.outcome.winner;
    if (!w) return t("mine.draw");
    if (mine.length === 1) {
      const change = g.ratingChange ? " · " + t("mine.rating", {change: signed(g.ratingChange[mine[0]])}) : "";
      return t(w === mine[0] ? "mine.won" : "mine.lost") + change;
    }
    return t("mine.wins", {color: t("side." + w)});
  }
  if (g.aborted) return t("status.aborted"); // no result
  if (g.mode === "online" && g.seated && (!g.seated.red || !g.seated.blue)) return t("status.waitJoin");
  if (g.aiThinking) return t("status.thinking");
  if (g.mode === "local") return t("status.toMove", {color: t("side." + g.sideToMove)});
  if (mine.includes(g.sideToMove)) return t("title.yourMove");
  return t("status.waiting", {color: t("side." + g.sideToMove)});
}

// when is the game's last change (its "updated" time, else when this page
// last showed it) in the page's language.
function when(g, e) {
  const ms = Date.parse(g.updated || "") || e.seen;
  if (!ms) return "";
  const d = new Date(ms), now = new Date();
  const lang = document.documentElement.lang || "en";
  // The date and the time of day, the year only when it is not this one.
  const opts = {day: "numeric", month: "short", hour: "2-digit", minute: "2-digit"};
  if (d.getFullYear() !== now.getFullYear()) opts.year = "numeric";
  return cap(t("mine.when", {time: d.toLocaleString(lang, opts)}));
}
