package endgame

import (
	"fmt"
)

// Result is the game-theoretic result for the side to move.
type Result int8

// The three results, for the side to move.
const (
	Loss Result = -1
	Draw Result = 0
	Win  Result = 1
)

// String returns "win", "draw" or "loss".
func (r Result) String() string {
	switch r {
	case Win:
		return "win"
	case Loss:
		return "loss"
	}
	return "draw"
}

// Value is the exact value of a position for the side to move: its Result
// and, for a win or a loss, Distance, the number of half-moves to the next
// zeroing event under best play (the winner hastening it, the loser delaying
// it). A zeroing event is a den entry or a capture that keeps the win (both
// reset or end the no-capture count), or the loser's being left without a
// move. Distance 0 is a position already decided: a loss with no legal move
// or with an enemy piece in the den, a win with one's own piece in the enemy
// den. For a draw Distance is 0.
type Value struct {
	Result   Result
	Distance int
}

// String returns "win in 17", "loss in 4" or "draw"; distances are in
// half-moves to the next zeroing event.
func (v Value) String() string {
	if v.Result == Draw {
		return "draw"
	}
	return fmt.Sprintf("%s in %d", v.Result, v.Distance)
}

// Entry codes, one per position of a table (the file stores them as they are):
//
//	0          invalid index (two pieces on a square, pieces in both dens)
//	1          draw: neither side can force a zeroing event within the limit
//	2d+2       loss: the side to move loses in d half-moves (d >= 0)
//	2d+3       win: the side to move wins in d half-moves (d >= 0)
//
// d is the smallest number of half-moves left before the no-capture limit
// that suffices (see the package documentation).
const (
	codeInvalid uint16 = 0
	codeDraw    uint16 = 1
	maxCode     uint16 = 0xFFFE // 0xFFFF marks invalid in the solver's work words
)

func lossCode(d int) uint16 { return uint16(2*d + 2) }
func winCode(d int) uint16  { return uint16(2*d + 3) }

// maxDistance is the largest distance a code holds.
const maxDistance = (int(maxCode) - 3) / 2

// decodeRaw returns the result and distance of a code, ignoring the counter.
func decodeRaw(code uint16) (Result, int, bool) {
	switch {
	case code == codeInvalid:
		return Draw, 0, false
	case code == codeDraw:
		return Draw, 0, true
	case code%2 == 0:
		return Loss, int(code-2) / 2, true
	}
	return Win, int(code-3) / 2, true
}

// valueAt is the value of a code for a position whose no-capture count is c,
// under a limit of limit half-moves (negative: none). A win or loss whose
// distance exceeds the half-moves left is a draw; distance 0 (already
// decided) stands at any count.
func valueAt(code uint16, c, limit int) (Value, bool) {
	r, d, ok := decodeRaw(code)
	if !ok {
		return Value{}, false
	}
	if r == Draw || (limit >= 0 && d > 0 && d > limit-c) {
		return Value{Result: Draw}, true
	}
	return Value{Result: r, Distance: d}, true
}
