package endgame_test

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/endgame"
	"github.com/stretchr/testify/require"
)

// generate returns the tables of ms (and what they need) under rules.
func generate(t testing.TB, rules dsq.Rules, ms ...endgame.Material) *endgame.Tables {
	t.Helper()
	ts, err := endgame.NewTables(rules)
	require.NoError(t, err)
	require.NoError(t, ts.Generate(ms, endgame.Options{}))
	return ts
}

// placements calls f with every position of material m with both sides to
// move (the no-capture count 0) that the library accepts and in which no
// piece stands in a den.
func placements(t testing.TB, m endgame.Material, rules dsq.Rules, f func(pos dsq.Position)) {
	t.Helper()
	pieces := m.Pieces()
	var s dsq.Setup
	s.MoveNumber, s.Rules = 1, rules
	var place func(k int)
	place = func(k int) {
		if k == len(pieces) {
			for _, side := range []dsq.Color{dsq.Red, dsq.Blue} {
				s.SideToMove = side
				if pos, err := dsq.NewPosition(s); err == nil && pos.Outcome().Reason != dsq.DenEntered {
					f(pos)
				}
			}
			return
		}
		for sq := dsq.Square(0); sq < dsq.NumSquares; sq++ {
			if s.Board[sq] != dsq.NoPiece || dsq.Dens.Has(sq) {
				continue
			}
			s.Board[sq] = pieces[k]
			place(k + 1)
			s.Board[sq] = dsq.NoPiece
		}
	}
	place(0)
}

// randomPosition returns a random position of m with no piece in a den.
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
		if pos, err := dsq.NewPosition(s); err == nil {
			return pos
		}
	}
}

func withCount(t testing.TB, pos dsq.Position, c int) dsq.Position {
	t.Helper()
	s := pos.Setup()
	s.NoCaptureHalfMoves = c
	p, err := dsq.NewPosition(s)
	require.NoError(t, err)
	return p
}

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

// TestSlowSolverTwoPieces: every position of every two-piece material, at
// every no-capture count, under the standard rules.
func TestSlowSolverTwoPieces(t *testing.T) {
	ms := endgame.AllMaterials(2)
	if testing.Short() {
		ms = []endgame.Material{mustMaterial(t, "Rve"), mustMaterial(t, "Evr"), mustMaterial(t, "Lvt"), mustMaterial(t, "Cvd"), mustMaterial(t, "Rvr"), mustMaterial(t, "Tvt")}
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
// shorter limit among them.
func TestSlowSolverHouseRules(t *testing.T) {
	for _, rules := range []dsq.Rules{
		{TrappedCapture: true},
		{SwapDogWolf: true, MoveLimit: 20},
		{TrappedCapture: true, SwapDogWolf: true, MoveLimit: 9},
	} {
		ms := []endgame.Material{mustMaterial(t, "Dvw"), mustMaterial(t, "Wvd"), mustMaterial(t, "Rve"), mustMaterial(t, "Cvt"), mustMaterial(t, "Tvr")}
		ts := generate(t, rules, ms...)
		for _, m := range ms {
			sv := newSlowSolver(toSlowRules(rules))
			placements(t, m, rules, func(pos dsq.Position) { agree(t, ts, sv, pos, 0) })
		}
	}
}

// TestSlowSolverThreePieces: a sample of three-piece positions, at every
// count, under a limit short enough for the slow solver (its captures lead
// into two-piece positions, solved in full by the slow solver too).
func TestSlowSolverThreePieces(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 3))
	samples := 300
	if testing.Short() {
		samples = 60
	}
	for _, tc := range []struct {
		rules dsq.Rules
		mats  []string
	}{
		{dsq.Rules{MoveLimit: 8}, []string{"Evcr", "RCve", "LTve", "Evtr", "Pvlr"}},
		{dsq.Rules{MoveLimit: 6, TrappedCapture: true, SwapDogWolf: true}, []string{"DWvr", "Evwd"}},
	} {
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

func mustMaterial(t testing.TB, s string) endgame.Material {
	t.Helper()
	m, err := endgame.ParseMaterial(s)
	require.NoError(t, err)
	return m
}
