package doushouqi_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	dsq "github.com/doushouqi/doushouqi"
)

func mustPosition(t *testing.T, s string) dsq.Position {
	t.Helper()
	pos, err := dsq.ParsePosition(s)
	require.NoError(t, err)
	return pos
}

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
