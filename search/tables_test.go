package search

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/endgame"
	"github.com/doushouqi/doushouqi/internal/longtest"
)

// genTables solves the named materials (and those their captures lead to)
// under rules.
func genTables(t testing.TB, rules dsq.Rules, names ...string) *endgame.Tables {
	t.Helper()
	ts, err := endgame.NewTables(rules)
	require.NoError(t, err)
	var ms []endgame.Material
	for _, n := range names {
		m, err := endgame.ParseMaterial(n)
		require.NoError(t, err)
		ms = append(ms, m)
	}
	require.NoError(t, ts.Generate(ms, endgame.Options{}))
	return ts
}

// randomPosition returns a random position of m under rules, no piece in a
// den, not decided.
func randomPosition(rng *rand.Rand, m endgame.Material, rules dsq.Rules) dsq.Position {
	for {
		var s dsq.Setup
		s.MoveNumber, s.Rules = 1, rules
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
		if pos, err := dsq.NewPosition(s); err == nil && !pos.Outcome().IsDecided() {
			return pos
		}
	}
}

// keepsValue checks that move m, played from pos, keeps the value v the
// tables give pos: a win moves to a loss for the opponent (or ends the game
// won), a draw to anything but a win for the opponent.
func keepsValue(t *testing.T, ts *endgame.Tables, pos dsq.Position, v endgame.Value, m dsq.Move) {
	t.Helper()
	child := pos
	require.NoError(t, child.Play(m))
	cv, ok := ts.Probe(child)
	require.True(t, ok, "%v after %v: no value", pos, m)
	switch v.Result {
	case endgame.Win:
		assert.Equal(t, endgame.Loss, cv.Result, "%v (%v): %v gives the opponent %v", pos, v, m, cv)
	case endgame.Draw:
		assert.NotEqual(t, endgame.Win, cv.Result, "%v (draw): %v gives the opponent %v", pos, m, cv)
	}
}

// checkedPlayer is the engine with tables, checking each of its moves
// against the tables.
type checkedPlayer struct {
	t  *testing.T
	ts *endgame.Tables
	EnginePlayer
}

func (p checkedPlayer) MoveInGame(ctx context.Context, g *dsq.Game) (dsq.Move, error) {
	pos := g.Position()
	v, ok := p.ts.Probe(pos)
	require.True(p.t, ok, "%v: no value", pos)
	r, err := p.Engine.SearchGame(ctx, g, p.Options)
	if err != nil {
		return r.Move, err
	}
	if g.Rules().Threefold && v.Result == endgame.Loss {
		// Searched: a repetition might save the game.
		assert.False(p.t, r.Endgame, "%v (%v)", pos, v)
		assert.Less(p.t, r.Score, -winBound, "%v (%v)", pos, v)
	} else {
		assert.True(p.t, r.Endgame, "%v: the move is not the tables'", pos)
		assert.Equal(p.t, (&worker{}).tableScore(v, 0), r.Score, "%v (%v)", pos, v)
	}
	keepsValue(p.t, p.ts, pos, v, r.Move)
	return r.Move, nil
}

// playOut plays a game from start under rules, as PlayGame does (which
// plays under start's rules, without Threefold).
func playOut(t *testing.T, start dsq.Position, rules dsq.Rules, red, blue Player, maxPlies int) *dsq.Game {
	t.Helper()
	g, err := dsq.NewGameRules(start, rules)
	require.NoError(t, err)
	for ply := 0; ply < maxPlies && !g.IsOver(); ply++ {
		player := red
		if g.Position().SideToMove() == dsq.Blue {
			player = blue
		}
		var m dsq.Move
		if gp, ok := player.(GamePlayer); ok {
			m, err = gp.MoveInGame(context.Background(), g)
		} else {
			m, err = player.Move(context.Background(), g.Position())
		}
		require.NoError(t, err)
		require.NoError(t, g.Play(m))
	}
	return g
}

