package doushouqi_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	dsq "github.com/doushouqi/doushouqi"
)

// moveTexts writes moves in their notation, in order.
func moveTexts(moves []dsq.Move) []string {
	out := []string{}
	for _, m := range moves {
		out = append(out, m.String())
	}
	return out
}

func TestParseMove(t *testing.T) {
	for _, s := range []string{"a1a2", "b3b7", "g9g8", "a4d4"} {
		m, err := dsq.ParseMove(s)
		require.NoError(t, err, "ParseMove(%q)", s)
		assert.Equal(t, s, m.String())
		text, err := m.MarshalText()
		require.NoError(t, err)
		assert.Equal(t, s, string(text))
	}
	bad := map[string]error{
		"":        dsq.ErrSyntax,
		"a1":      dsq.ErrSyntax,
		"a1a2a3":  dsq.ErrSyntax,
		"a1a1":    dsq.ErrSyntax,
		"h1a1":    dsq.ErrSquare,
		"a0a1":    dsq.ErrSquare,
		"a1a10":   dsq.ErrSyntax,
		"A1A2":    dsq.ErrSquare,
		"a1-a2":   dsq.ErrSyntax,
		"\xffaaa": dsq.ErrSquare,
	}
	for s, want := range bad {
		m, err := dsq.ParseMove(s)
		assert.ErrorIs(t, err, want, "ParseMove(%q) = %v, %v", s, m, err)
		assert.Equal(t, dsq.NoMove, m)
	}
}

func mustMove(t *testing.T, s string) dsq.Move {
	m, err := dsq.ParseMove(s)
	if err != nil { // t.Helper only on failure: this runs in hot loops
		t.Helper()
		require.NoError(t, err)
	}
	return m
}
