// Command egtb generates, stores and reads the endgame tables of package
// endgame: every material of up to three pieces, and any material of up to
// four given on the command line, under the standard rules or house rules.
//
//	go -C cmd run ./egtb                      # all sets of up to 3 pieces into ./egtb
//	go -C cmd run ./egtb LTve Evcr            # and these four- and three-piece sets
//	go -C cmd run ./egtb -stats Evcr LTve     # then print their facts
//	go -C cmd run ./egtb -verify               # check every entry against its children
//	go -C cmd run ./egtb -pieces 0 -probe "7/7/2e4/7/E6/L6/7/7/7 b 0 1"
//
// Tables already in the directory are read, not solved again (use -fresh to
// solve everything); only the tables the materials asked for need are read. A progress bar goes to stderr when it is a terminal,
// and the report of time, sizes and memory to stderr; the facts (-stats) and
// verdicts (-probe) go to stdout, so that they can be kept and compared.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"time"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/endgame"
)

func main() {
	if err := run(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		if !errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(os.Stderr, "egtb:", err)
		}
		os.Exit(2)
	}
}

// run is the command: flags and material names in args.
func run(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("egtb", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dir := fs.String("dir", "egtb", "directory of the table files")
	pieces := fs.Int("pieces", 3, "solve every material of up to this many pieces (0 to 3)")
	rulesText := fs.String("rules", "standard", "rules, as doushouqi.ParseRules reads them: standard, trapped-capture, swap-dog-wolf, move-limit=N, no-move-limit, joined by commas")
	threads := fs.Int("threads", 0, "goroutines (0: one per core)")
	stats := fs.Bool("stats", false, "print the facts of every material of up to -pieces pieces and of those named")
	probe := fs.String("probe", "", "print the verdict on this position (its material must be solved)")
	fresh := fs.Bool("fresh", false, "solve every table again instead of reading those in -dir")
	verify := fs.Bool("verify", false, "check every entry of the tables needed against its children (endgame.Tables.Verify)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: egtb [flags] [material ...]   (materials such as Evcr: red letters, v, blue letters)")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *pieces < 0 || *pieces > 3 {
		return fmt.Errorf("-pieces %d: want 0 to 3 (name four-piece materials one by one)", *pieces)
	}
	rules, err := dsq.ParseRules(*rulesText)
	if err != nil {
		return err
	}
	var named []endgame.Material
	for _, a := range fs.Args() {
		m, err := endgame.ParseMaterial(a)
		if err != nil {
			return err
		}
		named = append(named, m)
	}
	var probePos dsq.Position
	if *probe != "" {
		if probePos, err = dsq.ParsePosition(*probe); err != nil {
			return err
		}
		if probePos, err = probePos.WithRules(rules); err != nil {
			return err
		}
		if m := endgame.MaterialOf(probePos); m.Solvable() {
			named = append(named, m)
		}
	}
	want := append(endgame.AllMaterials(*pieces), named...)

	ts, err := endgame.NewTables(rules)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(*dir, 0o755); err != nil {
		return err
	}
	if !*fresh {
		if err := ts.Load(*dir, endgame.Closure(want...)...); err != nil {
			return err
		}
	}
	held := map[endgame.Material]bool{}
	for _, m := range ts.Materials() {
		held[m] = true
	}
	start := time.Now()
	bar := newProgressBar(stderr)
	if err := ts.Generate(want, endgame.Options{Threads: *threads, Progress: bar.update}); err != nil {
		return err
	}
	bar.done()
	elapsed := time.Since(start)
	var solved, entries, bytes int64
	for _, m := range endgame.Closure(want...) {
		if held[m] {
			continue
		}
		t := ts.Table(m)
		if err := t.WriteFile(*dir); err != nil {
			return err
		}
		solved++
		entries += int64(t.Len())
		bytes += int64(t.Bytes())
	}
	fmt.Fprintf(stderr, "%d tables needed: %d read from %s, %d solved in %v on %d goroutines (GOMAXPROCS %d), rules %v\n",
		len(endgame.Closure(want...)), len(held), filepath.Clean(*dir), solved, elapsed.Round(time.Millisecond), threadsOf(*threads), runtime.GOMAXPROCS(0), rules)
	if solved > 0 {
		fmt.Fprintf(stderr, "solved: %d entries, %s written\n", entries, mib(bytes))
	}
	fmt.Fprintf(stderr, "memory: peak resident %s, Go heap in use %s\n", mib(maxRSS()), mib(heapInUse()))
	if *verify {
		start := time.Now()
		needed := endgame.Closure(want...)
		for _, m := range needed {
			if err := ts.Verify(m, endgame.Options{Threads: *threads}); err != nil {
				return err
			}
		}
		fmt.Fprintf(stderr, "verified %d tables in %v: every entry agrees with its children\n", len(needed), time.Since(start).Round(time.Millisecond))
	}
	if *stats {
		printStats(stdout, ts, want)
	}
	if *probe != "" {
		v, ok := ts.Verdict(probePos)
		if !ok {
			return fmt.Errorf("no table for %v", endgame.MaterialOf(probePos))
		}
		fmt.Fprintln(stdout, v)
	}
	return nil
}

func threadsOf(n int) int {
	if n <= 0 {
		return runtime.GOMAXPROCS(0)
	}
	return n
}

func mib(b int64) string { return fmt.Sprintf("%.1f MiB", float64(b)/(1<<20)) }

// maxRSS is the peak resident memory of the process in bytes.
func maxRSS() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Maxrss * 1024 // kilobytes on Linux
}

