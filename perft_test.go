package doushouqi_test

import (
	"flag"
	"os"
	"strings"
	"testing"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/internal/longtest"
	"github.com/doushouqi/doushouqi/internal/mailbox"
	"github.com/doushouqi/doushouqi/internal/perftsuite"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The perft suites: testdata/perft.txt (the start position and positions
// built for each rule) and testdata/bench.txt (middle games, timed by the
// benchmarks) hold entries of the form
//
//	id <name>
//	# what the position is built to test
//	pos <notation>
//	perft <depth> <nodes>
//
// Every count in them was computed by both the bitboard generator and the
// mailbox reference and written only where they agreed (go -C cmd run
// ./perftsuite, through internal/perftsuite). The tests recheck every count with
// the bitboard generator, counting the last ply and making every leaf, and
// recheck with the reference up to -ref-nodes nodes.

var (
	refNodes = flag.Uint64("ref-nodes", 10_000_000, "largest perft count the reference generator rechecks (0: every count; at most 2,000,000 unless the suite is deep: DSQ_LONG=1)")
)

// perftSuites names each suite's positions file (id, comment, position and
// the depth to compute to) and the file of counts made from it.
var perftSuites = []struct{ name, positions, counts string }{
	{"perft", "testdata/perft-positions.txt", perftSuiteFile},
	{"bench", "testdata/bench-positions.txt", benchSuiteFile},
	{"variants", "testdata/variants-positions.txt", variantsSuiteFile},
}

const (
	perftSuiteFile    = "testdata/perft.txt"
	benchSuiteFile    = "testdata/bench.txt"
	variantsSuiteFile = "testdata/variants.txt"
	shortMaxDepth     = 5       // deeper counts are checked by the deep suite only
	leavesMaxNodes    = 5000000 // largest count PerftLeaves rechecks
)

type perftEntry = perftsuite.Entry

// readPerftFile reads a suite of testdata/.
func readPerftFile(t testing.TB, name string) []perftEntry {
	t.Helper()
	entries, err := perftsuite.ReadFile(name)
	require.NoError(t, err)
	return entries
}

func TestPerftSuite(t *testing.T) {
	entries := readPerftFile(t, perftSuiteFile)
	require.GreaterOrEqual(t, len(entries), 26, "the start position and 25 rule positions")
	bench := readPerftFile(t, benchSuiteFile)
	require.GreaterOrEqual(t, len(bench), 20, "20 middle games for the benchmarks")
	variants := readPerftFile(t, variantsSuiteFile)
	entries = append(append(entries, bench...), variants...)
	for _, e := range entries {
		t.Run(e.ID, func(t *testing.T) {
			t.Parallel()
			pos, ref := suitePosition(t, e)
			require.NotEmpty(t, e.Counts)
			for _, c := range e.Counts {
				if sizeOfSuite() != deepSuite && c.Depth > shortMaxDepth {
					continue
				}
				require.Equal(t, c.Nodes, dsq.Perft(pos, c.Depth), "Perft(%s, %d)", e.Pos, c.Depth)
				if c.Nodes <= leavesMaxNodes {
					require.Equal(t, c.Nodes, dsq.PerftLeaves(pos, c.Depth), "PerftLeaves(%s, %d)", e.Pos, c.Depth)
				}
				if refChecks(c.Nodes) {
					require.Equal(t, c.Nodes, mailbox.Perft(ref, c.Depth), "mailbox.Perft(%s, %d)", e.Pos, c.Depth)
				}
			}
			divide := dsq.Divide(pos, 2)
			var sum uint64
			for _, d := range divide {
				sum += d.Nodes
			}
			require.Equal(t, dsq.Perft(pos, 2), sum, "Divide(%s, 2) adds up", e.Pos)
		})
	}
}

// refChecks reports whether the reference generator rechecks a count of
// nodes: every count up to -ref-nodes (all of them with -ref-nodes 0), and
// none above 2,000,000 unless the suite is deep (sizeOfSuite). The deep suite
// leaves to the bitboard
// generator only the start position's perft(6) and perft(7) under each rule
// set (100 million nodes and more); CI rechecks those up to perft(6) with
// DSQ_LONG=1 -ref-nodes 150000000, and the writer checked them all.
func refChecks(nodes uint64) bool {
	limit := *refNodes
	if sizeOfSuite() != deepSuite {
		limit = min(limit, 2_000_000)
	}
	return limit == 0 || nodes <= limit
}

// TestPerftFilesAreWritten checks that each counts file is exactly what the
// writer makes from its positions file: the same entries in the same order,
// every depth from 1 to the one asked for, in the current format. So no count
// in testdata/ comes from anywhere but the writer, which writes a count only
// where both generators agree, and TestPerftSuite rechecks them.
func TestPerftFilesAreWritten(t *testing.T) {
	for _, s := range perftSuites {
		t.Run(s.name, func(t *testing.T) {
			asked := readPerftFile(t, s.positions)
			written := readPerftFile(t, s.counts)
			require.Equal(t, len(asked), len(written), "%s has one entry per entry of %s", s.counts, s.positions)
			for i, a := range asked {
				w := written[i]
				require.Equal(t, a.ID, w.ID, "%s entry %d", s.counts, i)
				require.Equal(t, [3]any{a.Comment, a.Pos, a.Rules}, [3]any{w.Comment, w.Pos, w.Rules}, w.ID)
				require.Equal(t, a.Depth, len(w.Counts), "%s: depths 1..%d", w.ID, a.Depth)
				for d, c := range w.Counts {
					require.Equal(t, d+1, c.Depth, "%s: depths in order", w.ID)
				}
			}
			file, err := os.ReadFile(s.counts)
			require.NoError(t, err)
			want := strings.SplitAfter(perftsuite.Render(s.positions, written), "\n")
			got := strings.SplitAfter(string(file), "\n")
			for i := range min(len(want), len(got)) {
				require.Equal(t, want[i], got[i], "%s:%d is not what the writer writes", s.counts, i+1)
			}
			require.Equal(t, len(want), len(got), "%s has the writer's number of lines", s.counts)
		})
	}
}

// suitePosition reads an entry's position for both generators, under its
// rules.
func suitePosition(t testing.TB, e perftEntry) (dsq.Position, mailbox.Board) {
	t.Helper()
	pos, ref, err := e.Positions()
	require.NoError(t, err)
	return pos, ref
}

// TestMakeUnmakeRestores walks perft trees and checks, at every node, that
// unmake restores a position == to the one before and that the incremental
// hash equals a recomputation.
func TestMakeUnmakeRestores(t *testing.T) {
	for _, e := range append(readPerftFile(t, perftSuiteFile), readPerftFile(t, variantsSuiteFile)...) {
		pos, _ := suitePosition(t, e)
		depth := 4
		if e.ID == "start" {
			depth = 3
		}
		if sizeOfSuite() == quickSuite {
			depth-- // one goroutine: the race detector finds nothing here
		}
		walkRestores(t, &pos, depth)
	}
}

func walkRestores(t *testing.T, pos *dsq.Position, depth int) {
	// Compared with ==, reported through require only on a difference: this
	// runs at every node, and require's reflection and stack walks for
	// t.Helper were most of the test's time.
	setup := pos.Setup()
	recomputed, err := dsq.NewPosition(setup)
	if err != nil || recomputed != *pos {
		t.Helper()
		require.NoError(t, err)
		require.Equal(t, recomputed.Hash(), pos.Hash(), "incremental hash of %s", pos)
		require.Equal(t, recomputed, *pos, "position rebuilt from its Setup")
	}
	if depth == 0 {
		return
	}
	for _, m := range pos.LegalMoves() {
		before := *pos
		u := pos.MakeMove(m)
		walkRestores(t, pos, depth-1)
		pos.UnmakeMove(m, u)
		if *pos != before {
			t.Fatalf("make/unmake %s: have %s, want %s", m, pos, &before)
		}
	}
}

// TestPerftConfigs checks that every counting mode, thread count and table
// size gives the suite's numbers.
func TestPerftConfigs(t *testing.T) {
	configs := []dsq.PerftConfig{
		{Threads: 1},
		{Threads: 2},
		{Threads: 3, Leaves: true},
		{HashMiB: 1},
		{HashMiB: 1, Threads: 2},
		{HashMiB: 8, Threads: 2, Leaves: true},
		{Table: dsq.NewPerftTable(1), Threads: 2}, // one table for every position and depth
	}
	// The quick size keeps enough for the goroutines and the shared table to
	// race.
	limit := sized[uint64](30_000, 300_000, 3_000_000)
	for _, e := range append(readPerftFile(t, perftSuiteFile), readPerftFile(t, variantsSuiteFile)...) {
		pos, _ := suitePosition(t, e)
		for _, c := range e.Counts {
			if c.Nodes > limit {
				continue
			}
			for _, cfg := range configs {
				require.Equal(t, c.Nodes, cfg.Perft(pos, c.Depth), "%+v.Perft(%s, %d)", cfg, e.ID, c.Depth)
			}
		}
	}
}

// TestPerftHashNearMoveLimit compares hashed and plain perft on sparse
// positions, full of transpositions, where the move limit falls inside the
// tree.
func TestPerftHashNearMoveLimit(t *testing.T) {
	for _, s := range []string{
		"w6/7/7/3c3/3D3/7/7/7/6L r 50 1",
		"l6/7/7/7/7/7/1L5/7/7 r 53 1",
		"1d5/7/7/3p3/7/2R4/7/3T3/7 b 51 9",
	} {
		pos, err := dsq.ParsePosition(s)
		require.NoError(t, err)
		for depth := 1; depth <= 9; depth++ {
			want := dsq.Perft(pos, depth)
			got := dsq.PerftConfig{HashMiB: 1}.Perft(pos, depth)
			require.Equal(t, want, got, "hashed perft(%s, %d)", s, depth)
		}
	}
}

func TestPerftProgress(t *testing.T) {
	var calls int
	var last dsq.PerftProgress
	cfg := dsq.PerftConfig{Threads: 2, Progress: func(p dsq.PerftProgress) {
		calls++
		require.Equal(t, last.Done+1, p.Done, "progress goes up by one")
		require.Greater(t, p.Nodes, last.Nodes)
		last = p
	}}
	require.Equal(t, uint64(260099), cfg.Perft(dsq.StartPosition(), 4))
	require.Equal(t, 576, last.Total, "one unit per pair of moves")
	require.Equal(t, last.Total, calls)
	require.Equal(t, uint64(260099), last.Nodes)
}

// TestPerftHugeTableIsClamped asks for a 4 TiB perft table: the table is
// clamped to MaxPerftHashMiB (address space of which perft touches
// little) and counts as Perft does.
func TestPerftHugeTableIsClamped(t *testing.T) {
	longtest.Skip(t)
	start := dsq.StartPosition()
	want := dsq.Perft(start, 3)
	table := dsq.NewPerftTable(1 << 22)
	assert.NotNil(t, table)
	assert.Equal(t, want, dsq.PerftConfig{Table: table}.Perft(start, 3))
	assert.Equal(t, want, dsq.PerftConfig{HashMiB: 1 << 22}.Perft(start, 3))
}
