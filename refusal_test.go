package doushouqi_test

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	dsq "github.com/doushouqi/doushouqi"
)

// TestMoveReasonsForPlayers: a refused move says what a player needs, with
// the animals, ranks and squares involved.
func TestMoveReasonsForPlayers(t *testing.T) {
	cases := []struct {
		pos, move string
		sentinel  error
		reason    string
	}{
		{"l6/7/7/7/3w3/3D3/7/7/7 r", "d4d5", dsq.ErrRankTooLow, "the dog (3) cannot capture the wolf (4)"},
		{"l6/7/7/7/7/7/1E5/7/7 r", "b3b7", dsq.ErrNotAJumper, "only the lion and the tiger jump the river, not the elephant"},
		{dsq.StartNotation, "a7a6", dsq.ErrNotYourPiece, "that piece is Blue's"},
		{"l6/7/7/7/7/7/7/3L3/7 r", "d2d1", dsq.ErrOwnDen, "no piece may enter its own den"},
		{"l6/7/7/7/1r5/7/1L5/7/7 r", "b3b7", dsq.ErrJumpBlocked, "the rat on b5 blocks the lion's jump"},
		{dsq.StartNotation, "c3c4", dsq.ErrWater, "the wolf cannot enter the water: only the rat may be on water"},
		{dsq.StartNotation, "d5d6", dsq.ErrEmptySquare, "there is no piece on d5"},
		{"l6/7/7/7/7/7/7/7/LT5 r", "a1b1", dsq.ErrOwnPiece, "b1 holds your own tiger"},
		{dsq.StartNotation, "a3a5", dsq.ErrNotAStep, "a piece moves one square up, down, left or right"},
		{"l6/7/7/7/7/eR5/7/7/7 r", "b4a4", dsq.ErrWaterLandCapture, "the rat cannot capture from the water onto land"},
		{"l6/3L3/3e3/7/7/7/7/7/7 r", "d8d7", dsq.ErrTrappedAttacker, "the lion stands in an enemy trap (rank 0) and cannot capture"},
		{"l6/7/7/7/7/7/2r4/2E4/7 r", "c2c3", dsq.ErrElephantRat, "the elephant cannot capture the rat"},
		{"7/3D3/7/7/7/7/7/7/l6 r 60 40", "d8d9", dsq.ErrGameOver, "the game is over: draw: no-capture move limit"},
	}
	for _, c := range cases {
		pos := mustPosition(t, c.pos)
		before := pos
		err := pos.Play(mustMove(t, c.move))
		require.ErrorIs(t, err, c.sentinel, "%s %s", c.pos, c.move)
		var me *dsq.MoveError
		require.True(t, errors.As(err, &me))
		assert.Equal(t, c.reason, me.Reason(), "%s %s", c.pos, c.move)
		assert.Equal(t, "doushouqi: illegal move "+c.move+": "+c.reason, err.Error())
		assert.Equal(t, before, pos)
	}
}

// TestRefusalWordsTheRareCases: the two refusals that no other test
// reaches say what happened: a capture from land into the water, and any
// move on the zero Position.
func TestRefusalWordsTheRareCases(t *testing.T) {
	// Red's rat on a4 (land), Blue's rat on b4 (water).
	pos, err := dsq.ParsePosition("l6/7/7/7/7/Rr5/7/7/7 r")
	require.NoError(t, err)
	m, err := dsq.ParseMove("a4b4")
	require.NoError(t, err)
	err = pos.CheckMove(m)
	require.ErrorIs(t, err, dsq.ErrWaterLandCapture)
	var me *dsq.MoveError
	require.True(t, errors.As(err, &me))
	assert.Contains(t, me.Reason(), "from land into the water")
	assert.Contains(t, me.Reason(), "rat")

	var zero dsq.Position
	err = zero.CheckMove(m)
	require.ErrorIs(t, err, dsq.ErrGameOver)
	require.True(t, errors.As(err, &me))
	assert.Contains(t, me.Reason(), "zero Position")
}
