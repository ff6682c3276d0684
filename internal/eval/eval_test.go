package eval

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	dsq "github.com/doushouqi/doushouqi"
)

func mustPos(t *testing.T, s string) dsq.Position {
	t.Helper()
	pos, err := dsq.ParsePosition(s)
	require.NoError(t, err)
	return pos
}

// TestEvaluationFeaturesOnAHandMadeBoard: the rat in the river, a piece next
// to its own den and a piece in an enemy trap are each counted once, by the
// evaluation (side, with weights that single each feature out) and by the
// tuner's features, whatever the weights in use are (some are 0 today).
func TestEvaluationFeaturesOnAHandMadeBoard(t *testing.T) {
	// Red: rat b5 (river), dog c1 (next to its den d1), cat d8 (Blue's trap).
	pos, err := dsq.ParsePosition("e6/3C3/7/7/1R5/7/7/7/2D4 r 0 1")
	require.NoError(t, err)

	var f [NumFeatures]int
	Features(&pos, dsq.Red, 1, &f)
	assert.Equal(t, 1, f[FRatInWater], "rat in the river")
	assert.Equal(t, 1, f[FDenGuard], "den guard")
	assert.Equal(t, 1, f[FInTrap], "in an enemy trap")

	var w [NumFeatures]int
	w[FRatInWater], w[FDenGuard], w[FInTrap] = 1, 10, 100
	assert.Equal(t, 111, side(&pos, dsq.Red, &w))

	// Blue's elephant on a9 has none of them.
	f = [NumFeatures]int{}
	Features(&pos, dsq.Blue, 1, &f)
	assert.Zero(t, f[FRatInWater]+f[FDenGuard]+f[FInTrap])
	assert.Zero(t, side(&pos, dsq.Blue, &w))
}

// TestOpenTrapFeatures: an open trap counts once for the side to move
// (FOpenToMove), and n open traps of the side not to move count at
// FOpenWaiting+n-1, in the tuner's features as in the evaluation.
func TestOpenTrapFeatures(t *testing.T) {
	for _, tc := range []struct {
		pos     string
		feature int // Red's
	}{
		{"7/2C4/7/7/7/7/7/7/6l r 0 1", FOpenToMove},          // two open traps, Red to move
		{"7/2C1d2/7/7/7/7/7/7/6l b 0 1", FOpenWaiting},       // one, Blue to move
		{"7/2C4/7/7/7/7/7/7/6l b 0 1", FOpenWaiting + 1},     // two
		{"7/2C1D2/3W3/7/7/7/7/7/6l b 0 1", FOpenWaiting + 2}, // three
	} {
		pos := mustPos(t, tc.pos)
		var f [NumFeatures]int
		Features(&pos, dsq.Red, 1, &f)
		for i := FOpenToMove; i < NumFeatures; i++ {
			want := 0
			if i == tc.feature {
				want = 1
			}
			assert.Equal(t, want, f[i], "%s: feature %d", tc.pos, i)
		}
		var w [NumFeatures]int
		w[tc.feature] = 7
		assert.Equal(t, 7, side(&pos, dsq.Red, &w), tc.pos)
		// The engine's evaluation, from its table and its own count of
		// the open traps, is side's sum with its weights.
		us := pos.SideToMove()
		assert.Equal(t, side(&pos, us, &weights)-side(&pos, us.Other(), &weights), Evaluate(&pos), tc.pos)
	}
}

// side is side c's share of the evaluation with weights w: its features
// times w.
func side(pos *dsq.Position, c dsq.Color, w *[NumFeatures]int) int {
	var f [NumFeatures]int
	Features(pos, c, 1, &f)
	score := 0
	for i, n := range f {
		score += n * w[i]
	}
	return score
}

// TestEvaluateIsTheFeaturesTimesTheWeights: the evaluation from its
// piece-square table and its own count of the open traps is the features
// times the weights, on positions along random games.
func TestEvaluateIsTheFeaturesTimesTheWeights(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	checked := 0
	for range 30 {
		pos := dsq.StartPosition()
		for ply := 0; ply < 60 && !pos.Outcome().IsDecided(); ply++ {
			moves := pos.LegalMoves()
			pos.MakeMove(moves[rng.IntN(len(moves))])
			us := pos.SideToMove()
			w := Weights()
			require.Equal(t, side(&pos, us, &w)-side(&pos, us.Other(), &w), Evaluate(&pos), "%v", pos)
			checked++
		}
	}
	assert.Greater(t, checked, 1000)
}

// TestOpenTraps counts open traps on hand-made boards: Blue's den d9 has
// the traps c9, e9 and d8; a Red piece next to an empty one that no Blue
// piece stands next to can step in and enter the den the move after.
func TestOpenTraps(t *testing.T) {
	for _, tc := range []struct {
		pos        string
		open, blue int // Red's open traps, Blue's
	}{
		{"7/7/7/7/7/7/7/7/6l r 0 1", 0, 0},         // no red piece near
		{"7/2C4/7/7/7/7/7/7/6l r 0 1", 2, 0},       // a red cat on c8: c9 and d8
		{"7/2C4/7/7/7/7/7/7/6l b 0 1", 2, 0},       // whoever is to move
		{"7/2C1d2/7/7/7/7/7/7/6l r 0 1", 1, 0},     // a blue dog on e8 covers d8 (and e9)
		{"7/1dC4/7/7/7/7/7/7/6l r 0 1", 2, 0},      // a blue dog on b8 is next to neither trap
		{"2d4/2C4/7/7/7/7/7/7/6l r 0 1", 1, 0},     // a blue dog in c9 holds c9, not d8
		{"1Wd4/7/7/7/7/7/7/7/6l r 0 1", 0, 0},      // a red wolf on b9, c9 taken
		{"7/2C1D2/3W3/7/7/7/7/7/6l r 0 1", 3, 0},   // red pieces next to all three traps
		{"5c1/2C1D2/3W3/7/7/7/7/7/6l r 0 1", 2, 0}, // a blue cat on f9 covers e9
		{"7/7/7/7/7/7/7/2C4/6L b 0 1", 0, 0},       // Blue has no piece near Red's traps
		{"7/7/7/7/7/7/7/2c4/6L b 0 1", 0, 2},       // a blue cat on c2: c1 and d2 are open to Blue
	} {
		pos := mustPos(t, tc.pos)
		require.Equal(t, tc.open, OpenTraps(&pos, dsq.Red), tc.pos)
		require.Equal(t, tc.blue, OpenTraps(&pos, dsq.Blue), tc.pos)
	}
}
