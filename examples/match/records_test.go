package main

import (
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	dsq "github.com/doushouqi/doushouqi"
)

// TestResultsD10Draws recounts, from the records that results/d10 saved
// (v41b against the baseline at 100 ms per move, standard rules), the
// figures the READMEs give of its draws: 67 draws, 34 of them without a
// single capture, and at their end the pieces even in 45, v41b ahead in 20
// and behind in 2.
func TestResultsD10Draws(t *testing.T) {
	data, err := os.ReadFile("results/d10-records.txt")
	require.NoError(t, err)
	records := splitRecords(string(data))
	require.Len(t, records, 200)
	var draws, noCapture, even, ahead, behind int
	for _, text := range records {
		g, err := dsq.ParseRecord(text)
		require.NoError(t, err)
		if !g.Outcome().IsDraw() {
			continue
		}
		draws++
		captured := false
		for i := 1; i <= len(g.Moves()); i++ {
			pos, _ := g.PositionAfter(i)
			captured = captured || pos.NoCaptureHalfMoves() == 0
		}
		if !captured {
			noCapture++
		}
		us := dsq.Blue
		if red, _ := g.Tag("Red"); red == "v41b" {
			us = dsq.Red
		}
		end := g.Position()
		switch ours, theirs := end.Occupied(us).Count(), end.Occupied(us.Other()).Count(); {
		case ours > theirs:
			ahead++
		case ours < theirs:
			behind++
		default:
			even++
		}
	}
	assert.Equal(t, []int{67, 34, 45, 20, 2}, []int{draws, noCapture, even, ahead, behind})
}
