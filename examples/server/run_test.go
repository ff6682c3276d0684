package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/doushouqi/doushouqi/examples/server/store"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// startRun runs the server as main does, on args, and returns a client for
// the URL it prints and a stop function that cancels it and returns run's
// error and its output.
func startRun(t *testing.T, args ...string) (*client, func() (string, error)) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, append([]string{"server", "-addr", "127.0.0.1:0"}, withoutTables(args)...), pw)
		pw.Close()
	}()
	lines := bufio.NewScanner(pr)
	require.True(t, lines.Scan(), "no first line")
	first := lines.Text()
	url, ok := strings.CutPrefix(first, "Dou Shou Qi server on ")
	require.True(t, ok, first)
	var rest strings.Builder
	copied := make(chan struct{})
	go func() {
		for lines.Scan() {
			rest.WriteString(lines.Text() + "\n")
		}
		close(copied)
	}()
	stop := func() (string, error) {
		cancel()
		var err error
		select {
		case err = <-done:
		case <-time.After(30 * time.Second):
			t.Fatal("run did not return")
		}
		<-copied
		return rest.String(), err
	}
	t.Cleanup(func() { cancel() })
	return &client{t: t, url: strings.TrimSuffix(url, "/")}, stop
}

// TestRunRestart plays through run, stops it (as SIGTERM does), starts it
// again on the same file, and finds the game as it was.
func TestRunRestart(t *testing.T) {
	db := filepath.Join(t.TempDir(), "dsq.db")
	c, stop := startRun(t, "-db", db, "-ai-time", "1s")
	g := c.create(`{"mode":"ai","level":1}`)
	res := c.as(g.seats["red"], "POST", "/api/games/"+g.id+"/moves", `{"move":"a3a4","ply":0}`)
	require.Equal(t, 200, res.status)
	logs, err := stop() // the AI's reply is finished and stored before run returns
	require.NoError(t, err)
	assert.Contains(t, logs, `"msg":"stopped"`)
	assert.NotContains(t, logs, g.seats["red"])
	stored, err := store.Open(context.Background(), db)
	require.NoError(t, err)
	rec, err := stored.Get(context.Background(), g.id)
	require.NoError(t, err)
	assert.Equal(t, 2, rec.Ply, "the AI's reply was stored before run returned")
	stored.Close()

	c, stop = startRun(t, "-db", db)
	st := c.state(g.id)
	assert.Len(t, st["moves"], 2, "the player's move and the AI's reply survived the restart")
	assert.Equal(t, false, st["aiThinking"])
	_, err = stop()
	require.NoError(t, err)
}

func TestRunFlags(t *testing.T) {
	var out strings.Builder
	err := run(context.Background(), []string{"server", "-nope"}, &out)
	assert.Error(t, err)
	err = run(context.Background(), []string{"server", "extra"}, &out)
	assert.Error(t, err)
	err = run(context.Background(), []string{"server", "-log", "loud"}, &out)
	assert.Error(t, err)
	err = run(context.Background(), []string{"server", "-egtb", "", "-db", filepath.Join(t.TempDir(), "no", "such", "dir.db")}, &out)
	assert.Error(t, err)
}

// TestTimeouts: a client that sends its headers slowly is cut off; an event
// stream outlives the read and write timeouts (each event has its own).
func TestTimeouts(t *testing.T) {
	old := keepAlive
	keepAlive = 100 * time.Millisecond
	defer func() { keepAlive = old }()
	c, stop := startRun(t, "-db", filepath.Join(t.TempDir(), "dsq.db"),
		"-header-timeout", "200ms", "-read-timeout", "300ms", "-write-timeout", "300ms", "-idle-timeout", "300ms")
	defer stop()

	u, err := url.Parse(c.url)
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

	g := c.create(`{"mode":"online"}`)
	watch := c.events(g.id)
	watch.waitPly(t, 0)
	time.Sleep(time.Second) // beyond every timeout; keep-alives flow
	res := c.req("POST", "/api/games/"+g.id+"/join", g.joinBody())
	require.Equal(t, 200, res.status)
	st := watch.waitPly(t, 0)
	assert.Equal(t, map[string]any{"red": true, "blue": true}, st["seated"], "the stream is still open")
}

// withoutTables adds -egtb "" to a server's arguments that choose no
// endgame tables: a test server does not solve the tables of up to three
// pieces (117 MiB) that a real one solves at its first start.
func withoutTables(args []string) []string {
	for _, a := range args {
		if a == "-egtb" || strings.HasPrefix(a, "-egtb=") {
			return args
		}
	}
	return append(args, "-egtb", "")
}
