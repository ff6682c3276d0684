// The play view's board: drawing the shown position with its marks (the
// selection and its targets, the last move, the learn overlay, the
// review's better move), the captured pieces beside it, the pieces sliding
// and the beep of a move, and what pressing a square does (select a piece,
// move it, learn about it). Every function takes the page that play.js
// wires (page.state, page.view, page.render).
"use strict";
import {t, cap} from "./i18n.js";
import {Board, pieceOf, pieceName, sqIndex, token, RANKS} from "./board.js";
import {analyse, overlay, explain, reasonText} from "./learn.js";
import {boardOf} from "./position.js";
import {other} from "./state.js";
import {say, fail} from "./status.js";
import {move} from "./controls.js";
import {step} from "./review.js";

const $ = (id) => document.getElementById(id);

// BoardView draws a PlayState on the board element el; onPress(square) is
// called when a square is pressed.
export class BoardView {
  constructor(el, onPress) {
    this.board = new Board(el, onPress);
    this.audio = null; // made on the first beep
  }

  // draw draws the shown position of s; judged is the review of the shown
  // move (null when the review is not shown).
  draw(s, judged) {
    const g = s.game;
    const rec = s.record();
    const past = s.viewing();
    const v = Object.assign({
      board: past ? rec.boards[s.view] : boardOf(s.shownPosition()),
      orientation: s.orientation(), viewer: s.viewer(), selected: s.selected,
      targets: s.targets, lastMove: g ? (past ? (s.view > 0 ? g.moves[s.view - 1] : null) : g.lastMove) : null, learn: s.learn,
    }, s.learn && !past ? overlay(s.analysis) : {});
    if (s.learn && s.analysis && !past && !(g && s.canMove() && s.selected)) {
      v.targets = s.analysis.targets; // what the selected piece could do
    }
    if (judged && judged.mark) {
      const from = judged.best.slice(0, 2);
      v.better = [from, judged.best.slice(2, 4)];
      v.betterPiece = pieceOf(rec.boards[judged.ply - 1][sqIndex(from)]);
    }
    this.board.render(v);
    $("legend").classList.toggle("blue-view", s.viewer() === "blue");
    $("sound").setAttribute("aria-pressed", String(s.sound));
    $("flip").setAttribute("aria-pressed", String(s.flip));
  }

  // drawTrays shows, above and below the board, the pieces each side has
  // taken by the shown position.
  drawTrays(s) {
    const g = s.game, rec = s.record();
    const now = g ? (s.viewing() ? rec.boards[s.view] : boardOf(g.position)) : null, start = g ? rec.boards[0] : null;
    const bottom = s.orientation(), top = other(bottom);
    for (const [id, side] of [["tray-top", top], ["tray-bottom", bottom]]) {
      const tray = $(id);
      const taken = [];
      if (now && start) {
        const count = (b, l) => b.filter((x) => x === l).length;
        for (const l of (side === "red" ? "ecdwptle" : "RCDWPTLE")) {
          for (let k = count(now, l); k < count(start, l); k++) taken.push(pieceOf(l));
        }
      }
      taken.sort((a, b) => RANKS[a.animal] - RANKS[b.animal]);
      const label = document.createElement("span");
      label.className = "sr-only";
      label.textContent = t("tray.label", {color: t("side." + side)}) + ": " + (taken.length ? taken.map((p) => pieceName(p)).join(", ") : t("tray.none"));
      tray.replaceChildren(label, ...taken.map((p) => token(p, "mini")));
      tray.classList.toggle("empty", !taken.length);
      tray.dataset.side = side;
    }
  }

  // slide animates the board from the position after ply a to the one after
  // ply b of the game whose moves are given (the longer list, for an undo):
  // forward the last move's piece comes from its square; backward each
  // taken-back piece returns.
  slide(a, b, moves) {
    if (a === null || a === b || !moves) return;
    const pairs = [];
    if (b > a) {
      const m = moves[b - 1];
      pairs.push([m.slice(0, 2), m.slice(2, 4)]);
    } else {
      const seen = new Set();
      for (let k = a - 1; k >= b; k--) {
        const m = moves[k];
        if (!m || seen.has(m.slice(0, 2))) continue;
        seen.add(m.slice(0, 2));
        pairs.push([m.slice(2, 4), m.slice(0, 2)]);
      }
    }
    const n = this.board.animate(pairs);
    document.body.dataset.anims = String(Number(document.body.dataset.anims || 0) + n);
  }

  // beep plays a short tone through WebAudio (no file is fetched): higher
  // for a step, lower for a capture.
  beep(capture) {
    try {
      const Ctx = window.AudioContext || window.webkitAudioContext;
      if (!Ctx) return;
      if (!this.audio) this.audio = new Ctx();
      const audio = this.audio;
      const o = audio.createOscillator(), gain = audio.createGain();
      o.frequency.value = capture ? 330 : 660;
      gain.gain.setValueAtTime(0.08, audio.currentTime);
      gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + 0.12);
      o.connect(gain).connect(audio.destination);
      o.start();
      o.stop(audio.currentTime + 0.13);
      document.body.dataset.beeps = String(Number(document.body.dataset.beeps || 0) + 1);
    } catch (e) { /* no sound on this browser */ }
  }
}

