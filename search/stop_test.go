package search

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	dsq "github.com/doushouqi/doushouqi"
)

// cancelAfter is a context whose Err turns to context.Canceled at its n-th
// call: a cancellation at a chosen moment of a single-threaded search, the
// same moment every run.
type cancelAfter struct {
	context.Context
	calls, n int
}

func (c *cancelAfter) Err() error {
	c.calls++
	if c.calls >= c.n {
		return context.Canceled
	}
	return nil
}

// TestCancelledSearch: cancelled after its first iteration, a search
// returns the last finished iteration's move, with no error.
func TestCancelledSearch(t *testing.T) {
	pos := dsq.StartPosition()
	// Find how many Err calls a search to depth 5 makes, then cancel one
	// call before the end: inside the last iteration.
	count := &cancelAfter{Context: context.Background(), n: 1 << 62}
	full, err := NewEngine(1).Search(count, pos, Options{Depth: 5, Nodes: 1 << 40})
	require.NoError(t, err)
	require.Equal(t, 5, full.Depth)
	late := &cancelAfter{Context: context.Background(), n: count.calls}
	res, err := NewEngine(1).Search(late, pos, Options{Depth: 5, Nodes: 1 << 40})
	require.NoError(t, err)
	assert.Less(t, res.Depth, 5)
	assert.Positive(t, res.Depth)
	assert.True(t, pos.IsLegal(res.Move))
}

// TestTableKeyAndTheClock: without a move limit, or far from it, the
// no-capture count is not part of the table key (transpositions share
// entries); near the limit it is.
func TestTableKeyAndTheClock(t *testing.T) {
	start, err := dsq.StartPosition().WithRules(dsq.Rules{MoveLimit: 200})
	require.NoError(t, err)
	noLimit, err := start.WithRules(dsq.Rules{MoveLimit: dsq.NoMoveLimit})
	require.NoError(t, err)
	keys := func(pos dsq.Position, clocks ...int) map[uint64]bool {
		set := map[uint64]bool{}
		for _, c := range clocks {
			p := withClock(t, pos, c)
			w := newWorker(newTable(1))
			w.stack = append(w.stack, p.Hash())
			w.begin(context.Background(), &p, Options{})
			set[w.key(&p)] = true
		}
		return set
	}
	assert.Len(t, keys(noLimit, 0, 1, 5, 40, 59, 500), 1, "no limit")
	assert.Len(t, keys(start, 0, 1), 1, "far from the limit of 200")
	assert.Len(t, keys(start, 150, 190, 199), 3, "near it")
}

// TestGreedyPlayerBreaksTiesAtRandom: Red's lion on g1 steps to f1 or g2,
// the same distance from Blue's den, which score alike for the greedy
// player, and over many seeds it plays both.
func TestGreedyPlayerBreaksTiesAtRandom(t *testing.T) {
	pos, err := dsq.ParsePosition("l6/7/7/7/7/7/7/7/6L r 0 1")
	require.NoError(t, err)
	scoreOf := func(m dsq.Move) int {
		child := pos
		child.MakeMove(m)
		return -evaluate(&child)
	}
	best := -Win
	for _, m := range pos.LegalMoves() {
		best = max(best, scoreOf(m))
	}
	seen := map[dsq.Move]bool{}
	for seed := range uint64(40) {
		m, err := GreedyPlayer{Rand: rand.New(rand.NewPCG(seed, 1))}.Move(context.Background(), pos)
		require.NoError(t, err)
		seen[m] = true
		assert.Equal(t, best, scoreOf(m), "%v", m)
	}
	assert.Equal(t, map[dsq.Move]bool{dsq.NewMove(dsq.G1, dsq.F1): true, dsq.NewMove(dsq.G1, dsq.G2): true}, seen)
}

// TestNodeLimitInTheFirstIteration: a node limit that stops the search
// before its first iteration ends still gives a legal move and no error.
func TestNodeLimitInTheFirstIteration(t *testing.T) {
	pos := dsq.StartPosition()
	res, err := NewEngine(1).Search(context.Background(), pos, Options{Nodes: 1})
	require.NoError(t, err)
	assert.True(t, pos.IsLegal(res.Move), "%v", res.Move)
}

// TestUnfinishedIterationMove: stopped inside an iteration after it proved
// a move better than the last finished iteration's, the search plays that
// move; its Depth stays the finished one's.
func TestUnfinishedIterationMove(t *testing.T) {
	type iteration struct {
		move  dsq.Move
		nodes uint64
	}
	adopted := 0
	for _, pos := range randomPositions(t, 40, 7) {
		var its []iteration
		_, err := NewEngine(1).Search(context.Background(), pos, Options{Depth: 6, Progress: func(r Result) {
			its = append(its, iteration{r.Move, r.Nodes})
		}})
		require.NoError(t, err)
		for d := 3; d < len(its); d++ {
			if its[d].move == its[d-1].move {
				continue
			}
			// Iteration d+1 changed the move: stop it at nodes in between.
			lo, hi := its[d-1].nodes, its[d].nodes
			for limit := lo + 1; limit < hi; limit += max((hi-lo)/40, 1) {
				r, err := NewEngine(1).Search(context.Background(), pos, Options{Depth: 6, Nodes: limit})
				require.NoError(t, err)
				require.True(t, pos.IsLegal(r.Move))
				if r.Depth == d && r.Move != its[d-1].move {
					adopted++
					assert.Equal(t, r.Move, r.PV[0])
				}
			}
		}
	}
	assert.Positive(t, adopted, "no stopped iteration gave its better move")
}
