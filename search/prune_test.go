package search

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	dsq "github.com/doushouqi/doushouqi"
)

// futilityNode searches pos at depth 2 with the null window just above
// its evaluation plus margin, as a node outside the principal variation
// one ply below the root, and returns the score and the nodes visited.
func futilityNode(t *testing.T, fen string, margin int, exact bool) (score int, nodes uint64) {
	t.Helper()
	pos, err := dsq.ParsePosition(fen)
	require.NoError(t, err)
	w := NewEngine(1).workers[0]
	w.exactDepth = exact
	w.stack = append(w.stack[:0], pos.Hash())
	w.begin(context.Background(), &pos, Options{})
	alpha := w.evaluate(&pos) + margin
	score = w.negamax(&pos, 2, 1, alpha, alpha+1)
	return score - alpha, w.nodes
}

// TestFutility: two plies from the leaves, outside the principal
// variation, a side far below alpha searches its first move and not its
// other quiet moves; but it still searches a quiet move next to the enemy
// den, which can win.
func TestFutility(t *testing.T) {
	// Red: dog a7, cat g2 (which can take the rat g3); Blue: elephant a3,
	// lion b3, tiger a2, rat g3. Red is far behind.
	const far = "7/7/D6/7/7/7/el4r/t5C/7 r 0 1"
	_, pruned := futilityNode(t, far, 2*futilityMargin, false)
	_, whole := futilityNode(t, far, 2*futilityMargin, true)
	assert.Less(t, pruned*3, whole, "nodes with futility pruning, and without")
	// Not futile when the margin could make up the gap: nothing pruned.
	_, near := futilityNode(t, far, 2*futilityMargin-1, false)
	assert.Equal(t, whole, near)

	// The dog on d7 instead: d7d8 steps next to Blue's den, which no
	// Blue piece can reach; the den is entered the move after.
	score, _ := futilityNode(t, "7/7/3D3/7/7/7/el4r/t5C/7 r 0 1", 2*futilityMargin, false)
	assert.Positive(t, score, "d7d8 is searched and wins")
}
