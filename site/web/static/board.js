// The board: 63 buttons in a 7x9 grid, drawn for one side at the bottom.
// Squares are focusable with a roving tabindex; arrow keys move the focus
// as the board is seen, Enter and Space press the square. Pieces are the
// animal pictograms of pieces.svg (drawn for this project) on a token of
// their side's colour, with the rank in a badge; the full name is in the
// square's aria-label and title, never a clipped word.
"use strict";
import {t, cap} from "./i18n.js";
import {FILES, ANIMALS, RANKS, WATER, TRAPS, DENS} from "./rules.js";

// The files' letters, the animals by letter and their ranks are the
// library's, from the server's rules.js.
export {FILES, ANIMALS, RANKS};

const WATER_SQUARES = new Set(WATER);

export function sqName(index) { return FILES[index % 7] + (Math.floor(index / 7) + 1); }
export function sqIndex(name) { return (Number(name[1]) - 1) * 7 + FILES.indexOf(name[0]); }

// pieceOf reads a board letter: upper case Red, lower case Blue.
export function pieceOf(letter) {
  if (!letter) return null;
  const animal = ANIMALS[letter.toLowerCase()];
  if (!animal) return null;
  return {color: letter === letter.toUpperCase() ? "red" : "blue", animal};
}

// pieceName is the piece's name in the page's language with the grammar of
// its noun ("red rat", "rote Ratte", "rata roja"); form is "" (a label),
// "the" (the object of a capture: "the red dog", "den roten Hund", "al
// perro rojo") or "a" (indefinite).
export function pieceName(p, form) {
  return t("pc" + (form ? "." + form : "") + "." + p.color + "." + p.animal);
}

// terrainOf returns the terrain of a square for the viewer: water, own-den,
// enemy-den, own-trap, enemy-trap or land.
export function terrainOf(name, viewer) {
  if (WATER_SQUARES.has(name)) return "water";
  if (DENS[name]) return DENS[name] === viewer ? "own-den" : "enemy-den";
  if (TRAPS[name]) return TRAPS[name] === viewer ? "own-trap" : "enemy-trap";
  return "land";
}

// ownerOf is the side a den or trap belongs to, "" for land and water.
export function ownerOf(name) { return DENS[name] || TRAPS[name] || ""; }

// The pictograms: pieces.svg (the svg package's, "dsq-rat" to
// "dsq-elephant") read once, its symbols kept by animal.
const art = {};

// loadPieces fetches pieces.svg; until it is read (or when it cannot be),
// pieces show their rank alone.
export async function loadPieces() {
  try {
    const res = await fetch("/pieces.svg", {cache: "force-cache"});
    const doc = new DOMParser().parseFromString(await res.text(), "image/svg+xml");
    for (const s of doc.querySelectorAll("symbol")) art[s.id.replace(/^dsq-/, "")] = s;
  } catch (e) { /* the ranks still tell the pieces apart */ }
}

// pictogram draws an animal as an inline svg (so the page's styles colour
// it), or null before pieces.svg is read.
export function pictogram(animal) {
  const sym = art[animal];
  if (!sym) return null;
  const svg = document.createElementNS(sym.namespaceURI, "svg"); // the SVG namespace, as pieces.svg was parsed
  svg.setAttribute("viewBox", "0 0 100 100");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  svg.classList.add("art");
  for (const c of sym.children) svg.append(document.importNode(c, true));
  return svg;
}

// token is a piece as drawn: the side's disc, the animal, the rank badge.
export function token(p, cls) {
  const pc = document.createElement("span");
  pc.className = (cls || "piece") + " " + p.color + " a-" + p.animal;
  pc.setAttribute("aria-hidden", "true");
  const pic = pictogram(p.animal);
  if (pic) pc.append(pic);
  const rk = document.createElement("span");
  rk.className = "pr";
  rk.dataset.t = RANKS[p.animal];
  pc.append(rk);
  return pc;
}

