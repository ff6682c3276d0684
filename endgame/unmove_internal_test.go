package endgame

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/internal/longtest"
)

// TestUnmovesInvertQuietMoves: for every position Q of whole tables (of two
// pieces, and of three in the deep checks), the unmoves of Q are exactly
// the positions P with a quiet move (no capture, no den entry) leading to
// Q, each once.
func TestUnmovesInvertQuietMoves(t *testing.T) {
	for _, m := range testMaterials(t, longtest.Enabled()) {
		t.Run(m.String(), func(t *testing.T) {
			l := newLayout(m)
			preds := make(map[int][]int)
			forEachPosition(t, l, dsq.Standard, 1, func(i int, sq *[MaxPieces]dsq.Square, side dsq.Color, pos *dsq.Position) {
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
			forEachPosition(t, l, dsq.Standard, 1, func(i int, sq *[MaxPieces]dsq.Square, side dsq.Color, pos *dsq.Position) {
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
