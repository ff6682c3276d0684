package doushouqi_test

// Tests that kill hand-made mutants of analysis.go (lab/mutation/handmade):
// each names the mutants it was written for.

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	dsq "github.com/doushouqi/doushouqi"
)

// TestMutantAttackersOfAnEmptySquare: nobody attacks an empty square, even
// one a piece of the side asked could step onto (the empty square's
// NoPiece has the colour bits of Blue, so Red is the side that tells).
// Kills: Attackers's target == NoPiece || target.Color() == by with
// target == NoPiece dropped.
func TestMutantAttackersOfAnEmptySquare(t *testing.T) {
	pos, err := dsq.ParsePosition("l6/7/7/7/7/7/7/7/L6 r")
	require.NoError(t, err)
	for _, sq := range []dsq.Square{dsq.A2, dsq.B1} {
		assert.Zero(t, pos.Attackers(sq, dsq.Red), "%v", sq)
		assert.Zero(t, pos.Attackers(sq, dsq.Blue), "%v", sq)
	}
}

// TestMutantRiverJumpDirectionPastRight: the first value past Right is no
// direction: no jump, no panic. Kills: RiverJump's d > Right moved up (it
// would index the four directions with 4).
func TestMutantRiverJumpDirectionPastRight(t *testing.T) {
	pos := dsq.StartPosition()
	for _, sq := range []dsq.Square{dsq.B3, dsq.D5, dsq.A4} {
		j, ok := pos.RiverJump(sq, dsq.Right+1)
		assert.False(t, ok, "%v", sq)
		assert.Equal(t, dsq.RiverJump{}, j, "%v", sq)
	}
	_, ok := pos.RiverJump(dsq.D5, dsq.Right)
	assert.True(t, ok, "Right itself is a direction")
}

// TestMutantDenThreatsOfNoColour: the first value past Blue has no den
// threats, though Red's would be found by its low bit. Kills: the deletion of
// DenThreats's return nil for a colour past Blue.
func TestMutantDenThreatsOfNoColour(t *testing.T) {
	pos, err := dsq.ParsePosition("l6/3D3/7/7/7/7/7/7/7 r")
	require.NoError(t, err)
	require.NotEmpty(t, pos.DenThreats(dsq.Red))
	assert.Empty(t, pos.DenThreats(dsq.Blue+1))
	assert.Empty(t, pos.DenThreats(dsq.Blue+2))
}

// TestMutantRiverJumpFirstRat: with two rats on the path, the jump is
// blocked by the first one met from the bank it leaves. Kills: the deletion
// of the break after the first rat (the last would be named).
func TestMutantRiverJumpFirstRat(t *testing.T) {
	pos, err := dsq.ParsePosition("l6/7/7/7/1rR4/7/7/7/L6 r")
	require.NoError(t, err)
	j, ok := pos.RiverJump(dsq.D5, dsq.Left)
	require.True(t, ok)
	assert.Equal(t, dsq.C5, j.BlockedBy)
	j, ok = pos.RiverJump(dsq.A5, dsq.Right)
	require.True(t, ok)
	assert.Equal(t, dsq.B5, j.BlockedBy)
}

// TestMutantAnalysisColourJustPastBlue: Attackers and Threatened of the
// colour just past Blue (Color(2), read as Red by its low bit) are empty,
// on a position where the two lions attack each other and Red's lion the
// rat too (so that a colour read as either side would show a piece).
// Kills: Attackers's !sq.IsValid() || by > Blue with by > Blue dropped, and
// its bound and Threatened's moved up to Blue+1.
func TestMutantAnalysisColourJustPastBlue(t *testing.T) {
	pos, err := dsq.ParsePosition("7/7/7/7/7/7/7/r6/Ll5 r 0 1")
	require.NoError(t, err)
	require.NotZero(t, pos.Attackers(dsq.A2, dsq.Red))
	require.NotZero(t, pos.Threatened(dsq.Blue))
	require.NotZero(t, pos.Threatened(dsq.Red))
	for _, c := range []dsq.Color{2, 3} {
		assert.Zero(t, pos.Attackers(dsq.A2, c), "Attackers(a2, %d)", c)
		assert.Zero(t, pos.Attackers(dsq.A1, c), "Attackers(a1, %d)", c)
		assert.Zero(t, pos.Threatened(c), "Threatened(%d)", c)
	}
}

// TestMutantControllersOfAnOccupiedSquare: Controllers asks about an empty
// square, and answers none for an occupied one, even where the animal put
// there would be attacked (Blue's cat in place of Blue's rat, next to Red's
// lion); and an animal already on the board is moved there, not doubled
// (Blue's rat from a2 to b1, next to the lion). Kills: Controllers's guard
// with p.board[sq] != NoPiece dropped, and the deletion of
// s.Board[old] = NoPiece (two rats: no position, no controllers).
func TestMutantControllersOfAnOccupiedSquare(t *testing.T) {
	pos, err := dsq.ParsePosition("7/7/7/7/7/7/7/r6/L6 r 0 1")
	require.NoError(t, err)
	require.NotZero(t, pos.Controllers(dsq.B1, dsq.Red, dsq.Cat))
	assert.Zero(t, pos.Controllers(dsq.A2, dsq.Red, dsq.Cat))
	assert.Equal(t, dsq.A1.Bitboard(), pos.Controllers(dsq.B1, dsq.Red, dsq.Rat))
}

// TestMutantDenThreatsOnceDecided: a position decided because Blue, to
// move, has no piece left has no den threats for Red, though Red's lion
// stands next to the den. Kills: DenThreats's guard with
// p.outcome().IsDecided() dropped.
func TestMutantDenThreatsOnceDecided(t *testing.T) {
	pos, err := dsq.ParsePosition("7/3L3/7/7/7/7/7/7/7 b 0 1")
	require.NoError(t, err)
	require.True(t, pos.Outcome().IsDecided())
	assert.Empty(t, pos.DenThreats(dsq.Red))
}

// TestMutantRiverJumpFromEverySquareValue: RiverJump from any Square value
// that is not a square (NoSquare and past it) and any direction answers no
// jump, without a panic. It kills no mutant: it shows by exhaustion that
// RiverJump's guard with !sq.IsValid() dropped is equivalent (no jump path
// from such a value exists, so the answer is the same), and keeps it so.
func TestMutantRiverJumpFromEverySquareValue(t *testing.T) {
	pos := dsq.StartPosition()
	for v := int(dsq.NoSquare); v < 256; v++ {
		for d := range dsq.Direction(4) {
			j, ok := pos.RiverJump(dsq.Square(v), d)
			assert.False(t, ok, "square %d, direction %d", v, d)
			assert.Zero(t, j, "square %d, direction %d", v, d)
		}
	}
}
