package games

import (
	"context"
	"errors"
	"testing"

	"github.com/doushouqi/doushouqi/search"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestLevels: the levels the service takes are those of Levels, and only
// an AI game has one.
func TestLevels(t *testing.T) {
	s := newService(t)
	ctx := context.Background()
	level := func(n int) *int { return &n }
	for _, n := range []int{0, -1, len(Levels) + 1} {
		_, err := s.Create(ctx, Spec{Mode: "ai", Level: level(n)})
		var refusal *Error
		require.True(t, errors.As(err, &refusal), "level %d", n)
		assert.Equal(t, CodeBadRequest, refusal.Code)
		assert.Equal(t, "level must be 1 to 8", refusal.Message)
	}
	for _, l := range Levels {
		c, err := s.Create(ctx, Spec{Mode: "ai", Level: level(l.Number)})
		require.NoError(t, err)
		assert.Equal(t, l.Number, c.Game.Level)
	}
	c, err := s.Create(ctx, Spec{Mode: "ai"})
	require.NoError(t, err)
	assert.Equal(t, DefaultLevel, c.Game.Level)
	_, err = s.Create(ctx, Spec{Mode: "online", Level: level(3)})
	assert.Error(t, err, "only an AI game has a level")
	// A stored level the site no longer has is played at the nearest.
	assert.Equal(t, search.MaxLevel, s.searchOptions(&Game{Level: 99}).Level)
	assert.Equal(t, search.Level(1), s.searchOptions(&Game{Level: 0}).Level)
	// Two games at one level are seeded apart.
	assert.NotEqual(t, s.searchOptions(&Game{ID: "a", Level: 2}).Seed, s.searchOptions(&Game{ID: "b", Level: 2}).Seed)
}
