package record_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/record"
)

// FuzzParse: whatever Parse accepts, MarshalText writes and Parse reads
// back as the same tree, and dsq.ParseRecord reads the same input as the
// same main line.
func FuzzParse(f *testing.F) {
	f.Add("[Red \"a\"]\n\n{c} 1. a3a4!? {x} (1. g3g4 (1. b3b4) 1... g7g6?!) 1... a7a6 *\n")
	f.Add("[Result \"blue wins: resignation\"]\n[Rules \"threefold\"]\n\n1. a3a4 {a\nb} 0-1\n")
	f.Add("[Start \"7/7/3l3/7/7/7/3L3/7/7 b 0 4\"]\n[DrawOffer \"red\"]\n\n4... d7e7 (4... {why} d7c7!) 5. d3e3 *\n")
	f.Add("; a line comment\n[Event \"e\"]\n{among the tags}\n[Site \"s\"]\n\n1. a3a4 $5 ; why\n1... a7a6 $4 (1... g7g6 $1) *\n")
	f.Fuzz(func(t *testing.T, text string) {
		a, err := record.Parse(text)
		plain, plainErr := dsq.ParseRecord(text)
		if err != nil {
			return
		}
		require.NoError(t, plainErr, "dsq.ParseRecord refuses what record.Parse reads")
		main, err := a.Game()
		require.NoError(t, err)
		assert.Equal(t, plain.Record(), main.Record())

		out, err := a.MarshalText()
		require.NoError(t, err)
		back, err := record.Parse(string(out))
		require.NoError(t, err, "%s", out)
		again, err := back.MarshalText()
		require.NoError(t, err)
		assert.Equal(t, string(out), string(again))
	})
}