// initBoardControls sets up the switches of the board: turning it, the
// sound (kept in localStorage) and the learn overlay.
export function initBoardControls(page) {
  const s = page.state;
  $("learn").addEventListener("change", () => { s.learn = $("learn").checked; refreshAnalysis(page); });
  $("flip").addEventListener("click", () => { s.flip = !s.flip; page.render(); });
  try { s.sound = localStorage.getItem("dsq.sound") === "1"; } catch (e) { /* storage may be off */ }
  $("sound").addEventListener("click", () => {
    s.sound = !s.sound;
    try { localStorage.setItem("dsq.sound", s.sound ? "1" : "0"); } catch (e) { /* kept for this page only */ }
    if (s.sound) page.view.beep(false);
    page.render();
  });
}

// ---- pressing squares ----

export function deselect(page) {
  page.state.clearMarks();
  say("");
  page.render();
  explainNow(page.state);
}

export async function press(page, sq) {
  const s = page.state;
  if (s.viewing()) { step(page, Infinity); return; }
  const g = s.game;
  const letters = boardOf(s.shownPosition());
  const p = pieceOf(letters[sqIndex(sq)]);
  if (s.selected && s.targets.includes(sq) && s.canMove()) return move(page, s.selected, sq);
  if (!g && s.selected && s.analysis && (s.analysis.targets || []).includes(sq)) return playOnBoard(page, s.selected + sq);
  if (s.selected === sq) { deselect(page); return; }
  if (p && s.canMove() && p.color === g.sideToMove) return select(page, sq, true);
  if (s.selected && await explainRefusal(s, sq)) return;
  if (p && s.learn) return select(page, sq, false);
  if (s.selected) {
    const sel = pieceOf(letters[sqIndex(s.selected)]);
    // The selection and its marks stay, so that "choose a marked square"
    // points at squares the player can see.
    if (sel && s.canMove()) { say(t("msg.notTarget", {piece: cap(pieceName(sel, "def")), sq})); return; }
    deselect(page);
  }
}

// playOnBoard plays move m on the analysis board (a position with no game):
// the server plays it by the rules (a move of the side not to move is
// refused, and said so) and the board, its address, the Learn overlay and
// the engine's line follow the position it reaches.
async function playOnBoard(page, m) {
  const s = page.state;
  try {
    const a = await analyse(s.position, null, [m]);
    s.position = a.position;
    s.clearMarks();
    s.analysis = null;
    const q = new URLSearchParams(location.search);
    q.set("position", a.position);
    history.replaceState(null, "", "?" + q.toString());
    page.render();
    await refreshAnalysis(page);
  } catch (e) { fail(e); }
}

// explainRefusal says why the selected piece may not go to sq, when the
// rules refuse it a neighbour or a river landing: the analysis of the
// shown position (GET /api/analysis, the learn overlay's when it is on)
// lists them with their rules. It reports whether it said so.
async function explainRefusal(s, sq) {
  const pos = s.shownPosition(), from = s.selected;
  let a = s.learn ? s.analysis : null;
  if (!a || a.position !== pos || a.square !== from) {
    try { a = await analyse(pos, from); } catch (e) { return false; }
    if (s.shownPosition() !== pos || s.selected !== from) return true; // the board moved on: nothing to say
  }
  const r = (a.refused || []).find((x) => x.to === sq);
  if (r) say(t("err.refused", {reason: reasonText(r)}));
  return !!r;
}

// select marks a piece; mover says it may move now (its targets are the
// state's "legal" field, API.md: no round trip), otherwise it is selected
// to learn about it.
async function select(page, sq, mover) {
  const s = page.state;
  s.selected = sq;
  s.targets = mover ? (s.game.legal || {})[sq] || [] : [];
  say("");
  page.render();
  try {
    if (s.learn) await refreshAnalysis(page);
  } catch (e) { fail(e); }
}

// refreshAnalysis asks for the learn overlay of the shown position and the
// selected piece (or drops it when learn is off).
export async function refreshAnalysis(page) {
  const s = page.state;
  $("legend").hidden = !s.learn;
  $("explain").hidden = !s.learn;
  if (!s.learn) { s.analysis = null; page.render(); return; }
  const pos = s.shownPosition(), sq = s.selected;
  try {
    const a = await analyse(pos, sq);
    if (s.shownPosition() !== pos || s.selected !== sq) return;
    s.analysis = a;
  } catch (e) {
    if (s.shownPosition() !== pos || s.selected !== sq) return; // a newer request is on its way
    fail(e);
    s.analysis = null;
  }
  page.render();
  explainNow(s);
}

export function explainNow(s) {
  if (s.learn) explain($("explain"), s.analysis);
}
