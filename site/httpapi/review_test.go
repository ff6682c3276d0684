package httpapi

import (
	"context"
	"encoding/json"
	"net/http"
	"path/filepath"
	"testing"
	"time"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/search"
	"github.com/doushouqi/doushouqi/site/ai"
	"github.com/doushouqi/doushouqi/site/internal/apitest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// holdEngines takes every engine of s's pool with a job that waits, and
// returns the function that lets them go.
func holdEngines(t *testing.T, s *Server, n int) func() {
	t.Helper()
	release := make(chan struct{})
	for range n {
		held := make(chan struct{})
		tk, err := s.cfg.Pool.Reserve()
		require.NoError(t, err)
		tk.Submit(func(context.Context, *search.Engine) { close(held); <-release })
		<-held
	}
	once := false
	return func() {
		if !once {
			once = true
			close(release)
		}
	}
}

// waitReview polls game id's review until it is ready and returns it.
func waitReview(c *client, id string) map[string]any {
	c.T.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for {
		res := c.Req("GET", "/api/games/"+id+"/review", "")
		if res.Status == http.StatusOK {
			assert.Equal(c.T, "ready", res.Body["status"])
			return res.Body["review"].(map[string]any)
		}
		require.Equal(c.T, http.StatusAccepted, res.Status, res.Raw)
		require.True(c.T, time.Now().Before(deadline), "no review: %s", res.Raw)
		time.Sleep(20 * time.Millisecond)
	}
}

// TestReviewAPI: a game's review is 409 while it goes on, 202 pending
// while queued behind a busy engine, then 200 with one entry per move, the
// same at every request.
func TestReviewAPI(t *testing.T) {
	t.Parallel()
	c, s := newClient(t, testOptions{engines: 1})
	g := c.Create(`{"mode":"ai","level":1}`)
	path := "/api/games/" + g.ID + "/review"
	res := c.Req("GET", path, "")
	assert.Equal(t, http.StatusConflict, res.Status, res.Raw)
	assert.Equal(t, "conflict", res.Body["code"])
	assert.Equal(t, http.StatusNotFound, c.Req("GET", "/api/games/"+apitest.NewID()+"/review", "").Status)
	assert.Equal(t, http.StatusMethodNotAllowed, c.Req("POST", path, "{}").Status)

	res = c.As(g.Seats["red"], "POST", "/api/games/"+g.ID+"/moves", `{"move":"a3a4","ply":0}`)
	require.Equal(t, http.StatusOK, res.Status, res.Raw)
	c.WaitAI(g.ID)
	release := holdEngines(t, s, 1)
	defer release()
	res = c.As(g.Seats["red"], "POST", "/api/games/"+g.ID+"/resign", `{}`)
	require.Equal(t, http.StatusOK, res.Status, res.Raw)
	res = c.Req("GET", path, "")
	assert.Equal(t, http.StatusAccepted, res.Status, res.Raw)
	assert.Equal(t, map[string]any{"status": "pending"}, res.Body)
	assert.Equal(t, "1", res.Header.Get("Retry-After"))
	assert.Equal(t, ai.DefaultBackground-1, s.cfg.Pool.BackgroundFree(), "queued once, at the game's end")
	res = c.Req("GET", path, "")
	assert.Equal(t, http.StatusAccepted, res.Status)
	assert.Equal(t, ai.DefaultBackground-1, s.cfg.Pool.BackgroundFree(), "asking again queues nothing more")

	release()
	rv := waitReview(c, g.ID)
	assert.EqualValues(t, 2_000, rv["nodes"])
	moves := rv["moves"].([]any)
	require.Len(t, moves, 2)
	first := moves[0].(map[string]any)
	assert.Equal(t, "a3a4", first["move"])
	assert.Equal(t, "red", first["color"])
	assert.EqualValues(t, 1, first["ply"])
	for _, k := range []string{"eval", "best", "bestEval", "loss", "mark"} {
		assert.Contains(t, first, k)
	}
	assert.Equal(t, "blue", moves[1].(map[string]any)["color"])
	again := c.Req("GET", path, "")
	assert.Equal(t, http.StatusOK, again.Status)
	assert.Equal(t, rv, again.Body["review"], "stored once")
	require.Eventually(t, func() bool { return s.cfg.Pool.BackgroundFree() == ai.DefaultBackground }, 10*time.Second, time.Millisecond,
		"the task's place comes back")
}

// TestReviewAIWin: a game the AI wins by a den entry, its job's change, is
// reviewed as any other: the winning move is exact.
func TestReviewAIWin(t *testing.T) {
	t.Parallel()
	c, s := newClient(t, testOptions{})
	// Blue's lion (the AI's) beside Red's den, Blue to move.
	g := storeGame(t, s, "7/7/7/7/7/7/7/3l3/R6 b 0 1")
	st := c.WaitAI(g.ID)
	require.Equal(t, true, st["over"], "the AI entered the den")
	rv := waitReview(c, g.ID)
	moves := rv["moves"].([]any)
	require.Len(t, moves, 1)
	m := moves[0].(map[string]any)
	assert.Equal(t, "d2d1", m["move"])
	assert.Equal(t, map[string]any{"color": "blue", "in": 0.0}, m["win"], "won by the move")
	assert.EqualValues(t, -10_000, m["eval"], "Red's view: Blue has won")
	assert.Equal(t, false, m["mark"])
}

// TestReviewOnce: two instances on one database: the first to queue a
// review claims it, the other queues nothing and serves the stored review
// once it is there.
func TestReviewOnce(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "shared.db")
	a, sa := newClient(t, testOptions{db: db, engines: 1})
	b, sb := newClient(t, testOptions{db: db, engines: 1})
	play := dsq.NewGame()
	_, err := play.PlayText("a3a4")
	require.NoError(t, err)
	require.NoError(t, play.Resign(dsq.Red))
	g := storePlay(t, sa, dsq.Blue, play)
	release := holdEngines(t, sa, 1)
	defer release()
	path := "/api/games/" + g.ID + "/review"
	assert.Equal(t, http.StatusAccepted, a.Req("GET", path, "").Status)
	assert.Equal(t, ai.DefaultBackground-1, sa.cfg.Pool.BackgroundFree(), "a queued it")
	res := b.Req("GET", path, "")
	assert.Equal(t, http.StatusAccepted, res.Status)
	assert.Equal(t, "pending", res.Body["status"], "another instance is at it")
	assert.Equal(t, ai.DefaultBackground, sb.cfg.Pool.BackgroundFree(), "b queued nothing")
	release()
	rv := waitReview(a, g.ID)
	assert.Equal(t, rv, waitReview(b, g.ID))
	assert.Equal(t, ai.DefaultBackground, sb.cfg.Pool.BackgroundFree(), "b never computed it")
}

