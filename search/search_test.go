package search

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"reflect"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/internal/longtest"
	"github.com/doushouqi/doushouqi/internal/zerowalk"
)

func mustPos(t testing.TB, s string) dsq.Position {
	t.Helper()
	pos, err := dsq.ParsePosition(s)
	require.NoError(t, err)
	return pos
}

func TestFindsDenEntry(t *testing.T) {
	pos := mustPos(t, "l6/3D3/7/7/7/7/7/7/6L r")
	r, err := NewEngine(1).Search(context.Background(), pos, Options{Depth: 3})
	require.NoError(t, err)
	assert.Equal(t, "d8d9", r.Move.String())
	assert.Greater(t, r.Score, winBound)
}

func TestTakesFreePiece(t *testing.T) {
	// The lion can take Blue's undefended tiger across the river.
	pos := mustPos(t, "l6/7/1t5/7/7/7/1L5/7/7 r")
	r, err := NewEngine(1).Search(context.Background(), pos, Options{Depth: 2})
	require.NoError(t, err)
	assert.Equal(t, "b3b7", r.Move.String())
}

func TestDeterministic(t *testing.T) {
	pos := dsq.StartPosition()
	a, err := NewEngine(4).Search(context.Background(), pos, Options{Depth: 5})
	require.NoError(t, err)
	b, err := NewEngine(4).Search(context.Background(), pos, Options{Depth: 5})
	require.NoError(t, err)
	assert.Equal(t, a, b)
	assert.True(t, pos.IsLegal(a.Move))
}

// TestNewGameForgets: after NewGame an engine searches as a new one does:
// the table, the history and the counter moves of earlier searches are
// gone.
func TestNewGameForgets(t *testing.T) {
	pos := mustPos(t, "l6/1d3ct/r1p1w1e/7/7/7/E2WP1R/1C3D1/T5L b 7 4")
	want, err := NewEngine(4).Search(context.Background(), pos, Options{Depth: 6})
	require.NoError(t, err)
	e := NewEngine(4)
	_, err = e.Search(context.Background(), dsq.StartPosition(), Options{Depth: 7})
	require.NoError(t, err)
	e.NewGame()
	got, err := e.Search(context.Background(), pos, Options{Depth: 6})
	require.NoError(t, err)
	assert.Equal(t, want, got)
}

func TestLimits(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := NewEngine(1).Search(ctx, dsq.StartPosition(), Options{Depth: 20})
	assert.ErrorIs(t, err, context.Canceled)

	start := time.Now()
	r, err := NewEngine(16).Search(context.Background(), dsq.StartPosition(), Options{Depth: 30, Time: 200 * time.Millisecond})
	require.NoError(t, err)
	assert.Less(t, time.Since(start), 2*time.Second)
	assert.GreaterOrEqual(t, r.Depth, 1)
	assert.Less(t, r.Depth, 30)

	_, err = NewEngine(1).Search(context.Background(), mustPos(t, "Cl5/e6/7/7/7/7/7/7/7 r"), Options{})
	assert.ErrorIs(t, err, ErrNoMove)
}

// TestSearchRefusesWhatIsNotAPosition: the zero Position and positions an
// unchecked illegal move damaged (a wolf in the water, a move from an
// empty square) are refused with dsq.ErrNotAPosition, not answered as a
// position without a move.
func TestSearchRefusesWhatIsNotAPosition(t *testing.T) {
	damaged := func(move string) dsq.Position {
		pos := dsq.StartPosition()
		m, err := dsq.ParseMove(move)
		require.NoError(t, err)
		pos.MakeMove(m)
		return pos
	}
	for name, pos := range map[string]dsq.Position{
		"zero":          {},
		"wolf in water": damaged("c3c4"),
		"empty square":  damaged("d4d5"),
	} {
		r, err := NewEngine(1).Search(context.Background(), pos, Options{Depth: 2})
		require.ErrorIs(t, err, dsq.ErrNotAPosition, name)
		assert.NotErrorIs(t, err, ErrNoMove, name)
		assert.Equal(t, Result{}, r, name)
	}
}

// matchGames plays n games of the AI (depth 6) against an opponent, colours
// alternated, and returns the AI's wins.
func matchGames(t *testing.T, n int, opponent func(seed uint64) Player) (wins int) {
	t.Helper()
	ai := EnginePlayer{Engine: NewEngine(8), Options: Options{Depth: 6}}
	for i := range n {
		ai.Engine.NewGame()
		other := opponent(uint64(i))
		red, blue, aiColor := Player(ai), other, dsq.Red
		if i%2 == 1 {
			red, blue, aiColor = other, Player(ai), dsq.Blue
		}
		g, err := PlayGame(context.Background(), dsq.StartPosition(), red, blue, 2000)
		require.NoError(t, err)
		out := g.Outcome()
		if out.IsDecided() && !out.IsDraw() && out.Winner == aiColor {
			wins++
		} else {
			t.Logf("game %d (AI %s): %s after %d moves", i, aiColor, out, len(g.Moves()))
		}
	}
	return wins
}

// games is the number of games of each match against a simple player: a
// hundred in the deep checks.
func games(t *testing.T) int {
	if !longtest.Enabled() {
		return 10
	}
	return 100
}

func TestBeatsRandomPlayer(t *testing.T) {
	n := games(t)
	wins := matchGames(t, n, func(seed uint64) Player { return RandomPlayer{rand.New(rand.NewPCG(seed, 1))} })
	t.Logf("the AI won %d of %d games against a random player", wins, n)
	assert.Equal(t, n, wins, "the AI wins every game against a random player")
}

func TestBeatsGreedyPlayer(t *testing.T) {
	n := games(t)
	wins := matchGames(t, n, func(seed uint64) Player { return GreedyPlayer{rand.New(rand.NewPCG(seed, 2))} })
	t.Logf("the AI won %d of %d games against a greedy player", wins, n)
	assert.GreaterOrEqual(t, wins, n*95/100, "the AI wins at least 95%% against a one-ply greedy player")
}

// BenchmarkSearch searches the start position and a middle-game position
// to depth 8 with one engine, its table cleared before each search. It
// reports nodes/s; the allocations per search are the root's move list and
// the principal variation, none per node.
func BenchmarkSearch(b *testing.B) {
	positions := []dsq.Position{
		dsq.StartPosition(),
		mustPos(b, "l6/1d3ct/r1p1w1e/7/7/7/E2WP1R/1C3D1/T5L b 7 4"),
	}
	e := NewEngine(16)
	var nodes uint64
	for b.Loop() {
		for _, pos := range positions {
			e.NewGame()
			r, err := e.Search(context.Background(), pos, Options{Depth: 8})
			if err != nil {
				b.Fatal(err)
			}
			nodes += r.Nodes
		}
	}
	b.ReportAllocs()
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}

