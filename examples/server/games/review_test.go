package games

import (
	"context"
	"encoding/json"
	"path/filepath"
	"testing"
	"time"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestReview: a game's review is refused while it goes on; the change that
// ends it queues the review, which is stored once and read back.
func TestReview(t *testing.T) {
	reviewed := make(chan string, 4)
	s := serviceOn(t, filepath.Join(t.TempDir(), "games.db"), func(c *Config) { c.ReviewNodes = 2_000 })
	s.reviewed = func(id string) { reviewed <- id }
	ctx := context.Background()
	_, err := s.Review(ctx, randomHex())
	refused(t, err, NotFound)
	c, err := s.Create(ctx, Spec{Mode: "local"})
	require.NoError(t, err)
	id := c.Game.ID
	_, err = s.Change(ctx, id, c.Seats["red"], Move{Move: mv(dsq.A3, dsq.A4), Ply: 0})
	require.NoError(t, err)
	_, err = s.Review(ctx, id)
	refused(t, err, Conflict)

	_, err = s.Change(ctx, id, c.Seats["blue"], Resign{})
	require.NoError(t, err)
	select {
	case got := <-reviewed:
		assert.Equal(t, id, got)
	case <-time.After(30 * time.Second):
		t.Fatal("the end of the game queued no review")
	}
	rv, err := s.Review(ctx, id)
	require.NoError(t, err)
	require.NotNil(t, rv.Review)
	var body struct {
		Nodes uint64 `json:"nodes"`
		Moves []struct {
			Ply  int    `json:"ply"`
			Move string `json:"move"`
		} `json:"moves"`
	}
	require.NoError(t, json.Unmarshal(rv.Review, &body))
	assert.Equal(t, uint64(2_000), body.Nodes)
	require.Len(t, body.Moves, 1)
	assert.Equal(t, "a3a4", body.Moves[0].Move)
	again, err := s.Review(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, rv.Review, again.Review, "stored once")
	select {
	case <-reviewed:
		t.Fatal("reviewed twice")
	case <-time.After(100 * time.Millisecond):
	}
}
