// Who plays whom, in words: the two sides named above and below the board
// ("You (Red)", "AI · Dog, level 3 (Blue)", an online
// opponent and whether they are here, "Red" and "Blue" on one device) with
// their clocks, and the AI's levels described for a player, their Elo
// standing left to a details line.
"use strict";
import {t, cap, has} from "./i18n.js";
import {other} from "./state.js";
import {serverNow} from "./api.js";
import {timeLeft, formatClock, connected} from "./clock.js";
import {ratingText, signed} from "./identity.js";

const $ = (id) => document.getElementById(id);

// levels are the AI's levels as the server lists them (GET /api/levels,
// read by controls.js): list is [{level, name, about, elo}], weakest
// first, empty until read; def is the level of a game created without one.
export const levels = {list: [], def: 0};

// levelOf is level n's entry, undefined before the levels are read.
export function levelOf(n) { return levels.list.find((l) => l.level === n); }

// levelAnimal is level n's name, an animal, in the page's language (the
// server's word for one the page cannot say); "" before the levels are
// read.
export function levelAnimal(n) {
  const l = levelOf(n);
  if (!l) return "";
  const key = "animal." + l.name.toLowerCase();
  return has(key) ? cap(t(key)) : l.name;
}

// levelName is "Dog, level 3", or the number alone before the levels are
// read.
export function levelName(n) {
  const name = levelAnimal(n);
  return name ? t("level.name", {name, n}) : String(n);
}

// levelAbout is level n's character, in plain words: the server's about,
// translated (the server's words for a level the page has none for).
export function levelAbout(n) {
  if (has("level.about." + n)) return t("level.about." + n);
  const l = levelOf(n);
  return l ? l.about : "";
}

// sideName is how the page names side c of the game on the board.
export function sideName(s, c) {
  const g = s.game;
  if (!g) return "";
  const color = t("side." + c);
  const name = cap(color); // a side standing alone is a name: "Azules", not "azules"
  if (g.mode === "ai") {
    if (c === g.aiColor) return t("who.ai", {level: levelName(g.level), about: levelAbout(g.level), color});
    return s.seats[c] ? t("who.you", {color}) : name;
  }
  if (g.mode === "online") {
    const seated = !g.seated || g.seated[c];
    const p = named(g, c);
    if (p) {
      const text = t(s.mine().length === 1 && s.seats[c] ? "who.youNamed" : "who.named", {name: p, color});
      return g.over || s.seats[c] ? text : text + " · " + t(connected(g, c) ? "presence.connected" : "presence.away");
    }
    if (s.mine().length === 1 && s.seats[c]) return t("who.you", {color});
    if (!seated) return s.mine().length === 1 ? t("who.waiting", {color}) : name;
    const who = s.mine().length === 1 ? t("who.opponent", {color}) : name;
    return g.over ? who : who + " · " + t(connected(g, c) ? "presence.connected" : "presence.away");
  }
  return name;
}

// named is side c's player of an online game as the page shows it: the
// name, the rating the game began with ("1500?" while provisional), and
// once a rated game is over the change it made ("+12"); "" for a player
// with no name.
export function named(g, c) {
  const p = g.players && g.players[c];
  if (!p || !p.name) return "";
  let text = p.name + " " + ratingText(p.rating, p.provisional);
  if (g.ratingChange && typeof g.ratingChange[c] === "number") text += " " + signed(g.ratingChange[c]);
  return text;
}

// awayGrace is how long (ms) an opponent must have been seen away before
// the page says so: a player joining or reloading opens the game's stream
// a moment after the other page hears of it. The server's first ping says
// it (setAwayGrace); 5 s until then.
export let awayGrace = 5000;

// setAwayGrace sets awayGrace to ms, if positive, and says whether that
// changed it.
export function setAwayGrace(ms) {
  if (!(ms > 0) || ms === awayGrace) return false;
  awayGrace = ms;
  return true;
}

// away says whether side c is an online player who has left the game: not
// connected, as the page has seen for awayGrace (shown dimmed, and the
// claim is offered against them).
export function away(s, c) {
  const g = s.game;
  if (!g || g.mode !== "online" || g.over || !g.seated || !g.seated.red || !g.seated.blue || s.seats[c] || connected(g, c)) return false;
  const since = s.goneSince[c];
  return !!since && Date.now() - since >= awayGrace;
}

// renderPlayers names the side at the top and the side at the bottom of
// the board.
export function renderPlayers(s) {
  const bottom = s.orientation(), top = other(bottom);
  for (const [id, c] of [["who-top", top], ["who-bottom", bottom]]) {
    const el = $(id);
    el.textContent = sideName(s, c);
    el.title = el.textContent; // the whole of a name the line cuts short
    el.dataset.side = c;
    el.classList.toggle("to-move", !!s.game && !s.game.over && s.game.sideToMove === c);
    el.classList.toggle("away", away(s, c));
  }
  renderClocks(s, timeLeft(s.game, serverNow()));
}

// renderClocks shows each side's time left (as timeLeft gives it, null
// without a clock) beside its name, the side to move's running.
export function renderClocks(s, left) {
  const g = s.game;
  const bottom = s.orientation(), top = other(bottom);
  for (const [id, c] of [["clock-top", top], ["clock-bottom", bottom]]) {
    const el = $(id);
    el.hidden = !left;
    if (!left) continue;
    const running = !g.over && !!g.clock.turnStarted && g.sideToMove === c;
    const text = formatClock(left[c]);
    el.classList.toggle("running", running);
    el.classList.toggle("low", running && left[c] < 20000);
    el.dataset.side = c;
    // The name and the time change only when the page shows another second
    // (a screen reader rebuilds nothing ten times a second).
    if (el.textContent !== text) {
      el.textContent = text;
      el.setAttribute("aria-label", t("clock.of", {color: t("side." + c)}) + ": " + text);
    }
  }
}
