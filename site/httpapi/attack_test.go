package httpapi

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/doushouqi/doushouqi/site/internal/apitest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Attacks on the API, each refused with the right status and leaving the
// game as it was.

// snapshot is what must not change under a refused request.
func snapshot(c *client, id string) map[string]any {
	st := c.State(id)
	delete(st, "updated")
	return st
}

func TestAttacksRefused(t *testing.T) {
	t.Parallel()
	c, _ := newClient(t, testOptions{})
	online := c.Create(`{"mode":"online"}`)
	joined := c.Req("POST", "/api/games/"+online.ID+"/join", online.JoinBody())
	require.Equal(t, http.StatusOK, joined.Status)
	blue := joined.Body["seats"].(map[string]any)["blue"].(string)
	red := online.Seats["red"]
	aiGame := c.Create(`{"mode":"ai","level":1}`)
	other := c.Create(`{"mode":"local"}`) // its tokens are no good elsewhere
	on := "/api/games/" + online.ID
	ai := "/api/games/" + aiGame.ID
	big := `{"move":"a3a4","ply":0,"x":"` + strings.Repeat("x", 8<<10) + `"}`

	cases := []struct {
		name         string
		method, path string
		body         string
		headers      []string
		status       int
		code         string
	}{
		{"move without a token", "POST", on + "/moves", `{"move":"a3a4","ply":0}`, nil, 401, "no-seat"},
		{"move with another game's token", "POST", on + "/moves", `{"move":"a3a4","ply":0}`,
			[]string{"Authorization", "Bearer " + other.Seats["red"]}, 401, "no-seat"},
		{"move with a made-up token", "POST", on + "/moves", `{"move":"a3a4","ply":0}`,
			[]string{"Authorization", "Bearer " + strings.Repeat("0", 32)}, 401, "no-seat"},
		{"move for the other colour", "POST", on + "/moves", `{"move":"a3a4","ply":0}`,
			[]string{"Authorization", "Bearer " + blue}, 409, "conflict"},
		{"undo without a token", "POST", on + "/undo", `{"ply":0}`, nil, 401, "no-seat"},
		{"resign without a token", "POST", on + "/resign", `{}`, nil, 401, "no-seat"},
		{"resign naming the other colour", "POST", on + "/resign", `{"color":"blue"}`,
			[]string{"Authorization", "Bearer " + red}, 400, "bad-request"},
		{"accept a draw nobody offered", "POST", on + "/draw", `{"action":"accept"}`,
			[]string{"Authorization", "Bearer " + blue}, 409, "conflict"},
		{"draw without a token", "POST", on + "/draw", `{"action":"offer"}`, nil, 401, "no-seat"},
		{"resign for the AI", "POST", ai + "/resign", `{"color":"blue"}`,
			[]string{"Authorization", "Bearer " + aiGame.Seats["red"]}, 400, "bad-request"},
		{"accept a draw as the AI", "POST", ai + "/draw", `{"action":"accept"}`,
			[]string{"Authorization", "Bearer " + aiGame.Seats["red"]}, 409, "conflict"},
		{"move as the AI", "POST", ai + "/moves", `{"move":"a7a6","ply":0}`,
			[]string{"Authorization", "Bearer " + aiGame.Seats["red"]}, 422, "not-your-piece"},
		{"text/plain body (any web page could send it)", "POST", on + "/moves", `{"move":"a3a4","ply":0}`,
			[]string{"Content-Type", "text/plain", "Authorization", "Bearer " + red}, 415, "unsupported-media-type"},
		{"form body", "POST", on + "/resign", `color=red`,
			[]string{"Content-Type", "application/x-www-form-urlencoded", "Authorization", "Bearer " + red}, 415, "unsupported-media-type"},
		{"cross-origin Origin", "POST", on + "/resign", `{}`,
			[]string{"Origin", "https://evil.example", "Authorization", "Bearer " + red}, 403, "cross-origin"},
		{"cross-site fetch", "POST", on + "/resign", `{}`,
			[]string{"Sec-Fetch-Site", "cross-site", "Authorization", "Bearer " + red}, 403, "cross-origin"},
		{"body too large", "POST", on + "/moves", big, []string{"Authorization", "Bearer " + red}, 413, "too-large"},
		{"unknown field", "POST", on + "/moves", `{"move":"a3a4","ply":0,"as":"admin"}`,
			[]string{"Authorization", "Bearer " + red}, 400, "bad-request"},
		{"two values", "POST", on + "/moves", `{"move":"a3a4","ply":0}{"move":"g3g4","ply":1}`,
			[]string{"Authorization", "Bearer " + red}, 400, "bad-request"},
		{"no ply", "POST", on + "/moves", `{"move":"a3a4"}`, []string{"Authorization", "Bearer " + red}, 400, "bad-request"},
		{"bad move text", "POST", on + "/moves", `{"move":"a3a99","ply":0}`, []string{"Authorization", "Bearer " + red}, 400, "bad-request"},
		{"illegal move", "POST", on + "/moves", `{"move":"a3a5","ply":0}`, []string{"Authorization", "Bearer " + red}, 422, "not-a-step"},
		{"join a full game", "POST", on + "/join", online.JoinBody(), nil, 409, "conflict"},
		{"join an AI game", "POST", ai + "/join", `{}`, nil, 409, "conflict"},
		{"a local game's undo at the start", "POST", "/api/games/" + other.ID + "/undo", `{"ply":0}`,
			[]string{"Authorization", "Bearer " + other.Seats["red"]}, 409, "conflict"},
		{"takeback without a token", "POST", on + "/takeback", `{"action":"offer","ply":0}`, nil, 401, "no-seat"},
		{"takeback without a ply", "POST", on + "/takeback", `{"action":"offer"}`,
			[]string{"Authorization", "Bearer " + red}, 400, "bad-request"},
		{"takeback with an unknown action", "POST", on + "/takeback", `{"action":"force","ply":0}`,
			[]string{"Authorization", "Bearer " + red}, 400, "bad-request"},
		{"takeback of the first moves", "POST", on + "/takeback", `{"action":"offer","ply":0}`,
			[]string{"Authorization", "Bearer " + red}, 409, "conflict"},
		{"accept a takeback nobody asked", "POST", on + "/takeback", `{"action":"accept","ply":0}`,
			[]string{"Authorization", "Bearer " + blue}, 409, "conflict"},
		{"takeback in an AI game", "POST", ai + "/takeback", `{"action":"offer","ply":1}`,
			[]string{"Authorization", "Bearer " + aiGame.Seats["red"]}, 409, "conflict"},
	}
	before := map[string]map[string]any{}
	for _, g := range []game{online, aiGame, other} {
		if g.ID == aiGame.ID {
			c.WaitAI(g.ID)
		}
		before[g.ID] = snapshot(c, g.ID)
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res := c.Req(tc.method, tc.path, tc.body, tc.headers...)
			assert.Equal(t, tc.status, res.Status, res.Raw)
			assert.Equal(t, tc.code, res.Body["code"], res.Raw)
			assert.NotContains(t, res.Raw, "struct", "no Go internals")
			assert.NotContains(t, res.Raw, "json:", "no Go internals")
		})
	}
	for id, st := range before {
		assert.Equal(t, st, snapshot(c, id), "game %s changed", id)
	}
}

