package httpapi

import (
	"context"
	"net/http"
	"testing"
	"time"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/examples/server/games"
	"github.com/doushouqi/doushouqi/examples/server/internal/apitest"
	"github.com/doushouqi/doushouqi/examples/server/store"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// storeGame writes an AI game straight into the server's store, from start
// with moves played: the AI plays blue, the player red with the seat token
// "player".
func storeGame(t *testing.T, s *Server, start string, moves ...string) *games.Game {
	t.Helper()
	return storeGameAs(t, s, dsq.Blue, start, moves...)
}

// storeGameAs is storeGame with the AI playing aiColor.
func storeGameAs(t *testing.T, s *Server, aiColor dsq.Color, start string, moves ...string) *games.Game {
	t.Helper()
	pos, err := dsq.ParsePosition(start)
	require.NoError(t, err)
	play, err := dsq.NewGameFrom(pos)
	require.NoError(t, err)
	for _, m := range moves {
		_, err := play.PlayText(m)
		require.NoError(t, err)
	}
	return storePlay(t, s, aiColor, play)
}

// storePlay writes play into the server's store as an AI game at level 2,
// the AI playing aiColor.
func storePlay(t *testing.T, s *Server, aiColor dsq.Color, play *dsq.Game) *games.Game {
	t.Helper()
	return storePlayAt(t, s, aiColor, 2, play)
}

// storePlayAt is storePlay at an AI level of the ladder.
func storePlayAt(t *testing.T, s *Server, aiColor dsq.Color, level int, play *dsq.Game) *games.Game {
	t.Helper()
	seat := apitest.HashToken("player")
	r := &store.Game{ID: apitest.NewID(), Mode: "ai", AIColor: aiColor.String(), Level: level}
	if aiColor == dsq.Blue {
		r.RedSeat = seat
	} else {
		r.BlueSeat = seat
	}
	g, err := games.WithGame(r, play)
	require.NoError(t, err)
	row, err := g.Row()
	require.NoError(t, err)
	require.NoError(t, s.cfg.Store.Create(context.Background(), row))
	return g
}

// TestAIAcceptsDrawWhenBehind: the AI answers a draw offer by its own
// evaluation, as a job: the offer's POST returns at once with the offer
// pending and the AI thinking; the answer comes as a change of state. The
// AI plays on at the start and accepts when far behind.
func TestAIAcceptsDrawWhenBehind(t *testing.T) {
	c, s := newClient(t, testOptions{})
	// Blue (the AI) without its lion, tiger and elephant.
	g := storeGame(t, s, "7/1d3c1/r1p1w2/7/7/7/E1W1P1R/1C3D1/T5L r 0 1")
	watch := c.Events(g.ID)
	watch.WaitPly(t, 0)
	res := c.As("player", "POST", "/api/games/"+g.ID+"/draw", `{"action":"offer"}`)
	require.Equal(t, http.StatusOK, res.Status, res.Raw)
	assert.Equal(t, "red", res.Body["drawOffer"], "pending")
	assert.Equal(t, true, res.Body["aiThinking"])
	assert.Equal(t, false, res.Body["over"])
	res = c.As("player", "POST", "/api/games/"+g.ID+"/moves", `{"move":"a3a4","ply":0}`)
	assert.Equal(t, http.StatusConflict, res.Status, "no move while the AI weighs the offer")
	st := waitEvent(t, watch, func(st map[string]any) bool { return st["over"] == true })
	assert.Equal(t, map[string]any{"reason": "agreed", "winner": nil}, st["outcome"])
	assert.Equal(t, false, st["aiThinking"])
	// Stored, and loaded as an agreed draw.
	s.games.Forget(g.ID)
	st = c.State(g.ID)
	assert.Equal(t, "agreed", st["outcome"].(map[string]any)["reason"])

	// Red (the player) without its lion, tiger and elephant: the AI plays on.
	g = storeGame(t, s, "l5t/1d3c1/r1p1w1e/7/7/7/2W1P1R/1C3D1/7 r 0 1")
	res = c.As("player", "POST", "/api/games/"+g.ID+"/draw", `{"action":"offer"}`)
	require.Equal(t, http.StatusOK, res.Status, res.Raw)
	assert.Equal(t, "red", res.Body["drawOffer"], "pending")
	st = c.WaitAI(g.ID)
	assert.Equal(t, false, st["over"])
	assert.Nil(t, st["drawOffer"], "declined")
	res = c.As("player", "POST", "/api/games/"+g.ID+"/moves", `{"move":"g3g4","ply":0}`)
	assert.Equal(t, http.StatusOK, res.Status, "the game goes on")
}

// waitEvent returns the first state event ok accepts.
func waitEvent(t *testing.T, s *apitest.Stream, ok func(map[string]any) bool) map[string]any {
	t.Helper()
	timeout := time.After(30 * time.Second)
	for {
		select {
		case st, open := <-s.States:
			require.True(t, open, "event stream ended")
			if ok(st) {
				return st
			}
		case <-timeout:
			t.Fatal("no such state")
		}
	}
}

// TestResume: a game left with the AI to move (a stop before its job ran)
// gets its move after a restart, from Resume or from the first reader.
func TestResume(t *testing.T) {
	c, s := newClient(t, testOptions{})
	waiting := storeGame(t, s, "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L r 0 1", "a3a4")
	require.True(t, waiting.AIThinking())
	s.Resume(context.Background())
	st := c.WaitAI(waiting.ID)
	assert.Len(t, st["moves"], 2)

	// Without Resume: a reader queues the move.
	other := storeGame(t, s, "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L r 0 1", "g3g4")
	st = c.WaitAI(other.ID)
	assert.Len(t, st["moves"], 2)

	// A draw offer left unanswered by a stop is answered after the restart.
	play := dsq.NewGame()
	require.NoError(t, play.OfferDraw(dsq.Red))
	offered := storePlay(t, s, dsq.Blue, play)
	require.True(t, offered.AIThinking())
	s.Resume(context.Background())
	require.Eventually(t, func() bool {
		g, err := s.games.Get(context.Background(), offered.ID)
		return err == nil && !g.AIThinking()
	}, 30*time.Second, 10*time.Millisecond)
	st = c.State(offered.ID)
	assert.Nil(t, st["drawOffer"], "answered (declined: an even start)")
	assert.Equal(t, false, st["over"])
}

// TestTargetsJumpRefused: a tiger's river jump blocked by a rat is listed
// with its rule, beside the neighbours it may not enter.
func TestTargetsJumpRefused(t *testing.T) {
	c, s := newClient(t, testOptions{})
	g := storeGame(t, s, "l5t/1d3c1/2p1w1e/7/1r5/7/ETW1P1R/1C3D1/6L r 0 1")
	res := c.Req("GET", "/api/games/"+g.ID+"/targets?from=b3", "")
	require.Equal(t, http.StatusOK, res.Status, res.Raw)
	assert.Equal(t, []any{}, res.Body["targets"])
	codes := map[string]string{}
	for _, r := range res.Body["refused"].([]any) {
		r := r.(map[string]any)
		codes[r["to"].(string)] = r["code"].(string)
	}
	assert.Equal(t, map[string]string{"b2": "own-piece", "a3": "own-piece", "c3": "own-piece",
		"b4": "water", "b7": "jump-blocked"}, codes)
}

// TestDamagedRecord: a stored game that does not load (a damaged
// database) is a 500 with no detail for the client, and the detail in the
// log.
func TestDamagedRecord(t *testing.T) {
	var logs apitest.Buffer
	c, s := newClient(t, testOptions{logs: &logs})
	g := storeGame(t, s, "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L r 0 1")
	r, err := s.cfg.Store.Get(context.Background(), g.ID)
	require.NoError(t, err)
	r.Record = []byte(`{"moves":["a3a5"],"result":"*"}`)
	require.NoError(t, s.cfg.Store.Update(context.Background(), r))
	s.games.Forget(g.ID)
	res := c.Req("GET", "/api/games/"+g.ID, "")
	assert.Equal(t, http.StatusInternalServerError, res.Status)
	assert.Equal(t, map[string]any{"code": "internal", "message": "internal error"}, res.Body)
	res = c.As("player", "POST", "/api/games/"+g.ID+"/resign", `{}`)
	assert.Equal(t, http.StatusInternalServerError, res.Status)
	assert.Contains(t, logs.String(), "a3a5")
}
