// What the play view says about the game: the status line (whose move,
// waiting, the result), the last move in words, the tab's title, the
// messages under the status and the announcements for screen readers.
"use strict";
import {t} from "./i18n.js";
import {ApiError} from "./api.js";
import {describe} from "./position.js";

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

function resultText(s, o) {
  const reason = t("reason." + o.reason);
  if (!o.winner) return o.reason === "agreed" ? t("result.drawAgreed") : t("result.draw", {reason}); // not "Draw: draw agreed"
  if (s.personal()) return t(o.winner === s.viewer() ? "result.win" : "result.lose", {reason});
  return t("result.side", {color: t("side." + o.winner), reason});
}

// statusText is the status line for state s.
export function statusText(s) {
  const g = s.game;
  if (!g) return s.learn ? t("status.analysis") : t("status.none");
  if (g.over && g.outcome) return resultText(s, g.outcome);
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
  document.title = g && s.canMove() && g.mode !== "local" ? t("title.yourMove") + " · " + t("app.title") : t("app.title");
}
