package doushouqi_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	dsq "github.com/doushouqi/doushouqi"
)

func squares(sqs ...dsq.Square) dsq.Bitboard {
	var b dsq.Bitboard
	for _, sq := range sqs {
		b |= sq.Bitboard()
	}
	return b
}

func TestTerrainOf(t *testing.T) {
	cases := []struct {
		sq        dsq.Square
		red, blue dsq.Terrain
	}{
		{dsq.A1, dsq.Plain, dsq.Plain},
		{dsq.D1, dsq.OwnDen, dsq.EnemyDen},
		{dsq.D9, dsq.EnemyDen, dsq.OwnDen},
		{dsq.C1, dsq.OwnTrap, dsq.EnemyTrap},
		{dsq.D2, dsq.OwnTrap, dsq.EnemyTrap},
		{dsq.D8, dsq.EnemyTrap, dsq.OwnTrap},
		{dsq.B4, dsq.River, dsq.River},
		{dsq.F6, dsq.River, dsq.River},
		{dsq.D5, dsq.Plain, dsq.Plain},
	}
	for _, c := range cases {
		assert.Equal(t, c.red, dsq.TerrainOf(c.sq, dsq.Red), "TerrainOf(%s, red)", c.sq)
		assert.Equal(t, c.blue, dsq.TerrainOf(c.sq, dsq.Blue), "TerrainOf(%s, blue)", c.sq)
	}
	assert.Equal(t, "enemy trap", dsq.EnemyTrap.String())
}

func TestAttackers(t *testing.T) {
	// Blue's lion has stepped into Red's trap d2: rat, cat and dog around it
	// all take it at rank 0; the elephant on a1 is too far.
	pos := mustPosition(t, "7/7/7/7/7/7/3R3/2ClD2/E6 b")
	assert.Equal(t, squares(dsq.D3, dsq.C2, dsq.E2), pos.Attackers(dsq.D2, dsq.Red))
	assert.Zero(t, pos.Attackers(dsq.D3, dsq.Red), "own piece")
	assert.Zero(t, pos.Attackers(dsq.E5, dsq.Red), "empty square")
	assert.Zero(t, pos.Attackers(dsq.D3, dsq.Blue), "the lion in the trap captures nothing")
}

func TestAttackersTerrain(t *testing.T) {
	// A red rat in the river next to a blue rat in the river and a blue dog
	// on the bank: it takes the rat, not the dog.
	pos := mustPosition(t, "7/7/7/7/1rRd3/7/7/7/6L b")
	assert.Equal(t, squares(dsq.C5), pos.Attackers(dsq.B5, dsq.Red))
	assert.Zero(t, pos.Attackers(dsq.D5, dsq.Red))
}

func TestThreatened(t *testing.T) {
	// The red rat in the river takes the blue rat beside it, and the blue
	// rat takes it back; the blue dog on the bank is out of both rats' reach.
	pos := mustPosition(t, "7/7/7/7/1rRd3/7/7/7/6L b")
	assert.Equal(t, squares(dsq.B5), pos.Threatened(dsq.Blue))
	assert.Equal(t, squares(dsq.C5), pos.Threatened(dsq.Red))
	// Whoever is to move.
	pos = mustPosition(t, "7/7/7/7/1rRd3/7/7/7/6L r")
	assert.Equal(t, squares(dsq.B5), pos.Threatened(dsq.Blue))
	assert.Equal(t, squares(dsq.C5), pos.Threatened(dsq.Red))

	// Blue's lion in Red's trap d2 is taken by rat, cat and dog; from the
	// trap it threatens none of them.
	pos = mustPosition(t, "7/7/7/7/7/7/3R3/2ClD2/E6 b")
	assert.Equal(t, squares(dsq.D2), pos.Threatened(dsq.Blue))
	assert.Zero(t, pos.Threatened(dsq.Red))
	// Blue's lion jumps the river onto the red tiger, unless a rat
	// swims in its way.
	pos = mustPosition(t, "7/7/1l5/7/7/7/1T5/7/7 r")
	assert.Equal(t, squares(dsq.B3), pos.Threatened(dsq.Red))
	pos = mustPosition(t, "7/7/1l5/7/1R5/7/1T5/7/7 r")
	assert.Zero(t, pos.Threatened(dsq.Red))
	assert.Zero(t, pos.Threatened(dsq.Color(2)))
}

