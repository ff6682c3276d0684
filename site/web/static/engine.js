// The analysis board's engine line: what the engine would play in the
// position on the board, its evaluation and the line it expects, written
// in pairs ("12. a3a4 g7g6 13. ..."). Shown on the analysis board (a
// position with no game, /?position=), fetched again whenever the position
// changes. The server's search gives one line for now; the page shows as
// many as GET /api/engine sends.
"use strict";
import {t} from "./i18n.js";
import {call} from "./api.js";

const $ = (id) => document.getElementById(id);

let asked = null; // the position of the last request, to drop stale answers

// renderEngine shows the engine's lines of the analysis board's position,
// or hides the box while a game is on the board.
export async function renderEngine(s) {
  const box = $("engine-lines");
  const on = !s.game && s.learn;
  box.hidden = !on;
  if (!on) { asked = null; return; }
  const pos = s.position;
  if (asked === pos) return;
  asked = pos;
  box.replaceChildren(head(), line(t("engine.thinking")));
  try {
    const a = await call("GET", "/api/engine?position=" + encodeURIComponent(pos));
    if (asked !== pos) return;
    if (!a.lines.length) { box.replaceChildren(head(), line(t("engine.none"))); return; }
    box.replaceChildren(head(), ...a.lines.map((l) => line(evalText(l) + " · " + pairs(pos, l.pv), "pv")));
  } catch (e) {
    if (asked !== pos) return;
    asked = null; // a later render asks again
    box.replaceChildren(head(), line(e.status === 503 ? t("engine.busy") : t("err.network")));
  }
}

function head() {
  const h = document.createElement("h3");
  h.textContent = t("engine.title");
  return h;
}

function line(text, cls) {
  const p = document.createElement("p");
  p.textContent = text;
  if (cls) p.className = cls;
  return p;
}

// evalText is a line's evaluation: "+0.4" (Red's view), or who wins.
function evalText(l) {
  if (l.win) return t("engine.win", {color: t("side." + l.win.color), n: l.win.in});
  return (l.eval >= 0 ? "+" : "") + (l.eval / 100).toFixed(1);
}

// pairs writes moves played from position in pairs, numbered from the
// position's move number: "7. a3a4 g7g6 8. b2b3", "7… g7g6 8. b2b3".
export function pairs(position, moves) {
  const f = position.split(" ");
  let n = Number(f[3]) || 1;
  let blue = f[1] === "b";
  const out = [];
  moves.forEach((m, i) => {
    if (!blue) out.push(n + ".");
    else if (i === 0) out.push(n + "…");
    out.push(m);
    if (blue) n++;
    blue = !blue;
  });
  return out.join(" ");
}
