package rating

import (
	"fmt"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPaperExample is the worked example of Glickman's "Example of the
// Glicko-2 system": a player rated 1500 (deviation 200, volatility 0.06)
// beats a 1400 (30) and loses to a 1550 (100) and a 1700 (300), tau 0.5;
// the paper finds 1464.06, 151.52 and 0.05999.
func TestPaperExample(t *testing.T) {
	p := Rating{Rating: 1500, Deviation: 200, Volatility: 0.06}
	got, err := Update(p, []Result{
		{Opponent: Rating{1400, 30, 0.06}, Score: 1},
		{Opponent: Rating{1550, 100, 0.06}, Score: 0},
		{Opponent: Rating{1700, 300, 0.06}, Score: 0},
	}, 0.5)
	require.NoError(t, err)
	assert.InDelta(t, 1464.06, got.Rating, 0.01)
	assert.InDelta(t, 151.52, got.Deviation, 0.01)
	assert.InDelta(t, 0.05999, got.Volatility, 0.00001)
}

func TestWinRaisesLossLowersDrawBetweenEqualsKeeps(t *testing.T) {
	a, b := New(), New()
	win, err := Update(a, []Result{{b, 1}}, Tau)
	require.NoError(t, err)
	loss, err := Update(b, []Result{{a, 0}}, Tau)
	require.NoError(t, err)
	draw, err := Update(a, []Result{{b, 0.5}}, Tau)
	require.NoError(t, err)
	assert.Greater(t, win.Rating, a.Rating)
	assert.Less(t, loss.Rating, b.Rating)
	assert.InDelta(t, a.Rating, draw.Rating, 1e-9)
	assert.InDelta(t, win.Rating-1500, 1500-loss.Rating, 1e-9, "symmetric for equals")
	assert.Less(t, win.Deviation, a.Deviation, "a game makes the rating surer")
}

// TestIdlePeriodWidensDeviation: a period without games grows the
// deviation, never past a new player's.
func TestIdlePeriodWidensDeviation(t *testing.T) {
	r := Rating{Rating: 1700, Deviation: 60, Volatility: 0.06}
	idle, err := Update(r, nil, Tau)
	require.NoError(t, err)
	assert.Equal(t, 1700.0, idle.Rating)
	assert.InDelta(t, math.Sqrt(60*60+(0.06*scale)*(0.06*scale)), idle.Deviation, 1e-9)
	for range 10000 {
		idle, _ = Update(idle, nil, Tau)
	}
	assert.Equal(t, DefaultDeviation, idle.Deviation)
}

// TestDeviationKeepsItsFloor: a period of many games against sure ratings
// would make the deviation smaller than MinDeviation; it stops there, so a
// rating never freezes. One game a period settles near 60 on its own.
func TestDeviationKeepsItsFloor(t *testing.T) {
	var many []Result
	for i := range 400 {
		many = append(many, Result{Rating{1500, 30, 0.06}, float64(i % 2)})
	}
	r, err := Update(New(), many, Tau)
	require.NoError(t, err)
	assert.Equal(t, MinDeviation, r.Deviation)
	r = New()
	for i := range 500 {
		r, err = Update(r, []Result{{Rating{1500, 30, 0.06}, float64(i % 2)}}, Tau)
		require.NoError(t, err)
	}
	assert.InDelta(t, 60, r.Deviation, 5)
	assert.False(t, r.Provisional())
	assert.True(t, New().Provisional())
}

func TestInvalidInputIsRefusedUnchanged(t *testing.T) {
	good := New()
	for _, c := range []struct {
		r       Rating
		results []Result
		tau     float64
	}{
		{Rating{math.NaN(), 350, 0.06}, nil, Tau},
		{Rating{1500, 0, 0.06}, nil, Tau},
		{Rating{1500, 350, -1}, nil, Tau},
		{good, []Result{{good, 2}}, Tau},
		{good, []Result{{good, math.NaN()}}, Tau},
		{good, []Result{{Rating{1500, math.Inf(1), 0.06}, 1}}, Tau},
		{good, nil, 0},
	} {
		got, err := Update(c.r, c.results, c.tau)
		assert.ErrorIs(t, err, ErrInvalid, "%+v", c)
		assert.Equal(t, fmt.Sprint(c.r), fmt.Sprint(got))
	}
}

func ExampleUpdate() {
	alice, bob := New(), New()
	alice, _ = Update(alice, []Result{{Opponent: bob, Score: 1}}, Tau)
	fmt.Printf("%.0f ± %.0f, provisional: %v\n", alice.Rating, alice.Deviation, alice.Provisional())
	// Output: 1662 ± 290, provisional: true
}