// TestTablesPlayPerfectly: from sampled positions of three-piece
// materials, the engine with tables keeps every value; it wins every won
// position against a random defender and against itself, within the move
// limit, and holds every draw.
func TestTablesPlayPerfectly(t *testing.T) {
	names := []string{"Evcr", "ELve", "Lvtr"}
	samples := 8
	if !longtest.Enabled() {
		samples = 3
	}
	plies, draws := 0, 0
	for _, rules := range []dsq.Rules{dsq.Standard, {Threefold: true}} {
		ts := genTables(t, dsq.Standard, names...)
		engine := checkedPlayer{t: t, ts: ts, EnginePlayer: EnginePlayer{Engine: NewEngine(1), Options: Options{Depth: 2, Tables: ts}}}
		rng := rand.New(rand.NewPCG(13, 5))
		for _, name := range names {
			m, err := endgame.ParseMaterial(name)
			require.NoError(t, err)
			found := map[endgame.Result]int{}
			for tries := 0; tries < 2000 && (found[endgame.Win] < samples || found[endgame.Draw] < samples); tries++ {
				pos := randomPosition(rng, m, rules)
				v, ok := ts.Probe(pos)
				require.True(t, ok)
				if v.Result == endgame.Loss || found[v.Result] >= samples {
					continue
				}
				found[v.Result]++
				side := pos.SideToMove()
				random := RandomPlayer{Rand: rand.New(rand.NewPCG(uint64(tries), 7))}
				for i, defender := range []Player{random, engine} {
					red, blue := Player(engine), defender
					if side == dsq.Blue {
						red, blue = defender, engine
					}
					g := playOut(t, pos, rules, red, blue, 1000)
					require.True(t, g.IsOver(), "%v: no end", pos)
					plies += len(g.Moves())
					o := g.Outcome()
					switch {
					case v.Result == endgame.Win:
						assert.True(t, !o.IsDraw() && o.Winner == side, "%v %v (%v): %v after %d moves", rules, pos, v, o, len(g.Moves()))
					case i == 1: // the engine against itself
						assert.True(t, o.IsDraw(), "%v %v (draw): %v", rules, pos, o)
					default:
						assert.False(t, !o.IsDraw() && o.Winner != side, "%v %v (draw): %v", rules, pos, o)
					}
				}
			}
			assert.Equal(t, samples, found[endgame.Win], "%v: won positions found", name)
			draws += found[endgame.Draw]
		}
	}
	t.Logf("%d half-moves played, %d drawn positions among the samples", plies, draws)
	assert.Positive(t, draws)
}

// TestTablesDrawIsNoWin: a position the tables call a draw (too few
// half-moves left before the move limit for the win) scores 0, at the root
// and inside the tree.
func TestTablesDrawIsNoWin(t *testing.T) {
	ts := genTables(t, dsq.Standard, "ELve")
	for _, s := range []string{"7/7/2e4/7/E6/L6/7/7/7 b 50 1", "7/7/2e4/7/E6/L6/7/7/7 b 59 1"} {
		pos := mustPos(t, s)
		v, ok := ts.Probe(pos)
		require.True(t, ok)
		require.Equal(t, endgame.Draw, v.Result)
		r, err := NewEngine(1).Search(context.Background(), pos, Options{Depth: 3, Tables: ts})
		require.NoError(t, err)
		assert.True(t, r.Endgame)
		assert.Equal(t, 0, r.Score, s)
		keepsValue(t, ts, pos, v, r.Move)
		// With contempt, the draw costs the root's side.
		r, err = NewEngine(1).Search(context.Background(), pos, Options{Depth: 3, Tables: ts, Contempt: 30})
		require.NoError(t, err)
		assert.Equal(t, -30, r.Score, s)
	}
	// The same position with the full count left: a win in 17 for Blue.
	r, err := NewEngine(1).Search(context.Background(), mustPos(t, "7/7/2e4/7/E6/L6/7/7/7 b 0 1"), Options{Depth: 3, Tables: ts})
	require.NoError(t, err)
	assert.Equal(t, Win-17, r.Score)
	assert.Equal(t, "c7d7", r.Move.String())
	assert.True(t, r.Endgame)
	assert.Equal(t, 0, r.Depth)
}

// TestTablesInsideTree: with tables only for the smaller materials a root's
// captures lead to, the search of the root probes them inside the tree.
// Every win or loss it then claims is one the root's own table confirms,
// and it finds wins far beyond its depth.
func TestTablesInsideTree(t *testing.T) {
	names := []string{"Evcr", "Lvtr"}
	full := genTables(t, dsq.Standard, names...)
	rng := rand.New(rand.NewPCG(13, 6))
	n := 200
	if !longtest.Enabled() {
		n = 80
	}
	for _, name := range names {
		m, err := endgame.ParseMaterial(name)
		require.NoError(t, err)
		closure := endgame.Closure(m)
		part, err := endgame.NewTables(dsq.Standard)
		require.NoError(t, err)
		for _, c := range closure[:len(closure)-1] {
			require.NoError(t, part.Add(full.Table(c)))
		}
		e := NewEngine(1)
		beyond := 0
		for range n {
			pos := randomPosition(rng, m, dsq.Standard)
			want, ok := full.Probe(pos)
			require.True(t, ok)
			r, err := e.Search(context.Background(), pos, Options{Depth: 2, Tables: part})
			require.NoError(t, err)
			require.False(t, r.Endgame)
			switch {
			case r.Score > winBound:
				assert.Equal(t, endgame.Win, want.Result, "%v: score %d", pos, r.Score)
				keepsValue(t, full, pos, want, r.Move)
				if Win-r.Score > 4 {
					beyond++
				}
			case r.Score < -winBound:
				assert.Equal(t, endgame.Loss, want.Result, "%v: score %d", pos, r.Score)
			}
		}
		assert.Positive(t, beyond, "%v: no win found beyond the search's depth", name)
	}
}

