package endgame_test

import (
	"testing"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/endgame"
	"github.com/stretchr/testify/require"
)

// transform returns pos with every piece moved by f (and its colour
// swapped if swap), the side to move swapped too if swap.
func transform(t *testing.T, pos dsq.Position, f func(sq dsq.Square) dsq.Square, swap bool) dsq.Position {
	s := pos.Setup()
	var board [dsq.NumSquares]dsq.Piece
	for sq, pc := range s.Board {
		if pc == dsq.NoPiece {
			continue
		}
		if swap {
			pc = dsq.NewPiece(pc.Color().Other(), pc.Animal())
		}
		board[f(dsq.Square(sq))] = pc
	}
	s.Board = board
	if swap {
		s.SideToMove = s.SideToMove.Other()
	}
	p, err := dsq.NewPosition(s)
	if err != nil { // t.Helper only on a failure: this runs per position
		t.Helper()
		require.NoError(t, err)
	}
	return p
}

// TestSymmetries: the board looks the same in a mirror (file a <-> g), and
// turned upside down with the colours swapped; the tables, solved with no
// knowledge of either, must give every position the value of its images.
func TestSymmetries(t *testing.T) {
	mirror := func(sq dsq.Square) dsq.Square { return dsq.SquareAt(6-sq.File(), sq.Rank()) }
	flip := func(sq dsq.Square) dsq.Square { return dsq.SquareAt(sq.File(), 8-sq.Rank()) }
	names := []string{"Evcr", "LTvr", "Rvl"}
	allRules := []dsq.Rules{dsq.Standard, {TrappedCapture: true, SwapDogWolf: true, MoveLimit: 30}}
	if testing.Short() {
		names, allRules = []string{"Evcr", "Rvl"}, allRules[:1]
	}
	for _, rules := range allRules {
		var ms []endgame.Material
		for _, s := range names {
			m := mustMaterial(t, s)
			ms = append(ms, m, m.Flip())
		}
		ts := generate(t, rules, ms...)
		for _, m := range ms {
			placements(t, m, rules, func(pos dsq.Position) {
				v, ok := ts.Probe(pos)
				if !ok {
					t.Fatalf("%v: no table for %v", rules, pos)
				}
				for name, img := range map[string]dsq.Position{
					"mirror": transform(t, pos, mirror, false),
					"flip":   transform(t, pos, flip, true),
				} {
					w, ok := ts.Probe(img)
					if !ok {
						t.Fatalf("%v: no table for the %s image %v of %v", rules, name, img, pos)
					}
					if v != w {
						t.Fatalf("%v: Probe(%v) = %v, its %s image %v has %v", rules, pos, v, name, img, w)
					}
				}
			})
		}
	}
}
