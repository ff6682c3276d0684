package httpapi

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" database/sql driver
)

// limiter counts events per client (IP) and says whether one more is
// within the limit, and if not how long to wait. rateLimiter counts in this
// process; dbLimiter in the database, for every instance at once.
type limiter interface {
	allow(client string) (bool, time.Duration)
}

// The shared counts, on PostgreSQL: one row per (limit, client) with the
// current window's number and count, bumped by one upsert that returns the
// new count. Windows are numbered by the database's clock, so instances
// whose clocks differ still agree. UNLOGGED: counts are not worth a WAL
// write, and a crash that loses them only forgives a minute.
const (
	limitSchema = `CREATE UNLOGGED TABLE IF NOT EXISTS rate_limits (
	key TEXT PRIMARY KEY,
	win BIGINT NOT NULL,
	n INTEGER NOT NULL
)`
	limitBump = `INSERT INTO rate_limits AS r (key, win, n)
VALUES ($1, floor(extract(epoch FROM clock_timestamp()) / $2)::bigint, 1)
ON CONFLICT (key) DO UPDATE
SET n = CASE WHEN r.win = EXCLUDED.win THEN r.n + 1 ELSE 1 END, win = EXCLUDED.win
RETURNING n, win, extract(epoch FROM clock_timestamp())::float8`
	// One row per instance and client: the live streams that instance
	// holds open for that client, and when the instance last said it is
	// alive. A row not refreshed for streamStale (its instance gone) no
	// longer counts.
	streamSchema = `CREATE UNLOGGED TABLE IF NOT EXISTS stream_counts (
	instance TEXT NOT NULL,
	client TEXT NOT NULL,
	n INTEGER NOT NULL,
	seen TIMESTAMPTZ NOT NULL,
	PRIMARY KEY (instance, client)
)`
	streamOpen = `INSERT INTO stream_counts AS s (instance, client, n, seen)
SELECT $1, $2, 1, clock_timestamp()
WHERE (SELECT coalesce(sum(n), 0) FROM stream_counts
	WHERE client = $2 AND seen > clock_timestamp() - $4 * interval '1 second') < $3
ON CONFLICT (instance, client) DO UPDATE SET n = s.n + 1, seen = EXCLUDED.seen
RETURNING n`
	streamClose   = `UPDATE stream_counts SET n = greatest(n - 1, 0) WHERE instance = $1 AND client = $2`
	streamRefresh = `UPDATE stream_counts SET seen = clock_timestamp() WHERE instance = $1`
	streamSweep   = `DELETE FROM stream_counts WHERE n <= 0 OR seen < clock_timestamp() - $1 * interval '2 seconds'`
	limitSweep    = `DELETE FROM rate_limits WHERE win < floor(extract(epoch FROM clock_timestamp()) / $1)::bigint - 1 AND key LIKE $2`
)

