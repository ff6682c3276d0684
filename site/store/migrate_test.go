package store_test

import (
	"context"
	"database/sql"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/site/internal/testenv"
	"github.com/doushouqi/doushouqi/site/store"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestMigrateSchema1 makes a database as schema 1 made it (migration 1
// alone, games as rows of replay columns), opens it, and loads every game
// from the record that migrations 2 and 3 wrote.
func TestMigrateSchema1(t *testing.T) {
	t.Parallel()
	t.Run("sqlite", func(t *testing.T) {
		file := filepath.Join(t.TempDir(), "old.db")
		db, err := sql.Open("sqlite", "file:"+file)
		require.NoError(t, err)
		migrateSchema1(t, db, file, "sqlite")
	})
	t.Run("postgres", func(t *testing.T) {
		admin, err := sql.Open("pgx", testenv.PostgresURL(t))
		require.NoError(t, err)
		defer admin.Close()
		name := "dsq_migrate_" + newID()[:12]
		_, err = admin.Exec("CREATE DATABASE " + name)
		require.NoError(t, err)
		t.Cleanup(func() { admin.Exec("DROP DATABASE " + name + " WITH (FORCE)") })
		u, err := url.Parse(testenv.PostgresURL(t))
		require.NoError(t, err)
		u.Path = "/" + name
		db, err := sql.Open("pgx", u.String())
		require.NoError(t, err)
		migrateSchema1(t, db, u.String(), "pgx")
	})
}

// schema1Row is a row of schema 1.
type schema1Row struct {
	id, mode, start, moves, toMove, aiColor string
	level                                   int
	drawOffer, resigned                     string
	drawAgreed, over                        bool
	reason, winner                          string
}

// migrateSchema1 fills db (empty) as schema 1 would, then opens it as a
// store at dsn. driver is db's database/sql driver.
func migrateSchema1(t *testing.T, db *sql.DB, dsn, driver string) {
	ctx := context.Background()
	schema, err := os.ReadFile("migrations/001_games.sql")
	require.NoError(t, err)
	var code strings.Builder // migration 1 without its comment lines
	for line := range strings.Lines(string(schema)) {
		if !strings.HasPrefix(strings.TrimSpace(line), "--") {
			code.WriteString(line)
		}
	}
	for _, stmt := range strings.Split(code.String(), ";") {
		if strings.TrimSpace(stmt) != "" {
			_, err := db.Exec(stmt)
			require.NoError(t, err, stmt)
		}
	}
	_, err = db.Exec(`CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied BIGINT NOT NULL)`)
	require.NoError(t, err)
	_, err = db.Exec(`INSERT INTO schema_migrations (version, applied) VALUES (1, 0)`)
	require.NoError(t, err)

	const start = "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L r 0 1"
	rows := []schema1Row{
		{id: newID(), mode: "ai", start: start, moves: "a3a4 a7a6 g3g4", toMove: "blue", aiColor: "blue", level: 3},
		{id: newID(), mode: "online", start: start, moves: "a3a4", toMove: "blue", drawOffer: "red"},
		{id: newID(), mode: "local", start: start, moves: "a3a4 a7a6", toMove: "red", resigned: "red",
			over: true, reason: "resigned", winner: "blue"},
		{id: newID(), mode: "online", start: start, moves: "", toMove: "red", drawOffer: "blue", drawAgreed: true,
			over: true, reason: "draw agreed"},
		{id: newID(), mode: "local", start: start, moves: "a3a5", toMove: "blue"}, // damaged: an illegal move
	}
	insert := `INSERT INTO games (id, mode, rules, start, first, moves, ply, to_move, ai_color, level,
		red_seat, blue_seat, draw_offer, resigned, draw_agreed, over, reason, winner, version, created, updated)
		VALUES (?, ?, 'standard', ?, 'red', ?, ?, ?, ?, ?, 'aa', 'bb', ?, ?, ?, ?, ?, ?, 4, 1000, 2000)`
	if driver == "pgx" {
		n := 0
		var b strings.Builder
		for _, r := range insert {
			if r == '?' {
				n++
				fmt.Fprintf(&b, "$%d", n)
				continue
			}
			b.WriteRune(r)
		}
		insert = b.String()
	}
	b2i := map[bool]int{true: 1}
	for _, r := range rows {
		ply := len(strings.Fields(r.moves))
		_, err := db.Exec(insert, r.id, r.mode, r.start, r.moves, ply, r.toMove, r.aiColor, r.level,
			r.drawOffer, r.resigned, b2i[r.drawAgreed], b2i[r.over], r.reason, r.winner)
		require.NoError(t, err)
	}
	db.Close()

	s, err := store.Open(ctx, dsn)
	require.NoError(t, err)
	defer s.Close()
	load := func(r schema1Row) (*store.Game, *dsq.Game) {
		got, err := s.Get(ctx, r.id)
		require.NoError(t, err)
		assert.Equal(t, int64(4), got.Version, "the version is kept")
		assert.Equal(t, len(strings.Fields(r.moves)), got.Ply)
		assert.Equal(t, r.over, got.Over)
		libraryWords := map[string]string{"resigned": "resignation", "draw agreed": "agreed"} // migration 6
		if w, ok := libraryWords[r.reason]; ok {
			r.reason = w
		}
		assert.Equal(t, r.reason, got.Reason)
		assert.Equal(t, r.winner, got.Winner)
		g, err := dsq.ParseRecordJSON(got.Record)
		if err != nil {
			return got, nil
		}
		var moves []string
		for _, m := range g.Moves() {
			moves = append(moves, m.String())
		}
		assert.Equal(t, r.moves, strings.Join(moves, " "))
		return got, g
	}

	got, g := load(rows[0])
	require.NotNil(t, g)
	assert.Equal(t, "blue", got.AIColor)
	assert.Equal(t, 4, got.Level, "the old level 3 is the ladder's 4 (migration 4)")
	assert.Equal(t, dsq.Blue, g.Position().SideToMove())
	assert.False(t, g.IsOver())

	_, g = load(rows[1])
	require.NotNil(t, g)
	offer, pending := g.DrawOffer()
	assert.True(t, pending, "the pending offer is in the record")
	assert.Equal(t, dsq.Red, offer)

	_, g = load(rows[2])
	require.NotNil(t, g)
	assert.Equal(t, dsq.Outcome{Reason: dsq.Resigned, Winner: dsq.Blue}, g.Outcome())

	got, g = load(rows[3])
	require.NotNil(t, g)
	assert.Equal(t, dsq.Outcome{Reason: dsq.DrawAgreed, Winner: dsq.NoColor}, g.Outcome())
	assert.Equal(t, "", got.DrawOffer, "an agreed draw has no pending offer")

	got, g = load(rows[4])
	assert.Nil(t, g, "the damaged game does not load")
	assert.Contains(t, string(got.Record), `"unreplayable"`)
	assert.Contains(t, string(got.Record), "a3a5", "its moves are kept")

	st, err := s.Stats(ctx)
	require.NoError(t, err)
	assert.Equal(t, 2, st.Overall.Games)
	assert.Equal(t, map[string]int{"resignation": 1, "agreed": 1}, st.Overall.ByReason, "in the library's words (migration 6)")
	ids, err := s.AIToMove(ctx, 10)
	require.NoError(t, err)
	assert.Equal(t, []string{rows[0].id}, ids)
	// Migration 5: the games that ended before it have no review yet.
	ids, err = s.Unreviewed(ctx, time.Now(), 10)
	require.NoError(t, err)
	assert.ElementsMatch(t, []string{rows[2].id, rows[3].id}, ids)
	review, claimed, err := s.Review(ctx, rows[2].id, time.Now())
	require.NoError(t, err)
	assert.Nil(t, review)
	assert.False(t, claimed)

	// Migration 8: the players' presence, nobody's yet.
	seen, err := s.GamePresence(ctx, rows[1].id)
	require.NoError(t, err)
	assert.Empty(t, seen)

	// The replay columns are gone.
	if driver == "sqlite" {
		dsn = "file:" + dsn
	}
	db, err = sql.Open(driver, dsn)
	require.NoError(t, err)
	defer db.Close()
	_, err = db.Exec(`SELECT moves FROM games`)
	assert.Error(t, err)
}
