package search

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	dsq "github.com/doushouqi/doushouqi"
)

// failSoft is a fail-soft search whose true score is v: inside the window it
// returns v; outside, a bound on the far side of the window edge, which is
// the edge itself (bounds = 0) or halfway between the edge and v.
func failSoft(v, bounds int) func(alpha, beta int) int {
	return func(alpha, beta int) int {
		switch {
		case v <= alpha:
			return alpha - bounds*(alpha-v)/2
		case v >= beta:
			return beta + bounds*(v-beta)/2
		}
		return v
	}
}

// TestAspirationWindowsFindTheScore: whatever the previous score and however
// far the true score lies from it, the windows widen until they hold it, and
// the score that comes back is the true one, not a bound; a score equal to
// an edge of the window is a bound, never the answer.
func TestAspirationWindowsFindTheScore(t *testing.T) {
	move := dsq.NewMove(dsq.A3, dsq.A4)
	for _, prev := range []int{0, 35, -200, winBound} {
		for _, v := range []int{-Win, -winBound, -2000, -41, -40, -39, 0, 39, 40, 41, 800, winBound + 1, Win} {
			for bounds := range 2 {
				search := failSoft(v, bounds)
				calls := 0
				score, got := aspirationWindows(prev, func(alpha, beta int) (int, dsq.Move, bool) {
					calls++
					require.Less(t, alpha, beta)
					require.GreaterOrEqual(t, alpha, -Win-1)
					require.LessOrEqual(t, beta, Win+1)
					return search(alpha, beta), move, calls > 50
				})
				require.LessOrEqual(t, calls, 12, "prev %d, true score %d: the windows never held it", prev, v)
				assert.Equal(t, v, score, "prev %d, bounds %d", prev, bounds)
				assert.Equal(t, move, got)
			}
		}
	}
}

// TestAspirationWindowsStop: a search that stops is not searched again, and
// its score and move are returned as they are.
func TestAspirationWindowsStop(t *testing.T) {
	calls := 0
	score, move := aspirationWindows(0, func(alpha, beta int) (int, dsq.Move, bool) {
		calls++
		return alpha, dsq.NewMove(dsq.B2, dsq.B3), true
	})
	assert.Equal(t, 1, calls)
	assert.Equal(t, -40, score)
	assert.Equal(t, dsq.NewMove(dsq.B2, dsq.B3), move)
}

// TestBoundOf: a fail-soft best score at or below alpha is an upper bound,
// at or above beta a lower bound, and exact only strictly inside.
func TestBoundOf(t *testing.T) {
	alpha, beta := -10, 10
	for best, want := range map[int]uint8{
		-11: upper, -10: upper, -9: exact, 0: exact, 9: exact, 10: lower, 11: lower,
	} {
		assert.Equal(t, want, boundOf(best, alpha, beta), "best %d in (%d, %d)", best, alpha, beta)
	}
}

// TestTableCutoffAtTheWindowEdge: a stored lower bound equal to beta, or an
// upper bound equal to alpha, already decides the node: negamax returns it
// without searching a move (one node: the probe).
func TestTableCutoffAtTheWindowEdge(t *testing.T) {
	pos := dsq.StartPosition()
	for _, c := range []struct {
		bound              uint8
		score, alpha, beta int
	}{
		{lower, 30, 0, 30},
		{upper, 0, 0, 30},
		{lower, 31, 0, 30},
		{upper, -1, 0, 30},
	} {
		e := NewEngine(1)
		w := newWorker(e.tt)
		w.stack = append(w.stack, pos.Hash())
		w.begin(context.Background(), &pos, Options{Depth: 4})
		w.tt.store(w.key(&pos), entry{move: dsq.NewMove(dsq.A3, dsq.A4), score: int32(c.score), depth: 4, bound: c.bound})
		assert.Equal(t, c.score, w.negamax(&pos, 4, 2, c.alpha, c.beta), "%+v", c)
		assert.LessOrEqual(t, w.nodes, uint64(1), "%+v: searched although the table had settled it", c)
	}
}
