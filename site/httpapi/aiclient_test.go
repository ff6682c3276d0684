package httpapi

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestAIPlacesByAddress: a request's AI job is counted for its address:
// with one address's places all held, its moves are refused with 503 and
// another address's are not.
func TestAIPlacesByAddress(t *testing.T) {
	t.Parallel()
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

// TestAIHogsKeepNobodyOut: three addresses with 30 games each in which the
// AI opens, and then 75 other players starting one such game each, all
// while the engines are busy: the hogs get their bound of places each and
// are refused beyond it; every other player gets a place.
func TestAIHogsKeepNobodyOut(t *testing.T) {
	t.Parallel()
	c, s := newClient(t, testOptions{engines: 2, queue: 64, config: func(cfg *Config) {
		cfg.ClientIPHeader = "X-Forwarded-For"
	}})
	release := holdEngines(t, s, 2)
	defer release()
	create := func(addr string) int {
		return c.Req("POST", "/api/games", `{"mode":"ai","color":"blue","level":1}`, "X-Forwarded-For", addr).Status
	}
	perClient := s.cfg.Pool.PerClient()
	require.Equal(t, 16, perClient)
	for h := range 3 {
		statuses := map[int]int{}
		for range 30 {
			statuses[create(fmt.Sprintf("203.0.113.%d", h+1))]++
		}
		assert.Equal(t, map[int]int{http.StatusCreated: perClient, http.StatusServiceUnavailable: 30 - perClient}, statuses,
			"hog %d", h+1)
	}
	for i := range 75 {
		assert.Equal(t, http.StatusCreated, create(fmt.Sprintf("198.18.0.%d", i+1)), "player %d", i+1)
	}
	assert.Equal(t, 2+3*perClient+75, s.cfg.Pool.Pending())
}

// TestAIGroupOf: the AI's places are held by networks: an IPv4 address
// alone or its /24, an IPv6 /64 or /48, as configured.
func TestAIGroupOf(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		client string
		v4, v6 int
		want   string
	}{
		{"198.51.100.7", 32, 64, "198.51.100.7"},
		{"198.51.100.7", 24, 64, "198.51.100.0/24"},
		{"2001:db8:1:2::/64", 32, 64, "2001:db8:1:2::/64"},
		{"2001:db8:1:2::/64", 32, 48, "2001:db8:1::/48"},
		{"2001:db8:1:2::/64", 32, 128, "2001:db8:1:2::/64"}, // never finer than the client
		{"not an address", 24, 48, "not an address"},
	} {
		assert.Equal(t, tc.want, groupOf(tc.client, tc.v4, tc.v6), "%s at /%d, /%d", tc.client, tc.v4, tc.v6)
	}
}

// TestAIPlacesByNetwork: with networks of /24 and /48, the addresses of
// one network share one client's places (a quarter of the pool's), a
// neighbour network's do not: many cheap addresses of an attacker's
// network fill no more than one share.
func TestAIPlacesByNetwork(t *testing.T) {
	t.Parallel()
	c, s := newClient(t, testOptions{engines: 2, queue: 6, config: func(cfg *Config) {
		cfg.ClientIPHeader = "X-Forwarded-For"
		cfg.AIGroupV4, cfg.AIGroupV6 = 24, 48
	}})
	release := holdEngines(t, s, 2)
	defer release()
	create := func(addr string) int {
		return c.Req("POST", "/api/games", `{"mode":"ai","color":"blue","level":1}`, "X-Forwarded-For", addr).Status
	}
	per := s.cfg.Pool.PerClient()
	require.Equal(t, 2, per)
	for _, network := range []string{"203.0.113.%d", "2001:db8:7:%x::1"} {
		statuses := map[int]int{}
		for i := range 12 {
			statuses[create(fmt.Sprintf(network, i+1))]++
		}
		assert.Equal(t, map[int]int{http.StatusCreated: per, http.StatusServiceUnavailable: 12 - per}, statuses,
			"twelve addresses of %s hold one share", network)
	}
	assert.Equal(t, http.StatusCreated, create("198.51.100.1"), "another network still gets a place")
}
