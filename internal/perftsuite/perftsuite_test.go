package perftsuite

import (
	"strings"
	"testing"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestReadRoundTripsRender(t *testing.T) {
	text := "# header\n\nid a\n# a comment\npos 7/7/7/7/T6/6l/7/7/7 r 0 1\nrules trapped-capture\nperft 1 3\nperft 2 9\n"
	entries, err := Read(strings.NewReader(text), "f")
	require.NoError(t, err)
	require.Len(t, entries, 1)
	e := entries[0]
	assert.Equal(t, "a", e.ID)
	assert.Equal(t, "a comment", e.Comment)
	assert.Equal(t, dsq.Rules{TrappedCapture: true}, e.Rules)
	assert.Equal(t, []Count{{1, 3}, {2, 9}}, e.Counts)
	again, err := Read(strings.NewReader(Render("p.txt", entries)), "g")
	require.NoError(t, err)
	assert.Equal(t, entries, again)
}

func TestReadRefusesWhatItCannotRead(t *testing.T) {
	for text, want := range map[string]string{
		"pos 7/7/7/7/7/7/7/7/7 r 0 1\n": "f:1: \"pos",
		"id a\nrules sideways\n":        "f:2:",
		"id a\ndepth x\n":               "f:2:",
		"id a\nperft 1\n":               "f:2:",
		"id a\nnodes 7\n":               `unknown line "nodes 7"`,
	} {
		_, err := Read(strings.NewReader(text), "f")
		assert.ErrorContains(t, err, want, text)
	}
}

// TestCountAllCountsWithBothGenerators: the start position to depth 3, and
// a lone tiger beside the river, whose sideways jump both generators know.
func TestCountAllCountsWithBothGenerators(t *testing.T) {
	entries := []Entry{
		{ID: "start", Pos: dsq.StartNotation, Depth: 3},
		{ID: "tiger", Pos: "7/7/7/7/T6/6l/7/7/7 r 0 1", Depth: 1},
	}
	require.NoError(t, CountAll(entries))
	assert.Equal(t, []Count{{1, 24}, {2, 576}, {3, 12240}}, entries[0].Counts)
	assert.Equal(t, []Count{{1, 3}}, entries[1].Counts)
	_, _, err := Entry{ID: "bad", Pos: "x"}.Positions()
	assert.ErrorContains(t, err, "bad")
}