func TestIDsAndTokens(t *testing.T) {
	t.Parallel()
	c, _ := newClient(t, testOptions{})
	seen := map[string]bool{}
	for range 20 {
		g := c.Create(`{"mode":"local"}`)
		for _, s := range []string{g.ID, g.Seats["red"], g.Seats["blue"]} {
			assert.Regexp(t, `^[0-9a-f]{32}$`, s)
			assert.False(t, seen[s], "repeated id or token")
			seen[s] = true
		}
		st := c.State(g.ID)
		raw := fmt.Sprint(st)
		assert.NotContains(t, raw, g.Seats["red"], "a token in the state")
		assert.NotContains(t, raw, apitest.HashToken(g.Seats["red"]), "a token's hash in the state")
	}
}

// TestAIBusy: with the AI places of the player's address all held, a move
// that would need the AI is refused with 503 and Retry-After, and the game
// is unchanged.
func TestAIBusy(t *testing.T) {
	t.Parallel()
	c, s := newClient(t, testOptions{engines: 1, queue: 1})
	g := c.Create(`{"mode":"ai","level":1}`)
	// Fill the places of the test's address.
	var tickets []interface{ Release() }
	for {
		tk, err := s.cfg.Pool.ReserveFor("127.0.0.1")
		if err != nil {
			break
		}
		tickets = append(tickets, tk)
	}
	before := snapshot(c, g.ID)
	res := c.As(g.Seats["red"], "POST", "/api/games/"+g.ID+"/moves", `{"move":"a3a4","ply":0}`)
	assert.Equal(t, http.StatusServiceUnavailable, res.Status)
	assert.Equal(t, "busy", res.Body["code"])
	assert.Equal(t, "5", res.Header.Get("Retry-After"))
	assert.Equal(t, before, snapshot(c, g.ID))
	res = c.Req("POST", "/api/games", `{"mode":"ai","color":"blue"}`)
	assert.Equal(t, http.StatusServiceUnavailable, res.Status, "an AI opening needs the pool too")
	for _, tk := range tickets {
		tk.Release()
	}
	res = c.As(g.Seats["red"], "POST", "/api/games/"+g.ID+"/moves", `{"move":"a3a4","ply":0}`)
	assert.Equal(t, http.StatusOK, res.Status)
	assert.Len(t, c.WaitAI(g.ID)["moves"], 2)
}

