package httpapi

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestEventsHTTP2: over HTTP/2, where a connection cannot be taken over,
// the stream is served by its handler as before.
func TestEventsHTTP2(t *testing.T) {
	t.Parallel()
	s := newTestServer(t, testOptions{})
	srv := httptest.NewUnstartedServer(s.Handler())
	srv.EnableHTTP2 = true
	srv.StartTLS()
	t.Cleanup(srv.Close)
	c := &client{T: t, URL: srv.URL, HTTP: srv.Client()}

	g := c.Create(`{"mode":"local"}`)
	watch := c.Events(g.ID)
	require.Equal(t, 2, watch.Res.ProtoMajor)
	watch.WaitPly(t, 0)
	assert.Zero(t, s.cfg.Hub.Streams(), "not taken over")
	assert.Equal(t, 1, s.cfg.Hub.Watchers())
	res := c.As(g.Seats["red"], "POST", "/api/games/"+g.ID+"/moves", `{"move":"a3a4","ply":0}`)
	require.Equal(t, http.StatusOK, res.Status, res.Raw)
	assert.Equal(t, "a3a4", watch.WaitPly(t, 1)["lastMove"])
}

// TestWatchersBounded: beyond the hub's maximum, a new event stream is
// refused with 503 and Retry-After.
func TestWatchersBounded(t *testing.T) {
	t.Parallel()
	c, _ := newClient(t, testOptions{watchers: 2})
	g := c.Create(`{"mode":"local"}`)
	c.Events(g.ID)
	c.Events(g.ID)
	res := c.Req("GET", "/api/games/"+g.ID+"/events", "")
	assert.Equal(t, http.StatusServiceUnavailable, res.Status)
	assert.Equal(t, "busy", res.Body["code"])
	assert.NotEmpty(t, res.Header.Get("Retry-After"))
}

// TestStreamsPerClient: one address may hold only so many live streams.
func TestStreamsPerClient(t *testing.T) {
	t.Parallel()
	c, _ := newClient(t, testOptions{perClient: 2})
	g := c.Create(`{"mode":"local"}`)
	first := c.Events(g.ID)
	c.Events(g.ID)
	res := c.Req("GET", "/api/games/"+g.ID+"/events", "")
	assert.Equal(t, http.StatusTooManyRequests, res.Status)
	assert.Equal(t, "rate-limited", res.Body["code"])
	first.Close()
	require.Eventually(t, func() bool {
		return c.Req("HEAD", "/api/games/"+g.ID+"/events", "").Status == http.StatusOK
	}, 5*time.Second, 10*time.Millisecond, "a closed stream gives its place back")
}

// TestSeatHoldersStreamIsItsPresence: a live stream opened with a seat's
// token (?seat=) shows that seat as connected in the game's state, and only
// while it is open; a stream without a token (a watcher) counts nothing.
func TestSeatHoldersStreamIsItsPresence(t *testing.T) {
	t.Parallel()
	c, _ := newClient(t, testOptions{})
	g := c.Create(`{"mode":"online"}`)
	path := "/api/games/" + g.ID
	res := c.Req("POST", path+"/join", g.JoinBody())
	require.Equal(t, http.StatusOK, res.Status, res.Raw)
	blue := res.Body["seats"].(map[string]any)["blue"].(string)
	connected := func() map[string]any { return c.State(g.ID)["connected"].(map[string]any) }
	open := func(query string) (stop func()) {
		ctx, cancel := context.WithCancel(context.Background())
		r, err := http.NewRequestWithContext(ctx, "GET", c.URL+path+"/events"+query, nil)
		require.NoError(t, err)
		resp, err := http.DefaultClient.Do(r)
		require.NoError(t, err)
		require.Equal(t, http.StatusOK, resp.StatusCode)
		return func() { cancel(); resp.Body.Close() }
	}

	watcher := open("")
	defer watcher()
	assert.Equal(t, map[string]any{"red": false, "blue": false}, connected(), "a watcher is nobody's presence")

	stop := open("?seat=" + url.QueryEscape(blue))
	require.Eventually(t, func() bool { return connected()["blue"] == true }, 10*time.Second, 20*time.Millisecond)
	assert.Equal(t, false, connected()["red"])
	stop()
	require.Eventually(t, func() bool { return connected()["blue"] == false }, 10*time.Second, 20*time.Millisecond,
		"the stream closed, blue is away")
}

// TestFirstPingGivesAwayGrace: the ping after a game stream's first state
// tells the page the ping interval and the away grace, in milliseconds;
// the grace is 5 s unless the server's Config sets it.
func TestFirstPingGivesAwayGrace(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		grace time.Duration
		want  string
	}{{0, `{"every":15000,"away":5000}`}, {1500 * time.Millisecond, `{"every":15000,"away":1500}`}} {
		c2, _ := newClient(t, testOptions{config: func(cfg *Config) { cfg.AwayGrace = c.grace }})
		g := c2.Create(`{"mode":"local"}`)
		e := openEvents(t, c2, g.ID, "")
		var got [][2]string
		for len(got) < 2 {
			select {
			case ev, ok := <-e.C:
				require.True(t, ok, "the stream ended")
				got = append(got, ev)
			case <-time.After(20 * time.Second):
				t.Fatal("no first state and ping")
			}
		}
		assert.Equal(t, "state", got[0][0])
		assert.Equal(t, [2]string{"ping", c.want}, got[1])
	}
}
