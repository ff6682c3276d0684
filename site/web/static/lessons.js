// The lessons view: position analyses from lessons.json, each with a
// question, a board to play on, and an answer revealed on request. Every
// verdict the page shows (a move tried on the board, the "rules engine"
// line under the answer) comes from /api/analysis at run time: the page
// holds no rule of its own.
"use strict";
import {t, has, currentLanguage} from "./i18n.js";
import {call, ApiError} from "./api.js";
import {Board, pieceOf, sqIndex} from "./board.js";
import {analyse, overlay, explain} from "./learn.js";
import {boardOf} from "./position.js";

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
  if (location.hash) {
    const target = document.getElementById(location.hash.slice(1));
    if (target) target.scrollIntoView();
  }
}

export function renderLessons() {
  if (!lessons) return;
  const box = document.getElementById("lessons");
  box.replaceChildren(...lessons.map(card));
}

function text(l) { return l.text[currentLanguage()] || l.text.en; }

function el(tag, txt, cls) {
  const e = document.createElement(tag);
  if (txt !== undefined) e.textContent = txt;
  if (cls) e.className = cls;
  return e;
}

// refusal is the text of a 422 from the analysis: the rule's reason.
function refusal(e) {
  return has("code." + e.code) ? t("code." + e.code) : (e.message || e.code);
}

function card(l) {
  const tx = text(l);
  const art = el("article", undefined, "lesson");
  art.id = "lesson-" + l.id;
  const side = l.position.split(" ")[1] === "b" ? "blue" : "red";
  const boardEl = document.createElement("div");
  const col = el("div", undefined, "text");
  const verdict = el("p", undefined, "verdict");
  verdict.setAttribute("aria-live", "polite");
  const info = el("div", undefined, "explain");
  info.hidden = true;
  const reset = el("button", t("lessons.reset"), "reset");
  reset.type = "button";
  reset.hidden = true;
  // The lesson board's own state: the position shown (the lesson's, or the
  // one a tried move reached), the selected piece and its analysis.
  // seq counts the card's actions: an answer to an older one (a slow
  // analysis after a move was tried, a move's answer after Reset) is dropped.
  const st = {position: l.position, selected: null, analysis: null, last: null, seq: 0};
  const b = new Board(boardEl, (sq) => press(sq));
  const draw = () => {
    const v = {board: boardOf(st.position), orientation: "red", viewer: side, learn: true, marks: st.position === l.position ? l.marks : [],
      selected: st.selected, lastMove: st.last};
    if (st.analysis) Object.assign(v, overlay(st.analysis), {targets: st.analysis.targets});
    b.render(v);
    reset.hidden = st.position === l.position;
  };
  const press = async (sq) => {
    const letters = boardOf(st.position);
    const p = pieceOf(letters[sqIndex(sq)]);
    if (st.selected && st.selected !== sq) {
      // Another piece of the same side changes the selection; any other
      // square is a move to try.
      const sel = pieceOf(letters[sqIndex(st.selected)]);
      if (!(p && sel && p.color === sel.color)) return tryMove(st.selected + sq);
    }
    const n = ++st.seq;
    if (!p || st.selected === sq) { st.selected = null; st.analysis = null; info.hidden = true; draw(); return; }
    st.selected = sq;
    try {
      const a = await analyse(st.position, sq);
      if (n !== st.seq) return;
      st.analysis = a;
      info.hidden = false;
      explain(info, st.analysis);
    } catch (e) {
      if (n !== st.seq) return;
      st.analysis = null;
      info.hidden = false;
      info.textContent = e instanceof ApiError ? e.text() : t("err.network");
    }
    draw();
  };
  // tryMove asks the server to play the move from the shown position: a
  // legal move is played on the board, a refused one is explained.
  const tryMove = async (m) => {
    const n = ++st.seq;
    st.selected = null;
    st.analysis = null;
    info.hidden = true;
    try {
      const a = await analyse(st.position, "", [m]);
      if (n !== st.seq) return;
      st.position = a.position;
      st.last = m;
      let s = t("lessons.verdictLegal", {move: m});
      if (a.outcome) s += " · " + outcomeText(a.outcome);
      verdict.textContent = s;
      verdict.className = "verdict ok";
    } catch (e) {
      if (n !== st.seq) return;
      verdict.textContent = e instanceof ApiError && e.status === 422 ? t("lessons.verdictRefused", {move: m, reason: refusal(e)}) : (e instanceof ApiError ? e.text() : t("err.network"));
      verdict.className = "verdict no";
    }
    draw();
  };
  reset.addEventListener("click", () => {
    Object.assign(st, {position: l.position, selected: null, analysis: null, last: null, seq: st.seq + 1});
    verdict.textContent = "";
    info.hidden = true;
    draw();
  });
  draw();
  const btn = el("button", undefined, "reveal");
  btn.type = "button";
  const ans = el("div", undefined, "answer");
  ans.id = "answer-" + l.id;
  btn.setAttribute("aria-controls", ans.id);
  const setOpen = (on) => {
    ans.hidden = !on;
    btn.setAttribute("aria-expanded", String(on));
    btn.textContent = on ? t("lessons.hide") : t("lessons.reveal");
    if (on) { open.add(l.id); fillAnswer(l, ans); } else open.delete(l.id);
  };
  btn.addEventListener("click", () => setOpen(ans.hidden));
  // The question comes first on a phone (title, question, board, then the
  // answer); on a wide screen the board stands beside them.
  const head = el("div", undefined, "head");
  head.append(el("h3", tx.title), el("p", tx.question, "question"));
  col.append(el("p", t("lessons.try"), "try"), verdict, reset, btn, ans, info);
  art.append(head, boardEl, col);
  setOpen(open.has(l.id));
  return art;
}

function outcomeText(o) {
  const reason = t("reason." + o.reason);
  return o.winner ? t("result.side", {color: t("side." + o.winner), reason}) : t("result.draw", {reason});
}

async function fillAnswer(l, ans) {
  const tx = text(l);
  const a = el("p", undefined, "answer-text");
  a.append(el("strong", tx.answer), " " + tx.reason);
  const engine = el("p", undefined, "engine");
  ans.replaceChildren(a, engine);
  try {
    engine.textContent = t("lessons.engine", {text: await engineSays(l)});
    engine.dataset.done = "1";
  } catch (e) {
    engine.textContent = e instanceof ApiError ? e.text() : t("err.network");
  }
}

// engineSays asks /api/analysis the lesson's question: whether the move is
// legal (and if not, which rule refuses it), which moves meet the den
// threats, or what the moves played lead to.
export async function engineSays(l) {
  const c = l.check;
  if (c.kind === "move") {
    try {
      await analyse(l.position, "", [c.move]);
      return t("lessons.engineLegal", {move: c.move});
    } catch (e) {
      if (!(e instanceof ApiError) || e.status !== 422) throw e;
      return t("lessons.engineRefused", {move: c.move, reason: refusal(e)});
    }
  }
  if (c.kind === "defences") {
    const a = await analyse(l.position);
    return t("lessons.engineDefences", {list: a.denDefences.length ? a.denDefences.join(", ") : t("lessons.none")});
  }
  const a = await analyse(l.position, "", c.moves);
  return t("lessons.engineOutcome", {moves: c.moves.join(" "), result: a.outcome ? outcomeText(a.outcome) : t("lessons.undecided")});
}
