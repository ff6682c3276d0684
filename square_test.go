package doushouqi_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	dsq "github.com/doushouqi/doushouqi"
)

func TestSquares(t *testing.T) {
	for sq := range dsq.Square(dsq.NumSquares) {
		got, err := dsq.ParseSquare(sq.String())
		require.NoError(t, err)
		assert.Equal(t, sq, got)
		assert.Equal(t, sq, dsq.SquareAt(sq.File(), sq.Rank()))
		assert.Equal(t, int(sq), sq.Rank()*7+sq.File())
	}
	assert.Equal(t, "a1", dsq.A1.String())
	assert.Equal(t, "d9", dsq.D9.String())
	assert.Equal(t, dsq.Square(24), dsq.D4)
	assert.Equal(t, "-", dsq.NoSquare.String())
	assert.Equal(t, dsq.NoSquare, dsq.SquareAt(7, 0))
	for _, s := range []string{"", "a", "h1", "a0", "a10", "1a"} {
		_, err := dsq.ParseSquare(s)
		assert.ErrorIs(t, err, dsq.ErrSquare, "ParseSquare(%q)", s)
	}
}
