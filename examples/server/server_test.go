package main

import (
	"net/http"
	"regexp"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestLocalGame(t *testing.T) {
	c, _ := newClient(t, testOptions{})
	g := c.create(`{"mode":"local"}`)
	require.Len(t, g.seats, 2, "a local game gives both seats")
	red, blue := g.seats["red"], g.seats["blue"]
	path := "/api/games/" + g.id

	st := c.state(g.id)
	assert.Equal(t, "red", st["sideToMove"])
	assert.Len(t, st["board"], 63)
	assert.Equal(t, "local", st["mode"])
	assert.Nil(t, st["outcome"])
	assert.Nil(t, st["lastMove"])
	assert.Equal(t, map[string]any{"red": true, "blue": true}, st["seated"])
	// Every change gives a higher version, also one that goes back in ply
	// (the undo): the page keeps the state of higher version.
	version := st["version"].(float64)
	assert.Equal(t, 1.0, version)
	later := func(body map[string]any) {
		t.Helper()
		v, ok := body["version"].(float64)
		require.True(t, ok, "version in %v", body)
		assert.Greater(t, v, version, "the version grows with each change")
		version = v
	}

	res := c.req("GET", path+"/targets?from=c3", "")
	require.Equal(t, http.StatusOK, res.status)
	assert.ElementsMatch(t, []any{"c2", "b3", "d3"}, res.body["targets"])
	assert.Equal(t, []any{map[string]any{"to": "c4", "code": "water", "message": "the wolf cannot enter the water: only the rat may be on water"}},
		res.body["refused"])
	res = c.as(blue, "GET", path+"/targets?from=c3", "")
	assert.Equal(t, []any{}, res.body["targets"], "not blue's turn")

	res = c.as(red, "POST", path+"/moves", `{"move":"a3a4","ply":0}`)
	require.Equal(t, http.StatusOK, res.status, res.raw)
	assert.Equal(t, "blue", res.body["sideToMove"])
	assert.Equal(t, []any{"a3a4"}, res.body["moves"])
	assert.Equal(t, "a3a4", res.body["lastMove"])
	assert.Equal(t, 1.0, res.body["ply"])
	later(res.body)

	res = c.as(red, "POST", path+"/moves", `{"move":"a7a6","ply":1}`)
	assert.Equal(t, http.StatusConflict, res.status, "red's token cannot move blue")
	res = c.as(blue, "POST", path+"/moves", `{"move":"c7c6","ply":1}`)
	assert.Equal(t, http.StatusUnprocessableEntity, res.status)
	assert.Equal(t, "water", res.body["code"])
	assert.Equal(t, "c7c6: the leopard cannot enter the water: only the rat may be on water", res.body["message"])
	res = c.as(blue, "POST", path+"/moves", `{"move":"a7a6","ply":0}`)
	assert.Equal(t, http.StatusConflict, res.status, "stale ply")

	res = c.as(blue, "POST", path+"/undo", `{"ply":1}`)
	require.Equal(t, http.StatusOK, res.status, res.raw)
	assert.Equal(t, []any{}, res.body["moves"])
	later(res.body)

	res = c.as(red, "POST", path+"/draw", `{"action":"offer"}`)
	require.Equal(t, http.StatusOK, res.status, res.raw)
	assert.Equal(t, "red", res.body["drawOffer"])
	later(res.body)
	res = c.as(red, "POST", path+"/draw", `{"action":"accept"}`)
	assert.Equal(t, http.StatusConflict, res.status, "one cannot accept one's own offer")
	res = c.as(blue, "POST", path+"/draw", `{"action":"accept"}`)
	require.Equal(t, http.StatusOK, res.status, res.raw)
	assert.Equal(t, true, res.body["over"])
	assert.Equal(t, map[string]any{"reason": "draw agreed", "winner": nil}, res.body["outcome"])
	later(res.body)

	res = c.as(red, "POST", path+"/moves", `{"move":"a3a4","ply":0}`)
	assert.Equal(t, http.StatusConflict, res.status, "no move after the end")
	assert.Equal(t, "conflict", res.body["code"])
	// The stored game replays as it was.
	st = c.state(g.id)
	assert.Equal(t, true, st["over"])
	assert.Equal(t, "draw agreed", st["outcome"].(map[string]any)["reason"])
	assert.Equal(t, version, st["version"], "refused requests change nothing")
}

func TestAIGame(t *testing.T) {
	c, _ := newClient(t, testOptions{})
	t.Run("the AI opens as Red", func(t *testing.T) {
		g := c.create(`{"mode":"ai","color":"blue","level":1}`)
		require.Len(t, g.seats, 1)
		require.Contains(t, g.seats, "blue")
		st := c.waitAI(g.id)
		assert.Len(t, st["moves"], 1)
		assert.Equal(t, "blue", st["sideToMove"])
		assert.Equal(t, "red", st["aiColor"])
	})
	t.Run("the AI answers", func(t *testing.T) {
		g := c.create(`{"mode":"ai","level":2}`)
		token := g.seats["red"]
		path := "/api/games/" + g.id
		res := c.as(token, "POST", path+"/moves", `{"move":"a3a4","ply":0}`)
		require.Equal(t, http.StatusOK, res.status, res.raw)
		assert.Equal(t, true, res.body["aiThinking"])
		st := c.waitAI(g.id)
		assert.Len(t, st["moves"], 2)
		assert.Equal(t, "red", st["sideToMove"])

		res = c.as(token, "POST", path+"/undo", `{"ply":2}`)
		require.Equal(t, http.StatusOK, res.status, res.raw)
		assert.Equal(t, []any{}, res.body["moves"], "undo takes back the AI's reply and the player's move")

		res = c.as(token, "POST", path+"/draw", `{"action":"offer"}`)
		require.Equal(t, http.StatusOK, res.status, res.raw)
		assert.Equal(t, "red", res.body["drawOffer"], "the AI answers by a job")
		assert.Equal(t, true, res.body["aiThinking"])
		st = c.waitAI(g.id)
		assert.Nil(t, st["drawOffer"], "answered")
		assert.Equal(t, false, st["over"], "an even start: the AI plays on")

		res = c.as(token, "POST", path+"/resign", `{}`)
		require.Equal(t, http.StatusOK, res.status, res.raw)
		assert.Equal(t, map[string]any{"reason": "resigned", "winner": "blue"}, res.body["outcome"])
	})
}

func TestOnlineGame(t *testing.T) {
	c, _ := newClient(t, testOptions{})
	g := c.create(`{"mode":"online","color":"blue"}`)
	require.Equal(t, []string{"blue"}, keys(g.seats))
	path := "/api/games/" + g.id
	watch := c.events(g.id)
	first := watch.waitPly(t, 0)
	assert.Equal(t, map[string]any{"red": false, "blue": true}, first["seated"])

	res := c.as(g.seats["blue"], "POST", path+"/draw", `{"action":"offer"}`)
	assert.Equal(t, http.StatusConflict, res.status, "no offer before the other joins")
	res = c.as(g.seats["blue"], "POST", path+"/resign", `{}`)
	assert.Equal(t, http.StatusConflict, res.status, "no resignation (and no win for the absent player) before the other joins")
	assert.Equal(t, false, c.state(g.id)["over"])

	res = c.req("POST", path+"/join", g.joinBody())
	require.Equal(t, http.StatusOK, res.status, res.raw)
	seats := res.body["seats"].(map[string]any)
	require.Equal(t, []string{"red"}, keys(seats))
	red := seats["red"].(string)
	res = c.req("POST", path+"/join", g.joinBody())
	assert.Equal(t, http.StatusConflict, res.status, "both seats taken")

	res = c.as(red, "POST", path+"/moves", `{"move":"a3a4","ply":0}`)
	require.Equal(t, http.StatusOK, res.status, res.raw)
	st := watch.waitPly(t, 1)
	assert.Equal(t, "a3a4", st["lastMove"])

	res = c.as(g.seats["blue"], "POST", path+"/undo", `{"ply":1}`)
	assert.Equal(t, http.StatusConflict, res.status, "no undo online")

	res = c.as(g.seats["blue"], "POST", path+"/moves", `{"move":"a7a6","ply":1}`)
	require.Equal(t, http.StatusOK, res.status, res.raw)
	watch.waitPly(t, 2)

	res = c.as(red, "POST", path+"/draw", `{"action":"offer"}`)
	require.Equal(t, http.StatusOK, res.status)
	res = c.as(g.seats["blue"], "POST", path+"/draw", `{"action":"decline"}`)
	require.Equal(t, http.StatusOK, res.status)
	assert.Nil(t, res.body["drawOffer"])
	res = c.as(g.seats["blue"], "POST", path+"/resign", `{}`)
	require.Equal(t, http.StatusOK, res.status)
	assert.Equal(t, map[string]any{"reason": "resigned", "winner": "red"}, res.body["outcome"])

	// A watcher that reconnects gets the whole state at once.
	again := c.events(g.id)
	st = again.waitPly(t, 2)
	assert.Equal(t, true, st["over"])
}

func keys[V any](m map[string]V) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

func TestStats(t *testing.T) {
	c, _ := newClient(t, testOptions{})
	get := func() (overall, ai, online map[string]any) {
		res := c.req("GET", "/api/stats", "")
		require.Equal(t, http.StatusOK, res.status)
		byMode := res.body["byMode"].(map[string]any)
		return res.body["overall"].(map[string]any), byMode["ai"].(map[string]any), byMode["online"].(map[string]any)
	}
	overall0, ai0, online0 := get() // a shared PostgreSQL test database may hold games already
	local := c.create(`{"mode":"local"}`)
	c.as(local.seats["red"], "POST", "/api/games/"+local.id+"/resign", `{}`)
	aiGame := c.create(`{"mode":"ai","level":1}`)
	c.as(aiGame.seats["red"], "POST", "/api/games/"+aiGame.id+"/moves", `{"move":"a3a4","ply":0}`)
	c.waitAI(aiGame.id)
	c.as(aiGame.seats["red"], "POST", "/api/games/"+aiGame.id+"/resign", `{}`)
	c.create(`{"mode":"online"}`) // unfinished

	overall, ai, online := get()
	delta := func(a, b map[string]any, k string) float64 { return b[k].(float64) - a[k].(float64) }
	assert.Equal(t, 2.0, delta(overall0, overall, "games"))
	assert.Equal(t, 2.0, delta(overall0, overall, "blueWins"))
	assert.Equal(t, 0.0, delta(overall0, overall, "redWins"))
	assert.Equal(t, 2.0, delta(overall0, overall, "secondPlayerWins"))
	reasons0, reasons := overall0["byReason"].(map[string]any), overall["byReason"].(map[string]any)
	assert.Equal(t, 2.0, reasons["resigned"].(float64)-toFloat(reasons0["resigned"]))
	assert.Equal(t, 1.0, delta(ai0, ai, "games"))
	assert.Equal(t, 0.0, delta(online0, online, "games"))
	if overall0["games"] == 0.0 { // a fresh database: these games' lengths
		assert.Equal(t, 1.0, overall["averageMoves"])
		assert.Equal(t, 2.0, overall["maxMoves"])
		assert.Equal(t, 0.0, overall["minMoves"])
		assert.Nil(t, online["averageMoves"])
	}
}

func toFloat(v any) float64 {
	f, _ := v.(float64)
	return f
}

func TestHTTP(t *testing.T) {
	c, _ := newClient(t, testOptions{})
	g := c.create(`{"mode":"local"}`)
	cases := []struct {
		method, path, body string
		want               int
		code               string
	}{
		{"GET", "/api/nothing", "", 404, "not-found"},
		{"GET", "/api/games/" + g.id + "/nothing", "", 404, "not-found"},
		{"GET", "/api/games/00000000000000000000000000000000", "", 404, "not-found"},
		{"GET", "/api/games/1", "", 404, "not-found"},
		{"GET", "/api/games/" + g.id + "0", "", 404, "not-found"},
		{"GET", "/api/games/" + g.id[:31] + "G", "", 404, "not-found"},
		{"DELETE", "/api/games/" + g.id, "", 405, "method-not-allowed"},
		{"GET", "/api/games", "", 405, "method-not-allowed"},
		{"PUT", "/api/games/" + g.id + "/moves", "", 405, "method-not-allowed"},
		{"POST", "/api/stats", "{}", 405, "method-not-allowed"},
	}
	for _, tc := range cases {
		res := c.req(tc.method, tc.path, tc.body)
		assert.Equal(t, tc.want, res.status, "%s %s", tc.method, tc.path)
		assert.Equal(t, tc.code, res.body["code"], "%s %s", tc.method, tc.path)
		assert.NotEmpty(t, res.body["message"])
	}
	res := c.req("DELETE", "/api/games/"+g.id, "")
	assert.Equal(t, "GET, HEAD", res.header.Get("Allow"))
	res = c.req("GET", "/api/games", "")
	assert.Equal(t, "POST", res.header.Get("Allow"))

	res = c.req("GET", "/api/analysis?position=l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L%20r%200%201&square=c3", "")
	assert.Equal(t, http.StatusOK, res.status, res.raw)
	assert.Equal(t, "W", res.body["piece"])
	assert.Equal(t, "no-store", res.header.Get("Cache-Control"))
	res = c.req("GET", "/api/analysis?position=nonsense", "")
	assert.Equal(t, http.StatusBadRequest, res.status)

	res = c.req("GET", "/healthz", "")
	assert.Equal(t, http.StatusOK, res.status)
	assert.Equal(t, "ok", res.body["status"])

	for _, path := range []string{"/", "/api/games/" + g.id, "/api/nothing"} {
		res := c.req("GET", path, "")
		h := res.header
		assert.Contains(t, h.Get("Content-Security-Policy"), "script-src 'self'", path)
		assert.Contains(t, h.Get("Content-Security-Policy"), "frame-ancestors 'none'", path)
		assert.NotContains(t, h.Get("Content-Security-Policy"), "unsafe-inline", path)
		assert.Equal(t, "nosniff", h.Get("X-Content-Type-Options"), path)
		assert.Equal(t, "no-referrer", h.Get("Referrer-Policy"), path)
		assert.Regexp(t, regexp.MustCompile(`^[0-9a-f]{16}$`), h.Get("X-Request-Id"), path)
	}
	assert.Equal(t, "no-store", c.req("GET", "/api/games/"+g.id, "").header.Get("Cache-Control"))
	page := c.req("GET", "/", "")
	assert.Equal(t, http.StatusOK, page.status)
	assert.Contains(t, page.raw, "<html")
}

// TestConcurrentMoves sends the same move many times at once on several
// games: exactly one is played in each (run under -race).
func TestConcurrentMoves(t *testing.T) {
	c, _ := newClient(t, testOptions{})
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			g := c.create(`{"mode":"local"}`)
			var inner sync.WaitGroup
			var mu sync.Mutex
			statuses := map[int]int{}
			for range 6 {
				inner.Go(func() {
					res := c.as(g.seats["red"], "POST", "/api/games/"+g.id+"/moves", `{"move":"a3a4","ply":0}`)
					c.req("GET", "/api/games/"+g.id+"/targets?from=a7", "")
					mu.Lock()
					statuses[res.status]++
					mu.Unlock()
				})
			}
			inner.Wait()
			assert.Equal(t, map[int]int{200: 1, 409: 5}, statuses)
			assert.Equal(t, []any{"a3a4"}, c.state(g.id)["moves"])
		})
	}
	wg.Wait()
}