// TestOptionsCheckedBeforeTheTable: a zero Engine refuses bad options and
// a nil context before it makes its table or its search state.
func TestOptionsCheckedBeforeTheTable(t *testing.T) {
	start := dsq.StartPosition()
	for _, opts := range []Options{{Depth: -1}, {Time: -time.Second}, {Threads: MaxThreads + 1}, {Level: MaxLevel + 1}, {Depth: MaxDepth}} {
		var e Engine
		_, err := e.Search(context.Background(), start, opts)
		require.ErrorIs(t, err, ErrOptions, "%+v", opts)
		_, err = e.SearchGame(context.Background(), dsq.NewGame(), opts)
		require.ErrorIs(t, err, ErrOptions, "%+v", opts)
		assert.Nil(t, e.tt, "%+v", opts)
		assert.Empty(t, e.workers, "%+v", opts)
	}
	var e Engine
	//lint:ignore SA1012 a nil context is what is tested
	_, err := e.Search(nil, start, Options{})
	require.ErrorIs(t, err, ErrNilContext)
	assert.Nil(t, e.tt)
	e.NewGame()
	assert.Nil(t, e.tt, "NewGame makes no table")
}

// TestIdleEngineHoldsNoSearchState: an engine on a shared table holds no
// search state until its first search at full strength, and none after
// searches at levels below the top; a zero Engine likewise holds no table.
func TestIdleEngineHoldsNoSearchState(t *testing.T) {
	tt, err := NewTable(1)
	require.NoError(t, err)
	start := dsq.StartPosition()
	for _, e := range []*Engine{NewEngineWithTable(tt), new(Engine), NewEngineWithTable(nil), NewEngineWithTable(new(Table))} {
		for level := Level(1); level < MaxLevel; level++ {
			r, err := e.Search(context.Background(), start, Options{Level: level, Seed: 1})
			require.NoError(t, err)
			assert.True(t, start.IsLegal(r.Move))
		}
		assert.Empty(t, e.workers)
		r, err := e.Search(context.Background(), start, Options{Depth: 3})
		require.NoError(t, err)
		assert.True(t, start.IsLegal(r.Move))
		assert.Len(t, e.workers, 1)
		assert.NotNil(t, e.tt)
	}
}

// BenchmarkIdleEngine reports the memory an idle engine holds, in bytes
// per engine over 16 engines: new, and after one move at level 3 (a room
// of a server between moves), each with a table of its own
// (NewEngine(DefaultHashMiB)) and sharing one (NewEngineWithTable). The
// memory pooled for searches below the top, shared by every engine, is not
// counted.
func BenchmarkIdleEngine(b *testing.B) {
	shared, err := NewTable(DefaultHashMiB)
	require.NoError(b, err)
	makers := []struct {
		name string
		make func() *Engine
	}{
		{"own", func() *Engine { return NewEngine(DefaultHashMiB) }},
		{"shared", func() *Engine { return NewEngineWithTable(shared) }},
	}
	for _, played := range []bool{false, true} {
		for _, mk := range makers {
			name := "new/" + mk.name
			if played {
				name = "level3/" + mk.name
			}
			b.Run(name, func(b *testing.B) {
				const n = 16
				engines := make([]*Engine, n)
				var perEngine float64
				for b.Loop() {
					var before, after runtime.MemStats
					runtime.GC()
					runtime.GC() // and the pools' caches
					runtime.ReadMemStats(&before)
					for i := range engines {
						engines[i] = mk.make()
						if played {
							if _, err := engines[i].Search(context.Background(), dsq.StartPosition(), Options{Level: 3, Seed: uint64(i)}); err != nil {
								b.Fatal(err)
							}
						}
					}
					runtime.GC()
					runtime.GC()
					runtime.ReadMemStats(&after)
					perEngine = (float64(after.HeapAlloc) - float64(before.HeapAlloc)) / n
					runtime.KeepAlive(engines)
					clear(engines)
				}
				b.ReportMetric(perEngine, "B/engine")
			})
		}
	}
}

// shuffleGame starts a game from start (Blue to move) under rules and plays
// moves, given as text.
func shuffleGame(t *testing.T, start string, rules dsq.Rules, moves ...string) *dsq.Game {
	t.Helper()
	g, err := dsq.NewGameRules(mustPos(t, start), rules)
	require.NoError(t, err)
	for _, s := range moves {
		m, err := dsq.ParseMove(s)
		require.NoError(t, err)
		require.NoError(t, g.Play(m), s)
	}
	return g
}

var publicRules = dsq.Rules{TrappedCapture: true, MoveLimit: 200, Threefold: true}

// Blue's tiger and Red's rat shuffle: after these seven moves Red's a2a1
// makes the start position's third occurrence.
var shuffle = []string{"g9g8", "a1a2", "g8g9", "a2a1", "g9g8", "a1a2", "g8g9"}

func TestTakesDrawingRepetitionWhenLosing(t *testing.T) {
	// Red has a rat against a lion, a tiger and an elephant.
	const start = "l5t/7/6e/7/7/7/7/7/R6 b 0 1"
	for _, rules := range []dsq.Rules{{Threefold: true}, publicRules} {
		t.Run(rules.String(), func(t *testing.T) {
			g := shuffleGame(t, start, rules, shuffle...)
			r, err := NewEngine(4).SearchGame(context.Background(), g, Options{Depth: 5})
			require.NoError(t, err)
			assert.Equal(t, "a2a1", r.Move.String())
			assert.Equal(t, 0, r.Score)
			require.NoError(t, g.Play(r.Move))
			assert.Equal(t, dsq.Repetition, g.Outcome().Reason)
		})
	}
	// Without Threefold the same move is no draw: Red is simply lost on
	// material.
	g := shuffleGame(t, start, dsq.Standard, shuffle...)
	r, err := NewEngine(4).SearchGame(context.Background(), g, Options{Depth: 5})
	require.NoError(t, err)
	assert.Less(t, r.Score, -1000)
}