func TestControllers(t *testing.T) {
	// Red guards its trap d2 with the cat on c2 and the rat on d3: an enemy
	// elephant stepping in has rank 0 there.
	pos := mustPosition(t, "l6/7/7/7/7/7/3R3/2C4/7 b")
	assert.Equal(t, squares(dsq.C2, dsq.D3), pos.Controllers(dsq.D2, dsq.Red, dsq.Elephant))
	// Off the trap the cat cannot take an elephant, but the rat can.
	assert.Equal(t, squares(dsq.D3), pos.Controllers(dsq.D4, dsq.Red, dsq.Elephant))
	assert.Zero(t, pos.Controllers(dsq.B3, dsq.Red, dsq.Lion))
	assert.Zero(t, pos.Controllers(dsq.B4, dsq.Red, dsq.Lion), "a lion cannot stand on water")
	assert.Zero(t, pos.Controllers(dsq.D3, dsq.Red, dsq.Rat), "occupied")
}

func TestDenThreats(t *testing.T) {
	// Red's dog on d8 threatens d9; Blue's cat on c8 takes it (rank 0 in
	// Blue's trap): the only defence.
	pos := mustPosition(t, "7/2cD3/7/7/7/7/7/7/l6 b")
	assert.Equal(t, []string{"d8d9"}, moveTexts(pos.DenThreats(dsq.Red)))
	assert.Empty(t, pos.DenThreats(dsq.Blue))
	assert.Equal(t, []string{"c8d8"}, moveTexts(pos.DenDefences()))

	// Two threats, one defender: no defence.
	pos = mustPosition(t, "4W2/2cD3/7/7/7/7/7/7/l6 b")
	assert.ElementsMatch(t, []string{"d8d9", "e9d9"}, moveTexts(pos.DenThreats(dsq.Red)))
	assert.Empty(t, pos.DenDefences())

	// Blue threatens Red's den from Red's trap d2; Red's cat takes the dog
	// there, and so does Red's den entry of its own (it wins at once).
	pos = mustPosition(t, "7/3L3/7/7/7/7/7/2Cd3/7 r")
	assert.Equal(t, []string{"d2d1"}, moveTexts(pos.DenThreats(dsq.Blue)))
	assert.ElementsMatch(t, []string{"c2d2", "d8d9"}, moveTexts(pos.DenDefences()))

	// A den already entered: the game is over, nothing threatens.
	pos = mustPosition(t, "3D3/7/7/7/7/7/7/7/l6 b")
	assert.Empty(t, pos.DenThreats(dsq.Blue))
}

func TestRiverJump(t *testing.T) {
	pos := mustPosition(t, "l6/7/7/7/1r5/7/1L5/7/7 r")
	j, ok := pos.RiverJump(dsq.B3, dsq.Up)
	require.True(t, ok)
	assert.Equal(t, dsq.RiverJump{From: dsq.B3, To: dsq.B7, Path: squares(dsq.B4, dsq.B5, dsq.B6), BlockedBy: dsq.B5}, j)
	_, ok = pos.RiverJump(dsq.B3, dsq.Left)
	assert.False(t, ok)
	_, ok = pos.RiverJump(dsq.B2, dsq.Up)
	assert.False(t, ok, "not on the bank")

	j, ok = pos.RiverJump(dsq.D5, dsq.Left)
	require.True(t, ok)
	assert.Equal(t, dsq.RiverJump{From: dsq.D5, To: dsq.A5, Path: squares(dsq.C5, dsq.B5), BlockedBy: dsq.B5}, j)
	j, ok = pos.RiverJump(dsq.D5, dsq.Right)
	require.True(t, ok)
	assert.Equal(t, dsq.RiverJump{From: dsq.D5, To: dsq.G5, Path: squares(dsq.E5, dsq.F5), BlockedBy: dsq.NoSquare}, j)
	j, ok = pos.RiverJump(dsq.F7, dsq.Down)
	require.True(t, ok)
	assert.Equal(t, dsq.F3, j.To)

	// Only the obstacle changes: the same path opens when the rat leaves.
	open := mustPosition(t, "l6/7/7/7/7/7/1L5/7/7 r")
	j, _ = open.RiverJump(dsq.B3, dsq.Up)
	assert.Equal(t, dsq.NoSquare, j.BlockedBy)
	assert.True(t, open.IsLegal(mustMove(t, "b3b7")))
	assert.False(t, pos.IsLegal(mustMove(t, "b3b7")))
}

