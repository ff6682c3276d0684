package endgame_test

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/endgame"
)

// TestTableProbeAnswersOnlyForItsMaterial: a table probes positions of its
// material at any count, and answers false for another material.
func TestTableProbeAnswersOnlyForItsMaterial(t *testing.T) {
	ts := generate(t, dsq.Standard, mustMaterial(t, "Rvr"))
	pos, err := dsq.ParsePosition("7/7/7/7/3r3/7/7/7/R6 r 0 1")
	require.NoError(t, err)
	_, ok := ts.Table(mustMaterial(t, "Rvr")).Probe(withCount(t, pos, 3))
	require.True(t, ok)
	other, _ := dsq.ParsePosition("7/7/7/7/3c3/7/7/7/R6 r 0 1")
	_, ok = ts.Table(mustMaterial(t, "Rvr")).Probe(other)
	require.False(t, ok, "a position of another material")
}

// TestZeroTableHoldsNothing: the zero Table and a nil *Table answer no
// probe, count nothing and refuse to be written.
func TestZeroTableHoldsNothing(t *testing.T) {
	pos, err := dsq.ParsePosition("7/7/7/7/r5E/7/7/7/7 r 0 1")
	require.NoError(t, err)
	var zero endgame.Table
	var null *endgame.Table
	for name, table := range map[string]*endgame.Table{"zero": &zero, "nil": null} {
		_, ok := table.Probe(pos)
		assert.False(t, ok, name)
		assert.Zero(t, table.Len(), name)
		assert.Zero(t, table.Bytes(), name)
		assert.Error(t, table.WriteFile(t.TempDir()), "%s: the zero Table writes no file", name)
		_, err := table.WriteTo(new(bytes.Buffer))
		assert.Error(t, err, name)
		assert.NoError(t, table.Close(), name)
		assert.Equal(t, endgame.Stats{LongestWin: [2]int{-1, -1}}, table.Stats(), name)
	}
	assert.Equal(t, endgame.Material{}, null.Material())
	assert.Equal(t, dsq.Standard, null.Rules())
}
