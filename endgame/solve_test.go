package endgame_test

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/require"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/endgame"
	"github.com/doushouqi/doushouqi/internal/longtest"
)

// The solver is held to an independent slow solver (reference_test.go), to
// the values of each position's children, and to the board's symmetries,
// none of which it knows of.

func toSlowRules(r dsq.Rules) slowRules {
	limit := r.MoveLimit
	if limit == 0 {
		limit = dsq.DrawHalfMoves
	}
	return slowRules{trappedCapture: r.TrappedCapture, swapDogWolf: r.SwapDogWolf, limit: limit}
}

func toSlow(v endgame.Value) slowValue { return slowValue{result: int(v.Result), dist: v.Distance} }

// agree checks the tables against the slow solver on pos at every count
// from 0 to the limit.
func agree(t *testing.T, ts *endgame.Tables, sv *slowSolver, pos dsq.Position, from int) {
	t.Helper()
	if msg := disagreement(ts, sv, pos, from); msg != "" {
		t.Fatal(msg)
	}
}

// disagreement returns what agree reports, "" if nothing; it may run on any
// goroutine.
func disagreement(ts *endgame.Tables, sv *slowSolver, pos dsq.Position, from int) string {
	for c := from; c <= sv.rules.limit; c++ {
		s := pos.Setup()
		s.NoCaptureHalfMoves = c
		p, err := dsq.NewPosition(s)
		if err != nil {
			return err.Error()
		}
		got, ok := ts.Probe(p)
		if !ok {
			return fmt.Sprintf("Probe(%v) found no table", p)
		}
		sp := slowFromPosition(p)
		if want := sv.solve(&sp); toSlow(got) != want {
			return fmt.Sprintf("Probe(%v) = %v, slow solver says %+v", p, got, want)
		}
	}
	return ""
}

// TestSlowSolverTwoPieces: every position of two-piece materials (a rat
// against an elephant, a lion against a tiger; all 64 materials in the
// deep checks), at every no-capture count, under the standard rules.
func TestSlowSolverTwoPieces(t *testing.T) {
	ms := []endgame.Material{mustMaterial(t, "Rve"), mustMaterial(t, "Lvt")}
	if longtest.Enabled() {
		ms = endgame.AllMaterials(2)
	}
	ts := generate(t, dsq.Standard, ms...)
	// The materials are independent: one goroutine per core takes them in turn.
	failures := make([]string, len(ms))
	counts := make([]int, len(ms))
	var next atomic.Int32
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := int(next.Add(1)) - 1; i < len(ms); i = int(next.Add(1)) - 1 {
				sv := newSlowSolver(toSlowRules(dsq.Standard))
				placements(t, ms[i], dsq.Standard, func(pos dsq.Position) {
					if failures[i] == "" {
						failures[i] = disagreement(ts, sv, pos, 0)
					}
					counts[i]++
				})
			}
		}()
	}
	wg.Wait()
	for i, m := range ms {
		require.Empty(t, failures[i], "%v", m)
		require.Greater(t, counts[i], 4000, "%v: positions compared", m)
	}
}

// TestSlowSolverHouseRules: two-piece materials under the house rules, a
// shorter limit among them (one of them per rule set, five in the deep
// checks).
func TestSlowSolverHouseRules(t *testing.T) {
	for _, tc := range []struct {
		rules dsq.Rules
		names []string
	}{
		{dsq.Rules{TrappedCapture: true}, []string{"Cvt"}},
		{dsq.Rules{SwapDogWolf: true, MoveLimit: 20}, []string{"Dvw"}},
		{dsq.Rules{TrappedCapture: true, SwapDogWolf: true, MoveLimit: 9}, []string{"Wvd"}},
	} {
		rules, names := tc.rules, tc.names
		if longtest.Enabled() {
			names = []string{"Dvw", "Wvd", "Rve", "Cvt", "Tvr"}
		}
		var ms []endgame.Material
		for _, s := range names {
			ms = append(ms, mustMaterial(t, s))
		}
		ts := generate(t, rules, ms...)
		for _, m := range ms {
			sv := newSlowSolver(toSlowRules(rules))
			placements(t, m, rules, func(pos dsq.Position) { agree(t, ts, sv, pos, 0) })
		}
	}
}

