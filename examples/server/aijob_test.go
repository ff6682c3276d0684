package main

import (
	"context"
	"net/http"
	"testing"

	"github.com/doushouqi/doushouqi/examples/server/store"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// storeGame writes a game straight into the server's store, from start,
// with the player's seat token "player" (red) and the AI as blue.
func storeGame(t *testing.T, s *Server, start string, moves ...string) *store.Game {
	t.Helper()
	rec := &store.Game{ID: randomHex(), Mode: "ai", Rules: "standard", Start: start, AIColor: "blue", Level: 2,
		RedSeat: hashToken("player"), Moves: moves}
	g, err := replay(rec)
	require.NoError(t, err)
	rec.First = g.Start().SideToMove().String()
	derive(rec, g)
	require.NoError(t, s.cfg.Store.Create(context.Background(), rec))
	return rec
}

// TestAIAcceptsDrawWhenBehind: the AI answers a draw offer by its own
// evaluation: it plays on at the start and accepts when far behind.
func TestAIAcceptsDrawWhenBehind(t *testing.T) {
	c, s := newClient(t, testOptions{})
	// Blue (the AI) without its lion, tiger and elephant.
	rec := storeGame(t, s, "7/1d3c1/r1p1w2/7/7/7/E1W1P1R/1C3D1/T5L r 0 1")
	res := c.as("player", "POST", "/api/games/"+rec.ID+"/draw", `{"action":"offer"}`)
	require.Equal(t, http.StatusOK, res.status, res.raw)
	assert.Equal(t, true, res.body["over"])
	assert.Equal(t, map[string]any{"reason": "draw agreed", "winner": nil}, res.body["outcome"])
	// Stored, and replayed as an agreed draw.
	st := c.state(rec.ID)
	assert.Equal(t, "draw agreed", st["outcome"].(map[string]any)["reason"])

	// Red (the player) without its lion, tiger and elephant: the AI plays on.
	rec = storeGame(t, s, "l5t/1d3c1/r1p1w1e/7/7/7/2W1P1R/1C3D1/7 r 0 1")
	res = c.as("player", "POST", "/api/games/"+rec.ID+"/draw", `{"action":"offer"}`)
	require.Equal(t, http.StatusOK, res.status, res.raw)
	assert.Equal(t, false, res.body["over"])
	assert.Nil(t, res.body["drawOffer"], "declined at once")
}

// TestResume: a game left with the AI to move (a stop before its job ran)
// gets its move after a restart, from Resume or from the first reader.
func TestResume(t *testing.T) {
	c, s := newClient(t, testOptions{})
	waiting := storeGame(t, s, "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L r 0 1", "a3a4")
	require.True(t, aiToMove(waiting))
	s.Resume(context.Background())
	st := c.waitAI(waiting.ID)
	assert.Len(t, st["moves"], 2)

	// Without Resume: a reader queues the move.
	other := storeGame(t, s, "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L r 0 1", "g3g4")
	st = c.waitAI(other.ID)
	assert.Len(t, st["moves"], 2)
}

// TestTargetsJumpRefused: a tiger's river jump blocked by a rat is listed
// with its rule, beside the neighbours it may not enter.
func TestTargetsJumpRefused(t *testing.T) {
	c, s := newClient(t, testOptions{})
	rec := storeGame(t, s, "l5t/1d3c1/2p1w1e/7/1r5/7/ETW1P1R/1C3D1/6L r 0 1")
	res := c.req("GET", "/api/games/"+rec.ID+"/targets?from=b3", "")
	require.Equal(t, http.StatusOK, res.status, res.raw)
	assert.Equal(t, []any{}, res.body["targets"])
	codes := map[string]string{}
	for _, r := range res.body["refused"].([]any) {
		r := r.(map[string]any)
		codes[r["to"].(string)] = r["code"].(string)
	}
	assert.Equal(t, map[string]string{"b2": "own-piece", "a3": "own-piece", "c3": "own-piece",
		"b4": "water", "b7": "jump-blocked"}, codes)
}

// TestDamagedRecord: a stored game that does not replay (a damaged
// database) is a 500 with no detail for the client, and the detail in the
// log.
func TestDamagedRecord(t *testing.T) {
	var logs syncBuffer
	c, s := newClient(t, testOptions{logs: &logs})
	rec := storeGame(t, s, "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L r 0 1")
	rec.Moves = []string{"a3a5"}
	require.NoError(t, s.cfg.Store.Update(context.Background(), rec))
	s.cache.remove(rec.ID)
	res := c.req("GET", "/api/games/"+rec.ID, "")
	assert.Equal(t, http.StatusInternalServerError, res.status)
	assert.Equal(t, map[string]any{"code": "internal", "message": "internal error"}, res.body)
	res = c.as("player", "POST", "/api/games/"+rec.ID+"/resign", `{}`)
	assert.Equal(t, http.StatusInternalServerError, res.status)
	assert.Contains(t, logs.String(), "a3a5")
}
