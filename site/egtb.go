package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"time"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/endgame"
	"github.com/doushouqi/doushouqi/site/httpapi"
)

// egtbPieces is the size of the endings the server solves when the -egtb
// directory has no tables: every material of up to this many pieces
// (three: about 15 s on two cores at full speed, 117 MiB). Tests make it
// smaller.
var egtbPieces = 3

// tablesLoader solves or loads the endgame tables of dir (the -egtb flag)
// while the site serves, and hands them to server once ready: until then
// the AI plays without them and /healthz says "loading".
type tablesLoader struct {
	dir    string
	log    *slog.Logger
	server *httpapi.Server
	// limitBase, if above 0, is the soft memory limit without the tables,
	// MiB: the tables' size is added to it once they are loaded.
	limitBase int
}

// run loads the tables, logs what it did, and hands them over; a failure is
// logged and leaves the site without tables. Cancelling ctx stops a solve
// between two tables.
func (l tablesLoader) run(ctx context.Context) {
	if l.dir == "" {
		l.log.Info("endgame tables: none loaded (no -egtb)")
		return
	}
	l.server.TablesLoading()
	ts, r, err := loadTables(ctx, l.dir)
	if err != nil {
		if ctx.Err() == nil {
			l.log.Error("endgame tables: not loaded, the AI plays without them", "dir", l.dir, "err", err)
		}
		l.server.TablesFailed()
		return
	}
	// The tables are never closed: they live as long as the process, whose
	// exit releases their mappings, and Close must not race a probe, which
	// a drain cut short by its time limit could still be making.
	l.server.SetTables(ts)
	if l.limitBase > 0 {
		debug.SetMemoryLimit(int64(l.limitBase+r.mib) << 20)
	}
	if r.solved {
		l.log.Info("endgame tables: none were in the directory, every ending of up to "+fmt.Sprint(egtbPieces)+" pieces solved into it",
			"dir", r.dir, "seconds", r.solving.Round(time.Millisecond).Seconds())
	}
	l.log.Info("endgame tables loaded", "dir", r.dir, "tables", r.tables, "MiB", r.mib)
}

// tablesReport is what loadTables did, for the log.
type tablesReport struct {
	dir     string
	tables  int
	mib     int
	solved  bool          // the directory had none: they were solved into it
	solving time.Duration // the time that took
}

// loadTables returns the endgame tables of dir under the standard rules,
// the site's. A directory that does not exist or holds no table file gets
// every ending of up to egtbPieces pieces, solved and written there first
// (unless ctx ends first). A table file that cannot be read, or one for
// other rules, is an error.
func loadTables(ctx context.Context, dir string) (*endgame.Tables, tablesReport, error) {
	r := tablesReport{dir: dir}
	files, err := filepath.Glob(filepath.Join(dir, "*"+endgame.FileExt))
	if err != nil {
		return nil, r, fmt.Errorf("-egtb %s: %w", dir, err)
	}
	if len(files) == 0 {
		start := time.Now()
		if err := solveTables(ctx, dir); err != nil {
			return nil, r, err
		}
		r.solved, r.solving = true, time.Since(start)
	}
	ts, err := endgame.Open(dir, dsq.Standard)
	if err != nil {
		return nil, r, fmt.Errorf("-egtb %s: %w", dir, err)
	}
	r.tables, r.mib = len(ts.Materials()), tablesMiB(ts)
	return ts, r, nil
}

// solveTables solves every ending of up to egtbPieces pieces into dir. It
// writes into a new directory beside dir and renames it to dir only when
// every table is written, so that no process ever opens a half-solved set:
// a crash mid-solve leaves only the temporary directory (removed at the next
// solve), and of two instances solving at once the first rename wins and the
// other uses its tables. Cancelling ctx stops it between two tables, with
// ctx's error and nothing written to dir.
func solveTables(ctx context.Context, dir string) error {
	parent, base := filepath.Split(filepath.Clean(dir))
	if parent == "" {
		parent = "."
	}
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return fmt.Errorf("-egtb: %w", err)
	}
	removeStaleSolves(parent, base)
	tmp, err := os.MkdirTemp(parent, base+partialSuffix)
	if err != nil {
		return fmt.Errorf("-egtb: %w", err)
	}
	defer os.RemoveAll(tmp) // a no-op once renamed
	ts, err := endgame.NewTables(dsq.Standard)
	if err != nil {
		return err
	}
	// One core is left to the site, which serves meanwhile.
	opts := endgame.Options{Threads: max(1, runtime.GOMAXPROCS(0)-1)}
	for _, m := range endgame.AllMaterials(egtbPieces) { // fewer pieces first
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("-egtb %s: solve stopped: %w", dir, err)
		}
		if err := ts.Generate([]endgame.Material{m}, opts); err != nil {
			return fmt.Errorf("-egtb %s: %w", dir, err)
		}
	}
	for _, m := range ts.Materials() {
		if err := ts.Table(m).WriteFile(tmp); err != nil {
			return fmt.Errorf("-egtb: %w", err)
		}
	}
	if err := os.Chmod(tmp, 0o755); err != nil { // MkdirTemp makes it 0700
		return fmt.Errorf("-egtb: %w", err)
	}
	// dir may exist empty (made by hand, or by an older server): an empty
	// directory is removed first; one with files was filled by another
	// instance meanwhile, and is used as it is.
	_ = os.Remove(dir)
	if err := os.Rename(tmp, dir); err != nil {
		if files, _ := filepath.Glob(filepath.Join(dir, "*"+endgame.FileExt)); len(files) > 0 {
			return nil // another instance finished first
		}
		return fmt.Errorf("-egtb: %w", err)
	}
	return nil
}

// partialSuffix marks the directory an unfinished solve writes into.
const partialSuffix = ".partial-"

// removeStaleSolves removes what earlier solves of base left in parent after
// a crash: directories that are older than any solve takes.
func removeStaleSolves(parent, base string) {
	stale, _ := filepath.Glob(filepath.Join(parent, base+partialSuffix+"*"))
	for _, d := range stale {
		if fi, err := os.Stat(d); err == nil && fi.IsDir() && time.Since(fi.ModTime()) > time.Hour {
			os.RemoveAll(d)
		}
	}
}

// defaultTablesDir is where the endgame tables live when -egtb is not
// given: beside the SQLite database file ("egtb" in its directory), or in
// the working directory for PostgreSQL.
func defaultTablesDir(db string) string {
	if strings.HasPrefix(db, "postgres://") || strings.HasPrefix(db, "postgresql://") {
		return "egtb"
	}
	return filepath.Join(filepath.Dir(db), "egtb")
}

// tablesMiB is the size of the tables' entries in MiB, rounded up; 0 for
// none.
func tablesMiB(ts *endgame.Tables) int {
	if ts == nil {
		return 0
	}
	bytes := 0
	for _, m := range ts.Materials() {
		bytes += ts.Table(m).Bytes()
	}
	return (bytes + 1<<20 - 1) >> 20
}
