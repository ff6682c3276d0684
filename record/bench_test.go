package record_test

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/record"
)

// manyTags is a record of n tags and no moves.
func manyTags(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "[T%d \"value\"]\n", i)
	}
	b.WriteString("\n*\n")
	return b.String()
}

// manyPlies is a capture-free record of n half-moves under no move limit.
func manyPlies(n int) string {
	var b strings.Builder
	b.WriteString("[Rules \"no-move-limit\"]\n\n")
	seq := []string{"a3a4", "a7a6", "a4a3", "a6a7"}
	for i := range n {
		if i%2 == 0 {
			fmt.Fprintf(&b, "%d. ", i/2+1)
		}
		b.WriteString(seq[i%4] + " ")
	}
	b.WriteString("*\n")
	return b.String()
}

// liveBytes returns the heap that the value f returns holds, after a
// collection: what reading the record keeps.
func liveBytes(f func() any) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	v := f()
	runtime.GC()
	runtime.ReadMemStats(&after)
	runtime.KeepAlive(v)
	return after.HeapAlloc - min(after.HeapAlloc, before.HeapAlloc)
}

// BenchmarkReadLargeRecord reads a record of 100,000 tags (1.6 MB) and one
// of 100,000 half-moves (0.9 MB) with each reader, and reports the bytes
// allocated and the bytes kept per byte of input (alloc-B/in-B,
// live-B/in-B): both stay a small multiple of the input, whatever its
// length.
func BenchmarkReadLargeRecord(b *testing.B) {
	inputs := []struct {
		name, text string
	}{
		{"tags", manyTags(100_000)},
		{"plies", manyPlies(100_000)},
	}
	readers := []struct {
		name string
		read func(string) (any, error)
	}{
		{"record.Parse", func(s string) (any, error) { return record.Parse(s) }},
		{"record.Reader", func(s string) (any, error) { return record.NewReader(strings.NewReader(s)).Read() }},
		{"dsq.ParseRecord", func(s string) (any, error) { return dsq.ParseRecord(s) }},
	}
	for _, in := range inputs {
		for _, rd := range readers {
			b.Run(in.name+"/"+rd.name, func(b *testing.B) {
				b.ReportAllocs()
				live := liveBytes(func() any {
					v, err := rd.read(in.text)
					if err != nil {
						b.Fatal(err)
					}
					return v
				})
				var ms0, ms1 runtime.MemStats
				runtime.ReadMemStats(&ms0)
				for b.Loop() {
					if _, err := rd.read(in.text); err != nil {
						b.Fatal(err)
					}
				}
				runtime.ReadMemStats(&ms1)
				size := float64(len(in.text))
				b.ReportMetric(float64(ms1.TotalAlloc-ms0.TotalAlloc)/float64(b.N)/size, "alloc-B/in-B")
				b.ReportMetric(float64(live)/size, "live-B/in-B")
			})
		}
	}
}

// BenchmarkReadHeader reads the tags of 1,000 annotated games of 100
// half-moves, skipping their moves, against reading the games.
func BenchmarkReadHeader(b *testing.B) {
	b.Run("ReadHeader", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			r := record.NewReader(&gameStream{n: 1000})
			for {
				if _, err := r.ReadHeader(); err != nil {
					break
				}
			}
		}
	})
	b.Run("Read", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			r := record.NewReader(&gameStream{n: 1000})
			for {
				if _, err := r.Read(); err != nil {
					break
				}
			}
		}
	})
}
