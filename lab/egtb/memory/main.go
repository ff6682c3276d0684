// Command memory measures what the endgame tables of a directory cost a
// process on Linux: it opens them, read into the heap (os.ReadFile and
// endgame.ReadTable, as endgame.ReadFile did before it mapped files) or
// mapped (endgame.Open), probes random positions, and prints the process's
// memory from /proc/self/smaps_rollup after each step: Rss, Pss, Anonymous,
// Pss_Anon and Pss_File in KiB, with the Go heap in use.
//
//	go run ./egtb/memory -dir /tmp/egtb3 -backing mmap
//
// With -sync DIR -procs N, N processes started at once wait for one
// another after probing and before reading their memory, so that each
// reads its proportional share (Pss) while the others hold the same files;
// lab/egtb/run.sh runs them.
package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"time"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/endgame"
)

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "memory:", err)
		os.Exit(2)
	}
}

func run(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("memory", flag.ContinueOnError)
	dir := fs.String("dir", "", "directory of table files (required)")
	backing := fs.String("backing", "mmap", "heap (os.ReadFile and endgame.ReadTable) or mmap (endgame.Open)")
	probes := fs.String("probes", "1000,100000", "probe this many random positions, in steps, reading the memory after each")
	syncDir := fs.String("sync", "", "directory where -procs processes meet before reading their memory")
	procs := fs.Int("procs", 1, "number of processes meeting in -sync")
	seed := fs.Uint64("seed", 1, "seed of the random positions")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *dir == "" {
		return errors.New("-dir is required")
	}
	var steps []int
	for _, s := range strings.Split(*probes, ",") {
		n, err := strconv.Atoi(s)
		if err != nil || n < 0 {
			return fmt.Errorf("-probes %q: want counts such as 1000,100000", *probes)
		}
		steps = append(steps, n)
	}
	report := func(step string) error {
		mem, err := smapsRollup()
		if err != nil {
			return err
		}
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		fmt.Fprintf(out, "%-8s pid=%d backing=%s step=%-14s Rss=%d Pss=%d Anonymous=%d Pss_Anon=%d Pss_File=%d HeapInuse=%d\n",
			"memory", os.Getpid(), *backing, step, mem["Rss"], mem["Pss"], mem["Anonymous"], mem["Pss_Anon"], mem["Pss_File"], ms.HeapInuse>>10)
		return nil
	}
	if err := report("start"); err != nil {
		return err
	}
	wall, cpu := time.Now(), cpuTime()
	ts, err := open(*dir, *backing)
	if err != nil {
		return err
	}
	defer ts.Close()
	bytes := 0
	for _, m := range ts.Materials() {
		bytes += ts.Table(m).Bytes()
	}
	fmt.Fprintf(out, "open     pid=%d backing=%s tables=%d MiB=%.1f wall=%v cpu=%v\n", os.Getpid(), *backing, len(ts.Materials()), float64(bytes)/(1<<20), time.Since(wall).Round(time.Microsecond), (cpuTime() - cpu).Round(time.Microsecond))
	if err := report("opened"); err != nil {
		return err
	}
	rng := rand.New(rand.NewPCG(*seed, 7))
	mats := ts.Materials()
	done := 0
	for k, n := range steps {
		for ; done < n; done++ {
			m := mats[rng.IntN(len(mats))]
			if _, ok := ts.Probe(randomPosition(rng, m)); !ok {
				return fmt.Errorf("no value for a position of %v", m)
			}
		}
		if k == len(steps)-1 && *syncDir != "" {
			if err := meet(*syncDir, "probed", *procs); err != nil {
				return err
			}
		}
		if err := report(fmt.Sprintf("probed-%d", n)); err != nil {
			return err
		}
	}
	if *syncDir != "" {
		return meet(*syncDir, "reported", *procs)
	}
	return nil
}

// open reads the tables of dir the way backing names.
func open(dir, backing string) (*endgame.Tables, error) {
	switch backing {
	case "mmap":
		return endgame.Open(dir, dsq.Standard)
	case "heap":
		ts, err := endgame.NewTables(dsq.Standard)
		if err != nil {
			return nil, err
		}
		files, err := filepath.Glob(filepath.Join(dir, "*"+endgame.FileExt))
		if err != nil {
			return nil, err
		}
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				return nil, err
			}
			t, err := endgame.ReadTable(b)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", f, err)
			}
			if err := ts.Add(t); err != nil {
				return nil, err
			}
		}
		return ts, nil
	}
	return nil, fmt.Errorf("-backing %q: want heap or mmap", backing)
}

// randomPosition returns a random position of m, no piece in a den.
func randomPosition(rng *rand.Rand, m endgame.Material) dsq.Position {
	for {
		var s dsq.Setup
		s.MoveNumber, s.Rules = 1, dsq.Standard
		s.SideToMove = dsq.Color(rng.IntN(2))
		for _, p := range m.Pieces() {
			for {
				sq := dsq.Square(rng.IntN(dsq.NumSquares))
				if s.Board[sq] == dsq.NoPiece && !dsq.Dens.Has(sq) {
					s.Board[sq] = p
					break
				}
			}
		}
		if pos, err := dsq.NewPosition(s); err == nil {
			return pos
		}
	}
}

// meet marks this process as at step in dir and waits until procs
// processes are (at most ten minutes).
func meet(dir, step string, procs int) error {
	if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("%s.%d", step, os.Getpid())), nil, 0o644); err != nil {
		return err
	}
	for deadline := time.Now().Add(10 * time.Minute); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		here, err := filepath.Glob(filepath.Join(dir, step+".*"))
		if err != nil {
			return err
		}
		if len(here) >= procs {
			return nil
		}
	}
	return fmt.Errorf("%d processes did not reach %s in %s", procs, step, dir)
}

// smapsRollup returns the fields of /proc/self/smaps_rollup, in KiB.
func smapsRollup() (map[string]int, error) {
	f, err := os.Open("/proc/self/smaps_rollup")
	if err != nil {
		return nil, err
	}
	defer f.Close()
	out := map[string]int{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		name, rest, ok := strings.Cut(sc.Text(), ":")
		if !ok {
			continue
		}
		fields := strings.Fields(rest)
		if len(fields) == 2 && fields[1] == "kB" {
			if n, err := strconv.Atoi(fields[0]); err == nil {
				out[name] = n
			}
		}
	}
	return out, sc.Err()
}

// cpuTime returns the CPU time, user and system, the process has used.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