// TestSlowSolverThreePieces: a sample of three-piece positions, at every
// count, under a limit short enough for the slow solver (its captures lead
// into two-piece positions, solved in full by the slow solver too); more
// materials and samples in the deep checks.
func TestSlowSolverThreePieces(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 3))
	samples := 40
	if longtest.Enabled() {
		samples = 300
	}
	for _, tc := range []struct {
		rules     dsq.Rules
		mats, all []string
	}{
		{dsq.Rules{MoveLimit: 8}, []string{"Evcr", "LTve"}, []string{"Evcr", "RCve", "LTve", "Evtr", "Pvlr"}},
		{dsq.Rules{MoveLimit: 6, TrappedCapture: true, SwapDogWolf: true}, []string{"DWvr"}, []string{"DWvr", "Evwd"}},
	} {
		if longtest.Enabled() {
			tc.mats = tc.all
		}
		var ms []endgame.Material
		for _, s := range tc.mats {
			ms = append(ms, mustMaterial(t, s))
		}
		ts := generate(t, tc.rules, ms...)
		sv := newSlowSolver(toSlowRules(tc.rules))
		for _, m := range ms {
			for range samples {
				agree(t, ts, sv, randomPosition(rng, m, tc.rules), 0)
			}
		}
	}
}

// checkChildren checks the value of pos against the values of the positions
// after each of its moves, probed independently: a win in d has a move that
// wins at once (d = 1: a den entry, or a capture after which the opponent
// loses) or leads to a loss in d-1 for the opponent, and none faster; a loss
// in d has only moves after which the opponent wins, and the slowest takes d
// half-moves (a capture counts 1); a draw has a move to a draw and none to a
// loss for the opponent.
func checkChildren(t *testing.T, ts *endgame.Tables, pos dsq.Position) {
	// Plain checks, require only on a failure: this runs for every position
	// of the tables, and require's stack walk for t.Helper was a third of it.
	v, ok := ts.Probe(pos)
	if !ok {
		t.Fatalf("no table for %v", pos)
	}
	moves := pos.LegalMoves()
	fastestWin, slowestLoss, draws := -1, -1, 0
	for _, m := range moves {
		zeroing := pos.PieceAt(m.To()) != dsq.NoPiece || dsq.DenOf(pos.SideToMove().Other()).Has(m.To())
		child := pos
		if err := child.Play(m); err != nil {
			t.Fatalf("Play(%v) in %v: %v", m, pos, err)
		}
		cv, ok := ts.Probe(child)
		if !ok {
			t.Fatalf("no table after %v in %v", m, pos)
		}
		d := cv.Distance + 1
		if zeroing {
			d = 1
		}
		switch cv.Result {
		case endgame.Loss:
			if fastestWin < 0 || d < fastestWin {
				fastestWin = d
			}
		case endgame.Win:
			slowestLoss = max(slowestLoss, d)
		default:
			draws++
		}
	}
	var want endgame.Value
	switch {
	case len(moves) == 0:
		want = endgame.Value{Result: endgame.Loss}
		if o := pos.Outcome(); o.IsDraw() {
			want = endgame.Value{Result: endgame.Draw}
		} else if o.Winner == pos.SideToMove() {
			want = endgame.Value{Result: endgame.Win}
		}
	case fastestWin > 0:
		want = endgame.Value{Result: endgame.Win, Distance: fastestWin}
	case draws > 0:
		want = endgame.Value{Result: endgame.Draw}
	default:
		want = endgame.Value{Result: endgame.Loss, Distance: slowestLoss}
	}
	if v != want {
		t.Fatalf("Probe(%v) = %v, its moves give %v", pos, v, want)
	}
}

// TestConsistentWithChildren: every position of the tables (at counts 0
// and near the limit) against its children: of two-piece materials and
// every 8th of a three-piece one, and in the deep checks every position of
// all two-piece materials and of five three-piece ones. Under the race
// detector, which is here for the solver's threads, every 16th.
func TestConsistentWithChildren(t *testing.T) {
	names := []string{"Rve", "Lvt", "Evcr"}
	stride := 8 // for the three-piece materials
	if longtest.Enabled() {
		names, stride = []string{"Rve", "Evr", "Lvt", "Tvd", "Cvr", "Evcr", "LTve", "Dvwr"}, 1
	}
	var ms []endgame.Material
	for _, s := range names {
		ms = append(ms, mustMaterial(t, s))
	}
	if longtest.Enabled() {
		ms = append(ms, endgame.AllMaterials(2)...)
	}
	ts := generate(t, dsq.Standard, ms...)
	rng := rand.New(rand.NewPCG(14, 1))
	for _, m := range ms {
		every := 1
		if m.Count() > 2 {
			every = stride
		}
		if raceBuild {
			every = 16
		}
		n := 0
		placements(t, m, dsq.Standard, func(pos dsq.Position) {
			n++
			if n%every != 0 {
				return
			}
			checkChildren(t, ts, pos)
			if rng.IntN(8) == 0 {
				checkChildren(t, ts, withCount(t, pos, dsq.DrawHalfMoves-1-rng.IntN(6)))
			}
		})
		require.Greater(t, n, 4000, m)
	}
}

