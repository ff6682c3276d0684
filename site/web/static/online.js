// Online games in the play view: the invitation a browser creates or is
// opened with, taking the free seat with it (join), the invitation and
// watch links with their Copy buttons, the abort of a game before both
// first moves, and the countdown to the claim of a game the opponent has
// left.
// Every function takes the page that play.js wires (page.state,
// page.render, page.apply, page.startGame).
"use strict";
import {t} from "./i18n.js";
import {call, saveSeats, serverNow} from "./api.js";
import {say, fail} from "./status.js";
import {away} from "./players.js";
import {claimView, openingView, formatClock} from "./clock.js";
import {askNameOnce, named} from "./identity.js";

const $ = (id) => document.getElementById(id);
const show = (id, on) => { $(id).hidden = !on; };

// initOnline sets up the join, copy and abort buttons, and the countdowns'
// tick (once a second).
export function initOnline(page) {
  $("join").addEventListener("click", () => join(page));
  $("copy-invite").addEventListener("click", () => copyLink("invite-link"));
  $("copy-watch").addEventListener("click", () => copyLink("watch-link"));
  $("abort").addEventListener("click", () => abort(page));
  setInterval(() => renderCountdown(page), 1000);
}

// player is the colour this page plays in an online game, or null.
function player(s) {
  const g = s.game;
  return g && g.mode === "online" && s.mine().length === 1 ? s.mine()[0] : null;
}

// claimShown says whether the page shows the claim of the win: its
// player's opponent has left (players.js, away) and the state says when
// the win may be claimed (claimableAt). Until then the button counts down
// to it, disabled (renderCountdown): nothing is offered that cannot
// succeed.
export function claimShown(s) {
  const me = player(s);
  if (!me || s.awaiting() || !away(s, me === "red" ? "blue" : "red")) return false;
  return !!claimView(s.game, me, serverNow());
}

// abortOffered says whether the page offers the abort: an online game
// with both seats taken and fewer than two moves, to either player, while
// no draw offer waits for an answer (its Accept and Decline take the
// place; the abort comes back once it is answered).
export function abortOffered(s) {
  const g = s.game;
  return !!player(s) && !g.over && g.ply < 2 && !g.drawOffer && !s.freeSeat() && !s.awaiting();
}

// abort ends the game before both first moves, with no result.
async function abort(page) {
  const s = page.state, me = player(s);
  if (!me || s.aborting) return;
  const id = s.game.id;
  say("");
  s.aborting = true;
  $("abort").disabled = true;
  try {
    page.apply(await call("POST", "/api/games/" + encodeURIComponent(id) + "/abort", {}, s.seatToken(me)));
  } catch (e) {
    if (!s.game || s.game.id !== id) return;
    fail(e);
    try { page.apply(await call("GET", "/api/games/" + encodeURIComponent(id))); } catch (e2) { /* the message says enough */ }
  } finally {
    s.aborting = false;
    $("abort").disabled = false;
  }
}

// renderClaim shows the claim button (claimShown), its label counting
// down and disabled until the claim may be made, and the abort button
// (abortOffered).
export function renderClaim(s) {
  const g = s.game, claim = $("claim");
  const shown = !!g && claimShown(s);
  claim.hidden = !shown;
  $("abort").hidden = !(g && abortOffered(s));
  if (!shown) return;
  const view = claimView(g, player(s), serverNow());
  const label = view.open ? t("btn.claim") : t("btn.claimIn", {time: formatClock(Math.ceil(view.left / 1000) * 1000)});
  if (claim.textContent !== label) claim.textContent = label;
  claim.disabled = !view.open;
}

// asked remembers which state the countdown asked the server again about
// (a claim time missing for an opponent just gone, a first move now due),
// so that it asks once for each.
let asked = "";

// renderCountdown shows, once a second, how long until the win may be
// claimed against an opponent who left, on the claim button itself
// ("Claim the win in 4:32", disabled), and enables it the moment the
// claim may be made. An opponent just seen away has no claim time in the
// state yet (presence comes as its own event): the page reads the state
// once to learn it; a first move not made in time is read once too, and
// the server aborts the game on that read.
export function renderCountdown(page) {
  const s = page.state, g = s.game, me = player(s);
  renderClaim(s);
  if (!me || g.over) return;
  const opp = me === "red" ? "blue" : "red";
  const now = serverNow();
  const view = claimView(g, me, now), opening = openingView(g, now);
  const key = g.id + "/" + g.version + "/" + (g.connected && g.connected[opp] ? "here" : "gone");
  const missing = away(s, opp) && g.ply >= 2 && !view;
  if ((missing || (opening && opening.left === 0)) && asked !== key) {
    asked = key;
    call("GET", "/api/games/" + encodeURIComponent(g.id)).then((st) => page.apply(st), () => {});
  }
}

