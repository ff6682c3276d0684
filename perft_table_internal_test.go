package doushouqi

import (
	"strconv"
	"testing"
)

// The perft table key must tell apart positions that differ only in their
// no-capture count when the move limit is within reach, and only then.
func TestPerftKeyClock(t *testing.T) {
	at := func(clock int) *Position {
		p, err := ParsePosition("l6/7/7/7/7/7/1L5/7/7 r " + strconv.Itoa(clock) + " 1")
		if err != nil {
			t.Fatal(err)
		}
		return &p
	}
	cases := []struct {
		clockA, clockB, depth int
		same                  bool
	}{
		{0, 10, 5, true},   // the limit is out of reach for both
		{50, 55, 5, true},  // 55 + 5 = 60: the last node is a leaf, counted as one
		{50, 56, 5, false}, // 56 + 5 > 60: a node at depth 4 is decided
		{57, 58, 3, false}, // both within reach
		{60, 75, 2, true},  // both decided: no children either way
		{59, 60, 1, false}, // one move left against none
	}
	for _, c := range cases {
		a, b := perftKey(at(c.clockA), c.depth), perftKey(at(c.clockB), c.depth)
		if (a == b) != c.same {
			t.Errorf("perftKey(clock %d) == perftKey(clock %d) at depth %d: %v, want %v", c.clockA, c.clockB, c.depth, a == b, c.same)
		}
		if Perft(*at(c.clockA), c.depth) != Perft(*at(c.clockB), c.depth) && c.same {
			t.Errorf("clocks %d and %d share a key at depth %d but not a count", c.clockA, c.clockB, c.depth)
		}
	}
	if perftKey(at(0), 3) == perftKey(at(0), 4) {
		t.Errorf("perftKey ignores the depth")
	}
}
