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

	"github.com/doushouqi/doushouqi/site/internal/testenv"
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
	// Not parallel: it empties the shared database's rate limits.
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

// sharedInstance starts an instance counting its limits in the database
// dsn, as run makes it, with cfg's changes.
func sharedInstance(t *testing.T, dsn string, cfg func(*Config)) (*client, *Server) {
	limits, err := OpenLimitDB(context.Background(), dsn)
	require.NoError(t, err)
	t.Cleanup(func() { limits.Close() })
	return newClient(t, testOptions{db: dsn, config: func(c *Config) {
		c.LimitDB = limits
		cfg(c)
	}})
}

// TestSharedStreamLimit: two instances on one PostgreSQL database hold
// one address's live streams to StreamsPerClient for the site as a whole,
// and a stream closed on one instance gives its place back to the other.
func TestSharedStreamLimit(t *testing.T) {
	// Not parallel: it empties the shared database's stream counts.
	dsn := testenv.PostgresURL(t)
	perClient := func(c *Config) { c.StreamsPerClient = 3 }
	a, sa := sharedInstance(t, dsn, perClient)
	b, _ := sharedInstance(t, dsn, perClient)
	db, err := sql.Open("pgx", dsn)
	require.NoError(t, err)
	defer db.Close()
	_, err = db.Exec(`DELETE FROM stream_counts`) // earlier tests' counts
	require.NoError(t, err)

	g := a.Create(`{"mode":"local"}`)
	events := "/api/games/" + g.ID + "/events"
	first := a.Events(g.ID)
	b.Events(g.ID)
	a.Events(g.ID)
	for _, c := range []*client{a, b} {
		res := c.Req("GET", events, "")
		assert.Equal(t, http.StatusTooManyRequests, res.Status, "the fourth stream, on either instance")
		assert.Equal(t, "rate-limited", res.Body["code"])
	}
	first.Close()
	require.Eventually(t, func() bool { return b.Req("HEAD", events, "").Status == http.StatusOK },
		5*time.Second, 20*time.Millisecond, "a stream closed on one instance frees a place on the other")

	// An instance gone without closing its streams: its counts stop
	// counting once they are stale.
	_, err = db.Exec(`UPDATE stream_counts SET seen = seen - interval '1 hour' WHERE instance = $1`, sa.streams.instance)
	require.NoError(t, err)
	assert.Equal(t, http.StatusOK, b.Req("HEAD", events, "").Status, "a's streams are stale")
}

// TestSharedReadLimit: two instances on one PostgreSQL database count one
// address's API reads together: ReadRate a second over the window, for
// the site as a whole.
func TestSharedReadLimit(t *testing.T) {
	// Not parallel: it empties the shared database's read limits.
	dsn := testenv.PostgresURL(t)
	rate := func(c *Config) { c.ReadRate, c.ReadBurst = 2, 1000 } // 20 a window for the site; each instance alone would allow 1000
	a, _ := sharedInstance(t, dsn, rate)
	b, _ := sharedInstance(t, dsn, rate)
	db, err := sql.Open("pgx", dsn)
	require.NoError(t, err)
	defer db.Close()
	for time.Until(time.Now().Truncate(readWindow).Add(readWindow)) < 5*time.Second {
		time.Sleep(100 * time.Millisecond) // the reads in one window
	}
	_, err = db.Exec(`DELETE FROM rate_limits WHERE key LIKE 'read:%'`)
	require.NoError(t, err)
	allowed := 0
	for i := range 30 {
		c := []*client{a, b}[i%2]
		res := c.Req("GET", "/api/levels", "")
		switch res.Status {
		case http.StatusOK:
			allowed++
		case http.StatusTooManyRequests:
			assert.NotEmpty(t, res.Header.Get("Retry-After"))
		default:
			t.Fatalf("read %d: %d %s", i, res.Status, res.Raw)
		}
	}
	assert.Equal(t, 2*int(readWindow/time.Second), allowed, "the reads of both instances counted together")
}

// TestSharedLimitsSQLite: with SQLite the limits are this process's, as
// before.
func TestSharedLimitsSQLite(t *testing.T) {
	t.Parallel()
	s := newTestServer(t, testOptions{db: filepath.Join(t.TempDir(), "d.db")})
	_, ok := s.posts.(*rateLimiter)
	assert.True(t, ok)
	_, ok = s.limiter.(*rateLimiter)
	assert.True(t, ok)
	_, ok = s.reads.(*tokenBuckets)
	assert.True(t, ok)
	assert.Nil(t, s.streams.db)
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
