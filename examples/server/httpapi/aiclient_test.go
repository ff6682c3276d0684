package httpapi

import (
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestAIPlacesByAddress: a request's AI job is counted for its address:
// with one address's places all held, its moves are refused with 503 and
// another address's are not.
func TestAIPlacesByAddress(t *testing.T) {
	c, s := newClient(t, testOptions{engines: 1, queue: 7, config: func(cfg *Config) {
		cfg.ClientIPHeader = "X-Forwarded-For"
	}})
	from := func(addr, token, path, body string) (int, string) {
		res := c.Req("POST", path, body, "X-Forwarded-For", addr, "Authorization", "Bearer "+token)
		return res.Status, res.Raw
	}
	games := map[string]game{}
	for _, addr := range []string{"198.51.100.1", "198.51.100.2"} {
		res := c.Req("POST", "/api/games", `{"mode":"ai","level":1}`, "X-Forwarded-For", addr)
		require.Equal(t, http.StatusCreated, res.Status, res.Raw)
		g := res.Body["game"].(map[string]any)
		seats := res.Body["seats"].(map[string]any)
		games[addr] = game{ID: g["id"].(string), Seats: map[string]string{"red": seats["red"].(string)}}
	}
	require.Equal(t, 2, s.cfg.Pool.PerClient())
	for range s.cfg.Pool.PerClient() {
		tk, err := s.cfg.Pool.ReserveFor("198.51.100.1")
		require.NoError(t, err)
		defer tk.Release()
	}
	hog, fair := games["198.51.100.1"], games["198.51.100.2"]
	status, raw := from("198.51.100.1", hog.Seats["red"], "/api/games/"+hog.ID+"/moves", `{"move":"a3a4","ply":0}`)
	assert.Equal(t, http.StatusServiceUnavailable, status, raw)
	status, raw = from("198.51.100.2", fair.Seats["red"], "/api/games/"+fair.ID+"/moves", `{"move":"a3a4","ply":0}`)
	assert.Equal(t, http.StatusOK, status, raw)
	assert.Len(t, c.WaitAI(fair.ID)["moves"], 2)
}
