package doushouqi_test

import (
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	dsq "github.com/doushouqi/doushouqi"
)

// TestConcurrentReaders reads one Position from many goroutines while each
// plays games on its own copies; under -race any hidden write would show.
func TestConcurrentReaders(t *testing.T) {
	shared, err := dsq.ParsePosition("l4t1/1d2wc1/2p1e2/r6/E6/7/4P2/CW2D2/1T2R1L r 30 16")
	require.NoError(t, err)
	snapshot := shared
	wantMoves := shared.LegalMoves()
	wantText := shared.String()
	wantPerft := dsq.Perft(shared, 3)

	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(g), 99))
			for range 50 {
				assert.Equal(t, wantMoves, shared.LegalMoves())
				assert.Equal(t, wantText, shared.String())
				assert.Equal(t, wantPerft, dsq.Perft(shared, 3))
				assert.False(t, shared.Outcome().IsDecided())
				for sq := range dsq.Square(dsq.NumSquares) {
					_ = shared.LegalTargets(sq)
				}
				own := shared // a copy of its own to play on
				for ply := 0; ply < 40; ply++ {
					moves := own.LegalMoves()
					if len(moves) == 0 {
						break
					}
					m := moves[rng.IntN(len(moves))]
					if !assert.NoError(t, own.Play(m)) {
						return
					}
					_ = own.Play(dsq.NewMove(dsq.Square(rng.IntN(63)), dsq.Square(rng.IntN(63))))
				}
			}
		}()
	}
	wg.Wait()
	assert.Equal(t, snapshot, shared, "readers changed nothing")
}

// TestConcurrentPerftTable shares one table between goroutines and calls.
func TestConcurrentPerftTable(t *testing.T) {
	table := dsq.NewPerftTable(1)
	start := dsq.StartPosition()
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			cfg := dsq.PerftConfig{Threads: 2, Table: table}
			assert.Equal(t, uint64(260099), cfg.Perft(start, 4))
		}()
	}
	wg.Wait()
}