// TestReviewQueueFull: a game that ends while the review queue is full is
// not reviewed then, nor forgotten: a request says "waiting", and one made
// when there is room queues it.
func TestReviewQueueFull(t *testing.T) {
	t.Parallel()
	c, s := newClient(t, testOptions{engines: 1, reviews: 1})
	release := holdEngines(t, s, 1)
	defer release()
	finished := func() string {
		play := dsq.NewGame()
		_, err := play.PlayText("a3a4")
		require.NoError(t, err)
		require.NoError(t, play.Resign(dsq.Blue))
		return storePlay(t, s, dsq.Blue, play).ID
	}
	first, second := finished(), finished()
	assert.Equal(t, http.StatusAccepted, c.Req("GET", "/api/games/"+first+"/review", "").Status)
	res := c.Req("GET", "/api/games/"+second+"/review", "")
	assert.Equal(t, http.StatusAccepted, res.Status)
	assert.Equal(t, "waiting", res.Body["status"], "no room: nothing claimed")
	assert.Equal(t, "5", res.Header.Get("Retry-After"))
	release()
	waitReview(c, first)
	waitReview(c, second) // asked again: queued now
}

// TestReviewResume: finished games left without a review by a stop are
// reviewed after the restart, by Resume, without a request.
func TestReviewResume(t *testing.T) {
	parallelOnOwnDB(t)
	_, s := newClient(t, testOptions{})
	var ids []string
	for _, m := range []string{"a3a4", "g3g4"} {
		play := dsq.NewGame()
		_, err := play.PlayText(m)
		require.NoError(t, err)
		require.NoError(t, play.Resign(dsq.Blue))
		ids = append(ids, storePlay(t, s, dsq.Blue, play).ID)
	}
	s.Resume(context.Background())
	for _, id := range ids {
		require.Eventually(t, func() bool {
			rv, _, err := s.cfg.Store.Review(context.Background(), id, time.Now())
			return err == nil && rv != nil
		}, 30*time.Second, 10*time.Millisecond)
	}
}

// TestReviewBelowAIMoves: with long reviews queued on the one engine, an
// AI move asked for meanwhile is served before they are done.
func TestReviewBelowAIMoves(t *testing.T) {
	t.Parallel()
	// A database of its own: Resume must find these four games alone.
	c, s := newClient(t, testOptions{db: filepath.Join(t.TempDir(), "games.db"), engines: 1, reviewNodes: 5_000})
	var ids []string
	for seed := range 4 {
		play, err := search.PlayGame(context.Background(), dsq.StartPosition(),
			search.EnginePlayer{Options: search.Options{Nodes: 500 + uint64(seed)}},
			search.EnginePlayer{Options: search.Options{Nodes: 700}}, 30)
		require.NoError(t, err)
		if !play.IsOver() {
			require.NoError(t, play.Resign(dsq.Blue))
		}
		ids = append(ids, storePlay(t, s, dsq.Blue, play).ID)
	}
	g := c.Create(`{"mode":"ai","level":1}`)
	release := holdEngines(t, s, 1)
	s.Resume(context.Background()) // queues the four reviews, behind the held engine
	require.Equal(t, ai.DefaultBackground-4, s.cfg.Pool.BackgroundFree())
	res := c.As(g.Seats["red"], "POST", "/api/games/"+g.ID+"/moves", `{"move":"a3a4","ply":0}`)
	require.Equal(t, http.StatusOK, res.Status, res.Raw)
	release()
	c.WaitAI(g.ID)
	pending := 0
	for _, id := range ids {
		rv, _, err := s.cfg.Store.Review(context.Background(), id, time.Now())
		require.NoError(t, err)
		if rv == nil {
			pending++
		}
	}
	assert.Equal(t, 4, pending, "the AI's move came before any review was done")
	for _, id := range ids {
		var rv struct {
			Moves []json.RawMessage `json:"moves"`
		}
		data, err := json.Marshal(waitReview(c, id))
		require.NoError(t, err)
		require.NoError(t, json.Unmarshal(data, &rv))
		assert.NotEmpty(t, rv.Moves)
	}
}
