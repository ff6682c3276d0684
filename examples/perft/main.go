// Command perft counts the leaf nodes of the Dou Shou Qi game tree from a
// position, depth by depth, or per root move with -divide.
//
//	go -C examples run ./perft [-fen F] [-depth N] [-divide] [-threads N] [-leaves] [-hash MiB]
//	                        [-trapped-capture] [-swap-dog-wolf] [-move-limit N] [-cpuprofile file]
//
// Without -divide it prints one line per depth 1..N: the depth, the node
// count, the time taken and the speed in nodes/s. With -divide it prints
// "<move> <count>" per root move and a final "total <count>" line. A bad
// position or flag prints one line to standard error and exits with status 2.
//
// -threads sets the goroutines (default: all cores), -leaves makes every
// leaf instead of counting the last ply, -hash gives a transposition table of
// that many MiB. A run longer than two seconds reports its progress on
// standard error every two seconds. The counts are the same whatever the
// flags. -trapped-capture, -swap-dog-wolf and -move-limit choose house rules
// (see doushouqi.Rules and the house rules of RULES.md); the default is
// the standard rules of RULES.md. -cpuprofile writes a CPU profile; the
// profile kept in lab/perft/default.pgo, made with it, speeds up a build
// that names it (go -C examples build -pgo=../lab/perft/default.pgo ./perft).
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/pprof"
	"time"

	dsq "github.com/doushouqi/doushouqi"
)

// maxDepth keeps a mistyped depth from running for years; maxHashMiB a
// mistyped size from taking more memory than a machine has.
const (
	maxDepth   = 20
	maxHashMiB = 1 << 16
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	flags := flag.NewFlagSet("perft", flag.ContinueOnError)
	flags.SetOutput(io.Discard)
	fen := flags.String("fen", dsq.StartNotation, "position `F` in the notation of RULES.md")
	depth := flags.Int("depth", 6, "depth `N` to count to, 1.."+fmt.Sprint(maxDepth))
	divide := flags.Bool("divide", false, "print the count below each root move")
	threads := flags.Int("threads", dsq.AllThreads(), "`N` goroutines to count on")
	leaves := flags.Bool("leaves", false, "make every leaf instead of counting the last ply")
	hashMiB := flags.Int("hash", 0, "transposition table size in `MiB` (0: none)")
	trappedCapture := flags.Bool("trapped-capture", false, "house rule: a piece in an enemy trap captures at full rank")
	swapDogWolf := flags.Bool("swap-dog-wolf", false, "house rule: dog rank 4, wolf rank 3")
	moveLimit := flags.Int("move-limit", 0, "house rule: `N` half-moves without capture draw (0: 60, -1: none)")
	cpuProfile := flags.String("cpuprofile", "", "write a CPU profile to this `file` (for -pgo)")
	if err := flags.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			flags.SetOutput(stdout)
			fmt.Fprintln(stdout, usageLine(flags))
			flags.PrintDefaults()
			return 0
		}
		return fail(stderr, err)
	}
	if flags.NArg() > 0 {
		return fail(stderr, fmt.Errorf("unexpected argument %q", flags.Arg(0)))
	}
	if *depth < 1 || *depth > maxDepth {
		return fail(stderr, fmt.Errorf("depth %d out of range 1..%d", *depth, maxDepth))
	}
	if *threads < 1 || *threads > 1024 {
		return fail(stderr, fmt.Errorf("threads %d out of range 1..1024", *threads))
	}
	if *hashMiB < 0 || *hashMiB > maxHashMiB {
		return fail(stderr, fmt.Errorf("hash %d MiB out of range 0..%d", *hashMiB, maxHashMiB))
	}
	pos, err := dsq.ParsePosition(*fen)
	if err != nil {
		return fail(stderr, err)
	}
	rules := dsq.Rules{TrappedCapture: *trappedCapture, SwapDogWolf: *swapDogWolf, MoveLimit: *moveLimit}
	if pos, err = pos.WithRules(rules); err != nil {
		return fail(stderr, err)
	}

	if *cpuProfile != "" {
		f, err := os.Create(*cpuProfile)
		if err != nil {
			return fail(stderr, err)
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return fail(stderr, err)
		}
		defer pprof.StopCPUProfile()
	}
	cfg := dsq.PerftConfig{Threads: *threads, Leaves: *leaves, Table: dsq.NewPerftTable(*hashMiB)}
	if *divide {
		cfg.Progress = progressReporter(stderr, *depth)
		var total uint64
		for _, d := range cfg.Divide(pos, *depth) {
			fmt.Fprintf(stdout, "%s %d\n", d.Move, d.Nodes)
			total += d.Nodes
		}
		fmt.Fprintf(stdout, "total %d\n", total)
		return 0
	}
	for d := 1; d <= *depth; d++ {
		start := time.Now()
		cfg.Progress = progressReporter(stderr, d)
		nodes := cfg.Perft(pos, d)
		elapsed := time.Since(start)
		fmt.Fprintf(stdout, "%d %d %.3fs %.0f nodes/s\n", d, nodes, elapsed.Seconds(), float64(nodes)/max(elapsed.Seconds(), 1e-9))
	}
	return 0
}

// progressReporter returns a Progress function that prints a line to stderr
// every two seconds, from two seconds into the run.
func progressReporter(stderr io.Writer, depth int) func(dsq.PerftProgress) {
	start := time.Now()
	next := start.Add(progressEvery)
	return func(p dsq.PerftProgress) {
		now := time.Now()
		if now.Before(next) || p.Done == p.Total {
			return
		}
		next = now.Add(progressEvery)
		elapsed := now.Sub(start).Seconds()
		fmt.Fprintf(stderr, "progress: depth %d: %d/%d units, %.0fs, %.0f nodes/s\n", depth, p.Done, p.Total, elapsed, float64(p.Nodes)/elapsed)
	}
}

const progressEvery = 2 * time.Second

func fail(stderr io.Writer, err error) int {
	fmt.Fprintln(stderr, "perft:", err)
	return 2
}

// usageLine names every flag of the set, in its order, with the value name
// its usage text gives (the backquoted word), so that it cannot fall behind
// the flags.
func usageLine(flags *flag.FlagSet) string {
	line := "usage: " + flags.Name()
	flags.VisitAll(func(f *flag.Flag) {
		name, _ := flag.UnquoteUsage(f)
		if name == "" { // a bool flag
			line += " [-" + f.Name + "]"
			return
		}
		line += " [-" + f.Name + " " + name + "]"
	})
	return line
}
