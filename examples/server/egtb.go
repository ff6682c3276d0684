package main

import (
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"time"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/endgame"
)

// egtbPieces is the size of the endings the server solves at start-up when
// the -egtb directory has no tables: every material of up to this many
// pieces (three: about 15 s on two cores, 117 MiB). Tests make it smaller.
var egtbPieces = 3

// tablesReport is what loadTables did, for the log (which starts after the
// site's URL, the first line of the output).
type tablesReport struct {
	dir     string
	tables  int
	mib     int
	solved  bool          // the directory had none: they were solved into it
	solving time.Duration // the time that took
}

func (r tablesReport) log(log *slog.Logger) {
	switch {
	case r.dir == "":
		log.Info("endgame tables: none loaded (no -egtb)")
		return
	case r.solved:
		log.Info("endgame tables: none were in the directory, every ending of up to "+fmt.Sprint(egtbPieces)+" pieces solved into it",
			"dir", r.dir, "seconds", r.solving.Round(time.Millisecond).Seconds())
	}
	log.Info("endgame tables loaded", "dir", r.dir, "tables", r.tables, "MiB", r.mib)
}

// loadTables returns the endgame tables of dir (the -egtb flag) under the
// standard rules, the site's; nil for "". A directory that does not exist
// or holds no table file gets every ending of up to egtbPieces pieces,
// solved and written there first. A table file that cannot be read, or one
// for other rules, is an error.
func loadTables(dir string) (*endgame.Tables, tablesReport, error) {
	r := tablesReport{dir: dir}
	if dir == "" {
		return nil, r, nil
	}
	files, err := filepath.Glob(filepath.Join(dir, "*"+endgame.FileExt))
	if err != nil {
		return nil, r, fmt.Errorf("-egtb %s: %w", dir, err)
	}
	if len(files) == 0 {
		start := time.Now()
		if err := solveTables(dir); err != nil {
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
// other uses its tables.
func solveTables(dir string) error {
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
	if err := ts.Generate(endgame.AllMaterials(egtbPieces), endgame.Options{}); err != nil {
		return fmt.Errorf("-egtb %s: %w", dir, err)
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