// TestSlowClient: a client that sends its body slowly holds no lock: the
// game's other player moves meanwhile.
func TestSlowClient(t *testing.T) {
	t.Parallel()
	c, _ := newClient(t, testOptions{})
	g := c.Create(`{"mode":"local"}`)
	u, err := url.Parse(c.URL)
	require.NoError(t, err)
	conn, err := net.Dial("tcp", u.Host)
	require.NoError(t, err)
	defer conn.Close()
	body := `{"move":"g3g4","ply":0}`
	fmt.Fprintf(conn, "POST /api/games/%s/moves HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\n"+
		"Authorization: Bearer %s\r\nContent-Length: %d\r\n\r\n%s", g.ID, u.Host, g.Seats["red"], len(body), body[:5])
	time.Sleep(50 * time.Millisecond) // the handler now waits for the rest of the body

	start := time.Now()
	res := c.As(g.Seats["red"], "POST", "/api/games/"+g.ID+"/moves", `{"move":"a3a4","ply":0}`)
	require.Equal(t, http.StatusOK, res.Status)
	assert.Less(t, time.Since(start), 5*time.Second, "the move waited for the slow client")

	fmt.Fprint(conn, body[5:])
	slow, err := http.ReadResponse(bufio.NewReader(conn), nil)
	require.NoError(t, err)
	defer slow.Body.Close()
	var buf bytes.Buffer
	buf.ReadFrom(slow.Body)
	assert.Equal(t, http.StatusConflict, slow.StatusCode, "its ply is stale now: %s", buf.String())
}

// TestAIMovesAfterDisconnect: the AI's reply is stored even though the
// client went away at once.
func TestAIMovesAfterDisconnect(t *testing.T) {
	t.Parallel()
	c, _ := newClient(t, testOptions{})
	g := c.Create(`{"mode":"ai","level":3}`)
	u, err := url.Parse(c.URL)
	require.NoError(t, err)
	conn, err := net.Dial("tcp", u.Host)
	require.NoError(t, err)
	body := `{"move":"a3a4","ply":0}`
	fmt.Fprintf(conn, "POST /api/games/%s/moves HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\n"+
		"Authorization: Bearer %s\r\nContent-Length: %d\r\n\r\n%s", g.ID, u.Host, g.Seats["red"], len(body), body)
	conn.Close() // gone before the answer
	deadline := time.Now().Add(60 * time.Second)
	for {
		st := c.State(g.ID)
		if len(st["moves"].([]any)) == 2 {
			assert.Equal(t, "red", st["sideToMove"])
			return
		}
		require.True(t, time.Now().Before(deadline), "the AI never moved: %v", st["moves"])
		time.Sleep(20 * time.Millisecond)
	}
}

