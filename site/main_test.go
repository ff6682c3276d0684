package main

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/doushouqi/doushouqi/site/internal/apitest"
	"github.com/doushouqi/doushouqi/site/store"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// client is the API client of the tests.
type client = apitest.Client

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
	return &client{T: t, URL: strings.TrimSuffix(url, "/")}, stop
}

// TestRunRestart plays through run, stops it (as SIGTERM does), starts it
// again on the same file, and finds the game as it was.
func TestRunRestart(t *testing.T) {
	db := filepath.Join(t.TempDir(), "dsq.db")
	c, stop := startRun(t, "-db", db, "-ai-time", "1s")
	g := c.Create(`{"mode":"ai","level":1}`)
	res := c.As(g.Seats["red"], "POST", "/api/games/"+g.ID+"/moves", `{"move":"a3a4","ply":0}`)
	require.Equal(t, 200, res.Status)
	logs, err := stop() // the AI's reply is finished and stored before run returns
	require.NoError(t, err)
	assert.Contains(t, logs, `"msg":"stopped"`)
	assert.NotContains(t, logs, g.Seats["red"])
	stored, err := store.Open(context.Background(), db)
	require.NoError(t, err)
	rec, err := stored.Get(context.Background(), g.ID)
	require.NoError(t, err)
	assert.Equal(t, 2, rec.Ply, "the AI's reply was stored before run returned")
	stored.Close()

	c, stop = startRun(t, "-db", db)
	st := c.State(g.ID)
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

// TestConnCapFlag: a connection cap below one is refused before anything starts.
func TestConnCapFlag(t *testing.T) {
	var out io.Writer = io.Discard
	err := run(t.Context(), []string{"server", "-egtb", "", "-db", filepath.Join(t.TempDir(), "d.db"), "-max-conns", "0"}, out)
	assert.ErrorContains(t, err, "-max-conns")
}

// TestRunServesAtOnceInAFreshDirectory: started in an empty directory with
// no flags (the endgame tables of up to three pieces to solve, about 15 s),
// the server answers the page within 2 s of the start, plays a game between
// people at once, and says the tables are loading.
func TestRunServesAtOnceInAFreshDirectory(t *testing.T) {
	t.Chdir(t.TempDir())
	var out apitest.Buffer
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	start := time.Now()
	go func() { done <- run(ctx, []string{"server"}, &out) }()
	defer func() {
		cancel()
		select {
		case err := <-done:
			assert.NoError(t, err)
		case <-time.After(2 * time.Minute):
			t.Fatal("run did not return")
		}
	}()

	var base string
	require.Eventually(t, func() bool {
		first, _, ok := strings.Cut(out.String(), "\n")
		base, _ = strings.CutPrefix(first, "Dou Shou Qi server on ")
		return ok
	}, time.Minute, 5*time.Millisecond, "no URL printed")
	t.Logf("the URL printed %v after the start", time.Since(start))
	base = strings.TrimSuffix(base, "/")
	var firstPage time.Duration
	require.Eventually(t, func() bool {
		res, err := http.Get(base + "/")
		if err != nil {
			return false
		}
		res.Body.Close()
		firstPage = time.Since(start)
		return res.StatusCode == http.StatusOK
	}, time.Minute, 5*time.Millisecond, "the page never answered")
	t.Logf("the first page %v after the start", firstPage)
	assert.Less(t, firstPage, 2*time.Second, "time from the start to the first page")

	c := &client{T: t, URL: base}
	g := c.Create(`{"mode":"local"}`)
	res := c.As(g.Seats["red"], "POST", "/api/games/"+g.ID+"/moves", `{"move":"a3a4","ply":0}`)
	require.Equal(t, http.StatusOK, res.Status, res.Raw)
	health := c.Req("GET", "/healthz", "")
	assert.Equal(t, http.StatusOK, health.Status)
	assert.Equal(t, "loading", health.Body["endgameTables"], "three-piece tables take seconds to solve")
}
