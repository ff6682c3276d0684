package httpapi

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestStrictBodies: keys match exactly, once, and every value is in range,
// on every call that takes a body.
func TestStrictBodies(t *testing.T) {
	t.Parallel()
	c, _ := newClient(t, testOptions{})
	g := c.Create(`{"mode":"local"}`)
	on := "/api/games/" + g.ID
	red := g.Seats["red"]
	for _, tc := range []struct {
		name, path, body, want string
	}{
		{"case-folded keys", on + "/moves", `{"MOVE":"a3a4","Ply":0}`, `"MOVE": unknown key: keys are case-sensitive, this one is "move"`},
		{"duplicate key", on + "/moves", `{"move":"a3a4","ply":0,"ply":0}`, `"ply": appears more than once`},
		{"negative ply", on + "/moves", `{"move":"a3a4","ply":-1}`, `"ply": must be a whole number from 0 to 100000`},
		{"null ply", on + "/undo", `{"ply":null}`, `"ply": must be a whole number, not null`},
		{"level 0", "/api/games", `{"mode":"ai","level":0}`, `"level": must be a whole number from 1 to 8`},
		{"level 9", "/api/games", `{"mode":"ai","level":9}`, `"level": must be a whole number from 1 to 8`},
		{"bad mode", "/api/games", `{"mode":"chess"}`, `"mode": must be one of ai, local, online`},
		{"colour case", "/api/games", `{"mode":"ai","color":"Red"}`, `"color": must be one of red, blue`},
		{"key of another call", on + "/resign", `{"ply":0}`, `"ply": unknown key: this call takes an empty object`},
		{"draw action", on + "/draw", `{"action":"OFFER"}`, `"action": must be one of offer, accept, decline`},
		{"trailing value", on + "/moves", `{"move":"a3a4","ply":0}{}`, `the body holds more than one JSON value`},
		{"array", on + "/moves", `[]`, `the body must be one JSON object`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := c.As(red, "POST", tc.path, tc.body)
			require.Equal(t, http.StatusBadRequest, res.Status, res.Raw)
			assert.Equal(t, "bad-request", res.Body["code"])
			assert.Equal(t, tc.want, res.Body["message"])
		})
	}
	assert.Zero(t, c.State(g.ID)["ply"], "nothing was played")
	res := c.As(red, "POST", on+"/moves", `{"move":"a3a4","ply":0}`)
	require.Equal(t, http.StatusOK, res.Status, res.Raw)
	c.Create(`{"mode":"ai","level":5,"color":"blue"}`)
	c.Create(`{"mode":"ai"}`) // the level is optional
}

// rawRequest sends text on a new connection and returns what the server
// answers until it closes the connection (or timeout), and how long that
// took.
func rawRequest(t *testing.T, site, text string, timeout time.Duration) (string, time.Duration) {
	t.Helper()
	u, err := url.Parse(site)
	require.NoError(t, err)
	conn, err := net.Dial("tcp", u.Host)
	require.NoError(t, err)
	defer conn.Close()
	start := time.Now()
	_, err = io.WriteString(conn, text)
	require.NoError(t, err)
	conn.SetReadDeadline(time.Now().Add(timeout))
	data, _ := io.ReadAll(conn)
	return string(data), time.Since(start)
}

// TestOversizedBody: a declared length over the limit is answered 413 at
// once, without "100 Continue" and without waiting for the body; the
// connection is closed.
func TestOversizedBody(t *testing.T) {
	t.Parallel()
	c, _ := newClient(t, testOptions{})
	for _, expect := range []string{"", "Expect: 100-continue\r\n"} {
		req := "POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n" +
			"Content-Length: 1000000\r\n" + expect + "\r\n" + `{"mode":`
		got, took := rawRequest(t, c.URL, req, 5*time.Second)
		assert.True(t, strings.HasPrefix(got, "HTTP/1.1 413 "), "%q", got)
		assert.NotContains(t, got, "100 Continue")
		assert.Contains(t, got, "Connection: close")
		assert.Contains(t, got, `"code":"too-large"`)
		assert.Less(t, took, 2*time.Second, "answered at once, and the connection closed")
	}
	// At the limit it is read.
	body := `{"mode":"local"}` + strings.Repeat(" ", 4096-16)
	got, _ := rawRequest(t, c.URL, fmt.Sprintf("POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"+
		"Connection: close\r\nContent-Length: %d\r\n\r\n%s", len(body), body), 5*time.Second)
	assert.True(t, strings.HasPrefix(got, "HTTP/1.1 201 "), "%q", got)
}

// TestChunkedRefused: a body framed by Transfer-Encoding, with a
// Content-Length or without, is refused (400) before it is read, and the
// connection is closed: nothing sent after it on the connection is read
// as a request. Any other transfer coding is refused too (501).
func TestChunkedRefused(t *testing.T) {
	t.Parallel()
	c, _ := newClient(t, testOptions{})
	body := `{"mode":"local"}`
	for _, length := range []string{"Content-Length: 3\r\n", ""} {
		got, took := rawRequest(t, c.URL, fmt.Sprintf("POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"+
			"%sTransfer-Encoding: chunked\r\n\r\n%x\r\n%s\r\n0\r\n\r\n"+
			"GET /api/levels HTTP/1.1\r\nHost: x\r\n\r\n", length, len(body), body), 5*time.Second)
		res, err := http.ReadResponse(bufio.NewReader(strings.NewReader(got)), nil)
		require.NoError(t, err, got)
		assert.Equal(t, http.StatusBadRequest, res.StatusCode, got)
		assert.True(t, res.Close, "the connection is closed: %q", got)
		assert.Equal(t, 1, strings.Count(got, "HTTP/1.1 "), "one answer: %q", got)
		assert.Less(t, took, 4*time.Second, "the server closed the connection")
	}
	got, _ := rawRequest(t, c.URL, "POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"+
		"Content-Length: 16\r\nTransfer-Encoding: gzip, chunked\r\n\r\n"+body, 5*time.Second)
	assert.True(t, strings.HasPrefix(got, "HTTP/1.1 501 "), "%q", got)
}
