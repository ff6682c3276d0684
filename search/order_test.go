package search

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	dsq "github.com/doushouqi/doushouqi"
)

// TestMoveOrder: the table move first, then den entries, captures (the most
// valuable victim first), the ply's two killers in their order, the counter
// to the move before, and the quiet moves by history, the rest in
// generation order.
func TestMoveOrder(t *testing.T) {
	// Red: tiger c9 next to Blue's den d9, lion a8 below Blue's cat a9, dog
	// b1; Blue also has a rat on g1.
	pos, err := dsq.ParsePosition("c1T4/L6/7/7/7/7/7/7/1D4r r 0 1")
	require.NoError(t, err)
	mv := func(s string) dsq.Move {
		m, err := dsq.ParseMove(s)
		require.NoError(t, err)
		return m
	}
	w := newWorker(newTable(1))
	const ply = 3
	// Blue's g1g2 led here; b1a1 refuted it before, in another line (the
	// killers and the history are set after, as the test wants them).
	w.played[ply-1] = mv("g1g2")
	w.rememberCutoff(dsq.Red, mv("b1a1"), ply, 1)
	w.killers[ply] = [2]dsq.Move{mv("b1b2"), mv("a8b8")}
	w.history[dsq.Red][dsq.B1][dsq.A1] = 50
	w.history[dsq.Red][dsq.A8][dsq.A7] = 70

	moves := w.order(&pos, pos.LegalMoves(), mv("b1c1"), ply)
	want := []string{"b1c1", "c9d9", "a8a9", "b1b2", "a8b8", "b1a1", "a8a7"}
	require.GreaterOrEqual(t, len(moves), len(want))
	got := make([]string, len(want))
	for i := range want {
		got[i] = moves[i].String()
	}
	assert.Equal(t, want, got)

	// After another move of Blue there is no counter: history decides.
	w.played[ply-1] = mv("g1f1")
	moves = w.order(&pos, pos.LegalMoves(), mv("b1c1"), ply)
	assert.Equal(t, "a8a7", moves[5].String())
	assert.Equal(t, "b1a1", moves[6].String())
}

// TestDenThreat: denGuard is the squares one step from each den, and
// denThreat's three board lookups say what the other side's occupancy of
// them says.
func TestDenThreat(t *testing.T) {
	for c := range dsq.Color(2) {
		den := dsq.DenOf(c).First()
		var want dsq.Bitboard // the squares one step from the den
		for sq := range dsq.Square(dsq.NumSquares) {
			df, dr := sq.File()-den.File(), sq.Rank()-den.Rank()
			if df*df+dr*dr == 1 {
				want |= sq.Bitboard()
			}
		}
		require.Equal(t, want, denGuard[c], "%v", c)
	}
	threats := 0
	for _, pos := range randomPositions(t, 3000, 11) {
		us := pos.SideToMove()
		want := pos.Occupied(us.Other())&denGuard[us] != 0
		require.Equal(t, want, denThreat(&pos), "%v", pos)
		if want {
			threats++
		}
	}
	assert.Positive(t, threats)
}