// watchInvitation reads the invitation of the link the page was opened
// with for game id, and the one pasted later: a watcher may paste the
// invitation link over the page's own URL, where only the fragment
// changes and the page does not reload.
export function watchInvitation(page, id) {
  const s = page.state;
  readInvitation(s, id);
  addEventListener("hashchange", () => {
    if (!s.game || !readInvitation(s, s.game.id)) return;
    invitationUsable(s);
    page.render();
  });
}

// readInvitation takes the secret of an invitation link
// (/?game=<id>#invite=<secret>) for game id; it reports whether there was one.
function readInvitation(s, id) {
  const secret = new URLSearchParams(location.hash.slice(1)).get("invite");
  if (!secret) return false;
  s.invited = {id, secret};
  return true;
}

// dropInvitation forgets the invitation the page was opened with and takes
// it out of the address bar, so that the URL copied from there later is a
// watch link and cannot give the seat away a second time.
function dropInvitation(s) {
  s.invited = null;
  if (location.hash) history.replaceState(null, "", location.pathname + location.search);
}

// invitationUsable drops an invitation that cannot be used: this browser
// already plays in the game, or someone else took the seat (said so).
export function invitationUsable(s) {
  const g = s.game;
  if (!s.invited || !g || s.invited.id !== g.id) return;
  if (s.mine().length) { dropInvitation(s); return; }
  if (g.mode !== "online" || !s.freeSeat()) {
    dropInvitation(s);
    if (g.mode === "online" && !g.over) say(t("err.seatTaken"));
  }
}

// fetchInvitation asks the server again for the invitation of an online
// game this browser created and nobody joined yet (after a reload: the
// secret is kept nowhere but on the server).
export async function fetchInvitation(page) {
  const s = page.state, g = s.game;
  if (!g || g.mode !== "online" || g.over || !s.freeSeat() || s.mine().length !== 1) return;
  if (s.invite && s.invite.id === g.id) return;
  try {
    const r = await call("GET", "/api/games/" + encodeURIComponent(g.id) + "/invite", undefined, s.seatToken(s.mine()[0]));
    if (s.game && s.game.id === g.id && r.invite) { s.invite = {id: g.id, secret: r.invite}; page.render(); }
  } catch (e) { /* the seat was taken meanwhile: no invitation to show */ }
}

// join takes the free seat with the invitation the page was opened with;
// a second tap while it is asked for does nothing.
async function join(page) {
  const s = page.state;
  const inv = s.invited;
  if (s.joining || !inv || inv.id !== s.game.id) return;
  say("");
  const n = ++s.boardSeq, id = s.game.id;
  s.joining = true;
  $("join").disabled = true;
  try {
    await askNameOnce();
    if (n !== s.boardSeq) return;
    // A game its creator asked to be rated is joined rated by a player
    // with a name (the Join button says so).
    const body = {invite: inv.secret};
    if (s.game.rated && named()) body.rated = true;
    const r = await call("POST", "/api/games/" + encodeURIComponent(id) + "/join", body);
    if (n !== s.boardSeq) return;
    dropInvitation(s);
    s.seats = saveSeats(r.game.id, r.seats);
    page.startGame(r.game);
  } catch (e) {
    if (n !== s.boardSeq) return;
    if (e.status === 403) { dropInvitation(s); page.render(); say(t("err.invite")); return; }
    if (e.status !== 409) { fail(e); return; }
    dropInvitation(s);
    try { page.apply(await call("GET", "/api/games/" + encodeURIComponent(id))); } catch (e2) { /* the message below says enough */ }
    say(t("err.seatTaken"));
  } finally {
    s.joining = false;
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

// renderOnline shows the join button to a page holding an invitation, and
// the links of an online game.
export function renderOnline(s) {
  const g = s.game;
  const seated = !!g && s.mine().length > 0;
  const live = !!g && !g.over;
  const free = s.freeSeat();
  show("join", !seated && !!free && live && s.invitedHere());
  if (free) $("join").textContent = t(g.rated && named() ? "btn.joinRated" : "btn.joinAs", {color: t("side." + free)});
  // The links of an online game: the invitation while the seat is free
  // (its secret in the fragment, which no server or Referer sees), the watch
  // link for as long as the game runs.
  // The links while a seat waits for its player; then the game has the
  // room (the address bar is the watch link).
  show("share", !!g && g.mode === "online" && seated && live && !!free);
  const inviting = !!free && seated && !!s.invite && s.invite.id === g.id;
  show("invite-box", inviting);
  $("invite-link").value = inviting ? location.origin + "/?game=" + g.id + "#invite=" + s.invite.secret : "";
  if (g) $("watch-link").value = location.origin + "/?game=" + g.id;
}
