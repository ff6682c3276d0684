package doushouqi_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/stretchr/testify/require"
)

// Benchmarks. Each perft benchmark checks the node count it times against the
// perft suite and reports nodes/s; everything reports allocs/op.
//
//	go test -run '^$' -bench . -count 6 | tee new.txt; benchstat old.txt new.txt

// perftCountAt returns the suite's count for the entry at depth.
func perftCountAt(b *testing.B, e perftEntry, depth int) uint64 {
	for _, c := range e.Counts {
		if c.Depth == depth {
			return c.Nodes
		}
	}
	b.Fatalf("%s has no perft %d", e.ID, depth)
	return 0
}

// benchPerft times one perft call and checks the count it returns.
func benchPerft(b *testing.B, name string, want uint64, perft func() uint64) {
	b.Run(name, func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if got := perft(); got != want {
				b.Fatalf("perft = %d, want %d", got, want)
			}
		}
		b.ReportMetric(float64(want)*float64(b.N)/b.Elapsed().Seconds(), "nodes/s")
	})
}

// BenchmarkPerft times perft from the start position and from the 20 middle
// games of testdata/bench.txt, counting the last ply (count) and making every
// leaf (leaves), one ply shallower for the leaves.
func BenchmarkPerft(b *testing.B) {
	entries := readPerftFile(b, perftSuiteFile)[:1] // the start position
	entries = append(entries, readPerftFile(b, benchSuiteFile)...)
	for _, e := range entries {
		pos, err := dsq.ParsePosition(e.Pos)
		if err != nil {
			b.Fatal(err)
		}
		depth := 5
		if e.ID == "start" {
			depth = 6
		}
		benchPerft(b, fmt.Sprintf("%s/d%d/count", e.ID, depth), perftCountAt(b, e, depth), func() uint64 {
			return dsq.Perft(pos, depth)
		})
		benchPerft(b, fmt.Sprintf("%s/d%d/leaves", e.ID, depth-1), perftCountAt(b, e, depth-1), func() uint64 {
			return dsq.PerftLeaves(pos, depth-1)
		})
	}
}

// BenchmarkPerftThreads times perft(7) from the start on one goroutine and
// on all cores: the ratio is the parallel speed-up.
func BenchmarkPerftThreads(b *testing.B) {
	start := readPerftFile(b, perftSuiteFile)[0]
	pos := dsq.StartPosition()
	for _, threads := range []int{1, dsq.AllThreads()} {
		cfg := dsq.PerftConfig{Threads: threads}
		benchPerft(b, fmt.Sprintf("start/d7/threads=%d", threads), perftCountAt(b, start, 7), func() uint64 {
			return cfg.Perft(pos, 7)
		})
	}
}

// BenchmarkPerftHashed times perft(7) from the start with a fresh 64 MiB
// transposition table per call.
func BenchmarkPerftHashed(b *testing.B) {
	start := readPerftFile(b, perftSuiteFile)[0]
	pos := dsq.StartPosition()
	cfg := dsq.PerftConfig{Threads: dsq.AllThreads(), HashMiB: 64}
	benchPerft(b, "start/d7/hash=64MiB", perftCountAt(b, start, 7), func() uint64 {
		return cfg.Perft(pos, 7)
	})
}

