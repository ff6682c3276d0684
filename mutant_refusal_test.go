package doushouqi_test

// Tests that kill hand-made mutants of refusal.go (lab/mutation/handmade):
// each names the mutants it was written for.

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	dsq "github.com/doushouqi/doushouqi"
)

// TestMutantRefusalWordsTheRareCases: the two refusals that no other test
// reaches say what happened: a capture from land into the water, and any
// move on the zero Position. Kills: the deletion of refusal's return for
// each (the first would give the sentinel's bare words, the second the
// outcome of an empty board).
func TestMutantRefusalWordsTheRareCases(t *testing.T) {
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
