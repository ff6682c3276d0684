package doushouqi_test

import (
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"

	dsq "github.com/doushouqi/doushouqi"
)

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
