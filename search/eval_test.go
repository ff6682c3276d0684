package search

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	dsq "github.com/doushouqi/doushouqi"
)

// TestEvaluationFeaturesOnAHandMadeBoard: the rat in the river, a piece next
// to its own den and a piece in an enemy trap are each counted once, by the
// evaluation (side, with weights that single each feature out) and by the
// tuner's features, whatever the weights in use are (some are 0 today).
func TestEvaluationFeaturesOnAHandMadeBoard(t *testing.T) {
	// Red: rat b5 (river), dog c1 (next to its den d1), cat d8 (Blue's trap).
	pos, err := dsq.ParsePosition("e6/3C3/7/7/1R5/7/7/7/2D4 r 0 1")
	require.NoError(t, err)

	var f [numFeatures]int
	features(&pos, dsq.Red, 1, &f)
	assert.Equal(t, 1, f[fRatInWater], "rat in the river")
	assert.Equal(t, 1, f[fDenGuard], "den guard")
	assert.Equal(t, 1, f[fInTrap], "in an enemy trap")

	var w [numFeatures]int
	w[fRatInWater], w[fDenGuard], w[fInTrap] = 1, 10, 100
	assert.Equal(t, 111, side(&pos, dsq.Red, &w))

	// Blue's elephant on a9 has none of them.
	f = [numFeatures]int{}
	features(&pos, dsq.Blue, 1, &f)
	assert.Zero(t, f[fRatInWater]+f[fDenGuard]+f[fInTrap])
	assert.Zero(t, side(&pos, dsq.Blue, &w))
}

// TestOpenTrapFeatures: an open trap counts once for the side to move
// (fOpenToMove), and n open traps of the side not to move count at
// fOpenWaiting+n-1, in the tuner's features as in the evaluation.
func TestOpenTrapFeatures(t *testing.T) {
	for _, tc := range []struct {
		pos     string
		feature int // Red's
	}{
		{"7/2C4/7/7/7/7/7/7/6l r 0 1", fOpenToMove},          // two open traps, Red to move
		{"7/2C1d2/7/7/7/7/7/7/6l b 0 1", fOpenWaiting},       // one, Blue to move
		{"7/2C4/7/7/7/7/7/7/6l b 0 1", fOpenWaiting + 1},     // two
		{"7/2C1D2/3W3/7/7/7/7/7/6l b 0 1", fOpenWaiting + 2}, // three
	} {
		pos := mustPos(t, tc.pos)
		var f [numFeatures]int
		features(&pos, dsq.Red, 1, &f)
		for i := fOpenToMove; i < numFeatures; i++ {
			want := 0
			if i == tc.feature {
				want = 1
			}
			assert.Equal(t, want, f[i], "%s: feature %d", tc.pos, i)
		}
		var w [numFeatures]int
		w[tc.feature] = 7
		assert.Equal(t, 7, side(&pos, dsq.Red, &w), tc.pos)
		// The engine's evaluation, from its table and its own count of
		// the open traps, is side's sum with its weights.
		us := pos.SideToMove()
		assert.Equal(t, side(&pos, us, &weights)-side(&pos, us.Other(), &weights), evaluate(&pos), tc.pos)
	}
}

// side is side c's share of the evaluation with weights w: its features
// times w.
func side(pos *dsq.Position, c dsq.Color, w *[numFeatures]int) int {
	var f [numFeatures]int
	features(pos, c, 1, &f)
	score := 0
	for i, n := range f {
		score += n * w[i]
	}
	return score
}

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
		full := evaluate(&pos)
		require.Greater(t, full, 300, "Red is a rat ahead")
		w := newWorker(nil)
		w.drawAt = pos.Rules().DrawLimit()
		assert.Equal(t, full*tc.num/tc.denom, w.evaluate(&pos), "%s rules, %d half-moves without a capture", tc.rules, tc.clock)
	}
	w := newWorker(nil)
	w.drawAt = -1
	pos := mustPos(t, board+" 59 1")
	assert.Equal(t, evaluate(&pos), w.evaluate(&pos), "no move limit")
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
		v := evaluate(&p)
		require.Greater(t, v, 2*(maxPly+drawFade), "the test needs a lead that a fade of 1/188 changes")
		assert.Equal(t, v, w.evaluate(&p), "limit %d, one past reach", limit)
		p = clockPosition(t, board, limit-1, rules)
		assert.Less(t, w.evaluate(&p), evaluate(&p), "limit %d, next to the draw", limit)
	}
	p := clockPosition(t, board, 500, dsq.Rules{MoveLimit: dsq.NoMoveLimit})
	w := newWorker(newTable(1))
	w.stack = append(w.stack, p.Hash())
	w.begin(context.Background(), &p, Options{})
	assert.Equal(t, evaluate(&p), w.evaluate(&p), "no limit")
}
