package httpapi

import (
	"context"
	"database/sql"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"sync"
	"testing"
	"time"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/search"
	"github.com/doushouqi/doushouqi/site/internal/apitest"
	"github.com/doushouqi/doushouqi/site/store"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestHealthNamesTheStoreWhenItIsDown: /healthz answers 200 while the store
// answers, and 503 naming it once its database is closed; /livez answers
// 200 either way, without asking the store.
func TestHealthNamesTheStoreWhenItIsDown(t *testing.T) {
	t.Parallel()
	c, _ := newClient(t, testOptions{})
	res := c.Req("GET", "/healthz", "")
	require.Equal(t, http.StatusOK, res.Status, res.Raw)
	assert.Equal(t, map[string]any{"status": "ok", "store": "ok", "endgameTables": "none"}, res.Body)

	down, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "down.db"))
	require.NoError(t, err)
	require.NoError(t, down.Close())
	c, _ = newClient(t, testOptions{config: func(cfg *Config) { cfg.Store = down }})
	res = c.Req("GET", "/healthz", "")
	require.Equal(t, http.StatusServiceUnavailable, res.Status, res.Raw)
	assert.Equal(t, map[string]any{"status": "down", "down": []any{"store"}, "store": "down", "endgameTables": "none"}, res.Body)
	assert.Equal(t, "no-store", res.Header.Get("Cache-Control"))

	live := c.Req("GET", "/livez", "")
	require.Equal(t, http.StatusOK, live.Status, live.Raw)
	assert.Equal(t, map[string]any{"status": "ok"}, live.Body)
	assert.Equal(t, "no-store", live.Header.Get("Cache-Control"))
}

// TestSetTablesWhileServing: tables handed over while requests run are
// used by the analysis and the AI from then on, and /healthz follows their
// state from none to loading to ready, or failed.
func TestSetTablesWhileServing(t *testing.T) {
	t.Parallel()
	c, s := newClient(t, testOptions{})
	analysis := "/api/analysis?position=" + url.QueryEscape(apitest.SolvedELve)
	res := c.Req("GET", analysis, "")
	require.Equal(t, http.StatusOK, res.Status, res.Raw)
	assert.NotContains(t, res.Body, "endgame", "no tables yet")

	s.TablesLoading()
	assert.Equal(t, "loading", c.Req("GET", "/healthz", "").Body["endgameTables"])
	ts := apitest.ElephantLion(t)
	var wg sync.WaitGroup
	for range 4 { // readers racing the handover
		wg.Go(func() { c.Req("GET", analysis, "") })
	}
	s.SetTables(ts)
	wg.Wait()

	assert.Equal(t, "ready", c.Req("GET", "/healthz", "").Body["endgameTables"])
	res = c.Req("GET", analysis, "")
	require.Equal(t, http.StatusOK, res.Status, res.Raw)
	assert.Equal(t, "red wins in 15: a5a6", res.Body["endgame"].(map[string]any)["text"])
	pos, err := dsq.ParsePosition(apitest.SolvedELve)
	require.NoError(t, err)
	play, err := dsq.NewGameFrom(pos)
	require.NoError(t, err)
	g := storePlayAt(t, s, dsq.Red, int(search.MaxLevel), play)
	assert.Equal(t, []any{"a5a6"}, c.WaitAI(g.ID)["moves"], "the AI plays the tables' only quickest win")

	s.TablesFailed()
	assert.Equal(t, "failed", c.Req("GET", "/healthz", "").Body["endgameTables"])
}

// TestHealthNoticesAStoreThatCannotWrite: on SQLite, a database that
// answers reads but takes no write (another process holds the write lock)
// makes /healthz 503 within its check's time, and the checks that come
// while the write still waits are 503 at once; once the lock is let go,
// 200 again.
func TestHealthNoticesAStoreThatCannotWrite(t *testing.T) {
	// Not parallel: a check must answer within storeCheckTimeout.
	file := filepath.Join(t.TempDir(), "games.db")
	c, _ := newClient(t, testOptions{db: file})
	require.Equal(t, http.StatusOK, c.Req("GET", "/healthz", "").Status)

	other, err := sql.Open("sqlite", "file:"+file+"?_pragma=busy_timeout(10000)")
	require.NoError(t, err)
	defer other.Close()
	ctx := context.Background()
	conn, err := other.Conn(ctx)
	require.NoError(t, err)
	defer conn.Close()
	_, err = conn.ExecContext(ctx, "BEGIN IMMEDIATE")
	require.NoError(t, err)
	locked := true
	defer func() {
		if locked {
			conn.ExecContext(ctx, "ROLLBACK")
		}
	}()

	res := c.Req("GET", "/healthz", "")
	assert.Equal(t, http.StatusServiceUnavailable, res.Status, res.Raw)
	assert.Equal(t, "down", res.Body["store"])
	start := time.Now()
	res = c.Req("GET", "/healthz", "")
	assert.Equal(t, http.StatusServiceUnavailable, res.Status, "the last check still waits")
	assert.Less(t, time.Since(start), storeCheckTimeout, "answered at once")
	var wg sync.WaitGroup
	for range 4 { // checks at once: none waits, none is 200
		wg.Go(func() { assert.Equal(t, http.StatusServiceUnavailable, c.Req("GET", "/healthz", "").Status) })
	}
	wg.Wait()

	_, err = conn.ExecContext(ctx, "ROLLBACK")
	require.NoError(t, err)
	locked = false
	require.Eventually(t, func() bool { return c.Req("GET", "/healthz", "").Status == http.StatusOK },
		10*time.Second, 50*time.Millisecond, "the store writes again")
}

// TestHealthChecksInARowAllAnswer: a check sent as soon as the last one
// answered finds the write check free (it is freed before the answer), so
// a monitor polling in a loop never reads a healthy store as down; in
// process and over HTTP, each connection new.
func TestHealthChecksInARowAllAnswer(t *testing.T) {
	t.Parallel()
	s := newTestServer(t, testOptions{config: func(c *Config) { c.ReadBurst, c.ReadRate = 1000, 1000 }})
	for i := range 300 {
		rec := httptest.NewRecorder()
		s.health(rec, httptest.NewRequest("GET", "/healthz", nil))
		require.Equal(t, http.StatusOK, rec.Code, "check %d: %s", i, rec.Body)
	}
	c := serveHTTP(t, s)
	for i := range 200 {
		res := (&client{T: t, URL: c.URL}).Req("GET", "/healthz", "", "Connection", "close")
		require.Equal(t, http.StatusOK, res.Status, "check %d over HTTP: %s", i, res.Raw)
	}
}
