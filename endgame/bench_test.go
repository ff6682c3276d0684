package endgame_test

import (
	"runtime"
	"testing"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/endgame"
	"github.com/stretchr/testify/require"
)

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

// TestProbeAllocations: probing allocates nothing.
func TestProbeAllocations(t *testing.T) {
	ts := generate(t, dsq.Standard, mustMaterial(t, "Evr"))
	pos, err := dsq.ParsePosition("7/7/7/7/r5E/7/7/7/7 r 0 1")
	require.NoError(t, err)
	allocs := testing.AllocsPerRun(100, func() {
		if _, ok := ts.Probe(pos); !ok {
			t.Fatal("no value")
		}
	})
	require.Zero(t, allocs)
}

// BenchmarkSolve solves one three-piece material, its two-piece children
// ready, and reports positions per second.
func BenchmarkSolve(b *testing.B) {
	m := mustMaterial(b, "Evcr")
	children := endgame.Closure(m)
	children = children[:len(children)-1]
	base := generate(b, dsq.Standard, children...)
	b.ReportAllocs()
	var positions int
	for b.Loop() {
		ts, _ := endgame.NewTables(dsq.Standard)
		for _, c := range children {
			_ = ts.Add(base.Table(c))
		}
		solveOnly(b, ts, m)
		positions += ts.Table(m).Len()
	}
	b.ReportMetric(float64(positions)/b.Elapsed().Seconds(), "positions/s")
}

// BenchmarkProbe probes one three-piece position.
func BenchmarkProbe(b *testing.B) {
	ts := generate(b, dsq.Standard, mustMaterial(b, "Evcr"))
	pos, err := dsq.ParsePosition("7/7/7/7/3c3/r6/3E3/7/7 r 0 1")
	require.NoError(b, err)
	b.ReportAllocs()
	for b.Loop() {
		if _, ok := ts.Probe(pos); !ok {
			b.Fatal("no value")
		}
	}
}
