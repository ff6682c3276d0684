package search

import (
	"context"
	"math/rand/v2"
	"runtime"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	dsq "github.com/doushouqi/doushouqi"
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

func games(t *testing.T) int {
	if testing.Short() {
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

// TestOpenTraps counts open traps on hand-made boards: Blue's den d9 has
// the traps c9, e9 and d8; a Red piece next to an empty one that no Blue
// piece stands next to can step in and enter the den the move after.
func TestOpenTraps(t *testing.T) {
	for _, tc := range []struct {
		pos        string
		open, blue int // Red's open traps, Blue's
	}{
		{"7/7/7/7/7/7/7/7/6l r 0 1", 0, 0},         // no red piece near
		{"7/2C4/7/7/7/7/7/7/6l r 0 1", 2, 0},       // a red cat on c8: c9 and d8
		{"7/2C4/7/7/7/7/7/7/6l b 0 1", 2, 0},       // whoever is to move
		{"7/2C1d2/7/7/7/7/7/7/6l r 0 1", 1, 0},     // a blue dog on e8 covers d8 (and e9)
		{"7/1dC4/7/7/7/7/7/7/6l r 0 1", 2, 0},      // a blue dog on b8 is next to neither trap
		{"2d4/2C4/7/7/7/7/7/7/6l r 0 1", 1, 0},     // a blue dog in c9 holds c9, not d8
		{"1Wd4/7/7/7/7/7/7/7/6l r 0 1", 0, 0},      // a red wolf on b9, c9 taken
		{"7/2C1D2/3W3/7/7/7/7/7/6l r 0 1", 3, 0},   // red pieces next to all three traps
		{"5c1/2C1D2/3W3/7/7/7/7/7/6l r 0 1", 2, 0}, // a blue cat on f9 covers e9
		{"7/7/7/7/7/7/7/2C4/6L b 0 1", 0, 0},       // Blue has no piece near Red's traps
		{"7/7/7/7/7/7/7/2c4/6L b 0 1", 0, 2},       // a blue cat on c2: c1 and d2 are open to Blue
	} {
		pos := mustPos(t, tc.pos)
		require.Equal(t, tc.open, openTraps(&pos, dsq.Red), tc.pos)
		require.Equal(t, tc.blue, openTraps(&pos, dsq.Blue), tc.pos)
	}
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
