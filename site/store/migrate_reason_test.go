package store_test

import (
	"context"
	"database/sql"
	"net/url"
	"path/filepath"
	"testing"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/site/internal/testenv"
	"github.com/doushouqi/doushouqi/site/store"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestMigrateReasonWords stores games ended in every way under the site's
// former words for the reason, runs migration 6 again, and finds each in
// the library's words, those lost with no pieces left told apart from those
// lost with no legal move by their records.
func TestMigrateReasonWords(t *testing.T) {
	t.Parallel()
	t.Run("sqlite", func(t *testing.T) {
		file := filepath.Join(t.TempDir(), "old.db")
		migrateReasons(t, file, "sqlite", "file:"+file)
	})
	t.Run("postgres", func(t *testing.T) {
		admin, err := sql.Open("pgx", testenv.PostgresURL(t))
		require.NoError(t, err)
		defer admin.Close()
		name := "dsq_reasons_" + newID()[:12]
		_, err = admin.Exec("CREATE DATABASE " + name)
		require.NoError(t, err)
		t.Cleanup(func() { admin.Exec("DROP DATABASE " + name + " WITH (FORCE)") })
		u, err := url.Parse(testenv.PostgresURL(t))
		require.NoError(t, err)
		u.Path = "/" + name
		migrateReasons(t, u.String(), "pgx", u.String())
	})
}

// recordOf plays moves from start and returns the game's record.
func recordOf(t *testing.T, start string, moves ...string) []byte {
	t.Helper()
	pos, err := dsq.ParsePosition(start)
	require.NoError(t, err)
	g, err := dsq.NewGameFrom(pos)
	require.NoError(t, err)
	for _, m := range moves {
		_, err := g.PlayText(m)
		require.NoError(t, err)
	}
	record, err := g.MarshalJSON()
	require.NoError(t, err)
	return record
}

// migrateReasons makes the store dsn (driver's sqlDSN), writes finished
// games with the former words, forgets migration 6 and opens the store
// again.
func migrateReasons(t *testing.T, dsn, driver, sqlDSN string) {
	ctx := context.Background()
	s, err := store.Open(ctx, dsn)
	require.NoError(t, err)
	// Blue's last piece taken: lost with no pieces left. Blue's rat
	// walled in by a lion and a tiger it cannot capture: no legal move.
	noPieces := recordOf(t, "7/7/7/7/7/7/7/7/Rr5 r 0 1", "a1b1")
	noMove := recordOf(t, "rT5/7/L6/7/7/7/7/7/7 r 0 1", "a7a8")
	cases := []struct {
		former, want, winner string
		record               []byte
	}{
		{"den entered", "den entered", "red", nil},
		{"no legal move", "no pieces left", "red", noPieces},
		{"no legal move", "no legal move", "red", noMove},
		{"move limit", "no-capture move limit", "", nil},
		{"resigned", "resignation", "blue", nil},
		{"draw agreed", "agreed", "", nil},
		{"repetition", "threefold repetition", "", nil},
	}
	ids := make([]string, len(cases))
	for i, c := range cases {
		g := newGame("local")
		finish(g, 10, c.former, c.winner)
		if c.record != nil {
			g.Record = c.record
		}
		require.NoError(t, s.Create(ctx, g))
		ids[i] = g.ID
	}
	require.NoError(t, s.Close())

	db, err := sql.Open(driver, sqlDSN)
	require.NoError(t, err)
	_, err = db.Exec(`DELETE FROM schema_migrations WHERE version = 6`)
	require.NoError(t, err)
	require.NoError(t, db.Close())

	s, err = store.Open(ctx, dsn)
	require.NoError(t, err)
	defer s.Close()
	want := map[string]int{}
	for i, c := range cases {
		got, err := s.Get(ctx, ids[i])
		require.NoError(t, err)
		assert.Equal(t, c.want, got.Reason, "stored as %q", c.former)
		assert.Equal(t, c.winner, got.Winner)
		want[c.want]++
		var r dsq.Reason
		assert.NoError(t, r.UnmarshalText([]byte(got.Reason)), "a reason of the library")
	}
	st, err := s.Stats(ctx)
	require.NoError(t, err)
	assert.Equal(t, want, st.Overall.ByReason)
}
