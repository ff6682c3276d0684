package endgame

import (
	"testing"

	"github.com/stretchr/testify/require"

	dsq "github.com/doushouqi/doushouqi"
)

// TestIndexRoundTrip: every index decodes to squares each piece may stand
// on and encodes back to itself; exactly the placements with two pieces on
// one square or pieces in both dens are holes.
func TestIndexRoundTrip(t *testing.T) {
	for _, name := range []string{"Rve", "Lvt", "Rvr"} {
		m, err := ParseMaterial(name)
		require.NoError(t, err)
		l := newLayout(m)
		require.Equal(t, m.Count(), l.n)
		half := 1
		for k := range l.n {
			half *= len(legalSquares(l.pieces[k]))
		}
		require.Equal(t, 2*half, l.size(), "%v", m)
		var sq [MaxPieces]dsq.Square
		holes := 0
		// Plain checks, require only on a failure: this runs for every index.
		for i := 0; i < l.size(); i++ {
			side := l.decode(i, &sq)
			if (i >= half) != (side == dsq.Blue) {
				t.Fatalf("%v index %d: side %v", m, i, side)
			}
			var s dsq.Setup
			s.SideToMove, s.MoveNumber = side, 1
			collision := false
			for k := range l.n {
				if l.local[k][sq[k]] < 0 {
					t.Fatalf("%v index %d: piece %d on %v, where it may not stand", m, i, k, sq[k])
				}
				collision = collision || s.Board[sq[k]] != dsq.NoPiece
				s.Board[sq[k]] = l.pieces[k]
			}
			if got := l.encode(&sq, side); got != i {
				t.Fatalf("%v index %d: encodes back to %d", m, i, got)
			}
			_, err := dsq.NewPosition(s)
			switch {
			case !l.valid(&sq) && !collision && err == nil:
				t.Fatalf("%v index %d is a hole, but a position", m, i)
			case l.valid(&sq) && (collision || err != nil):
				t.Fatalf("%v index %d is no hole, but not a position: %v", m, i, err)
			case !l.valid(&sq):
				holes++
			}
		}
		require.Positive(t, holes, "%v", m)
	}
}