// transform returns pos with every piece moved by f (and its colour
// swapped if swap), the side to move swapped too if swap.
func transform(t *testing.T, pos dsq.Position, f func(sq dsq.Square) dsq.Square, swap bool) dsq.Position {
	s := pos.Setup()
	var board [dsq.NumSquares]dsq.Piece
	for sq, pc := range s.Board {
		if pc == dsq.NoPiece {
			continue
		}
		if swap {
			pc = dsq.NewPiece(pc.Color().Other(), pc.Animal())
		}
		board[f(dsq.Square(sq))] = pc
	}
	s.Board = board
	if swap {
		s.SideToMove = s.SideToMove.Other()
	}
	p, err := dsq.NewPosition(s)
	if err != nil { // t.Helper only on a failure: this runs per position
		t.Helper()
		require.NoError(t, err)
	}
	return p
}

// TestSymmetries: the board looks the same in a mirror (file a <-> g), and
// turned upside down with the colours swapped; the tables, solved with no
// knowledge of either, must give every position the value of its images.
// Every position of a two-piece material and every 8th of a three-piece one
// under the standard rules and a house rule set; in the deep checks every
// position of three materials and their flips.
func TestSymmetries(t *testing.T) {
	mirror := func(sq dsq.Square) dsq.Square { return dsq.SquareAt(6-sq.File(), sq.Rank()) }
	flip := func(sq dsq.Square) dsq.Square { return dsq.SquareAt(sq.File(), 8-sq.Rank()) }
	allRules := []dsq.Rules{dsq.Standard, {TrappedCapture: true, SwapDogWolf: true, MoveLimit: 30}}
	names, stride := []string{"Rvl", "Evcr"}, 8
	if longtest.Enabled() {
		names, stride = []string{"Evcr", "LTvr", "Rvl"}, 1
	}
	for i, rules := range allRules {
		names := names
		if i > 0 && !longtest.Enabled() {
			names = []string{"Rvl", "Dvw"}
		}
		var ms []endgame.Material
		for _, s := range names {
			m := mustMaterial(t, s)
			ms = append(ms, m, m.Flip())
		}
		ts := generate(t, rules, ms...)
		for _, m := range ms {
			every, n := 1, 0
			if m.Count() > 2 {
				every = stride
			}
			placements(t, m, rules, func(pos dsq.Position) {
				if n++; n%every != 0 {
					return
				}
				v, ok := ts.Probe(pos)
				if !ok {
					t.Fatalf("%v: no table for %v", rules, pos)
				}
				for name, img := range map[string]dsq.Position{
					"mirror": transform(t, pos, mirror, false),
					"flip":   transform(t, pos, flip, true),
				} {
					w, ok := ts.Probe(img)
					if !ok {
						t.Fatalf("%v: no table for the %s image %v of %v", rules, name, img, pos)
					}
					if v != w {
						t.Fatalf("%v: Probe(%v) = %v, its %s image %v has %v", rules, pos, v, name, img, w)
					}
				}
			})
		}
	}
}

// solveOnly solves m into ts, whose tables must already hold every material
// m's captures lead to, and returns the allocations it made.
func solveOnly(t testing.TB, ts *endgame.Tables, m endgame.Material) uint64 {
	t.Helper()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	require.NoError(t, ts.Generate([]endgame.Material{m}, endgame.Options{}))
	runtime.ReadMemStats(&after)
	return after.Mallocs - before.Mallocs
}

// TestSolveAllocations: solving allocates per table and per round, not per
// position (Evcr has 277,536 undecided positions).
func TestSolveAllocations(t *testing.T) {
	m := mustMaterial(t, "Evcr")
	ts := generate(t, dsq.Standard, endgame.Closure(m)[:len(endgame.Closure(m))-1]...)
	allocs := solveOnly(t, ts, m)
	require.Less(t, allocs, uint64(20000), "allocations solving %v", m)
}
