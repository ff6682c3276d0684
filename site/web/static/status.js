// What the play view says about the game: the status line (whose move,
// waiting, the result), the last move in words, the tab's title, the
// messages under the status and the announcements for screen readers.
"use strict";
import {t, has} from "./i18n.js";
import {ApiError} from "./api.js";
import {describe} from "./position.js";
import {away} from "./players.js";

const $ = (id) => document.getElementById(id);

// say shows a message under the status: an error unless info (a notice
// such as "Link copied", not written in the colour of an error).
export function say(text, info) {
  $("message").textContent = text || "";
  $("message").classList.toggle("info", !!info);
}

// saidInfo says whether the message shown is a notice rather than an error.
export function saidInfo() { return $("message").classList.contains("info"); }

export function announce(text) { $("announce").textContent = text; }

export function fail(e) {
  say(e instanceof ApiError ? e.text() : t("err.network"));
}

// resultText says how the game ended. A reason with a sentence of its own
// (a resignation: "Ganas: tu rival se ha rendido", not "Ganas: abandono")
// is written so; any other ending as its reason's name.
function resultText(s, o) {
  const reason = t("reason." + o.reason);
  if (!o.winner) return o.reason === "agreed" ? t("result.drawAgreed") : t("result.draw", {reason}); // not "Draw: draw agreed"
  const loser = t("side." + (o.winner === "red" ? "blue" : "red"));
  const own = (kind) => has("end." + kind + "." + o.reason) ? t("end." + kind + "." + o.reason, {color: t("side." + o.winner), loser}) : null;
  if (s.personal()) {
    const kind = o.winner === s.viewer() ? "win" : "lose";
    return own(kind) || t("result." + kind, {reason});
  }
  return own("side") || t("result.side", {color: t("side." + o.winner), reason});
}

// NO_CAPTURE_LIMIT is the rules' count of half-moves without a capture
// that draws the game (RULES.md); the page warns from NO_CAPTURE_WARN on.
const NO_CAPTURE_LIMIT = 60, NO_CAPTURE_WARN = 40;

// noCapture is the shown position's count of half-moves since the last
// capture: the position notation's third field.
function noCapture(position) {
  const n = Number((position || "").split(" ")[2]);
  return Number.isFinite(n) ? n : 0;
}

// statusText is the status line for state s.
export function statusText(s) {
  const g = s.game;
  if (!g) return s.learn ? t("status.analysis") : t("status.start");
  if (g.over && g.outcome) return resultText(s, g.outcome);
  if (g.over && g.aborted) return t("status.aborted");
  if (g.aiThinking) return t("status.thinking");
  const side = t("side." + g.sideToMove);
  const free = s.freeSeat();
  if (free) {
    if (s.mine().length) return t("status.waitJoin");
    if (s.invitedHere()) return t("status.canJoin", {color: t("side." + free)});
    return t("status.waitSeat") + " · " + t("status.watch");
  }
  if (g.mode === "local") return t("status.toMove", {color: side});
  if (s.seats[g.sideToMove]) return t("status.yourMove", {color: side});
  if (!s.mine().length) return t("status.toMove", {color: side}) + " · " + t("status.watch");
  if (away(s, g.sideToMove)) return t("status.away", {color: side}); // the claim is offered beside it
  return t("status.waiting", {color: side});
}

// renderStatus draws the status line, the shown position's last move and
// the title, and sets the body's data attributes.
export function renderStatus(s) {
  const g = s.game;
  const past = s.viewing();
  // For tests and styles: the ply shown and whether the game is over.
  document.body.dataset.ply = g ? String(g.ply) : "";
  document.body.dataset.over = g && g.over ? "1" : "";
  document.body.dataset.view = past ? String(s.view) : "";
  const st = $("status");
  st.textContent = statusText(s);
  st.classList.toggle("thinking", !!(g && g.aiThinking && !g.over));
  st.classList.toggle("your-move", !!(g && s.canMove() && g.mode !== "local"));
  st.classList.toggle("result", !!(g && g.over));
  st.classList.toggle("won", !!(g && g.over && g.outcome && g.outcome.winner && s.personal() && g.outcome.winner === s.viewer()));
  const shown = s.shownPly();
  const r = g && shown > 0 ? s.record().records[shown - 1] : null;
  $("last-move").textContent = r ? t("lastMove", {text: describe(r)}) : "";
  document.title = titleText(s);
  const left = g && !g.over && !past ? NO_CAPTURE_LIMIT - noCapture(g.position) : Infinity;
  $("nocapture").hidden = !(left <= NO_CAPTURE_LIMIT - NO_CAPTURE_WARN);
  $("nocapture").textContent = left === 1 ? t("nocapture.one") : t("nocapture.many", {n: left});
}

// titleText is the tab's title: whose move it is, or how the game ended,
// then the site's name ("Your move · Dou Shou Qi"), so that a player in
// another tab sees when the game wants them.
function titleText(s) {
  const g = s.game, app = t("app.title");
  if (!g) return app;
  if (g.over && g.outcome) return statusText(s) + " · " + app;
  if (s.canMove() && g.mode !== "local") return t("title.yourMove") + " · " + app;
  if (g.mode === "local" && !g.aiThinking) return t("status.toMove", {color: t("side." + g.sideToMove)}) + " · " + app;
  return app;
}
