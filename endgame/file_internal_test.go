package endgame

import (
	"path/filepath"
	"testing"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/stretchr/testify/require"
)

// BenchmarkEntries reads every entry of the Evcr table in index order, read
// into the heap or mapped (its pages in memory after the first pass): the
// cost of the backing alone, without the position work of a probe.
func BenchmarkEntries(b *testing.B) {
	m, err := ParseMaterial("Evcr")
	require.NoError(b, err)
	ts, err := NewTables(dsq.Standard)
	require.NoError(b, err)
	require.NoError(b, ts.Generate([]Material{m}, Options{}))
	dir := b.TempDir()
	require.NoError(b, ts.Table(m).WriteFile(dir))
	for _, mapped := range []bool{false, true} {
		name := "heap"
		if mapped {
			name = "mmap"
		}
		b.Run(name, func(b *testing.B) {
			old := mapFiles
			mapFiles = mapped
			defer func() { mapFiles = old }()
			t, err := ReadFile(filepath.Join(dir, FileName(m)))
			require.NoError(b, err)
			defer t.Close()
			n := t.Len()
			sum := 0
			cpu := cpuTime()
			for b.Loop() {
				for i := range n {
					sum += int(t.code(i))
				}
			}
			require.Positive(b, sum)
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/entry")
			b.ReportMetric(float64(cpuTime()-cpu)/float64(b.N)/float64(n), "cpu-ns/entry")
		})
	}
}
