package search

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/internal/eval"
)

// TestEvaluationFadesTowardsTheMoveLimit: the search's evaluation is the
// evaluation times (left+drawFade)/(reach+drawFade), left the half-moves to
// the move-limit draw and reach the smaller of the limit and maxPly; full
// while the draw is out of reach and without a limit.
func TestEvaluationFadesTowardsTheMoveLimit(t *testing.T) {
	const board = "l6/7/7/7/7/7/3R3/7/6L r" // Red a rat ahead
	public, err := dsq.ParseRules("trapped-capture,move-limit=200,threefold")
	require.NoError(t, err)
	for _, tc := range []struct {
		rules      string
		clock      int
		num, denom int // the fade
	}{
		{"standard", 0, 1, 1},
		{"standard", 30, 3, 4},
		{"standard", 59, 61, 120},
		{"public", 0, 1, 1},
		{"public", 72, 1, 1},
		{"public", 100, 160, 188},
		{"public", 199, 61, 188},
	} {
		pos := mustPos(t, fmt.Sprintf("%s %d 1", board, tc.clock))
		if tc.rules == "public" {
			pos, err = pos.WithRules(public)
			require.NoError(t, err)
		}
		full := eval.Evaluate(&pos)
		require.Greater(t, full, 300, "Red is a rat ahead")
		w := newWorker(nil)
		w.drawAt = pos.Rules().DrawLimit()
		assert.Equal(t, full*tc.num/tc.denom, w.evaluate(&pos), "%s rules, %d half-moves without a capture", tc.rules, tc.clock)
	}
	w := newWorker(nil)
	w.drawAt = -1
	pos := mustPos(t, board+" 59 1")
	assert.Equal(t, eval.Evaluate(&pos), w.evaluate(&pos), "no move limit")
}

// TestFadeAtTheEdgeOfReach: the evaluation is not faded while the
// move-limit draw is more than maxPly half-moves away, and is faded at
// maxPly+1 less one.
func TestFadeAtTheEdgeOfReach(t *testing.T) {
	// Red has every piece, Blue its lion only: the evaluation is large.
	const board = "l6/7/7/7/7/7/E1W1P1R/1C3D1/T5L r 0 1"
	for _, limit := range []int{200, 1000} {
		rules := dsq.Rules{MoveLimit: limit}
		w := newWorker(newTable(1))
		p := clockPosition(t, board, limit-maxPly-1, rules)
		w.stack = append(w.stack, p.Hash())
		w.begin(context.Background(), &p, Options{})
		v := eval.Evaluate(&p)
		require.Greater(t, v, 2*(maxPly+drawFade), "the test needs a lead that a fade of 1/188 changes")
		assert.Equal(t, v, w.evaluate(&p), "limit %d, one past reach", limit)
		p = clockPosition(t, board, limit-1, rules)
		assert.Less(t, w.evaluate(&p), eval.Evaluate(&p), "limit %d, next to the draw", limit)
	}
	p := clockPosition(t, board, 500, dsq.Rules{MoveLimit: dsq.NoMoveLimit})
	w := newWorker(newTable(1))
	w.stack = append(w.stack, p.Hash())
	w.begin(context.Background(), &p, Options{})
	assert.Equal(t, eval.Evaluate(&p), w.evaluate(&p), "no limit")
}
