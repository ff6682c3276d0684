package httpapi

import (
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/doushouqi/doushouqi/search"
	"github.com/doushouqi/doushouqi/site/games"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestLadderLevels: the site's levels are the search's ladder, 1 to
// search.MaxLevel, each named; others are refused.
func TestLadderLevels(t *testing.T) {
	t.Parallel()
	require.Len(t, games.Levels, int(search.MaxLevel))
	for i, l := range games.Levels {
		assert.Equal(t, i+1, l.Number)
		assert.Equal(t, search.Levels[i].Name, l.Name)
		assert.NotEmpty(t, l.About)
	}
	c, _ := newClient(t, testOptions{})
	for _, level := range []string{"0", "9", "-1"} {
		res := c.Req("POST", "/api/games", `{"mode":"ai","level":`+level+`}`)
		assert.Equal(t, http.StatusBadRequest, res.Status, "level %s: %s", level, res.Raw)
	}
	g := c.Create(`{"mode":"ai","level":1,"color":"blue"}`) // the AI opens at level 1
	st := c.WaitAI(g.ID)
	assert.Equal(t, 1.0, st["level"])
	assert.Len(t, st["moves"], 1)
}

// TestLowLevelReplyWaits: a low level's reply comes no sooner than its
// MinReply after the player's move, and the wait holds no engine: with one
// engine, two games waiting at once both get their replies in about one
// MinReply, not two.
func TestLowLevelReplyWaits(t *testing.T) {
	// Not parallel: the replies are timed (at most twice the least reply time).
	c, _ := newClient(t, testOptions{engines: 1, replyDelays: true})
	level, err := games.LevelOf(1)
	require.NoError(t, err)
	require.Positive(t, level.MinReply)

	a := c.Create(`{"mode":"ai","level":1}`)
	b := c.Create(`{"mode":"ai","level":1}`)
	start := time.Now()
	var wg sync.WaitGroup
	var tookA, tookB time.Duration
	for _, x := range []struct {
		g    game
		took *time.Duration
	}{{a, &tookA}, {b, &tookB}} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res := c.Req("POST", "/api/games/"+x.g.ID+"/moves", `{"move":"a3a4","ply":0}`, "Authorization", "Bearer "+x.g.Seats["red"])
			assert.Equal(t, http.StatusOK, res.Status, res.Raw)
			st := c.WaitAI(x.g.ID)
			*x.took = time.Since(start)
			assert.Len(t, st["moves"], 2)
		}()
	}
	wg.Wait()
	for _, took := range []time.Duration{tookA, tookB} {
		assert.GreaterOrEqual(t, took, level.MinReply, "a reply before the level's least time")
		assert.Less(t, took, 2*level.MinReply, "the wait held the only engine")
	}
}

// TestLevelsEndpoint: GET /api/levels lists the ladder with its names.
func TestLevelsEndpoint(t *testing.T) {
	t.Parallel()
	c, _ := newClient(t, testOptions{})
	res := c.Req("GET", "/api/levels", "")
	require.Equal(t, http.StatusOK, res.Status, res.Raw)
	list := res.Body["levels"].([]any)
	require.Len(t, list, int(search.MaxLevel))
	for i, x := range list {
		l := x.(map[string]any)
		assert.Equal(t, float64(i+1), l["level"])
		assert.Equal(t, search.Levels[i].Name, l["name"])
		assert.Equal(t, float64(search.Levels[i].Elo), l["elo"])
		assert.Equal(t, games.Levels[i].About, l["about"])
		if i+1 < int(search.MaxLevel) {
			assert.Equal(t, search.Levels[i].About, l["about"], "below the top, the search's words")
		}
		assert.Len(t, l, 4, "level, name, about and elo: nothing of the server's own")
		if i > 0 {
			assert.Greater(t, l["elo"], list[i-1].(map[string]any)["elo"], "each level stands above the one below")
		}
	}
	assert.Equal(t, float64(games.DefaultLevel), res.Body["default"])
}
