package httpapi

import (
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"regexp"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestLocalGame(t *testing.T) {
	c, _ := newClient(t, testOptions{})
	g := c.Create(`{"mode":"local"}`)
	require.Len(t, g.Seats, 2, "a local game gives both seats")
	red, blue := g.Seats["red"], g.Seats["blue"]
	path := "/api/games/" + g.ID

	st := c.State(g.ID)
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

	res := c.Req("GET", path+"/targets?from=c3", "")
	require.Equal(t, http.StatusOK, res.Status)
	assert.ElementsMatch(t, []any{"c2", "b3", "d3"}, res.Body["targets"])
	assert.Equal(t, []any{map[string]any{"to": "c4", "code": "water", "message": "the wolf cannot enter the water: only the rat may be on water"}},
		res.Body["refused"])
	res = c.As(blue, "GET", path+"/targets?from=c3", "")
	assert.Equal(t, []any{}, res.Body["targets"], "not blue's turn")

	res = c.As(red, "POST", path+"/moves", `{"move":"a3a4","ply":0}`)
	require.Equal(t, http.StatusOK, res.Status, res.Raw)
	assert.Equal(t, "blue", res.Body["sideToMove"])
	assert.Equal(t, []any{"a3a4"}, res.Body["moves"])
	assert.Equal(t, "a3a4", res.Body["lastMove"])
	assert.Equal(t, 1.0, res.Body["ply"])
	later(res.Body)

	res = c.As(red, "POST", path+"/moves", `{"move":"a7a6","ply":1}`)
	assert.Equal(t, http.StatusConflict, res.Status, "red's token cannot move blue")
	res = c.As(blue, "POST", path+"/moves", `{"move":"c7c6","ply":1}`)
	assert.Equal(t, http.StatusUnprocessableEntity, res.Status)
	assert.Equal(t, "water", res.Body["code"])
	assert.Equal(t, "c7c6: the leopard cannot enter the water: only the rat may be on water", res.Body["message"])
	res = c.As(blue, "POST", path+"/moves", `{"move":"a7a6","ply":0}`)
	assert.Equal(t, http.StatusConflict, res.Status, "stale ply")

	res = c.As(blue, "POST", path+"/undo", `{"ply":1}`)
	require.Equal(t, http.StatusOK, res.Status, res.Raw)
	assert.Equal(t, []any{}, res.Body["moves"])
	later(res.Body)

	res = c.As(red, "POST", path+"/draw", `{"action":"offer"}`)
	require.Equal(t, http.StatusOK, res.Status, res.Raw)
	assert.Equal(t, "red", res.Body["drawOffer"])
	later(res.Body)
	res = c.As(red, "POST", path+"/draw", `{"action":"accept"}`)
	assert.Equal(t, http.StatusConflict, res.Status, "one cannot accept one's own offer")
	res = c.As(blue, "POST", path+"/draw", `{"action":"accept"}`)
	require.Equal(t, http.StatusOK, res.Status, res.Raw)
	assert.Equal(t, true, res.Body["over"])
	assert.Equal(t, map[string]any{"reason": "agreed", "winner": nil}, res.Body["outcome"])
	later(res.Body)

	res = c.As(red, "POST", path+"/moves", `{"move":"a3a4","ply":0}`)
	assert.Equal(t, http.StatusConflict, res.Status, "no move after the end")
	assert.Equal(t, "conflict", res.Body["code"])
	// The stored game replays as it was.
	st = c.State(g.ID)
	assert.Equal(t, true, st["over"])
	assert.Equal(t, "agreed", st["outcome"].(map[string]any)["reason"])
	assert.Equal(t, version, st["version"], "refused requests change nothing")
}

func TestAIGame(t *testing.T) {
	c, _ := newClient(t, testOptions{})
	t.Run("the AI opens as Red", func(t *testing.T) {
		g := c.Create(`{"mode":"ai","color":"blue","level":1}`)
		require.Len(t, g.Seats, 1)
		require.Contains(t, g.Seats, "blue")
		st := c.WaitAI(g.ID)
		assert.Len(t, st["moves"], 1)
		assert.Equal(t, "blue", st["sideToMove"])
		assert.Equal(t, "red", st["aiColor"])
	})
	t.Run("the AI answers", func(t *testing.T) {
		g := c.Create(`{"mode":"ai","level":2}`)
		token := g.Seats["red"]
		path := "/api/games/" + g.ID
		res := c.As(token, "POST", path+"/moves", `{"move":"a3a4","ply":0}`)
		require.Equal(t, http.StatusOK, res.Status, res.Raw)
		assert.Equal(t, true, res.Body["aiThinking"])
		st := c.WaitAI(g.ID)
		assert.Len(t, st["moves"], 2)
		assert.Equal(t, "red", st["sideToMove"])

		res = c.As(token, "POST", path+"/undo", `{"ply":2}`)
		require.Equal(t, http.StatusOK, res.Status, res.Raw)
		assert.Equal(t, []any{}, res.Body["moves"], "undo takes back the AI's reply and the player's move")

		res = c.As(token, "POST", path+"/draw", `{"action":"offer"}`)
		require.Equal(t, http.StatusOK, res.Status, res.Raw)
		assert.Equal(t, "red", res.Body["drawOffer"], "the AI answers by a job")
		assert.Equal(t, true, res.Body["aiThinking"])
		st = c.WaitAI(g.ID)
		assert.Nil(t, st["drawOffer"], "answered")
		assert.Equal(t, false, st["over"], "an even start: the AI plays on")

		res = c.As(token, "POST", path+"/resign", `{}`)
		require.Equal(t, http.StatusOK, res.Status, res.Raw)
		assert.Equal(t, map[string]any{"reason": "resignation", "winner": "blue"}, res.Body["outcome"])
	})
}

func TestOnlineGame(t *testing.T) {
	c, _ := newClient(t, testOptions{})
	g := c.Create(`{"mode":"online","color":"blue"}`)
	require.Equal(t, []string{"blue"}, keys(g.Seats))
	path := "/api/games/" + g.ID
	watch := c.Events(g.ID)
	first := watch.WaitPly(t, 0)
	assert.Equal(t, map[string]any{"red": false, "blue": true}, first["seated"])

	res := c.As(g.Seats["blue"], "POST", path+"/draw", `{"action":"offer"}`)
	assert.Equal(t, http.StatusConflict, res.Status, "no offer before the other joins")
	res = c.As(g.Seats["blue"], "POST", path+"/resign", `{}`)
	assert.Equal(t, http.StatusConflict, res.Status, "no resignation (and no win for the absent player) before the other joins")
	assert.Equal(t, false, c.State(g.ID)["over"])

	res = c.Req("POST", path+"/join", g.JoinBody())
	require.Equal(t, http.StatusOK, res.Status, res.Raw)
	seats := res.Body["seats"].(map[string]any)
	require.Equal(t, []string{"red"}, keys(seats))
	red := seats["red"].(string)
	res = c.Req("POST", path+"/join", g.JoinBody())
	assert.Equal(t, http.StatusConflict, res.Status, "both seats taken")

	res = c.As(red, "POST", path+"/moves", `{"move":"a3a4","ply":0}`)
	require.Equal(t, http.StatusOK, res.Status, res.Raw)
	st := watch.WaitPly(t, 1)
	assert.Equal(t, "a3a4", st["lastMove"])

	res = c.As(g.Seats["blue"], "POST", path+"/undo", `{"ply":1}`)
	assert.Equal(t, http.StatusConflict, res.Status, "no undo online")

	res = c.As(g.Seats["blue"], "POST", path+"/moves", `{"move":"a7a6","ply":1}`)
	require.Equal(t, http.StatusOK, res.Status, res.Raw)
	watch.WaitPly(t, 2)

	res = c.As(red, "POST", path+"/draw", `{"action":"offer"}`)
	require.Equal(t, http.StatusOK, res.Status)
	res = c.As(g.Seats["blue"], "POST", path+"/draw", `{"action":"decline"}`)
	require.Equal(t, http.StatusOK, res.Status)
	assert.Nil(t, res.Body["drawOffer"])
	res = c.As(g.Seats["blue"], "POST", path+"/resign", `{}`)
	require.Equal(t, http.StatusOK, res.Status)
	assert.Equal(t, map[string]any{"reason": "resignation", "winner": "red"}, res.Body["outcome"])

	// A watcher that reconnects gets the whole state at once.
	again := c.Events(g.ID)
	st = again.WaitPly(t, 2)
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
		res := c.Req("GET", "/api/stats", "")
		require.Equal(t, http.StatusOK, res.Status)
		byMode := res.Body["byMode"].(map[string]any)
		return res.Body["overall"].(map[string]any), byMode["ai"].(map[string]any), byMode["online"].(map[string]any)
	}
	overall0, ai0, online0 := get() // a shared PostgreSQL test database may hold games already
	local := c.Create(`{"mode":"local"}`)
	c.As(local.Seats["red"], "POST", "/api/games/"+local.ID+"/resign", `{}`)
	aiGame := c.Create(`{"mode":"ai","level":1}`)
	c.As(aiGame.Seats["red"], "POST", "/api/games/"+aiGame.ID+"/moves", `{"move":"a3a4","ply":0}`)
	c.WaitAI(aiGame.ID)
	c.As(aiGame.Seats["red"], "POST", "/api/games/"+aiGame.ID+"/resign", `{}`)
	c.Create(`{"mode":"online"}`) // unfinished

	overall, ai, online := get()
	delta := func(a, b map[string]any, k string) float64 { return b[k].(float64) - a[k].(float64) }
	assert.Equal(t, 2.0, delta(overall0, overall, "games"))
	assert.Equal(t, 2.0, delta(overall0, overall, "blueWins"))
	assert.Equal(t, 0.0, delta(overall0, overall, "redWins"))
	assert.Equal(t, 2.0, delta(overall0, overall, "secondPlayerWins"))
	reasons0, reasons := overall0["byReason"].(map[string]any), overall["byReason"].(map[string]any)
	assert.Equal(t, 2.0, reasons["resignation"].(float64)-toFloat(reasons0["resignation"]))
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
	g := c.Create(`{"mode":"local"}`)
	cases := []struct {
		method, path, body string
		want               int
		code               string
	}{
		{"GET", "/api/nothing", "", 404, "not-found"},
		{"GET", "/api/games/" + g.ID + "/nothing", "", 404, "not-found"},
		{"GET", "/api/games/00000000000000000000000000000000", "", 404, "not-found"},
		{"GET", "/api/games/1", "", 404, "not-found"},
		{"GET", "/api/games/" + g.ID + "0", "", 404, "not-found"},
		{"GET", "/api/games/" + g.ID[:31] + "G", "", 404, "not-found"},
		{"DELETE", "/api/games/" + g.ID, "", 405, "method-not-allowed"},
		{"GET", "/api/games", "", 405, "method-not-allowed"},
		{"PUT", "/api/games/" + g.ID + "/moves", "", 405, "method-not-allowed"},
		{"POST", "/api/stats", "{}", 405, "method-not-allowed"},
	}
	for _, tc := range cases {
		res := c.Req(tc.method, tc.path, tc.body)
		assert.Equal(t, tc.want, res.Status, "%s %s", tc.method, tc.path)
		assert.Equal(t, tc.code, res.Body["code"], "%s %s", tc.method, tc.path)
		assert.NotEmpty(t, res.Body["message"])
	}
	res := c.Req("DELETE", "/api/games/"+g.ID, "")
	assert.Equal(t, "GET, HEAD", res.Header.Get("Allow"))
	res = c.Req("GET", "/api/games", "")
	assert.Equal(t, "POST", res.Header.Get("Allow"))

	res = c.Req("GET", "/api/analysis?position=l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L%20r%200%201&square=c3", "")
	assert.Equal(t, http.StatusOK, res.Status, res.Raw)
	assert.Equal(t, "W", res.Body["piece"])
	assert.Equal(t, "no-store", res.Header.Get("Cache-Control"))
	res = c.Req("GET", "/api/analysis?position=nonsense", "")
	assert.Equal(t, http.StatusBadRequest, res.Status)

	res = c.Req("GET", "/healthz", "")
	assert.Equal(t, http.StatusOK, res.Status)
	assert.Equal(t, "ok", res.Body["status"])

	for _, path := range []string{"/", "/api/games/" + g.ID, "/api/nothing"} {
		res := c.Req("GET", path, "")
		h := res.Header
		assert.Contains(t, h.Get("Content-Security-Policy"), "script-src 'self'", path)
		assert.Contains(t, h.Get("Content-Security-Policy"), "frame-ancestors 'none'", path)
		assert.NotContains(t, h.Get("Content-Security-Policy"), "unsafe-inline", path)
		assert.Equal(t, "nosniff", h.Get("X-Content-Type-Options"), path)
		assert.Equal(t, "no-referrer", h.Get("Referrer-Policy"), path)
		assert.Regexp(t, regexp.MustCompile(`^[0-9a-f]{16}$`), h.Get("X-Request-Id"), path)
	}
	assert.Equal(t, "no-store", c.Req("GET", "/api/games/"+g.ID, "").Header.Get("Cache-Control"))
	page := c.Req("GET", "/", "")
	assert.Equal(t, http.StatusOK, page.Status)
	assert.Contains(t, page.Raw, "<html")
}