// TestTablesOtherRules: tables solved under other rules are not used.
func TestTablesOtherRules(t *testing.T) {
	ts := genTables(t, dsq.Rules{TrappedCapture: true}, "ELve")
	r, err := NewEngine(1).Search(context.Background(), mustPos(t, "7/7/2e4/7/E6/L6/7/7/7 b 0 1"), Options{Depth: 3, Tables: ts})
	require.NoError(t, err)
	assert.False(t, r.Endgame)
	assert.Positive(t, r.Depth)
}

// tablesBenchPosition has four pieces: captures lead into the three-piece
// tables.
const tablesBenchPosition = "7/7/7/7/3c3/r6/3E3/1L5/7 r 0 1"

// tablesBenchMaterials are the materials tablesBenchPosition's captures
// lead to.
var tablesBenchMaterials = []string{"Lvcr", "Evcr", "ELvc", "ELvr"}

// TestTablesNoAllocationPerNode: a search that probes the tables inside the
// tree allocates per search and per iteration (the root's moves, the line,
// the list of tables), not per node. The count of a whole search depends on
// the runtime (Go's version, GOMAXPROCS: a background allocation may land
// inside the measured run), so the test asserts a rate: from depth 6 to
// depth 12 the nodes grow by thousands and the allocations, with or without
// tables, by at most a few per added iteration.
func TestTablesNoAllocationPerNode(t *testing.T) {
	ts := genTables(t, dsq.Standard, tablesBenchMaterials...)
	pos := mustPos(t, tablesBenchPosition)
	allocs := func(depth int, ts *endgame.Tables) (float64, uint64) {
		e := NewEngine(1)
		var nodes uint64
		a := testing.AllocsPerRun(3, func() {
			e.NewGame()
			r, err := e.Search(context.Background(), pos, Options{Depth: depth, Tables: ts})
			require.NoError(t, err)
			nodes = r.Nodes
		})
		return a, nodes
	}
	for _, tables := range []*endgame.Tables{nil, ts} {
		shallow, shallowNodes := allocs(6, tables)
		deep, deepNodes := allocs(12, tables)
		added := deepNodes - shallowNodes
		require.Greater(t, added, uint64(10000), "tables %v: nodes at depth 6 and 12", tables != nil)
		// Six more iterations, each a line of up to 12 moves grown by
		// append: a few dozen allocations at most, against 10,000 or more
		// for one per node.
		assert.LessOrEqual(t, deep-shallow, 64.0, "tables %v: allocations at depth 6 (%d nodes) and 12 (%d nodes)", tables != nil, shallowNodes, deepNodes)
		t.Logf("tables %v: %.0f allocations at depth 6 (%d nodes), %.0f at depth 12 (%d nodes)", tables != nil, shallow, shallowNodes, deep, deepNodes)
	}
	withTables, _ := allocs(12, ts)
	without, _ := allocs(12, nil)
	assert.LessOrEqual(t, withTables-without, 16.0, "allocations the tables add to a search at depth 12")
}

