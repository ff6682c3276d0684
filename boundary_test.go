package doushouqi_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	dsq "github.com/doushouqi/doushouqi"
)

// TestRulesLimitBoundaries: the ends of every accepted range are accepted and
// the values just past them refused (mutation testing found these edges
// untested).
func TestRulesLimitBoundaries(t *testing.T) {
	for _, n := range []int{1, dsq.MaxMoveLimit} {
		require.NoError(t, dsq.Rules{MoveLimit: n}.Validate(), "MoveLimit %d", n)
		r, err := dsq.ParseRules(fmt.Sprintf("move-limit=%d", n))
		require.NoError(t, err, "move-limit=%d", n)
		assert.Equal(t, n, r.MoveLimit)
	}
	for _, n := range []int{0, dsq.MaxMoveLimit + 1} {
		_, err := dsq.ParseRules(fmt.Sprintf("move-limit=%d", n))
		assert.ErrorIs(t, err, dsq.ErrRules, "move-limit=%d", n)
	}
	assert.ErrorIs(t, dsq.Rules{MoveLimit: dsq.MaxMoveLimit + 1}.Validate(), dsq.ErrRules)
	assert.ErrorIs(t, dsq.Rules{MoveLimit: -2}.Validate(), dsq.ErrRules)
}

// TestReasonStringBounds: the last reason has its name and the one past it
// none (no index out of range).
func TestReasonStringBounds(t *testing.T) {
	assert.Equal(t, "abandonment", dsq.Abandoned.String())
	assert.Equal(t, "reason?", (dsq.Abandoned + 1).String())
	assert.Equal(t, "reason?", dsq.Reason(255).String())
}
