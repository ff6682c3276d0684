package doushouqi

import "testing"

// TestCaptureFromTable: the terrain masks the generator takes from the
// capture rule are what RULES.md's captures rules 1 and 2 say, computed
// from the terrain alone: nothing from an enemy trap (anything there under
// trapped capture, the trap being land), only water from water, only land
// from land.
func TestCaptureFromTable(t *testing.T) {
	for trapped := range 2 {
		for c := Red; c <= Blue; c++ {
			for sq := range Square(NumSquares) {
				want := Land
				switch {
				case Water.Has(sq):
					want = Water
				case trapped == 0 && TrapsOf(c.Other()).Has(sq):
					want = 0
				}
				if got := captureFrom[trapped][c][sq]; got != want {
					t.Errorf("captureFrom[%d][%v][%v] =\n%vwant\n%v", trapped, c, sq, got, want)
				}
			}
			for sq := Square(NumSquares); sq < 64; sq++ {
				if captureFrom[trapped][c][sq] != 0 {
					t.Errorf("captureFrom[%d][%v][%d] is not empty", trapped, c, sq)
				}
			}
		}
	}
}
