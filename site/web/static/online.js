// Online games in the play view: the invitation a browser creates or is
// opened with, taking the free seat with it (join), and the invitation and
// watch links with their Copy buttons. Every function takes the page that
// play.js wires (page.state, page.render, page.apply, page.startGame).
"use strict";
import {t} from "./i18n.js";
import {call, saveSeats} from "./api.js";
import {say, fail} from "./status.js";

const $ = (id) => document.getElementById(id);
const show = (id, on) => { $(id).hidden = !on; };

// initOnline sets up the join and copy buttons.
export function initOnline(page) {
  $("join").addEventListener("click", () => join(page));
  $("copy-invite").addEventListener("click", () => copyLink("invite-link"));
  $("copy-watch").addEventListener("click", () => copyLink("watch-link"));
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
    const r = await call("POST", "/api/games/" + encodeURIComponent(id) + "/join", {invite: inv.secret});
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
  if (free) $("join").textContent = t("btn.joinAs", {color: t("side." + free)});
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
