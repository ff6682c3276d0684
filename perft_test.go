package doushouqi_test

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/internal/longtest"
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
// mailbox reference and written only where they agreed (go test -run
// TestWritePerftSuite -write-perft=all). The tests recheck every count with
// the bitboard generator, counting the last ply and making every leaf, and
// recheck with the reference up to -ref-nodes nodes.

var (
	writePerft = flag.String("write-perft", "", "recompute a suite (perft, bench or all) from its positions file with both generators")
	refNodes   = flag.Uint64("ref-nodes", 10_000_000, "largest perft count the reference generator rechecks (0: every count; at most 2,000,000 unless the suite is deep: DSQ_LONG=1)")
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

type perftEntry struct {
	id, comment, pos string
	rules            dsq.Rules // from an optional "rules <text>" line
	depth            int       // perft-positions.txt: how deep to compute
	counts           []perftCount
}

type perftCount struct {
	depth int
	nodes uint64
}

func readPerftFile(t testing.TB, name string) []perftEntry {
	t.Helper()
	f, err := os.Open(name)
	require.NoError(t, err)
	defer f.Close()
	var entries []perftEntry
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		key, val, _ := strings.Cut(text, " ")
		if key == "id" {
			entries = append(entries, perftEntry{id: val})
			continue
		}
		if text == "" || (key == "#" && len(entries) == 0) {
			continue // blank lines and the file's header
		}
		require.NotEmpty(t, entries, "%s:%d: %q before the first id", name, line, text)
		e := &entries[len(entries)-1]
		switch key {
		case "#":
			e.comment = val
		case "pos":
			e.pos = val
		case "rules":
			e.rules, err = dsq.ParseRules(val)
			require.NoError(t, err, "%s:%d", name, line)
		case "depth":
			e.depth, err = strconv.Atoi(val)
			require.NoError(t, err, "%s:%d", name, line)
		case "perft":
			var c perftCount
			_, err := fmt.Sscanf(val, "%d %d", &c.depth, &c.nodes)
			require.NoError(t, err, "%s:%d", name, line)
			e.counts = append(e.counts, c)
		default:
			t.Fatalf("%s:%d: unknown line %q", name, line, text)
		}
	}
	require.NoError(t, sc.Err())
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
		t.Run(e.id, func(t *testing.T) {
			t.Parallel()
			pos, ref := suitePosition(t, e)
			require.NotEmpty(t, e.counts)
			for _, c := range e.counts {
				if sizeOfSuite() != deepSuite && c.depth > shortMaxDepth {
					continue
				}
				require.Equal(t, c.nodes, dsq.Perft(pos, c.depth), "Perft(%s, %d)", e.pos, c.depth)
				if c.nodes <= leavesMaxNodes {
					require.Equal(t, c.nodes, dsq.PerftLeaves(pos, c.depth), "PerftLeaves(%s, %d)", e.pos, c.depth)
				}
				if refChecks(c.nodes) {
					require.Equal(t, c.nodes, refPerft(ref, c.depth), "refPerft(%s, %d)", e.pos, c.depth)
				}
			}
			divide := dsq.Divide(pos, 2)
			var sum uint64
			for _, d := range divide {
				sum += d.Nodes
			}
			require.Equal(t, dsq.Perft(pos, 2), sum, "Divide(%s, 2) adds up", e.pos)
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
				require.Equal(t, a.id, w.id, "%s entry %d", s.counts, i)
				require.Equal(t, [3]any{a.comment, a.pos, a.rules}, [3]any{w.comment, w.pos, w.rules}, w.id)
				require.Equal(t, a.depth, len(w.counts), "%s: depths 1..%d", w.id, a.depth)
				for d, c := range w.counts {
					require.Equal(t, d+1, c.depth, "%s: depths in order", w.id)
				}
			}
			file, err := os.ReadFile(s.counts)
			require.NoError(t, err)
			want := strings.SplitAfter(renderPerftSuite(s.positions, written), "\n")
			got := strings.SplitAfter(string(file), "\n")
			for i := range min(len(want), len(got)) {
				require.Equal(t, want[i], got[i], "%s:%d is not what the writer writes", s.counts, i+1)
			}
			require.Equal(t, len(want), len(got), "%s has the writer's number of lines", s.counts)
		})
	}
}