func TestAvoidsRepetitionWhenWinning(t *testing.T) {
	// Red's lion, tiger and elephant against Blue's rat; the lion and the
	// rat shuffle, and g2g1 would draw by the third occurrence.
	const start = "r6/7/7/7/7/7/E6/6L/T6 b 0 1"
	moves := []string{"a9a8", "g2g1", "a8a9", "g1g2", "a9a8", "g2g1", "a8a9"}
	for _, rules := range []dsq.Rules{{Threefold: true}, publicRules} {
		t.Run(rules.String(), func(t *testing.T) {
			g := shuffleGame(t, start, rules, moves...)
			r, err := NewEngine(4).SearchGame(context.Background(), g, Options{Depth: 5})
			require.NoError(t, err)
			assert.NotEqual(t, "g1g2", r.Move.String())
			assert.Greater(t, r.Score, 1000)
			// The move it avoided does draw.
			m, _ := dsq.ParseMove("g1g2")
			require.NoError(t, g.Play(m))
			assert.Equal(t, dsq.Repetition, g.Outcome().Reason)
		})
	}
}

func TestSeesMoveLimitDraw(t *testing.T) {
	// Red is a lion and a tiger up, but two plies before the 60-move limit
	// nothing can be captured: a draw. Under a 200 limit it is a win.
	g := shuffleGame(t, "r6/7/7/7/7/7/E6/7/T5L r 58 40", dsq.Standard)
	r, err := NewEngine(4).SearchGame(context.Background(), g, Options{Depth: 6})
	require.NoError(t, err)
	assert.Equal(t, 0, r.Score)
	g = shuffleGame(t, "r6/7/7/7/7/7/E6/7/T5L r 58 40", publicRules)
	r, err = NewEngine(4).SearchGame(context.Background(), g, Options{Depth: 6})
	require.NoError(t, err)
	assert.Greater(t, r.Score, 1000)
	// The losing side, one ply before the limit, may play anything that
	// does not lose at once: every move draws.
	g = shuffleGame(t, "l5t/7/6e/7/7/7/7/7/R6 r 59 40", dsq.Standard)
	r, err = NewEngine(4).SearchGame(context.Background(), g, Options{Depth: 6})
	require.NoError(t, err)
	assert.Equal(t, 0, r.Score)
}

func TestSearchGameOver(t *testing.T) {
	g := shuffleGame(t, "l5t/7/6e/7/7/7/7/7/R6 b 0 1", dsq.Rules{Threefold: true}, append(shuffle, "a2a1")...)
	require.True(t, g.IsOver())
	_, err := NewEngine(1).SearchGame(context.Background(), g, Options{Depth: 3})
	assert.ErrorIs(t, err, ErrNoMove)
}

// TestTableCutoffAtARepeatedPosition: a position already seen in the game
// is searched, not cut off by its table entry, since the entry may come
// from a search that did not know the history: here Red, at a position
// seen once before, can draw by repeating a position a third time, though
// the table, filled from the same position without a history, says Red is
// lost.
func TestTableCutoffAtARepeatedPosition(t *testing.T) {
	// Blue's elephant and Red's lion shuffle: e2f2 f1e1 f2e2 e1f1 twice
	// round; f2e2 then reaches its position a second time, and Red's e1f1
	// the start a third.
	const start = "7/l2c2t/1d1p3/3wR2/7/2rW3/1TEP3/2C1e2/5L1 b 15 23"
	g := shuffleGame(t, start, publicRules, "e2f2", "f1e1", "f2e2", "e1f1", "e2f2", "f1e1", "f2e2")
	seen := g.Position()
	e := NewEngine(16)
	// The table learns the position without its history: Red is lost.
	fresh, err := seen.WithRules(publicRules)
	require.NoError(t, err)
	r, err := e.Search(context.Background(), fresh, Options{Depth: 7})
	require.NoError(t, err)
	require.Less(t, r.Score, -200)

	// One move before, with the history: Blue's f2e2 lets Red repeat.
	g = shuffleGame(t, start, publicRules, "e2f2", "f1e1", "f2e2", "e1f1", "e2f2", "f1e1")
	w := e.workers[0]
	w.loadGame(g)
	pos := g.Position()
	w.begin(context.Background(), &pos, Options{})
	m, _ := dsq.ParseMove("f2e2")
	pos.MakeMove(m)
	w.stack = append(w.stack, pos.Hash())
	score := w.negamax(&pos, 5, 1, -Win-1, Win+1)
	assert.GreaterOrEqual(t, score, 0, "Red draws by e1f1")
}

// TestThreads searches with several threads sharing the table (run it with
// -race): the move is legal, the forced win is found, node and time limits
// hold, and the main thread's result comes back.
func TestThreads(t *testing.T) {
	e := NewEngine(4)
	r, err := e.Search(context.Background(), mustPos(t, "l6/3D3/7/7/7/7/7/7/6L r"), Options{Depth: 5, Threads: 3})
	require.NoError(t, err)
	assert.Equal(t, "d8d9", r.Move.String())
	start := time.Now()
	r, err = e.Search(context.Background(), dsq.StartPosition(), Options{Time: 100 * time.Millisecond, Threads: 2})
	require.NoError(t, err)
	assert.Less(t, time.Since(start), 2*time.Second)
	pos := dsq.StartPosition()
	assert.True(t, pos.IsLegal(r.Move))
	assert.GreaterOrEqual(t, r.Depth, 1)
	r, err = e.Search(context.Background(), dsq.StartPosition(), Options{Depth: 6, Threads: 2})
	require.NoError(t, err)
	assert.Equal(t, 6, r.Depth)
	// The threefold draw of a game is seen by every thread.
	g := shuffleGame(t, "l5t/7/6e/7/7/7/7/7/R6 b 0 1", dsq.Rules{Threefold: true}, shuffle...)
	r, err = NewEngine(4).SearchGame(context.Background(), g, Options{Depth: 5, Threads: 2})
	require.NoError(t, err)
	assert.Equal(t, "a2a1", r.Move.String())
	assert.Equal(t, 0, r.Score)
}

// TestProgressCountsEveryThread: the nodes Progress reports (and the
// engine's info lines with them) are those of every thread, the helpers'
// as of their last time check, not the main thread's alone.
func TestProgressCountsEveryThread(t *testing.T) {
	for _, threads := range []int{1, 2} {
		var last Result
		r, err := NewEngine(16).Search(context.Background(), dsq.StartPosition(),
			Options{Depth: 9, Threads: threads, Progress: func(p Result) { last = p }})
		require.NoError(t, err)
		require.Equal(t, 9, last.Depth)
		assert.LessOrEqual(t, last.Nodes, r.Nodes, "threads=%d", threads)
		// A helper's count lags its search by under 1024 nodes at the
		// main thread's last report, and it stops within 1024 after.
		assert.LessOrEqual(t, r.Nodes-last.Nodes, uint64(2048*(threads-1)), "threads=%d", threads)
	}
}

