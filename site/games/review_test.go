package games

import (
	"context"
	"encoding/json"
	"path/filepath"
	"testing"
	"time"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/site/review"
	"github.com/doushouqi/doushouqi/record"
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
	refused(t, err, CodeNotFound)
	c, err := s.Create(ctx, Spec{Mode: "local"})
	require.NoError(t, err)
	id := c.Game.ID
	_, err = s.Change(ctx, id, c.Seats["red"], Move{Move: mv(dsq.A3, dsq.A4), Ply: 0})
	require.NoError(t, err)
	_, err = s.Review(ctx, id)
	refused(t, err, CodeConflict)

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

// TestRecordCarriesReview: a game's record is plain while the game goes on
// and until its review is stored, then carries the review's marks, and
// reads back as the same game; a stored review of another game is not
// written into it.
func TestRecordCarriesReview(t *testing.T) {
	s := serviceOn(t, filepath.Join(t.TempDir(), "games.db"))
	ctx := context.Background()
	_, err := s.Record(ctx, randomHex())
	refused(t, err, CodeNotFound)
	c, err := s.Create(ctx, Spec{Mode: "local"})
	require.NoError(t, err)
	id := c.Game.ID
	_, err = s.Change(ctx, id, c.Seats["red"], Move{Move: mv(dsq.A3, dsq.A4), Ply: 0})
	require.NoError(t, err)
	ex, err := s.Record(ctx, id)
	require.NoError(t, err)
	assert.False(t, ex.Reviewed)
	g, err := s.Get(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, g.play.Record(), string(ex.Text), "a game going on: its plain record")

	s.cfg.Pool.Close(ctx) // no review is computed: the test stores its own
	_, err = s.Change(ctx, id, c.Seats["blue"], Resign{})
	require.NoError(t, err)
	ex, err = s.Record(ctx, id)
	require.NoError(t, err)
	assert.False(t, ex.Reviewed, "no review stored yet")

	rv := review.Review{Nodes: 1, Moves: []review.Move{{Ply: 1, Move: "a3a4", Color: "red", Eval: -400,
		Best: "g3g4", BestEval: 0, Loss: 400, Mark: true}}}
	data, err := json.Marshal(rv)
	require.NoError(t, err)
	require.NoError(t, s.cfg.Store.SaveReview(ctx, id, data))
	ex, err = s.Record(ctx, id)
	require.NoError(t, err)
	assert.True(t, ex.Reviewed)
	assert.Contains(t, string(ex.Text), "1. a3a4? {engine: -4.0} (1. g3g4 {engine: +0.0}) 1-0")
	back, err := record.Parse(string(ex.Text))
	require.NoError(t, err)
	line, err := back.Game()
	require.NoError(t, err)
	g, err = s.Get(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, g.Moves(), line.Moves())
	assert.Equal(t, g.Outcome(), line.Outcome())
	assert.Equal(t, record.Mistake, back.Moves[0].Mark)

	// Another game, finished, whose stored review is of other moves.
	c, err = s.Create(ctx, Spec{Mode: "local"})
	require.NoError(t, err)
	_, err = s.Change(ctx, c.Game.ID, c.Seats["red"], Move{Move: mv(dsq.G3, dsq.G4), Ply: 0})
	require.NoError(t, err)
	_, err = s.Change(ctx, c.Game.ID, c.Seats["blue"], Resign{})
	require.NoError(t, err)
	require.NoError(t, s.cfg.Store.SaveReview(ctx, c.Game.ID, data))
	ex, err = s.Record(ctx, c.Game.ID)
	require.NoError(t, err)
	assert.False(t, ex.Reviewed, "a review of other moves is left out")
	g, err = s.Get(ctx, c.Game.ID)
	require.NoError(t, err)
	assert.Equal(t, g.play.Record(), string(ex.Text))
}
