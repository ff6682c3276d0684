// Command perft counts the leaf nodes of the Dou Shou Qi game tree from a
// position, depth by depth, or per root move with -divide.
//
//	go run ./examples/perft [-fen F] [-depth N] [-divide]
//
// Without -divide it prints one line per depth 1..N: the depth, the node
// count, the time taken and the speed in nodes/s. With -divide it prints
// "<move> <count>" per root move and a final "total <count>" line. A bad
// position or flag prints one line to standard error and exits with status 2.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	dsq "github.com/doushouqi/doushouqi"
)

// maxDepth keeps a mistyped depth from running for years.
const maxDepth = 20

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	flags := flag.NewFlagSet("perft", flag.ContinueOnError)
	flags.SetOutput(io.Discard)
	fen := flags.String("fen", dsq.StartNotation, "position in the notation of RULES.md")
	depth := flags.Int("depth", 6, "depth to count to, 1.."+fmt.Sprint(maxDepth))
	divide := flags.Bool("divide", false, "print the count below each root move")
	if err := flags.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			flags.SetOutput(stdout)
			fmt.Fprintln(stdout, "usage: perft [-fen F] [-depth N] [-divide]")
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
	pos, err := dsq.ParsePosition(*fen)
	if err != nil {
		return fail(stderr, err)
	}

	if *divide {
		var total uint64
		for _, d := range dsq.Divide(pos, *depth) {
			fmt.Fprintf(stdout, "%s %d\n", d.Move, d.Nodes)
			total += d.Nodes
		}
		fmt.Fprintf(stdout, "total %d\n", total)
		return 0
	}
	for d := 1; d <= *depth; d++ {
		start := time.Now()
		nodes := dsq.Perft(pos, d)
		elapsed := time.Since(start)
		fmt.Fprintf(stdout, "%d %d %.3fs %.0f nodes/s\n", d, nodes, elapsed.Seconds(), float64(nodes)/max(elapsed.Seconds(), 1e-9))
	}
	return 0
}

func fail(stderr io.Writer, err error) int {
	fmt.Fprintln(stderr, "perft:", err)
	return 2
}
