package baseline

import (
	"context"
	"testing"

	dsq "github.com/doushouqi/doushouqi"
)

// BenchmarkSearch is search.BenchmarkSearch for the frozen engine: the same
// two positions, to depth 8, for a nodes/s figure on the same machine.
func BenchmarkSearch(b *testing.B) {
	mid, err := dsq.ParsePosition("l6/1d3ct/r1p1w1e/7/7/7/E2WP1R/1C3D1/T5L b 7 4")
	if err != nil {
		b.Fatal(err)
	}
	positions := []dsq.Position{dsq.StartPosition(), mid}
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

// TestSearchFindsDenEntry: the frozen engine still plays.
func TestSearchFindsDenEntry(t *testing.T) {
	pos, err := dsq.ParsePosition("l6/3D3/7/7/7/7/7/7/6L r")
	if err != nil {
		t.Fatal(err)
	}
	r, err := NewEngine(1).Search(context.Background(), pos, Options{Depth: 3})
	if err != nil || r.Move.String() != "d8d9" {
		t.Fatalf("Search = %v, %v; want d8d9", r.Move, err)
	}
	r, err = NewEngine(1).Search(context.Background(), dsq.StartPosition(), Options{Depth: 20, Nodes: 5000})
	if err != nil || r.Nodes > 5000 || r.Depth < 2 {
		t.Fatalf("Search with 5000 nodes = %+v, %v", r, err)
	}
}
