package endgame

import (
	"fmt"
	"strings"

	dsq "github.com/doushouqi/doushouqi"
)

// Verdict is what the tables say about a position: the side to move, its
// exact value and the best moves.
type Verdict struct {
	Side  dsq.Color // the side to move
	Value Value     // for the side to move
	Best  []dsq.Move
}

// Verdict returns the verdict on pos, and false if its material (or that
// of a position after one of its moves) has no table here.
func (ts *Tables) Verdict(pos dsq.Position) (Verdict, bool) {
	best, v, ok := ts.BestMoves(pos)
	if !ok {
		return Verdict{}, false
	}
	return Verdict{Side: pos.SideToMove(), Value: v, Best: best}, true
}

// Winner returns the side that wins with best play, and false for a draw.
func (v Verdict) Winner() (dsq.Color, bool) {
	switch v.Value.Result {
	case Win:
		return v.Side, true
	case Loss:
		return v.Side.Other(), true
	}
	return 0, false
}

// String says who wins and in how many half-moves (to the next capture or
// den entry that keeps the win), then the best moves: "blue wins in 17:
// a7a6 b7b6", "red wins in 0" for a decided game, or "draw: d4d5".
func (v Verdict) String() string {
	var b strings.Builder
	if w, ok := v.Winner(); ok {
		fmt.Fprintf(&b, "%s wins in %d", w, v.Value.Distance)
	} else {
		b.WriteString("draw")
	}
	for i, m := range v.Best {
		if i == 0 {
			b.WriteByte(':')
		}
		b.WriteByte(' ')
		b.WriteString(m.String())
	}
	return b.String()
}
