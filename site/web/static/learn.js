// The "learn" overlay: what the analysis of a position says about the
// selected piece, the traps and the dens, as board marks and as text.
"use strict";
import {t, has, cap} from "./i18n.js";
import {call} from "./api.js";
import {pieceOf, pieceName} from "./board.js";

// analyse fetches /api/analysis for a position and, optionally, a square
// and moves to play first (the analysis is then of the position they
// reach; an illegal one is an ApiError with status 422 and the rule's code).
export function analyse(position, square, moves) {
  let q = "/api/analysis?position=" + encodeURIComponent(position);
  if (square) q += "&square=" + square;
  if (moves && moves.length) q += "&moves=" + moves.join(",");
  return call("GET", q);
}

// reasonText translates a refusal by its code, falling back to the
// server's message for a code the page does not know.
export function reasonText(r) {
  return has("code." + r.code) ? t("code." + r.code) : (r.message || r.code);
}

// overlay turns an analysis into the board's learn marks.
export function overlay(a) {
  const v = {refused: {}, jumpPath: [], blockers: [], attackers: [], threats: []};
  if (!a) return v;
  for (const r of a.refused || []) v.refused[r.to] = reasonText(r);
  for (const j of a.jumps || []) {
    v.jumpPath.push(...j.path, j.landing);
    if (j.blockedBy) v.blockers.push(j.blockedBy);
  }
  v.attackers = a.attackers || [];
  v.threats = [];
  for (const side of ["red", "blue"]) for (const m of (a.denThreats || {})[side] || []) v.threats.push(m.slice(0, 2));
  return v;
}

function el(tag, text, cls) {
  const e = document.createElement(tag);
  if (text !== undefined) e.textContent = text;
  if (cls) e.className = cls;
  return e;
}

// occupant returns the board letter on a square of a position, or "".
function occupant(position, square) {
  const rows = position.split(" ")[0].split("/");
  const row = rows[9 - Number(square[1])];
  let file = 0;
  for (const ch of row) {
    if (ch >= "1" && ch <= "9") { file += Number(ch); continue; }
    if ("abcdefg"[file] === square[0]) return ch;
    file++;
  }
  return "";
}

function list(xs) { return xs && xs.length ? xs.join(", ") : t("lessons.none"); }

// explainEndgame adds the endgame tables' verdict: who wins with best play
// and how far the next capture or den entry is, or a draw, then the best
// moves of the side to move.
function explainEndgame(box, a) {
  const e = a.endgame;
  const mover = a.position.split(" ")[1] === "b" ? "blue" : "red";
  const other = mover === "red" ? "blue" : "red";
  box.append(el("h3", t("learn.endgame")));
  const winner = e.result === "win" ? mover : e.result === "loss" ? other : "";
  box.append(el("p", winner ? t("learn.endgameWin", {color: t("side." + winner), n: e.distance}) : t("learn.endgameDraw"), "endgame"));
  if (e.best.length) box.append(el("p", t("learn.endgameBest", {color: t("side." + mover), list: list(e.best)}), "endgame-best"));
}

// trapLine is one line for an empty trap, its guards grouped: "d8, blue
// trap: the blue lion (d9) and the blue rat (c8) may capture here", not a
// clause for every animal that might step in. A guard that could take only
// some of them says which.
function trapLine(a, tr) {
  const animals = Object.keys(tr.controllers);
  const by = new Map(); // guard square -> the animals it takes on the trap
  for (const [animal, squares] of Object.entries(tr.controllers)) {
    for (const sq of squares) {
      if (!by.has(sq)) by.set(sq, []);
      by.get(sq).push(animal);
    }
  }
  const head = tr.square + ", " + t("terrain." + tr.owner + "-trap") + ": ";
  if (!by.size) return head + t("learn.trapNone");
  const groups = new Map(); // the animals taken -> the guards taking them
  for (const [sq, takes] of by) {
    const key = takes.length === animals.length ? "*" : takes.join(",");
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(sq);
  }
  const clauses = [];
  for (const [key, squares] of groups) {
    const guards = joinAnd(squares.map((sq) => {
      const p = pieceOf(occupant(a.position, sq));
      return p ? t("learn.guard", {piece: pieceName(p, "def"), sq}) : sq;
    }));
    const n = squares.length === 1 ? "One" : "Many";
    clauses.push(key === "*" ? t("learn.guards" + n, {guards})
      : t("learn.guardsSome" + n, {guards, list: joinOr(key.split(",").map((x) => t("anAcc." + x)))}));
  }
  return head + cap(clauses.join("; "));
}

