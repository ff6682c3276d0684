package doushouqi_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	dsq "github.com/doushouqi/doushouqi"
)

// TestStepsAreTheOrthogonalNeighbours: Steps is every square one file or
// one rank away, from coordinates, and nothing off the board.
func TestStepsAreTheOrthogonalNeighbours(t *testing.T) {
	for sq := range dsq.Square(dsq.NumSquares) {
		var want dsq.Bitboard
		for _, d := range [][2]int{{0, 1}, {0, -1}, {1, 0}, {-1, 0}} {
			want |= dsq.SquareAt(sq.File()+d[0], sq.Rank()+d[1]).Bitboard()
		}
		assert.Equal(t, want, dsq.Steps(sq), "Steps(%v)", sq)
	}
	for _, sq := range []dsq.Square{dsq.NoSquare, 64, 255} {
		assert.Zero(t, dsq.Steps(sq), "Steps(%d)", sq)
		assert.Zero(t, dsq.Jumps(sq), "Jumps(%d)", sq)
	}
}

// TestJumpsAreTheRiverJumps: Jumps lists exactly the landing squares that
// JumpPath accepts, 20 jumps in all, from the banks of the rivers.
func TestJumpsAreTheRiverJumps(t *testing.T) {
	total := 0
	for from := range dsq.Square(dsq.NumSquares) {
		var want dsq.Bitboard
		for to := range dsq.Square(dsq.NumSquares) {
			if path, ok := dsq.JumpPath(from, to); ok {
				want |= to.Bitboard()
				assert.NotZero(t, path&dsq.Steps(from), "the path of %v%v starts next to %v", from, to, from)
				assert.Zero(t, path&^dsq.Water, "the path of %v%v is water", from, to)
			}
		}
		assert.Equal(t, want, dsq.Jumps(from), "Jumps(%v)", from)
		assert.Zero(t, dsq.Jumps(from)&dsq.Water, "Jumps(%v) lands on land", from)
		total += want.Count()
	}
	assert.Equal(t, 20, total)
}