// TestDenAnalysisAtTheMoveLimit: DenDefences and DenThreats answer from the
// real outcome of the move, under every move limit.
func TestDenAnalysisAtTheMoveLimit(t *testing.T) {
	// Red to move on the 59th quiet half-move; Blue's dog on c1 threatens
	// d1. Every Red move draws by the limit, so every one is a defence.
	pos := mustPosition(t, "l6/7/7/7/7/7/7/7/2d1T2 r 59 40")
	assert.ElementsMatch(t, []string{"e1f1", "e1e2"}, moveTexts(pos.DenDefences()))
	for _, m := range pos.DenDefences() {
		child := pos
		require.NoError(t, child.Play(m))
		assert.Equal(t, dsq.MoveLimit, child.Outcome().Reason)
	}
	assert.ElementsMatch(t, []string{"c1d1"}, moveTexts(pos.DenThreats(dsq.Blue)), "the threat stands: Blue would move if the game went on")

	// The same position drawn already: Blue threatens nothing.
	drawn := mustPosition(t, "l6/7/7/7/7/7/7/7/2d1T2 b 60 40")
	assert.Equal(t, dsq.MoveLimit, drawn.Outcome().Reason)
	assert.Empty(t, drawn.DenThreats(dsq.Blue))
	assert.Empty(t, drawn.DenThreats(dsq.Red))
	assert.Empty(t, drawn.DenDefences())

	// Under other limits the game goes on, and the answers follow.
	for _, rules := range []dsq.Rules{{MoveLimit: 200}, {MoveLimit: dsq.NoMoveLimit}, {MoveLimit: 61}} {
		t.Run(rules.String(), func(t *testing.T) {
			longer, err := drawn.WithRules(rules)
			require.NoError(t, err)
			assert.Equal(t, []string{"c1d1"}, moveTexts(longer.DenThreats(dsq.Blue)))
			before, err := pos.WithRules(rules)
			require.NoError(t, err)
			assert.Empty(t, before.DenDefences(), "no Red move stops c1d1 when the game goes on")
		})
	}
	// A limit of 60 under explicit rules is the standard one.
	same, err := drawn.WithRules(dsq.Rules{MoveLimit: 60})
	require.NoError(t, err)
	assert.Empty(t, same.DenThreats(dsq.Blue))
}

// TestAnalysisBounds: the analysis answers for Blue as for Red, for the last
// animal and terrain and not past them, and for a rat in the water.
func TestAnalysisBounds(t *testing.T) {
	assert.Equal(t, "none", dsq.Terrain(255).String())
	assert.Equal(t, "none", dsq.NoTerrain.String())
	last := dsq.TerrainOf(dsq.D1, dsq.Blue) // Blue's enemy den: a named terrain
	assert.Equal(t, "enemy den", last.String())

	pos, err := dsq.ParsePosition("7/7/7/7/3c3/3R3/7/7/7 b")
	require.NoError(t, err)
	assert.Equal(t, []dsq.Square{dsq.D5}, squareSlice(pos.Attackers(dsq.D4, dsq.Blue)), "the blue cat takes the red rat")
	assert.Zero(t, pos.Attackers(dsq.D4, dsq.Color(2)))

	pos, err = dsq.ParsePosition("7/7/7/7/7/3c3/7/7/7 b")
	require.NoError(t, err)
	assert.Equal(t, []dsq.Square{dsq.D4}, squareSlice(pos.Controllers(dsq.D3, dsq.Blue, dsq.Rat)), "the blue cat guards d3 against a rat")
	assert.Zero(t, pos.Controllers(dsq.D3, dsq.Blue, dsq.Animal(dsq.NumAnimals)), "no ninth animal")
	assert.Zero(t, pos.Controllers(dsq.D3, dsq.Color(2), dsq.Rat))

	pos, err = dsq.ParsePosition("7/7/7/2r4/7/7/7/7/7 b")
	require.NoError(t, err)
	assert.Equal(t, []dsq.Square{dsq.C6}, squareSlice(pos.Controllers(dsq.C5, dsq.Blue, dsq.Rat)), "a rat in the water is taken by the rat beside it")
	assert.Zero(t, pos.Controllers(dsq.C5, dsq.Blue, dsq.Cat), "a cat cannot stand in the water")
}

func squareSlice(b dsq.Bitboard) []dsq.Square {
	var out []dsq.Square
	for sq := range b.Squares() {
		out = append(out, sq)
	}
	return out
}

// TestAttackersOfAnEmptySquare: nobody attacks an empty square, even
// one a piece of the side asked could step onto (the empty square's
// NoPiece has the colour bits of Blue, so Red is the side that tells).
func TestAttackersOfAnEmptySquare(t *testing.T) {
	pos, err := dsq.ParsePosition("l6/7/7/7/7/7/7/7/L6 r")
	require.NoError(t, err)
	for _, sq := range []dsq.Square{dsq.A2, dsq.B1} {
		assert.Zero(t, pos.Attackers(sq, dsq.Red), "%v", sq)
		assert.Zero(t, pos.Attackers(sq, dsq.Blue), "%v", sq)
	}
}