// TestNoTokenInLogs plays a game and checks the log: request ids, no token.
func TestNoTokenInLogs(t *testing.T) {
	t.Parallel()
	var logs apitest.Buffer
	c, _ := newClient(t, testOptions{logs: &logs})
	g := c.Create(`{"mode":"local"}`)
	c.As(g.Seats["red"], "POST", "/api/games/"+g.ID+"/moves", `{"move":"a3a4","ply":0}`)
	c.As(g.Seats["blue"], "GET", "/api/games/"+g.ID, "")
	c.As("wrong", "POST", "/api/games/"+g.ID+"/resign", `{}`)
	out := logs.String()
	assert.Contains(t, out, `"request":"`)
	assert.Contains(t, out, `"status":401`)
	for _, tok := range g.Seats {
		assert.NotContains(t, out, tok)
		assert.NotContains(t, out, apitest.HashToken(tok))
	}
	assert.NotContains(t, out, "Bearer")
}

// TestNoCapOnGames: games are stored, not held in memory, so 10,000
// stored games cap nothing: the 10,001st is created like the first.
func TestNoCapOnGames(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("stores 10,000 games")
	}
	file := filepath.Join(t.TempDir(), "dsq.db")
	apitest.FillGames(t, file, 10_000)
	c, _ := newClient(t, testOptions{db: file})
	g := c.Create(`{"mode":"local"}`)
	assert.Equal(t, 0.0, c.State(g.ID)["ply"])
	assert.NotZero(t, c.State(fmt.Sprintf("%032x", 10_000))["ply"], "a stored game reads back")
}

// TestAmbiguousFramingClosesConnection sends, on one connection, a request
// whose framing a proxy could read otherwise than net/http, then a good
// request: the first is answered 400, and the connection is closed, so the
// second is never read as a request (no smuggling).
func TestAmbiguousFramingClosesConnection(t *testing.T) {
	t.Parallel()
	s := newTestServer(t, testOptions{})
	c := serveHTTP(t, s)
	next := "GET /api/levels HTTP/1.1\r\nHost: x\r\n\r\n"
	for _, tc := range []struct{ name, head string }{
		{"length and chunked", "POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n" +
			"Content-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n"},
		{"chunked and length", "POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n" +
			"Transfer-Encoding: chunked\r\nContent-Length: 5\r\n\r\n0\r\n\r\n"},
		{"folded header", "GET /api/levels HTTP/1.1\r\nHost: x\r\nX-A: one\r\n two\r\n\r\n"},
		{"folded with a tab", "GET /api/levels HTTP/1.1\r\nHost: x\r\nX-A: one\r\n\ttwo\r\n\r\n"},
		{"folded Content-Length", "POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length:\r\n 16\r\n\r\n{\"mode\":\"local\"}"},
		{"bare LF request line", "GET /api/levels HTTP/1.1\nHost: x\r\n\r\n"},
		{"bare LF header", "GET /api/levels HTTP/1.1\r\nHost: x\nX-A: y\r\n\r\n"},
		{"bare LF end of head", "GET /api/levels HTTP/1.1\r\nHost: x\r\n\n"},
		{"bare LFs only", "GET /api/levels HTTP/1.1\nHost: x\n\n"},
		{"after a good request", "GET /api/levels HTTP/1.1\r\nHost: x\r\n\r\nGET /api/levels HTTP/1.1\r\nHost: x\r\nX-A: one\r\n two\r\n\r\n"},
		{"after a good body", "POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 16\r\n\r\n" +
			"{\"mode\":\"local\"}GET /api/levels HTTP/1.1\nHost: x\r\n\r\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			u, err := url.Parse(c.URL)
			require.NoError(t, err)
			conn, err := net.Dial("tcp", u.Host)
			require.NoError(t, err)
			defer conn.Close()
			_, err = fmt.Fprint(conn, tc.head+next)
			require.NoError(t, err)
			conn.SetReadDeadline(time.Now().Add(5 * time.Second))
			br := bufio.NewReader(conn)
			var statuses []int
			for {
				res, err := http.ReadResponse(br, nil)
				if err != nil {
					var ne net.Error
					require.False(t, errors.As(err, &ne) && ne.Timeout(), "the connection was left open after %v", statuses)
					break
				}
				res.Body.Close()
				statuses = append(statuses, res.StatusCode)
			}
			require.NotEmpty(t, statuses)
			assert.Equal(t, http.StatusBadRequest, statuses[len(statuses)-1], "the bad request is refused")
			for _, st := range statuses[:len(statuses)-1] {
				assert.Less(t, st, 300, "the good requests before it are answered")
			}
			good := strings.Count(tc.head+next, "HTTP/1.1\r\nHost") + strings.Count(tc.head+next, "HTTP/1.1\nHost")
			assert.Less(t, len(statuses), good, "the request after the bad one is not read: %v", statuses)
		})
	}
}

