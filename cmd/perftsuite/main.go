// Command perftsuite regenerates the library's perft suites (testdata/
// perft.txt, bench.txt and variants.txt) from their positions files: every
// count at every depth is computed by the bitboard generator and by the
// mailbox reference, and a suite is written only if the two agree on all
// of its counts. The library's tests then recheck the files.
//
//	go -C cmd run ./perftsuite [-root ..] [-suite perft|bench|variants|all]
//
// The deep suites take about two hours on two cores.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/doushouqi/doushouqi/internal/perftsuite"
)

// suites names each suite's positions file and the counts file made from it,
// relative to the repository's root.
var suites = []struct{ name, positions, counts string }{
	{"perft", "testdata/perft-positions.txt", "testdata/perft.txt"},
	{"bench", "testdata/bench-positions.txt", "testdata/bench.txt"},
	{"variants", "testdata/variants-positions.txt", "testdata/variants.txt"},
}

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("perftsuite", flag.ContinueOnError)
	fs.SetOutput(stderr)
	root := fs.String("root", "..", "the repository's root (the library's module)")
	suite := fs.String("suite", "all", "the suite to write: perft, bench, variants or all")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if err := os.Chdir(*root); err != nil {
		fmt.Fprintln(stderr, "perftsuite:", err)
		return 1
	}
	written := 0
	for _, s := range suites {
		if *suite != s.name && *suite != "all" {
			continue
		}
		if err := perftsuite.Write(s.positions, s.counts); err != nil {
			fmt.Fprintln(stderr, "perftsuite:", err)
			return 1
		}
		fmt.Fprintln(stdout, "wrote", s.counts)
		written++
	}
	if written == 0 {
		fmt.Fprintf(stderr, "perftsuite: no suite %q (perft, bench, variants or all)\n", *suite)
		return 2
	}
	return 0
}
