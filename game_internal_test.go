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

// TestRepetitionIndexFindsTheNewest: the trie finds, for each of 3,000
// positions added with random hashes (some added twice), the newest node
// of its position, in every version: each version is unchanged by what is
// added after it; adding returns the node replaced.
func TestRepetitionIndexFindsTheNewest(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	base, err := ParsePosition("l6/7/7/7/7/7/7/7/L6 r 0 1")
	require.NoError(t, err)
	var versions []*trie
	var nodes []*node
	var tr *trie
	for i := range 3000 {
		p := base
		if i > 0 && rng.IntN(4) == 0 {
			p = nodes[rng.IntN(len(nodes))].pos // the same position again
		} else {
			p.hash = rng.Uint64()
		}
		x := &node{pos: p, ply: int32(i)}
		before := tr.find(&p)
		var old *node
		tr, old = tr.with(x, 0)
		require.Equal(t, before, old, "with returns the node x replaces")
		versions = append(versions, tr)
		nodes = append(nodes, x)
	}
	for v, tr := range versions {
		if v%97 != 0 && v != len(versions)-1 {
			continue
		}
		newest := map[uint64]*node{}
		for _, x := range nodes[:v+1] {
			newest[x.pos.hash] = x
		}
		for h, x := range newest {
			p := base
			p.hash = h
			require.Same(t, x, tr.find(&p), "version %d", v)
		}
		p := base
		p.hash = rng.Uint64()
		assert.Nil(t, tr.find(&p), "a hash never added")
	}
}