// TestGoodFramingKeepsConnection: pipelined requests with bodies, split
// over many writes, are all answered on one connection.
func TestGoodFramingKeepsConnection(t *testing.T) {
	t.Parallel()
	s := newTestServer(t, testOptions{})
	c := serveHTTP(t, s)
	u, err := url.Parse(c.URL)
	require.NoError(t, err)
	conn, err := net.Dial("tcp", u.Host)
	require.NoError(t, err)
	defer conn.Close()
	body := `{"mode":"local"}`
	one := "POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-length:  16 \r\n\r\n" + body +
		"GET /api/levels HTTP/1.1\r\nHost: x\r\nX-Note: a  b\t c\r\n\r\n"
	text := strings.Repeat(one, 3)
	go func() {
		for i := 0; i < len(text); i += 7 { // a few bytes at a time: heads and bodies cut anywhere
			conn.Write([]byte(text[i:min(i+7, len(text))]))
			time.Sleep(time.Millisecond)
		}
	}()
	conn.SetReadDeadline(time.Now().Add(10 * time.Second))
	br := bufio.NewReader(conn)
	for i := range 6 {
		res, err := http.ReadResponse(br, nil)
		require.NoError(t, err, "answer %d", i)
		res.Body.Close()
		assert.Less(t, res.StatusCode, 300)
		assert.False(t, res.Close)
	}
}

// TestOriginMustBeAllowed: a POST's Origin must be one of the configured
// origins (by default the server's own address), whatever its Host says:
// a DNS-rebinding page, whose requests name the attacker's host in both
// Host and Origin, is refused.
func TestOriginMustBeAllowed(t *testing.T) {
	t.Parallel()
	post := func(t *testing.T, site, host, origin string) int {
		t.Helper()
		req, err := http.NewRequest("POST", site+"/api/games", strings.NewReader(`{"mode":"local"}`))
		require.NoError(t, err)
		req.Header.Set("Content-Type", "application/json")
		if host != "" {
			req.Host = host
		}
		if origin != "" {
			req.Header.Set("Origin", origin)
		}
		res, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		res.Body.Close()
		return res.StatusCode
	}
	t.Run("by default the listen address", func(t *testing.T) {
		c, _ := newClient(t, testOptions{})
		port := c.URL[strings.LastIndex(c.URL, ":")+1:]
		assert.Equal(t, http.StatusCreated, post(t, c.URL, "", c.URL))
		assert.Equal(t, http.StatusCreated, post(t, c.URL, "localhost:"+port, "http://localhost:"+port))
		assert.Equal(t, http.StatusCreated, post(t, c.URL, "", ""), "no Origin: not a browser")
		assert.Equal(t, http.StatusForbidden, post(t, c.URL, "evil.example:"+port, "http://evil.example:"+port), "DNS rebinding")
		assert.Equal(t, http.StatusForbidden, post(t, c.URL, "", "http://evil.example:"+port))
		assert.Equal(t, http.StatusForbidden, post(t, c.URL, "", "https://127.0.0.1:"+port), "another scheme")
		assert.Equal(t, http.StatusForbidden, post(t, c.URL, "", "null"))
	})
	t.Run("configured", func(t *testing.T) {
		c, _ := newClient(t, testOptions{config: func(c *Config) {
			c.Origins = []string{"https://Play.Example/", "http://localhost:8080"}
		}})
		assert.Equal(t, http.StatusCreated, post(t, c.URL, "play.example", "https://play.example"))
		assert.Equal(t, http.StatusCreated, post(t, c.URL, "", "http://localhost:8080"))
		assert.Equal(t, http.StatusForbidden, post(t, c.URL, "evil.example", "https://evil.example"))
		assert.Equal(t, http.StatusForbidden, post(t, c.URL, "", c.URL), "the listen address is no longer allowed")
	})
}

