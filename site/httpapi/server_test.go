package httpapi

import (
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"regexp"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestHTTP(t *testing.T) {
	t.Parallel()
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

// TestTimeouts: with HTTPServer's timeouts, a client that sends its headers slowly is cut off; an event
// stream outlives the read and write timeouts (each event has its own).
func TestTimeouts(t *testing.T) {
	// Not parallel: server timeouts of a few hundred milliseconds, timed.
	s := newTestServer(t, testOptions{config: func(c *Config) {
		c.KeepAlive = 100 * time.Millisecond
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