// TestConcurrentMoves sends the same move many times at once on several
// games: exactly one is played in each (run under -race).
func TestConcurrentMoves(t *testing.T) {
	c, _ := newClient(t, testOptions{})
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			g := c.Create(`{"mode":"local"}`)
			var inner sync.WaitGroup
			var mu sync.Mutex
			statuses := map[int]int{}
			for range 6 {
				inner.Go(func() {
					res := c.As(g.Seats["red"], "POST", "/api/games/"+g.ID+"/moves", `{"move":"a3a4","ply":0}`)
					c.Req("GET", "/api/games/"+g.ID+"/targets?from=a7", "")
					mu.Lock()
					statuses[res.Status]++
					mu.Unlock()
				})
			}
			inner.Wait()
			assert.Equal(t, map[int]int{200: 1, 409: 5}, statuses)
			assert.Equal(t, []any{"a3a4"}, c.State(g.ID)["moves"])
		})
	}
	wg.Wait()
}

// TestTimeouts: with HTTPServer's timeouts, a client that sends its headers slowly is cut off; an event
// stream outlives the read and write timeouts (each event has its own).
func TestTimeouts(t *testing.T) {
	old := keepAlive
	keepAlive = 100 * time.Millisecond
	defer func() { keepAlive = old }()
	s := newTestServer(t, testOptions{config: func(c *Config) {
		c.HeaderTimeout, c.ReadTimeout, c.WriteTimeout, c.IdleTimeout = 200*time.Millisecond, 300*time.Millisecond, 300*time.Millisecond, 300*time.Millisecond
	}})
	c := serveHTTP(t, s)
	u, err := url.Parse(c.URL)
	require.NoError(t, err)
	conn, err := net.Dial("tcp", u.Host)
	require.NoError(t, err)
	defer conn.Close()
	fmt.Fprintf(conn, "GET /healthz HTTP/1.1\r\nHost: x\r\n") // and nothing more
	conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	start := time.Now()
	_, err = io.ReadAll(conn)
	require.NoError(t, err, "the server closes the connection")
	assert.Less(t, time.Since(start), 3*time.Second)

	g := c.Create(`{"mode":"online"}`)
	watch := c.Events(g.ID)
	watch.WaitPly(t, 0)
	time.Sleep(time.Second) // beyond every timeout; keep-alives flow
	res := c.Req("POST", "/api/games/"+g.ID+"/join", g.JoinBody())
	require.Equal(t, 200, res.Status)
	st := watch.WaitPly(t, 0)
	assert.Equal(t, map[string]any{"red": true, "blue": true}, st["seated"], "the stream is still open")
}