// TestTakebackAttacks: takeback requests cannot be spammed, answered by
// their asker, or accepted once the game has moved on; each refusal is 409
// with its code and leaves the game as it was.
func TestTakebackAttacks(t *testing.T) {
	t.Parallel()
	c, _ := newClient(t, testOptions{})
	g := c.Create(`{"mode":"online","clock":"5+3"}`)
	path := "/api/games/" + g.ID
	red, blue := g.Seats["red"], joinOn(t, c, g)
	playOpening(t, c, g.ID, red, blue)
	require.Equal(t, http.StatusOK, c.As(red, "POST", path+"/moves", `{"move":"g3g4","ply":2}`).Status)
	refused := func(token, body, code string) {
		t.Helper()
		before := snapshot(c, g.ID)
		res := c.As(token, "POST", path+"/takeback", body)
		assert.Equal(t, []any{409, code}, []any{res.Status, res.Body["code"]}, "%s: %s", body, res.Raw)
		assert.Equal(t, before, snapshot(c, g.ID), "%s changed the game", body)
	}

	// Spam: one request waits; the asker cannot repeat it or answer it.
	require.Equal(t, http.StatusOK, c.As(red, "POST", path+"/takeback", `{"action":"offer","ply":3}`).Status)
	for range 20 {
		refused(red, `{"action":"offer","ply":3}`, "conflict")
	}
	refused(red, `{"action":"accept","ply":3}`, "conflict")
	refused(red, `{"action":"decline","ply":3}`, "conflict")
	refused(blue, `{"action":"offer","ply":3}`, "conflict")
	// Declined, it stays declined until the asker moves.
	require.Equal(t, http.StatusOK, c.As(blue, "POST", path+"/takeback", `{"action":"decline","ply":3}`).Status)
	for range 20 {
		refused(red, `{"action":"offer","ply":3}`, "takeback-declined")
	}
	// Accepting after the opponent moved: the request lapsed with the move.
	require.Equal(t, http.StatusOK, c.As(blue, "POST", path+"/moves", `{"move":"g7g6","ply":3}`).Status)
	require.Equal(t, http.StatusOK, c.As(red, "POST", path+"/moves", `{"move":"e3d3","ply":4}`).Status)
	require.Equal(t, http.StatusOK, c.As(red, "POST", path+"/takeback", `{"action":"offer","ply":5}`).Status)
	require.Equal(t, http.StatusOK, c.As(blue, "POST", path+"/moves", `{"move":"e7d7","ply":5}`).Status)
	refused(blue, `{"action":"accept","ply":5}`, "conflict")
	refused(blue, `{"action":"accept","ply":6}`, "conflict")
	// The limit: three requests each, answered or not.
	require.Equal(t, http.StatusOK, c.As(red, "POST", path+"/takeback", `{"action":"offer","ply":6}`).Status)
	require.Equal(t, http.StatusOK, c.As(blue, "POST", path+"/takeback", `{"action":"accept","ply":6}`).Status)
	assert.Equal(t, 0.0, c.State(g.ID)["takeback"].(map[string]any)["left"].(map[string]any)["red"])
	require.Equal(t, http.StatusOK, c.As(red, "POST", path+"/moves", `{"move":"e3d3","ply":4}`).Status)
	refused(red, `{"action":"offer","ply":5}`, "takeback-limit")
}
