package doushouqi_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	dsq "github.com/doushouqi/doushouqi"
)

// TestReadsChainOnValues keeps the read API usable on values that are not
// addressable: results of calls, map values, struct fields of values. The
// chains below do not compile with pointer receivers on read methods.
func TestReadsChainOnValues(t *testing.T) {
	g := dsq.NewGame()
	assert.Len(t, g.Position().LegalMoves(), 24)
	assert.False(t, dsq.StartPosition().Outcome().IsDecided())
	assert.Equal(t, dsq.Standard, g.Position().Rules())
	assert.Equal(t, dsq.Red, g.Position().SideToMove())
	assert.True(t, g.Position().IsLegal(dsq.NewMove(dsq.A3, dsq.A4)))
	assert.Equal(t, 3, g.Position().LegalTargets(dsq.A3).Count()) // the rat: a2, a4, b3
	assert.Equal(t, dsq.StartNotation, dsq.StartPosition().String())

	positions := map[string]dsq.Position{"start": dsq.StartPosition()}
	assert.Len(t, positions["start"].LegalMoves(), 24)
	assert.Equal(t, 24, positions["start"].CountLegalMoves())
	assert.NoError(t, positions["start"].CheckMove(dsq.NewMove(dsq.A3, dsq.A4)))
	assert.Empty(t, positions["start"].DenThreats(dsq.Red))

	type room struct {
		Game dsq.Game
		Pos  dsq.Position
	}
	rooms := map[string]room{"a": {Pos: dsq.StartPosition()}}
	assert.Len(t, rooms["a"].Pos.LegalMoves(), 24)
	assert.Len(t, rooms["a"].Game.LegalMoves(), 24)
	assert.Equal(t, dsq.StartPosition(), rooms["a"].Game.Position())
	assert.Contains(t, rooms["a"].Game.Record(), `[Result "*"]`)
	assert.False(t, rooms["a"].Game.IsOver())
	games := map[int]dsq.Game{1: {}}
	assert.True(t, games[1].IsLegal(dsq.NewMove(dsq.A3, dsq.A4)))
	assert.Equal(t, 3, games[1].LegalTargets(dsq.A3).Count())
}