// OpenLimitDB opens the PostgreSQL database dsn for the shared rate and
// stream limits and makes their tables if they are missing. It is a pool of its own, apart
// from the store's, so a burst of counting never waits for game writes.
func OpenLimitDB(ctx context.Context, dsn string) (*sql.DB, error) {
	db, err := sql.Open("pgx", dsn)
	if err != nil {
		return nil, fmt.Errorf("rate limits: %w", err)
	}
	db.SetMaxOpenConns(8)
	db.SetMaxIdleConns(8)
	db.SetConnMaxIdleTime(5 * time.Minute)
	tx, err := db.BeginTx(ctx, nil)
	if err == nil {
		// Two instances starting at once must not both create the table.
		if _, err = tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock(7260516)`); err == nil {
			if _, err = tx.ExecContext(ctx, limitSchema); err == nil {
				if _, err = tx.ExecContext(ctx, streamSchema); err == nil {
					err = tx.Commit()
				}
			}
		}
		if err != nil {
			tx.Rollback()
		}
	}
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("rate limits: %w", err)
	}
	return db, nil
}

// dbLimiter is a limit counted in the database, so that it holds for the
// site as a whole however many instances serve it. Each event costs one
// round trip to the database (an upsert of one row). If the database does
// not answer within a second, the event is counted by this process alone
// (local) and the failure logged: a slow database weakens the limit to
// one per instance rather than refusing every player.
type dbLimiter struct {
	db     *sql.DB
	name   string // which limit: the rows' key prefix
	limit  int
	window time.Duration
	local  *rateLimiter
	log    *slog.Logger
}

func newDBLimiter(db *sql.DB, name string, limit int, window time.Duration, log *slog.Logger) *dbLimiter {
	return &dbLimiter{db: db, name: name, limit: limit, window: window,
		local: newRateLimiter(limit, window, 100_000), log: log}
}

func (l *dbLimiter) allow(client string) (bool, time.Duration) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	secs := l.window.Seconds()
	var n int
	var win int64
	var now float64
	err := l.db.QueryRowContext(ctx, limitBump, l.name+":"+client, secs).Scan(&n, &win, &now)
	if err != nil {
		l.log.Warn("shared rate limit: counting here alone", "limit", l.name, "err", err)
		return l.local.allow(client)
	}
	if n <= l.limit {
		return true, 0
	}
	wait := time.Duration((float64(win+1)*secs - now) * float64(time.Second))
	return false, max(wait, 0)
}

// sweep deletes the rows of windows gone by, every window, until ctx ends:
// the table holds about one row per client active in the last two windows.
func (l *dbLimiter) sweep(ctx context.Context) {
	tick := time.NewTicker(l.window)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
		if _, err := l.db.ExecContext(ctx, limitSweep, l.window.Seconds(), l.name+":%"); err != nil && ctx.Err() == nil {
			l.log.Warn("shared rate limit: sweep", "limit", l.name, "err", err)
		}
	}
}

// bothLimiters allows an event when first and then both do; then is not
// asked about what first refuses (the shared count is spared a flood
// that this process already refuses).
type bothLimiters struct{ first, then limiter }

func (b bothLimiters) allow(client string) (bool, time.Duration) {
	if ok, wait := b.first.allow(client); !ok {
		return false, wait
	}
	return b.then.allow(client)
}

// readWindow is the window in which API reads are counted for the whole
// site: ReadRate times this many seconds per window.
const readWindow = 10 * time.Second

// newReadLimiter limits the API reads of one client: a token bucket in
// this process (rate a second, burst at once), and with db, a count for
// the whole site of rate a second over readWindow.
func newReadLimiter(db *sql.DB, rate, burst int, log *slog.Logger) limiter {
	local := newTokenBuckets(rate, burst, 100_000)
	if db == nil {
		return local
	}
	shared := newDBLimiter(db, "read", rate*int(readWindow/time.Second), readWindow, log)
	return bothLimiters{local, shared}
}

// streamStale is how long an instance's stream counts hold without the
// instance refreshing them (every streamStale/3): an instance that died
// with streams open frees their places within it.
const streamStale = 30 * time.Second

// streamLimit bounds the live streams one client (IP) holds open at once.
// It counts them in this process and, with a database, for the whole site:
// each instance keeps one row per client with its streams, and a new
// stream is allowed while the rows of the instances alive add up to less
// than the limit. If the database fails, the stream is counted here alone
// (and the failure logged), as dbLimiter does.
type streamLimit struct {
	limit    int
	db       *sql.DB // nil: this process alone
	instance string  // this process's rows
	log      *slog.Logger

	mu     sync.Mutex
	open   map[string]int // streams open here, by client
	shared map[string]int // of them, those counted in the database
}

func newStreamLimit(db *sql.DB, limit int, log *slog.Logger) *streamLimit {
	b := make([]byte, 8)
	rand.Read(b)
	return &streamLimit{limit: limit, db: db, instance: hex.EncodeToString(b), log: log,
		open: map[string]int{}, shared: map[string]int{}}
}

// acquire counts a stream for client, or reports false, counting nothing,
// when client holds the limit already.
func (l *streamLimit) acquire(client string) bool {
	l.mu.Lock()
	if l.open[client] >= l.limit {
		l.mu.Unlock()
		return false
	}
	l.open[client]++
	l.mu.Unlock()
	if l.db == nil {
		return true
	}
	ok, err := l.acquireShared(client)
	l.mu.Lock()
	defer l.mu.Unlock()
	switch {
	case err != nil:
		l.log.Warn("shared stream limit: counting here alone", "err", err)
	case ok:
		l.shared[client]++
	default:
		l.dec(l.open, client)
	}
	return ok || err != nil
}

func (l *streamLimit) acquireShared(client string) (bool, error) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	tx, err := l.db.BeginTx(ctx, nil)
	if err != nil {
		return false, err
	}
	defer tx.Rollback()
	// One client's streams are counted one at a time, over all instances.
	if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock(7260517, hashtext($1))`, client); err != nil {
		return false, err
	}
	var n int
	err = tx.QueryRowContext(ctx, streamOpen, l.instance, client, l.limit, streamStale.Seconds()).Scan(&n)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	return true, tx.Commit()
}

// release gives client's stream back. The database is told in the
// background: release is called by the live hub, which must not wait.
func (l *streamLimit) release(client string) {
	l.mu.Lock()
	l.dec(l.open, client)
	shared := l.shared[client] > 0
	if shared {
		l.dec(l.shared, client)
	}
	l.mu.Unlock()
	if !shared {
		return
	}
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if _, err := l.db.ExecContext(ctx, streamClose, l.instance, client); err != nil {
			l.log.Warn("shared stream limit: release", "err", err)
		}
	}()
}

func (l *streamLimit) dec(m map[string]int, client string) {
	if m[client]--; m[client] <= 0 {
		delete(m, client)
	}
}

// refresh keeps this process's stream counts alive and deletes the rows
// that count nothing (empty, or of instances gone), every streamStale/3,
// until ctx ends.
func (l *streamLimit) refresh(ctx context.Context) {
	tick := time.NewTicker(streamStale / 3)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
		_, err := l.db.ExecContext(ctx, streamRefresh, l.instance)
		if err == nil {
			_, err = l.db.ExecContext(ctx, streamSweep, streamStale.Seconds())
		}
		if err != nil && ctx.Err() == nil {
			l.log.Warn("shared stream limit: refresh", "err", err)
		}
	}
}

// openStream counts a live stream for client, refusing it beyond
// StreamsPerClient (for the whole site on LimitDB).
func (s *Server) openStream(client string) bool { return s.streams.acquire(client) }

// closeStream gives back a stream openStream counted.
func (s *Server) closeStream(client string) { s.streams.release(client) }
