package endgame

import (
	"fmt"
	"slices"
	"testing"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/stretchr/testify/require"
)

var allRules = []dsq.Rules{
	dsq.Standard,
	{TrappedCapture: true},
	{SwapDogWolf: true},
	{TrappedCapture: true, SwapDogWolf: true},
}

// forEachPosition calls f with every valid index of l whose position is not
// decided by a den, its squares, side and library position.
func forEachPosition(t *testing.T, l *layout, rules dsq.Rules, f func(i int, sq *[MaxPieces]dsq.Square, side dsq.Color, pos *dsq.Position)) {
	t.Helper()
	var sq [MaxPieces]dsq.Square
	for i := 0; i < l.size(); i++ {
		side := l.decode(i, &sq)
		if !l.valid(&sq) || l.terminal(&sq) {
			continue
		}
		pos, err := dsq.NewPosition(l.setup(&sq, side, rules, 0))
		require.NoError(t, err)
		require.Equal(t, i, l.indexOf(&pos), "index round trip")
		f(i, &sq, side, &pos)
	}
}

// testMaterials are two-piece materials, and in full mode (without -short)
// three-piece ones with rats blocking jumps, elephants and traps.
func testMaterials(t *testing.T) []Material {
	names := []string{"Rve", "Evr", "Tvl", "Lvt", "Dvw", "Wvd", "Cvr", "Rvr", "Lvl"}
	if !testing.Short() {
		names = append(names, "RTvl", "Evdr")
	}
	var ms []Material
	for _, s := range names {
		m, err := ParseMaterial(s)
		require.NoError(t, err)
		ms = append(ms, m)
	}
	return ms
}

// TestGenMatchesLibrary: the solver's move generator lists exactly the
// library's legal moves on every position of whole tables, under every
// combination of the rule options.
func TestGenMatchesLibrary(t *testing.T) {
	for _, rules := range allRules {
		for _, m := range testMaterials(t) {
			t.Run(fmt.Sprintf("%v/%v", rules, m), func(t *testing.T) {
				l := newLayout(m)
				n := 0
				forEachPosition(t, l, rules, func(i int, sq *[MaxPieces]dsq.Square, side dsq.Color, pos *dsq.Position) {
					var got []dsq.Move
					for _, g := range l.genMoves(nil, sq, side, rules) {
						got = append(got, dsq.NewMove(sq[g.k], g.to))
						if g.victim >= 0 {
							require.Equal(t, l.pieces[g.victim], pos.PieceAt(g.to))
						} else {
							require.Equal(t, dsq.NoPiece, pos.PieceAt(g.to))
						}
					}
					want := pos.LegalMoves()
					slices.Sort(got)
					slices.Sort(want)
					if !slices.Equal(got, want) {
						t.Fatalf("%v: genMoves = %v, library = %v", pos, got, want)
					}
					n++
				})
				require.Greater(t, n, 1000)
			})
		}
	}
}

// TestUnmovesInvertQuietMoves: for every position Q of whole tables, the
// unmoves of Q are exactly the positions P with a quiet move (no capture, no
// den entry) leading to Q, each once.
func TestUnmovesInvertQuietMoves(t *testing.T) {
	for _, m := range testMaterials(t) {
		t.Run(m.String(), func(t *testing.T) {
			l := newLayout(m)
			preds := make(map[int][]int)
			forEachPosition(t, l, dsq.Standard, func(i int, sq *[MaxPieces]dsq.Square, side dsq.Color, pos *dsq.Position) {
				for _, mv := range pos.LegalMoves() {
					if pos.PieceAt(mv.To()) != dsq.NoPiece || dsq.DenOf(side.Other()).Has(mv.To()) {
						continue
					}
					child := *pos
					require.NoError(t, child.Play(mv))
					c := l.indexOf(&child)
					preds[c] = append(preds[c], i)
				}
			})
			forEachPosition(t, l, dsq.Standard, func(i int, sq *[MaxPieces]dsq.Square, side dsq.Color, pos *dsq.Position) {
				var got []int
				l.unmoves(i, sq, side, func(p int) { got = append(got, p) })
				want := preds[i]
				slices.Sort(got)
				slices.Sort(want)
				if !slices.Equal(got, want) {
					t.Fatalf("%v: unmoves %v, want %v", pos, got, want)
				}
			})
		})
	}
}
