package doushouqi_test

// Tests that kill hand-made mutants of play.go (lab/mutation/handmade):
// each names the mutants it was written for.

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	dsq "github.com/doushouqi/doushouqi"
)

// TestMutantNoMoveAndOneMove: in a position where the side to move has no
// legal move every move is refused as ErrGameOver, and where it has exactly
// one that move is played. Kills: illegality's p.decided() ||
// p.countMoves() == 0 with its second operand dropped or its 0 moved up.
func TestMutantNoMoveAndOneMove(t *testing.T) {
	// Red's cat on a9 is boxed in by Blue's lion on b9 and elephant on a8.
	blocked, err := dsq.ParsePosition("Cl5/e6/7/7/7/7/7/7/7 r")
	require.NoError(t, err)
	for _, text := range []string{"a9a8", "a9b9", "a9a7"} {
		m, err := dsq.ParseMove(text)
		require.NoError(t, err)
		assert.ErrorIs(t, blocked.CheckMove(m), dsq.ErrGameOver, text)
	}
	// Red's rat alone on a1, Blue's lion on b1: a1a2 only.
	one, err := dsq.ParsePosition("7/7/7/7/7/7/7/7/Rl5 r")
	require.NoError(t, err)
	require.Len(t, one.LegalMoves(), 1)
	m, err := dsq.ParseMove("a1a2")
	require.NoError(t, err)
	assert.NoError(t, one.CheckMove(m))
	assert.NoError(t, one.Play(m))
}

// TestMutantCaptureRanks: an animal takes one of equal rank and not one a
// rank above it. Kills: captureIllegality's rules.Rank(a) < rules.Rank(d)
// with its bound moved either way.
func TestMutantCaptureRanks(t *testing.T) {
	for _, c := range []struct {
		pos, move string
		want      error
	}{
		{"l6/7/7/7/3w3/3W3/7/7/7 r", "d4d5", nil},               // wolf takes wolf
		{"l6/7/7/7/3w3/3C3/7/7/7 r", "d4d5", dsq.ErrRankTooLow}, // cat (2) against wolf (4)
		{"l6/7/7/7/3w3/3D3/7/7/7 r", "d4d5", dsq.ErrRankTooLow}, // dog (3) against wolf (4)
		{"l6/7/7/7/3d3/3W3/7/7/7 r", "d4d5", nil},               // wolf (4) takes dog (3)
	} {
		pos, err := dsq.ParsePosition(c.pos)
		require.NoError(t, err, c.pos)
		m, err := dsq.ParseMove(c.move)
		require.NoError(t, err)
		if c.want == nil {
			assert.NoError(t, pos.CheckMove(m), c.pos)
		} else {
			assert.ErrorIs(t, pos.CheckMove(m), c.want, c.pos)
		}
	}
}
