package doushouqi

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRepetitionIndexTellsCollisionsApart: positions whose 64-bit hashes
// collide (forged here: a real collision is too rare to meet) are counted
// apart, by comparing the pieces, both in the index of a long window and
// in the walk of a short one.
func TestRepetitionIndexTellsCollisionsApart(t *testing.T) {
	texts := []string{"l6/7/7/7/7/7/7/7/L6 r", "1l5/7/7/7/7/7/7/7/L6 r", "2l4/7/7/7/7/7/7/7/L6 r"}
	for _, clock := range []uint32{0, scanWindow} {
		var positions []Position
		for _, text := range texts {
			p, err := ParsePosition(text + " 0 1 no-move-limit")
			require.NoError(t, err)
			p.hash = 42 // all three collide
			positions = append(positions, p)
		}
		// A history that visits A, B, C, A, B, A, C, A, the clock going up.
		order := []int{0, 1, 2, 0, 1, 0, 2, 0}
		want := []int{1, 1, 1, 2, 2, 3, 2, 4}
		var x *node
		for i, k := range order {
			p := positions[k]
			p.clock = clock + uint32(i)
			if x == nil {
				x = startNode(p)
			} else {
				x = x.child(NoMove, p)
			}
			assert.Equal(t, want[i], x.occurrences(), "clock %d, step %d", clock, i)
			for j, q := range positions {
				n := 0
				for y := x; y != nil; y = y.prev {
					if y.pos.board == q.board {
						n++
					}
				}
				assert.Equal(t, n, x.count(&q), "clock %d, step %d, position %d", clock, i, j)
			}
		}
	}
}

// TestRepetitionIndexCountsItsOwnBranchOnly: copies of a game that play
// on from one history share its index; each counts the occurrences among
// its own ancestors only, never those of the other branches, at random
// over many branches, against a count by walking.
func TestRepetitionIndexCountsItsOwnBranchOnly(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	texts := []string{"l6/7/7/7/7/7/7/7/L6 r", "1l5/7/7/7/7/7/7/7/L6 r", "2l4/7/7/7/7/7/7/7/L6 r", "4l2/7/7/7/7/7/7/7/1L5 r"}
	var positions []Position
	for _, text := range texts {
		p, err := ParsePosition(text + " 0 1 no-move-limit")
		require.NoError(t, err)
		positions = append(positions, p)
	}
	walk := func(x *node, p *Position) int {
		n := 0
		for y, back := x, 0; y != nil && back <= int(x.pos.clock); y, back = y.prev, back+1 {
			if y.pos.samePlace(p) {
				n++
			}
		}
		return n
	}
	root := startNode(positions[0])
	tips := []*node{root}
	for i := range 3000 {
		x := tips[len(tips)-1] // mostly play on
		switch rng.IntN(100) {
		case 0, 1, 2, 3, 4:
			x = tips[rng.IntN(len(tips))] // or from another branch's tip
		case 5:
			x = x.at(int32(rng.IntN(int(x.ply) + 1))) // or from an ancestor
		}
		p := positions[rng.IntN(len(positions))]
		p.clock = x.pos.clock + 1
		c := x.child(NoMove, p)
		tips = append(tips, c)
		require.Equal(t, walk(c, &c.pos), c.occurrences(), "node %d, ply %d", i, c.ply)
		q := positions[rng.IntN(len(positions))]
		require.Equal(t, walk(c, &q), c.count(&q), "node %d, another position", i)
	}
	indexed := 0
	for _, x := range tips {
		if x.index != nil {
			indexed++
		}
	}
	assert.Greater(t, indexed, 1000, "windows past scanWindow, counted by the index")
}
