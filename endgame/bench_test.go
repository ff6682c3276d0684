package endgame_test

import (
	"flag"
	"math/rand/v2"
	"testing"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/endgame"
	"github.com/stretchr/testify/require"
)

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

// egtbDir names a directory of table files for the file benchmarks, such as
// the three-piece sets written by `go -C cmd run ./egtb -dir /tmp/egtb3`;
// without it they write Evcr and its children into a temporary directory.
var egtbDir = flag.String("egtb.dir", "", "directory of table files for BenchmarkOpen and BenchmarkProbeFile")

// benchDir returns the directory of table files to benchmark with.
func benchDir(b *testing.B) string {
	b.Helper()
	if *egtbDir != "" {
		return *egtbDir
	}
	dir := b.TempDir()
	ts := generate(b, dsq.Standard, mustMaterial(b, "Evcr"))
	for _, m := range ts.Materials() {
		require.NoError(b, ts.Table(m).WriteFile(dir))
	}
	return dir
}

// fileBackings are the ways of reading table files the benchmarks compare:
// into the heap (as before mapping: one read and the checksum), and mapped
// with the entries' checksum read through a buffer (the default), computed
// over the mapping, or not checked.
var fileBackings = []struct {
	name   string
	mapped bool
	check  int
}{
	{"heap", false, endgame.CheckRead},
	{"mmap", true, endgame.CheckRead},
	{"mmap-crc-over-mapping", true, endgame.CheckMapping},
	{"mmap-no-crc", true, endgame.CheckNone},
}

// BenchmarkOpen opens every table of the directory and closes them again,
// the files in the page cache after the first time; it reports the MiB
// opened and the process's CPU time per operation (all its threads: the
// garbage collector's work on a heap copy counts).
func BenchmarkOpen(b *testing.B) {
	dir := benchDir(b)
	for _, fb := range fileBackings {
		b.Run(fb.name, func(b *testing.B) {
			defer endgame.SetMapFiles(fb.mapped)()
			defer endgame.SetEntryCheck(fb.check)()
			var bytes int
			cpu := endgame.CPUTime()
			for b.Loop() {
				ts, err := endgame.Open(dir, dsq.Standard)
				require.NoError(b, err)
				bytes = 0
				for _, m := range ts.Materials() {
					bytes += ts.Table(m).Bytes()
				}
				require.NoError(b, ts.Close())
			}
			b.ReportMetric(float64(endgame.CPUTime()-cpu)/float64(b.N), "cpu-ns/op")
			b.ReportMetric(float64(bytes)/(1<<20), "MiB")
		})
	}
}

// BenchmarkProbeFile probes 4,096 random positions spread over the
// materials of the directory, in turn, with the tables in the heap or
// mapped (the pages in memory after the first pass).
func BenchmarkProbeFile(b *testing.B) {
	dir := benchDir(b)
	for _, fb := range fileBackings[:2] {
		b.Run(fb.name, func(b *testing.B) {
			defer endgame.SetMapFiles(fb.mapped)()
			ts, err := endgame.Open(dir, dsq.Standard)
			require.NoError(b, err)
			defer ts.Close()
			rng := rand.New(rand.NewPCG(1, 2))
			mats := ts.Materials()
			var positions []dsq.Position
			for len(positions) < 4096 {
				pos := randomPosition(rng, mats[rng.IntN(len(mats))], dsq.Standard)
				if _, ok := ts.Probe(pos); ok {
					positions = append(positions, pos)
				}
			}
			b.ReportAllocs()
			i := 0
			cpu := endgame.CPUTime()
			for b.Loop() {
				if _, ok := ts.Probe(positions[i%len(positions)]); !ok {
					b.Fatal("no value")
				}
				i++
			}
			b.ReportMetric(float64(endgame.CPUTime()-cpu)/float64(b.N), "cpu-ns/op")
		})
	}
}
