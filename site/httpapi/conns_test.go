package httpapi

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// idleConn opens a connection, makes one request on it and leaves it open
// and idle (kept alive).
func idleConn(t *testing.T, host string) net.Conn {
	t.Helper()
	conn, err := net.Dial("tcp", host)
	require.NoError(t, err)
	t.Cleanup(func() { conn.Close() })
	fmt.Fprintf(conn, "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
	conn.SetReadDeadline(time.Now().Add(10 * time.Second))
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	require.NoError(t, err)
	io.Copy(io.Discard, res.Body)
	res.Body.Close()
	require.Equal(t, http.StatusOK, res.StatusCode)
	return conn
}

// closedByServer reports whether the server has closed conn.
func closedByServer(conn net.Conn) bool {
	conn.SetReadDeadline(time.Now().Add(200 * time.Millisecond))
	_, err := conn.Read(make([]byte, 1))
	return err == io.EOF
}

// TestConnCap: at the cap, idle connections are closed (oldest first) to
// let new ones in, so a flood of idle connections locks no player out;
// event streams are not counted.
func TestConnCap(t *testing.T) {
	// Not parallel: each new connection must be answered within 500 ms.
	const max = 8
	c := serveHTTP(t, newTestServer(t, testOptions{config: func(c *Config) { c.MaxConns = max }}))
	u, err := url.Parse(c.URL)
	require.NoError(t, err)
	g := c.Create(`{"mode":"local"}`)

	// Streams are not counted: more of them than the cap, all served.
	for range max + 2 {
		c.Events(g.ID).WaitPly(t, 0)
	}
	// The flood: the cap filled with idle keep-alive connections.
	flood := make([]net.Conn, 3*max)
	for i := range flood {
		flood[i] = idleConn(t, u.Host)
	}
	// A player gets in, at once, over and over (a new connection each).
	for range 5 {
		start := time.Now()
		res := (&client{T: t, URL: c.URL}).Req("GET", "/api/games/"+g.ID, "", "Connection", "close")
		require.Equal(t, http.StatusOK, res.Status)
		assert.Less(t, time.Since(start), 500*time.Millisecond)
	}
	res := c.As(g.Seats["red"], "POST", "/api/games/"+g.ID+"/moves", `{"move":"a3a4","ply":0}`)
	require.Equal(t, http.StatusOK, res.Status, res.Raw)
	// The oldest idle connections went first; the newest are still open.
	assert.True(t, closedByServer(flood[0]), "the oldest idle connection was closed")
	assert.False(t, closedByServer(flood[len(flood)-1]), "the newest idle connection is still open")
}