func heapInUse() int64 {
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return int64(ms.HeapInuse)
}

// printStats writes the facts of the materials ms (without repeats).
func printStats(w io.Writer, ts *endgame.Tables, ms []endgame.Material) {
	limit := "no no-capture limit"
	if l := ts.Rules().MoveLimit; l == 0 {
		limit = fmt.Sprintf("no-capture limit %d half-moves", dsq.DrawHalfMoves)
	} else if l > 0 {
		limit = fmt.Sprintf("no-capture limit %d half-moves", l)
	}
	fmt.Fprintf(w, "# Endgame facts: rules %v, %s, count 0.\n", ts.Rules(), limit)
	fmt.Fprintln(w, "# Shares are for the side to move over every position with no piece in a den;")
	fmt.Fprintln(w, "# the longest win is in half-moves to the capture or den entry that keeps it.")
	fmt.Fprintf(w, "%-6s %-4s %9s %9s %9s %9s %6s %6s %6s %4s  %s\n", "set", "move", "positions", "wins", "draws", "losses", "win%", "draw%", "loss%", "dtz", "longest win")
	seen := map[endgame.Material]bool{}
	for _, m := range ms {
		if seen[m] {
			continue
		}
		seen[m] = true
		st := ts.Table(m).Stats()
		for side := range 2 {
			n := float64(st.Positions[side])
			at := "-"
			if st.LongestWin[side] >= 0 {
				at = st.LongestWinAt[side].String()
			}
			fmt.Fprintf(w, "%-6v %-4v %9d %9d %9d %9d %6.2f %6.2f %6.2f %4d  %s\n", m, dsq.Color(side), st.Positions[side],
				st.Wins[side], st.Draws[side], st.Losses[side],
				100*float64(st.Wins[side])/n, 100*float64(st.Draws[side])/n, 100*float64(st.Losses[side])/n,
				st.LongestWin[side], at)
		}
	}
}

// progressBar draws generation progress on a terminal, and nothing
// elsewhere.
type progressBar struct {
	w    io.Writer
	on   bool
	last time.Time
}

func newProgressBar(w io.Writer) *progressBar {
	f, ok := w.(*os.File)
	on := false
	if ok {
		if fi, err := f.Stat(); err == nil && fi.Mode()&os.ModeCharDevice != 0 {
			on = true
		}
	}
	return &progressBar{w: w, on: on}
}

func (b *progressBar) update(p endgame.Progress) {
	if !b.on || time.Since(b.last) < 100*time.Millisecond && p.Done < p.Total {
		return
	}
	b.last = time.Now()
	frac := float64(p.Done) / float64(max(p.Total, 1))
	if p.Steps > 0 && p.Done < p.Total {
		frac += float64(p.Step) / float64(p.Steps) / float64(p.Total)
	}
	const width = 40
	fill := int(frac * width)
	fmt.Fprintf(b.w, "\r[%s%s] %3d/%d tables %-6v", strings.Repeat("#", fill), strings.Repeat(".", width-fill), p.Done, p.Total, p.Material)
}

func (b *progressBar) done() {
	if b.on {
		fmt.Fprintln(b.w)
	}
}
