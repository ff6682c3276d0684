package main

import (
	"context"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/endgame"
	"github.com/doushouqi/doushouqi/site/internal/apitest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// waitTables waits until /healthz reports the endgame tables in state want.
func waitTables(t *testing.T, c *client, want string) {
	t.Helper()
	require.Eventually(t, func() bool {
		res := c.Req("GET", "/healthz", "")
		return res.Body["endgameTables"] == want
	}, time.Minute, 20*time.Millisecond, "endgame tables never %s", want)
}

// TestRunEGTB: -egtb loads the tables of a directory while the site
// serves, and the analysis uses them once ready; an empty one gets every
// small ending solved into it first; a damaged file leaves the site
// without tables.
func TestRunEGTB(t *testing.T) {
	dir := t.TempDir()
	ts := apitest.ElephantLion(t)
	for _, m := range ts.Materials() {
		require.NoError(t, ts.Table(m).WriteFile(dir))
	}
	c, stop := startRun(t, "-db", filepath.Join(t.TempDir(), "dsq.db"), "-egtb", dir)
	waitTables(t, c, "ready")
	res := c.Req("GET", "/api/analysis?position="+url.QueryEscape(apitest.SolvedELve), "")
	require.Equal(t, 200, res.Status, res.Raw)
	assert.Equal(t, "red wins in 15: a5a6", res.Body["endgame"].(map[string]any)["text"])
	logs, err := stop()
	require.NoError(t, err)
	assert.Contains(t, logs, `"msg":"endgame tables loaded","dir":"`+dir+`","tables":`+strconv.Itoa(len(ts.Materials())))

	// An empty directory (here, one not made yet): the two-piece endings are
	// solved into it.
	old := egtbPieces
	egtbPieces = 2
	defer func() { egtbPieces = old }()
	fresh := filepath.Join(t.TempDir(), "tables")
	c, stop = startRun(t, "-db", filepath.Join(t.TempDir(), "dsq.db"), "-egtb", fresh)
	waitTables(t, c, "ready")
	res = c.Req("GET", "/api/analysis?position="+url.QueryEscape("7/7/7/7/7/7/7/3e3/R6 r 0 1"), "")
	require.Equal(t, 200, res.Status, res.Raw)
	assert.Equal(t, "loss", res.Body["endgame"].(map[string]any)["result"])
	logs, err = stop()
	require.NoError(t, err)
	assert.Contains(t, logs, "every ending of up to 2 pieces solved into it")
	files, err := filepath.Glob(filepath.Join(fresh, "*.egtb"))
	require.NoError(t, err)
	assert.Len(t, files, len(endgame.AllMaterials(2)))

	// With -egtb "" none are loaded.
	c, stop = startRun(t, "-db", filepath.Join(t.TempDir(), "dsq.db"), "-egtb", "")
	assert.Equal(t, "none", c.Req("GET", "/healthz", "").Body["endgameTables"])
	logs, err = stop()
	require.NoError(t, err)
	assert.Contains(t, logs, "endgame tables: none loaded")

	// Without -egtb they are solved beside the database, once.
	home := t.TempDir()
	var first apitest.Buffer
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"server", "-addr", "127.0.0.1:0", "-db", filepath.Join(home, "dsq.db")}, &first)
	}()
	require.Eventually(t, func() bool { return strings.Contains(first.String(), "endgame tables loaded") }, time.Minute, 20*time.Millisecond)
	cancel()
	require.NoError(t, <-done)
	assert.Contains(t, first.String(), "every ending of up to 2 pieces solved into it")
	files, err = filepath.Glob(filepath.Join(home, "egtb", "*.egtb"))
	require.NoError(t, err)
	assert.Len(t, files, len(endgame.AllMaterials(2)))

	// A damaged table file: the site serves without tables, and says so.
	require.NoError(t, os.WriteFile(filepath.Join(dir, "Rvr.egtb"), []byte("not a table"), 0o644))
	c, stop = startRun(t, "-db", filepath.Join(t.TempDir(), "dsq.db"), "-egtb", dir)
	waitTables(t, c, "failed")
	res = c.Req("GET", "/api/analysis?position="+url.QueryEscape(apitest.SolvedELve), "")
	require.Equal(t, 200, res.Status, res.Raw)
	assert.NotContains(t, res.Body, "endgame")
	logs, err = stop()
	require.NoError(t, err)
	assert.Contains(t, logs, "endgame tables: not loaded")
	assert.Contains(t, logs, endgame.ErrFormat.Error())
}

// TestSolveStopsWhenCancelled: a stop during a solve ends it between two
// tables, leaving no table directory behind.
func TestSolveStopsWhenCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	dir := filepath.Join(t.TempDir(), "egtb")
	err := solveTables(ctx, dir)
	require.ErrorIs(t, err, context.Canceled)
	assert.NoDirExists(t, dir)
}

// TestSolveTablesAtomically: solves write into a temporary directory renamed
// when complete, so two solving at once both end with the same whole set,
// an unfinished solve's directory is never read as tables, and stale ones
// are cleared.
func TestSolveTablesAtomically(t *testing.T) {
	old := egtbPieces
	egtbPieces = 2
	defer func() { egtbPieces = old }()
	parent := t.TempDir()
	dir := filepath.Join(parent, "egtb")

	// What a crash mid-solve leaves: a partial directory with a half-written
	// file, an hour old; and a fresh one another instance may be writing.
	stale := filepath.Join(parent, "egtb"+partialSuffix+"crashed")
	require.NoError(t, os.Mkdir(stale, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(stale, "Rvr.egtb"), []byte("half"), 0o644))
	long := time.Now().Add(-2 * time.Hour)
	require.NoError(t, os.Chtimes(stale, long, long))
	busy := filepath.Join(parent, "egtb"+partialSuffix+"busy")
	require.NoError(t, os.Mkdir(busy, 0o755))

	errs := make(chan error, 2)
	for range 2 {
		go func() { errs <- solveTables(context.Background(), dir) }()
	}
	require.NoError(t, <-errs)
	require.NoError(t, <-errs)

	files, err := filepath.Glob(filepath.Join(dir, "*"+endgame.FileExt))
	require.NoError(t, err)
	assert.Len(t, files, len(endgame.AllMaterials(2)))
	ts, err := endgame.Open(dir, dsq.Standard)
	require.NoError(t, err)
	assert.Len(t, ts.Materials(), len(endgame.AllMaterials(2)))

	left, err := filepath.Glob(filepath.Join(parent, "egtb"+partialSuffix+"*"))
	require.NoError(t, err)
	assert.Equal(t, []string{busy}, left, "the stale partial directory is removed, the busy one kept, none of the solves' own left")
}

func TestDefaultTablesDir(t *testing.T) {
	for _, tc := range []struct{ db, want string }{
		{"dsq.db", "egtb"},
		{"/var/lib/dsq/games.db", "/var/lib/dsq/egtb"},
		{"postgres://u@h/db", "egtb"},
		{"postgresql://u@h/db", "egtb"},
	} {
		assert.Equal(t, tc.want, defaultTablesDir(tc.db), "defaultTablesDir(%q)", tc.db)
	}
}
