package search

import (
	"context"
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/internal/eval"
)

// TestGreedyPlayerBreaksTiesAtRandom: Red's lion on g1 steps to f1 or g2,
// the same distance from Blue's den, which score alike for the greedy
// player, and over many seeds it plays both.
func TestGreedyPlayerBreaksTiesAtRandom(t *testing.T) {
	pos, err := dsq.ParsePosition("l6/7/7/7/7/7/7/7/6L r 0 1")
	require.NoError(t, err)
	scoreOf := func(m dsq.Move) int {
		child := pos
		child.MakeMove(m)
		return -eval.Evaluate(&child)
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

// TestEnginePlayerRefusesOptionsWithoutATable: an EnginePlayer without an
// Engine refuses bad options before it makes an engine's table, and plays
// a level, or a full search, with an engine of its own.
func TestEnginePlayerRefusesOptionsWithoutATable(t *testing.T) {
	start := dsq.StartPosition()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err := EnginePlayer{Options: Options{Depth: -1}}.Move(context.Background(), start)
	runtime.ReadMemStats(&after)
	require.ErrorIs(t, err, ErrOptions)
	assert.Less(t, after.TotalAlloc-before.TotalAlloc, uint64(1<<20), "bytes allocated to refuse the options")
	_, err = EnginePlayer{Options: Options{Depth: -1}}.MoveInGame(context.Background(), dsq.NewGame())
	require.ErrorIs(t, err, ErrOptions)
	for _, opts := range []Options{{Level: 2, Seed: 1}, {Depth: 2}} {
		m, err := EnginePlayer{Options: opts}.Move(context.Background(), start)
		require.NoError(t, err)
		assert.True(t, start.IsLegal(m), "%+v", opts)
	}
}