// TestRiverJumpDirectionPastRight: the first value past Right is no
// direction: no jump, no panic.
func TestRiverJumpDirectionPastRight(t *testing.T) {
	pos := dsq.StartPosition()
	for _, sq := range []dsq.Square{dsq.B3, dsq.D5, dsq.A4} {
		j, ok := pos.RiverJump(sq, dsq.Right+1)
		assert.False(t, ok, "%v", sq)
		assert.Equal(t, dsq.RiverJump{}, j, "%v", sq)
	}
	_, ok := pos.RiverJump(dsq.D5, dsq.Right)
	assert.True(t, ok, "Right itself is a direction")
}

// TestDenThreatsOfNoColour: the first value past Blue has no den
// threats, though Red's would be found by its low bit.
func TestDenThreatsOfNoColour(t *testing.T) {
	pos, err := dsq.ParsePosition("l6/3D3/7/7/7/7/7/7/7 r")
	require.NoError(t, err)
	require.NotEmpty(t, pos.DenThreats(dsq.Red))
	assert.Empty(t, pos.DenThreats(dsq.Blue+1))
	assert.Empty(t, pos.DenThreats(dsq.Blue+2))
}

// TestRiverJumpBlockedByTheFirstRat: with two rats on the path, the jump is
// blocked by the first one met from the bank it leaves.
func TestRiverJumpBlockedByTheFirstRat(t *testing.T) {
	pos, err := dsq.ParsePosition("l6/7/7/7/1rR4/7/7/7/L6 r")
	require.NoError(t, err)
	j, ok := pos.RiverJump(dsq.D5, dsq.Left)
	require.True(t, ok)
	assert.Equal(t, dsq.C5, j.BlockedBy)
	j, ok = pos.RiverJump(dsq.A5, dsq.Right)
	require.True(t, ok)
	assert.Equal(t, dsq.B5, j.BlockedBy)
}

// TestAnalysisOfTheColourJustPastBlue: Attackers and Threatened of the
// colour just past Blue (Color(2), read as Red by its low bit) are empty,
// on a position where the two lions attack each other and Red's lion the
// rat too (so that a colour read as either side would show a piece).
func TestAnalysisOfTheColourJustPastBlue(t *testing.T) {
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

// TestControllersOfAnOccupiedSquare: Controllers asks about an empty
// square, and answers none for an occupied one, even where the animal put
// there would be attacked (Blue's cat in place of Blue's rat, next to Red's
// lion); and an animal already on the board is moved there, not doubled
// (Blue's rat from a2 to b1, next to the lion).
func TestControllersOfAnOccupiedSquare(t *testing.T) {
	pos, err := dsq.ParsePosition("7/7/7/7/7/7/7/r6/L6 r 0 1")
	require.NoError(t, err)
	require.NotZero(t, pos.Controllers(dsq.B1, dsq.Red, dsq.Cat))
	assert.Zero(t, pos.Controllers(dsq.A2, dsq.Red, dsq.Cat))
	assert.Equal(t, dsq.A1.Bitboard(), pos.Controllers(dsq.B1, dsq.Red, dsq.Rat))
}

// TestNoDenThreatsOnceDecided: a position decided because Blue, to
// move, has no piece left has no den threats for Red, though Red's lion
// stands next to the den.
func TestNoDenThreatsOnceDecided(t *testing.T) {
	pos, err := dsq.ParsePosition("7/3L3/7/7/7/7/7/7/7 b 0 1")
	require.NoError(t, err)
	require.True(t, pos.Outcome().IsDecided())
	assert.Empty(t, pos.DenThreats(dsq.Red))
}

// TestRiverJumpFromEverySquareValue: RiverJump from any Square value
// that is not a square (NoSquare and past it) and any direction answers no
// jump, without a panic, checked by exhaustion.
func TestRiverJumpFromEverySquareValue(t *testing.T) {
	pos := dsq.StartPosition()
	for v := int(dsq.NoSquare); v < 256; v++ {
		for d := range dsq.Direction(4) {
			j, ok := pos.RiverJump(dsq.Square(v), d)
			assert.False(t, ok, "square %d, direction %d", v, d)
			assert.Zero(t, j, "square %d, direction %d", v, d)
		}
	}
}
