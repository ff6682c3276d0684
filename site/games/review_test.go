package games

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/record"
	"github.com/doushouqi/doushouqi/site/review"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestReview: a game's review is refused while it goes on; the change that
// ends it queues the review, which is stored once and read back.
func TestReview(t *testing.T) {
	t.Parallel()
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
	t.Parallel()
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
	assert.Equal(t, plainMoves(t, g), movesOf(t, ex.Text), "a game going on: its plain record")
	assert.NotContains(t, string(ex.Text), "{", "no annotation")

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
	assert.Equal(t, plainMoves(t, g), movesOf(t, ex.Text))
	assert.NotContains(t, string(ex.Text), "{", "no annotation")
}

// plainMoves is g's main line as its library record writes it.
func plainMoves(t *testing.T, g *Game) string {
	t.Helper()
	_, moves, _ := strings.Cut(g.play.Record(), "\n\n")
	return moves
}

// movesOf is the moves part of a record's text (after its header).
func movesOf(t *testing.T, text []byte) string {
	t.Helper()
	head, moves, ok := strings.Cut(string(text), "\n\n")
	require.True(t, ok, "a header, a blank line, the moves: %q", text)
	require.Contains(t, head, `[Date "`)
	return moves
}

// TestRecordHeader: a game's record names the event, the date, each side's
// player (the AI by its level) and the time control, and a game with a
// clock ends with each side's time left as a comment; it reads back.
func TestRecordHeader(t *testing.T) {
	t.Parallel()
	s := serviceOn(t, filepath.Join(t.TempDir(), "games.db"))
	ctx := context.Background()
	c, err := s.Create(ctx, Spec{Mode: "online", Clock: TimeControl{Base: 5 * time.Minute, Increment: 3 * time.Second}})
	require.NoError(t, err)
	id := c.Game.ID
	j, err := s.Change(ctx, id, "", Join{Invite: c.Invite})
	require.NoError(t, err)
	_ = j
	_, err = s.Change(ctx, id, c.Seats["red"], Move{Move: mv(dsq.A3, dsq.A4), Ply: 0})
	require.NoError(t, err)
	_, err = s.Change(ctx, id, c.Seats["red"], Resign{})
	require.NoError(t, err)
	ex, err := s.Record(ctx, id)
	require.NoError(t, err)
	text := string(ex.Text)
	date := c.Game.Created.UTC().Format("2006.01.02")
	for _, tag := range []string{`[Event "Online game"]`, `[Date "` + date + `"]`, `[Red "Player"]`, `[Blue "Player"]`, `[TimeControl "300+3"]`} {
		assert.Contains(t, text, tag)
	}
	assert.Regexp(t, `1\. a3a4 \{\[%clk red 0:0[45]:[0-5][0-9]\] \[%clk blue 0:0[45]:[0-5][0-9]\]\} 0-1`, text)
	back, err := record.Parse(text)
	require.NoError(t, err)
	assert.Equal(t, "300+3", back.Tags["TimeControl"])

	level := 2
	ai, err := s.Create(ctx, Spec{Mode: "ai", Color: "blue", Level: &level})
	require.NoError(t, err)
	ex, err = s.Record(ctx, ai.Game.ID)
	require.NoError(t, err)
	l, err := LevelOf(2)
	require.NoError(t, err)
	assert.Contains(t, string(ex.Text), `[Red "AI, level 2 (`+l.Name+`)"]`)
	assert.Contains(t, string(ex.Text), `[Blue "Player"]`)
	assert.Contains(t, string(ex.Text), `[Event "Against the AI"]`)
	assert.Contains(t, string(ex.Text), `[TimeControl "-"]`)
	assert.NotContains(t, string(ex.Text), "%clk", "no clock, no times")
}
