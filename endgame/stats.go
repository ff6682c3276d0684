package endgame

import (
	dsq "github.com/doushouqi/doushouqi"
)

// Stats are facts about one table: how the positions with each side to
// move divide into wins, draws and losses for the side to move (at a
// no-capture count of 0, positions with a piece in a den left out), and
// the longest forced win.
type Stats struct {
	Material Material
	// Positions, Wins, Draws and Losses are indexed by the side to move.
	Positions, Wins, Draws, Losses [2]int
	// LongestWin is the largest distance of a win with that side to move,
	// in half-moves to the capture or den entry that keeps it (-1 if it
	// never wins), and LongestWinAt the first position in index order that
	// has it.
	LongestWin   [2]int
	LongestWinAt [2]dsq.Position
}

// Stats counts the table's results (none for a closed table, the zero
// Table or a nil *Table).
func (t *Table) Stats() Stats {
	if t == nil {
		return Stats{LongestWin: [2]int{-1, -1}}
	}
	st := Stats{Material: t.mat, LongestWin: [2]int{-1, -1}}
	if t.data == nil {
		return st
	}
	l := t.lay
	var sq [MaxPieces]dsq.Square
	longest := [2]int{-1, -1}
	for i := 0; i < l.size(); i++ {
		v, ok := valueAt(t.code(i), 0, t.limit)
		if !ok {
			continue
		}
		side := l.decode(i, &sq)
		if l.terminal(&sq) {
			continue
		}
		st.Positions[side]++
		switch v.Result {
		case Win:
			st.Wins[side]++
			if v.Distance > st.LongestWin[side] {
				st.LongestWin[side], longest[side] = v.Distance, i
			}
		case Draw:
			st.Draws[side]++
		default:
			st.Losses[side]++
		}
	}
	for side, i := range longest {
		if i >= 0 {
			l.decode(i, &sq)
			st.LongestWinAt[side], _ = dsq.NewPosition(l.setup(&sq, dsq.Color(side), t.rules, 0))
		}
	}
	return st
}
