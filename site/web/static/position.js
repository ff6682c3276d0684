// Positions and recorded moves as the page reads them: the start position,
// a position's board as 63 letters, a game replayed from its moves, and a
// move in words. The server judges every move; the page only replays the
// recorded moves (a piece goes from one square to another) to show past
// positions.
"use strict";
import {t, cap} from "./i18n.js";
import {pieceOf, pieceName, sqIndex} from "./board.js";
import {START} from "./rules.js";

// START is the position every game starts from unless it names another:
// the library's, from the server's rules.js.
export {START};

// boardOf expands a position's board field into 63 letters, index a1 = 0.
export function boardOf(position) {
  const rows = position.split(" ")[0].split("/");
  const out = new Array(63).fill("");
  rows.forEach((row, i) => {
    const rank = 8 - i;
    let file = 0;
    for (const ch of row) {
      if (ch >= "1" && ch <= "9") file += Number(ch);
      else out[rank * 7 + file++] = ch;
    }
  });
  return out;
}

// replay walks a game's recorded moves from its start: the board after
// each half-move (boards[k] after k moves) and each move's record: the
// piece that moved and the piece it took. Moving a letter is all it does:
// the moves were judged by the server when they were played.
export function replay(start, moves) {
  let b = boardOf(start);
  const boards = [b], records = [];
  moves.forEach((m, i) => {
    const from = sqIndex(m.slice(0, 2)), to = sqIndex(m.slice(2, 4));
    const piece = pieceOf(b[from]), victim = pieceOf(b[to]);
    records.push({ply: i + 1, move: m, piece, victim});
    b = b.slice();
    b[to] = b[from];
    b[from] = "";
    boards.push(b);
  });
  return {boards, records};
}

// describe is a move in words: "Blue lion c7c3, takes the red dog".
export function describe(r) {
  if (!r || !r.piece) return r ? r.move : "";
  const piece = cap(pieceName(r.piece));
  if (r.victim) return t("announce.capture", {piece, move: r.move, victim: pieceName(r.victim, "obj")});
  return t("announce.move", {piece, move: r.move});
}
