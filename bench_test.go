package doushouqi_test

import (
	"fmt"
	"testing"

	dsq "github.com/doushouqi/doushouqi"
)

// Benchmarks. Each perft benchmark checks the node count it times against the
// perft suite and reports nodes/s; everything reports allocs/op.
//
//	go test -run '^$' -bench . -count 6 | tee new.txt; benchstat old.txt new.txt

var benchPositions = []struct {
	id    string
	depth int
}{
	{"start", 6},
	{"midgame-1", 5},
	{"midgame-2", 5},
	{"midgame-3", 5},
	{"midgame-4", 5},
}

func BenchmarkPerft(b *testing.B) {
	suite := map[string]perftEntry{}
	for _, e := range readPerftFile(b, perftSuiteFile) {
		suite[e.id] = e
	}
	for _, bp := range benchPositions {
		e := suite[bp.id]
		pos, err := dsq.ParsePosition(e.pos)
		if err != nil {
			b.Fatal(err)
		}
		var want uint64
		for _, c := range e.counts {
			if c.depth == bp.depth {
				want = c.nodes
			}
		}
		if want == 0 {
			b.Fatalf("%s has no perft %d in %s", bp.id, bp.depth, perftSuiteFile)
		}
		for _, mode := range []struct {
			name  string
			perft func(dsq.Position, int) uint64
		}{{"count", dsq.Perft}, {"leaves", dsq.PerftLeaves}} {
			depth := bp.depth
			if mode.name == "leaves" {
				depth-- // making every leaf is slower; keep the runs short
			}
			want := want
			if depth != bp.depth {
				want = dsq.Perft(pos, depth)
			}
			b.Run(fmt.Sprintf("%s/%s/d%d", bp.id, mode.name, depth), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					if got := mode.perft(pos, depth); got != want {
						b.Fatalf("perft(%s, %d) = %d, want %d", bp.id, depth, got, want)
					}
				}
				b.ReportMetric(float64(want)*float64(b.N)/b.Elapsed().Seconds(), "nodes/s")
			})
		}
	}
}

// benchSet is a fixed set of positions from seeded random games.
func benchSet(b *testing.B) []dsq.Position {
	b.Helper()
	var set []dsq.Position
	for _, e := range readPerftFile(b, perftSuiteFile) {
		pos, err := dsq.ParsePosition(e.pos)
		if err != nil {
			b.Fatal(err)
		}
		if pos.CountLegalMoves() > 0 {
			set = append(set, pos)
		}
	}
	return set
}

func BenchmarkLegalMoves(b *testing.B) {
	set := benchSet(b)
	var buf [dsq.MaxMoves]dsq.Move
	b.ReportAllocs()
	n := 0
	for i := 0; b.Loop(); i++ {
		pos := &set[i%len(set)]
		n += len(pos.AppendLegalMoves(buf[:0]))
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "moves/s")
}

func BenchmarkMakeUnmake(b *testing.B) {
	set := benchSet(b)
	type line struct {
		pos   dsq.Position
		moves []dsq.Move
	}
	lines := make([]line, len(set))
	for i, pos := range set {
		lines[i] = line{pos, pos.LegalMoves()}
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		l := &lines[i%len(lines)]
		for _, m := range l.moves {
			u := l.pos.MakeMove(m)
			l.pos.UnmakeMove(m, u)
		}
	}
}

func BenchmarkIsLegal(b *testing.B) {
	set := benchSet(b)
	b.ReportAllocs()
	legal := 0
	for i := 0; b.Loop(); i++ {
		pos := &set[i%len(set)]
		m := dsq.NewMove(dsq.Square(i%63), dsq.Square(i*7%63))
		if pos.IsLegal(m) {
			legal++
		}
	}
	_ = legal
}

func BenchmarkParsePosition(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := dsq.ParsePosition(dsq.StartNotation); err != nil {
			b.Fatal(err)
		}
	}
}
