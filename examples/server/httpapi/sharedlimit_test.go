package httpapi

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/doushouqi/doushouqi/examples/server/internal/testenv"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// awayFromMinute waits, if need be, until the current minute has at least
// need left, so that a test's counts fall in one window.
func awayFromMinute(need time.Duration) {
	if left := time.Until(time.Now().Truncate(time.Minute).Add(time.Minute)); left < need {
		time.Sleep(left + 100*time.Millisecond)
	}
}

// TestSharedLimits: two instances on one PostgreSQL database hold the
// creation and POST limits for the site as a whole.
func TestSharedLimits(t *testing.T) {
	dsn := testenv.PostgresURL(t)
	db, err := sql.Open("pgx", dsn)
	require.NoError(t, err)
	defer db.Close()
	instance := func() *client { // an instance counting its limits in the database, as run makes it
		limits, err := OpenLimitDB(context.Background(), dsn)
		require.NoError(t, err)
		t.Cleanup(func() { limits.Close() })
		c, _ := newClient(t, testOptions{db: dsn, createLimit: 2, postLimit: 5, config: func(c *Config) { c.LimitDB = limits }})
		return c
	}
	a, b := instance(), instance()
	awayFromMinute(20 * time.Second)
	_, err = db.Exec(`DELETE FROM rate_limits`) // earlier tests' counts
	require.NoError(t, err)

	g := a.Create(`{"mode":"local"}`)                      // create 1, POST 1
	b.Create(`{"mode":"local"}`)                           // create 2, POST 2
	res := a.Req("POST", "/api/games", `{"mode":"local"}`) // create 3: over, POST 3
	require.Equal(t, http.StatusTooManyRequests, res.Status, res.Raw)
	assert.Contains(t, res.Body["message"], "too many new games")
	wait := res.Header.Get("Retry-After")
	assert.NotEmpty(t, wait)
	res = b.Req("POST", "/api/games", `{"mode":"local"}`) // POST 4, refused on the other instance too
	require.Equal(t, http.StatusTooManyRequests, res.Status, res.Raw)

	path := "/api/games/" + g.ID + "/moves"
	require.Equal(t, http.StatusOK, b.As(g.Seats["red"], "POST", path, `{"move":"a3a4","ply":0}`).Status) // POST 5
	res = a.As(g.Seats["blue"], "POST", path, `{"move":"a7a6","ply":1}`)                                  // POST 6: over
	require.Equal(t, http.StatusTooManyRequests, res.Status, res.Raw)
	assert.Contains(t, res.Body["message"], "too many requests")
	assert.Equal(t, float64(1), b.State(g.ID)["ply"], "the refused move changed nothing")

	// Another address has counts of its own.
	var n int
	require.NoError(t, db.QueryRow(`SELECT count(*) FROM rate_limits WHERE key IN ('create:127.0.0.1', 'post:127.0.0.1')`).Scan(&n))
	assert.Equal(t, 2, n, "one row per limit and address")
}

// TestSharedLimitsSQLite: with SQLite the limits are this process's, as
// before.
func TestSharedLimitsSQLite(t *testing.T) {
	s := newTestServer(t, testOptions{db: filepath.Join(t.TempDir(), "d.db")})
	_, ok := s.posts.(*rateLimiter)
	assert.True(t, ok)
	_, ok = s.limiter.(*rateLimiter)
	assert.True(t, ok)
}

// BenchmarkLimit: what counting one request costs, in this process and in
// PostgreSQL (one upsert; $DSQ_TEST_POSTGRES).
func BenchmarkLimit(b *testing.B) {
	b.Run("local", func(b *testing.B) {
		l := newRateLimiter(1<<30, time.Minute, 100_000)
		for i := 0; b.Loop(); i++ {
			l.allow(fmt.Sprint("10.0.", i%200, ".1"))
		}
	})
	b.Run("postgres", func(b *testing.B) {
		dsn := postgresURLB(b)
		db, err := OpenLimitDB(context.Background(), dsn)
		require.NoError(b, err)
		defer db.Close()
		l := newDBLimiter(db, "bench", 1<<30, time.Minute, slog.New(slog.DiscardHandler))
		for i := 0; b.Loop(); i++ {
			ok, _ := l.allow(fmt.Sprint("10.0.", i%200, ".1"))
			require.True(b, ok)
		}
		db.Exec(`DELETE FROM rate_limits WHERE key LIKE 'bench:%'`)
	})
}

func postgresURLB(b *testing.B) string {
	if dsn := os.Getenv("DSQ_TEST_POSTGRES"); dsn != "" {
		return dsn
	}
	b.Skip("DSQ_TEST_POSTGRES not set")
	return ""
}
