package doushouqi_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	dsq "github.com/doushouqi/doushouqi"
)

// Values past the named ones: colours that are not sides, animals past the
// elephant, squares off the board, pieces that are not pieces.
var (
	badColors  = []dsq.Color{dsq.NoColor, 3, 9, 255}
	badAnimals = []dsq.Animal{dsq.NoAnimal, 9, 42, 99, 255}
	badSquares = []dsq.Square{dsq.NoSquare, 64, 70, 200, 255}
	badPieces  = []dsq.Piece{dsq.NoPiece, 17, 32, 40, 255}
)

// TestOutOfRangeValues walks every exported function and method that takes
// a Color, an Animal, a Square or a Piece with values out of range: each
// answers with the documented none value (NoPiece, NoColor, NoAnimal,
// NoSquare, NoMove, NoTerrain, an empty set, 0 or -1) or an error, never
// with a valid value.
func TestOutOfRangeValues(t *testing.T) {
	start := dsq.StartPosition()
	g := dsq.NewGame()
	for _, c := range badColors {
		assert.Equal(t, dsq.NoColor, c.Other(), "Color(%d).Other()", c)
		assert.Equal(t, "none", c.String())
		_, err := c.MarshalText()
		assert.ErrorIs(t, err, dsq.ErrBadColor)
		assert.Equal(t, dsq.NoPiece, dsq.NewPiece(c, dsq.Lion), "NewPiece(Color(%d), Lion)", c)
		assert.Zero(t, dsq.DenOf(c), "DenOf(Color(%d))", c)
		assert.Zero(t, dsq.TrapsOf(c), "TrapsOf(Color(%d))", c)
		assert.Equal(t, dsq.NoTerrain, dsq.TerrainOf(dsq.D1, c), "TerrainOf(d1, Color(%d))", c)
		assert.Zero(t, start.Occupied(c), "Occupied(Color(%d))", c)
		assert.Zero(t, start.Pieces(c, dsq.Lion))
		_, ok := start.SquareOf(c, dsq.Lion)
		assert.False(t, ok)
		assert.Zero(t, start.Threatened(c))
		assert.Zero(t, start.Attackers(dsq.A7, c))
		assert.Zero(t, start.Controllers(dsq.D5, c, dsq.Rat))
		assert.Nil(t, start.DenThreats(c))
		assert.ErrorIs(t, g.Resign(c), dsq.ErrBadColor)
		assert.ErrorIs(t, g.OfferDraw(c), dsq.ErrBadColor)
		assert.ErrorIs(t, g.AcceptDraw(c), dsq.ErrBadColor)
		assert.ErrorIs(t, g.DeclineDraw(c), dsq.ErrBadColor)
		assert.ErrorIs(t, dsq.Setup{SideToMove: c, MoveNumber: 1}.Validate(), dsq.ErrSide)
	}
	assert.False(t, g.IsOver(), "refused calls change nothing")
	assert.Equal(t, dsq.Blue, dsq.Red.Other())
	assert.Equal(t, dsq.Red, dsq.Blue.Other())

	for _, a := range badAnimals {
		assert.Zero(t, a.Rank(), "Animal(%d).Rank()", a)
		assert.Zero(t, dsq.Standard.Rank(a), "Standard.Rank(Animal(%d))", a)
		assert.Zero(t, dsq.Rules{SwapDogWolf: true}.Rank(a))
		assert.Equal(t, "none", a.String())
		_, err := a.MarshalText()
		assert.Error(t, err)
		assert.Equal(t, dsq.NoPiece, dsq.NewPiece(dsq.Blue, a), "NewPiece(Blue, Animal(%d))", a)
		assert.Zero(t, start.Pieces(dsq.Red, a))
		_, ok := start.SquareOf(dsq.Red, a)
		assert.False(t, ok)
		assert.Zero(t, start.Controllers(dsq.D5, dsq.Red, a))
	}
	assert.Equal(t, dsq.NoPiece, dsq.NewPiece(dsq.Color(9), dsq.Animal(99)), "issue 27: not the blue wolf")
	assert.Equal(t, "none", dsq.NewPiece(dsq.Color(9), dsq.Animal(99)).String())
	assert.Zero(t, dsq.Standard.Rank(dsq.Animal(42)), "issue 27: not 43")

	for _, sq := range badSquares {
		assert.Equal(t, -1, sq.File(), "Square(%d).File()", sq)
		assert.Equal(t, -1, sq.Rank(), "Square(%d).Rank()", sq)
		assert.Equal(t, dsq.NoSquare, dsq.SquareAt(sq.File(), sq.Rank()))
		assert.False(t, sq.IsValid())
		assert.Zero(t, sq.Bitboard())
		assert.Equal(t, "-", sq.String())
		assert.Equal(t, dsq.NoMove, dsq.NewMove(sq, dsq.A4), "NewMove(Square(%d), a4)", sq)
		assert.Equal(t, dsq.NoMove, dsq.NewMove(dsq.A3, sq), "NewMove(a3, Square(%d))", sq)
		assert.Equal(t, dsq.NoTerrain, dsq.TerrainOf(sq, dsq.Red))
		assert.Equal(t, dsq.NoPiece, start.PieceAt(sq))
		assert.Zero(t, start.LegalTargets(sq))
		assert.Zero(t, g.LegalTargets(sq))
		assert.Zero(t, start.Attackers(sq, dsq.Red))
		assert.Zero(t, start.Controllers(sq, dsq.Red, dsq.Rat))
		_, ok := start.RiverJump(sq, dsq.Up)
		assert.False(t, ok)
		_, ok = dsq.JumpPath(sq, dsq.A4)
		assert.False(t, ok)
		assert.False(t, dsq.Full.Has(sq))
	}
	for _, p := range badPieces {
		assert.Equal(t, dsq.NoColor, p.Color(), "Piece(%d).Color()", p)
		assert.Equal(t, dsq.NoAnimal, p.Animal(), "Piece(%d).Animal()", p)
		assert.False(t, p.IsValid())
		assert.Equal(t, byte('.'), p.Letter())
		assert.Equal(t, "none", p.String())
	}
	// A Move with bits above its two squares (an int converted without
	// NewMove) is no move: a3a4 with bit 12, 14 or 15 set is refused in a
	// position where a3a4 is legal, and the position is unchanged.
	for _, high := range []dsq.Move{1 << 12, 1 << 14, 0xf000} {
		m := dsq.NewMove(dsq.A3, dsq.A4) | high
		assert.Equal(t, "0000", m.String(), "Move(%#x)", uint16(m))
		assert.False(t, start.IsLegal(m), "IsLegal(%#x)", uint16(m))
		pos := start
		err := pos.Play(m)
		assert.ErrorIs(t, err, dsq.ErrEmptySquare, "Play(%#x)", uint16(m))
		assert.Contains(t, err.Error(), "is not a move: bits above its two squares are set")
		assert.Equal(t, start, pos, "a refused move changes nothing")
		assert.Error(t, g.Play(m))
		_, err = m.MarshalText()
		assert.Error(t, err, "MarshalText(%#x)", uint16(m))
	}
	assert.Empty(t, g.Moves())
	// The named values still answer as before.
	assert.Equal(t, dsq.Blue, dsq.NewPiece(dsq.Blue, dsq.Wolf).Color())
	assert.Equal(t, dsq.Wolf, dsq.NewPiece(dsq.Blue, dsq.Wolf).Animal())
	assert.Equal(t, 8, dsq.Elephant.Rank())
	assert.Equal(t, 6, dsq.G9.File())
	assert.Equal(t, 8, dsq.G9.Rank())
	assert.Equal(t, dsq.Move(dsq.A3)|dsq.Move(dsq.A4)<<6, dsq.NewMove(dsq.A3, dsq.A4))
}
