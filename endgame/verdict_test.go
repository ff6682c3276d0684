package endgame_test

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/endgame"
)

// TestBestLinePlaysOut: from sampled positions, playing the best moves to
// the end of the game reaches the result probed, with the first capture or
// den entry at the distance probed.
func TestBestLinePlaysOut(t *testing.T) {
	ms := []endgame.Material{mustMaterial(t, "Evcr"), mustMaterial(t, "LTve"), mustMaterial(t, "RTvl"), mustMaterial(t, "Pvlr")}
	ts := generate(t, dsq.Standard, ms...)
	rng := rand.New(rand.NewPCG(14, 2))
	results := map[endgame.Result]int{}
	for _, m := range ms {
		for range 150 {
			pos := randomPosition(rng, m, dsq.Standard)
			verdict, ok := ts.Verdict(pos)
			require.True(t, ok)
			results[verdict.Value.Result]++
			winner, decisive := verdict.Winner()
			zeroAt := -1
			p := pos
			for ply := 0; !p.Outcome().IsDecided(); ply++ {
				require.Less(t, ply, 1000, "no end from %v", pos)
				v, ok := ts.Verdict(p)
				require.True(t, ok)
				require.NotEmpty(t, v.Best)
				mv := v.Best[rng.IntN(len(v.Best))]
				before := endgame.MaterialOf(p)
				require.NoError(t, p.Play(mv))
				if zeroAt < 0 && (endgame.MaterialOf(p) != before || p.Outcome().IsDecided()) {
					zeroAt = ply + 1
				}
			}
			o := p.Outcome()
			if !decisive {
				require.True(t, o.IsDraw(), "%v: %v, played out to %v", pos, verdict, o)
				continue
			}
			require.False(t, o.IsDraw(), "%v: %v, played out to %v", pos, verdict, o)
			require.Equal(t, winner, o.Winner, "%v: %v", pos, verdict)
			if verdict.Value.Distance > 0 {
				require.Equal(t, verdict.Value.Distance, zeroAt, "%v: %v, first zeroing", pos, verdict)
			}
		}
	}
	require.Positive(t, results[endgame.Win])
	require.Positive(t, results[endgame.Loss])
}

// TestVerdictSaysWhoWins: Winner and String read the value from the side to
// move's point of view.
func TestVerdictSaysWhoWins(t *testing.T) {
	a3a4, err := dsq.ParseMove("a3a4")
	require.NoError(t, err)
	for _, tc := range []struct {
		v      endgame.Verdict
		winner dsq.Color
		won    bool
		text   string
	}{
		{endgame.Verdict{Side: dsq.Red, Value: endgame.Value{Result: endgame.Win, Distance: 3}, Best: []dsq.Move{a3a4}}, dsq.Red, true, "red wins in 3: a3a4"},
		{endgame.Verdict{Side: dsq.Red, Value: endgame.Value{Result: endgame.Loss, Distance: 4}}, dsq.Blue, true, "blue wins in 4"},
		{endgame.Verdict{Side: dsq.Blue, Value: endgame.Value{Result: endgame.Loss}}, dsq.Red, true, "red wins in 0"},
		{endgame.Verdict{Side: dsq.Blue, Value: endgame.Value{Result: endgame.Draw}, Best: []dsq.Move{a3a4, a3a4}}, 0, false, "draw: a3a4 a3a4"},
	} {
		w, ok := tc.v.Winner()
		assert.Equal(t, tc.won, ok, "%+v", tc.v)
		if ok {
			assert.Equal(t, tc.winner, w, "%+v", tc.v)
		}
		assert.Equal(t, tc.text, tc.v.String())
	}
}
