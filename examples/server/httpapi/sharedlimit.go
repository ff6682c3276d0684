package httpapi

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"
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
	limitSweep = `DELETE FROM rate_limits WHERE win < floor(extract(epoch FROM clock_timestamp()) / $1)::bigint - 1 AND key LIKE $2`
)

// OpenLimitDB opens the PostgreSQL database dsn for the shared rate limits
// and makes their table if it is missing. It is a pool of its own, apart
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
				err = tx.Commit()
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
