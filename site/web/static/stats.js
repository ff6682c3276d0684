// The statistics view, from GET /api/stats.
"use strict";
import {t, cap} from "./i18n.js";
import {call, ApiError} from "./api.js";

let stats = null;

export async function initStats() {
  try {
    stats = await call("GET", "/api/stats");
  } catch (e) {
    document.getElementById("stats-message").textContent = e instanceof ApiError ? e.text() : t("err.network");
    return;
  }
  renderStats();
}

export function renderStats() {
  if (!stats) return;
  const box = document.getElementById("stats");
  const parts = [table("overall", stats.overall)];
  for (const mode of ["ai", "local", "online"]) {
    if (stats.byMode && stats.byMode[mode]) parts.push(table(mode, stats.byMode[mode]));
  }
  box.replaceChildren(...parts);
}

function row(th, td) {
  const tr = document.createElement("tr");
  const h = document.createElement("th");
  h.scope = "row";
  h.textContent = th;
  const d = document.createElement("td");
  d.textContent = td;
  tr.append(h, d);
  return tr;
}

function table(name, s) {
  const sec = document.createElement("section");
  sec.className = "stats-" + name;
  const h = document.createElement("h3");
  h.textContent = t("stats." + name);
  sec.append(h);
  if (!s || !s.games) {
    const p = document.createElement("p");
    p.textContent = t("stats.noGames");
    sec.append(p);
    return sec;
  }
  const tb = document.createElement("table");
  tb.className = "stats-table";
  const num = (x) => (x === null || x === undefined ? "–" : (Math.round(x * 10) / 10).toLocaleString(document.documentElement.lang));
  tb.append(
    row(t("stats.games"), num(s.games)),
    row(t("stats.redWins"), num(s.redWins)),
    row(t("stats.blueWins"), num(s.blueWins)),
    row(t("stats.draws"), num(s.draws)),
    row(t("stats.averageMoves"), num(s.averageMoves) + " (" + t("stats.max") + ": " + num(s.maxMoves) + ", " + t("stats.min") + ": " + num(s.minMoves) + ")"),
  );
  // Red moves first in every game from the start position: the first
  // player's wins are Red's, said once. Only games begun by Blue (from
  // another position) make them differ, and then both rows are shown.
  if (s.firstPlayerWins !== s.redWins || s.secondPlayerWins !== s.blueWins) {
    tb.append(row(t("stats.first"), num(s.firstPlayerWins)), row(t("stats.second"), num(s.secondPlayerWins)));
  }
  sec.append(tb);
  const reasons = Object.entries(s.byReason || {});
  if (reasons.length) {
    const h4 = document.createElement("h4");
    h4.textContent = t("stats.byReason");
    const rt = document.createElement("table");
    rt.className = "stats-table reasons";
    for (const [reason, n] of reasons) rt.append(row(cap(t("reason." + reason)), num(n)));
    sec.append(h4, rt);
  }
  return sec;
}