// benchSet is the start position and the middle games of testdata/bench.txt.
func benchSet(b *testing.B) []dsq.Position {
	b.Helper()
	var set []dsq.Position
	for _, e := range append(readPerftFile(b, perftSuiteFile)[:1], readPerftFile(b, benchSuiteFile)...) {
		pos, err := dsq.ParsePosition(e.Pos)
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

// BenchmarkPerftRules times perft(6) from the start under each house rule
// of the variants suite (the entries start-*), and under Standard for
// comparison; each count is the suite's, agreed by both generators.
func BenchmarkPerftRules(b *testing.B) {
	entries := readPerftFile(b, perftSuiteFile)[:1] // the start position, Standard
	for _, e := range readPerftFile(b, variantsSuiteFile) {
		if strings.HasPrefix(e.ID, "start-") && len(e.Counts) >= 6 {
			entries = append(entries, e)
		}
	}
	for _, e := range entries {
		pos, _ := suitePosition(b, e)
		benchPerft(b, fmt.Sprintf("start/d6/%s", e.Rules), perftCountAt(b, e, 6), func() uint64 {
			return dsq.Perft(pos, 6)
		})
	}
}

// benchGame returns a new game from the start without the no-capture move
// limit, so that the benchmarks' lines can be long.
func benchGame(b *testing.B) *dsq.Game {
	b.Helper()
	g, err := dsq.NewGameRules(dsq.StartPosition(), dsq.Rules{MoveLimit: dsq.NoMoveLimit})
	if err != nil {
		b.Fatal(err)
	}
	return g
}

// benchLine returns a fixed line of n legal moves of benchGame that does
// not end it: at each ply the first legal move that leaves it undecided,
// starting further along the list at each ply so that the pieces spread.
func benchLine(b *testing.B, n int) []dsq.Move {
	b.Helper()
	g := benchGame(b)
	var line []dsq.Move
	for ply := 0; ply < n; ply++ {
		moves := g.LegalMoves()
		played := false
		for k := range moves {
			m := moves[(k+ply*7)%len(moves)]
			c := g.Clone()
			if c.Play(m) == nil && !c.IsOver() {
				if err := g.Play(m); err != nil {
					b.Fatal(err)
				}
				line = append(line, m)
				played = true
				break
			}
		}
		if !played {
			b.Fatalf("no move keeps the game going at ply %d", ply)
		}
	}
	return line
}

// BenchmarkGamePlayUndo times Game.Play then Game.Undo of one move, from the
// start and after 40 and 200 moves: a take-back in a local game, and what
// the history costs a game that is copied around.
func BenchmarkGamePlayUndo(b *testing.B) {
	line := benchLine(b, 201)
	for _, n := range []int{0, 40, 200} {
		b.Run(fmt.Sprintf("moves=%d", n), func(b *testing.B) {
			g := benchGame(b)
			for _, m := range line[:n] {
				if err := g.Play(m); err != nil {
					b.Fatal(err)
				}
			}
			m := line[n]
			b.ReportAllocs()
			for b.Loop() {
				if err := g.Play(m); err != nil {
					b.Fatal(err)
				}
				if err := g.Undo(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkGamePlay times a game of 40 moves played from a fresh game, as a
// server plays a room's moves one by one.
func BenchmarkGamePlay(b *testing.B) {
	line := benchLine(b, 40)
	b.ReportAllocs()
	start := *benchGame(b)
	for b.Loop() {
		g := start
		for _, m := range line {
			if err := g.Play(m); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkGameCopyPlay times the server's pattern with a room held by value
// in a map: take the game out, play a move, put it back, 40 times.
func BenchmarkGameCopyPlay(b *testing.B) {
	line := benchLine(b, 40)
	start := *benchGame(b)
	b.ReportAllocs()
	for b.Loop() {
		rooms := map[string]dsq.Game{"r1": start}
		for _, m := range line {
			g := rooms["r1"]
			if err := g.Play(m); err != nil {
				b.Fatal(err)
			}
			rooms["r1"] = g
		}
	}
}

// BenchmarkGameCopy times what a snapshot costs: b := a, then both play on
// from the same point with different moves, after 40 and 200 moves.
func BenchmarkGameCopy(b *testing.B) {
	line := benchLine(b, 201)
	for _, n := range []int{40, 200} {
		b.Run(fmt.Sprintf("moves=%d", n), func(b *testing.B) {
			a := benchGame(b)
			for _, m := range line[:n] {
				if err := a.Play(m); err != nil {
					b.Fatal(err)
				}
			}
			moves := a.LegalMoves()
			if len(moves) < 2 {
				b.Fatal("fewer than two moves to branch on")
			}
			b.ReportAllocs()
			for b.Loop() {
				x := *a
				y := *a
				if err := x.Play(moves[0]); err != nil {
					b.Fatal(err)
				}
				if err := y.Play(moves[1]); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkGameClone times Clone of a game of 200 moves.
func BenchmarkGameClone(b *testing.B) {
	line := benchLine(b, 200)
	g := benchGame(b)
	for _, m := range line {
		if err := g.Play(m); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	var c *dsq.Game
	for b.Loop() {
		c = g.Clone()
	}
	_ = c
}

// BenchmarkGameHistory times reading back a game of 200 moves: its moves,
// and the position after each.
func BenchmarkGameHistory(b *testing.B) {
	line := benchLine(b, 200)
	g := benchGame(b)
	for _, m := range line {
		if err := g.Play(m); err != nil {
			b.Fatal(err)
		}
	}
	b.Run("Moves", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if len(g.Moves()) != len(line) {
				b.Fatal("wrong number of moves")
			}
		}
	})
	b.Run("PositionAfter", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for i := range len(line) + 1 {
				if _, ok := g.PositionAfter(i); !ok {
					b.Fatal("missing position")
				}
			}
		}
	})
}

// BenchmarkParseRecordLongest reads back the record of a legal game of
// 160,000 half-moves (about 1.35 MB of text), and its JSON.
func BenchmarkParseRecordLongest(b *testing.B) {
	g := longGame(b, 160_000)
	text := g.Record()
	data, err := json.Marshal(g)
	require.NoError(b, err)
	b.Run("text", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(text)))
		for range b.N {
			if _, err := dsq.ParseRecord(text); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("JSON", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(data)))
		for range b.N {
			if _, err := dsq.ParseRecordJSON(data); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// captureFreeStart is a position with few pieces, played under
// captureFreeRules (automatic threefold repetition, no move limit): a game
// from it may go on without a capture for as long as its positions keep
// changing.
const (
	captureFreeStart = "7/7/2t1l2/7/7/7/2L1T2/7/7 r 0 1"
	captureFreeRules = "no-move-limit,threefold"
)

// captureFreeLine returns captureFreeStart and a fixed line of n legal
// moves from it without a capture, that neither enters a den nor plays any
// position a third time: a seeded random walk, each position at most
// twice, so that the repetition count has work at every move.
func captureFreeLine(tb testing.TB, n int) (dsq.Position, []dsq.Move) {
	tb.Helper()
	rules, err := dsq.ParseRules(captureFreeRules)
	require.NoError(tb, err)
	start, err := dsq.ParsePosition(captureFreeStart)
	require.NoError(tb, err)
	start, err = start.WithRules(rules)
	require.NoError(tb, err)
	rng := rand.New(rand.NewPCG(uint64(n), 43))
	seen := map[dsq.Position]int{} // by pieces and side: counters zeroed
	key := func(p dsq.Position) dsq.Position {
		s := p.Setup()
		s.NoCaptureHalfMoves, s.MoveNumber = 0, 1
		k, err := dsq.NewPosition(s)
		require.NoError(tb, err)
		return k
	}
	pos := start
	seen[key(pos)]++
	line := make([]dsq.Move, 0, n)
	for len(line) < n {
		moves := pos.LegalMoves()
		rng.Shuffle(len(moves), func(i, j int) { moves[i], moves[j] = moves[j], moves[i] })
		played := false
		for _, m := range moves {
			next := pos
			if u := next.MakeMove(m); u.Captured() != dsq.NoPiece || next.Outcome().IsDecided() || seen[key(next)] >= 2 {
				continue
			}
			pos = next
			seen[key(pos)]++
			line = append(line, m)
			played = true
			break
		}
		require.True(tb, played, "no capture-free move left at ply %d", len(line))
	}
	return start, line
}

// playLine plays line from start in a new game and returns it.
func playLine(tb testing.TB, start dsq.Position, line []dsq.Move) *dsq.Game {
	rules, err := dsq.ParseRules(captureFreeRules)
	if err != nil {
		tb.Fatal(err)
	}
	g, err := dsq.NewGameRules(start, rules)
	if err != nil {
		tb.Fatal(err)
	}
	for _, m := range line {
		if err := g.Play(m); err != nil {
			tb.Fatal(err)
		}
	}
	return g
}

// BenchmarkCaptureFree plays, and reads back from its record, a game of
// 10,000 and 40,000 half-moves without a capture under automatic threefold
// repetition and no move limit: the cost per move stays the same as the
// game grows (the 40k/10k ratio is near 4).
func BenchmarkCaptureFree(b *testing.B) {
	for _, n := range []int{10_000, 40_000} {
		start, line := captureFreeLine(b, n)
		text := playLine(b, start, line).Record()
		b.Run(fmt.Sprintf("play/plies=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				playLine(b, start, line)
			}
		})
		b.Run(fmt.Sprintf("read/plies=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(text)))
			for b.Loop() {
				if _, err := dsq.ParseRecord(text); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
