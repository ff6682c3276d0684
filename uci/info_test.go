package uci

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	dsq "github.com/doushouqi/doushouqi"
)

func TestParseInfoReadsTheFieldsOfALine(t *testing.T) {
	a3a4, b7b6 := dsq.NewMove(dsq.A3, dsq.A4), dsq.NewMove(dsq.B7, dsq.B6)
	for _, c := range []struct {
		in   string
		want Info
	}{
		{"depth 7 seldepth 12 multipv 1 score cp 35 nodes 123456 nps 900000 time 137 pv a3a4 b7b6",
			Info{Depth: 7, SelDepth: 12, MultiPV: 1, HasScore: true, Score: Score{Value: 35}, Nodes: 123456, NPS: 900000, Time: 137 * time.Millisecond, PV: []dsq.Move{a3a4, b7b6}}},
		{"depth 3 score mate -2 pv a3a4", Info{Depth: 3, HasScore: true, Score: Score{Mate: true, Value: -2}, PV: []dsq.Move{a3a4}}},
		{"score cp 10 lowerbound depth 4", Info{Depth: 4, HasScore: true, Score: Score{Value: 10, Lower: true}}},
		{"score cp -10 upperbound", Info{HasScore: true, Score: Score{Value: -10, Upper: true}}},
		{"string endgame tables: blue wins in 17", Info{Text: "endgame tables: blue wins in 17"}},
		{"depth 2 string error: position: bad", Info{Depth: 2, Text: "error: position: bad"}},
		{"currmove a3a4 currmovenumber 3 hashfull 200 depth 9", Info{Depth: 9}},
		{"depth 5 wdl 500 400 100 score cp 1", Info{Depth: 5, HasScore: true, Score: Score{Value: 1}}},
		{"depth 5 currline a3a4 b7b6", Info{Depth: 5}},
		{"", Info{}},
	} {
		got, err := parseInfo(c.in)
		require.NoError(t, err, c.in)
		assert.Equal(t, c.want, got, "parseInfo(%q)", c.in)
	}
}

func TestParseInfoRefusesWhatIsNotTheProtocol(t *testing.T) {
	for _, in := range []string{
		"depth",
		"depth -1",
		"depth x",
		"nodes 1e6",
		"time 3.5",
		"score",
		"score cp",
		"score cp x",
		"score cp 99999999999",
		"score pawns 3",
		"pv a3a4 hello",
		"pv a3a3",
	} {
		_, err := parseInfo(in)
		assert.ErrorIs(t, err, ErrProtocol, "parseInfo(%q)", in)
	}
}

func TestScoreString(t *testing.T) {
	for _, c := range []struct {
		in   Score
		want string
	}{
		{Score{Value: 35}, "cp 35"},
		{Score{Mate: true, Value: -3}, "mate -3"},
		{Score{Value: 12, Lower: true}, "cp 12 lowerbound"},
		{Score{Mate: true, Value: 2, Upper: true}, "mate 2 upperbound"},
	} {
		assert.Equal(t, c.want, c.in.String())
	}
}

// TestInfoStringWritesTheLine: an Info prints as the engine's info line,
// fields in the protocol's words and the PV last, the text as "info string"
// (on a line of its own after a PV), and an Info read from a line writes a
// line that reads back as the same Info.
func TestInfoStringWritesTheLine(t *testing.T) {
	a3a4, b7b6 := dsq.NewMove(dsq.A3, dsq.A4), dsq.NewMove(dsq.B7, dsq.B6)
	for _, c := range []struct {
		in   Info
		want string
	}{
		{Info{}, "info"},
		{Info{Depth: 7, SelDepth: 12, MultiPV: 1, HasScore: true, Score: Score{Value: 35}, Nodes: 1200, NPS: 90000, Time: 13 * time.Millisecond, PV: []dsq.Move{a3a4, b7b6}},
			"info depth 7 seldepth 12 multipv 1 score cp 35 nodes 1200 nps 90000 time 13 pv a3a4 b7b6"},
		{Info{HasScore: true, Score: Score{Mate: true, Value: -2, Upper: true}}, "info score mate -2 upperbound"},
		{Info{HasScore: true}, "info score cp 0"},
		{Info{Text: "endgame tables: blue wins in 17"}, "info string endgame tables: blue wins in 17"},
		{Info{Depth: 2, Text: "error: position: bad"}, "info depth 2 string error: position: bad"},
		{Info{Depth: 3, PV: []dsq.Move{a3a4}, Text: "book"}, "info depth 3 pv a3a4\ninfo string book"},
	} {
		assert.Equal(t, c.want, c.in.String())
		assert.Equal(t, c.want, fmt.Sprint(c.in), "an Info prints as its line")
		first, _, _ := strings.Cut(c.want, "\n")
		if first == c.want {
			back, err := parseInfo(strings.TrimPrefix(c.want, "info"))
			require.NoError(t, err, c.want)
			assert.Equal(t, c.in, back, c.want)
		}
	}
}

func TestParseInfoWantsTheInfoWord(t *testing.T) {
	got, err := ParseInfo("info depth 3 score cp 5")
	require.NoError(t, err)
	assert.Equal(t, Info{Depth: 3, HasScore: true, Score: Score{Value: 5}}, got)
	got, err = ParseInfo("  info string the text")
	require.NoError(t, err)
	assert.Equal(t, Info{Text: "the text"}, got)
	for _, line := range []string{"", "bestmove a3a4", "information depth 3", "depth 3"} {
		_, err := ParseInfo(line)
		assert.ErrorIs(t, err, ErrProtocol, "%q", line)
	}
}