function joinWith(xs, word) {
  if (xs.length < 2) return xs.join("");
  return xs.slice(0, -1).join(", ") + " " + t(word) + " " + xs[xs.length - 1];
}
const joinAnd = (xs) => joinWith(xs, "word.and");
const joinOr = (xs) => joinWith(xs, "word.or");

// explain fills box with the analysis in words.
export function explain(box, a) {
  box.replaceChildren();
  box.append(el("h3", t("learn.title")));
  if (!a) { box.append(el("p", t("learn.hint"))); return; }
  if (a.endgame) explainEndgame(box, a);
  if (a.square && a.piece) {
    const p = pieceOf(a.piece);
    box.append(el("p", t("learn.piece", {piece: cap(pieceName(p, "def")), sq: a.square}), "piece-title"));
    box.append(el("p", a.targets.length ? t("learn.targets", {list: list(a.targets)}) : t("learn.noTargets")));
    if (a.refused.length) {
      box.append(el("p", t("learn.refused")));
      const ul = el("ul", undefined, "refusals");
      for (const r of a.refused) ul.append(el("li", r.to + ": " + reasonText(r)));
      box.append(ul);
    }
    for (const j of a.jumps) {
      const state = j.blockedBy ? t("learn.jumpBlocked", {sq: j.blockedBy}) : t("learn.jumpOpen");
      box.append(el("p", t("learn.jump", {dir: t("dir." + j.direction), path: j.path.join("–"), landing: j.landing, state}), "jump"));
    }
    box.append(el("p", a.attackers.length ? t("learn.attackers", {list: list(a.attackers)}) : t("learn.noAttackers"), "attackers"));
  } else {
    box.append(el("p", t("learn.hint")));
  }
  box.append(el("h3", t("learn.threats")));
  let any = false;
  for (const side of ["red", "blue"]) {
    const th = a.denThreats[side] || [];
    if (th.length) {
      any = true;
      box.append(el("p", t("learn.threat", {color: t("side." + side), list: list(th)}), "threat"));
    }
  }
  if (!any) box.append(el("p", t("learn.noThreats")));
  const mover = a.position.split(" ")[1] === "b" ? "blue" : "red";
  const other = mover === "red" ? "blue" : "red";
  if ((a.denThreats[other] || []).length && !a.outcome) {
    box.append(el("p", a.denDefences.length ? t("learn.defences", {color: t("side." + mover), list: list(a.denDefences)}) : t("learn.noDefence", {color: t("side." + mover)}), "defences"));
  }
  box.append(el("h3", t("learn.traps")));
  const ul = el("ul", undefined, "traps");
  for (const tr of a.traps) {
    const parts = [];
    const inside = !!occupant(a.position, tr.square);
    if (!inside) {
      ul.append(el("li", trapLine(a, tr)));
      continue;
    }
    for (const [animal, squares] of Object.entries(tr.controllers)) {
      if (!squares.length) continue;
      const forms = {the: t("the." + animal), theAcc: t("theAcc." + animal), an: t("an." + animal), anAcc: t("anAcc." + animal), list: squares.join(", ")};
      parts.push(t("learn.trapIn", forms));
    }
    ul.append(el("li", t("terrain." + tr.owner + "-trap") + " " + tr.square + ": " + (parts.length ? parts.join("; ") : t("learn.trapNone"))));
  }
  box.append(ul);
}