// BenchmarkSearchThreads is Lazy SMP's time to depth: four positions
// searched to depth 10, table cleared before each, on one thread and on
// two. Its ns/op on one thread over its ns/op on two is the speed-up.
func BenchmarkSearchThreads(b *testing.B) {
	positions := []dsq.Position{
		dsq.StartPosition(),
		mustPos(b, "l6/1d3ct/r1p1w1e/7/7/7/E2WP1R/1C3D1/T5L b 7 4"),
		mustPos(b, "6t/ldp2c1/r3w1e/7/7/7/1W2P1R/EC3DL/T6 b 5 3"),
		mustPos(b, "l5t/2p2c1/rd2w1e/7/7/7/1EW1P1R/1C3D1/T4L1 r 4 3"),
	}
	for _, threads := range []int{1, 2} {
		b.Run(fmt.Sprintf("threads=%d", threads), func(b *testing.B) {
			e := NewEngine(16)
			var nodes uint64
			for b.Loop() {
				for _, pos := range positions {
					e.NewGame()
					r, err := e.Search(context.Background(), pos, Options{Depth: 10, Threads: threads})
					if err != nil {
						b.Fatal(err)
					}
					nodes += r.Nodes
				}
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
		})
	}
}

// BenchmarkDepthInTime is what Lazy SMP gives a move at 100 ms: the mean
// depth of the result (the main thread's) over 40 openings of the match
// tool, one search of 100 ms each, table cleared before each, on one
// thread and on two. Run it on an idle machine with -benchtime 1x.
func BenchmarkDepthInTime(b *testing.B) {
	positions := readOpeningsFile(b, "testdata/openings.txt")
	for _, threads := range []int{1, 2} {
		b.Run(fmt.Sprintf("threads=%d", threads), func(b *testing.B) {
			e := NewEngine(16)
			depths, searches := 0, 0
			for b.Loop() {
				for _, pos := range positions {
					e.NewGame()
					r, err := e.Search(context.Background(), pos, Options{Time: 100 * time.Millisecond, Threads: threads})
					if err != nil {
						b.Fatal(err)
					}
					depths += r.Depth
					searches++
				}
			}
			b.ReportMetric(float64(depths)/float64(searches), "depth")
		})
	}
}

// cancelAfter is a context whose Err turns to context.Canceled at its n-th
// call: a cancellation at a chosen moment of a single-threaded search, the
// same moment every run.
type cancelAfter struct {
	context.Context
	calls, n int
}

func (c *cancelAfter) Err() error {
	c.calls++
	if c.calls >= c.n {
		return context.Canceled
	}
	return nil
}

// TestCancelledSearch: cancelled after its first iteration, a search
// returns the last finished iteration's move, with no error.
func TestCancelledSearch(t *testing.T) {
	pos := dsq.StartPosition()
	// Find how many Err calls a search to depth 5 makes, then cancel one
	// call before the end: inside the last iteration.
	count := &cancelAfter{Context: context.Background(), n: 1 << 62}
	full, err := NewEngine(1).Search(count, pos, Options{Depth: 5, Nodes: 1 << 40})
	require.NoError(t, err)
	require.Equal(t, 5, full.Depth)
	late := &cancelAfter{Context: context.Background(), n: count.calls}
	res, err := NewEngine(1).Search(late, pos, Options{Depth: 5, Nodes: 1 << 40})
	require.NoError(t, err)
	assert.Less(t, res.Depth, 5)
	assert.Positive(t, res.Depth)
	assert.True(t, pos.IsLegal(res.Move))
}

// TestTableKeyAndTheClock: without a move limit, or far from it, the
// no-capture count is not part of the table key (transpositions share
// entries); near the limit it is.
func TestTableKeyAndTheClock(t *testing.T) {
	start, err := dsq.StartPosition().WithRules(dsq.Rules{MoveLimit: 200})
	require.NoError(t, err)
	noLimit, err := start.WithRules(dsq.Rules{MoveLimit: dsq.NoMoveLimit})
	require.NoError(t, err)
	keys := func(pos dsq.Position, clocks ...int) map[uint64]bool {
		set := map[uint64]bool{}
		for _, c := range clocks {
			p := withClock(t, pos, c)
			w := newWorker(newTable(1))
			w.stack = append(w.stack, p.Hash())
			w.begin(context.Background(), &p, Options{})
			set[w.key(&p)] = true
		}
		return set
	}
	assert.Len(t, keys(noLimit, 0, 1, 5, 40, 59, 500), 1, "no limit")
	assert.Len(t, keys(start, 0, 1), 1, "far from the limit of 200")
	assert.Len(t, keys(start, 150, 190, 199), 3, "near it")
}

// TestNodeLimitInTheFirstIteration: a node limit that stops the search
// before its first iteration ends still gives a legal move and no error.
func TestNodeLimitInTheFirstIteration(t *testing.T) {
	pos := dsq.StartPosition()
	res, err := NewEngine(1).Search(context.Background(), pos, Options{Nodes: 1})
	require.NoError(t, err)
	assert.True(t, pos.IsLegal(res.Move), "%v", res.Move)
}

// TestUnfinishedIterationMove: stopped inside an iteration after it proved
// a move better than the last finished iteration's, the search plays that
// move; its Depth stays the finished one's.
func TestUnfinishedIterationMove(t *testing.T) {
	type iteration struct {
		move  dsq.Move
		nodes uint64
	}
	adopted, positions := 0, 10
	if longtest.Enabled() {
		positions = 40
	}
	for _, pos := range randomPositions(t, positions, 7) {
		var its []iteration
		_, err := NewEngine(1).Search(context.Background(), pos, Options{Depth: 6, Progress: func(r Result) {
			its = append(its, iteration{r.Move, r.Nodes})
		}})
		require.NoError(t, err)
		for d := 3; d < len(its); d++ {
			if its[d].move == its[d-1].move {
				continue
			}
			// Iteration d+1 changed the move: stop it at nodes in between.
			lo, hi := its[d-1].nodes, its[d].nodes
			for limit := lo + 1; limit < hi; limit += max((hi-lo)/40, 1) {
				r, err := NewEngine(1).Search(context.Background(), pos, Options{Depth: 6, Nodes: limit})
				require.NoError(t, err)
				require.True(t, pos.IsLegal(r.Move))
				if r.Depth == d && r.Move != its[d-1].move {
					adopted++
					assert.Equal(t, r.Move, r.PV[0])
				}
			}
		}
	}
	assert.Positive(t, adopted, "no stopped iteration gave its better move")
}

// clockPosition is pos's pieces and side with the no-capture count c,
// under rules.
func clockPosition(t *testing.T, board string, c int, rules dsq.Rules) dsq.Position {
	t.Helper()
	pos, err := dsq.ParsePosition(board)
	require.NoError(t, err)
	s := pos.Setup()
	s.NoCaptureHalfMoves = c
	pos, err = dsq.NewPosition(s)
	require.NoError(t, err)
	pos, err = pos.WithRules(rules)
	require.NoError(t, err)
	return pos
}

// TestRepetitionWindow walks repetition over hand-made stacks (H the
// position at the top, a..f others; the stack holds the positions since the
// last capture, oldest first, then the search's line from the root at
// rootIndex).
func TestRepetitionWindow(t *testing.T) {
	const H, a, b, c, d, e, f = 100, 1, 2, 3, 4, 5, 6
	pos := func(clock int) dsq.Position {
		return clockPosition(t, dsq.StartNotation, clock, dsq.Rules{Threefold: true})
	}
	cases := []struct {
		name       string
		stack      []uint64
		rootIndex  int
		clock      int
		draw, seen bool
	}{
		{"once before, at the capture itself", []uint64{H, a, b, c, H}, 4, 4, false, true},
		{"once before, behind the capture", []uint64{H, a, b, c, H}, 4, 3, false, false},
		{"odd stack reaching its bottom", []uint64{a, H, b, c, d, H}, 5, 5, false, true},
		{"odd stack, nothing behind", []uint64{a, b, c, d, e, H}, 5, 5, false, false},
		{"one too far back", []uint64{f, H, a, H, b, c, d, H}, 7, 5, false, true},
		{"twice before: the third time", []uint64{H, a, H, b, H}, 4, 4, true, true},
		{"the root repeated in the line", []uint64{H, a, H}, 0, 2, false, true},
		{"a line position repeated", []uint64{a, H, b, H}, 0, 3, true, true},
		{"the game before the root", []uint64{H, a, b, c, H}, 3, 4, false, true},
	}
	for _, tc := range cases {
		w := newWorker(newTable(1))
		w.threefold = true
		w.stack = append(w.stack, tc.stack...)
		w.rootIndex = tc.rootIndex
		p := pos(tc.clock)
		draw, seen := w.repetition(&p)
		assert.Equal(t, tc.draw, draw, "%s: draw", tc.name)
		assert.Equal(t, tc.seen, seen, "%s: seen", tc.name)

		w.threefold = false
		draw, seen = w.repetition(&p)
		assert.False(t, draw || seen, "%s: without Threefold", tc.name)
	}
}

// TestKeyAtTheEdgeOfReach: the no-capture count enters the table key
// exactly when the move-limit draw is at most maxPly half-moves away.
func TestKeyAtTheEdgeOfReach(t *testing.T) {
	for _, limit := range []int{200, 1000} {
		rules := dsq.Rules{MoveLimit: limit}
		key := func(clock int) uint64 {
			p := clockPosition(t, dsq.StartNotation, clock, rules)
			w := newWorker(newTable(1))
			w.stack = append(w.stack, p.Hash())
			w.begin(context.Background(), &p, Options{})
			return w.key(&p)
		}
		edge := limit - maxPly // the first count within reach
		assert.Equal(t, key(edge-2), key(edge-1), "limit %d: both out of reach", limit)
		assert.NotEqual(t, key(edge-1), key(edge), "limit %d: the edge", limit)
		assert.NotEqual(t, key(edge), key(edge+1), "limit %d: within reach", limit)
	}
	// Without a limit the count never enters the key.
	noLimit := dsq.Rules{MoveLimit: dsq.NoMoveLimit}
	keys := map[uint64]bool{}
	for _, clock := range []int{0, 1, 100, 5000} {
		p := clockPosition(t, dsq.StartNotation, clock, noLimit)
		w := newWorker(newTable(1))
		w.stack = append(w.stack, p.Hash())
		w.begin(context.Background(), &p, Options{})
		keys[w.key(&p)] = true
	}
	assert.Len(t, keys, 1)
}

// TestNodeLimitIsExact: a search with a node limit and no depth stops
// at exactly that many nodes, and one without a limit finishes the depth
// asked.
func TestNodeLimitIsExact(t *testing.T) {
	for _, limit := range []uint64{1, 2, 1025, 3000, 20000} {
		r, err := NewEngine(1).Search(context.Background(), dsq.StartPosition(), Options{Nodes: limit})
		require.NoError(t, err)
		assert.Equal(t, limit, r.Nodes, "Nodes: %d", limit)
		assert.NotEqual(t, dsq.NoMove, r.Move)
	}
	// No limit: the depth asked is finished.
	r, err := NewEngine(1).Search(context.Background(), dsq.StartPosition(), Options{Depth: 3})
	require.NoError(t, err)
	assert.Equal(t, 3, r.Depth)
}

// TestLoadGameStack: loadGame puts on the stack the hashes of the
// positions since the last capture, oldest first, the current one last,
// whatever the stack held before.
func TestLoadGameStack(t *testing.T) {
	g, err := dsq.NewGameRules(dsq.StartPosition(), dsq.Rules{Threefold: true})
	require.NoError(t, err)
	for _, m := range []string{"a3a4", "a7a6", "a4a3", "a6a7", "g3g4"} {
		_, err := g.PlayText(m)
		require.NoError(t, err, m)
	}
	var want []uint64
	for i := 0; i <= len(g.Moves()); i++ {
		p, ok := g.PositionAfter(i)
		require.True(t, ok)
		want = append(want, p.Hash())
	}
	w := newWorker(newTable(1))
	w.stack = append(w.stack, 7, 8, 9)
	w.loadGame(g)
	assert.Equal(t, want, w.stack)
	assert.True(t, w.threefold)

	// After a capture only the positions since it count: Red's dog takes
	// Blue's cat, then the lions step to and fro.
	capture := clockPosition(t, "l6/7/7/7/7/7/c6/D6/6L r 0 1", 0, dsq.Rules{})
	g, err = dsq.NewGameFrom(capture)
	require.NoError(t, err)
	for _, m := range []string{"a2a3", "a9a8", "g1g2", "a8a9"} {
		_, err := g.PlayText(m)
		require.NoError(t, err, m)
	}
	want = want[:0]
	for i := 1; i <= 4; i++ {
		p, _ := g.PositionAfter(i)
		want = append(want, p.Hash())
	}
	w.loadGame(g)
	assert.Equal(t, want, w.stack)
	assert.False(t, w.threefold)
}

// TestFirstIterationAlwaysEnds: a search whose time is up before it
// starts still finishes depth 1, and no more.
func TestFirstIterationAlwaysEnds(t *testing.T) {
	r, err := NewEngine(1).Search(context.Background(), dsq.StartPosition(), Options{Time: time.Nanosecond})
	require.NoError(t, err)
	assert.Equal(t, 1, r.Depth)
	assert.True(t, dsq.StartPosition().IsLegal(r.Move))
}

// TestOneLegalMove: a position with a single legal move is searched
// like any other (ErrNoMove is for none).
func TestOneLegalMove(t *testing.T) {
	// Red's rat alone in the corner, Blue's lion beside it: a1a2 only.
	pos := clockPosition(t, "7/7/7/7/7/7/7/7/Rl5 r 0 1", 0, dsq.Rules{})
	require.Len(t, pos.LegalMoves(), 1, pos)
	r, err := NewEngine(1).Search(context.Background(), pos, Options{Depth: 2})
	require.NoError(t, err)
	assert.Equal(t, pos.LegalMoves()[0], r.Move)
}

// TestSearchForgetsTheGame: Search after SearchGame searches its
// position alone: no history, no Threefold.
func TestSearchForgetsTheGame(t *testing.T) {
	g, err := dsq.NewGameRules(dsq.StartPosition(), dsq.Rules{Threefold: true})
	require.NoError(t, err)
	for _, m := range []string{"a3a4", "a7a6", "a4a3", "a6a7"} {
		_, err := g.PlayText(m)
		require.NoError(t, err, m)
	}
	e := NewEngine(1)
	_, err = e.SearchGame(context.Background(), g, Options{Depth: 1})
	require.NoError(t, err)
	require.Len(t, e.workers[0].stack, 5)
	pos := dsq.StartPosition()
	_, err = e.Search(context.Background(), pos, Options{Depth: 1})
	require.NoError(t, err)
	assert.False(t, e.workers[0].threefold)
	assert.Equal(t, []uint64{pos.Hash()}, e.workers[0].stack)
}

// TestHaltChecksEvery1024Nodes: within an iteration the search looks
// at its context and its clock every 1024 nodes: a cancelled search, or one
// whose time is up, stops at node 1024 exactly.
func TestHaltChecksEvery1024Nodes(t *testing.T) {
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	for name, c := range map[string]struct {
		ctx  context.Context
		opts Options
	}{
		"cancelled": {cancelled, Options{}},
		"time up":   {context.Background(), Options{Time: time.Nanosecond}},
	} {
		pos := dsq.StartPosition()
		w := newWorker(newTable(1))
		w.stack = append(w.stack, pos.Hash())
		w.begin(c.ctx, &pos, c.opts)
		stoppedAt := 0
		for i := 1; i <= 4096; i++ {
			if w.halt() {
				stoppedAt = i
				break
			}
		}
		assert.Equal(t, 1024, stoppedAt, name)
		assert.True(t, w.stopped, name)
	}
}

// TestExactDepthHasNoContempt: a worker set for exact-depth tests
// searches without contempt even when the one before it had some, since its
// scores must be plain minimax.
func TestExactDepthHasNoContempt(t *testing.T) {
	pos := dsq.StartPosition()
	w := newWorker(newTable(1))
	w.stack = append(w.stack, pos.Hash())
	w.begin(context.Background(), &pos, Options{Contempt: 50})
	require.Equal(t, 50, w.contempt)
	w.exactDepth = true
	w.begin(context.Background(), &pos, Options{Contempt: 50})
	assert.Zero(t, w.contempt)
}

// TestForcedResultEndsTheDeepening: once an iteration proves a win
// (the lion enters the den now) or a loss (Blue cannot stop it), deeper
// iterations change nothing, and the search stops there, at depth 1 of the 8
// asked (the loss too: the search sees the den entry one move ahead).
func TestForcedResultEndsTheDeepening(t *testing.T) {
	for _, side := range []string{"r", "b"} {
		pos := clockPosition(t, "7/3L3/7/7/7/7/7/7/r6 "+side+" 0 1", 0, dsq.Standard)
		iterations := 0
		r, err := NewEngine(1).Search(context.Background(), pos, Options{Depth: 8, Progress: func(Result) { iterations++ }})
		require.NoError(t, err, side)
		assert.Equal(t, 1, r.Depth, side)
		assert.Equal(t, 1, iterations, side)
		if side == "r" {
			assert.Greater(t, r.Score, winBound)
		} else {
			assert.Less(t, r.Score, -winBound)
		}
	}
}

// endsLater is a context that ends (Err returns context.Canceled) from its
// k+1-th call to Err on: a cancellation that comes at a chosen point of a
// search, without a clock.
type endsLater struct {
	context.Context
	k, calls int
	done     chan struct{}
}

func (c *endsLater) Done() <-chan struct{} { return c.done }

func (c *endsLater) Err() error {
	c.calls++
	if c.calls > c.k {
		select {
		case <-c.done:
		default:
			close(c.done)
		}
		return context.Canceled
	}
	return nil
}

// TestContextEndsInTheFirstIteration: a context that ends before the
// first iteration finishes (here while a 3-node limit stops it) makes Search
// return the context's error, as its doc says; one that has not ended by
// then gives the unfinished iteration's move.
func TestContextEndsInTheFirstIteration(t *testing.T) {
	pos := dsq.StartPosition()
	ended := 0
	for k := range 8 {
		ctx := &endsLater{Context: context.Background(), k: k, done: make(chan struct{})}
		r, err := NewEngine(1).Search(ctx, pos, Options{Depth: 4, Nodes: 3})
		select {
		case <-ctx.done:
			ended++
			assert.ErrorIs(t, err, context.Canceled, "k=%d: depth %d, move %v", k, r.Depth, r.Move)
		default:
			require.NoError(t, err, "k=%d", k)
			assert.True(t, pos.IsLegal(r.Move), "k=%d", k)
		}
	}
	assert.Positive(t, ended)
}

// TestUnfinishedIterationKeepsTheFinishedResult: stopped by a node
// limit inside an iteration, the search returns the last finished
// iteration's result (move, score, PV) unless the unfinished iteration
// proved another move better; it never returns the -Win-1 of an iteration
// that proved nothing.
func TestUnfinishedIterationKeepsTheFinishedResult(t *testing.T) {
	type iteration struct {
		move  dsq.Move
		score int
		pv    []dsq.Move
		nodes uint64
	}
	same := 0
	for _, pos := range randomPositions(t, 8, 11) {
		var its []iteration
		_, err := NewEngine(1).Search(context.Background(), pos, Options{Depth: 5, Progress: func(r Result) {
			its = append(its, iteration{r.Move, r.Score, r.PV, r.Nodes})
		}})
		require.NoError(t, err)
		for d := 1; d < len(its); d++ {
			lo, hi := its[d-1].nodes, its[d].nodes
			for limit := lo + 1; limit < hi; limit += max((hi-lo)/8, 1) {
				r, err := NewEngine(1).Search(context.Background(), pos, Options{Depth: 5, Nodes: limit})
				require.NoError(t, err)
				assert.Greater(t, r.Score, -Win-1, "%v, %d nodes", pos, limit)
				if r.Move == its[d-1].move {
					same++
					assert.Equal(t, its[d-1].score, r.Score, "%v, %d nodes", pos, limit)
					assert.Equal(t, its[d-1].pv, r.PV, "%v, %d nodes", pos, limit)
				}
			}
		}
	}
	assert.Positive(t, same)
}

// TestNewGameForgetsTheKillers: after NewGame, a search depends only
// on its position and options, as NewGame's doc says: an engine that
// searched other positions before gives the result (nodes included) of a new
// engine, on each of a few positions.
func TestNewGameForgetsTheKillers(t *testing.T) {
	positions := randomPositions(t, 6, 21)
	e := NewEngine(1)
	for i, pos := range positions[1:] {
		_, err := e.Search(context.Background(), positions[i], Options{Depth: 5})
		require.NoError(t, err)
		e.NewGame()
		got, err := e.Search(context.Background(), pos, Options{Depth: 5})
		require.NoError(t, err)
		want, err := NewEngine(1).Search(context.Background(), pos, Options{Depth: 5})
		require.NoError(t, err)
		assert.Equal(t, want, got, "%v after %v", pos, positions[i])
	}
}

// TestTimeBudgetNotSpent: a search with a time budget far longer than
// it needs reaches the depth asked; the budget stops a search only once
// spent.
func TestTimeBudgetNotSpent(t *testing.T) {
	r, err := NewEngine(1).Search(context.Background(), dsq.StartPosition(), Options{Depth: 4, Time: time.Hour})
	require.NoError(t, err)
	assert.Equal(t, 4, r.Depth)
}

// TestNodeLimitChecksTheContextRarely: with a node limit not reached,
// the search still asks the context whether it ended only once every 1024
// nodes (and once per iteration), as without a limit: the limit is checked
// on its own.
func TestNodeLimitChecksTheContextRarely(t *testing.T) {
	ctx := &endsLater{Context: context.Background(), k: 1 << 30, done: make(chan struct{})}
	r, err := NewEngine(1).Search(ctx, dsq.StartPosition(), Options{Depth: 4, Nodes: 1 << 40})
	require.NoError(t, err)
	assert.Equal(t, 4, r.Depth)
	assert.LessOrEqual(t, ctx.calls, int(r.Nodes/1024)+10, "%d calls to Err for %d nodes", ctx.calls, r.Nodes)
}

// TestNodeLimitStopsAtTheLimit: a search stopped inside an iteration,
// before 1024 nodes, stops at its node limit exactly, whenever the context
// ends: halt asks only there.
func TestNodeLimitStopsAtTheLimit(t *testing.T) {
	pos := dsq.StartPosition()
	var nodes []uint64
	_, err := NewEngine(1).Search(context.Background(), pos, Options{Depth: 2, Progress: func(r Result) { nodes = append(nodes, r.Nodes) }})
	require.NoError(t, err)
	require.Len(t, nodes, 2)
	limit := (nodes[0] + nodes[1]) / 2
	require.Less(t, limit, uint64(1024))
	stopped := 0
	for k := range 6 {
		ctx := &endsLater{Context: context.Background(), k: k, done: make(chan struct{})}
		r, err := NewEngine(1).Search(ctx, pos, Options{Depth: 2, Nodes: limit})
		if err == nil && r.Depth == 1 && r.Nodes != nodes[0] {
			stopped++
			assert.Equal(t, limit, r.Nodes, "k=%d", k)
		}
	}
	assert.Positive(t, stopped)
}

// zeroValues holds a pointer to the zero value of every exported type of
// the package but its interfaces (whose zero value has no method to call);
// TestZeroValuesListed checks that none is missing.
var zeroValues = map[string]any{
	"Engine":       new(Engine),
	"EnginePlayer": new(EnginePlayer),
	"GreedyPlayer": new(GreedyPlayer),
	"Level":        new(Level),
	"LevelInfo":    new(LevelInfo),
	"Line":         new(Line),
	"Options":      new(Options),
	"RandomPlayer": new(RandomPlayer),
	"Result":       new(Result),
	"Table":        new(Table),
}

// TestZeroValuesListed checks that zeroValues lists exactly the exported
// types of the package's source but its interfaces.
func TestZeroValuesListed(t *testing.T) {
	exported, err := zerowalk.ExportedTypes(".")
	require.NoError(t, err)
	require.NotEmpty(t, exported)
	require.Equal(t, exported, zerowalk.Names(zeroValues), "zeroValues must list every exported type but interfaces")
}

// sampleArgs are the arguments of the second walk: a context that ends, the
// start position, a new game, a shallow search.
func sampleArgs(t *testing.T) map[reflect.Type]reflect.Value {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	t.Cleanup(cancel)
	return map[reflect.Type]reflect.Value{
		reflect.TypeFor[context.Context](): reflect.ValueOf(ctx),
		reflect.TypeFor[dsq.Position]():    reflect.ValueOf(dsq.StartPosition()),
		reflect.TypeFor[*dsq.Game]():       reflect.ValueOf(dsq.NewGame()),
		reflect.TypeFor[Options]():         reflect.ValueOf(Options{Depth: 2}),
	}
}

// TestZeroValuesDoNotPanic calls every method of every exported type's zero
// value (through a pointer, so value and pointer methods alike), once with
// zero arguments (a nil context, a nil game, the zero position) and once
// with sample ones, each call on a fresh zero value.
func TestZeroValuesDoNotPanic(t *testing.T) {
	assert.Empty(t, zerowalk.Walk{Samples: sampleArgs(t)}.Call(zeroValues))
}

// TestZeroValuesAnswer checks what the zero values and bad arguments
// answer: a search, or an error that says why not.
func TestZeroValuesAnswer(t *testing.T) {
	ctx := context.Background()
	start := dsq.StartPosition()
	t.Run("zero Engine searches", func(t *testing.T) {
		var e Engine
		e.NewGame()
		r, err := e.Search(ctx, start, Options{})
		require.NoError(t, err)
		assert.Equal(t, 4, r.Depth, "Depth 0 means 4")
		assert.True(t, start.IsLegal(r.Move))
		var g Engine
		r, err = g.SearchGame(ctx, dsq.NewGame(), Options{Depth: 2})
		require.NoError(t, err)
		assert.Equal(t, 2, r.Depth)
	})
	t.Run("nil Engine", func(t *testing.T) {
		var e *Engine
		assert.NotPanics(t, e.NewGame)
		_, err := e.Search(ctx, start, Options{})
		assert.ErrorIs(t, err, ErrNilEngine)
		_, err = e.SearchGame(ctx, dsq.NewGame(), Options{})
		assert.ErrorIs(t, err, ErrNilEngine)
	})
	t.Run("nil context and game", func(t *testing.T) {
		e := NewEngine(1)
		//lint:ignore SA1012 a nil context is what is tested
		_, err := e.Search(nil, start, Options{Depth: 1})
		assert.ErrorIs(t, err, ErrNilContext)
		//lint:ignore SA1012 a nil context is what is tested
		_, err = e.SearchGame(nil, dsq.NewGame(), Options{Depth: 1})
		assert.ErrorIs(t, err, ErrNilContext)
		_, err = e.SearchGame(ctx, nil, Options{Depth: 1})
		assert.ErrorIs(t, err, ErrNilGame)
		_, err = EnginePlayer{}.MoveInGame(ctx, nil)
		assert.ErrorIs(t, err, ErrNilGame)
	})
	t.Run("zero position", func(t *testing.T) {
		_, err := NewEngine(1).Search(ctx, dsq.Position{}, Options{})
		assert.ErrorIs(t, err, dsq.ErrNotAPosition)
		_, err = RandomPlayer{}.Move(ctx, dsq.Position{})
		assert.ErrorIs(t, err, ErrNoMove)
		_, err = GreedyPlayer{}.Move(ctx, dsq.Position{})
		assert.ErrorIs(t, err, ErrNoMove)
	})
}

// TestOptionsRefused: out-of-range options are errors, not clamped in
// silence, and a search with no limit it would reach is refused.
func TestOptionsRefused(t *testing.T) {
	start := dsq.StartPosition()
	background := context.Background()
	cancellable, cancel := context.WithCancel(background)
	defer cancel()
	// The deadline starts when the case runs.
	deadline := deadlineContext{background}
	tests := []struct {
		name string
		ctx  context.Context
		opts Options
		want error // nil: the search runs
	}{
		{"negative depth", background, Options{Depth: -5}, ErrOptions},
		{"depth above 64", background, Options{Depth: 1000, Nodes: 100}, ErrOptions},
		{"depth 65", background, Options{Depth: MaxDepth + 1, Time: time.Millisecond}, ErrOptions},
		{"negative time", background, Options{Time: -time.Second}, ErrOptions},
		{"negative threads", background, Options{Depth: 1, Threads: -1}, ErrOptions},
		{"too many threads", background, Options{Depth: 1, Threads: MaxThreads + 1}, ErrOptions},
		{"depth 64 alone", background, Options{Depth: 64}, ErrUnbounded},
		{"depth 64 with a cancellable context", cancellable, Options{Depth: 64}, ErrUnbounded},
		{"infinite with a context never done", background, Options{Infinite: true}, ErrUnbounded},
		{"depth 64 with nodes", background, Options{Depth: 64, Nodes: 2000}, nil},
		{"depth 64 with time", background, Options{Depth: 64, Time: 20 * time.Millisecond}, nil},
		{"depth 64 with a deadline", deadline, Options{Depth: 64}, nil},
		{"infinite with nodes", background, Options{Infinite: true, Nodes: 2000}, nil},
		{"depth 0", background, Options{}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx := tt.ctx
			if d, ok := ctx.(deadlineContext); ok {
				var cancel context.CancelFunc
				ctx, cancel = context.WithTimeout(d.Context, 50*time.Millisecond)
				defer cancel()
			}
			r, err := NewEngine(1).Search(ctx, start, tt.opts)
			if tt.want != nil {
				require.ErrorIs(t, err, tt.want)
				assert.ErrorIs(t, err, ErrOptions, "every refusal of options wraps ErrOptions")
				assert.True(t, strings.HasPrefix(err.Error(), "search: "), err.Error())
				assert.Equal(t, Result{}, r)
				return
			}
			require.NoError(t, err)
			assert.True(t, start.IsLegal(r.Move))
		})
	}
}

// deadlineContext stands, in a table of cases, for a context with a
// deadline 50 ms after the case starts.
type deadlineContext struct{ context.Context }

// TestInfiniteEndsWithContext: an Infinite search runs until its context
// is cancelled, then returns its last iteration's move.
func TestInfiniteEndsWithContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		time.Sleep(100 * time.Millisecond)
		cancel()
	}()
	begun := time.Now()
	r, err := NewEngine(1).Search(ctx, dsq.StartPosition(), Options{Infinite: true})
	require.NoError(t, err)
	assert.GreaterOrEqual(t, time.Since(begun), 100*time.Millisecond)
	assert.Greater(t, r.Depth, 1)
}

// readOpeningsFile reads a file of positions, one a line, # comments
// skipped.
func readOpeningsFile(t testing.TB, path string) []dsq.Position {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	var list []dsq.Position
	for line := range strings.Lines(string(data)) {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		list = append(list, mustPos(t, line))
	}
	return list
}
