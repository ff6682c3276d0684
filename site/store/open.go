package store

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" database/sql driver
	_ "modernc.org/sqlite"             // the "sqlite" database/sql driver (pure Go)
)

//go:embed migrations/*.sql
var migrations embed.FS

// IsPostgres reports whether dsn names a PostgreSQL database (a
// postgres:// or postgresql:// URL) rather than a SQLite file.
func IsPostgres(dsn string) bool {
	return strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://")
}

// Open opens the database dsn names, a postgres:// URL or a SQLite file
// path (created if missing), and brings its schema up to date.
func Open(ctx context.Context, dsn string) (Store, error) {
	if IsPostgres(dsn) {
		return openPostgres(ctx, dsn)
	}
	return openSQLite(ctx, dsn)
}

func openSQLite(ctx context.Context, file string) (Store, error) {
	if file == "" {
		return nil, fmt.Errorf("store: empty database path")
	}
	if strings.ContainsAny(file, "?#") {
		return nil, fmt.Errorf("store: database path %q: no ? or # please", file)
	}
	// WAL: readers do not wait for the writer; synchronous(FULL): a commit
	// is on disk before it is acknowledged; busy_timeout: writers queue
	// instead of failing.
	dsn := "file:" + file + "?_pragma=journal_mode(WAL)&_pragma=synchronous(FULL)" +
		"&_pragma=busy_timeout(10000)&_pragma=foreign_keys(1)&_txlock=immediate"
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("store: open %s: %w", file, err)
	}
	db.SetMaxOpenConns(4)
	db.SetMaxIdleConns(4)
	db.SetConnMaxIdleTime(5 * time.Minute)
	s := &sqlStore{db: db, d: dialect{name: "sqlite"}}
	if err := s.migrate(ctx); err != nil {
		db.Close()
		return nil, err
	}
	return s, nil
}

func openPostgres(ctx context.Context, dsn string) (Store, error) {
	db, err := sql.Open("pgx", dsn)
	if err != nil {
		return nil, fmt.Errorf("store: open postgres: %w", err)
	}
	db.SetMaxOpenConns(16)
	db.SetMaxIdleConns(4)
	db.SetConnMaxIdleTime(5 * time.Minute)
	s := &sqlStore{db: db, d: dialect{name: "postgres", dollar: true, notify: true,
		lock: "SELECT pg_advisory_xact_lock(7260515)"}}
	s.listen = func(ctx context.Context, changed func(string)) error { return listenPostgres(ctx, dsn, changed) }
	if err := s.migrate(ctx); err != nil {
		db.Close()
		return nil, err
	}
	return s, nil
}

// migrate applies, in one transaction, the numbered steps the database has
// not seen, in order, and records each in schema_migrations. A step is a
// file of migrations/, a Go function of goSteps, or both (the file first).
func (s *sqlStore) migrate(ctx context.Context) error {
	files, err := fs.Glob(migrations, "migrations/*.sql")
	if err != nil {
		return err
	}
	sqlFiles := map[int]string{}
	var numbers []int
	for _, f := range files {
		num, _, _ := strings.Cut(path.Base(f), "_")
		n, err := strconv.Atoi(num)
		if err != nil {
			return fmt.Errorf("store: migration %s: not numbered", f)
		}
		sqlFiles[n] = f
		numbers = append(numbers, n)
	}
	for n := range goSteps {
		if _, ok := sqlFiles[n]; !ok {
			numbers = append(numbers, n)
		}
	}
	sort.Ints(numbers)

	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: migrate: %w", err)
	}
	defer tx.Rollback()
	if s.d.lock != "" {
		if _, err := tx.ExecContext(ctx, s.d.lock); err != nil {
			return fmt.Errorf("store: migrate: %w", err)
		}
	}
	if _, err := tx.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
		version INTEGER PRIMARY KEY, applied BIGINT NOT NULL)`); err != nil {
		return fmt.Errorf("store: migrate: %w", err)
	}
	applied := map[int]bool{}
	rows, err := tx.QueryContext(ctx, `SELECT version FROM schema_migrations`)
	if err != nil {
		return fmt.Errorf("store: migrate: %w", err)
	}
	for rows.Next() {
		var v int
		if err := rows.Scan(&v); err != nil {
			rows.Close()
			return fmt.Errorf("store: migrate: %w", err)
		}
		applied[v] = true
	}
	rows.Close()
	for _, n := range numbers {
		if applied[n] {
			continue
		}
		if f, ok := sqlFiles[n]; ok {
			text, err := migrations.ReadFile(f)
			if err != nil {
				return err
			}
			// Statements end with ";"; comments are whole "--" lines.
			for _, stmt := range strings.Split(stripComments(string(text)), ";") {
				if strings.TrimSpace(stmt) == "" {
					continue
				}
				if _, err := tx.ExecContext(ctx, stmt); err != nil {
					return fmt.Errorf("store: migration %s: %w", f, err)
				}
			}
		}
		if step, ok := goSteps[n]; ok {
			if err := step(ctx, s, tx); err != nil {
				return fmt.Errorf("store: migration %d: %w", n, err)
			}
		}
		if _, err := tx.ExecContext(ctx, s.q(`INSERT INTO schema_migrations (version, applied) VALUES (?, ?)`),
			n, time.Now().UnixMilli()); err != nil {
			return fmt.Errorf("store: migration %d: %w", n, err)
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("store: migrate: %w", err)
	}
	return nil
}

func stripComments(sql string) string {
	var b strings.Builder
	for line := range strings.Lines(sql) {
		if !strings.HasPrefix(strings.TrimSpace(line), "--") {
			b.WriteString(line)
		}
	}
	return b.String()
}

// listenPostgres follows channel dsq_games on a connection of its own,
// reconnecting after a failure, until ctx ends.
func listenPostgres(ctx context.Context, dsn string, changed func(string)) error {
	for ctx.Err() == nil {
		err := func() error {
			conn, err := pgx.Connect(ctx, dsn)
			if err != nil {
				return err
			}
			defer conn.Close(context.Background())
			if _, err := conn.Exec(ctx, "LISTEN dsq_games"); err != nil {
				return err
			}
			// Changes made before this point were not heard: any game may
			// have changed (at start as after a dropped connection).
			changed("")
			for {
				n, err := conn.WaitForNotification(ctx)
				if err != nil {
					return err
				}
				changed(n.Payload)
			}
		}()
		if ctx.Err() != nil {
			break
		}
		_ = err // the connection dropped: try again shortly
		select {
		case <-ctx.Done():
		case <-time.After(time.Second):
		}
	}
	return nil
}
