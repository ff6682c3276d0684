package mailbox

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The reference's own checks; the library's tests compare it with the
// bitboard generator on many positions.
func TestPerftOfTheStart(t *testing.T) {
	b, err := Parse("l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L r 0 1")
	require.NoError(t, err)
	assert.Equal(t, "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L r 0 1", b.String())
	for depth, want := range []uint64{1, 24, 576, 12240} {
		assert.Equal(t, want, Perft(b, depth), "depth %d", depth)
	}
}

func TestCapturesFollowTheRules(t *testing.T) {
	// A red elephant beside a blue rat, on land: the elephant may not take it.
	b, err := Parse("7/7/7/7/7/7/7/Er5/7 r 0 1")
	require.NoError(t, err)
	assert.NotContains(t, b.LegalMoves(), "a2b2")
	b.RedToMove = false
	assert.Contains(t, b.LegalMoves(), "b2a2", "the rat takes the elephant")
	_, err = Parse("7/7 r")
	assert.Error(t, err)
}
