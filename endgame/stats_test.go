package endgame_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/endgame"
)

// TestStatsCountEveryPosition: Stats counts each position with no piece in
// a den once, at count 0, by the side to move; its longest win is the
// largest distance Probe gives, at the position it names.
func TestStatsCountEveryPosition(t *testing.T) {
	m := mustMaterial(t, "Rve")
	ts := generate(t, dsq.Standard, m)
	st := ts.Table(m).Stats()
	require.Equal(t, m, st.Material)
	var positions, wins, draws, losses, longest [2]int
	longest = [2]int{-1, -1}
	placements(t, m, dsq.Standard, func(pos dsq.Position) {
		side := pos.SideToMove()
		positions[side]++
		v, ok := ts.Probe(pos)
		require.True(t, ok)
		switch v.Result {
		case endgame.Win:
			wins[side]++
			longest[side] = max(longest[side], v.Distance)
		case endgame.Draw:
			draws[side]++
		default:
			losses[side]++
		}
	})
	require.Equal(t, positions, st.Positions)
	require.Equal(t, wins, st.Wins)
	require.Equal(t, draws, st.Draws)
	require.Equal(t, losses, st.Losses)
	require.Equal(t, longest, st.LongestWin)
	for side := range 2 {
		require.Equal(t, st.Positions[side], st.Wins[side]+st.Draws[side]+st.Losses[side])
		v, ok := ts.Probe(st.LongestWinAt[side])
		require.True(t, ok)
		require.Equal(t, endgame.Value{Result: endgame.Win, Distance: st.LongestWin[side]}, v, "the longest win with %v to move", dsq.Color(side))
		require.Equal(t, dsq.Color(side), st.LongestWinAt[side].SideToMove())
	}
}
