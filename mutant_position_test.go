package doushouqi_test

// Tests that kill hand-made mutants of position.go (lab/mutation/handmade):
// each names the mutants it was written for.

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	dsq "github.com/doushouqi/doushouqi"
)

// TestMutantSetupCounterBounds: Validate takes each counter at both ends of
// its range and refuses one step past either. Kills: the boundaries of the
// no-capture count (0, MaxCounter) and of the move number (1, MaxCounter)
// moved either way, and either operand of their || dropped.
func TestMutantSetupCounterBounds(t *testing.T) {
	base := dsq.StartPosition().Setup()
	for _, c := range []struct {
		clock, number int
		ok            bool
	}{
		{0, 1, true}, {dsq.MaxCounter, dsq.MaxCounter, true},
		{-1, 1, false}, {dsq.MaxCounter + 1, 1, false},
		{0, 0, false}, {0, dsq.MaxCounter + 1, false},
	} {
		s := base
		s.NoCaptureHalfMoves, s.MoveNumber = c.clock, c.number
		err := s.Validate()
		if c.ok {
			assert.NoError(t, err, "clock %d, move number %d", c.clock, c.number)
			continue
		}
		assert.ErrorIs(t, err, dsq.ErrCounter, "clock %d, move number %d", c.clock, c.number)
		_, err = dsq.NewPosition(s)
		assert.ErrorIs(t, err, dsq.ErrCounter, "clock %d, move number %d", c.clock, c.number)
	}
}

// TestMutantJustPastBlue: the first colour value past Blue is refused as a
// side to move and names no piece's square. Kills: Validate's and SquareOf's
// c > Blue moved up, and SquareOf's a >= NumAnimals moved up.
func TestMutantJustPastBlue(t *testing.T) {
	s := dsq.StartPosition().Setup()
	s.SideToMove = dsq.Blue + 1
	assert.ErrorIs(t, s.Validate(), dsq.ErrSide)

	pos := dsq.StartPosition()
	for a := dsq.Animal(0); a <= dsq.NumAnimals; a++ {
		sq, ok := pos.SquareOf(dsq.Blue+1, a)
		assert.False(t, ok, "colour 2, animal %d", a)
		assert.Equal(t, dsq.NoSquare, sq)
	}
	for _, c := range []dsq.Color{dsq.Red, dsq.Blue} {
		sq, ok := pos.SquareOf(c, dsq.NumAnimals)
		assert.False(t, ok, "%v, animal 8", c)
		assert.Equal(t, dsq.NoSquare, sq)
		_, ok = pos.SquareOf(c, dsq.Elephant)
		assert.True(t, ok, "%v elephant", c)
	}
}

// TestMutantPieceInTheEnemyDen: a position with one piece in the enemy den
// (the game just won) is a position, for either den; only both dens taken
// is refused. Kills: Validate's both-dens test with either operand dropped.
func TestMutantPieceInTheEnemyDen(t *testing.T) {
	for _, text := range []string{"3D3/7/7/7/7/7/7/7/l6 b", "L6/7/7/7/7/7/7/7/3d3 r"} {
		pos, err := dsq.ParsePosition(text)
		require.NoError(t, err, text)
		assert.Equal(t, dsq.DenEntered, pos.Outcome().Reason, text)
	}
	_, err := dsq.ParsePosition("3D3/7/7/7/7/7/7/7/3d3 r")
	assert.ErrorIs(t, err, dsq.ErrBothDens)
}

// TestMutantOccupiedBothSides: Occupied answers each side's eight squares
// at the start, Blue's as well as Red's, and none for the colour past Blue.
// Kills: Occupied's c > Blue moved down (Blue's squares were none).
func TestMutantOccupiedBothSides(t *testing.T) {
	pos := dsq.StartPosition()
	for _, c := range []dsq.Color{dsq.Red, dsq.Blue} {
		assert.Equal(t, 8, pos.Occupied(c).Count(), "%v", c)
	}
	assert.Zero(t, pos.Occupied(dsq.Color(2)))
}

// TestMutantSetupRefusesBadRulesAndPieces: Validate refuses a setup whose
// rules cannot be played (ErrRules) and one holding a value that is no
// piece (ErrLetter, naming its square). Kills: the deletion of Validate's
// returns for invalid rules and for an invalid piece.
func TestMutantSetupRefusesBadRulesAndPieces(t *testing.T) {
	s := dsq.StartPosition().Setup()
	s.Rules.MoveLimit = -5
	assert.ErrorIs(t, s.Validate(), dsq.ErrRules)

	s = dsq.StartPosition().Setup()
	s.Board[dsq.A4] = dsq.Piece(99)
	err := s.Validate()
	require.ErrorIs(t, err, dsq.ErrLetter)
	var pe *dsq.PositionError
	require.ErrorAs(t, err, &pe)
	assert.Equal(t, dsq.A4, pe.Square)
}
