package search

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	dsq "github.com/doushouqi/doushouqi"
)

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
