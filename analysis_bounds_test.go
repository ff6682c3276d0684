package doushouqi_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	dsq "github.com/doushouqi/doushouqi"
)

// TestAnalysisBounds: the analysis answers for Blue as for Red, for the last
// animal and terrain and not past them, and for a rat in the water (edges a
// gremlins run found untested).
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

// TestPositionAfterBounds: 0 is the start, len(moves) the current position,
// and nothing outside.
func TestPositionAfterBounds(t *testing.T) {
	g := dsq.NewGame()
	_, err := g.PlayText("a3a4")
	require.NoError(t, err)
	p, ok := g.PositionAfter(0)
	assert.True(t, ok)
	assert.Equal(t, dsq.StartPosition(), p)
	p, ok = g.PositionAfter(1)
	assert.True(t, ok)
	assert.Equal(t, g.Position(), p)
	for _, n := range []int{-1, 2} {
		_, ok = g.PositionAfter(n)
		assert.False(t, ok, "PositionAfter(%d)", n)
	}
}
