// The lessons view: position analyses from lessons.json, each with a
// question, a board to explore, and an answer revealed on request. The
// revealed answer also shows what the rules engine says.
"use strict";
import {t, currentLanguage} from "./i18n.js";
import {call, ApiError} from "./api.js";
import {Board, pieceOf, sqIndex} from "./board.js";
import {analyse, overlay, explain, reasonText} from "./learn.js";
import {boardOf} from "./play.js";

let lessons = null;
const open = new Set();

export async function initLessons() {
  const box = document.getElementById("lessons");
  try {
    lessons = await call("GET", "/lessons.json");
  } catch (e) {
    box.textContent = e instanceof ApiError ? e.text() : t("err.network");
    return;
  }
  renderLessons();
}

export function renderLessons() {
  if (!lessons) return;
  const box = document.getElementById("lessons");
  box.replaceChildren(...lessons.map(card));
}

function text(l) { return l.text[currentLanguage()] || l.text.en; }

function card(l) {
  const tx = text(l);
  const art = document.createElement("article");
  art.className = "lesson";
  art.id = "lesson-" + l.id;
  const side = l.position.split(" ")[1] === "b" ? "blue" : "red";
  const boardEl = document.createElement("div");
  const b = new Board(boardEl, (sq) => study(l, b, sq, side, info));
  const v = {board: boardOf(l.position), orientation: "red", viewer: side, learn: true, marks: l.marks};
  b.view = v;
  b.render(v);
  const col = document.createElement("div");
  col.className = "text";
  const h = document.createElement("h3");
  h.textContent = tx.title;
  const q = document.createElement("p");
  q.className = "question";
  q.textContent = tx.question;
  const btn = document.createElement("button");
  btn.type = "button";
  btn.className = "reveal";
  const ans = document.createElement("div");
  ans.className = "answer";
  ans.id = "answer-" + l.id;
  btn.setAttribute("aria-controls", ans.id);
  const info = document.createElement("div");
  info.className = "explain";
  info.hidden = true;
  const setOpen = (on) => {
    ans.hidden = !on;
    btn.setAttribute("aria-expanded", String(on));
    btn.textContent = on ? t("lessons.hide") : t("lessons.reveal");
    if (on) { open.add(l.id); fillAnswer(l, ans); } else open.delete(l.id);
  };
  btn.addEventListener("click", () => setOpen(ans.hidden));
  col.append(h, q, btn, ans, info);
  art.append(boardEl, col);
  setOpen(open.has(l.id));
  return art;
}

// study shows the learn overlay for a square of the lesson's board.
async function study(l, b, sq, side, info) {
  const v = Object.assign({}, b.view, {selected: sq, refused: {}, jumpPath: [], blockers: [], attackers: [], targets: []});
  if (!pieceOf(boardOf(l.position)[sqIndex(sq)])) { b.render(b.view); info.hidden = true; return; }
  try {
    const a = await analyse(l.position, sq);
    Object.assign(v, overlay(a), {targets: a.targets});
    b.render(v);
    info.hidden = false;
    explain(info, a);
  } catch (e) {
    info.hidden = false;
    info.textContent = e instanceof ApiError ? e.text() : t("err.network");
  }
}

async function fillAnswer(l, ans) {
  const tx = text(l);
  const a = document.createElement("p");
  a.className = "answer-text";
  const strong = document.createElement("strong");
  strong.textContent = tx.answer;
  a.append(strong, " " + tx.reason);
  const engine = document.createElement("p");
  engine.className = "engine";
  ans.replaceChildren(a, engine);
  try {
    engine.textContent = t("lessons.engine", {text: await engineSays(l)});
  } catch (e) {
    engine.textContent = e instanceof ApiError ? e.text() : t("err.network");
  }
}

// engineSays asks /api/analysis the lesson's question.
async function engineSays(l) {
  const c = l.check;
  if (c.kind === "move") {
    const from = c.move.slice(0, 2), to = c.move.slice(2, 4);
    const a = await analyse(l.position, from);
    if (a.targets.includes(to)) return t("lessons.engineLegal", {move: c.move});
    const r = a.refused.find((x) => x.to === to);
    return t("lessons.engineRefused", {move: c.move, reason: r ? reasonText(r) : t("code.illegal-move")});
  }
  if (c.kind === "defences") {
    const a = await analyse(l.position);
    return t("lessons.engineDefences", {list: a.denDefences.length ? a.denDefences.join(", ") : t("lessons.none")});
  }
  return t("result.draw", {reason: t("reason.move limit")});
}
