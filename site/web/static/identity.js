// The player's name and ratings (API.md, Players): the identity this
// browser keeps (api.js, dsq.player), the Name button in the header with
// the player's rating, and the dialog that chooses or changes the name,
// opened by that button and, once, the first time the player starts or
// joins an online game.
"use strict";
import {t} from "./i18n.js";
import {call, loadPlayer, savePlayer, forgetPlayer, ApiError} from "./api.js";

const $ = (id) => document.getElementById(id);

// me is the player as the server last told it ({id, name, ratings}), null
// before it is read or when this browser has no identity yet.
export let me = null;

let closed = null; // resolves the promise of askNameOnce when the dialog closes

// initIdentity wires the Name button and the dialog, and reads the player.
export function initIdentity() {
  $("name-open").addEventListener("click", () => openDialog());
  $("name-form").addEventListener("submit", (e) => { e.preventDefault(); saveName(); });
  $("name-skip").addEventListener("click", () => $("name-dlg").close());
  $("name-dlg").addEventListener("close", () => { if (closed) { closed(); closed = null; } });
  refreshMe();
}

// refreshMe reads the player again (after a rated game, its new ratings).
export async function refreshMe() {
  const p = loadPlayer();
  if (!p) { me = null; renderName(); return; }
  try {
    me = await call("GET", "/api/players/me");
    savePlayer(Object.assign({}, p, {name: me.name}));
  } catch (e) {
    if (e instanceof ApiError && e.code === "no-player") { forgetPlayer(); me = null; }
  }
  renderName();
}

// ensurePlayer returns the browser's identity, asking the server for one
// the first time.
export async function ensurePlayer() {
  const p = loadPlayer();
  if (p) return p;
  const r = await call("POST", "/api/players", {});
  savePlayer(r);
  me = {id: r.id, name: r.name, ratings: r.ratings};
  return loadPlayer();
}

// named reports whether this browser's player has a name.
export function named() {
  const p = loadPlayer();
  return !!(p && p.name);
}

// askNameOnce opens the name dialog the first time the player plays
// online without a name (the choice to stay nameless is kept), and
// resolves once it is closed; at once otherwise.
export function askNameOnce() {
  let asked = false;
  try { asked = localStorage.getItem("dsq.nameAsked") === "1"; } catch (e) { asked = true; }
  if (named() || asked) return Promise.resolve();
  try { localStorage.setItem("dsq.nameAsked", "1"); } catch (e) { /* asked once per page */ }
  return new Promise((resolve) => { closed = resolve; openDialog(); });
}

function openDialog() {
  const dlg = $("name-dlg");
  $("name-input").value = (loadPlayer() || {}).name || "";
  $("name-error").textContent = "";
  renderRatings();
  if (!dlg.open) dlg.showModal();
  $("name-input").focus();
}

// nameErrors are identity.CheckName's reasons (the server's English, as
// API.md gives them), by the key of their translation.
const nameErrors = {
  "a name has 3 to 20 characters": "name.err.length",
  "a name has letters and digits, with single spaces, - or _ between them": "name.err.characters",
  "a name's letters are of one script": "name.err.scripts",
  "that name is the site's or its AI's": "name.err.reserved",
};

async function saveName() {
  const input = $("name-input"), err = $("name-error"), btn = $("name-save");
  if (btn.disabled) return;
  err.textContent = "";
  btn.disabled = true;
  try {
    await ensurePlayer();
    me = await call("POST", "/api/players/me/name", {name: input.value});
    savePlayer(Object.assign({}, loadPlayer(), {name: me.name}));
    renderName();
    $("name-dlg").close();
  } catch (e) {
    if (e instanceof ApiError && e.code === "bad-name") err.textContent = nameErrors[e.message] ? t(nameErrors[e.message]) : e.message;
    else err.textContent = e instanceof ApiError ? e.text() : t("err.network");
  } finally {
    btn.disabled = false;
  }
}

// ratingText is a rating as shown: rounded, "?" after a provisional one.
export function ratingText(rating, provisional) {
  return String(Math.round(rating)) + (provisional ? "?" : "");
}

// signed is a rating change as shown: "+12", "−12" (a minus sign), "±0".
export function signed(n) {
  return n > 0 ? "+" + n : n < 0 ? "\u2212" + (-n) : "\u00b10";
}

// mainRating is the rating the header shows: of the class the player has
// played most rated games in; null without any.
function mainRating() {
  if (!me || !me.ratings) return null;
  let best = null;
  for (const [cls, r] of Object.entries(me.ratings)) if (!best || r.games > best.r.games) best = {cls, r};
  return best;
}

// renderName shows the player's name and rating on the Name button.
export function renderName() {
  const btn = $("name-open");
  if (!btn) return;
  const name = (me && me.name) || (loadPlayer() || {}).name || "";
  const main = mainRating();
  btn.textContent = name ? name + (main ? " · " + ratingText(main.r.rating, main.r.provisional) : "") : t("name.open");
  btn.title = main ? t("class." + main.cls) + ": " + ratingText(main.r.rating, main.r.provisional) : "";
}

// renderRatings lists the player's ratings by class in the dialog.
function renderRatings() {
  const el = $("name-ratings");
  const rs = me && me.ratings ? Object.entries(me.ratings) : [];
  el.textContent = rs.length
    ? t("name.ratings", {list: rs.map(([cls, r]) => t("class." + cls) + " " + ratingText(r.rating, r.provisional) + " (" + t("name.games", {n: r.games}) + ")").join(", ")})
    : t("name.noRatings");
}
