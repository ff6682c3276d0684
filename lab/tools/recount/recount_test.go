// Package recount checks the match records archived in lab/match: it recounts
// from them the figures that the records' READMEs and docs/ quote, and checks
// the opening files the matches read.
package recount

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	dsq "github.com/doushouqi/doushouqi"
)

// TestResultsDrawFigures recounts, from the records that results/d10 and
// d13 saved (v41b, and v49 with Contempt 200, against the baseline at 100 ms
// per move, standard rules) and d14 and d15 (v41b and v50 at 27,000 nodes
// against the baseline at 60,000), the figures the READMEs give of their draws:
// how many, how many without a single capture, and at their end the pieces
// even, the engine ahead, the engine behind.
func TestResultsDrawFigures(t *testing.T) {
	for _, tc := range []struct {
		file, engine string
		games        int
		want         []int // draws, without a capture, even, ahead, behind
	}{
		{"../../match/results/d10-records.txt", "v41b", 200, []int{67, 34, 45, 20, 2}},
		{"../../match/results/d13-records.txt", "v49-c200", 200, []int{60, 19, 35, 18, 7}},
		{"../../match/results/d14-records.txt", "v41b", 300, []int{61, 18, 41, 13, 7}},
		{"../../match/results/d15-records.txt", "v50", 300, []int{61, 21, 42, 14, 5}},
	} {
		data, err := os.ReadFile(tc.file)
		require.NoError(t, err)
		records := splitRecords(string(data))
		require.Len(t, records, tc.games)
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
			if red, _ := g.Tag("Red"); red == tc.engine {
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
		assert.Equal(t, tc.want, []int{draws, noCapture, even, ahead, behind}, tc.file)
	}
}

// splitRecords cuts the text of the match tool's -records into its records:
// each begins with its tags, after the blank line that ends the one before.
func splitRecords(text string) []string {
	var records []string
	for _, part := range strings.Split(text, "\n\n[") {
		if !strings.HasPrefix(part, "[") {
			part = "[" + part
		}
		records = append(records, part)
	}
	return records
}

// TestOpenings3000 checks the opening file most results name: 3000
// positions, each a legal position in notation, none twice.
func TestOpenings3000(t *testing.T) {
	for file, n := range map[string]int{"../../match/openings-3000.txt": 3000, "../../match/openings-unbalanced.txt": 1000} {
		data, err := os.ReadFile(file)
		require.NoError(t, err)
		seen := map[string]bool{}
		for _, line := range strings.Split(string(data), "\n") {
			line = strings.TrimSpace(line)
			if line == "" || strings.HasPrefix(line, "#") {
				continue
			}
			pos, err := dsq.ParsePosition(line)
			require.NoError(t, err, line)
			assert.False(t, seen[pos.String()], "duplicate opening %v", pos)
			seen[pos.String()] = true
		}
		assert.Len(t, seen, n, file)
	}
}