// The text drawn on a square (edge coordinates, the rank badge) is CSS
// generated content from data-t, so that each square's accessible name is
// its aria-label alone ("red lion, g1").
export class Board {
  // el is an empty element; onPress(square) is called when a square is
  // pressed (click, tap, Enter or Space).
  constructor(el, onPress) {
    this.el = el;
    this.el.classList.add("board");
    this.el.setAttribute("role", "group");
    this.onPress = onPress;
    this.cells = {};
    this.focusSq = "a1";
    this.orientation = "red";
    for (let i = 0; i < 63; i++) {
      const name = sqName(i);
      const b = document.createElement("button");
      b.type = "button";
      b.className = "sq";
      b.dataset.sq = name;
      b.tabIndex = -1;
      b.addEventListener("click", () => { this.focusSq = name; this.onPress(name); });
      b.addEventListener("keydown", (e) => this.key(e, name));
      b.addEventListener("focus", () => { this.focusSq = name; this.roving(); });
      this.cells[name] = b;
    }
    this.layout();
  }

  // layout puts the squares in the order seen from the orientation side.
  layout() {
    const order = [];
    for (let row = 0; row < 9; row++) {
      for (let col = 0; col < 7; col++) {
        const rank = this.orientation === "red" ? 8 - row : row;
        const file = this.orientation === "red" ? col : 6 - col;
        order.push(this.cells[FILES[file] + (rank + 1)]);
      }
    }
    this.el.replaceChildren(...order);
    this.roving();
  }

  roving() {
    for (const [name, b] of Object.entries(this.cells)) b.tabIndex = name === this.focusSq ? 0 : -1;
  }

  key(e, name) {
    const dirs = {ArrowUp: [0, 1], ArrowDown: [0, -1], ArrowLeft: [-1, 0], ArrowRight: [1, 0]};
    const d = dirs[e.key];
    if (!d) return;
    e.preventDefault();
    e.stopPropagation();
    const flip = this.orientation === "red" ? 1 : -1;
    const file = FILES.indexOf(name[0]) + d[0] * flip, rank = Number(name[1]) - 1 + d[1] * flip;
    if (file < 0 || file > 6 || rank < 0 || rank > 8) return;
    this.focusSq = FILES[file] + (rank + 1);
    this.roving();
    this.cells[this.focusSq].focus();
  }

  // edge tells which edges of the board, as seen, a square is on: its rank
  // number is drawn on the left edge, its file letter on the bottom edge.
  edge(name) {
    const file = FILES.indexOf(name[0]), rank = Number(name[1]) - 1;
    const left = this.orientation === "red" ? file === 0 : file === 6;
    const bottom = this.orientation === "red" ? rank === 0 : rank === 8;
    return {left, bottom};
  }

