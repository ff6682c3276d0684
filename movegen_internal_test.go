package doushouqi

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestFusedGeneratorMatchesMasks: generate's fused pass (the standard ranks,
// with or without trapped capture) gives exactly the moves of
// generateMasks, the general path, in the same order: the search's move
// ordering is a stable sort, so the order is part of what it sees. Checked
// along seeded random games, up to their ends.
func TestFusedGeneratorMatchesMasks(t *testing.T) {
	const games = 100
	for _, rules := range []Rules{Standard, {TrappedCapture: true}} {
		rng := rand.New(rand.NewPCG(7, uint64(len(rules.String()))))
		for range games {
			pos, err := StartPosition().WithRules(rules)
			if err != nil {
				t.Fatal(err)
			}
			for ply := 0; ply < 300 && !pos.decided(); ply++ {
				var fused, masks [MaxMoves]Move
				n := pos.generate(&fused)
				m := pos.generateMasks(&masks)
				if !slices.Equal(fused[:n], masks[:m]) {
					t.Fatalf("%s under %v: fused %v, masks %v", pos.String(), rules, fused[:n], masks[:m])
				}
				if n == 0 {
					break // no legal move: decided next time round
				}
				pos.MakeMove(fused[rng.IntN(n)])
			}
		}
	}
}

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