// BenchmarkSearchTables searches a four-piece position to depth 12 with the
// three-piece tables its captures lead to, its table cleared before each
// search, and reports nodes/s.
func BenchmarkSearchTables(b *testing.B) {
	ts := genTables(b, dsq.Standard, tablesBenchMaterials...)
	pos := mustPos(b, tablesBenchPosition)
	e := NewEngine(16)
	var nodes uint64
	b.ReportAllocs()
	for b.Loop() {
		e.NewGame()
		r, err := e.Search(context.Background(), pos, Options{Depth: 12, Tables: ts})
		if err != nil {
			b.Fatal(err)
		}
		nodes += r.Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}

// TestTablesRootRepetition: under Threefold the root plays the first of the
// tables' winning moves that does not make a third occurrence, and leaves a
// position to the search when every one does, or when it is lost.
func TestTablesRootRepetition(t *testing.T) {
	ts := genTables(t, dsq.Standard, "ELve")
	m, err := endgame.ParseMaterial("ELve")
	require.NoError(t, err)
	rng := rand.New(rand.NewPCG(13, 8))
	var pos dsq.Position
	var best []dsq.Move
	for {
		pos = withClock(t, randomPosition(rng, m, dsq.Standard), 10)
		var v endgame.Value
		best, v, _ = ts.BestMoves(pos)
		if v.Result == endgame.Win && len(best) == 2 && pos.PieceAt(best[0].To()) == dsq.NoPiece && pos.PieceAt(best[1].To()) == dsq.NoPiece {
			break
		}
	}
	after := func(m dsq.Move) uint64 {
		p := pos
		p.MakeMove(m)
		return p.Hash()
	}
	root := func(stack ...uint64) (Result, bool) {
		w := newWorker(newTable(1))
		w.threefold = true
		w.stack = append(stack, pos.Hash())
		w.begin(context.Background(), &pos, Options{Tables: ts})
		return w.tableRoot(pos)
	}
	const other = 12345 // a position that does not come back
	r, ok := root(other, other, other, other)
	require.True(t, ok)
	assert.Equal(t, best[0], r.Move)
	// The stack holds the positions before the root, oldest first: the
	// last is the opponent's, with the side to move that the position after
	// a root move has. best[0]'s position occurred twice: the root plays
	// best[1].
	p0, p1 := after(best[0]), after(best[1])
	r, ok = root(p0, other, p0)
	require.True(t, ok, pos)
	assert.Equal(t, best[1], r.Move, pos)
	// Both did: the search decides.
	_, ok = root(p1, other, p0, other, p1, other, p0)
	assert.False(t, ok, pos)
	// Once each is no repetition yet.
	r, ok = root(p1, other, p0)
	require.True(t, ok, pos)
	assert.Equal(t, best[0], r.Move)

	// A lost position is searched under Threefold, played from the tables
	// without it.
	for {
		pos = randomPosition(rng, m, dsq.Standard)
		if v, _ := ts.Probe(pos); v.Result == endgame.Loss {
			break
		}
	}
	_, ok = root(other)
	assert.False(t, ok, pos)
	w := newWorker(newTable(1))
	w.stack = append(w.stack, other, pos.Hash())
	w.begin(context.Background(), &pos, Options{Tables: ts})
	_, ok = w.tableRoot(pos)
	assert.True(t, ok, pos)
}

func withClock(t *testing.T, pos dsq.Position, c int) dsq.Position {
	t.Helper()
	s := pos.Setup()
	s.NoCaptureHalfMoves = c
	p, err := dsq.NewPosition(s)
	require.NoError(t, err)
	return p
}

// TestTablesConvertWins measures what the tables are worth: from 50 random
// won positions of each of six three-piece materials, against a defender
// that plays the tables, the engine with tables wins every one; without
// them it is logged (go test -run TestTablesConvertWins -v ./search).
func TestTablesConvertWins(t *testing.T) {
	names := []string{"Evcr", "ELve", "Lvtr", "Tvr", "Evtc", "Lvt"}
	ts := genTables(t, dsq.Standard, names...)
	rng := rand.New(rand.NewPCG(99, 1))
	defender := EnginePlayer{Engine: NewEngine(1), Options: Options{Depth: 2, Tables: ts}}
	for _, depth := range []int{2, 6} {
		plain := EnginePlayer{Engine: NewEngine(8), Options: Options{Depth: depth}}
		withTables := EnginePlayer{Engine: NewEngine(8), Options: Options{Depth: depth, Tables: ts}}
		n, won := 0, [2]int{}
		for _, name := range names {
			m, err := endgame.ParseMaterial(name)
			require.NoError(t, err)
			for k := 0; k < 50; {
				pos := randomPosition(rng, m, dsq.Standard)
				if v, _ := ts.Probe(pos); v.Result != endgame.Win {
					continue
				}
				k++
				n++
				for i, p := range []EnginePlayer{plain, withTables} {
					red, blue := Player(p), Player(defender)
					if pos.SideToMove() == dsq.Blue {
						red, blue = defender, p
					}
					o := playOut(t, pos, dsq.Standard, red, blue, 1000).Outcome()
					if !o.IsDraw() && o.Winner == pos.SideToMove() {
						won[i]++
					}
				}
			}
		}
		t.Logf("depth %d, %d won positions: converted %d without tables, %d with", depth, n, won[0], won[1])
		assert.Equal(t, n, won[1], "depth %d: wins converted with tables", depth)
	}
}

// TestTablesThreads: helper threads probe the same tables (run with -race).
func TestTablesThreads(t *testing.T) {
	ts := genTables(t, dsq.Standard, tablesBenchMaterials...)
	pos := mustPos(t, tablesBenchPosition)
	r, err := NewEngine(4).Search(context.Background(), pos, Options{Depth: 9, Threads: 2, Tables: ts})
	require.NoError(t, err)
	assert.True(t, pos.IsLegal(r.Move))
	assert.Equal(t, 9, r.Depth)
	// A solved root needs no helper.
	r, err = NewEngine(4).Search(context.Background(), mustPos(t, "7/7/7/7/3c3/r6/3E3/7/7 r 0 1"), Options{Depth: 9, Threads: 2, Tables: ts})
	require.NoError(t, err)
	assert.True(t, r.Endgame)
	assert.Equal(t, uint64(1), r.Nodes)
}
