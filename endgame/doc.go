// Package endgame solves Dou Shou Qi endings exactly: for a material set (the
// animals each side has, up to MaxPieces in all) it computes, by retrograde
// analysis, the value of every position with either side to move, and
// answers "blue wins in 17" for any position whose material is solved, with
// the best moves.
//
// # What a value means
//
// The rules that end a game with few pieces are the den entry (the mover
// wins), the side to move without a legal move or without pieces (it loses)
// and the no-capture limit L (Rules.MoveLimit, 60 by default: after L
// half-moves without a capture the game is drawn, unless a den entry or a
// lack of moves decides that same half-move). A capture resets the count and
// leads into a smaller material, which is solved first; a den entry ends the
// game. Both are zeroing events.
//
// A position P with no-capture count c is a game with k = L - c half-moves
// left before the draw. With more half-moves left, neither side can do worse
// (a strategy that forces a result within k half-moves forces it within k+1),
// so each position has a smallest k that wins for the side to move, or a
// smallest k that loses, or neither. The table stores that number d, the
// distance: the half-moves to the next zeroing event when the winner hastens
// it and the loser delays it (a win in d has a move that zeroes and wins at
// once, d = 1, or a quiet move to a loss in d-1 for the opponent; a loss in d
// has only moves into wins for the opponent, the longest resistance taking d
// half-moves, a losing capture counting 1). The value of P at count c is then
//
//	win in d   if the entry is a win in d and d <= L - c
//	loss in d  if the entry is a loss in d and d <= L - c
//	draw       otherwise
//
// This is exact for every count c, not an approximation in the manner of
// chess's DTZ50 tables: the position's own count is an input of Probe, and a
// win that needs more half-moves than are left is a draw. Distance 0 marks a
// position already decided (a loss without a legal move, a loss or win with a
// piece in a den), which stands at any count. Only wins and losses with
// d <= L are found; the rest are draws, so an entry never claims a win the
// limit forbids. With no limit (Rules.MoveLimit = NoMoveLimit) every win and
// loss is found, however long.
//
// The distance counts half-moves to the next zeroing event, as chess tables
// count distance to zeroing, not to the end of the game: after a winning
// capture the winner wins the smaller ending, whose own table gives the next
// distance. Playing BestMoves from a won position wins the game.
//
// Values are for the rules of the Tables: Standard and every combination of
// Rules.TrappedCapture, Rules.SwapDogWolf and Rules.MoveLimit, each solved
// separately. Rules.Threefold is not applied (a table knows no history).
//
// # Files and memory
//
// Table.WriteFile stores a table in a file of its own, with checksums;
// Open, Load, LoadDir and ReadFile read them back. On unix systems a file is
// mapped read-only rather than read into the heap: its entries stay in the
// kernel's page cache, read from disk as probes first touch them, shared by
// every process that opens the same file, and reclaimable under memory
// pressure, so that the 117 MiB of the sets of up to three pieces do not
// count as each server process's own memory (see lab/egtb/tables-memory.md).
// Elsewhere the entries are read into the heap. Tables.Close and Table.Close
// release them. Replace a table file by renaming a new one over it (as
// WriteFile does), never by rewriting it in place while it is open.
//
// # Bad input
//
// Nothing here panics on what a caller passes: a nil *Tables or *Table and
// the zero values answer every method (probes false, errors for what would
// add or write a table), and Probe answers false, never a value, for the
// zero Position or any position the library's validation refuses. How the
// tables are solved, and how the tests hold them to an independent slow
// solver, is told in docs/endgame.md.
package endgame