  // render draws a view: {board, orientation, viewer, selected, targets,
  // lastMove, learn, refused: {sq: text}, jumpPath, blockers, attackers,
  // threats (pieces that can enter a den next move), marks, better: the
  // [from, to] of the review's better move, betterPiece: its piece}.
  render(v) {
    if (v.orientation !== this.orientation) {
      this.orientation = v.orientation;
      this.layout();
    }
    this.el.setAttribute("aria-label", t("board.label", {color: t("side." + v.orientation)}));
    this.el.classList.toggle("learn", !!v.learn);
    const targets = new Set(v.targets || []);
    const last = v.lastMove ? [v.lastMove.slice(0, 2), v.lastMove.slice(2, 4)] : [];
    const refused = v.refused || {};
    const sets = (xs) => new Set(xs || []);
    const better = v.better || [];
    const jump = sets(v.jumpPath), blockers = sets(v.blockers), attackers = sets(v.attackers), marks = sets(v.marks), threats = sets(v.threats);
    for (let i = 0; i < 63; i++) {
      const name = sqName(i), b = this.cells[name];
      const p = pieceOf(v.board[i]);
      const terrain = terrainOf(name, v.viewer);
      const owner = ownerOf(name);
      const cls = ["sq", "t-" + terrain];
      if (owner) cls.push("o-" + owner);
      if (terrain === "land") cls.push((FILES.indexOf(name[0]) + Number(name[1])) % 2 ? "l1" : "l2");
      const words = [];
      const parts = [];
      const e = this.edge(name);
      if (e.left) parts.push(this.coord("rk", name[1]));
      if (e.bottom) parts.push(this.coord("fl", name[0]));
      if (terrain !== "land") words.push(t("terrain." + terrain));
      if (p) {
        parts.push(token(p));
        cls.push("has-" + p.color);
        words.unshift(t("rank", {n: RANKS[p.animal]}));
      }
      if (v.selected === name) { cls.push("selected"); words.push(t("mark.selected")); }
      if (last.includes(name)) { cls.push("last"); words.push(t("mark.last")); }
      if (targets.has(name)) {
        const m = document.createElement("span");
        m.setAttribute("aria-hidden", "true");
        if (p) { cls.push("target", "capture"); m.className = "ring"; words.push(t("mark.capture")); }
        else { cls.push("target"); m.className = "dot"; words.push(t("mark.target")); }
        parts.push(m);
      }
      if (refused[name]) {
        cls.push("refused");
        const x = document.createElement("span");
        x.className = "x";
        x.dataset.t = "✕";
        x.setAttribute("aria-hidden", "true");
        parts.push(x);
        words.push(t("mark.refused") + ": " + refused[name]);
      }
      if (jump.has(name)) cls.push("jump-path");
      if (blockers.has(name)) cls.push("blocker");
      if (attackers.has(name)) { cls.push("attacker"); words.push(t("mark.attacker")); }
      if (threats.has(name)) { cls.push("threat"); words.push(t("mark.threat")); }
      if (marks.has(name)) cls.push("mark");
      if (better.includes(name)) {
        cls.push("better", name === better[0] ? "better-from" : "better-to");
        words.push(t("mark.better"));
        // The piece of the better move, faint where it stood if it has
        // moved away since.
        if (name === better[0] && !p && v.betterPiece) parts.push(token(v.betterPiece, "piece ghost"));
      }
      b.className = cls.join(" ");
      b.replaceChildren(...parts);
      const label = p ? t("sq.piece", {piece: pieceName(p), rank: RANKS[p.animal], sq: name}) : t("sq.empty", {sq: name});
      b.title = refused[name] ? refused[name] : p ? cap(pieceName(p)) + " · " + t("rank", {n: RANKS[p.animal]}) : "";
      b.setAttribute("aria-label", [label, ...words].join(", "));
    }
  }

  coord(cls, text) {
    const c = document.createElement("span");
    c.className = "coord " + cls;
    c.dataset.t = text;
    c.setAttribute("aria-hidden", "true");
    return c;
  }

  // animate slides the pieces of moves ([from, to] pairs, as drawn now:
  // the piece stands on to) from where they were; nothing moves when the
  // player asked for reduced motion. It returns how many pieces moved.
  animate(moves) {
    if (matchMedia("(prefers-reduced-motion: reduce)").matches) return 0;
    let n = 0;
    for (const [from, to] of moves) {
      const pc = this.cells[to] && this.cells[to].querySelector(".piece");
      if (!pc || !this.cells[from]) continue;
      const a = this.cells[from].getBoundingClientRect(), b = this.cells[to].getBoundingClientRect();
      const dx = a.left - b.left, dy = a.top - b.top;
      if (!dx && !dy) continue;
      pc.animate([{transform: `translate(${dx}px, ${dy}px)`, zIndex: 5}, {transform: "none", zIndex: 5}],
        {duration: Math.min(420, 160 + Math.hypot(dx, dy) / 3), easing: "cubic-bezier(.3,.7,.4,1)"});
      n++;
    }
    return n;
  }
}
