package endgame

import (
	"fmt"
	"slices"
	"testing"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/internal/longtest"
	"github.com/stretchr/testify/require"
)

var allRules = []dsq.Rules{
	dsq.Standard,
	{TrappedCapture: true},
	{SwapDogWolf: true},
	{TrappedCapture: true, SwapDogWolf: true},
}

// forEachPosition calls f with every stride-th valid index of l whose
// position is not decided by a den, its squares, side and library position.
func forEachPosition(t *testing.T, l *layout, rules dsq.Rules, stride int, f func(i int, sq *[MaxPieces]dsq.Square, side dsq.Color, pos *dsq.Position)) {
	t.Helper()
	var sq [MaxPieces]dsq.Square
	for i := 0; i < l.size(); i += stride {
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

// testMaterials are two-piece materials, and the three-piece ones with rats
// blocking jumps, elephants and traps if three is true.
func testMaterials(t *testing.T, three bool) []Material {
	names := []string{"Rve", "Evr", "Tvl", "Lvt", "Dvw", "Wvd", "Cvr", "Rvr", "Lvl", "Lvr"}
	if three {
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
// library's legal moves on every position of whole two-piece tables and on
// every 32nd position of three-piece ones (every position in the deep
// checks), under every combination of the rule options.
func TestGenMatchesLibrary(t *testing.T) {
	for _, rules := range allRules {
		for _, m := range testMaterials(t, true) {
			t.Run(fmt.Sprintf("%v/%v", rules, m), func(t *testing.T) {
				l := newLayout(m)
				stride := 1
				if m.Count() > 2 && !longtest.Enabled() {
					stride = 32
				}
				n := 0
				forEachPosition(t, l, rules, stride, func(i int, sq *[MaxPieces]dsq.Square, side dsq.Color, pos *dsq.Position) {
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
