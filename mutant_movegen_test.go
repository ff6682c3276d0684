package doushouqi_test

// Tests that kill hand-made mutants of movegen.go (lab/mutation/handmade):
// each names the mutants it was written for.

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	dsq "github.com/doushouqi/doushouqi"
)

// TestMutantLegalTargetsOfNothing: no targets from an empty square (with
// either side to move: an empty square's NoPiece has Blue's colour bits),
// from a square off the board, or in a decided position. Kills:
// legalTargets's pc == NoPiece || pc.Color() != p.side() with its first
// operand dropped, and its !from.IsValid() || p.decided() with either
// operand dropped.
func TestMutantLegalTargetsOfNothing(t *testing.T) {
	for _, text := range []string{dsq.StartNotation, "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L b 0 1"} {
		pos, err := dsq.ParsePosition(text)
		require.NoError(t, err)
		for _, sq := range []dsq.Square{dsq.D5, dsq.A4, dsq.D1, dsq.G5} {
			assert.Zero(t, pos.LegalTargets(sq), "%s: empty %v", text, sq)
		}
		for _, sq := range []dsq.Square{dsq.NoSquare, dsq.Square(63), dsq.Square(200)} {
			assert.Zero(t, pos.LegalTargets(sq), "%s: square %d", text, sq)
		}
	}
	// Decided: Red's dog in Blue's den, Blue's lion free to move but for
	// the game being over; and the move limit reached.
	for _, text := range []string{"3D3/7/7/7/7/7/7/7/l6 b", "l6/7/7/7/3D3/7/7/7/7 b 60 40"} {
		pos, err := dsq.ParsePosition(text)
		require.NoError(t, err)
		require.True(t, pos.Outcome().IsDecided(), text)
		assert.Zero(t, pos.LegalTargets(dsq.A9), text)
		assert.Empty(t, pos.LegalMoves(), text)
		assert.Empty(t, pos.AppendLegalMoves(nil), text)
	}
}