// TestWritePerftSuite regenerates testdata/perft.txt: each count is computed
// by both generators and the file is written only if all of them agree.
func TestWritePerftSuite(t *testing.T) {
	if *writePerft == "" {
		t.Skip("run with -write-perft=perft, bench or all to regenerate a suite")
	}
	for _, s := range perftSuites {
		if *writePerft == s.name || *writePerft == "all" {
			writePerftSuite(t, s.positions, s.counts)
		}
	}
}

func writePerftSuite(t *testing.T, positionsFile, countsFile string) {
	entries := readPerftFile(t, positionsFile)
	var wg sync.WaitGroup
	for i := range entries {
		e := &entries[i]
		pos, ref := suitePosition(t, *e)
		e.counts = make([]perftCount, e.depth)
		for d := 1; d <= e.depth; d++ {
			c := &e.counts[d-1]
			c.depth = d
			wg.Add(1)
			go func() {
				defer wg.Done()
				fast, slow := dsq.Perft(pos, d), refPerft(ref, d)
				if fast != slow {
					t.Errorf("%s depth %d: bitboard %d, reference %d", e.id, d, fast, slow)
				}
				c.nodes = fast
			}()
		}
	}
	wg.Wait()
	if t.Failed() {
		return
	}
	require.NoError(t, os.WriteFile(countsFile, []byte(renderPerftSuite(positionsFile, entries)), 0o644))
}

// renderPerftSuite is the text of a counts file: what writePerftSuite
// writes, and what TestPerftFilesAreWritten expects to find.
func renderPerftSuite(positionsFile string, entries []perftEntry) string {
	var sb strings.Builder
	sb.WriteString("# Perft suite made from " + positionsFile + ": every count agreed by the\n")
	sb.WriteString("# bitboard generator and the mailbox reference of mailbox_test.go.\n")
	sb.WriteString("# Regenerate with go test -run TestWritePerftSuite -write-perft=all -timeout 2h\n\n")
	for _, e := range entries {
		fmt.Fprintf(&sb, "id %s\n# %s\npos %s\n", e.id, e.comment, e.pos)
		if e.rules != dsq.Standard {
			fmt.Fprintf(&sb, "rules %s\n", e.rules)
		}
		for _, c := range e.counts {
			fmt.Fprintf(&sb, "perft %d %d\n", c.depth, c.nodes)
		}
		sb.WriteString("\n")
	}
	return sb.String()
}

// suitePosition reads an entry's position for both generators, under its
// rules.
func suitePosition(t testing.TB, e perftEntry) (dsq.Position, refBoard) {
	t.Helper()
	pos, err := dsq.ParsePosition(e.pos)
	require.NoError(t, err, e.id)
	pos, err = pos.WithRules(e.rules)
	require.NoError(t, err, e.id)
	ref, err := refParse(e.pos)
	require.NoError(t, err, e.id)
	ref.rules = refRulesOf(e.rules)
	return pos, ref
}

func refRulesOf(r dsq.Rules) refRules {
	return refRules{trappedCapture: r.TrappedCapture, swapDogWolf: r.SwapDogWolf, moveLimit: r.MoveLimit}
}

// TestMakeUnmakeRestores walks perft trees and checks, at every node, that
// unmake restores a position == to the one before and that the incremental
// hash equals a recomputation.
func TestMakeUnmakeRestores(t *testing.T) {
	for _, e := range append(readPerftFile(t, perftSuiteFile), readPerftFile(t, variantsSuiteFile)...) {
		pos, _ := suitePosition(t, e)
		depth := 4
		if e.id == "start" {
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
		for _, c := range e.counts {
			if c.nodes > limit {
				continue
			}
			for _, cfg := range configs {
				require.Equal(t, c.nodes, cfg.Perft(pos, c.depth), "%+v.Perft(%s, %d)", cfg, e.id, c.depth)
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
