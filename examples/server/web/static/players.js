// Who plays whom, in words: the two sides named above and below the board
// ("You (Red)", "AI · Dog, level 3: careful with its pieces", an online
// opponent, "Red" and "Blue" on one device), and the AI's levels described
// for a player, their Elo standing left to a details line.
"use strict";
import {t, cap} from "./i18n.js";
import {other} from "./state.js";

const $ = (id) => document.getElementById(id);

// The AI's levels are the engine's ladder, each named after the animal of
// its rank.
export const LEVEL_ANIMALS = ["rat", "cat", "dog", "wolf", "leopard", "tiger", "lion", "elephant"];

// levelName is "Dog, level 3".
export function levelName(n) {
  return t("level.name", {name: cap(t("animal." + LEVEL_ANIMALS[n - 1])), n});
}

// levelAbout is what level n plays like, in plain words.
export function levelAbout(n) { return t("level.about." + n); }

// sideName is how the page names side c of the game on the board.
export function sideName(s, c) {
  const g = s.game;
  if (!g) return "";
  const color = t("side." + c);
  if (g.mode === "ai") {
    if (c === g.aiColor) return t("who.ai", {level: levelName(g.level || 3), about: levelAbout(g.level || 3), color});
    return s.seats[c] ? t("who.you", {color}) : color;
  }
  if (g.mode === "online") {
    if (s.mine().length === 1) {
      if (s.seats[c]) return t("who.you", {color});
      return g.seated && !g.seated[c] ? t("who.waiting", {color}) : t("who.opponent", {color});
    }
    return color;
  }
  return color;
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
  }
}
