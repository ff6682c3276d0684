package doushouqi_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/internal/longtest"
)

// TestPerftHugeTableIsClamped asks for a 4 TiB perft table: the table is
// clamped to MaxPerftHashMiB (address space of which perft touches
// little) and counts as Perft does.
func TestPerftHugeTableIsClamped(t *testing.T) {
	longtest.Skip(t)
	start := dsq.StartPosition()
	want := dsq.Perft(start, 3)
	table := dsq.NewPerftTable(1 << 22)
	assert.NotNil(t, table)
	assert.Equal(t, want, dsq.PerftConfig{Table: table}.Perft(start, 3))
	assert.Equal(t, want, dsq.PerftConfig{HashMiB: 1 << 22}.Perft(start, 3))
}
