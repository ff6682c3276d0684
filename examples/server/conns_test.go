package main

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"path/filepath"
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
	const max = 8
	c, stop := startRun(t, "-db", filepath.Join(t.TempDir(), "dsq.db"), "-max-conns", fmt.Sprint(max))
	defer stop()
	u, err := url.Parse(c.url)
	require.NoError(t, err)
	g := c.create(`{"mode":"local"}`)

	// Streams are not counted: more of them than the cap, all served.
	for range max + 2 {
		c.events(g.id).waitPly(t, 0)
	}
	// The flood: the cap filled with idle keep-alive connections.
	flood := make([]net.Conn, 3*max)
	for i := range flood {
		flood[i] = idleConn(t, u.Host)
	}
	// A player gets in, at once, over and over (a new connection each).
	for range 5 {
		start := time.Now()
		res := (&client{t: t, url: c.url}).req("GET", "/api/games/"+g.id, "", "Connection", "close")
		require.Equal(t, http.StatusOK, res.status)
		assert.Less(t, time.Since(start), 500*time.Millisecond)
	}
	res := c.as(g.seats["red"], "POST", "/api/games/"+g.id+"/moves", `{"move":"a3a4","ply":0}`)
	require.Equal(t, http.StatusOK, res.status, res.raw)
	// The oldest idle connections went first; the newest are still open.
	assert.True(t, closedByServer(flood[0]), "the oldest idle connection was closed")
	assert.False(t, closedByServer(flood[len(flood)-1]), "the newest idle connection is still open")
}

func TestConnCapFlag(t *testing.T) {
	var out io.Writer = io.Discard
	err := run(t.Context(), []string{"server", "-egtb", "", "-db", filepath.Join(t.TempDir(), "d.db"), "-max-conns", "0"}, out)
	assert.ErrorContains(t, err, "-max-conns")
}
