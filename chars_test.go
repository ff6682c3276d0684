package doushouqi_test

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	dsq "github.com/doushouqi/doushouqi"
)

// TestErrorsCountCharacters: the parsers' messages count characters, not
// bytes, name the character at fault rather than its first byte, and quote
// input cut at a character boundary.
func TestErrorsCountCharacters(t *testing.T) {
	cases := []struct {
		call string
		err  error
		want error
		msg  string
	}{
		{"ParseSquare(\"\")", second(dsq.ParseSquare("")), dsq.ErrSquare, `doushouqi: ParseSquare: parsing "": invalid square: empty, want a file a..g then a rank 1..9, such as c7`},
		{"ParseSquare(ａ1)", second(dsq.ParseSquare("ａ1")), dsq.ErrSquare, `doushouqi: ParseSquare: parsing "ａ1": invalid square: "ａ1" is not a square: want a file a..g then a rank 1..9`},
		{"ParseSquare(c10)", second(dsq.ParseSquare("c10")), dsq.ErrSquare, `doushouqi: ParseSquare: parsing "c10": invalid square: want 2 characters, a file a..g then a rank 1..9, have 3`},
		{"ParseSquare(中文字)", second(dsq.ParseSquare("中文字")), dsq.ErrSquare, `doushouqi: ParseSquare: parsing "中文字": invalid square: want 2 characters, a file a..g then a rank 1..9, have 3`},
		{"ParseMove(\"\")", second(dsq.ParseMove("")), dsq.ErrSyntax, `doushouqi: ParseMove: parsing "": syntax error: empty move, want <from><to> such as a3a4`},
		{"ParseMove(ａ1a2)", second(dsq.ParseMove("ａ1a2")), dsq.ErrSquare, `doushouqi: ParseMove: parsing "ａ1a2": invalid square: "ａ1" is not a square: want a file a..g then a rank 1..9`},
		{"ParseMove(中文)", second(dsq.ParseMove("中文")), dsq.ErrSyntax, `doushouqi: ParseMove: parsing "中文": syntax error: want 4 characters, have 2`},
		{"ParsePosition(é)", second(dsq.ParsePosition("l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5é r 0 1")), dsq.ErrLetter, `doushouqi: ParsePosition: parsing "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5é r 0 1": unknown piece letter: 'é' on rank 1`},
		{"ParseRules(ü)", second(dsq.ParseRules("trapped-captüre")), dsq.ErrRules, `doushouqi: ParseRules: parsing "trapped-captüre": invalid rules: unknown option "trapped-captüre"`},
	}
	for _, c := range cases {
		require.Error(t, c.err, c.call)
		assert.ErrorIs(t, c.err, c.want, c.call)
		assert.Equal(t, c.msg, c.err.Error(), c.call)
	}

	g := dsq.NewGame()
	_, err := g.PlayText("")
	require.Error(t, err)
	assert.Equal(t, `doushouqi: move "": syntax error: empty move, want <from><to> such as a3a4`, err.Error(), "issue 27: not \"illegal move 0000\"")
	var me *dsq.MoveError
	require.True(t, errors.As(err, &me))
	assert.Equal(t, dsq.NoMove, me.Move)
	assert.Equal(t, "syntax error: empty move, want <from><to> such as a3a4", me.Reason())
	_, err = g.PlayText("ａ1a2")
	assert.NotContains(t, err.Error(), "have 6", "issue 27: characters, not bytes")
	assert.ErrorIs(t, err, dsq.ErrSquare)

	// Input quoted in an error is cut at a character boundary: a
	// three-byte character straddling byte 64 is dropped whole.
	long := strings.Repeat("a", 63) + "中" + strings.Repeat("b", 10)
	_, err = dsq.ParsePosition(long)
	var pe *dsq.ParseError
	require.True(t, errors.As(err, &pe))
	assert.Equal(t, strings.Repeat("a", 63), pe.Input)
	assert.True(t, utf8.ValidString(pe.Input))
	_, err = dsq.ParseRecord("[Event \"x\"]\n\n1. " + long + " *\n")
	var re *dsq.RecordError
	require.True(t, errors.As(err, &re))
	assert.True(t, utf8.ValidString(re.Move), "%q", re.Move)
	assert.True(t, utf8.ValidString(err.Error()))
}

// second returns the error of a two-result call.
func second[T any](_ T, err error) error { return err }
