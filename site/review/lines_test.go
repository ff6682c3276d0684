package review_test

import (
	"context"
	"testing"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/search"
	"github.com/doushouqi/doushouqi/site/review"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestLines: the analysis board's line of a position whose side to move
// wins at once is the den entry, a forced win for that side in one
// half-move; a quiet start gets a line led by its move; a decided position
// gets none.
func TestLines(t *testing.T) {
	e := search.NewEngine(1)
	ctx := context.Background()
	// Blue's lion on d2, next to Red's den; Blue to move.
	pos, err := dsq.ParsePosition("7/3L3/7/7/7/7/7/3l3/7 b 0 1")
	require.NoError(t, err)
	lines, err := review.Lines(ctx, e, pos, review.Options{Nodes: 5_000}, 3)
	require.NoError(t, err)
	require.NotEmpty(t, lines)
	assert.Equal(t, "d2d1", lines[0].Move)
	assert.Equal(t, -review.WinEval, lines[0].Eval, "a win for Blue, from Red's point of view")
	require.NotNil(t, lines[0].Win)
	assert.Equal(t, review.Win{Color: "blue", In: 1}, *lines[0].Win)
	assert.Equal(t, []string{"d2d1"}, lines[0].PV)

	lines, err = review.Lines(ctx, e, dsq.StartPosition(), review.Options{Nodes: 5_000}, 3)
	require.NoError(t, err)
	require.Len(t, lines, 3, "three lines asked, three given")
	assert.NotEqual(t, lines[0].Move, lines[1].Move)
	assert.GreaterOrEqual(t, lines[0].Eval, lines[1].Eval, "best first (Red to move)")
	assert.Nil(t, lines[0].Win)
	assert.Equal(t, lines[0].Move, lines[0].PV[0], "the line starts with its move")
	assert.Less(t, abs(lines[0].Eval), review.WinEval)

	won, err := dsq.ParsePosition("7/7/7/7/7/7/7/7/3l3 r 0 1") // Blue's lion in Red's den
	require.NoError(t, err)
	lines, err = review.Lines(ctx, e, won, review.Options{}, 1)
	require.NoError(t, err)
	assert.Empty(t, lines)
}

func abs(v int) int { return max(v, -v) }
