package search

import (
	"context"
	"sort"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	dsq "github.com/doushouqi/doushouqi"
)

// exactEngine is an engine whose fixed-depth searches return the plain
// minimax score with quiescence (no pruning, no reduction, no aspiration).
func exactEngine() *Engine {
	e := NewEngine(1)
	e.workers[0].exactDepth = true
	return e
}

// TestMultiPVLinesAreTheBestMovesByExactScore: on a small position, at a
// fixed depth without pruning, the N lines are N distinct moves whose
// scores are each move's own minimax score, and they are the N best.
func TestMultiPVLinesAreTheBestMovesByExactScore(t *testing.T) {
	ctx := context.Background()
	pos := mustPos(t, "l5t/7/1r5/7/7/7/1D1W3/7/T5L r")
	const depth = 3
	r, err := exactEngine().Search(ctx, pos, Options{Depth: depth, MultiPV: 4})
	require.NoError(t, err)
	require.Len(t, r.Lines, 4)

	own := map[dsq.Move]int{} // each root move's score, searched alone
	var all []int
	for _, m := range pos.LegalMoves() {
		child := pos
		child.MakeMove(m)
		cr, err := exactEngine().Search(ctx, child, Options{Depth: depth - 1})
		require.NoError(t, err, "%v", m)
		own[m] = -cr.Score
		all = append(all, -cr.Score)
	}
	sort.Sort(sort.Reverse(sort.IntSlice(all)))

	seen := map[dsq.Move]bool{}
	for k, l := range r.Lines {
		assert.False(t, seen[l.Move], "line %d repeats %v", k+1, l.Move)
		seen[l.Move] = true
		assert.Equal(t, own[l.Move], l.Score, "line %d (%v): its score searched alone", k+1, l.Move)
		assert.Equal(t, all[k], l.Score, "line %d: the %d-th best score", k+1, k+1)
		require.NotEmpty(t, l.PV)
		assert.Equal(t, l.Move, l.PV[0])
		if k > 0 {
			assert.LessOrEqual(t, l.Score, r.Lines[k-1].Score, "ordered by score")
		}
	}
	assert.Equal(t, r.Lines[0].Move, r.Move)
	assert.Equal(t, r.Lines[0].Score, r.Score)
	assert.Equal(t, r.Lines[0].PV, r.PV)
}

// TestMultiPVFirstLineIsTheSinglePVMove: where one move stands out (a
// den entry, the only winning capture), line 1 of a multi-PV search is
// the single-PV search's move, at full strength with every pruning.
func TestMultiPVFirstLineIsTheSinglePVMove(t *testing.T) {
	for _, c := range []struct{ name, fen, want string }{
		{"den entry", "l6/3D3/7/7/7/7/7/7/6L r", "d8d9"},
		{"free tiger", "l6/7/1t5/7/7/7/1L5/7/7 r", "b3b7"},
	} {
		t.Run(c.name, func(t *testing.T) {
			pos := mustPos(t, c.fen)
			single, err := NewEngine(1).Search(context.Background(), pos, Options{Depth: 5})
			require.NoError(t, err)
			require.Equal(t, c.want, single.Move.String())
			assert.Nil(t, single.Lines, "no lines without MultiPV")
			multi, err := NewEngine(1).Search(context.Background(), pos, Options{Depth: 5, MultiPV: 3})
			require.NoError(t, err)
			require.Len(t, multi.Lines, 3)
			assert.Equal(t, single.Move, multi.Lines[0].Move)
			assert.Equal(t, single.Move, multi.Move)
			assert.Greater(t, multi.Lines[0].Score, multi.Lines[1].Score, "the move stands out")
		})
	}
}

// TestMultiPVAboveTheLegalMovesGivesEveryMove: asking for more lines than
// there are moves gives each legal move once.
func TestMultiPVAboveTheLegalMovesGivesEveryMove(t *testing.T) {
	pos := mustPos(t, "l6/7/7/7/7/7/7/7/6L r")
	legal := pos.LegalMoves()
	r, err := NewEngine(1).Search(context.Background(), pos, Options{Depth: 3, MultiPV: 50})
	require.NoError(t, err)
	var got []dsq.Move
	for _, l := range r.Lines {
		got = append(got, l.Move)
	}
	assert.ElementsMatch(t, legal, got)
}

// TestMultiPVProgressReportsTheLinesOfEachIteration: Progress sees every
// finished iteration's lines, and a game's search returns them too.
func TestMultiPVProgressReportsTheLinesOfEachIteration(t *testing.T) {
	var depths []int
	opts := Options{Depth: 3, MultiPV: 2, Progress: func(r Result) {
		depths = append(depths, r.Depth)
		assert.Len(t, r.Lines, 2, "depth %d", r.Depth)
	}}
	r, err := NewEngine(1).SearchGame(context.Background(), dsq.NewGame(), opts)
	require.NoError(t, err)
	assert.Equal(t, []int{1, 2, 3}, depths)
	require.Len(t, r.Lines, 2)
	assert.NotEqual(t, r.Lines[0].Move, r.Lines[1].Move)
}

func TestMultiPVNegativeIsRefused(t *testing.T) {
	_, err := NewEngine(1).Search(context.Background(), dsq.StartPosition(), Options{Depth: 1, MultiPV: -1})
	require.ErrorIs(t, err, ErrOptions)
}
